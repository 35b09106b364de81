import { describe, expect, it } from 'vitest'
import { WebhookSignatureError } from './payment-provider'
import { parseStripeEvent } from './stripe-event'
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature'

const SECRET = 'whsec_unit'
const now = new Date('2026-11-21T10:00:00Z')
const body = '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{}}}'

describe('webhook signatures', () => {
  it('signs as t=<seconds>,v1=<hex>', () => {
    expect(signWebhookPayload(body, SECRET, now)).toMatch(/^t=1795255200,v1=[0-9a-f]{64}$/)
  })

  it('accepts any matching v1 among several (Stripe sends two while a secret rolls over)', () => {
    const good = signWebhookPayload(body, SECRET, now)
    const [t, v1] = good.split(',')
    const header = `${t},v1=${'0'.repeat(64)},${v1},v0=ignored`
    expect(() => verifyWebhookSignature(Buffer.from(body), header, SECRET, now)).not.toThrow()
  })

  it.each([
    ['no header', undefined],
    ['no timestamp', 'v1=abc'],
    ['no signature', 't=1795255200'],
    ['a signature of another length', 't=1795255200,v1=abc'],
  ])('refuses %s', (_case, header) => {
    expect(() => verifyWebhookSignature(Buffer.from(body), header, SECRET, now)).toThrow(
      WebhookSignatureError,
    )
  })

  it('refuses a timestamp more than five minutes away, either side', () => {
    const header = signWebhookPayload(body, SECRET, now)
    const later = new Date(now.getTime() + 5 * 60 * 1000 + 1000)
    const earlier = new Date(now.getTime() - 5 * 60 * 1000 - 1000)
    expect(() => verifyWebhookSignature(Buffer.from(body), header, SECRET, later)).toThrow(/tolerance/)
    expect(() => verifyWebhookSignature(Buffer.from(body), header, SECRET, earlier)).toThrow(/tolerance/)
    expect(() =>
      verifyWebhookSignature(Buffer.from(body), header, SECRET, new Date(now.getTime() + 299_000)),
    ).not.toThrow()
  })
})

describe('reading Stripe events', () => {
  const orderId = '0b7a6f0e-1d2c-4e3f-8a9b-1c2d3e4f5a6b'

  it('takes the order from the metadata the server set, never from the payer-editable client_reference_id', () => {
    const session = (object: object) =>
      parseStripeEvent({
        id: 'evt',
        type: 'checkout.session.completed',
        data: { object: { object: 'checkout.session', ...object } },
      })
    const otherOrder = '0f8d7c6b-5a49-4382-9170-6e5d4c3b2a10'
    expect(session({ client_reference_id: null, metadata: { orderId } }).orderId).toBe(orderId)
    expect(session({ client_reference_id: otherOrder, metadata: { orderId } }).orderId).toBe(orderId)
    expect(session({ client_reference_id: orderId }).orderId).toBeUndefined()
    expect(
      session({ client_reference_id: orderId, metadata: { orderId: 'not-an-order' } }).orderId,
    ).toBeUndefined()
  })

  it('reads a failed payment intent by its metadata and id', () => {
    const event = parseStripeEvent({
      id: 'evt',
      type: 'payment_intent.payment_failed',
      data: {
        object: { id: 'pi_1', object: 'payment_intent', amount: 660, currency: 'gbp', metadata: { orderId } },
      },
    })
    expect(event).toMatchObject({
      orderId,
      paymentIntentId: 'pi_1',
      sessionId: undefined,
      amountTotalPence: 660,
    })
  })

  it('accepts an expanded payment intent object', () => {
    const event = parseStripeEvent({
      id: 'evt',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_1',
          object: 'checkout.session',
          payment_intent: { id: 'pi_2', object: 'payment_intent' },
        },
      },
    })
    expect(event.paymentIntentId).toBe('pi_2')
  })

  it('refuses a body that is not an event', () => {
    expect(() => parseStripeEvent({ hello: 'world' })).toThrow(WebhookSignatureError)
  })
})
