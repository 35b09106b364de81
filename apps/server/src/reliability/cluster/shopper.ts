import { randomBytes } from 'node:crypto'
import { OrderCreatedSchema, PaymentLinkResponseSchema, type OrderCreateInput } from '@larder/shared'
import { describeOutcome, send, type HttpOutcome, type HttpRequest } from './http-client'

/** A request to whichever process takes it; `onSent` learns which one did. */
export type ClusterRequest = Omit<HttpRequest, 'port' | 'onSent'> & { onSent?: (port: number) => void }

/**
 * The cluster as a load balancer sees it: the processes' ports. A request goes to the port it is given;
 * only when that port refuses the connection (no process listens: nothing was sent) does it go to the
 * next one, as a load balancer retries a refused connection on another backend. A request that was sent
 * is never sent again: it may have taken effect.
 */
export class Cluster {
  readonly ports: readonly number[]
  failovers = 0

  constructor(ports: readonly number[]) {
    this.ports = ports
  }

  async call(slot: number, request: ClusterRequest): Promise<{ outcome: HttpOutcome; port: number }> {
    let outcome: HttpOutcome = { kind: 'refused' }
    let port = this.portAt(slot)
    for (let attempt = 0; attempt < this.ports.length; attempt += 1) {
      port = this.portAt(slot + attempt)
      const to = port
      const { onSent, ...rest } = request
      outcome = await send({ ...rest, port: to, ...(onSent ? { onSent: () => onSent(to) } : {}) })
      if (outcome.kind !== 'refused') break
      this.failovers += 1
    }
    return { outcome, port }
  }

  portAt(slot: number): number {
    const port = this.ports[slot % this.ports.length]
    if (port === undefined) throw new Error('the cluster has no ports')
    return port
  }
}

/** One simulated shopper: their own loopback address and their own XSRF token. */
export interface Shopper {
  address: string
  xsrf: string
}

/**
 * Shopper `index` of scenario `scenario` (1–4): 127.<scenario>.<high>.<low>. Each has an address of their
 * own, as real shoppers do, so the per-address limits (30 orders an hour per process) apply per shopper.
 */
export function shopper(scenario: number, index: number): Shopper {
  return {
    address: `127.${scenario}.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    // Double-submit XSRF: the server checks that the cookie and the header agree, as the browser sends
    // the cookie it was given; any random value sent in both is what a browser would send.
    xsrf: randomBytes(18).toString('base64url'),
  }
}

const ORDER_FORM: OrderCreateInput = {
  email: 'ada@example.com',
  deliveryFirstName: 'Ada',
  deliveryLastName: 'Lovelace',
  deliveryPhoneNumber: '020 7946 0000',
  deliveryAddress: '12 Station Road',
  deliveryCity: 'Harrow',
  deliveryState: 'Middlesex',
  deliveryCountry: 'United Kingdom',
  deliveryPostCode: 'HA1 2AA',
  deliveryTown: 'Harrow',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '020 7946 0000',
  address: '12 Station Road',
  city: 'Harrow',
  country: 'United Kingdom',
  state: 'Middlesex',
  postcode: 'HA1 2AA',
}

const jsonPost = (who: Shopper, path: string, body: unknown): ClusterRequest => ({
  method: 'POST',
  path,
  localAddress: who.address,
  headers: {
    'content-type': 'application/json',
    cookie: `XSRF-TOKEN=${who.xsrf}`,
    'x-xsrf-token': who.xsrf,
  },
  body: JSON.stringify(body),
})

export interface PreparedCheckout {
  index: number
  shopper: Shopper
  orderId: string
  productId: number
  /** The sandbox payment page's path, /sandbox/pay/{id}: any process serves it. */
  payPath: string
}

export interface StepFailure {
  index: number
  step: 'order' | 'line' | 'link'
  outcome: string
}

const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * A shopper's checkout up to the payment page, as the browser makes it: create the order, add one unit of
 * a product, ask for the payment link. Each step goes to the next process, so an order made on one
 * process gets its line on another and its link on the third.
 */
export async function prepareCheckout(
  cluster: Cluster,
  who: Shopper,
  index: number,
  productId: number,
): Promise<PreparedCheckout | StepFailure> {
  const order = await cluster.call(index, jsonPost(who, '/api/public/orders', ORDER_FORM))
  const created =
    order.outcome.kind === 'response' && order.outcome.status === 201
      ? OrderCreatedSchema.safeParse(parseJson(order.outcome.body))
      : undefined
  if (!created?.success) return { index, step: 'order', outcome: describeOutcome(order.outcome) }
  const orderId = created.data.id
  const line = await cluster.call(
    index + 1,
    jsonPost(who, '/api/public/order-products', { orderId, productId, quantity: 1 }),
  )
  if (line.outcome.kind !== 'response' || line.outcome.status !== 201)
    return { index, step: 'line', outcome: describeOutcome(line.outcome) }
  const link = await cluster.call(index + 2, jsonPost(who, '/api/stripe/create-payment-link', [{ orderId }]))
  const linked =
    link.outcome.kind === 'response' && link.outcome.status === 200
      ? PaymentLinkResponseSchema.safeParse(parseJson(link.outcome.body))
      : undefined
  if (!linked?.success) return { index, step: 'link', outcome: describeOutcome(link.outcome) }
  // The link names the process that made it (its PUBLIC_URL); the page itself is served by any.
  const payPath = new URL(linked.data.paymentLinkUrl).pathname
  return { index, shopper: who, orderId, productId, payPath }
}

export const isFailure = (result: PreparedCheckout | StepFailure): result is StepFailure => 'step' in result

/** The sandbox page's form with the card that pays (sandbox-card.ts), as the browser posts it. */
export function payRequest(checkout: PreparedCheckout, onSent?: (port: number) => void): ClusterRequest {
  return {
    method: 'POST',
    path: checkout.payPath,
    localAddress: checkout.shopper.address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'ada@example.com',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      name: 'Ada Lovelace',
      client_reference_id: checkout.orderId,
    }).toString(),
    ...(onSent ? { onSent } : {}),
  }
}

/** Runs `task` over `items` with at most `limit` at once; results in the items' order. */
export async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      results[index] = await task(items[index] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
