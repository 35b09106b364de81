import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pictureMessages, UPLOAD_WIDTHS, type ProductPictures } from '@larder/shared'
import { auditLog, pictureVariants, products } from '../../db/schema'
import { nextIp } from '../../test/accounts-helpers'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { HEIC_FIXTURE } from '../../test/picture-fixtures'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'

/** The value, or a failed test saying what was missing. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`no ${what}`)
  return value
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function upload(
  app: FastifyInstance,
  token: string | undefined,
  url: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----larder${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  )
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: {
      ...xsrfHeaders,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  })
}

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer()

describe.each(DATABASE_KINDS)('product pictures on %s', (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  let productA: number
  let productB: number
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
    const first = async (shop: string) => {
      const [row] = await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.vendorId, shop))
        .limit(1)
      if (!row) throw new Error(`no product of ${shop}`)
      return row.id
    }
    productA = await first(SHOP_A)
    productB = await first(SHOP_B)
  })
  afterAll(async () => {
    await t?.close()
  })

  const picturesOf = (id: number) => `/api/vendor/products/${id}/pictures`
  const storefrontImages = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/public/products/${id}` })).json<{ images: string[] }>()
      .images

  it('takes a PNG named .jpg (the content decides), stores every width and shows it on the storefront at once', async () => {
    const before = await storefrontImages(productA)
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
      bytes: await png(1600, 1200, '#c8553d'),
    })
    expect(res.statusCode).toBe(201)
    const body = res.json<ProductPictures>()
    const added = body.pictures.at(-1)
    expect(added).toMatchObject({ uploaded: true })
    expect(added?.src).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\/640\.webp$/)
    expect(body.pictures.map((picture) => picture.src)).toEqual([...before, added?.src])
    expect(await storefrontImages(productA)).toEqual([...before, added?.src])

    for (const width of UPLOAD_WIDTHS) {
      const variant = await t.app.inject({
        method: 'GET',
        url: present(added, 'picture').src.replace('640.webp', `${width}.webp`),
      })
      expect(variant.statusCode).toBe(200)
      expect(variant.headers['content-type']).toBe('image/webp')
      expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const metadata = await sharp(variant.rawPayload).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.width).toBe(width)
      expect(metadata.height).toBe(width * 0.75)
    }
    const [record] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.pictures.add'), eq(auditLog.entityId, String(productA))))
      .orderBy(desc(auditLog.id))
    expect(record).toMatchObject({
      shopId: SHOP_A,
      before: { images: before },
      after: { images: [...before, added?.src] },
    })
  })

  it('never enlarges a small picture', async () => {
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'small.png',
      type: 'image/png',
      bytes: await png(200, 100, '#3d8bc8'),
    })
    expect(res.statusCode).toBe(201)
    const src = present(res.json<ProductPictures>().pictures.at(-1), 'picture').src
    const big = await t.app.inject({ method: 'GET', url: src.replace('640.webp', '1280.webp') })
    expect((await sharp(big.rawPayload).metadata()).width).toBe(200)
  })

  it("takes an iPhone's HEIC photo (named .HEIC, sent as image/heic) and stores the same WebP widths", async () => {
    const before = await storefrontImages(productA)
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'IMG_0001.HEIC',
      type: 'image/heic',
      bytes: HEIC_FIXTURE,
    })
    expect(res.statusCode, res.body).toBe(201)
    const src = present(res.json<ProductPictures>().pictures.at(-1), 'picture').src
    expect(src).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\/640\.webp$/)
    expect(await storefrontImages(productA)).toEqual([...before, src])
    // 400×300: drawn at 160 and 320, never enlarged beyond 400.
    const expected: Record<number, [number, number]> = { 160: [160, 120], 320: [320, 240], 640: [400, 300] }
    expected[1280] = [400, 300]
    for (const width of UPLOAD_WIDTHS) {
      const variant = await t.app.inject({ method: 'GET', url: src.replace('640.webp', `${width}.webp`) })
      expect(variant.statusCode).toBe(200)
      expect(variant.headers['content-type']).toBe('image/webp')
      const metadata = await sharp(variant.rawPayload).metadata()
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', ...(expected[width] ?? [])])
    }
    const stored = await t.database.db
      .select({ width: pictureVariants.width })
      .from(pictureVariants)
      .where(eq(pictureVariants.hash, present(src.split('/')[3], 'hash')))
    expect(stored.map((row) => row.width).sort((a, b) => a - b)).toEqual([...UPLOAD_WIDTHS])
  })

  it('refuses a text file named .jpg, and says why', async () => {
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'photo.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('this is not a picture at all\n'.repeat(20)),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: pictureMessages.notAPicture })
  })

  it('refuses a file whose first bytes claim JPEG but which does not decode', async () => {
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'broken.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: pictureMessages.notAPicture })
  })

  it('refuses a file over 10 MB with 413, while it streams, and stores nothing', async () => {
    const images = await storefrontImages(productA)
    const res = await upload(t.app, s.vendorA, picturesOf(productA), {
      name: 'huge.jpg',
      type: 'image/jpeg',
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(10 * 1024 * 1024)]),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ message: pictureMessages.tooLarge })
    expect(await storefrontImages(productA)).toEqual(images)
  })

  it('reorders (the first is the main picture) and removes, dropping the widths no product shows', async () => {
    const current = (await call(t.app, s.vendorA, 'GET', picturesOf(productA))).json<ProductPictures>()
    const srcs = current.pictures.map((picture) => picture.src)
    const removed = present(srcs.at(-1), 'picture')
    const reordered = [present(srcs.at(-2), 'picture'), ...srcs.slice(0, -2)]
    const res = await call(t.app, s.vendorA, 'PUT', picturesOf(productA), { images: reordered })
    expect(res.statusCode).toBe(200)
    expect(res.json<ProductPictures>().pictures.map((picture) => picture.src)).toEqual(reordered)
    expect(await storefrontImages(productA)).toEqual(reordered)
    expect((await t.app.inject({ method: 'GET', url: removed })).statusCode).toBe(404)
    const hash = present(removed.split('/')[3], 'hash')
    expect(await t.database.db.select().from(pictureVariants).where(eq(pictureVariants.hash, hash))).toEqual(
      [],
    )
  })

  it('refuses a new order that names a picture the product does not have', async () => {
    const res = await call(t.app, s.vendorA, 'PUT', picturesOf(productA), {
      images: ['https://evil.example/x.png'],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: pictureMessages.notTheSamePictures })
  })

  it("gives shop A's staff nothing of shop B's products: read, upload and reorder all answer 404", async () => {
    const imagesB = await storefrontImages(productB)
    expect((await call(t.app, s.vendorA, 'GET', picturesOf(productB))).statusCode).toBe(404)
    const uploadRes = await upload(t.app, s.vendorA, picturesOf(productB), {
      name: 'x.png',
      type: 'image/png',
      bytes: await png(50, 50, '#000000'),
    })
    expect(uploadRes.statusCode).toBe(404)
    const put = await call(t.app, s.vendorA, 'PUT', picturesOf(productB), { images: [] })
    expect(put.statusCode).toBe(404)
    expect(await storefrontImages(productB)).toEqual(imagesB)
    // Shop B's own staff may.
    expect((await call(t.app, s.vendorB, 'GET', picturesOf(productB))).statusCode).toBe(200)
  })

  it('refuses anonymous callers, customers and the operator', async () => {
    const file = { name: 'x.png', type: 'image/png', bytes: await png(50, 50, '#000000') }
    expect((await upload(t.app, undefined, picturesOf(productA), file)).statusCode).toBe(401)
    expect((await upload(t.app, s.customer, picturesOf(productA), file)).statusCode).toBe(403)
    expect((await upload(t.app, s.admin, picturesOf(productA), file)).statusCode).toBe(403)
    expect((await call(t.app, s.customer, 'GET', picturesOf(productA))).statusCode).toBe(403)
  })

  it('answers 404 for a variant that does not exist', async () => {
    for (const url of [
      '/media/uploads/0123456789abcdef0123456789abcdef/640.webp',
      '/media/uploads/x/640.webp',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})
