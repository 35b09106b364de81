import { useSyncExternalStore } from 'react'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

// jsdom and some embedded browsers have no matchMedia: they get the moving version.
function query(): MediaQueryList | undefined {
  return window.matchMedia?.(REDUCED_MOTION)
}

function subscribe(onChange: () => void) {
  const list = query()
  list?.addEventListener('change', onChange)
  return () => list?.removeEventListener('change', onChange)
}

/** Whether the visitor asked the system for less motion; follows changes made while the page is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  )
}
