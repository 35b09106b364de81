import { lazy, Suspense, useState } from 'react'
import { closeCartPanel, useCartPanelOpen } from './cart-panel-state'

const loadPanel = () => import('./cart-panel')
const CartPanel = lazy(() => loadPanel().then((module) => ({ default: module.CartPanel })))

/** Fetches the panel's code ahead of the click, e.g. when the pointer reaches the cart button. */
export function preloadCartPanel() {
  void loadPanel()
}

/**
 * Mounted in the layout; the panel's code (and zod, through the shared money helpers) downloads only once
 * the shopper first opens it, and then it stays mounted so it can slide closed and open again.
 */
export function CartPanelHost() {
  const open = useCartPanelOpen()
  const [everOpened, setEverOpened] = useState(open)
  if (open && !everOpened) setEverOpened(true)
  if (!everOpened) return null
  return (
    <Suspense fallback={null}>
      <CartPanel open={open} onClose={closeCartPanel} />
    </Suspense>
  )
}
