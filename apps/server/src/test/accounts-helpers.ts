import type { FastifyInstance } from 'fastify'
import type { RegisterPayload } from '@larder/shared'
import { xsrfHeaders } from './test-app'

let counter = 0

/** A registration that passes every rule, unique per call. */
export function newShopper(overrides: Partial<RegisterPayload> = {}): RegisterPayload & { password: string } {
  counter += 1
  const id = `${Date.now().toString(36)}${counter}`
  return {
    login: `shopper${id}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id}@example.com`,
    password: 'correct horse battery',
    authorities: ['ROLE_CUSTOMER'],
    ...overrides,
  }
}

/** A stand-in for a client address, so tests never share a rate-limit bucket by accident. */
export const nextIp = () => `10.9.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`

export function postJson(app: FastifyInstance, url: string, payload: unknown, ip = nextIp(), headers = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: ip,
    headers: { ...xsrfHeaders, ...headers },
  })
}

export async function register(app: FastifyInstance, shopper = newShopper()) {
  const res = await postJson(app, '/api/register', shopper)
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  return shopper
}

export async function logIn(app: FastifyInstance, username: string, password: string, rememberMe = false) {
  const res = await postJson(app, '/api/authenticate', { username, password, rememberMe })
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`)
  return res.json<{ id_token: string }>().id_token
}

export const getAccount = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${token}` } })

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-21T10:00:00Z') {
  let now = new Date(start)
  return {
    clock: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms)
    },
  }
}
