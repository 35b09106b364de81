import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createShopApp, type ShopApp } from '../modules/payments/payments-test-helpers'
import { xsrfHeaders } from '../test/test-app'

/**
 * What reaches the server before any route runs: broken JSON, oversized bodies, and clients that send a
 * request very slowly. Each must get a JSON answer (or a timeout) and never hold up other shoppers.
 */
describe('HTTP edges', () => {
  let shop: ShopApp
  let port = 0
  beforeAll(async () => {
    shop = await createShopApp('pglite')
    await shop.app.listen({ port: 0, host: '127.0.0.1' })
    const address = shop.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(async () => {
    await shop?.close()
  })

  it('answers a malformed JSON body with 400 and a JSON message', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/public/orders',
      payload: '{"email": "ada@example.com",',
      headers: { ...xsrfHeaders, 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json<{ message: string }>().message).toEqual(expect.any(String))
  })

  it('answers a 10 MB body with 413 and a JSON message', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(10 * 1024 * 1024) })
    const res = await fetch(`http://127.0.0.1:${port}/api/public/orders`, {
      method: 'POST',
      body: big,
      headers: { ...xsrfHeaders, 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String))
  })

  it('sets request and header timeouts, so a client that trickles its request is cut off eventually', () => {
    // Node's defaults differ by version and Fastify's requestTimeout default of 0 means "never".
    expect(shop.app.server.requestTimeout).toBeGreaterThan(0)
    expect(shop.app.server.headersTimeout).toBeGreaterThan(0)
  })

  it('keeps answering other requests while slow clients trickle their headers and bodies', async () => {
    const sockets: net.Socket[] = []
    const open = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
        socket.on('error', reject)
        sockets.push(socket)
      })
    try {
      // Twenty slow clients: ten stuck in their headers, ten in a body that claims far more than it sends.
      for (let i = 0; i < 10; i++) {
        const headers = await open()
        headers.write('GET /api/public/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
        const body = await open()
        body.write(
          'POST /api/public/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100000\r\n\r\n{"email":',
        )
      }
      for (let round = 0; round < 3; round++) {
        for (const socket of sockets) socket.write('a')
        const res = await fetch(`http://127.0.0.1:${port}/readyz`)
        expect(res.status).toBe(200)
        const list = await fetch(`http://127.0.0.1:${port}/api/public/products?page=0&size=5`)
        expect(list.status).toBe(200)
      }
    } finally {
      for (const socket of sockets) socket.destroy()
    }
  })
})
