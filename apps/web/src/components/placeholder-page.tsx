import type { ReactNode } from 'react'
import { Link } from '../lib/router'
import { paths } from '../config/paths'
import { useDocumentTitle } from '../lib/document-title'
import styles from './placeholder-page.module.css'

interface PlaceholderPageProps {
  /** The page's one h1. */
  heading: string
  /** Tab title when it should differ from the heading. */
  title?: string
  /** What the finished page will do, in a sentence, so nobody mistakes the shell for the product. */
  purpose: string
  children?: ReactNode
}

export function PlaceholderPage({ heading, title, purpose, children }: PlaceholderPageProps) {
  useDocumentTitle(title ?? heading)
  return (
    <section className={styles.page} aria-labelledby="page-heading">
      <h1 id="page-heading" className={styles.heading}>
        {heading}
      </h1>
      <p className={styles.purpose}>{purpose}</p>
      {children}
      <p className={styles.notice}>
        This page arrives with the storefront issue.{' '}
        <Link to={paths.home.getHref()}>Back to the home page</Link>
      </p>
    </section>
  )
}
