import type { Product } from '@larder/shared'
import { useParams } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { ApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../framework/page/document-title'
import { usePageSummary } from '../../framework/page/page-meta'
import { breadcrumbList, productDescription, productItem, productPreview } from '../../lib/structured-data'
import skeleton from '../../styles/skeleton.module.css'
import { useProduct } from '../catalog'
import { useShops } from '../shops'
import { ProductBreadcrumb, type Crumb } from './components/product-breadcrumb'
import styles from './components/product-detail.module.css'
import { ProductLoadError, ProductNotFound } from './components/product-not-found'
import { ProductSummary, ProductSummarySkeleton } from './components/product-summary'
import { RelatedProducts } from './components/related-products'
import { parseProductId } from './parse-product-id'

/** Spec, product detail: the breadcrumb is Home, then the level-1 and level-2 categories as listing links. */
function categoryCrumbs(product: Product): Crumb[] {
  const crumbs: Crumb[] = [
    { label: product.categoryL1, href: paths.productCategory.getHref(product.categoryL1) },
  ]
  if (product.categoryL2) {
    crumbs.push({
      label: product.categoryL2,
      href: paths.productCategory.getHref(product.categoryL1, product.categoryL2),
    })
  }
  return crumbs
}

function LoadedProduct({ product }: { product: Product }) {
  useDocumentTitle(product.productName)
  const crumbs = categoryCrumbs(product)
  const shop = useShops().data?.find((entry) => entry.id === product.vendorID)
  usePageSummary({
    description: productDescription(product),
    canonical: paths.productDetail.getHref(product.id),
    image: productPreview(product),
    type: 'product',
    structuredData: (absolute) => [
      productItem(product, shop, absolute),
      breadcrumbList(
        [
          ...crumbs.map((crumb) => ({ name: crumb.label, path: crumb.href ?? '' })),
          { name: product.productName, path: paths.productDetail.getHref(product.id) },
        ],
        absolute,
      ),
    ],
  })
  return (
    <div className={styles.page}>
      <ProductBreadcrumb crumbs={crumbs} />
      <article className={styles.article} aria-labelledby="product-name">
        <ProductSummary product={product} />
      </article>
      <RelatedProducts product={product} />
    </div>
  )
}

function LoadingProduct() {
  useDocumentTitle('Loading product')
  return (
    <div className={styles.page}>
      <div className={`${skeleton.fill} ${styles.breadcrumbSkeleton}`} aria-hidden="true" />
      <ProductSummarySkeleton />
    </div>
  )
}

function ProductDetail({ id }: { id: number }) {
  const { data, error, isPending, refetch, isRefetching } = useProduct(id)
  if (error instanceof ApiError && error.status === 404) return <ProductNotFound />
  if (error) return <ProductLoadError onRetry={() => void refetch()} retrying={isRefetching} />
  return isPending ? <LoadingProduct /> : <LoadedProduct product={data} />
}

export function ProductDetailPage() {
  const id = parseProductId(useParams().id)
  // Keyed on the id: moving to a related product starts afresh rather than showing the last one's state.
  return id === null ? <ProductNotFound /> : <ProductDetail key={id} id={id} />
}
