import { createHmac, timingSafeEqual } from 'node:crypto'
import { WebhookSignatureError } from './payment-provider'

/** Stripe's default: an event signed more than five minutes ago is refused, which defeats replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60

const hmac = (secret: string, timestamp: number, payload: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex')

/** The `Stripe-Signature` header for a body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signWebhookPayload(payload: string, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000)
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`
}

/**
 * Checks a `Stripe-Signature` header the way Stripe's SDK does: any of the v1 signatures may match (Stripe
 * sends two while a secret is being rolled), compared in constant time, and the timestamp must be recent.
 */
export function verifyWebhookSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header')
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim())
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    if (key === 'v1' && value) signatures.push(value)
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError('The Stripe-Signature header has no timestamp or no v1 signature')
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'utf8')
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookSignatureError('No signature matches the payload')
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError('The signature timestamp is outside the tolerance')
  }
}
