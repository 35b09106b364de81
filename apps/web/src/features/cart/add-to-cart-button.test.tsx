import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { makeProduct } from '../../testing/test-product'
import { setDeliveryCity } from '../delivery'
import { AddToCartButton } from './add-to-cart-button'
import { readCart } from './cart-store'
import { cartLine, seedCart } from '../../testing/test-cart'

const button = () => screen.getByRole('button', { name: /^Add to Cart: / })

afterEach(() => {
  act(() => setDeliveryCity(null))
})

describe('AddToCartButton', () => {
  it('is disabled with a reason while no delivery town is chosen', async () => {
    render(<AddToCartButton product={makeProduct()} />)
    expect(button()).toHaveAttribute('aria-disabled', 'true')
    expect(button()).toHaveAccessibleDescription('Choose your delivery town first')
    await userEvent.setup().click(button())
    expect(readCart()).toEqual([])
  })

  it('names the product it adds, after the words it shows', () => {
    render(<AddToCartButton product={makeProduct({ productName: 'Sourdough loaf' })} />)
    expect(button()).toHaveAccessibleName('Add to Cart: Sourdough loaf')
    expect(button()).toHaveTextContent(/^Add to Cart/)
  })

  it("is disabled for the town 'Other'", () => {
    render(<AddToCartButton product={makeProduct()} />)
    act(() => setDeliveryCity('Other'))
    expect(button()).toHaveAttribute('aria-disabled', 'true')
  })

  it('is enabled for a delivery town, adds on click and announces it', async () => {
    // The payment-provider registration that comes first (add-to-cart-registration.test.tsx).
    fakeApi({
      'POST /api/stripe/products/add-to-cart/9': {
        body: { stripeProductId: 'prod_9', stripePriceIds: ['price_9'] },
      },
    })
    render(<AddToCartButton product={makeProduct({ id: 9 })} />)
    act(() => setDeliveryCity('Ealing'))
    expect(button()).toHaveAttribute('aria-disabled', 'false')
    expect(button()).not.toHaveAccessibleDescription()
    await userEvent.setup().click(button())
    expect(await screen.findByText('Added to cart')).toHaveAttribute('aria-live', 'polite')
    expect(readCart()).toEqual([expect.objectContaining({ id: 9, qty: 1 })])
  })

  it('is disabled when the product is out of stock, whatever the town', async () => {
    render(<AddToCartButton product={makeProduct({ qty: 0 })} />)
    act(() => setDeliveryCity('Harrow'))
    expect(button()).toHaveAttribute('aria-disabled', 'true')
    expect(button()).toHaveAccessibleDescription('None left in stock')
    await userEvent.setup().click(button())
    expect(readCart()).toEqual([])
  })

  it('is disabled once the cart holds all the stock (decision 0020)', () => {
    const product = makeProduct({ id: 4, qty: 2 })
    seedCart([cartLine({ ...product, qty: 2, stock: 2 })])
    render(<AddToCartButton product={product} />)
    act(() => setDeliveryCity('Harrow'))
    expect(button()).toHaveAttribute('aria-disabled', 'true')
    expect(button()).toHaveAccessibleDescription('All the stock is in your cart')
  })
})
