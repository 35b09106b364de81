import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS, useStorageValue, writeStorage } from './storage'

function StoredCart({ name }: { name: string }) {
  return <p aria-label={name}>{useStorageValue(STORAGE_KEYS.cartItems) ?? 'empty'}</p>
}

afterEach(() => {
  window.localStorage.clear()
  vi.restoreAllMocks()
})

describe('useStorageValue', () => {
  it('serves any number of components from one pair of window listeners, removed with the last', () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const names = ['a', 'b', 'c']
    const { unmount } = render(
      <>
        {names.map((name) => (
          <StoredCart key={name} name={name} />
        ))}
      </>,
    )
    const storageListeners = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'storage')
    expect(storageListeners(added)).toHaveLength(1)

    act(() => writeStorage(STORAGE_KEYS.cartItems, '[1]'))
    for (const name of names) expect(screen.getByLabelText(name)).toHaveTextContent('[1]')

    act(() => {
      window.localStorage.setItem(STORAGE_KEYS.cartItems, '[2]')
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cartItems }))
    })
    for (const name of names) expect(screen.getByLabelText(name)).toHaveTextContent('[2]')

    unmount()
    expect(storageListeners(removed)).toHaveLength(1)
  })
})
