import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PRODUCT_CSV_COLUMNS,
  productImportMessages,
  productMessages,
  type ImportReport,
} from '@larder/shared'
import { auditLog, products } from '../../db/schema'
import { nextIp } from '../../test/accounts-helpers'
import {
  backOfficeSessions,
  call,
  SHOP_A,
  SHOP_B,
  type BackOfficeSessions,
} from '../../test/backoffice-helpers'
import { createTestApp, DATABASE_KINDS, xsrfHeaders, type TestApp } from '../../test/test-app'
import { readProductsCsv } from './product-csv'
import { createProductImportRepository } from './product-import.repository'

/** The value, or a failed test saying what was missing. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`no ${what}`)
  return value
}

function importCsv(app: FastifyInstance, token: string | undefined, csv: string, query: string) {
  return app.inject({
    method: 'POST',
    url: `/api/vendor/products/import?${query}`,
    remoteAddress: nextIp(),
    headers: {
      ...xsrfHeaders,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'text/csv',
    },
    payload: csv,
  })
}

const header = PRODUCT_CSV_COLUMNS.join(',')

/** `count` new products of one category; row i (0-based) is spreadsheet row i + 2. */
function newRows(count: number, category: string, prefix: string): string[] {
  return Array.from(
    { length: count },
    (_, i) =>
      `,${prefix} loaf ${i + 1},${category},${(2 + (i % 50) / 10).toFixed(2)},,${i % 30},no,ACTIVE,"A loaf, baked today",Flour; water,Cereals containing gluten`,
  )
}

describe.each(DATABASE_KINDS)('product CSV import and export on %s', (kind) => {
  let t: TestApp
  let s: BackOfficeSessions
  let category: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    s = await backOfficeSessions(t.app, t.database.db)
    const exported = await call(t.app, s.vendorA, 'GET', '/api/vendor/products/export.csv')
    const rows = parse(exported.body, { columns: true }) as Record<string, string>[]
    category = present(rows[0]?.category, 'category')
  })
  afterAll(async () => {
    await t?.close()
  })

  const shopCount = async (shop: string) =>
    present(
      (await t.database.db.select({ n: count() }).from(products).where(eq(products.vendorId, shop)))[0],
      'count',
    ).n

  it("exports the shop's own products, in the columns the import takes", async () => {
    const res = await call(t.app, s.vendorA, 'GET', '/api/vendor/products/export.csv')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"')
    expect(res.body.split('\n')[0]).toBe(header)
    const rows = parse(res.body, { columns: true }) as Record<string, string>[]
    expect(rows.length).toBe(await shopCount(SHOP_A))
    const own = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.vendorId, SHOP_A))
    expect(new Set(rows.map((row) => Number(row.id)))).toEqual(new Set(own.map((row) => row.id)))
  })

  it('reports exactly the three bad rows among 1 000 on a dry run, and writes nothing', async () => {
    const rows = newRows(1000, category, 'Dry')
    // Spreadsheet rows 2 + index: 42, 501 and 1001.
    rows[40] = `,,${category},2.00,,5,no,ACTIVE,,,`
    rows[499] = `,Rye,${category},two pounds,,5,no,ACTIVE,,,`
    rows[999] = `,Spelt,No such aisle > Nowhere,2.00,3.00,-1,maybe,ACTIVE,,,`
    const before = await shopCount(SHOP_A)
    const res = await importCsv(t.app, s.vendorA, [header, ...rows].join('\n'), 'dryRun=true')
    expect(res.statusCode).toBe(200)
    expect(res.json<ImportReport>()).toEqual({
      dryRun: true,
      rows: 1000,
      creates: 997,
      updates: 0,
      badRows: 3,
      imported: false,
      problems: [
        { row: 42, column: 'name', message: productMessages.nameRequired },
        { row: 501, column: 'sale_price', message: productMessages.priceInvalid },
        { row: 1001, column: 'category', message: productImportMessages.unknownCategory },
        { row: 1001, column: 'stock', message: productMessages.stockInvalid },
        { row: 1001, column: 'free', message: productMessages.freeInvalid },
      ],
    })
    expect(await shopCount(SHOP_A)).toBe(before)
  })

  it('imports nothing when any row is bad, unless the shop asks for the good rows only', async () => {
    const rows = newRows(20, category, 'Partial')
    rows[3] = `,Bad price,${category},abc,,1,no,ACTIVE,,,`
    const csv = [header, ...rows].join('\n')
    const before = await shopCount(SHOP_A)
    const all = await importCsv(t.app, s.vendorA, csv, 'dryRun=false&rows=all')
    expect(all.json<ImportReport>()).toMatchObject({ imported: false, badRows: 1, creates: 19 })
    expect(await shopCount(SHOP_A)).toBe(before)
    const valid = await importCsv(t.app, s.vendorA, csv, 'dryRun=false&rows=valid')
    expect(valid.json<ImportReport>()).toMatchObject({ imported: true, badRows: 1, creates: 19 })
    expect(await shopCount(SHOP_A)).toBe(before + 19)
  })

  it('imports 1 000 rows in one go, creating and updating, each change in the audit log', async () => {
    const exported = await call(t.app, s.vendorA, 'GET', '/api/vendor/products/export.csv')
    const existing = parse(exported.body, { columns: true }) as Record<string, string>[]
    const first = present(existing[0], 'exported row')
    // The exported row, with a new stock figure: an update matched by id.
    const update = PRODUCT_CSV_COLUMNS.map((column) =>
      column === 'stock' ? '77' : JSON.stringify(first[column] ?? ''),
    ).join(',')
    const before = await shopCount(SHOP_A)
    const csv = [header, update, ...newRows(999, category, 'Bulk')].join('\n')
    const res = await importCsv(t.app, s.vendorA, csv, 'dryRun=false')
    expect(res.json<ImportReport>()).toMatchObject({ imported: true, creates: 999, updates: 1, badRows: 0 })
    expect(await shopCount(SHOP_A)).toBe(before + 999)
    const [updated] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(first.id)))
    expect(updated?.qty).toBe(77)
    const records = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.shopId, SHOP_A), eq(auditLog.action, 'product.create')))
    expect(present(records[0], 'count').n).toBeGreaterThanOrEqual(999)
    const [record] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, String(first.id))))
    expect(record?.after).toMatchObject({ qty: 77 })
    // The storefront sees the new stock at once.
    const storefront = await t.app.inject({ method: 'GET', url: `/api/public/products/${first.id}` })
    expect(storefront.json()).toMatchObject({ qty: 77 })
  })

  it("refuses a row naming shop B's product, and changes nothing of shop B", async () => {
    const [foundB] = await t.database.db.select().from(products).where(eq(products.vendorId, SHOP_B)).limit(1)
    const productB = present(foundB, 'product of shop B')
    const row = `${productB.id},Taken over,${category},1.00,,1,no,ACTIVE,,,`
    const res = await importCsv(t.app, s.vendorA, [header, row].join('\n'), 'dryRun=false&rows=valid')
    expect(res.json<ImportReport>()).toMatchObject({
      imported: false,
      problems: [{ row: 2, column: 'id', message: productImportMessages.notYourProduct }],
    })
    const [after] = await t.database.db.select().from(products).where(eq(products.id, productB.id))
    expect(after?.productName).toBe(productB.productName)
    expect(after?.vendorId).toBe(SHOP_B)
  })

  /** A live product of shop A exported as a row, with `stock` set to `qty`, and its id. */
  const exportedRow = async (index: number, qty: number) => {
    const exported = await call(t.app, s.vendorA, 'GET', '/api/vendor/products/export.csv')
    const row = present(
      (parse(exported.body, { columns: true }) as Record<string, string>[])[index],
      'exported row',
    )
    const line = PRODUCT_CSV_COLUMNS.map((column) =>
      column === 'stock' ? String(qty) : JSON.stringify(row[column] ?? ''),
    ).join(',')
    return { id: Number(row.id), line }
  }
  const productRow = async (id: number) =>
    present((await t.database.db.select().from(products).where(eq(products.id, id)))[0], 'product')

  it('refuses, by row, a product archived between the dry run and the import', async () => {
    const archivedLater = await exportedRow(2, 987_001)
    const csv = [header, ...newRows(2, category, 'Late'), archivedLater.line].join('\n')
    const dry = await importCsv(t.app, s.vendorA, csv, 'dryRun=true')
    expect(dry.json<ImportReport>()).toMatchObject({ creates: 2, updates: 1, badRows: 0, problems: [] })
    const archived = await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${archivedLater.id}/archive`)
    expect(archived.statusCode).toBe(200)
    const before = await shopCount(SHOP_A)

    const all = await importCsv(t.app, s.vendorA, csv, 'dryRun=false&rows=all')
    expect(all.statusCode).toBe(200)
    expect(all.json<ImportReport>()).toMatchObject({
      imported: false,
      badRows: 1,
      problems: [{ row: 4, column: 'id', message: productImportMessages.archived }],
    })
    expect(await shopCount(SHOP_A)).toBe(before)
    expect((await productRow(archivedLater.id)).qty).not.toBe(987_001)

    const valid = await importCsv(t.app, s.vendorA, csv, 'dryRun=false&rows=valid')
    expect(valid.json<ImportReport>()).toMatchObject({
      imported: true,
      creates: 2,
      updates: 0,
      problems: [{ row: 4, column: 'id', message: productImportMessages.archived }],
    })
    expect(await shopCount(SHOP_A)).toBe(before + 2)
    expect((await productRow(archivedLater.id)).qty).not.toBe(987_001)
    await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${archivedLater.id}/restore`)
  })

  it('refuses, by row, a product archived after its rows were checked and before the import took its locks', async () => {
    // The import checks the rows against the shop's products, then writes in a transaction: a product
    // archived in between is found missing under the lock and comes back refused, not as a failure.
    const repository = createProductImportRepository(t.database.db)
    const target = await exportedRow(3, 987_002)
    const parsed = readProductsCsv(
      [header, target.line, ...newRows(1, category, 'Race')].join('\n'),
      await repository.context(SHOP_A),
    )
    expect(parsed.good).toHaveLength(2)
    await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${target.id}/archive`)
    const before = await shopCount(SHOP_A)

    const whole = await t.database.db.transaction((tx) =>
      repository.apply(tx, SHOP_A, parsed.good, { partial: false }),
    )
    expect(whole.refused.map((row) => row.row)).toEqual([2])
    expect(whole.records).toEqual([])
    expect(await shopCount(SHOP_A)).toBe(before)

    const partial = await t.database.db.transaction((tx) =>
      repository.apply(tx, SHOP_A, parsed.good, { partial: true }),
    )
    expect(partial.refused.map((row) => row.row)).toEqual([2])
    expect(partial.records.map((record) => record.action)).toEqual(['product.create'])
    expect(await shopCount(SHOP_A)).toBe(before + 1)
    expect((await productRow(target.id)).qty).not.toBe(987_002)
    await call(t.app, s.vendorA, 'POST', `/api/vendor/products/${target.id}/restore`)
  })

  it('refuses anonymous callers, customers and the operator', async () => {
    const csv = [header, ...newRows(1, category, 'Anon')].join('\n')
    expect((await importCsv(t.app, undefined, csv, 'dryRun=false')).statusCode).toBe(401)
    expect((await importCsv(t.app, s.customer, csv, 'dryRun=false')).statusCode).toBe(403)
    expect((await importCsv(t.app, s.admin, csv, 'dryRun=false')).statusCode).toBe(403)
    expect((await call(t.app, undefined, 'GET', '/api/vendor/products/export.csv')).statusCode).toBe(401)
    expect((await call(t.app, s.customer, 'GET', '/api/vendor/products/export.csv')).statusCode).toBe(403)
  })

  it('reports a header without a required column', async () => {
    const res = await importCsv(t.app, s.vendorA, 'name,stock\nLoaf,1', 'dryRun=true')
    expect(res.json<ImportReport>().problems).toContainEqual({
      row: 1,
      column: 'category',
      message: productImportMessages.missingColumn('category'),
    })
  })
})
