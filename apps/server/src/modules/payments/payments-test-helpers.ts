import { and, asc, eq, gt, isNotNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { OrderCreatedSchema, type OrderCreateInput } from '@larder/shared'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Database, DatabaseHandle } from '../../db/client'
import { categories, orders, products, shops, users } from '../../db/schema'
import type { Clock } from '../../lib/clock'
import type { Mail, Mailer } from '../../providers/mail/mailer'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import { createSandboxProvider } from '../../providers/payments/sandbox'
import { createJobRunner } from '../../jobs/job-runner'
import { nextIp } from '../../test/accounts-helpers'
import { createMailQueue } from '../mail/mail-queue'
import { createOrderState } from '../orders/order-state'
import { createOrdersRepository } from '../orders/orders.repository'
import { createCheckoutService } from './checkout.service'
import { createFulfilmentService } from './fulfilment.service'
import { createPaymentsRepository } from './payments.repository'
import { createReconciliation } from './reconciliation.service'
import { createRegistrationService } from './registration.service'
import { createTestDatabase, TEST_JWT_SECRET, xsrfHeaders, type DatabaseKind } from '../../test/test-app'

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_the_sandbox_and_stripe'
export const PUBLIC_URL = 'http://shop.test'

/** Keeps every mail in memory, so tests can count confirmations without an SMTP server. */
export function memoryMailer() {
  const sent: Mail[] = []
  const mailer: Mailer = {
    kind: 'smtp',
    async deliver(mail) {
      sent.push(mail)
    },
  }
  return { mailer, sent }
}

export interface ShopApp {
  app: FastifyInstance
  database: DatabaseHandle
  db: Database
  provider: SandboxPaymentProvider
  mails: Mail[]
  close(): Promise<void>
}

/**
 * A small shop instead of the 360-product demo catalogue, which costs seconds per test file to seed:
 * one vendor, one category, twelve products at different prices (one discounted, one free).
 */
export async function seedSmallShop(db: Database) {
  await db.insert(users).values({ id: 'vendor-1', login: 'vendor-1', email: 'vendor-1@larder.test' })
  await db.insert(shops).values({
    userId: 'vendor-1',
    companyName: 'Harrow Bakery',
    city: 'Harrow',
    companyAddress: '1 High Street',
    companyPhone: '020 0000 0000',
  })
  const [category] = await db
    .insert(categories)
    .values({ name: 'Bakery', level: 1, l1: 'Bakery' })
    .returning()
  if (!category) throw new Error('no category')
  await db.insert(products).values(
    Array.from({ length: 12 }, (_, i) => ({
      vendorId: 'vendor-1',
      categoryId: category.id,
      productName: `Loaf & roll no. ${i + 1}`,
      productDescription: 'Baked this morning',
      images: [`/media/products/${i + 1}.svg`],
      salePricePence: 150 + i * 35,
      discountPricePence: i === 1 ? 120 : null,
      isFree: i === 11,
      qty: 50,
    })),
  )
}

/**
 * The real app on a fresh database with a small shop with a sandbox provider the test holds, so it can watch
 * (vi.spyOn) or break calls to the provider, and an in-memory mailer.
 */
export async function createShopApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>
    clock?: Clock
    /** Another process of `shop`: a second app on its database, whose close leaves the database open. */
    sharing?: ShopApp
  } = {},
): Promise<ShopApp> {
  const shared = options.sharing?.database
  const database = shared ?? (await createTestDatabase(kind))
  if (!shared) await seedSmallShop(database.db)
  const clock = options.clock ?? (() => new Date())
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...options.env,
  })
  const provider = createSandboxProvider({
    db: database.db,
    webhookSecret: TEST_WEBHOOK_SECRET,
    publicUrl: PUBLIC_URL,
    clock,
  })
  const { mailer, sent } = memoryMailer()
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    clock,
    mailer,
    payments: provider,
  })
  await app.ready()
  return {
    app,
    database,
    db: database.db,
    provider,
    mails: sent,
    async close() {
      await app.close()
      if (!shared) await database.close()
    },
  }
}

/**
 * The payment services over the shop's database as the app wires them, with a clock of the test's own: what
 * the app's timers run, at a time the test chooses. Jobs they queue run on this set's own job runner.
 */
export function paymentServicesAt(shop: ShopApp, now: () => Date) {
  const jobs = createJobRunner({ db: shop.db, clock: now, log: shop.app.log })
  const mail = createMailQueue(jobs, memoryMailer().mailer, PUBLIC_URL)
  const orders = createOrderState(createOrdersRepository(shop.db))
  const repository = createPaymentsRepository(shop.db)
  const common = { orders, repository, provider: shop.provider, publicUrl: PUBLIC_URL, log: shop.app.log }
  const registration = createRegistrationService(common)
  const checkout = createCheckoutService({ ...common, registration, clock: now })
  const fulfilment = createFulfilmentService({ ...common, mail, jobs, clock: now })
  const reconciliation = createReconciliation({ ...common, fulfilment, checkout, jobs, clock: now })
  return { jobs, checkout, fulfilment, reconciliation }
}

/** The sandbox page's card form, filled as a shopper would, with `cardNumber` and the order's reference. */
export const cardForm = (cardNumber: string, orderId: string) => ({
  email: 'ada@example.com',
  cardNumber,
  expiry: '12 / 34',
  cvc: '123',
  name: 'Ada Lovelace',
  client_reference_id: orderId,
})

/** Posts the sandbox payment page at `path` as the browser's form does. */
export const payPage = (app: FastifyInstance, path: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: path,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

/** A shipping form that passes every rule (billing the same as shipping). */
export function orderForm(overrides: Partial<OrderCreateInput> = {}): OrderCreateInput {
  return {
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
    ...overrides,
  }
}

export const post = (
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: nextIp(),
    headers: { ...xsrfHeaders, ...headers },
  })

export async function createOrder(app: FastifyInstance, form: object = orderForm(), headers = {}) {
  const res = await post(app, '/api/public/orders', form, headers)
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`)
  return OrderCreatedSchema.parse(res.json())
}

export async function addLine(app: FastifyInstance, orderId: string, productId: number, quantity: number) {
  return post(app, '/api/public/order-products', { orderId, productId, quantity })
}

/** An order with the given lines, all added through the API. */
export async function orderWith(app: FastifyInstance, lines: { productId: number; quantity: number }[]) {
  const { id } = await createOrder(app)
  for (const line of lines) {
    const res = await addLine(app, id, line.productId, line.quantity)
    if (res.statusCode !== 201) throw new Error(`line failed: ${res.statusCode} ${res.body}`)
  }
  return id
}

/** Priced, in-stock, not free products of the demo catalogue, lowest ids first. */
/** Row `index` of a test's rows, failing the test clearly when the fixture has fewer. */
export function nth<T>(rows: readonly T[], index: number): T {
  const row = rows[index]
  if (row === undefined) throw new Error(`no row ${index}: the fixture has ${rows.length}`)
  return row
}

/** The stored order with this id, as the webhook and the payment page left it. */
export async function orderRow(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id))
  if (!row) throw new Error(`no order ${id}`)
  return row
}

export function productsForSale(db: Database, count: number) {
  return db
    .select()
    .from(products)
    .where(
      and(
        gt(products.qty, 10),
        eq(products.isFree, false),
        isNotNull(products.salePricePence),
        gt(products.salePricePence, 0),
      ),
    )
    .orderBy(asc(products.id))
    .limit(count)
}

export async function product(db: Database, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  if (!row) throw new Error(`no product ${id}`)
  return row
}

export async function setStock(db: Database, id: number, qty: number) {
  await db.update(products).set({ qty }).where(eq(products.id, id))
}

/** Posts a Stripe-format event, signed with the test secret as Stripe would, to the webhook. */
export function deliverEvent(shop: ShopApp, event: object, signature?: string) {
  const payload = JSON.stringify(event)
  return shop.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? shop.provider.signWebhook(payload),
    },
  })
}

let eventCounter = 0

/** checkout.session.completed as Stripe sends it for a paid session. */
export function paidEvent(
  orderId: string,
  amountTotalPence: number,
  overrides: { id?: string; paymentIntentId?: string } = {},
) {
  eventCounter += 1
  return {
    id: overrides.id ?? `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${eventCounter}`,
        object: 'checkout.session',
        amount_total: amountTotalPence,
        currency: 'gbp',
        client_reference_id: orderId,
        metadata: { orderId },
        payment_intent: overrides.paymentIntentId ?? `pi_test_${eventCounter}`,
        payment_method_types: ['card'],
        payment_status: 'paid',
        status: 'complete',
      },
    },
  }
}
