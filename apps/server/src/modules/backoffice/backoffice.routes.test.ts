import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backOfficeMessages } from '@larder/shared'
import { auditLog, outboxMail, users } from '../../db/schema'
import { logIn } from '../../test/accounts-helpers'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../test/test-app'

const keyFrom = (text: string) => {
  const match = /accept-invitation\?key=([\w%-]+)/.exec(text)
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`)
  return decodeURIComponent(match[1])
}

describe.each(DATABASE_KINDS)('back office on %s', (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
  })
  afterAll(async () => {
    await t?.close()
  })

  const latestMailTo = async (address: string) => {
    const rows = await t.database.db
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.toAddress, address))
      .orderBy(desc(outboxMail.id))
      .limit(1)
    const mail = rows[0]
    if (!mail) throw new Error(`no mail to ${address}`)
    return mail
  }

  describe('every back-office route', () => {
    const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1')
    const routes = () => t.app.backOfficeRoutes.routes

    it('is listed, under /api/vendor or /api/admin', () => {
      expect(routes().length).toBeGreaterThan(3)
      for (const route of routes()) expect(route.url).toMatch(/^\/api\/(vendor|admin)\//)
    })

    it('refuses anonymous callers with 401 and customers with 403, whatever the body', async () => {
      for (const { method, url } of routes()) {
        const verb = method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
        const anonymous = await call(t.app, undefined, verb, concrete(url), {})
        expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401)
        const customer = await call(t.app, s.customer, verb, concrete(url), {})
        expect(customer.statusCode, `${method} ${url} customer`).toBe(403)
        expect(customer.headers['cache-control']).toBe('no-store')
      }
    })

    it('refuses the operator on the shop side and shop staff on the operator side', async () => {
      for (const { method, url } of routes()) {
        const verb = method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
        if (url.startsWith('/api/vendor/')) {
          const res = await call(t.app, s.admin, verb, concrete(url), {})
          expect(res.statusCode, `${method} ${url} admin`).toBe(403)
          expect(res.json()).toEqual({ message: backOfficeMessages.notStaff })
        } else {
          for (const vendor of [s.vendorA, s.vendorB]) {
            const res = await call(t.app, vendor, verb, concrete(url), {})
            expect(res.statusCode, `${method} ${url} vendor`).toBe(403)
          }
        }
      }
    })

    it('refuses a vendor whose role was taken away, at once (roles are read per request)', async () => {
      const before = await call(t.app, s.vendorA, 'GET', '/api/vendor/me')
      expect(before.statusCode).toBe(200)
      await t.database.db
        .update(users)
        .set({ roles: ['ROLE_CUSTOMER'], shopId: null })
        .where(eq(users.id, SHOP_A))
      try {
        expect((await call(t.app, s.vendorA, 'GET', '/api/vendor/me')).statusCode).toBe(403)
      } finally {
        await t.database.db
          .update(users)
          .set({ roles: ['ROLE_VENDOR'], shopId: SHOP_A })
          .where(eq(users.id, SHOP_A))
      }
    })
  })

  describe('GET /api/vendor/me and /api/admin/me', () => {
    it("answers the vendor's own shop", async () => {
      const a = await call(t.app, s.vendorA, 'GET', '/api/vendor/me')
      expect(a.json()).toMatchObject({ id: SHOP_A, isAdmin: false, shop: { id: SHOP_A } })
      const b = await call(t.app, s.vendorB, 'GET', '/api/vendor/me')
      expect(b.json()).toMatchObject({ id: SHOP_B, shop: { id: SHOP_B } })
    })

    it('answers the operator, who has no shop', async () => {
      const res = await call(t.app, s.admin, 'GET', '/api/admin/me')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ isAdmin: true, shop: null, roles: ['ROLE_ADMIN'] })
    })
  })

  describe('invitations', () => {
    it('lets a member invite to their own shop only; the invitee sets a password once and works there', async () => {
      const email = `new.member.${Date.now()}@example.com`
      // A shopId in the body is not part of the vendor's schema and changes nothing.
      const res = await call(t.app, s.vendorA, 'POST', '/api/vendor/invitations', {
        email,
        firstName: 'Nia',
        lastName: 'Okafor',
        shopId: SHOP_B,
      })
      expect(res.statusCode).toBe(201)
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
      expect(row).toMatchObject({ roles: ['ROLE_VENDOR'], shopId: SHOP_A, passwordHash: null })

      const mail = await latestMailTo(email)
      expect(mail.subject).toContain('Greenford Community Larder')
      const key = keyFrom(mail.textBody)
      const info = await call(t.app, undefined, 'GET', `/api/invitations/${encodeURIComponent(key)}`)
      expect(info.json()).toMatchObject({
        email,
        role: 'ROLE_VENDOR',
        shopName: 'Greenford Community Larder',
      })

      expect(
        (
          await call(t.app, undefined, 'POST', '/api/invitations/accept', {
            key,
            newPassword: 'chosen-secret',
          })
        ).statusCode,
      ).toBe(204)
      // Single use.
      const again = await call(t.app, undefined, 'POST', '/api/invitations/accept', {
        key,
        newPassword: 'other-secret',
      })
      expect(again.statusCode).toBe(400)
      expect(again.json()).toEqual({ message: backOfficeMessages.invitationInvalid })
      expect(
        (await call(t.app, undefined, 'GET', `/api/invitations/${encodeURIComponent(key)}`)).statusCode,
      ).toBe(404)

      const token = await logIn(t.app, email, 'chosen-secret')
      const me = await call(t.app, token, 'GET', '/api/vendor/me')
      expect(me.json()).toMatchObject({ shop: { id: SHOP_A } })
      const team = await call(t.app, token, 'GET', '/api/vendor/team')
      expect(team.json<{ email: string; active: boolean }[]>()).toContainEqual(
        expect.objectContaining({ email, active: true }),
      )

      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, row?.id ?? ''))
      expect(audit).toMatchObject({
        action: 'invitation.create',
        actorId: SHOP_A,
        shopId: SHOP_A,
        before: null,
      })
      expect(audit?.after).toMatchObject({ email, shopId: SHOP_A, roles: ['ROLE_VENDOR'] })
      expect(JSON.stringify(audit?.after)).not.toContain('passwordHash')
    })

    it("shows shop B's staff nothing of shop A's team", async () => {
      const team = await call(t.app, s.vendorB, 'GET', '/api/vendor/team')
      const emails = team.json<{ email: string }[]>().map((member) => member.email)
      expect(emails).toContain('vendor2@larder.test')
      expect(emails).not.toContain('vendor1@larder.test')
    })

    it('refuses an address that has an account, or is staff of another shop', async () => {
      const taken = await call(t.app, s.vendorB, 'POST', '/api/vendor/invitations', {
        email: 'vendor1@larder.test',
      })
      expect(taken.statusCode).toBe(409)
      expect(taken.json()).toEqual({
        message: backOfficeMessages.emailOtherShop,
        fieldErrors: { email: [backOfficeMessages.emailOtherShop] },
      })
      const admin = await call(t.app, s.vendorB, 'POST', '/api/vendor/invitations', {
        email: 'admin@larder.test',
      })
      expect(admin.statusCode).toBe(409)
      expect(admin.json()).toEqual({
        message: backOfficeMessages.emailHasAccount,
        fieldErrors: { email: [backOfficeMessages.emailHasAccount] },
      })
    })

    it('lets the operator invite a member of any shop, or another operator', async () => {
      const email = `b.member.${Date.now()}@example.com`
      const res = await call(t.app, s.admin, 'POST', '/api/admin/invitations', {
        email,
        role: 'ROLE_VENDOR',
        shopId: SHOP_B,
      })
      expect(res.statusCode).toBe(201)
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
      expect(row).toMatchObject({ roles: ['ROLE_VENDOR'], shopId: SHOP_B })
      const noShop = await call(t.app, s.admin, 'POST', '/api/admin/invitations', {
        email: `x${email}`,
        role: 'ROLE_VENDOR',
      })
      expect(noShop.statusCode).toBe(400)
      const unknownShop = await call(t.app, s.admin, 'POST', '/api/admin/invitations', {
        email: `y${email}`,
        role: 'ROLE_VENDOR',
        shopId: 'no-such-shop',
      })
      expect(unknownShop.statusCode).toBe(404)
      const operator = await call(t.app, s.admin, 'POST', '/api/admin/invitations', {
        email: `op.${email}`,
        role: 'ROLE_ADMIN',
      })
      expect(operator.statusCode).toBe(201)
      const mail = await latestMailTo(`op.${email}`)
      expect(mail.subject).toContain("Larder's operators")
    })

    it('renews a pending invitation, and the older link stops working', async () => {
      const email = `renewed.${Date.now()}@example.com`
      await call(t.app, s.vendorA, 'POST', '/api/vendor/invitations', { email })
      const first = keyFrom((await latestMailTo(email)).textBody)
      expect((await call(t.app, s.vendorA, 'POST', '/api/vendor/invitations', { email })).statusCode).toBe(
        201,
      )
      const second = keyFrom((await latestMailTo(email)).textBody)
      expect(second).not.toBe(first)
      expect(
        (
          await call(t.app, undefined, 'POST', '/api/invitations/accept', {
            key: second,
            newPassword: 'secret-two',
          })
        ).statusCode,
      ).toBe(204)
      // Accepting one voids every other key of the account.
      expect(
        (
          await call(t.app, undefined, 'POST', '/api/invitations/accept', {
            key: first,
            newPassword: 'secret-one',
          })
        ).statusCode,
      ).toBe(400)
    })
  })

  describe('GET /api/admin/audit-log', () => {
    it('lists the changes newest first, and of one shop when asked', async () => {
      const all = await call(t.app, s.admin, 'GET', '/api/admin/audit-log?size=100')
      expect(all.statusCode).toBe(200)
      const entries = all.json<{ id: number; shopId: string | null }[]>()
      expect(entries.length).toBeGreaterThan(0)
      expect(entries.map((entry) => entry.id)).toEqual(
        [...entries.map((entry) => entry.id)].sort((a, b) => b - a),
      )
      const shopB = await call(t.app, s.admin, 'GET', `/api/admin/audit-log?shopId=${SHOP_B}`)
      expect(shopB.json<{ shopId: string }[]>().every((entry) => entry.shopId === SHOP_B)).toBe(true)
    })
  })
})
