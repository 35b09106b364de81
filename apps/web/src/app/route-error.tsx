import { useDocumentTitle } from '../framework/page/document-title'
import styles from './not-found-page.module.css'

/**
 * Errors thrown while loading or rendering a page (the error boundary has logged it). The usual one after
 * a deploy is a page chunk that no longer exists, which a reload fixes.
 */
export function RouteError() {
  useDocumentTitle('Something went wrong')
  return (
    <section className={styles.page} aria-labelledby="error-heading" role="alert">
      <h1 id="error-heading" className={styles.heading}>
        Something went wrong
      </h1>
      <p className={styles.text}>This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="button-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </section>
  )
}

/** The last resort when the layout itself fails: the same message, with its own main landmark. */
export function RootError() {
  return (
    <main id="main">
      <RouteError />
    </main>
  )
}
