import { useEffect } from 'react'

/**
 * Calls `step` every `delay` ms while `running`. A new `restartKey` (the slide shown) starts the wait
 * again, so a slide someone has just moved to gets its full time.
 */
export function useAutoplay(step: () => void, delay: number, running: boolean, restartKey: unknown) {
  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(step, delay)
    return () => window.clearInterval(timer)
  }, [step, delay, running, restartKey])
}
