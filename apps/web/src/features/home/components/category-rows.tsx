import { LoadError } from '../../../components/load-error'
import { useCategories, visibleCategories } from '../../catalog'
import { CategoryRow } from './category-row'
import { ProductRowSkeleton } from './product-row-skeleton'
import styles from './category-rows.module.css'

/** The home carousel shows a row of products per (level-1) category. */
export function CategoryRows() {
  const { data, isPending, refetch } = useCategories()
  if (isPending) return <ProductRowSkeleton label="Loading the aisles…" loading />
  // A failed refetch keeps the rows already shown.
  if (data === undefined) {
    return <LoadError onRetry={() => void refetch()}>We could not load the aisles.</LoadError>
  }
  return (
    <div className={styles.rows}>
      {visibleCategories(data).map((category, index) => (
        <CategoryRow key={category.categoryName} category={category.categoryName} index={index} />
      ))}
    </div>
  )
}
