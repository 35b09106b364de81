import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ConflictError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  OrderClosedError,
  UnavailableError,
} from '../lib/domain-errors'
import { frameworkErrors, HttpError, registerErrorHandling } from './errors'

async function appWithRoutes() {
  const app = Fastify({ logger: false, frameworkErrors })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  const typed = app.withTypeProvider<ZodTypeProvider>()
  typed.get('/boom', () => {
    throw new Error('database password is hunter2')
  })
  typed.get('/teapot', () => {
    throw new HttpError(418, 'I am a teapot', { brew: ['too strong'] })
  })
  const refusals = {
    invalid: new InvalidInputError('bad input'),
    anonymous: new NotAuthenticatedError('who are you'),
    missing: new NotFoundError('not here'),
    clash: new ConflictError('out of stock'),
    closed: new OrderClosedError('already paid'),
    unavailable: new UnavailableError('not set up'),
  }
  typed.get('/refusal/:kind', (request) => {
    throw refusals[(request.params as { kind: keyof typeof refusals }).kind]
  })
  typed.get('/items/:name', (request) => request.params)
  typed.post('/echo', { schema: { body: z.object({ name: z.string().min(2) }) } }, (request) => request.body)
  await app.ready()
  return app
}

describe('error handling', () => {
  it('hides the details and stack of a 5xx', async () => {
    const app = await appWithRoutes()
    const res = await app.inject({ method: 'GET', url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('hunter2')
    expect(res.body).not.toContain('at ')
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' })
  })

  it('passes on the message and field errors of an HttpError', async () => {
    const app = await appWithRoutes()
    const res = await app.inject({ method: 'GET', url: '/teapot' })
    expect(res.statusCode).toBe(418)
    expect(res.json()).toEqual({ message: 'I am a teapot', fieldErrors: { brew: ['too strong'] } })
  })

  it.each([
    ['invalid', 400, 'bad input'],
    ['anonymous', 401, 'who are you'],
    ['missing', 404, 'not here'],
    ['clash', 409, 'out of stock'],
    ['closed', 409, 'already paid'],
    ['unavailable', 503, 'not set up'],
  ])('answers a domain refusal (%s) with its status and message', async (kind, status, message) => {
    const app = await appWithRoutes()
    const res = await app.inject({ method: 'GET', url: `/refusal/${kind}` })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ message })
  })

  it('names the invalid field of a body', async () => {
    const app = await appWithRoutes()
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } })
    expect(res.statusCode).toBe(400)
    const body = res.json<{ message: string; fieldErrors: Record<string, string[]> }>()
    expect(body.message).toContain('name')
    expect(Object.keys(body.fieldErrors)).toEqual(['name'])
  })

  it('answers an address with a % escape that is not UTF-8 in its own shape', async () => {
    const app = await appWithRoutes()
    const res = await app.inject({ method: 'GET', url: '/items/%FF' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      message: 'Invalid request: the address has an escape (%) that is not UTF-8',
    })
  })

  it('answers malformed JSON with a 400 JSON body', async () => {
    const app = await appWithRoutes()
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toMatch(/json/i)
  })
})
