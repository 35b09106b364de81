import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_EDIT_LIMITS,
  ProductEditSchema,
  productMessages,
  type ImportReport,
  type ProductCsvColumn,
  type ProductEditInput,
} from '@larder/shared'
import { categories } from '../../db/schema'
import { nextIp } from '../../test/accounts-helpers'
import { backOfficeSessions, call, type BackOfficeSessions } from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'

/**
 * A bad value as the product form sends it and as a CSV row writes it: the field it breaks, its column,
 * and the body's and the row's values (the row's are the CSV's words for the same thing).
 */
interface BadValue {
  what: string
  field: string
  column: ProductCsvColumn
  body: Partial<ProductEditInput>
  cells: Partial<Record<ProductCsvColumn, string>>
}

const BAD_VALUES: BadValue[] = [
  {
    what: 'a blank name',
    field: 'productName',
    column: 'name',
    body: { productName: ' ' },
    cells: { name: ' ' },
  },
  {
    what: 'a name too long',
    field: 'productName',
    column: 'name',
    body: { productName: 'x'.repeat(PRODUCT_EDIT_LIMITS.productName + 1) },
    cells: { name: 'x'.repeat(PRODUCT_EDIT_LIMITS.productName + 1) },
  },
  {
    what: 'fractions of a penny',
    field: 'salePrice',
    column: 'sale_price',
    body: { salePrice: 1.999 },
    cells: { sale_price: '1.999' },
  },
  {
    what: 'a price above the most a product may cost',
    field: 'salePrice',
    column: 'sale_price',
    body: { salePrice: PRODUCT_EDIT_LIMITS.price + 1 },
    cells: { sale_price: String(PRODUCT_EDIT_LIMITS.price + 1) },
  },
  {
    what: 'no price for a product that is not free',
    field: 'salePrice',
    column: 'sale_price',
    body: { salePrice: null, discountPrice: null },
    cells: { sale_price: '', discount_price: '' },
  },
  {
    what: 'a discount above the sale price',
    field: 'discountPrice',
    column: 'discount_price',
    body: { salePrice: 3, discountPrice: 3.5 },
    cells: { sale_price: '3.00', discount_price: '3.50' },
  },
  { what: 'stock below zero', field: 'qty', column: 'stock', body: { qty: -1 }, cells: { stock: '-1' } },
  {
    what: 'a description too long',
    field: 'productDescription',
    column: 'description',
    body: { productDescription: 'y'.repeat(PRODUCT_EDIT_LIMITS.productDescription + 1) },
    cells: { description: 'y'.repeat(PRODUCT_EDIT_LIMITS.productDescription + 1) },
  },
  {
    what: 'an allergen outside the fourteen',
    field: 'allergens.0.name',
    column: 'allergens',
    body: { allergens: [{ name: 'Oats' as 'Milk', detail: '' }] },
    cells: { allergens: 'Oats' },
  },
]

/** The message the one schema gives `field` for the product `body` changes: what both sides must say. */
function schemaMessage(product: ProductEditInput, field: string): string {
  const result = ProductEditSchema.safeParse(product)
  if (result.success) throw new Error(`the schema takes ${JSON.stringify(product).slice(0, 80)}`)
  const issue = result.error.issues.find((one) => one.path.map(String).join('.') === field)
  if (!issue) throw new Error(`no issue at ${field}`)
  return issue.message
}

describe.each(DATABASE_KINDS)('one rule set for a product edit, on %s', (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  let good: ProductEditInput
  let goodCells: Record<ProductCsvColumn, string>
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
    const [leaf] = await t.database.db.select().from(categories).where(eq(categories.level, 3)).limit(1)
    if (!leaf) throw new Error('no leaf category')
    good = {
      productName: 'Malted loaf',
      productDescription: 'Baked this morning.',
      productIngredients: 'Wheat flour, malt, water',
      allergens: [{ name: 'Cereals containing gluten', detail: 'wheat, barley' }],
      salePrice: 3.2,
      discountPrice: 2.8,
      qty: 5,
      isFree: false,
      categoryId: leaf.id,
      status: 'ACTIVE',
    }
    goodCells = {
      id: '',
      name: 'Malted loaf',
      category: [leaf.l1, leaf.l2, leaf.l3].filter((part) => part !== null).join(' > '),
      sale_price: '3.20',
      discount_price: '2.80',
      stock: '5',
      free: 'no',
      status: 'ACTIVE',
      description: 'Baked this morning.',
      ingredients: 'Wheat flour, malt, water',
      allergens: 'Cereals containing gluten (wheat, barley)',
    }
  })
  afterAll(async () => {
    await t?.close()
  })

  const importRow = (cells: Record<ProductCsvColumn, string>) => {
    const csv = [
      PRODUCT_CSV_COLUMNS.join(','),
      PRODUCT_CSV_COLUMNS.map((c) => JSON.stringify(cells[c])).join(','),
    ]
    return t.app.inject({
      method: 'POST',
      url: '/api/vendor/products/import?dryRun=true',
      remoteAddress: nextIp(),
      headers: { ...xsrfHeaders, authorization: `Bearer ${s.vendorA}`, 'content-type': 'text/csv' },
      payload: csv.join('\n'),
    })
  }

  it('takes the same good product through the form’s route and the import', async () => {
    expect((await call(t.app, s.vendorA, 'POST', '/api/vendor/products', good)).statusCode).toBe(201)
    expect((await importRow(goodCells)).json<ImportReport>()).toMatchObject({ creates: 1, problems: [] })
    const exported = await call(t.app, s.vendorA, 'GET', '/api/vendor/products/export.csv')
    const rows = parse(exported.body, { columns: true }) as Record<string, string>[]
    expect(rows.find((row) => row.name === 'Malted loaf')).toMatchObject({
      allergens: 'Cereals containing gluten (wheat, barley)',
      sale_price: '3.20',
    })
  })

  it.each(BAD_VALUES)(
    'refuses $what with the one schema’s message, by the form’s route and by the import',
    async ({ field, column, body, cells }) => {
      // The expected message is read from the schema itself, so a change of the rule or its words
      // must show the same on both sides.
      const message = schemaMessage({ ...good, ...body }, field)
      const posted = await call(t.app, s.vendorA, 'POST', '/api/vendor/products', { ...good, ...body })
      expect(posted.statusCode).toBe(400)
      expect(posted.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]?.[0]).toBe(message)
      const imported = (await importRow({ ...goodCells, ...cells })).json<ImportReport>()
      expect(imported.badRows).toBe(1)
      expect(imported.problems).toContainEqual({ row: 2, column, message })
    },
  )

  it('words the rules with the shared product messages', () => {
    expect(schemaMessage({ ...good, salePrice: 1.999 }, 'salePrice')).toBe(productMessages.priceInvalid)
    expect(schemaMessage({ ...good, qty: -1 }, 'qty')).toBe(productMessages.stockInvalid)
    expect(schemaMessage({ ...good, discountPrice: 9 }, 'discountPrice')).toBe(
      productMessages.discountNotLower,
    )
  })
})
