import { useState } from 'react'
import { DEMO_CART_LINES, DEMO_PRODUCTS, type DemoCartLine, type DemoProduct } from './demo-data'

export type TemplatePanel = 'search' | 'menu' | 'cart' | 'quick-view'

/** State of the contact page's template chrome: which panel is open and the sample cart's lines. */
export function useBakeryTemplate() {
  const [panel, setPanel] = useState<TemplatePanel | null>(null)
  // The dialogs' code is fetched on first use, then kept so each keeps its state.
  const [used, setUsed] = useState(false)
  const [lines, setLines] = useState<readonly DemoCartLine[]>(DEMO_CART_LINES)
  const [quickViewProduct, setQuickViewProduct] = useState<DemoProduct>(DEMO_PRODUCTS[0])

  return {
    panel,
    used,
    lines,
    quickViewProduct,
    open: (next: TemplatePanel) => {
      setUsed(true)
      setPanel(next)
    },
    close: () => setPanel(null),
    openQuickView: (product: DemoProduct) => {
      setQuickViewProduct(product)
      setUsed(true)
      setPanel('quick-view')
    },
    removeLine: (id: string) => setLines((current) => current.filter((line) => line.id !== id)),
    restoreLines: () => setLines(DEMO_CART_LINES),
  }
}

export type BakeryTemplate = ReturnType<typeof useBakeryTemplate>
