import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { editDistance } from '@larder/shared'
import { searchWords } from '../../../db/schema'
import { createTestApp, DATABASE_KINDS, type TestApp } from '../../../test/test-app'

interface Row {
  i: number
  word: string
  kind: string
}

/**
 * The vocabulary lookup (search_lookup, migration 0018) reads the words within a typo through the
 * deletions they share and the words a prefix starts through a range of an index. Whatever it reads, it
 * must find what comparing the typed word with every word of the demo catalogue's vocabulary finds.
 */
describe.each(DATABASE_KINDS)('vocabulary lookup on %s', (kind) => {
  let t: TestApp
  let vocabulary: string[] = []

  const lookUp = async (word: string, typos: number, prefix: boolean): Promise<Row[]> => {
    const result = (await t.database.db.execute(sql`
      select i, word, kind from search_lookup(array[${word}]::text[], array[${typos}]::int[],
        array[${prefix}]::bool[], array['']::text[], array[false]::bool[], 100000)`)) as unknown as {
      rows: Row[]
    }
    return result.rows
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const words = await t.database.db.select({ word: searchWords.word }).from(searchWords)
    vocabulary = words.map((row) => row.word)
  })

  afterAll(async () => {
    await t?.close()
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

  it.each(typed)('finds every word within the typos of %s (%i)', async (word, typos) => {
    const rows = await lookUp(word, typos, false)
    const found = rows
      .filter((row) => row.kind === 'typo' || row.kind === 'stop' || row.word === word)
      .map((row) => row.word)
      .filter((candidate) => editDistance(word, candidate, typos) <= typos)
    const expected = vocabulary.filter((candidate) => editDistance(word, candidate, typos) <= typos)
    expect(expected.length).toBeGreaterThan(0)
    expect(new Set(found)).toEqual(new Set(expected))
  })

  it.each(['ch', 'chee', 'sour', 'aub'])('finds every word that %s starts', async (prefix) => {
    const rows = await lookUp(prefix, 0, true)
    const expected = vocabulary.filter((word) => word.startsWith(prefix))
    expect(expected.length).toBeGreaterThan(0)
    expect(new Set(rows.map((row) => row.word))).toEqual(new Set(expected))
  })

  it('finds a word the catalogue gains, with a typo', async () => {
    await t.database.db.execute(sql`insert into search_words (word) values ('quagswallow')`)
    const rows = await lookUp('quagswalow', 1, false)
    expect(rows.map((row) => [row.word, row.kind])).toContainEqual(['quagswallow', 'typo'])
  })
})
