import { useEffect, useRef, useState, useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => undefined

/**
 * Becomes true the first time the element comes within `rootMargin` of the viewport, and stays true, so
 * content below the fold is fetched only when someone scrolls towards it. Browsers without
 * IntersectionObserver get everything at once, right after the first render: a server render has none
 * either, and the browser's first render must match the server's markup.
 */
export function useInViewOnce<T extends Element>(rootMargin = '400px 0px') {
  // A ref, not state: a state setter as the ref would update inside hydration's commit, which React
  // renders again synchronously in the same task, making hydration's last task longer.
  const ref = useRef<T>(null)
  const [seen, setSeen] = useState(false)
  const noObserver = useSyncExternalStore(
    subscribeToNothing,
    () => typeof IntersectionObserver === 'undefined',
    () => false,
  )

  useEffect(() => {
    const element = ref.current
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
  }, [seen, noObserver, rootMargin])

  return { ref, seen: seen || noObserver }
}
