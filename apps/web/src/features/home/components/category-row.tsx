import { ArrowRight } from 'lucide-react'
import { LoadError } from '../../../components/load-error'
import notice from '../../../components/notice.module.css'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useQueryClient } from '@tanstack/react-query'
import { usePageMeta } from '../../../framework/page/page-meta'
import { productsQueryOptions, useProducts } from '../../catalog'
import { useInViewOnce } from '../../../lib/use-in-view-once'
import { ProductCarousel } from './product-carousel'
import { ProductRowSkeleton } from './product-row-skeleton'
import sectionStyles from './home-section.module.css'

/** The home carousel fetches page 0, size 10, per category. */
export const CATEGORY_ROW_SIZE = 10

function RowProducts({ category }: { category: string }) {
  const { data, isPending, refetch } = useProducts({ l1: category }, 0, CATEGORY_ROW_SIZE)
  if (isPending) return <ProductRowSkeleton label={`Loading ${category} products…`} loading />
  // A failed refetch keeps the row already shown.
  if (data === undefined) {
    return <LoadError onRetry={() => void refetch()}>We could not load the {category} products.</LoadError>
  }
  if (data.products.length === 0) {
    return <p className={notice.notice}>No products in {category} just now.</p>
  }
  return <ProductCarousel products={data.products} label={category} />
}

export function CategoryRow({ category, index }: { category: string; index: number }) {
  const { ref, seen } = useInViewOnce<HTMLElement>()
  // The server renders every row's products, so the page works with scripts off and crawlers see them;
  // the browser then starts from those (its cache holds them, so hydration matches) and otherwise loads a
  // row as it scrolls into view.
  const onServer = usePageMeta() !== null
  const cached =
    useQueryClient().getQueryData(productsQueryOptions({ l1: category }, 0, CATEGORY_ROW_SIZE).queryKey) !==
    undefined
  const headingId = `home-row-${index}`
  return (
    <section
      ref={ref}
      className={`${sectionStyles.section} ${sectionStyles.belowFold} ${sectionStyles.aisleRow}`}
      aria-labelledby={headingId}
    >
      <div className={sectionStyles.header}>
        <h2 id={headingId} className={sectionStyles.heading}>
          {category}
        </h2>
        <Link className={sectionStyles.seeAll} to={paths.productCategory.getHref(category)}>
          See all<span className="visually-hidden"> {category}</span>
          <ArrowRight aria-hidden="true" size={16} />
        </Link>
      </div>
      {seen || onServer || cached ? (
        <RowProducts category={category} />
      ) : (
        <ProductRowSkeleton label={`${category} products`} loading={false} />
      )}
    </section>
  )
}
