import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProductListSchema, searchExpression, type Product } from '@larder/shared'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { RELEVANCE_CASES, type RelevanceCase } from './relevance-cases'

/**
 * The relevance test set (relevance-cases.ts) through the API, as the storefront's search box sends it:
 * every case's products in the first five, and precision@5 and recall@20 over all of them, printed.
 */
describe('search relevance on the demo catalogue', () => {
  let t: TestApp
  let catalogue: Product[] = []
  const scores: { text: string; precision: number; recall: number }[] = []

  beforeAll(async () => {
    t = await createTestApp('pglite')
    for (let page = 0; ; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/products?page=${page}&size=100` })
      const products = ProductListSchema.parse(res.json())
      catalogue.push(...products)
      if (products.length < 100) break
    }
  })

  afterAll(async () => {
    if (scores.length > 0) {
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
      const precision = mean(scores.map((s) => s.precision))
      const recall = mean(scores.map((s) => s.recall))
      console.info(
        `Search relevance over ${scores.length} queries: precision@5 ${precision.toFixed(3)}, ` +
          `recall@20 ${recall.toFixed(3)}`,
      )
      const weakest = [...scores].sort((a, b) => a.precision + a.recall - b.precision - b.recall).slice(0, 5)
      console.info(
        `Weakest: ${weakest.map((s) => `"${s.text}" ${s.precision.toFixed(2)}/${s.recall.toFixed(2)}`).join(', ')}`,
      )
    }
    catalogue = []
    await t?.close()
  })

  const results = async (text: string): Promise<Product[]> => {
    const query = searchExpression({ text }) ?? ''
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/_search/products?query=${encodeURIComponent(query)}&size=20`,
    })
    expect(res.statusCode).toBe(200)
    return ProductListSchema.parse(res.json())
  }

  it('has at least 60 queries, each with products that answer it', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60)
    for (const { text, relevant } of RELEVANCE_CASES) {
      expect(catalogue.some(relevant), `nothing in the catalogue answers "${text}"`).toBe(true)
    }
  })

  it('finds nothing for words the catalogue lacks rather than a word two typos away or a lone letter', async () => {
    // A second try allows one typo from 3 letters, and two from 7, only in words beginning as typed: typos
    // that change a word's start make another word.
    expect((await results('nappies')).map((p) => p.productName)).toEqual([])
    expect((await results('parsley')).filter((p) => /barley|pale ale/i.test(p.productName))).toEqual([])
    // Nor, when no product has every word, for a word of a letter or two on its own.
    expect((await results('m&s')).map((p) => p.productName)).toEqual([])
    // Nor breads with gluten for a text saying what the product is without.
    expect((await results('gluten free bread')).map((p) => p.productName)).toEqual([])
    expect((await results('gluten free')).map((p) => p.productName)).toEqual([])
    // Nor dairy cheeses for a diet the shopper keeps to.
    expect((await results('vegan cheese')).map((p) => p.productName)).toEqual([])
    // Nor, on the second try, a word whose first letter is the typo ("kale": London Pale Ale), or a
    // typo of a word the catalogue holds ("brown rice": Burford Brown Eggs, "rich" in their description).
    expect((await results('kale')).map((p) => p.productName)).toEqual([])
    // Nor, looked up in its other number, a form no shopper meant: "musl" of "musles" is a typo from "must".
    expect((await results('musles')).map((p) => p.productName)).not.toContain('Balsamic Vinegar of Modena')
    const brownRice = (await results('brown rice')).slice(0, 5).map((p) => p.productName)
    expect(brownRice.filter((name) => !/Rice/.test(name))).toEqual([])
    expect(brownRice).toHaveLength(5)
  })

  it('ranks a name ending in the word as typed before one ending in a synonym', async () => {
    // "chips" is a synonym of crisps (and of fries): the crisps come first, the oven chips after them.
    const names = (await results('crisps')).map((p) => p.productName)
    const chips = names.indexOf('Chunky Oven Chips')
    expect(
      names.slice(0, 4).every((n) => /crisps/i.test(n)),
      names.join(', '),
    ).toBe(true)
    expect(chips === -1 || chips >= 4).toBe(true)
  })

  it('ranks words in the name and the aisle, and a name of the word in the other number, first', async () => {
    const first = async (text: string, count: number) =>
      (await results(text)).slice(0, count).map((p) => p.productName)
    // Wholemeal in the name and bread the aisle, before bread in the name and wholemeal in the description.
    expect(await first('wholmeal bread', 2)).toEqual(['Wholemeal Tin Loaf', 'Organic Wholemeal Tin Loaf'])
    expect(await first('sponge cake', 2)).toEqual(['Victoria Sponge', 'Homemade Victoria Sponge'])
    // Of several words the last names the thing: a cherry bakewell is a bakewell.
    expect(await first('cherry bakewell', 1)).toEqual(['Bakewell Tart'])
    // Limes is the typed word in the other number; in Sparkling Water with Lime lime is not the thing.
    expect(await first('lime', 1)).toEqual(['Limes'])
    // A cream soda is a soda, named for it as Irish Soda Bread is not.
    expect(await first('soda', 1)).toEqual(['Cream Soda'])
    // A product saying it is without the word ("dairy-free" in Barista Oat Drink's description) comes
    // after the twenty that have it.
    const dairy = (await results('dairy')).map((p) => p.productName)
    expect(dairy).toHaveLength(20)
    expect(dairy).not.toContain('Barista Oat Drink')
    expect((await results('sugar')).filter((p) => /Sugar-free/.test(p.productName))).toEqual([])
  })

  it('reads a word the catalogue holds as typed, its typos only when nothing matched', async () => {
    const names = async (text: string) => (await results(text)).map((p) => p.productName)
    expect(await names('custard')).not.toContainEqual(expect.stringMatching(/Mustard/))
    expect(await names('bitter')).not.toContainEqual(expect.stringMatching(/Butter/))
    expect((await names('bitter')).length).toBeGreaterThan(0)
  })

  it('searches any of the words when every word is only in descriptions, if a name ends in the last', async () => {
    const names = async (text: string) => (await results(text)).map((p) => p.productName)
    // Colombian Ground Coffee's description holds "red" and "apples"; the apples are named for the last.
    const apples = await names('red apples')
    expect(apples[0]).toMatch(/Apples$/)
    expect(apples.indexOf('Colombian Ground Coffee')).toBeGreaterThan(apples.indexOf('Braeburn Apples'))
    // Every page answers the same search: the second page of five goes on from the first.
    const page = async (n: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/_search/products?query=${encodeURIComponent(searchExpression({ text: 'red apples' }) ?? '')}&size=5&page=${n}`,
      })
      return {
        names: ProductListSchema.parse(res.json()).map((p) => p.productName),
        total: res.headers['x-total-count'],
      }
    }
    const [one, two] = [await page(0), await page(1)]
    expect(one.names).toEqual(apples.slice(0, 5))
    expect(two).toEqual({ names: apples.slice(5, 10), total: one.total })
    // No product's name ends in "sauce": any of the words would only add the rest of the brown things.
    expect(await names('brown sauce')).not.toContain('Burford Brown Eggs')
    // A unit after a number is part of the quantity, as in "2pints", and says how much, not what.
    expect(await names('whole milk 2 pints')).toEqual(await names('whole milk'))
    expect(await names('whole milk 2 pints')).toEqual(await names('whole milk 2pints'))
  })

  it.each(RELEVANCE_CASES.map((c) => [c.text, c] as const))(
    '%s',
    async (_text, { text, top, not = [], relevant }: RelevanceCase) => {
      const found = await results(text)
      const firstFive = found.slice(0, 5).map((p) => p.productName)
      for (const expected of top)
        expect(firstFive, `"${text}": ${expected} in the first five`).toContain(expected)
      for (const pattern of not)
        expect(
          firstFive.filter((n) => pattern.test(n)),
          `"${text}": nothing like ${pattern}`,
        ).toEqual([])
      // Precision@5 against the relevant products there are (fewer than five: all of them), recall@20
      // against at most 20 of them.
      const all = catalogue.filter(relevant).length
      const precision = found.slice(0, 5).filter(relevant).length / Math.min(5, all)
      const recall = found.slice(0, 20).filter(relevant).length / Math.min(20, all)
      scores.push({ text, precision: Math.min(1, precision), recall: Math.min(1, recall) })
    },
  )
})
