import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
// The two stores alone, not the features' indexes: a setup file that loaded whole features would load
// them before a test file's vi.mock could replace what they import.
// eslint-disable-next-line larder/feature-boundaries
import { closeCartPanel } from '../features/cart/cart-panel-state'
// eslint-disable-next-line larder/feature-boundaries
import { setDeliveryCity } from '../features/delivery/delivery-city'

// jsdom has no layout engine: scrolling is recorded, not performed.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true, configurable: true })

// jsdom has no media queries either; reduced-motion checks ask for them. Tests
// about a particular answer stub matchMedia themselves.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => {
      const list: MediaQueryList = Object.assign(new EventTarget(), {
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      })
      return list
    },
  })
}

afterEach(() => {
  cleanup()
  // Modules outlive a test file (vitest.config.ts): the page's own stores start every test empty.
  setDeliveryCity(null)
  closeCartPanel()
  window.localStorage.clear()
  window.sessionStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})
