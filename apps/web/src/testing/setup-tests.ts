import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// jsdom has no layout engine: scrolling is recorded, not performed.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true, configurable: true })

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
})
