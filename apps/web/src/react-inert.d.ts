/**
 * React 18 does not know the `inert` attribute. It passes unknown attributes through as written, so
 * `inert=""` makes it present and `undefined` leaves it out; a boolean would be dropped with a warning.
 */
import 'react'

declare module 'react' {
  // Merging with React's declaration needs its type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    inert?: '' | undefined
  }
}
