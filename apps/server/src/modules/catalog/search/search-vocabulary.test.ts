import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editDistance } from '@larder/shared'
import { searchWords } from '../../../db/schema'
import { createCatalogChangeFeed } from '../../../lib/catalog-changes'
import { createTestDatabase, DATABASE_KINDS } from '../../../test/test-app'
import type { DatabaseHandle } from '../../../db/client'
import { seedIfEmpty } from '../../../db/seed/seed'
import {
  createVocabularyReplica,
  levenshtein,
  STOP_WORDS,
  vocabularyOf,
  type Lookup,
  type LookupRow,
} from './search-vocabulary'

const plain = (word: string, typos = 0, prefix = false): Lookup => ({
  word,
  typos,
  prefix,
  pattern: '',
  split: false,
})
const found = (rows: LookupRow[]) => rows.map((row) => [row.word, row.kind])

describe('the vocabulary held in a process', () => {
  const vocabulary = vocabularyOf([
    'cheddar',
    'cheese',
    'cheeses',
    'chives',
    'sour',
    'dough',
    'sourdough',
    'bread',
    'with',
    'tea',
    'teas',
    'pea',
  ])

  it('finds the word itself, the words it starts, and the words within its typos', () => {
    expect(found(vocabulary.lookUp([plain('cheese')], 30))).toEqual([['cheese', 'same']])
    expect(found(vocabulary.lookUp([plain('chee', 0, true)], 30))).toEqual([
      ['cheese', 'prefix'],
      ['cheeses', 'prefix'],
    ])
    // "chedar" is one deletion from cheddar; "cheddra" a swap, two edits to Levenshtein, kept for the
    // engine to judge (a swap counts as one typo there).
    expect(found(vocabulary.lookUp([plain('chedar', 1)], 30))).toEqual([['cheddar', 'typo']])
    expect(found(vocabulary.lookUp([plain('cheddra', 1)], 30))).toEqual([['cheddar', 'typo']])
    expect(vocabulary.lookUp([plain('chedar')], 30)).toEqual([])
  })

  it('leaves a word the typed one starts to the prefix, with no typo', () => {
    expect(found(vocabulary.lookUp([plain('cheese', 1, true)], 30))).toEqual([
      ['cheese', 'same'],
      ['cheeses', 'prefix'],
    ])
    expect(found(vocabulary.lookUp([plain('cheese', 1, false)], 30))).toEqual([
      ['cheese', 'same'],
      ['cheeses', 'typo'],
    ])
  })

  it('keeps the closest words of a lookup, then the shorter, then in order', () => {
    expect(found(vocabulary.lookUp([plain('tea', 1, true)], 30))).toEqual([
      ['tea', 'same'],
      ['teas', 'prefix'],
      ['pea', 'typo'],
    ])
    expect(found(vocabulary.lookUp([plain('tea', 1, true)], 2))).toEqual([
      ['tea', 'same'],
      ['teas', 'prefix'],
    ])
    expect(found(vocabulary.lookUp([plain('c', 0, true)], 2))).toEqual([
      ['cheese', 'prefix'],
      ['chives', 'prefix'],
    ])
  })

  it('splits a word in two catalogue words, and marks stop words', () => {
    const rows = vocabulary.lookUp(
      [
        { ...plain('sourdough'), split: true },
        { ...plain('with'), split: true },
      ],
      30,
    )
    expect(rows).toEqual([
      { i: 0, word: 'sourdough', kind: 'same' },
      { i: 1, word: 'with', kind: 'stop' },
      { i: 1, word: 'with', kind: 'stop' },
      { i: 0, word: 'sour dough', kind: 'split' },
    ])
    expect(found(vocabulary.lookUp([plain('the')], 30))).toEqual([['the', 'stop']])
  })

  it('fits a wildcard pattern to whole words', () => {
    expect(
      found(
        vocabulary.lookUp(
          [
            { ...plain(''), pattern: 'ch_ese%' },
            { ...plain(''), pattern: '%ea' },
          ],
          30,
        ),
      ),
    ).toEqual([
      ['cheese', 'same'],
      ['cheeses', 'same'],
      ['pea', 'same'],
      ['tea', 'same'],
    ])
  })

  it('measures Levenshtein distance up to a bound', () => {
    expect(levenshtein('kitten', 'sitting', 5)).toBe(3)
    expect(levenshtein('kitten', 'sitting', 2)).toBe(3)
    expect(levenshtein('ab', 'ba', 3)).toBe(2)
    expect(levenshtein('', 'abc', 3)).toBe(3)
  })
})

describe.each(DATABASE_KINDS)('the vocabulary of the demo catalogue on %s', (kind) => {
  let database: DatabaseHandle
  let words: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    await seedIfEmpty(database.db)
    words = (await database.db.select({ word: searchWords.word }).from(searchWords)).map((row) => row.word)
  })
  afterAll(async () => {
    await database?.close()
  })

  const typed = [
    ['chedar', 1],
    ['cheddra', 1],
    ['hcocolate', 1],
    ['tomatos', 1],
    ['sausgae', 1],
    ['brocoli', 1],
    ['strawbery', 2],
    ['chcolaet', 2],
    ['mlik', 2],
    ['croisant', 2],
    ['bred', 1],
  ] as const

  it.each(typed)('finds every word within the typos of %s (%i)', (word, typos) => {
    const rows = vocabularyOf(words).lookUp([plain(word, typos)], 100_000)
    const within = rows
      .filter((row) => row.kind === 'typo' || row.kind === 'stop' || row.word === word)
      .map((row) => row.word)
      .filter((candidate) => editDistance(word, candidate, typos) <= typos)
    const expected = words.filter((candidate) => editDistance(word, candidate, typos) <= typos)
    expect(expected.length).toBeGreaterThan(0)
    expect(new Set(within)).toEqual(new Set(expected))
  })

  it.each(['ch', 'chee', 'sour', 'aub'])('finds every word that %s starts', (prefix) => {
    const rows = vocabularyOf(words).lookUp([plain(prefix, 0, true)], 100_000)
    const expected = words.filter((word) => word.startsWith(prefix))
    expect(expected.length).toBeGreaterThan(0)
    expect(new Set(rows.map((row) => row.word))).toEqual(new Set(expected))
  })

  it("holds the stop words of the database's text search configuration", async () => {
    const candidates = [...new Set([...STOP_WORDS, ...words])]
    const { rows } = (await database.db.execute(sql`
      select w as word, numnode(to_tsquery('larder_search', w)) = 0 as stop
      from unnest(${`{${candidates.join(',')}}`}::text[]) as w`)) as unknown as {
      rows: { word: string; stop: boolean }[]
    }
    expect(rows).toHaveLength(candidates.length)
    for (const row of rows) expect([row.word, STOP_WORDS.has(row.word)]).toEqual([row.word, row.stop])
  })

  it('is read again when a change is announced, and only then', async () => {
    const changes = createCatalogChangeFeed()
    const replica = createVocabularyReplica(database.db, changes)
    const lookUp = async () => found((await replica.current()).lookUp([plain('quagswalow', 1)], 30))
    expect(await lookUp()).toEqual([])
    await database.db.insert(searchWords).values({ word: 'quagswallow' })
    // Held as it was read while no change is announced…
    expect(await lookUp()).toEqual([])
    changes.publish('all')
    // …and read again after one.
    expect(await lookUp()).toEqual([['quagswallow', 'typo']])
    const held = await replica.current()
    expect(await replica.current()).toBe(held)
    // While announcements are not heard, every lookup counts the words.
    changes.setLive(false)
    await database.db.insert(searchWords).values({ word: 'quagmirepie' })
    expect(found((await replica.current()).lookUp([plain('quagmirepei', 1)], 30))).toEqual([
      ['quagmirepie', 'typo'],
    ])
  })
})
