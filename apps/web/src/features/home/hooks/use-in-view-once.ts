import { useEffect, useState, useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => undefined

/**
 * Becomes true the first time the element comes within `rootMargin` of the viewport, and stays true, so
 * content below the fold is fetched only when someone scrolls towards it. Browsers without
 * IntersectionObserver get everything at once, right after the first render: a server render has none
 * either, and the browser's first render must match the server's markup.
 */
export function useInViewOnce<T extends Element>(rootMargin = '400px 0px') {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(false)
  const noObserver = useSyncExternalStore(
    subscribeToNothing,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  )

  useEffect(() => {
    if (seen || noObserver || element === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        setSeen(true)
        observer.disconnect()
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [element, seen, noObserver, rootMargin])

  return { ref: setElement, seen: seen || noObserver }
}
