import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '../../../lib/storage'
import { renderRoutes } from '../../../testing/render-app'
import { CartCheckoutPage } from '../cart-checkout-page'
import { cartLine, seedCart } from '../../../testing/test-cart'
import { fakeApi } from '../../../testing/fake-api'
import { ACCOUNT, storeSession } from '../../../testing/session'
import { saveCheckoutDraft } from '../checkout-draft'
import { billingFromShipping, initialCheckoutValues } from '../checkout-values'

vi.mock('../../../lib/browser-location', () => ({ loadPage: vi.fn() }))

const shipping = () => screen.getByRole('region', { name: 'Shipping address' })
const billing = () => screen.getByRole('region', { name: 'Billing address' })
// Labels of required fields end in a decorative asterisk.
const labelled = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`)
const field = (region: HTMLElement, label: string) => within(region).getByLabelText(labelled(label))

function renderCheckout() {
  seedCart([cartLine()])
  return renderRoutes('/cart-page', [{ path: '/cart-page', Component: CartCheckoutPage }])
}

describe('checkout form', () => {
  it("shows the spec's hint for every empty required field and sends nothing", async () => {
    const { fetchMock } = fakeApi({})
    const { user } = renderCheckout()
    await user.clear(field(shipping(), 'Country'))
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    // The form's first check may wait for its schema to load (lib/lazy-zod-resolver.ts).
    await vi.waitFor(() => expect(field(shipping(), 'Email')).toHaveAttribute('aria-invalid', 'true'))
    for (const [label, message] of [
      ['Email', 'Please enter a valid email address for shipping updates.'],
      ['First name', 'Valid first name is required.'],
      ['Last name', 'Valid last name is required.'],
      ['Phone number', 'Phone number is required'],
      ['Address', 'Please enter your shipping address.'],
      ['City', 'Please enter your city.'],
      ['State', 'Please enter your state.'],
      ['Country', 'Please enter your country.'],
      ['Postal code', 'Please enter your postal code.'],
    ] as const) {
      const input = field(shipping(), label)
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(input).toHaveAccessibleDescription(message)
    }
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('asks for a valid e-mail address and a numeric phone number', async () => {
    fakeApi({})
    const { user } = renderCheckout()
    await user.type(field(shipping(), 'Email'), 'not-an-address')
    await user.type(field(shipping(), 'Phone number'), 'call me')
    await user.tab()
    expect(field(shipping(), 'Email')).toHaveAccessibleDescription(
      'Please enter a valid email address for shipping updates.',
    )
    expect(field(shipping(), 'Phone number')).toHaveAccessibleDescription(
      'Please enter a valid phone number.',
    )
    expect(field(shipping(), 'Phone number')).toHaveAttribute('inputmode', 'numeric')
  })

  it("holds every field to the order's own length limit, before any order is made", async () => {
    const { fetchMock } = fakeApi({})
    const { user } = renderCheckout()
    await user.click(field(shipping(), 'Postal code'))
    await user.paste('W5 2AA'.repeat(4))
    await user.click(field(shipping(), 'First name'))
    await user.paste('A'.repeat(101))
    await user.click(screen.getByRole('radio', { name: 'Use a different billing address' }))
    await user.click(field(billing(), 'Address'))
    await user.paste('1 High Street '.repeat(15))
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(field(shipping(), 'Postal code')).toHaveAccessibleDescription(
      'Postal code must be at most 20 characters',
    )
    expect(field(shipping(), 'First name')).toHaveAccessibleDescription(
      'First name must be at most 100 characters',
    )
    expect(field(billing(), 'Address')).toHaveAccessibleDescription(
      'Billing address must be at most 200 characters',
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('prefills the name and e-mail of the logged-in shopper', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.currentUser,
      JSON.stringify({ id: 'user-42', firstName: 'Priya', lastName: 'Shah', email: 'priya@example.test' }),
    )
    renderCheckout()
    expect(field(shipping(), 'Email')).toHaveValue('priya@example.test')
    expect(field(shipping(), 'First name')).toHaveValue('Priya')
    expect(field(shipping(), 'Last name')).toHaveValue('Shah')
  })

  it('restores a draft only for the shopper who typed it: not after a logout, nor for another account', () => {
    const typed = {
      ...initialCheckoutValues({ firstName: 'Priya', lastName: 'Shah', email: 'priya@example.test' }),
      phoneNumber: '07700900999',
      address: '99 Secret Lane',
      city: 'Wembley',
      state: 'London',
      postalCode: 'HA9 9ZZ',
    }
    saveCheckoutDraft({ ...typed, billing: billingFromShipping(typed) }, 'priya')

    const { unmount } = renderCheckout()
    expect(field(shipping(), 'Address')).toHaveValue('')
    expect(field(shipping(), 'Email')).toHaveValue('')
    unmount()

    storeSession({ ...ACCOUNT, login: 'sam', firstName: 'Sam', email: 'sam@example.test' })
    const other = renderCheckout()
    expect(field(shipping(), 'Email')).toHaveValue('sam@example.test')
    expect(field(shipping(), 'Address')).toHaveValue('')
    other.unmount()

    storeSession()
    renderCheckout()
    expect(field(shipping(), 'Address')).toHaveValue('99 Secret Lane')
    expect(field(shipping(), 'Phone number')).toHaveValue('07700900999')
  })

  it("'Use a different billing address' shows an empty billing form with the spec's hints", async () => {
    fakeApi({})
    const { user } = renderCheckout()
    await user.type(field(shipping(), 'First name'), 'Ada')
    await user.click(screen.getByRole('radio', { name: 'Same as shipping address' }))
    expect(within(billing()).queryByRole('textbox')).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Use a different billing address' }))
    expect(field(billing(), 'First name')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    for (const [label, message] of [
      ['First name', 'Valid first name is required.'],
      ['Last name', 'Valid last name is required.'],
      ['Address', 'Please enter your shipping address.'],
      ['State', 'Please provide a valid state.'],
      ['Postcode', 'Zip code required.'],
    ] as const) {
      expect(field(billing(), label)).toHaveAccessibleDescription(message)
    }
    // The spec gives the billing city and country no hint; the order does not require them either.
    for (const label of ['City (optional)', 'Country (optional)']) {
      expect(field(billing(), label)).not.toHaveAttribute('aria-invalid', 'true')
    }
  })

  it("'Same as shipping address' hides the billing form, and 'different' always starts it empty", async () => {
    fakeApi({})
    const { user } = renderCheckout()
    await user.click(screen.getByRole('radio', { name: 'Use a different billing address' }))
    await user.type(field(billing(), 'First name'), 'Someone else')
    await user.type(field(shipping(), 'First name'), 'Ada')
    await user.type(field(shipping(), 'Postal code'), 'HA0 1AA')
    await user.click(screen.getByRole('radio', { name: 'Same as shipping address' }))
    expect(within(billing()).queryByLabelText(labelled('First name'))).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Use a different billing address' }))
    expect(field(billing(), 'First name')).toHaveValue('')
  })
})
