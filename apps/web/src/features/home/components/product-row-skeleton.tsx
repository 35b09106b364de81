import skeleton from '../../../styles/skeleton.module.css'
import { CardSkeleton } from '../../catalog'
import styles from './product-row.module.css'

// Four cells: as many as the widest layout shows; narrower ones clip the rest like the real row.
const CELLS = 4

/**
 * The row's place before its products are there. It shimmers only while they are being fetched: a row
 * waiting for the shopper to scroll to it is still, because an animated background repaints on every
 * frame, and the home page has a row per aisle below the fold (and no end to the wait without JavaScript).
 */
export function ProductRowSkeleton({ label, loading }: { label: string; loading: boolean }) {
  const fill = loading ? `${skeleton.fill} ${skeleton.shimmer}` : skeleton.fill
  return (
    <div className={`${styles.viewport} ${styles.skeletonRow}`} aria-busy={loading}>
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className={styles.track}>
        {Array.from({ length: CELLS }, (_, index) => (
          <div key={index} className={styles.cell} aria-hidden="true" data-testid="row-skeleton">
            <CardSkeleton fill={fill} />
          </div>
        ))}
      </div>
    </div>
  )
}
