import { ArrowUp } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import styles from './scroll-top-button.module.css'

/** The button appears once the page has scrolled more than 300 px. */
export const SCROLL_TOP_THRESHOLD = 300

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true })
  return () => window.removeEventListener('scroll', onChange)
}

export function useScrolledPast(threshold: number) {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  )
}

export function scrollToTop() {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
}

/**
 * The button goes once the page is at the top, so whoever pressed it from the keyboard carries on from the
 * start of the page's content (the layout's #main) rather than from nowhere.
 */
function backToTop() {
  scrollToTop()
  document.getElementById('main')?.focus({ preventScroll: true })
}

export function ScrollTopButton() {
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD)
  if (!visible) return null
  return (
    <button type="button" className={styles.button} onClick={backToTop} aria-label="Scroll to top">
      <ArrowUp aria-hidden="true" size={22} strokeWidth={2.5} />
    </button>
  )
}
