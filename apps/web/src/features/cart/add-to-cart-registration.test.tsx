import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeProduct } from '../../testing/test-product'
import { fakeApi, type FakeReply } from '../../testing/fake-api'
import { setDeliveryCity } from '../delivery'
import { AddToCartButton } from './add-to-cart-button'
import { readCart } from './cart-store'
import { cartLine, seedCart } from '../../testing/test-cart'

const REGISTER = 'POST /api/stripe/products/add-to-cart/7'
const button = () => screen.getByRole('button', { name: /^Add to Cart: / })

beforeEach(() => {
  act(() => setDeliveryCity('Ealing'))
  vi.spyOn(window, 'alert').mockImplementation(() => {})
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  act(() => setDeliveryCity(null))
})

async function clickAdd() {
  render(<AddToCartButton product={makeProduct({ id: 7, productName: 'Brie', qty: 5 })} />)
  await userEvent.setup().click(button())
}

describe('Add to Cart registers the product with the payment provider first', () => {
  it('adds the line with both ids stored on it', async () => {
    const { sent } = fakeApi({
      [REGISTER]: { body: { stripeProductId: 'prod_7', stripePriceIds: ['price_7b', 'price_7a'] } },
    })
    await clickAdd()
    await vi.waitFor(() =>
      expect(readCart()).toEqual([
        expect.objectContaining({
          id: 7,
          qty: 1,
          stripeProductId: 'prod_7',
          stripePriceIds: ['price_7b', 'price_7a'],
        }),
      ]),
    )
    expect(sent(REGISTER)).toHaveLength(1)
    expect(sent(REGISTER)[0]?.body).toBeUndefined()
    expect(window.alert).not.toHaveBeenCalled()
  })

  it('adds one more to a line already in the cart and keeps the latest ids', async () => {
    seedCart([
      cartLine({ id: 7, qty: 1, stock: 5, stripeProductId: 'prod_7', stripePriceIds: ['price_old'] }),
    ])
    fakeApi({
      [REGISTER]: { body: { stripeProductId: 'prod_7', stripePriceIds: ['price_new', 'price_old'] } },
    })
    await clickAdd()
    await vi.waitFor(() =>
      expect(readCart()).toEqual([
        expect.objectContaining({ id: 7, qty: 2, stripePriceIds: ['price_new', 'price_old'] }),
      ]),
    )
  })

  it.each<[string, FakeReply]>([
    ['no price ids', { body: { stripeProductId: 'prod_7', stripePriceIds: [] } }],
    ['no product id', { body: { stripeProductId: '', stripePriceIds: ['price_7'] } }],
    ['a missing field', { body: { stripePriceIds: ['price_7'] } }],
    ['a server error', { status: 500, body: { message: 'Internal Server Error' } }],
    ['an out-of-stock refusal', { status: 409, body: { message: 'Out of stock' } }],
  ])("alerts 'Failed to add product to cart' and leaves the cart alone on %s", async (_, reply) => {
    fakeApi({ [REGISTER]: reply })
    await clickAdd()
    await vi.waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to add product to cart'))
    expect(readCart()).toEqual([])
  })

  it('alerts when the shop cannot be reached', async () => {
    fakeApi({
      [REGISTER]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await clickAdd()
    await vi.waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to add product to cart'))
    expect(readCart()).toEqual([])
  })

  it('registers nothing while no delivery town is chosen', async () => {
    act(() => setDeliveryCity(null))
    const { fetchMock } = fakeApi({})
    await clickAdd()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(readCart()).toEqual([])
  })
})
