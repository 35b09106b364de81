import { addLine, createOrder, post, type ShopApp } from '../modules/payments/payments-test-helpers'

export interface CheckoutResult {
  id: string | undefined
  steps: string[]
  failed: string | undefined
}

/** One shopper's whole checkout, as the browser makes it: order → line → payment link → sandbox card form. */
export async function checkout(shop: ShopApp, productId: number): Promise<CheckoutResult> {
  const steps: string[] = []
  try {
    const { id } = await createOrder(shop.app)
    steps.push('order')
    const line = await addLine(shop.app, id, productId, 1)
    if (line.statusCode !== 201) return { id, steps, failed: `line ${line.statusCode}` }
    const link = await post(shop.app, '/api/stripe/create-payment-link', [{ orderId: id }])
    if (link.statusCode !== 200) return { id, steps, failed: `link ${link.statusCode}` }
    const page = new URL(link.json<{ paymentLinkUrl: string }>().paymentLinkUrl).pathname
    const paid = await shop.app.inject({
      method: 'POST',
      url: page,
      payload: new URLSearchParams({
        email: 'ada@example.com',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
        name: 'Ada Lovelace',
        client_reference_id: id,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    steps.push(`pay ${paid.statusCode}`)
    return { id, steps, failed: paid.statusCode >= 500 ? `pay ${paid.statusCode}` : undefined }
  } catch (error) {
    return { id: undefined, steps, failed: String(error) }
  }
}
