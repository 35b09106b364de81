import { and, desc, eq, gt, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  backOfficeMessages,
  operatorMessages,
  type AdminCategory,
  type Category,
  type MessagePage,
} from '@larder/shared'
import { DEMO_VENDOR_PASSWORD } from '../../db/seed/demo-accounts'
import { auditLog, categories, contactMessages, outboxMail, products } from '../../db/schema'
import { logIn, postJson, register } from '../../test/accounts-helpers'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../test/test-app'
import { orderForm } from '../payments/payments-test-helpers'

/** Every operator route added for shops, the category tree, messages and users, with a request each. */
const OPERATOR_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string][] = [
  ['GET', '/api/admin/shops'],
  ['POST', '/api/admin/shops'],
  ['PUT', `/api/admin/shops/${SHOP_A}`],
  ['POST', `/api/admin/shops/${SHOP_A}/suspension`],
  ['GET', '/api/admin/categories'],
  ['POST', '/api/admin/categories'],
  ['PATCH', '/api/admin/categories/1'],
  ['GET', '/api/admin/messages'],
  ['PATCH', '/api/admin/messages/1'],
  ['GET', '/api/admin/users?q=vendor'],
  ['PATCH', `/api/admin/users/${SHOP_B}`],
  ['POST', `/api/admin/users/${SHOP_B}/reset-link`],
]

const names = (tree: Category[]): string[] =>
  tree.flatMap((node) => [node.categoryName, ...names(node.subCategory)])

describe.each(DATABASE_KINDS)("the operator's shops, tree, messages and users on %s", (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
  })
  afterAll(async () => {
    await t?.close()
  })

  const lastAudit = async () => {
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
    return row
  }

  it('refuses every route to anonymous callers (401), customers and shop staff (403), changing nothing', async () => {
    const listed = t.app.backOfficeRoutes.routes.map((route) => `${route.method} ${route.url}`)
    for (const [method, url] of OPERATOR_ROUTES) {
      const pattern = url.split('?')[0]?.replace(SHOP_A, ':id').replace(SHOP_B, ':id').replace(/\/1$/, '/:id')
      expect(listed, `${method} ${pattern} is behind the admin scope`).toContain(`${method} ${pattern}`)
      const body = method === 'GET' ? undefined : { suspended: true, disabled: true, handled: true }
      expect((await call(t.app, undefined, method, url, body)).statusCode, `${method} ${url}`).toBe(401)
      for (const token of [s.customer, s.vendorA, s.vendorB]) {
        const res = await call(t.app, token, method, url, body)
        expect(res.statusCode, `${method} ${url}`).toBe(403)
        expect(res.json()).toEqual({ message: "This page is for Larder's operators." })
      }
    }
    // The suspension and the disabling above were refused: shop A's products and shop B's log-in still work.
    expect((await call(t.app, s.vendorB, 'GET', '/api/vendor/me')).statusCode).toBe(200)
    const listing = await call(
      t.app,
      undefined,
      'GET',
      `/api/public/_search/products?query=vendorID:"${SHOP_A}"`,
    )
    expect(Number(listing.headers['x-total-count'])).toBeGreaterThan(0)
  })

  describe('shops', () => {
    it('creates a shop with its first member, who is invited by e-mail, and records it', async () => {
      const email = `owner.${Date.now()}@example.com`
      const res = await call(t.app, s.admin, 'POST', '/api/admin/shops', {
        shop: {
          companyName: 'Pinner Cheese Room',
          city: 'Pinner',
          companyAddress: '3 Bridge Street, Pinner HA5 3HR',
          companyPhone: '020 8866 0000',
          description: 'Cheese from small dairies.',
        },
        member: { email, firstName: 'Ola', lastName: 'Bello' },
      })
      expect(res.statusCode, res.body).toBe(201)
      const { shop, invitation } = res.json<{ shop: { id: string }; invitation: { userId: string } }>()
      expect(invitation.userId).toBe(shop.id)
      const [mail] = await t.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, email))
      expect(mail?.textBody).toMatch(/accept-invitation\?key=/)
      expect(mail?.textBody).toContain('Pinner Cheese Room')
      expect(await lastAudit()).toMatchObject({ action: 'shop.create', entityId: shop.id, shopId: shop.id })
      const publicShops = await call(t.app, undefined, 'GET', '/api/public/users')
      expect(publicShops.json<{ id: string }[]>().map((row) => row.id)).toContain(shop.id)

      const again = await call(t.app, s.admin, 'POST', '/api/admin/shops', {
        shop: { companyName: 'X', city: 'Y', companyAddress: 'Z', companyPhone: '020 8866 0000' },
        member: { email },
      })
      expect(again.statusCode).toBe(409)
      // Named as the body names the field, so the form shows it beside the member's e-mail address.
      expect(again.json()).toMatchObject({
        fieldErrors: { 'member.email': [backOfficeMessages.emailHasAccount] },
      })
    })

    it('refuses an invalid shop with the field and its message', async () => {
      const res = await call(t.app, s.admin, 'PUT', `/api/admin/shops/${SHOP_B}`, {
        companyName: ' ',
        city: 'Harrow',
        companyAddress: '1 High Street',
        companyPhone: 'call me',
      })
      expect(res.statusCode).toBe(400)
      expect(JSON.stringify(res.json())).toContain(operatorMessages.phoneInvalid)
    })

    it('edits the fields the storefront shows, before and after in the audit log', async () => {
      const res = await call(t.app, s.admin, 'PUT', `/api/admin/shops/${SHOP_B}`, {
        companyName: 'Renamed Deli',
        city: 'Wealdstone',
        companyAddress: '9 High Street',
        companyPhone: '020 8427 1111',
        description: 'Now in Wealdstone.',
      })
      expect(res.statusCode, res.body).toBe(204)
      const shops = (await call(t.app, undefined, 'GET', '/api/public/users')).json<
        { id: string; companyName: string; city: string }[]
      >()
      expect(shops.find((shop) => shop.id === SHOP_B)).toMatchObject({
        companyName: 'Renamed Deli',
        city: 'Wealdstone',
      })
      expect(await lastAudit()).toMatchObject({
        action: 'shop.update',
        after: expect.objectContaining({ companyName: 'Renamed Deli' }) as unknown,
      })
    })

    it('takes a suspended shop and its products off the shop list, listings, search, product pages, orders and checkout, at once', async () => {
      const [product] = await t.database.db
        .select()
        .from(products)
        .where(
          and(
            eq(products.vendorId, SHOP_A),
            gt(products.qty, 5),
            isNotNull(products.salePricePence),
            eq(products.isFree, false),
          ),
        )
        .limit(1)
      if (!product) throw new Error('shop A has no product for sale')
      const bySearch = `/api/public/_search/products?query=${encodeURIComponent(`vendorID:"${SHOP_A}"`)}`
      const byName = `/api/public/_search/products?query=${encodeURIComponent(`id:${product.id}`)}`
      const get = (url: string) => call(t.app, undefined, 'GET', url)
      // Read first, so the cached replies and totals must be cleared for the test to pass.
      expect((await get(`/api/public/products/${product.id}`)).statusCode).toBe(200)
      expect(Number((await get(bySearch)).headers['x-total-count'])).toBeGreaterThan(0)
      const allBefore = Number((await get('/api/public/products?size=1')).headers['x-total-count'])
      const shopIds = async () =>
        (await get('/api/public/users')).json<{ id: string }[]>().map((shop) => shop.id)
      expect(await shopIds()).toContain(SHOP_A)
      // A basket made before the suspension.
      const order = await postJson(t.app, '/api/public/orders', orderForm())
      expect(order.statusCode, order.body).toBe(201)
      const orderId = order.json<{ id: string }>().id
      const line = await postJson(t.app, '/api/public/order-products', {
        orderId,
        productId: product.id,
        quantity: 1,
      })
      expect(line.statusCode, line.body).toBe(201)

      const suspend = await call(t.app, s.admin, 'POST', `/api/admin/shops/${SHOP_A}/suspension`, {
        suspended: true,
      })
      expect(suspend.statusCode, suspend.body).toBe(200)
      expect(suspend.json()).toMatchObject({ id: SHOP_A, suspendedAt: expect.any(String) as unknown })
      expect(await lastAudit()).toMatchObject({ action: 'shop.suspend', shopId: SHOP_A })

      expect((await get(`/api/public/products/${product.id}`)).statusCode).toBe(404)
      expect(Number((await get(bySearch)).headers['x-total-count'])).toBe(0)
      expect((await get(byName)).json()).toEqual([])
      const allAfter = Number((await get('/api/public/products?size=1')).headers['x-total-count'])
      expect(allAfter).toBeLessThan(allBefore)
      const listing = (await get('/api/public/products?size=100')).json<{ vendorID: string }[]>()
      expect(listing.some((row) => row.vendorID === SHOP_A)).toBe(false)
      expect(await shopIds()).not.toContain(SHOP_A)
      // Neither a new line nor the checkout of the basket that holds one.
      const added = await postJson(t.app, '/api/public/order-products', {
        orderId,
        productId: product.id,
        quantity: 2,
      })
      expect(added.statusCode).toBe(404)
      const checkout = await postJson(t.app, `/api/stripe/create-checkout-session?orderId=${orderId}`, {})
      expect(checkout.statusCode, checkout.body).toBe(409)
      expect(checkout.json<{ message: string }>().message).toMatch(/no longer on sale/)

      const restore = await call(t.app, s.admin, 'POST', `/api/admin/shops/${SHOP_A}/suspension`, {
        suspended: false,
      })
      expect(restore.json()).toMatchObject({ suspendedAt: null })
      expect((await get(`/api/public/products/${product.id}`)).statusCode).toBe(200)
      expect(Number((await get('/api/public/products?size=1')).headers['x-total-count'])).toBe(allBefore)
      expect(await shopIds()).toContain(SHOP_A)
    })

    it('answers 404 for a shop that does not exist', async () => {
      const res = await call(t.app, s.admin, 'POST', '/api/admin/shops/nope/suspension', { suspended: true })
      expect(res.statusCode).toBe(404)
    })
  })

  describe('category tree', () => {
    const tree = async () =>
      (await call(t.app, s.admin, 'GET', '/api/admin/categories')).json<AdminCategory[]>()
    const storefrontTree = async () =>
      names((await call(t.app, undefined, 'GET', '/api/public/categories')).json<Category[]>())

    it("renames a node and keeps its products' category fields and its subtree's paths in step", async () => {
      // A product's category is a leaf; its parent's rename must reach the product's categoryL2.
      const nodes = await tree()
      const leaf = nodes.find((node) => node.level === 3 && node.productCount > 0)
      const level2 = nodes.find((node) => node.id === leaf?.parentId)
      if (!leaf || !level2) throw new Error('no level-3 category with products')
      const [product] = await t.database.db
        .select()
        .from(products)
        .where(eq(products.categoryId, leaf.id))
        .limit(1)
      if (!product) throw new Error('no product')
      const renamed = `${level2.name} and more`
      const res = await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${level2.id}`, { name: renamed })
      expect(res.statusCode, res.body).toBe(204)
      const shown = (await call(t.app, undefined, 'GET', `/api/public/products/${product.id}`)).json<{
        categoryL2: string
      }>()
      expect(shown.categoryL2).toBe(renamed)
      const children = await t.database.db.select().from(categories).where(eq(categories.parentId, level2.id))
      for (const child of children) expect(child.l2).toBe(renamed)
      expect(await storefrontTree()).toContain(renamed)
      expect(await lastAudit()).toMatchObject({ action: 'category.rename', entityId: String(level2.id) })
      const found = await call(
        t.app,
        undefined,
        'GET',
        `/api/public/_search/products?query=${encodeURIComponent(`categoryL2:"${renamed}"`)}`,
      )
      expect(Number(found.headers['x-total-count'])).toBeGreaterThan(0)
    })

    it('adds, moves within three levels and hides; refuses a fourth level, a cycle and a duplicate', async () => {
      const top = await call(t.app, s.admin, 'POST', '/api/admin/categories', {
        name: 'Seasonal',
        parentId: null,
      })
      expect(top.statusCode, top.body).toBe(201)
      const seasonal = top.json<AdminCategory>()
      const child = (
        await call(t.app, s.admin, 'POST', '/api/admin/categories', {
          name: 'Christmas',
          parentId: seasonal.id,
        })
      ).json<AdminCategory>()
      const leaf = (
        await call(t.app, s.admin, 'POST', '/api/admin/categories', { name: 'Puddings', parentId: child.id })
      ).json<AdminCategory>()
      expect(leaf.level).toBe(3)
      expect(
        (await call(t.app, s.admin, 'POST', '/api/admin/categories', { name: 'Too deep', parentId: leaf.id }))
          .statusCode,
      ).toBe(409)
      expect(
        (
          await call(t.app, s.admin, 'POST', '/api/admin/categories', {
            name: 'christmas',
            parentId: seasonal.id,
          })
        ).json(),
      ).toEqual({
        message: operatorMessages.categoryTaken,
        fieldErrors: { name: [operatorMessages.categoryTaken] },
      })
      expect(
        (
          await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${seasonal.id}`, { parentId: leaf.id })
        ).json(),
      ).toEqual({ message: operatorMessages.categoryIntoItself })

      // Christmas (with Puddings) moves under another top-level node: its path and its child's follow.
      const other = (await tree()).find((node) => node.level === 1 && node.id !== seasonal.id)
      if (!other) throw new Error('no other top-level node')
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${child.id}`, { parentId: other.id }))
          .statusCode,
      ).toBe(204)
      const [moved] = await t.database.db.select().from(categories).where(eq(categories.id, leaf.id))
      expect(moved).toMatchObject({ level: 3, l1: other.name, l2: 'Christmas', l3: 'Puddings' })
      // A level-1 node with two levels below cannot go under anything: that would be a fourth level.
      expect(
        (
          await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${other.id}`, { parentId: seasonal.id })
        ).json(),
      ).toEqual({ message: operatorMessages.categoryTooDeep })
      // Up to the top: Christmas becomes level 1 and Puddings level 2.
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${child.id}`, { parentId: null }))
          .statusCode,
      ).toBe(204)
      const [lifted] = await t.database.db.select().from(categories).where(eq(categories.id, leaf.id))
      expect(lifted).toMatchObject({ level: 2, l1: 'Christmas', l2: 'Puddings', l3: null })

      expect(await storefrontTree()).toContain('Puddings')
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/categories/${child.id}`, { hidden: true }))
          .statusCode,
      ).toBe(204)
      const shown = await storefrontTree()
      expect(shown).toContain('Seasonal')
      expect(shown).toContain(other.name)
      expect(shown).not.toContain('Christmas')
      expect(shown).not.toContain('Puddings')
      expect((await tree()).find((node) => node.id === child.id)).toMatchObject({ hidden: true })
      expect(await lastAudit()).toMatchObject({ action: 'category.hide' })
    })
  })

  describe('contact messages', () => {
    it('lists newest first a page at a time and marks handled and waiting again', async () => {
      for (const n of [1, 2, 3]) {
        await t.database.db.insert(contactMessages).values({
          name: `Sender ${n}`,
          email: `sender${n}@example.com`,
          message: `Message ${n}`,
          createdAt: new Date(Date.UTC(2026, 10, 20, 10, n)),
        })
      }
      const page = (await call(t.app, s.admin, 'GET', '/api/admin/messages?size=2')).json<MessagePage>()
      expect(page.items.map((item) => item.message)).toEqual(['Message 3', 'Message 2'])
      expect(page.total).toBeGreaterThanOrEqual(3)
      const second = (
        await call(t.app, s.admin, 'GET', '/api/admin/messages?size=2&page=1')
      ).json<MessagePage>()
      expect(second.items[0]?.message).toBe('Message 1')

      const id = page.items[0]?.id ?? 0
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/messages/${id}`, { handled: true })).statusCode,
      ).toBe(204)
      const waiting = (
        await call(t.app, s.admin, 'GET', '/api/admin/messages?status=waiting')
      ).json<MessagePage>()
      expect(waiting.items.map((item) => item.id)).not.toContain(id)
      const handled = (
        await call(t.app, s.admin, 'GET', '/api/admin/messages?status=handled')
      ).json<MessagePage>()
      expect(handled.items.map((item) => item.id)).toContain(id)
      expect(await lastAudit()).toMatchObject({ action: 'message.handle', entityId: String(id) })
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/messages/${id}`, { handled: false })).statusCode,
      ).toBe(204)
      expect(await lastAudit()).toMatchObject({ action: 'message.reopen' })
      expect(
        (await call(t.app, s.admin, 'PATCH', '/api/admin/messages/999999', { handled: true })).statusCode,
      ).toBe(404)
    })
  })

  describe('users', () => {
    it('finds by e-mail or login; a disabled account cannot log in and its sessions end; enabling restores it', async () => {
      const shopper = await register(t.app)
      const session = await logIn(t.app, shopper.login, shopper.password)
      const found = await call(
        t.app,
        s.admin,
        'GET',
        `/api/admin/users?q=${encodeURIComponent(shopper.login)}`,
      )
      const user = found.json<{ id: string; login: string }[]>().find((row) => row.login === shopper.login)
      if (!user) throw new Error('not found')
      expect((await call(t.app, s.admin, 'GET', '/api/admin/users?q=v')).statusCode).toBe(400)

      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/users/${user.id}`, { disabled: true })).statusCode,
      ).toBe(204)
      expect(await lastAudit()).toMatchObject({ action: 'user.disable', entityId: user.id })
      expect((await call(t.app, session, 'GET', '/api/account')).statusCode).toBe(401)
      const refused = await postJson(t.app, '/api/authenticate', {
        username: shopper.login,
        password: shopper.password,
        rememberMe: false,
      })
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toEqual({ message: operatorMessages.accountDisabled })
      const wrong = await postJson(t.app, '/api/authenticate', {
        username: shopper.login,
        password: 'not-the-password',
        rememberMe: false,
      })
      expect(wrong.json<{ message: string }>().message).not.toBe(operatorMessages.accountDisabled)

      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/users/${user.id}`, { disabled: false })).statusCode,
      ).toBe(204)
      expect(await logIn(t.app, shopper.login, shopper.password)).toEqual(expect.any(String))
    })

    it('disables a vendor too, but never the operator themselves', async () => {
      const vendor = await logIn(t.app, 'vendor2@larder.test', DEMO_VENDOR_PASSWORD)
      expect(
        (await call(t.app, s.admin, 'PATCH', `/api/admin/users/${SHOP_B}`, { disabled: true })).statusCode,
      ).toBe(204)
      expect((await call(t.app, vendor, 'GET', '/api/vendor/me')).statusCode).toBe(401)
      await call(t.app, s.admin, 'PATCH', `/api/admin/users/${SHOP_B}`, { disabled: false })
      const me = (await call(t.app, s.admin, 'GET', '/api/admin/me')).json<{ id: string }>()
      const self = await call(t.app, s.admin, 'PATCH', `/api/admin/users/${me.id}`, { disabled: true })
      expect(self.statusCode).toBe(409)
    })

    it('sends a reset link through the password-reset e-mail', async () => {
      const shopper = await register(t.app)
      const found = (
        await call(t.app, s.admin, 'GET', `/api/admin/users?q=${encodeURIComponent(shopper.email)}`)
      ).json<{ id: string }[]>()
      const id = found[0]?.id ?? ''
      expect((await call(t.app, s.admin, 'POST', `/api/admin/users/${id}/reset-link`)).statusCode).toBe(204)
      const [mail] = await t.database.db
        .select()
        .from(outboxMail)
        .where(eq(outboxMail.toAddress, shopper.email))
        .orderBy(desc(outboxMail.id))
        .limit(1)
      expect(mail?.textBody).toMatch(/reset-password\?key=/)
      expect(await lastAudit()).toMatchObject({ action: 'user.reset-link', entityId: id })
    })
  })
})
