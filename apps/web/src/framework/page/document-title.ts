import { useEffect } from 'react'
import { usePageMeta } from './page-meta'

export const SITE_NAME = 'Larder'

export const DEFAULT_TITLE = `${SITE_NAME}: fresh groceries in north-west London`

/** The description of a page that gives none of its own (index.html carries the same words). */
export const DEFAULT_DESCRIPTION =
  'Larder: fresh groceries, bread and cakes from independent shops, delivered across north-west London.'

export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE
}

/**
 * Sets the tab title for the current page, so history entries and screen readers name each page. A server
 * render collects it for the page's `<title>`.
 */
export function useDocumentTitle(title: string | undefined) {
  usePageMeta()?.setTitle(documentTitle(title))
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
