import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
// The two stores alone, not the features' indexes: a setup file that loaded whole features would load
// them before a test file's vi.mock could replace what they import.
// eslint-disable-next-line larder/feature-boundaries
import { closeCartPanel } from '../features/cart/cart-panel-state'
// eslint-disable-next-line larder/feature-boundaries
import { setDeliveryCity } from '../features/delivery/delivery-city'

// Forms load their schemas on their first check (lib/lazy-zod-resolver.ts), which in the browser is
// usually done by then: they preload them when the page is first idle. Loaded here once per worker, so
// that a test's first check does not wait for these modules to be transformed on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import('@hookform/resolvers/zod'),
    // eslint-disable-next-line larder/feature-boundaries
    import('../features/accounts/form-schemas'),
    // eslint-disable-next-line larder/feature-boundaries
    import('../features/contact/contact-schema'),
    // eslint-disable-next-line larder/feature-boundaries
    import('../features/orders/checkout-schema'),
  ])
})

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
