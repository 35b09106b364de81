import type { ImageCarouselProps } from './image-carousel'
import styles from './image-carousel.module.css'
import { ProductImage } from './product-image'

/** Stands in while the carousel's code loads: the first picture, in the same place and size. */
export function ImageCarouselFallback({ images, name }: ImageCarouselProps) {
  return (
    <div className={styles.carousel}>
      <div className={styles.viewport}>
        <ProductImage src={images[0]} alt={name} size={512} className={styles.image} eager />
      </div>
    </div>
  )
}
