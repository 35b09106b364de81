import { lastPage } from '@larder/shared'
import { addToCartAction } from '../cart'
import { Fragment, useState } from 'react'
import { useLocation, useParams } from '../../framework/routing/router'
import notice from '../../components/notice.module.css'
import { scrollToTop } from '../../components/scroll-top-button'
import { categoryLevels, isShopId } from '../../lib/category-path'
import { useDocumentTitle } from '../../framework/page/document-title'
import { usePageStatus, usePageSummary } from '../../framework/page/page-meta'
import { paths } from '../../config/paths'
import { breadcrumbList, groceryStore, shortDescription, type TrailStep } from '../../lib/structured-data'
import { CitySelector } from '../delivery'
import { useShops } from '../shops'
import { useCategories } from './api/get-categories'
import { useProducts, type ProductFilter } from './api/get-products'
import { findCategoryPath } from './category-lookup'
import { CategoryNotFound } from './components/category-not-found'
import { CategoryCarousel } from './components/category-carousel'
import { CategoryPanel } from './components/category-panel'
import { FilterButtons } from './components/filter-buttons'
import { Pagination } from '../../components/pagination'
import { ProductGrid } from './components/product-grid'
import { ShopFilters } from './components/shop-filters'
import { ShopNotFound } from './components/shop-not-found'
import { SearchBox } from './components/search-box'
import { SearchHelp } from './components/search-help'
import { listingHref, useListingQuery } from './use-listing-query'
import styles from './product-listing-page.module.css'

// 20 products a page, from page 0.
export const LISTING_PAGE_SIZE = 20

/** The shop of `/products/{shop id}`: undefined until the shop list has arrived, null for an unknown id. */
function useVendor(shopId: string | null) {
  const { data } = useShops()
  if (shopId === null || data === undefined) return undefined
  return data.find((shop) => shop.id === shopId) ?? null
}

function countText(total: number, page: number) {
  if (total === 0) return ''
  const first = page * LISTING_PAGE_SIZE + 1
  const last = Math.min(total, first + LISTING_PAGE_SIZE - 1)
  const noun = total === 1 ? 'product' : 'products'
  return total <= LISTING_PAGE_SIZE || first > total
    ? `${total} ${noun}`
    : `${first}–${last} of ${total} ${noun}`
}

/** `/products`, `/products?search=`, `/products/{shop id}` and `/products/{l1}/{l2}/{l3}`. */
export function ProductListingPage() {
  const params = useParams()
  const { pathname } = useLocation()
  const {
    search,
    ignoredSearch,
    filter,
    town,
    shop,
    page,
    setFilter,
    setTown,
    setShop,
    setPage,
    clearSearch,
  } = useListingQuery()
  const shopId = isShopId(params.l1) && params.l2 === undefined ? params.l1 : null
  const levels = shopId === null ? categoryLevels(params) : []
  const [l1, l2, l3] = levels
  const vendor = useVendor(shopId)
  // Text typed in the search bar but not searched for yet; the URL holds only submitted searches.
  const [typedQuery, setTypedQuery] = useState('')

  const productFilter: ProductFilter = {
    l1,
    l2,
    l3,
    search,
    vendorId: shopId ?? undefined,
    vendorCity: town,
    vendorCompanyName: shop,
    free: filter,
  }
  const products = useProducts(productFilter, page, LISTING_PAGE_SIZE)

  // A shop list fetched a while ago may not know a new shop yet; its products say it exists all the same.
  const unknownShop = shopId !== null && vendor === null && products.data?.total === 0
  // The same for a category: the tree may be older than a product filed under a new branch.
  const tree = useCategories().data
  const category = tree === undefined || levels.length === 0 ? undefined : findCategoryPath(tree, levels)
  const unknownCategory = category === null && products.data?.total === 0

  let heading = 'All products'
  if (unknownShop) heading = 'Shop not found'
  else if (unknownCategory) heading = 'Category not found'
  else if (shopId !== null) heading = vendor?.companyName ?? `Shop ${shopId}`
  else if (levels.length > 0) heading = (category ?? levels).join(' > ')
  else if (search !== '') heading = `Results for “${search}”`

  const total = products.data?.total ?? 0
  // How the search read a misspelt text ("milk" for "nilk"), once its own results are on screen.
  const readAs = search !== '' && !products.isPlaceholderData ? products.data?.readAs : undefined
  const pageCount = lastPage(total, LISTING_PAGE_SIZE)
  // A shared link can outlive the products it paged through.
  const pastTheEnd = products.data !== undefined && total > 0 && page >= pageCount
  // A page past the end is not a page of this listing: it is named without a number, and answers 404.
  useDocumentTitle(page > 0 && !pastTheEnd ? `${heading}, page ${page + 1}` : heading)
  usePageStatus(pastTheEnd ? 404 : 200)
  useListingSummary({
    pathname,
    levels: category ?? levels,
    vendor,
    shopId,
    search,
    filter,
    town,
    shop,
    page,
    total,
  })

  // Typing in the search bar hides the carousel as well as a submitted search does.
  const showCarousel = shopId === null && levels.length === 0 && search === '' && typedQuery === ''

  const changePage = (next: number) => {
    setPage(next)
    scrollToTop()
  }

  // A typed search that found nothing is offered help ("Did you mean …"). With no town or shop narrowing it,
  // the help is what the shopper needs next, so it comes before the filters, which on a phone fill the
  // first screen.
  const nothingFound = search !== '' && products.data?.total === 0 && !products.isPlaceholderData
  const helpFirst = nothingFound && town === '' && shop === '' && !unknownShop && !unknownCategory
  // Keyed, so that moving them remounts neither.
  const filters = (
    <Fragment key="filters">
      <div className={styles.city}>
        <CitySelector />
        <p className={styles.cityHint}>
          We deliver from local shops to 15 towns in north-west London. Choose yours to start adding items to
          your cart.
        </p>
      </div>
      <ShopFilters town={town} shop={shop} onTownChange={setTown} onShopChange={setShop} />
    </Fragment>
  )
  const results = (
    <Fragment key="results">
      {unknownShop ? (
        <ShopNotFound shopId={shopId} />
      ) : unknownCategory ? (
        <CategoryNotFound levels={levels} />
      ) : pastTheEnd ? (
        <div className={notice.notice} role="status">
          <p>This listing has only {pageCount === 1 ? 'one page' : `${pageCount} pages`}.</p>
          <button type="button" className="button-primary" onClick={() => changePage(0)}>
            Go to the first page
          </button>
        </div>
      ) : (
        <ProductGrid
          cardAction={addToCartAction}
          products={products.data?.products}
          isLoading={products.isPending}
          isStale={products.isPlaceholderData}
          error={products.error}
          onRetry={() => void products.refetch()}
          emptyText={emptyText(search, filter, town !== '' || shop !== '')}
        />
      )}
      {nothingFound && <SearchHelp text={search} />}
    </Fragment>
  )

  return (
    <div className={styles.page}>
      <div className={styles.searchBar}>
        <SearchBox
          initialValue={search}
          onClear={search !== '' ? clearSearch : undefined}
          onQueryChange={setTypedQuery}
          listing={pathname}
        />
      </div>
      <div className={styles.layout}>
        <aside className={styles.sidebar}>
          <CategoryPanel current={levels} />
        </aside>
        <section className={styles.content} aria-labelledby="listing-heading">
          <header className={styles.header}>
            <div>
              <h1 id="listing-heading" className={styles.heading}>
                {heading}
              </h1>
              {ignoredSearch !== '' && (
                <p className={styles.count} role="status">
                  “{ignoredSearch}” is not something we can search for: type the start of a product’s name.
                  Showing all products.
                </p>
              )}
              <p className={styles.count} aria-live="polite">
                {products.isPending || products.isPlaceholderData ? '' : countText(total, page)}
              </p>
              {readAs !== undefined && (
                <p className={styles.count} role="status">
                  Showing results for “{readAs}”.
                </p>
              )}
            </div>
            <FilterButtons
              value={filter}
              onChange={setFilter}
              action={pathname}
              keep={{ search, town, shop }}
            />
          </header>
          {helpFirst
            ? [results, filters]
            : [filters, showCarousel && <CategoryCarousel key="carousel" />, results]}
          <Pagination
            page={page}
            total={total}
            size={LISTING_PAGE_SIZE}
            onChange={changePage}
            hrefFor={(target) => listingHref(pathname, { search, filter, town, shop, page: target })}
          />
        </section>
      </div>
    </div>
  )
}

interface ListingSummaryInput {
  pathname: string
  levels: readonly string[]
  vendor: ReturnType<typeof useVendor>
  shopId: string | null
  search: string
  filter: ProductFilter['free']
  town: string
  shop: string
  page: number
  total: number
}

/**
 * The listing's description, canonical address (its path with only the filters that change what it
 * shows), breadcrumbs, and for a shop's listing the shop as a grocery store.
 */
function useListingSummary(input: ListingSummaryInput) {
  const { pathname, levels, vendor, shopId, search, total } = input
  const count = total > 0 ? ` ${total} ${total === 1 ? 'product' : 'products'}` : ''
  let description = `Browse${count} groceries, breads and cakes from independent shops, delivered across north-west London.`
  const steps: TrailStep[] = [{ name: 'Products', path: paths.products.getHref() }]
  if (vendor) {
    description = shortDescription(
      vendor.description || `${vendor.companyName}, ${vendor.city}: order online from Larder.`,
    )
    steps.splice(
      0,
      1,
      { name: 'Shops', path: paths.shops.getHref() },
      { name: vendor.companyName, path: pathname },
    )
  } else if (shopId === null && levels.length > 0) {
    description = `${levels.join(' > ')}:${count || ' products'} from independent shops in north-west London, delivered by Larder.`
    levels.forEach((_, index) => {
      const trail = levels.slice(0, index + 1) as [string, ...string[]]
      steps.push({ name: trail[index] ?? '', path: paths.productCategory.getHref(...trail) })
    })
  } else if (search !== '') {
    description = `Products whose names start with “${search}”, from independent shops in north-west London.`
  }
  usePageSummary({
    description,
    // A category under the tree's own spelling (`/products/fresh` is `/products/Fresh`).
    canonical: listingHref(
      shopId === null && levels.length > 0
        ? paths.productCategory.getHref(...(levels as [string, ...string[]]))
        : pathname,
      input,
    ),
    structuredData: (absolute) => [
      breadcrumbList(steps, absolute),
      ...(vendor ? [groceryStore(vendor, absolute)] : []),
    ],
  })
}

function emptyText(search: string, filter: ProductFilter['free'], byShop: boolean) {
  if (search !== '') return `No products match “${search}”. Try another word.`
  if (byShop) return 'No products here match the shop filters.'
  if (filter === 'free') return 'There are no free products here just now.'
  return 'There are no products here yet.'
}
