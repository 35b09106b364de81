import { useState } from 'react'
import fallbackImage from '../assets/shop-fallback.svg'

interface ShopImageProps {
  src: string | null
  className?: string
  /** The first rows of shops are above the fold on a desktop; the rest can wait. */
  eager?: boolean
}

/** The shop's picture, or a plain shop front when it has none or the picture fails to load (spec: shops). */
export function ShopImage({ src, className, eager = false }: ShopImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const usable = src !== null && src.trim() !== '' && src !== failedSrc
  return (
    <img
      src={usable ? src : fallbackImage}
      alt=""
      width={800}
      height={500}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      onError={() => {
        if (usable) setFailedSrc(src)
      }}
    />
  )
}
