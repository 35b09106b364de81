import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../testing/fake-api'
import { renderRoutes } from '../testing/render-app'
import { cartLine, seedCart } from '../testing/test-cart'

// Isolated: the route table loads each page once per module graph, and this is about the cart page's
// first load in a tab (the check of its draft happens then).
describe('the cart page', () => {
  it('starts its form from the draft this tab kept, checked before the page first renders', async () => {
    fakeApi({ 'GET /api/public/categories': { body: [] } })
    const shipping = {
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '02079460018',
      address: '12 Station Road',
      city: 'Ealing',
      state: 'Greater London',
      country: 'United Kingdom',
      postalCode: 'W5 2AA',
    }
    const billing = { ...shipping, address2: '', postcode: shipping.postalCode }
    // As an earlier page of this tab left it on its way to the payment page.
    window.sessionStorage.setItem(
      'larder.checkoutDraft',
      JSON.stringify({ owner: null, values: { ...shipping, billingMode: 'same', billing } }),
    )
    seedCart([cartLine()])
    renderRoutes('/cart-page')
    const form = await screen.findByRole('form', { name: 'Checkout' }, { timeout: 5000 })
    // In the form's first render, not filled in afterwards.
    expect(within(form).getByRole('textbox', { name: /^Address/ })).toHaveValue('12 Station Road')
    expect(within(form).getByRole('textbox', { name: /^Postal code/ })).toHaveValue('W5 2AA')
  })
})
