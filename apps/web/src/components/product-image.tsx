import { useState } from 'react'
import fallbackImage from './assets/default-product.svg'

interface ProductImageProps {
  /** The product's first picture; blank or missing shows the default. */
  src: string | undefined
  alt: string
  width: number
  height?: number
  className?: string
  /** Above the fold: load now rather than when scrolled near. */
  eager?: boolean
  /** What the page is about: load now, before anything else. */
  main?: boolean
}

/**
 * Every product picture of the shop: cards, suggestions, cart lines and product pages. A product without
 * a picture, or whose picture fails to load, shows the plain basket (the default image).
 */
export function ProductImage({
  src,
  alt,
  width,
  height = width,
  className,
  eager = false,
  main = false,
}: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const usable = src !== undefined && src.trim() !== '' && src !== failedSrc
  return (
    <img
      src={usable ? src : fallbackImage}
      alt={alt}
      width={width}
      height={height}
      loading={eager || main ? 'eager' : 'lazy'}
      decoding="async"
      fetchpriority={main ? 'high' : undefined}
      className={className}
      onError={() => {
        if (usable) setFailedSrc(src)
      }}
    />
  )
}
