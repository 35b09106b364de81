import type { Category } from '@larder/shared'
import { ChevronRight } from 'lucide-react'
import { LoadError } from '../../components/load-error'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { useDocumentTitle } from '../../framework/page/document-title'
import skeleton from '../../styles/skeleton.module.css'
import { useCategories, visibleCategories } from './api/get-categories'
import styles from './category-list-page.module.css'
import { usePageSummary } from '../../framework/page/page-meta'

/** Links to one level and everything below it; blank names are skipped at every level. */
function Branch({
  categories,
  parents,
}: {
  categories: readonly Category[]
  parents: readonly [string, ...string[]]
}) {
  const visible = visibleCategories(categories)
  if (visible.length === 0) return null
  return (
    <ul className={parents.length === 1 ? styles.level2 : styles.level3}>
      {visible.map((category) => {
        const levels: [string, ...string[]] = [...parents, category.categoryName]
        return (
          <li key={category.categoryName}>
            <Link to={paths.productCategory.getHref(...levels)}>{category.categoryName}</Link>
            <Branch categories={category.subCategory} parents={levels} />
          </li>
        )
      })}
    </ul>
  )
}

function Skeleton() {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className={`${styles.card} ${styles.skeleton}`}>
          <span className={`${skeleton.shimmer} ${styles.skeletonTitle}`} />
          <span className={`${skeleton.shimmer} ${styles.skeletonLine}`} />
          <span className={`${skeleton.shimmer} ${styles.skeletonLine}`} />
          <span className={`${skeleton.shimmer} ${styles.skeletonLine}`} />
        </li>
      ))}
    </ul>
  )
}

/** The whole category tree from the API, as nested lists of links to the listing (route category-list). */
export function CategoryListPage() {
  useDocumentTitle('All categories')
  usePageSummary({
    description:
      'Every category of Larder: fresh produce, bakery, dairy, drinks and more from north-west London shops.',
  })
  const { data, isPending, refetch } = useCategories()
  const topLevel = data ? visibleCategories(data) : []

  return (
    <section className={styles.page} aria-labelledby="page-heading" aria-busy={isPending}>
      <header className={styles.header}>
        <h1 id="page-heading" className={styles.heading}>
          Categories
        </h1>
        <p className={styles.lead}>Every aisle of the Larder mall, from fresh produce to household basics.</p>
      </header>

      {isPending ? (
        <>
          <p className="visually-hidden" role="status">
            Loading categories…
          </p>
          <Skeleton />
        </>
      ) : data === undefined ? (
        <LoadError onRetry={() => void refetch()}>We couldn’t load the categories just now.</LoadError>
      ) : topLevel.length === 0 ? (
        <p className={styles.empty}>
          No categories yet. <Link to={paths.products.getHref()}>Browse all products</Link>
        </p>
      ) : (
        <ul className={styles.grid}>
          {topLevel.map((category) => (
            <li key={category.categoryName} className={styles.card}>
              <h2 className={styles.cardHeading}>
                <Link to={paths.productCategory.getHref(category.categoryName)}>
                  {category.categoryName}
                  <ChevronRight aria-hidden="true" size={20} />
                </Link>
              </h2>
              <Branch categories={category.subCategory} parents={[category.categoryName]} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
