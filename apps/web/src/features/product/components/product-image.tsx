import { useState } from 'react'
import fallbackImage from '../../catalog/assets/default-product.svg'

interface ProductImageProps {
  src: string | undefined
  alt: string
  size: number
  className?: string
  eager?: boolean
}

/** A product picture, or a plain basket when the product has none or it fails to load (spec section 3). */
export function ProductImage({ src, alt, size, className, eager = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const usable = src !== undefined && src.trim() !== '' && src !== failedSrc
  return (
    <img
      src={usable ? src : fallbackImage}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      // The large picture is what the page is about, so the browser should fetch it before anything else.
      fetchpriority={eager ? 'high' : 'auto'}
      className={className}
      onError={() => {
        if (usable) setFailedSrc(src)
      }}
    />
  )
}
