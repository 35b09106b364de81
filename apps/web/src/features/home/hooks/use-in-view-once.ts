import { useEffect, useState } from 'react'

/**
 * Becomes true the first time the element comes within `rootMargin` of the viewport, and stays true, so
 * content below the fold is fetched only when someone scrolls towards it. Browsers without
 * IntersectionObserver get everything at once.
 */
export function useInViewOnce<T extends Element>(rootMargin = '400px 0px') {
  const [element, setElement] = useState<T | null>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')

  useEffect(() => {
    if (seen || element === null) return
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
  }, [element, seen, rootMargin])

  return { ref: setElement, seen }
}
