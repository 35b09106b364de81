import styles from './product-row.module.css'

// Four cells: as many as the widest layout shows; narrower ones clip the rest like the real row.
const CELLS = 4

export function ProductRowSkeleton({ label }: { label: string }) {
  return (
    <div className={`${styles.viewport} ${styles.skeletonRow}`} aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className={styles.track}>
        {Array.from({ length: CELLS }, (_, index) => (
          <div key={index} className={styles.cell} aria-hidden="true" data-testid="row-skeleton">
            <div className={styles.skeleton}>
              <div className={`${styles.shimmer} ${styles.skeletonImage}`} />
              <div className={`${styles.shimmer} ${styles.skeletonLine}`} />
              <div className={`${styles.shimmer} ${styles.skeletonLine} ${styles.short}`} />
              <div className={`${styles.shimmer} ${styles.skeletonButton}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}
