import { SearchX } from 'lucide-react'
import { Link } from '../../../framework/routing/router'
import { paths } from '../../../config/paths'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { usePageStatus } from '../../../framework/page/page-meta'
import styles from './product-status.module.css'

/** A product id that the shop doesn't know, or that can't be an id at all. */
export function ProductNotFound() {
  useDocumentTitle('Product not found')
  usePageStatus(404)
  return (
    <section className={styles.panel} aria-labelledby="page-heading">
      <SearchX aria-hidden="true" size={48} className={styles.icon} />
      <h1 id="page-heading" className={styles.heading}>
        We couldn’t find that product
      </h1>
      <p className={styles.text}>
        It may no longer be on sale, or the link may be mistyped. Everything our shops sell today is in the
        Larder mall.
      </p>
      <p className={styles.links}>
        <Link to={paths.products.getHref()} className={`button-primary ${styles.action}`}>
          Browse all products
        </Link>
        <Link to={paths.home.getHref()}>Go to the home page</Link>
      </p>
    </section>
  )
}

/** Any other failure: the product may well exist, so offer to ask again rather than a dead end. */
export function ProductLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  useDocumentTitle('Product unavailable')
  return (
    <section className={styles.panel} aria-labelledby="page-heading" role="alert">
      <h1 id="page-heading" className={styles.heading}>
        We couldn’t load this product
      </h1>
      <p className={styles.text}>The connection to the shop may have dropped. Please try again.</p>
      <p className={styles.links}>
        <button
          type="button"
          className={`button-primary ${styles.action}`}
          onClick={onRetry}
          disabled={retrying}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
        <Link to={paths.products.getHref()}>Browse all products</Link>
      </p>
    </section>
  )
}
