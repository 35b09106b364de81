import { useEffect } from 'react'

export const SITE_NAME = 'Larder'

/** Sets the tab title for the current page, so history entries and screen readers name each page. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: fresh groceries in north-west London`
  }, [title])
}
