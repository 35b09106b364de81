import { RotateCw } from 'lucide-react'
import { useCategories, visibleCategories } from '../../catalog/api/get-categories'
import { CategoryRow } from './category-row'
import { ProductRowSkeleton } from './product-row-skeleton'
import styles from './category-rows.module.css'

/** Spec section 2, listing details: the home carousel shows a row of products per (level-1) category. */
export function CategoryRows() {
  const { data, isPending, isError, refetch } = useCategories()
  if (isPending) return <ProductRowSkeleton label="Loading the aisles…" loading />
  if (isError) {
    return (
      <div className={styles.message} role="alert">
        <p>We could not load the aisles.</p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          <RotateCw aria-hidden="true" size={18} />
          Try again
        </button>
      </div>
    )
  }
  return (
    <div className={styles.rows}>
      {visibleCategories(data).map((category, index) => (
        <CategoryRow key={category.categoryName} category={category.categoryName} index={index} />
      ))}
    </div>
  )
}
