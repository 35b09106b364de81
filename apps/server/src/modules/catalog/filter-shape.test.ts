import { Placeholder, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { DB_CASING } from '../../db/client'
import { products } from '../../db/schema'
import { compileSearch } from '../search/search-compiler'
import { shapeOf } from './filter-shape'

const dialect = new PgDialect({ casing: DB_CASING })

const whereOf = (query: string) => {
  const compiled = compileSearch(query)
  if (!compiled.ok) throw new Error(compiled.message)
  return compiled.where
}

describe('filter shapes', () => {
  it.each([
    ['(categoryL1:"Fresh") AND (categoryL2:"Cheese")', '(categoryL1:"Bakery") AND (categoryL2:"Bread")'],
    ['productName:"ched*"', 'productName:"sour*"'],
    ['status:"RATED"', 'status:"ACTIVE"'],
    ['cheese* -bread', 'onion* -tomato'],
    ['vendorCity:Ealing OR id:12', 'vendorCity:Wembley OR id:7'],
  ])('gives %s and %s one shape, each with its own values', (a, b) => {
    const first = shapeOf(whereOf(a))
    const second = shapeOf(whereOf(b))
    expect(first).toBeDefined()
    expect(first?.key).toBe(second?.key)
    expect(first?.values).not.toEqual(second?.values)
    // The shape is the same SQL, with the values moved out into placeholders in the same order.
    const original = dialect.sqlToQuery(whereOf(a))
    const shaped = dialect.sqlToQuery(first?.where ?? sql``)
    expect(shaped.sql).toBe(original.sql)
    expect(shaped.params.every((p) => p instanceof Placeholder)).toBe(true)
    expect(Object.values(first?.values ?? {})).toEqual(original.params)
  })

  it('keeps the column names the database uses', () => {
    expect(shapeOf(whereOf('productName:"ched*"'))?.key).toContain('"products"."product_name"')
  })

  it('refuses SQL whose $n markers are not its parameters in order', () => {
    expect(shapeOf(sql`${products.id} = ${1} or ${sql.raw("'$1'")} = ''`)).toBeUndefined()
    expect(shapeOf(sql`${products.id} = ${sql.raw('$2')}`)).toBeUndefined()
  })
})
