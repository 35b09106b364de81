import { useSyncExternalStore } from 'react'

/**
 * Whether the cart side panel is open. A tiny store of its own (no React context) because the navbar
 * opens the panel and the layout mounts it, and both are in the first download.
 */
let open = false
const listeners = new Set<() => void>()

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

function setOpen(next: boolean) {
  if (next === open) return
  open = next
  for (const listener of [...listeners]) listener()
}

export const openCartPanel = () => setOpen(true)
export const closeCartPanel = () => setOpen(false)

export function useCartPanelOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  )
}
