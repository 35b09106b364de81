import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { renderRoutes } from '../../testing/render-app'
import { cartLine, seedCart } from '../../testing/test-cart'
import { GooglePayPage } from './google-pay-page'

interface FakeButtonProps {
  environment: string
  paymentRequest: google.payments.api.PaymentDataRequest
  onLoadPaymentData: (data: unknown) => void
}

const received: FakeButtonProps[] = []

// Google's button loads its script from pay.google.com, which jsdom cannot run: a stand-in records the
// configuration it is given and plays Google's part when clicked.
vi.mock('@google-pay/button-react', () => ({
  default: (props: FakeButtonProps) => {
    received.push(props)
    return (
      <button type="button" onClick={() => props.onLoadPaymentData({ apiVersion: 2 })}>
        Buy with Google Pay
      </button>
    )
  },
}))

const renderPage = () => renderRoutes('/googlepay', [{ path: '/googlepay', Component: GooglePayPage }])

describe('Google Pay page', () => {
  it("offers the button in TEST mode for the cart's final total in GBP", async () => {
    seedCart([cartLine({ salePrice: 2.5, qty: 3 })])
    renderPage()
    await screen.findByRole('button', { name: 'Buy with Google Pay' })
    expect(screen.getByText(/test-mode demo/)).toBeInTheDocument()
    const props = received.at(-1)
    expect(props?.environment).toBe('TEST')
    const request = props?.paymentRequest
    expect(request?.allowedPaymentMethods[0]?.parameters).toEqual({
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['AMEX', 'VISA', 'MASTERCARD'],
    })
    expect(request?.transactionInfo).toMatchObject({
      totalPriceStatus: 'FINAL',
      totalPrice: '9.10',
      currencyCode: 'GBP',
      countryCode: 'GB',
    })
    expect(request?.merchantInfo.merchantName).toBe('Larder')
  })

  it("shows 'Test payment received' once Google returns the payment data, calling no server", async () => {
    seedCart([cartLine()])
    const { log } = fakeApi({})
    const { user } = renderPage()
    await user.click(await screen.findByRole('button', { name: 'Buy with Google Pay' }))
    expect(screen.getByText('Test payment received')).toBeInTheDocument()
    expect(log).toEqual([])
  })

  it('asks for products first when the cart is empty', () => {
    renderPage()
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Buy with Google Pay' })).not.toBeInTheDocument()
  })
})
