import { useEffect, useRef, useState } from 'react'
import { useLocation } from '../../framework/routing/router'

/**
 * Says the new page's title to screen readers after a move to another page in the app, which a full page
 * load would have announced by itself. Pages set their title in an effect, some only once their code has
 * loaded, so the title is read when it changes rather than when the path does. Changes of the query alone
 * (search, filters, paging) keep the page and are not announced.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const announcedFor = useRef(pathname)
  const current = useRef(pathname)

  // Before the observer's callback can run: mutations are delivered after the commit's effects.
  useEffect(() => {
    current.current = pathname
  }, [pathname])

  useEffect(() => {
    const announce = () => {
      if (announcedFor.current === current.current) return
      announcedFor.current = current.current
      setMessage(document.title)
    }
    const observer = new MutationObserver(announce)
    observer.observe(document.head, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [])

  return (
    <p id="route-announcer" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </p>
  )
}
