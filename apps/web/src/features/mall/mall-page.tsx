import type { Product } from '@larder/shared'
import { addToCartAction } from '../cart'
import { Gift } from 'lucide-react'
import { scrollToTop } from '../../components/scroll-top-button'
import { useLocation, useParams } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { categoryHeading, categoryLevels } from '../../lib/category-path'
import { useDocumentTitle } from '../../framework/page/document-title'
import { type ProductFilter, ProductGrid, useProducts } from '../catalog'
import { CitySelector } from '../delivery'
import { Pagination } from '../../components/pagination'
import { MallCategorySelect } from './components/mall-category-select'
import { MallSearch } from './components/mall-search'
import styles from './mall-page.module.css'
import { mallHref, useMallQuery } from './use-mall-query'
import { usePageSummary } from '../../framework/page/page-meta'

/** The free-product search asks for 10 at a time. */
export const MALL_PAGE_SIZE = 10

// The mall's cards open the template product page, not the product detail.
const templateHref = (product: Product) => paths.productTemplate.getHref(product.id)

function countText(total: number, search: string) {
  const items = total === 1 ? '1 free item' : `${total} free items`
  return search === '' ? items : `${items} matching “${search}”`
}

export function MallPage() {
  const params = useParams()
  const { pathname } = useLocation()
  const { search, page, setSearch, setPage } = useMallQuery()
  const levels = categoryLevels(params)
  const path = categoryHeading(params)
  const heading = path === '' ? 'Free items' : `Free items: ${path}`
  useDocumentTitle(heading)
  usePageSummary({
    description: `${path === '' ? 'Free items' : `Free ${path}`} from the independent shops of north-west London: add them to your Larder basket at no cost.`,
    canonical: mallHref(pathname, { search, page }),
  })

  // Only free products, whatever else is chosen: the mall shows only free products.
  const filter: ProductFilter = { free: 'free', l1: params.l1, l2: params.l2, l3: params.l3, search }
  const { data, isPending, isPlaceholderData, error, refetch } = useProducts(filter, page, MALL_PAGE_SIZE)

  const changePage = (next: number) => {
    setPage(next)
    scrollToTop()
  }

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <p className={styles.eyebrow}>
          <Gift aria-hidden="true" size={18} />
          The free mall
        </p>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.lead}>
          Our shops give these away: surplus stock and end-of-day bakes and produce. Add them to any order
          while they last.
        </p>
      </header>
      <div className={styles.toolbar}>
        <MallSearch value={search} onSearch={setSearch} />
        <MallCategorySelect levels={levels} search={search} />
        {/* Add to Cart waits for a delivery town, so the mall offers the choice too. */}
        <div className={styles.town}>
          <CitySelector />
        </div>
      </div>
      <div className={styles.results}>
        <p className={styles.count} aria-live="polite">
          {data && !isPlaceholderData ? countText(data.total, search) : ''}
        </p>
        <ProductGrid
          cardAction={addToCartAction}
          products={data?.products}
          isLoading={isPending}
          isStale={isPlaceholderData}
          error={error}
          onRetry={() => void refetch()}
          emptyText={
            search === ''
              ? 'No free items here right now. Shops add more every day, so please look again soon.'
              : `No free items match “${search}”. Try another word or category.`
          }
          cardHref={templateHref}
          skeletonCount={MALL_PAGE_SIZE}
        />
        {data && (
          <Pagination
            page={page}
            total={data.total}
            size={MALL_PAGE_SIZE}
            onChange={changePage}
            hrefFor={(target) => mallHref(pathname, { search, page: target })}
          />
        )}
      </div>
    </div>
  )
}
