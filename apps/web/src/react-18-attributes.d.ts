/**
 * Attributes React 18 does not know. It passes unknown attributes through as written, so they are
 * declared here with the spelling the HTML wants: `inert=""` makes `inert` present and `undefined` leaves
 * it out (a boolean would be dropped with a warning), and `fetchpriority` is lower case (React 18 warns
 * about `fetchPriority`, which only React 19 knows).
 */
import 'react'

declare module 'react' {
  // Merging with React's declaration needs its type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    inert?: '' | undefined
  }

  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    fetchpriority?: 'high' | 'low' | 'auto'
  }
}
