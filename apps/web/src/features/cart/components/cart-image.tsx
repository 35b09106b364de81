import { useState } from 'react'
import fallbackImage from '../../catalog/assets/default-product.svg'

interface CartImageProps {
  src: string | undefined
  alt: string
  size: number
  className?: string
}

/** A line's first picture, or the default basket when it has none or it fails to load (spec section 3). */
export function CartImage({ src, alt, size, className }: CartImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const usable = src !== undefined && src.trim() !== '' && src !== failedSrc
  return (
    <img
      src={usable ? src : fallbackImage}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={className}
      onError={() => {
        if (usable) setFailedSrc(src)
      }}
    />
  )
}
