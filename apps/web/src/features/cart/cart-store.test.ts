import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../lib/storage'
import { makeProduct } from '../../testing/test-product'
import { parseCart, readCart, useCart } from './cart-store'

const stored = () => parseCart(window.localStorage.getItem(STORAGE_KEYS.cartItems))

describe('cart store', () => {
  it('adds a new product with qty 1 and the product fields', () => {
    const { result } = renderHook(() => useCart())
    act(() => {
      result.current.add(makeProduct({ id: 5, productName: 'Brie', qty: 3 }))
    })
    expect(result.current.count).toBe(1)
    expect(stored()).toEqual([expect.objectContaining({ id: 5, productName: 'Brie', qty: 1, stock: 3 })])
  })

  it('raises qty by 1 for a product already in the cart, never beyond the stock', () => {
    const { result } = renderHook(() => useCart())
    const brie = makeProduct({ id: 5, qty: 2 })
    const added: boolean[] = []
    act(() => {
      added.push(result.current.add(brie), result.current.add(brie), result.current.add(brie))
    })
    expect(added).toEqual([true, true, false])
    expect(result.current.items).toHaveLength(1)
    expect(result.current.items[0]?.qty).toBe(2)
  })

  it('does not add a product that is out of stock', () => {
    const { result } = renderHook(() => useCart())
    act(() => {
      result.current.add(makeProduct({ qty: 0 }))
    })
    expect(readCart()).toEqual([])
  })

  it('increases within the stock, decreases to 1 or removes at zero when asked, and clears', () => {
    const { result } = renderHook(() => useCart())
    act(() => {
      result.current.add(makeProduct({ id: 1, qty: 2 }))
      result.current.add(makeProduct({ id: 2, qty: 9 }))
      result.current.increase(1)
      result.current.increase(1)
    })
    expect(result.current.items.map((item) => [item.id, item.qty])).toEqual([
      [1, 2],
      [2, 1],
    ])
    act(() => {
      result.current.decrease(2)
    })
    expect(result.current.items.find((item) => item.id === 2)?.qty).toBe(1)
    act(() => {
      result.current.decrease(2, { removeAtZero: true })
      result.current.remove(1)
    })
    expect(result.current.items).toEqual([])
    act(() => {
      result.current.add(makeProduct({ id: 3 }))
      result.current.clear()
    })
    expect(result.current.count).toBe(0)
  })

  it('picks up a change made in another tab', () => {
    const { result } = renderHook(() => useCart())
    const line = { ...makeProduct({ id: 8 }), qty: 4 }
    act(() => {
      // Another tab writes storage directly; the browser then fires 'storage' here.
      window.localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify([line]))
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cartItems }))
    })
    expect(result.current.count).toBe(4)
    expect(result.current.items[0]?.id).toBe(8)
  })

  it('drops corrupt lines instead of trusting them', () => {
    const good = { ...makeProduct({ id: 1 }), qty: 2 }
    const raw = JSON.stringify([good, { id: 2, qty: 1 }, { ...good, id: 3, qty: 0 }, null, 'x'])
    expect(parseCart(raw).map((item) => item.id)).toEqual([1])
    expect(parseCart('{not json')).toEqual([])
  })

  it('makes two stored lines of one product one line, within the stock', () => {
    const line = { ...makeProduct({ id: 1 }), qty: 2, stock: 4 }
    const other = { ...makeProduct({ id: 2 }), qty: 1 }
    const merged = parseCart(JSON.stringify([line, other, { ...line, qty: 1 }]))
    expect(merged.map((item) => [item.id, item.qty])).toEqual([
      [1, 3],
      [2, 1],
    ])
    expect(parseCart(JSON.stringify([line, { ...line, qty: 3 }]))[0]?.qty).toBe(4)
  })
})
