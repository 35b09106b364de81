import card from './product-card.module.css'
import price from './price-block.module.css'
import styles from './card-skeleton.module.css'

/**
 * One line of placeholder text: a no-break space makes it a line of the font its element sets, as tall
 * as the card's text there, and the bar drawn over it takes no room.
 */
function Line({ fill, className }: { fill: string | undefined; className?: string }) {
  return (
    <span className={className ? `${styles.line} ${className}` : styles.line}>
      {'\u00a0'}
      <span className={`${fill} ${styles.bar}`} />
    </span>
  )
}

/**
 * A product card's place while it loads. It is laid out by the card's own rules (product-card.module.css,
 * price-block.module.css): the same border, 4:3 picture, padding and gaps, a line of each text's font and
 * size where the card has the shop, the price and the stock, the name's two lines and the button's
 * height. So it is as tall as the card it stands for at any width, and the cards take its place without
 * moving anything. `fill` is the skeleton colour, with or without the shimmer (styles/skeleton.module.css).
 */
export function CardSkeleton({ fill, testId }: { fill: string | undefined; testId?: string }) {
  return (
    <div className={`${card.card} ${styles.card}`} aria-hidden="true" data-testid={testId}>
      <div className={card.media}>
        <div className={`${fill} ${card.image}`} />
      </div>
      <div className={card.body}>
        <p className={card.shop}>
          <Line fill={fill} className={styles.shop} />
        </p>
        <p className={card.name}>
          <Line fill={fill} />
          <Line fill={fill} className={styles.short} />
        </p>
        <p className={price.price}>
          <span className={price.now}>
            <Line fill={fill} className={styles.price} />
          </span>
        </p>
        <p className={card.stock}>
          <Line fill={fill} className={styles.stock} />
        </p>
        <div className={`${fill} ${card.add} ${styles.button}`} />
      </div>
    </div>
  )
}
