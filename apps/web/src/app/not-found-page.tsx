import { Compass } from 'lucide-react'
import { Link } from '../framework/routing/router'
import { paths } from '../config/paths'
import { useDocumentTitle } from '../framework/page/document-title'
import { usePageStatus } from '../framework/page/page-meta'
import styles from './not-found-page.module.css'

export function NotFoundPage() {
  useDocumentTitle('Page not found')
  usePageStatus(404)
  return (
    <section className={styles.page} aria-labelledby="page-heading">
      <span className={styles.badge} aria-hidden="true">
        <Compass size={40} strokeWidth={1.75} />
      </span>
      <p className={styles.code}>404</p>
      <h1 id="page-heading" className={styles.heading}>
        Page not found
      </h1>
      <p className={styles.text}>
        We couldn’t find that page. It may have moved, or the link may be mistyped. Let’s get you back to the
        shops.
      </p>
      <p className={styles.links}>
        <Link to={paths.home.getHref()} className="button-primary">
          Go to the home page
        </Link>
        <Link to={paths.products.getHref()} className="button-secondary">
          Browse the Larder mall
        </Link>
      </p>
      <p className={styles.help}>
        Looking for something in particular? See <Link to={paths.categoryList.getHref()}>all categories</Link>{' '}
        or <Link to={paths.contactUs.getHref()}>contact us</Link>.
      </p>
    </section>
  )
}
