import styles from './card-skeleton.module.css'

/**
 * A product card's place while it loads, the card's size exactly (see the stylesheet). `fill` is the
 * skeleton colour, with or without the shimmer (styles/skeleton.module.css).
 */
export function CardSkeleton({ fill, testId }: { fill: string | undefined; testId?: string }) {
  return (
    <div className={styles.card} aria-hidden="true" data-testid={testId}>
      <div className={`${fill} ${styles.image}`} />
      <div className={styles.body}>
        <div className={`${fill} ${styles.line}`} />
        <div className={`${fill} ${styles.line} ${styles.short}`} />
        <div className={`${fill} ${styles.button}`} />
      </div>
    </div>
  )
}
