import { asc, count, eq, Placeholder } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEARCH_FIELDS } from '@larder/shared'
import type { DatabaseHandle } from '../../../db/client'
import { categories, products, shops, users } from '../../../db/schema'
import { createTestDatabase } from '../../../test/test-app'
import { compileSearch, searchPlan, type SearchFilter } from './search-compiler'
import { expandTexts } from './search-engine'
import { createVocabularyReplica } from './search-vocabulary'
import { parseSearchQuery } from './search-query'

const dialect = new PgDialect({ casing: 'snake_case' })

/** Parsed and compiled as the catalogue does it, or the message of the first thing wrong with it. */
function compiled(query: string): ({ ok: true } & SearchFilter) | { ok: false; message: string } {
  const parsed = parseSearchQuery(query)
  return parsed.ok ? { ok: true, ...compileSearch(parsed.query) } : parsed
}

function filterOf(query: string): SearchFilter {
  const result = compiled(query)
  if (!result.ok) throw new Error(`expected ${JSON.stringify(query)} to compile, got: ${result.message}`)
  return result
}

/** The SQL text, and the values each placeholder stands for, in the order the statement takes them. */
function rendered(query: string) {
  const filter = filterOf(query)
  const { sql, params } = dialect.sqlToQuery(filter.where)
  return { sql, params: params.map((p) => (p instanceof Placeholder ? filter.values[p.name] : p)) }
}

const fullText = (fn: string, n: number) =>
  `(numnode(${fn}('larder_search', $${n})) = 0 or "products"."search_vector" @@ ${fn}('larder_search', $${n + 1}))`

describe('compileSearch: fields', () => {
  it('matches categories exactly and case-insensitively', () => {
    expect(rendered('(categoryL1:"Fresh") AND (categoryL2:"Cheese")')).toMatchObject({
      sql: '(lower("categories"."l1") = lower($1) and lower("categories"."l2") = lower($2))',
      params: ['Fresh', 'Cheese'],
    })
  })

  it.each([
    ['categoryL1', '"categories"."l1"'],
    ['categoryL2', '"categories"."l2"'],
    ['categoryL3', '"categories"."l3"'],
    ['vendorID', '"products"."vendor_id"'],
    ['vendorCity', '"shops"."city"'],
    ['vendorCompanyName', '"shops"."company_name"'],
  ])('compares %s to %s', (field, column) => {
    expect(rendered(`${field}:"Some Value"`)).toMatchObject({
      sql: `lower(${column}) = lower($1)`,
      params: ['Some Value'],
    })
    expect(rendered(`${field}:word`).params).toEqual(['word'])
  })

  it('treats a trailing star as a prefix, quoted or not, escaping LIKE wildcards', () => {
    expect(rendered('categoryL1:"Fre*"')).toMatchObject({
      sql: 'lower("categories"."l1") like lower($1)',
      params: ['Fre%'],
    })
    expect(rendered('vendorCity:Wem*').params).toEqual(['Wem%'])
    expect(rendered('vendorCompanyName:"50%_off\\\\*"').params).toEqual(['50\\%\\_off\\\\%'])
    expect(rendered('categoryL1:"Fre\\*"')).toMatchObject({
      sql: 'lower("categories"."l1") = lower($1)',
      params: ['Fre*'],
    })
  })

  it('matches a word prefix in productName, escaping regex characters', () => {
    expect(rendered('productName:"ched*"')).toMatchObject({
      sql: '"products"."product_name" ~* $1',
      params: ['\\mched'],
    })
    expect(rendered('productName:ched*').params).toEqual(['\\mched'])
    expect(rendered('productDescription:"c.h(e)$*"')).toMatchObject({
      sql: '"products"."product_description" ~* $1',
      params: ['\\mc\\.h\\(e\\)\\$'],
    })
  })

  it('matches a substring in productName and productDescription without a star', () => {
    expect(rendered('productName:"mature ched"')).toMatchObject({
      sql: '"products"."product_name" ilike $1',
      params: ['%mature ched%'],
    })
    expect(rendered('productDescription:100%_off').params).toEqual(['%100\\%\\_off%'])
  })

  it('compares isFree, id and status by value', () => {
    expect(rendered('isFree:"true"')).toMatchObject({ sql: '"products"."is_free" = $1', params: [true] })
    expect(rendered('isFree:FALSE').params).toEqual([false])
    expect(rendered('id:42')).toMatchObject({ sql: '"products"."id" = $1', params: [42] })
    expect(rendered('id:2147483647').params).toEqual([2147483647])
    expect(rendered('status:rated')).toMatchObject({ sql: '"products"."status" = $1', params: ['RATED'] })
    expect(rendered('status:archived').sql).toBe('false')
    expect(rendered('status:RAT*')).toMatchObject({
      sql: 'lower("products"."status") like lower($1)',
      params: ['RAT%'],
    })
  })

  it('searches bare words, phrases and prefixes in the search document', () => {
    // Without the vocabulary (search-engine.ts expandTexts) a word matches as typed, stemmed, or a synonym;
    // the last word of the text is also a prefix.
    expect(rendered('cheddar')).toMatchObject({
      sql: fullText('to_tsquery', 1),
      params: ['(cheddar | cheddar:*)', '(cheddar | cheddar:*)'],
    })
    expect(rendered('eggplant bake').params[0]).toBe('(eggplant | aubergine) & (bake | bake:*)')
    expect(rendered('"mature cheddar"')).toMatchObject({ sql: fullText('phraseto_tsquery', 1) })
    const prefix = rendered('"o\'bri\\\\en*"')
    expect(prefix.sql).toBe(fullText('to_tsquery', 1))
    expect(prefix.params[0]).toBe("'o''bri\\\\en':*")
  })

  it('compiles ranges, fuzzy terms and wildcards', () => {
    expect(rendered('salePrice:[1 TO 2.5]')).toMatchObject({
      sql: '("products"."sale_price_pence" >= $1 and "products"."sale_price_pence" <= $2)',
      params: [100, 250],
    })
    expect(rendered('qty:{0 TO *]')).toMatchObject({ sql: '("products"."qty" > $1)', params: [0] })
    expect(rendered('salePrice:[* TO *]').sql).toBe('"products"."sale_price_pence" is not null')
    expect(rendered('categoryL2:chese~1')).toMatchObject({
      sql: 'levenshtein_less_equal(lower("categories"."l2"), lower($1), 1) <= 1',
      params: ['chese'],
    })
    expect(rendered('categoryL2:ch?e*e')).toMatchObject({
      sql: 'lower("categories"."l2") like lower($1)',
      params: ['ch_e%e'],
    })
    expect(rendered('productName:ch?ddar')).toMatchObject({
      sql: '"products"."product_name" ~* $1',
      params: ['\\mch[[:alnum:]]ddar\\M'],
    })
  })
})

describe('compileSearch: operators', () => {
  // T: a full-text term that is left out (true) when it has no searchable words; t: one that is then false.
  const term =
    /\(numnode\(to_tsquery\('larder_search', \$\d+\)\) = 0 or ("products"\."search_vector" @@ to_tsquery\('larder_search', \$\d+\))\)|"products"\."search_vector" @@ to_tsquery\('larder_search', \$\d+\)/g
  const shape = (query: string) =>
    rendered(query)
      .sql.replace(term, (_match, inAnd?: string) => (inAnd ? 'T' : 't'))
      .replace(/lower\("categories"\."l1"\) = lower\(\$\d+\)/g, 'C')

  it.each([
    ['a AND b', 'T'],
    ['a && b', 'T'],
    ['a b', 'T'],
    ['a OR b', '(t or t)'],
    ['a || b', '(t or t)'],
    ['NOT a', '((t) is not true)'],
    ['-a', '((t) is not true)'],
    ['!a', '((t) is not true)'],
    ['+a', 'T'],
    ['NOT NOT a', 'T'],
    ['a NOT b', '(T and ((t) is not true))'],
    ['a AND NOT b', '(T and ((t) is not true))'],
    ['a OR b AND c', '(t or t)'],
    ['a AND b OR c', '(t or t)'],
    ['a AND (b OR c)', '(T and (t or t))'],
    ['((a OR (b AND -(c))))', '(t or (T and ((t) is not true)))'],
    ['a^2 (b OR c)^3', '(T and (t or t))'],
    ['categoryL1:(a OR b)', '(C or C)'],
    ['categoryL1:(a OR (b -c))', '(C or (C and ((C) is not true)))'],
  ])('%s compiles to %s', (query, expected) => {
    expect(shape(query)).toBe(expected)
  })

  it('lets a field inside a field group win over the group', () => {
    expect(rendered('categoryL1:(a OR vendorCity:b)')).toMatchObject({
      sql: '(lower("categories"."l1") = lower($1) or lower("shops"."city") = lower($2))',
      params: ['a', 'b'],
    })
  })

  it('keeps every value out of the SQL text', () => {
    const { sql, params } = rendered(`productName:"'); drop table products; --" OR "x' or 1=1 --" OR y\\'z*`)
    expect(sql).not.toMatch(/drop|1=1|y'z/i)
    expect(params).toContain("%'); drop table products; --%")
  })
})

describe('compileSearch: statement shapes', () => {
  it.each([
    ['(categoryL1:"Fresh") AND (categoryL2:"Cheese")', '(categoryL1:"Bakery") AND (categoryL2:"Bread")'],
    ['productName:"ched*"', 'productName:"sour*"'],
    ['status:"RATED"', 'status:"ACTIVE"'],
    ['cheese* -bread', 'onion* -tomato'],
    ['vendorCity:Ealing OR id:12', 'vendorCity:Wembley OR id:7'],
  ])('gives %s and %s one key, each with its own values', (a, b) => {
    const first = filterOf(a)
    const second = filterOf(b)
    expect(first.key).toBe(second.key)
    expect(first.values).not.toEqual(second.values)
    // The key is the statement's text, and every parameter of it is a placeholder with a value.
    const { sql, params } = dialect.sqlToQuery(first.where)
    expect(sql).toBe(first.key)
    expect(params.every((p) => p instanceof Placeholder && p.name in first.values)).toBe(true)
  })

  it('tells apart queries whose SQL differs, whatever their values', () => {
    expect(filterOf('status:rated').key).not.toBe(filterOf('status:archived').key)
    expect(filterOf('cheddar').key).not.toBe(filterOf('"cheddar"').key)
    expect(filterOf('categoryL1:Fre*').key).not.toBe(filterOf('categoryL1:Fresh').key)
  })

  it('keeps the column names the database uses', () => {
    expect(filterOf('productName:"ched*"').key).toContain('"products"."product_name"')
  })
})

const searchSource = (db: DatabaseHandle['db'], filter: SearchFilter) =>
  db
    .select({ name: products.productName })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(shops, eq(shops.userId, products.vendorId))
    .where(filter.where)
    .orderBy(asc(products.productName))
    .execute(filter.values)

describe('compileSearch against PGlite', () => {
  let database: DatabaseHandle
  let sourdoughId = 0

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    const { db } = database
    await db.insert(users).values([
      { id: 'user-1', login: 'dairy', email: 'dairy@example.test' },
      { id: 'user-2', login: 'bakes', email: 'bakes@example.test' },
      { id: 'user-3', login: 'noshop', email: 'noshop@example.test' },
    ])
    const shop = { companyAddress: '1 High St', companyPhone: '020 0000 0000' }
    await db.insert(shops).values([
      { userId: 'user-1', companyName: 'Ealing Dairy Co', city: 'Ealing', ...shop },
      { userId: 'user-2', companyName: 'Wembley Bakes', city: 'Wembley', ...shop },
    ])
    const category = async (
      name: string,
      level: number,
      l1: string,
      l2: string | null,
      l3: string | null,
      parentId?: number,
    ) => {
      const [row] = await db
        .insert(categories)
        .values({ name, level, l1, l2, l3, parentId })
        .returning({ id: categories.id })
      if (!row) throw new Error('category insert returned nothing')
      return row.id
    }
    const fresh = await category('Fresh', 1, 'Fresh', null, null)
    const cheese = await category('Cheese', 2, 'Fresh', 'Cheese', null, fresh)
    const bakery = await category('Bakery', 1, 'Bakery', null, null)
    const bread = await category('Bread', 2, 'Bakery', 'Bread', null, bakery)
    const sourdough = await category('Sourdough', 3, 'Bakery', 'Bread', 'Sourdough', bread)
    const drinks = await category('Drinks', 1, 'Drinks', null, null)
    const inserted = await db
      .insert(products)
      .values([
        {
          productName: 'Mature Cheddar',
          productDescription: 'A sharp cheddar aged 18 months',
          categoryId: cheese,
          vendorId: 'user-1',
          status: 'RATED',
        },
        {
          productName: 'Blue Stilton',
          productDescription: 'Creamy blue cheese',
          categoryId: cheese,
          vendorId: 'user-1',
          status: 'RATED',
        },
        {
          productName: 'Cheddar Oatcakes',
          productDescription: 'Crisp oatcakes baked with cheddar',
          categoryId: bread,
          vendorId: 'user-2',
        },
        {
          productName: 'Sourdough Loaf',
          productDescription: 'Slow-fermented white sourdough',
          categoryId: sourdough,
          vendorId: 'user-2',
        },
        {
          productName: 'Free Onion Bagel',
          productDescription: 'A bagel on the house',
          categoryId: bread,
          vendorId: 'user-1',
          isFree: true,
        },
        {
          productName: 'Orange Juice 100%',
          productDescription: 'Freshly squeezed_juice',
          categoryId: drinks,
          vendorId: 'user-3',
        },
      ])
      .returning({ id: products.id, name: products.productName })
    sourdoughId = inserted.find((p) => p.name === 'Sourdough Loaf')?.id ?? 0
  })

  afterAll(async () => {
    await database?.close()
  })

  /** As the repository runs a query: its bare words looked up in the vocabulary first. */
  const names = async (query: string) => {
    const parsed = parseSearchQuery(query)
    if (!parsed.ok) throw new Error(parsed.message)
    const vocabulary = await createVocabularyReplica(database.db).current()
    const texts = expandTexts(vocabulary, searchPlan(parsed.query).texts)
    return (await searchSource(database.db, compileSearch(parsed.query, texts))).map((r) => r.name)
  }

  it.each([
    ['(categoryL1:"Fresh") AND (categoryL2:"Cheese")', ['Blue Stilton', 'Mature Cheddar']],
    ['(categoryL1:"fresh") AND (categoryL2:"CHEESE")', ['Blue Stilton', 'Mature Cheddar']],
    ['categoryL1:"Fre*"', ['Blue Stilton', 'Mature Cheddar']],
    ['categoryL3:sourdough', ['Sourdough Loaf']],
    ['categoryL1:Bakery -categoryL3:Sourdough', ['Cheddar Oatcakes', 'Free Onion Bagel']],
    ['productName:"ched*"', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['productName:heddar*', []],
    ['productName:heddar', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['productName:"juice 100%"', ['Orange Juice 100%']],
    ['productName:"e_j"', []],
    ['productDescription:"squeezed_juice"', ['Orange Juice 100%']],
    ['productName:"(*"', []],
    ['vendorCity:ealing', ['Blue Stilton', 'Free Onion Bagel', 'Mature Cheddar']],
    ['-vendorCity:Ealing', ['Cheddar Oatcakes', 'Orange Juice 100%', 'Sourdough Loaf']],
    ['vendorCompanyName:"wembley bakes"', ['Cheddar Oatcakes', 'Sourdough Loaf']],
    ['vendorID:USER-2', ['Cheddar Oatcakes', 'Sourdough Loaf']],
    ['isFree:true', ['Free Onion Bagel']],
    ['isFree:"true" AND productName:"bag*"', ['Free Onion Bagel']],
    ['status:RATED', ['Blue Stilton', 'Mature Cheddar']],
    ['status:rated NOT productName:blue', ['Mature Cheddar']],
    ['cheddar', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['oatcake', ['Cheddar Oatcakes']],
    ['ched*', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['cheddars*', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['on*', ['Free Onion Bagel']],
    ['"white sourdough"', ['Sourdough Loaf']],
    ['"sourdough white"', []],
    ['"mature ched*"', ['Mature Cheddar']],
    ['cheddar -oatcakes', ['Mature Cheddar']],
    ['cheddar and oatcakes', ['Cheddar Oatcakes']],
    ['cheddar AND NOT categoryL1:Bakery', ['Mature Cheddar']],
    ['categoryL2:Cheese OR isFree:true', ['Blue Stilton', 'Free Onion Bagel', 'Mature Cheddar']],
    ['categoryL1:(fresh OR drinks) -status:rated', ['Orange Juice 100%']],
    ["o'brien* OR \\\\* OR '' OR \"'\"", []],
    ['cheddar OR the', ['Cheddar Oatcakes', 'Mature Cheddar']],
    [
      'the',
      [
        'Blue Stilton',
        'Cheddar Oatcakes',
        'Free Onion Bagel',
        'Mature Cheddar',
        'Orange Juice 100%',
        'Sourdough Loaf',
      ],
    ],
    ['fish and chips OR sourdough', ['Sourdough Loaf']],
    ['chedar', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['sour dough', ['Sourdough Loaf']],
    ['stilton^2 OR cheddar~1', ['Blue Stilton', 'Cheddar Oatcakes', 'Mature Cheddar']],
    ['ch?ddar', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['productName:chedar~', ['Cheddar Oatcakes', 'Mature Cheddar']],
    ['productName:chedar~0', []],
    ['categoryL2:chese~1', ['Blue Stilton', 'Mature Cheddar']],
    ['creamy OR dairy', ['Blue Stilton', 'Free Onion Bagel', 'Mature Cheddar']],
  ])('%s finds %j', async (query, expected) => {
    expect(await names(query)).toEqual(expected)
  })

  it('finds a product by id', async () => {
    expect(await names(`id:${sourdoughId}`)).toEqual(['Sourdough Loaf'])
  })

  it('never throws, whatever the string', () => {
    const property = fc.property(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 600 }),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
      ),
      (query) => {
        const result = compiled(query)
        return result.ok ? result.where !== undefined : result.message.length > 0
      },
    )
    fc.assert(property, { numRuns: 1000 })
  })

  it('runs every query it accepts without a database error, values always parameterised', async () => {
    const fragment = fc.oneof(
      fc.constantFrom(
        ...SEARCH_FIELDS,
        'foo',
        ':',
        '"',
        '(',
        ')',
        ' ',
        ' ',
        ' AND ',
        ' OR ',
        ' NOT ',
        ' && ',
        ' || ',
        '-',
        '+',
        '!',
        '*',
        '\\',
        '\\\\',
        '%',
        '_',
        "'",
        '?',
        '^2',
        '~',
        '[a TO b]',
        '/',
        '.',
        '$1',
        '\\m',
        ':*',
        '&',
        '|',
        'true',
        'FALSE',
        '7',
        '2147483648',
        'RATED',
        'ched',
        'zqx',
        'Frésh',
        '🧀',
        "E'\\",
        "'); drop table products; --",
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
    )
    const query = fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join(''))
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const result = compiled(q)
        if (!result.ok) return
        accepted++
        const { sql } = dialect.sqlToQuery(result.where)
        // The only literals are the engine's own: its configuration and the fuzzy regex's fixed parts.
        expect(sql.replace(/'(larder_search|\\m\(|\)\\M|\|)'/g, '')).not.toMatch(/'|zqx|drop/i)
        const [row] = await database.db
          .select({ total: count() })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(shops, eq(shops.userId, products.vendorId))
          .where(result.where)
          .execute(result.values)
        expect(row?.total).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 300 },
    )
    expect(accepted).toBeGreaterThan(30)
  })
})
