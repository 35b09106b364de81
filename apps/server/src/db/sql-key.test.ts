import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it, vi } from 'vitest'
import { compileSearch } from '../modules/catalog/search/search-compiler'
import { parseSearchQuery } from '../modules/catalog/search/search-query'
import { DB_CASING } from './client'
import { products } from './schema'
import { sqlKey } from './sql-key'

const dialect = new PgDialect({ casing: DB_CASING })
const rendered = (fragment: ReturnType<typeof sql>) => dialect.sqlToQuery(fragment).sql

const EXPRESSIONS = [
  'mature cheddar',
  'sour dough bread^2 -milk',
  '"mature cheddar" OR ched*',
  'productName:chedar~1 AND productDescription:"crea*"',
  'productName:ch?dd*r OR productDescription:creamy',
  '(categoryL1:"Fresh") AND (categoryL2:"Chee*") AND NOT categoryL3:Ch?ddar',
  'vendorCity:Ealing~1 OR vendorCompanyName:"The Pinner*"',
  'status:"RATED" AND isFree:false AND id:12',
  'salePrice:[1 TO 2.50] AND qty:{0 TO *]',
  'cheese AND (salePrice:[* TO 3] OR -vendorID:7)',
]

describe('sqlKey', () => {
  it.each(EXPRESSIONS)('is the SQL text of every part of the filter for %s', (expression) => {
    const parsed = parseSearchQuery(expression)
    if (!parsed.ok) throw new Error(parsed.message)
    const filter = compileSearch(parsed.query)
    const parts = [filter.where, ...(filter.rank ?? []).map((term) => term.value)]
    if (filter.inName) parts.push(filter.inName.where, filter.inName.match)
    // Written out by the walk, not rendered: the dialect is not asked.
    const rendering = vi.spyOn(PgDialect.prototype, 'sqlToQuery')
    const keys = parts.map(sqlKey)
    expect(rendering).not.toHaveBeenCalled()
    rendering.mockRestore()
    expect(keys).toEqual(parts.map(rendered))
    expect(filter.key).toBe(rendered(filter.where))
  })

  it('numbers placeholders in order and names columns as the database does', () => {
    const fragment = sql`${products.productName} = ${sql.placeholder('a')} and ${products.qty} > ${sql.placeholder('b')}`
    expect(sqlKey(fragment)).toBe('"products"."product_name" = $1 and "products"."qty" > $2')
  })

  it('leaves inline values and lists to the dialect', () => {
    const inline = sql`${products.qty} > ${5} and ${products.id} in ${[1, 2]}`
    expect(sqlKey(inline)).toBe(rendered(inline))
    expect(sqlKey(inline)).toBe('"products"."qty" > $1 and "products"."id" in ($2, $3)')
  })
})
