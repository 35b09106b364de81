import type { Product } from '@larder/shared'
import { useParams } from '../../framework/routing/router'
import { ApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../framework/page/document-title'
import { usePageSummary } from '../../framework/page/page-meta'
import { paths } from '../../config/paths'
import { productDescription, productPreview } from '../../lib/structured-data'
import skeleton from '../../styles/skeleton.module.css'
import { PriceBlock, useProduct } from '../catalog'
import { ImageCarousel } from './components/image-carousel'
import { ProductBreadcrumb } from './components/product-breadcrumb'
import { ProductLoadError, ProductNotFound } from './components/product-not-found'
import styles from './components/product-template.module.css'
import { DemoOptions, DemoPromises, DemoRating } from './components/template-demo-options'
import { parseProductId } from './parse-product-id'

const STATUS_TEXT: Record<Product['status'], string> = { ACTIVE: 'Available', RATED: 'Best rated' }

function TemplateProduct({ product }: { product: Product }) {
  useDocumentTitle(product.productName)
  // The same product as its detail page, in the template's dress: that page is the one to index.
  usePageSummary({
    description: productDescription(product),
    canonical: paths.productDetail.getHref(product.id),
    image: productPreview(product),
    type: 'product',
  })
  return (
    <div className={styles.page}>
      <ProductBreadcrumb crumbs={[{ label: product.productName }]} />
      <article className={styles.layout} aria-labelledby="product-name">
        <div className={styles.gallery}>
          <ImageCarousel images={product.images} name={product.productName} />
        </div>
        <div className={styles.info}>
          {product.isFree && <p className={styles.freeBadge}>Free</p>}
          <h1 id="product-name" className={styles.name}>
            {product.productName}
          </h1>
          <DemoRating />
          <PriceBlock product={product} size="lg" />
          <dl className={styles.facts}>
            <div>
              <dt>Quantity left</dt>
              <dd>{Math.max(0, product.qty)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{STATUS_TEXT[product.status]}</dd>
            </div>
          </dl>
          {product.productDescription.trim() !== '' && (
            <p className={styles.description}>{product.productDescription}</p>
          )}
          <DemoOptions productId={product.id} />
        </div>
      </article>
      <DemoPromises />
    </div>
  )
}

function TemplateSkeleton() {
  useDocumentTitle('Loading product')
  return (
    <div className={styles.page} role="status" aria-label="Loading the product">
      <div className={styles.layout} aria-hidden="true">
        <div className={`${skeleton.shimmer} ${styles.skeleton} ${styles.imageSkeleton}`} />
        <div className={styles.info}>
          <div
            className={`${skeleton.shimmer} ${styles.skeleton} ${styles.lineSkeleton}`}
            style={{ width: '70%', height: '2rem' }}
          />
          <div
            className={`${skeleton.shimmer} ${styles.skeleton} ${styles.lineSkeleton}`}
            style={{ width: '35%' }}
          />
          <div
            className={`${skeleton.shimmer} ${styles.skeleton} ${styles.lineSkeleton}`}
            style={{ height: '5rem' }}
          />
        </div>
      </div>
    </div>
  )
}

function TemplateProductLoader({ id }: { id: number }) {
  const { data, error, isPending, refetch, isRefetching } = useProduct(id)
  if (error instanceof ApiError && error.status === 404) return <ProductNotFound />
  if (error) return <ProductLoadError onRetry={() => void refetch()} retrying={isRefetching} />
  return isPending ? <TemplateSkeleton /> : <TemplateProduct product={data} />
}

/** `/products2nd/{id}`: the template-style product page the free-items mall links to. */
export function ProductTemplatePage() {
  const id = parseProductId(useParams().id)
  return id === null ? <ProductNotFound /> : <TemplateProductLoader key={id} id={id} />
}
