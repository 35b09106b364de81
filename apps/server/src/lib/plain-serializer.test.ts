import Fastify from 'fastify'
import {
  ResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ApiErrorSchema,
  CategoryListSchema,
  ProductListSchema,
  ProductSchema,
  type Product,
} from '@larder/shared'
import { isPlainSchema, plainSerializerCompiler } from './plain-serializer'

const product: Product = {
  id: 7,
  productName: 'Mature Cheddar',
  productDescription: 'Crumbly, sharp, from Somerset.',
  productIngredients: 'Milk, salt, rennet',
  productAllergens: 'Milk',
  images: ['/media/food/cheese/1.svg'],
  salePrice: 3.5,
  discountPrice: null,
  qty: 12,
  isFree: false,
  status: 'ACTIVE',
  categoryL1: 'Fresh',
  categoryL2: 'Cheese',
  categoryL3: null,
  vendorID: 'user-2',
  vendorCity: 'Wembley',
  vendorCompanyName: 'High Road Cheese',
  dateCreated: '2025-12-31T23:57:00.000Z',
  stripeProductId: null,
  stripePriceIds: [],
}

const route = { method: 'GET', url: '/x', httpStatus: '200' }
const serialise = (schema: z.ZodType, data: unknown) => plainSerializerCompiler({ schema, ...route })(data)
const encode = (schema: z.ZodType, data: unknown) => serializerCompiler({ schema, ...route })(data)

describe('plain serialiser', () => {
  it('counts the catalogue response schemas as plain', () => {
    for (const schema of [ProductSchema, ProductListSchema, CategoryListSchema, ApiErrorSchema]) {
      expect(isPlainSchema(schema)).toBe(true)
    }
  })

  it.each([
    ['a transform', z.string().transform((s) => s.length)],
    [
      'a codec',
      z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    ],
    ['a default inside an object', z.object({ a: z.string().default('x') })],
    ['coercion inside an array', z.array(z.coerce.number())],
    ['a catch', z.string().catch('x')],
  ])('does not count a schema with %s as plain', (_, schema) => {
    expect(isPlainSchema(schema)).toBe(false)
  })

  it('writes exactly what the encoding serialiser writes, unknown keys dropped', () => {
    const extra = { ...product, passwordHash: 'secret' }
    const list = [product, extra, { ...product, id: 8, salePrice: null, categoryL3: 'Hard' }]
    expect(serialise(ProductListSchema, list)).toBe(encode(ProductListSchema, list))
    expect(serialise(ProductListSchema, list)).not.toContain('passwordHash')
    const tree = [{ categoryName: 'Fresh', subCategory: [{ categoryName: 'Cheese', subCategory: [] }] }]
    expect(serialise(CategoryListSchema, tree)).toBe(encode(CategoryListSchema, tree))
  })

  it('rejects a reply that breaks the contract, as the encoding serialiser does', () => {
    const broken = [{ ...product, productName: null }]
    expect(() => serialise(ProductListSchema, broken)).toThrow(ResponseSerializationError)
    expect(() => encode(ProductListSchema, broken)).toThrow(ResponseSerializationError)
  })

  it('leaves other schemas to the encoding serialiser', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    })
    const at = new Date('2026-01-02T03:04:05.000Z')
    expect(serialise(schema, { at })).toBe('{"at":"2026-01-02T03:04:05.000Z"}')
  })

  it('answers a broken reply with a 500 through Fastify', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(plainSerializerCompiler)
    app.get(
      '/p',
      { schema: { response: { 200: ProductSchema } } },
      () => ({ ...product, qty: 'many' }) as never,
    )
    const res = await app.inject({ method: 'GET', url: '/p' })
    expect(res.statusCode).toBe(500)
    await app.close()
  })
})
