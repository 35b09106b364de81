/**
 * The catalogue's vocabulary (`search_words`, every distinct word of its searchable text, kept by triggers),
 * held by each process and looked up in it (decision 0044). A search engine keeps its term dictionary in
 * memory, and so does this one: looked up in PostgreSQL, it was a statement of its own before the search's
 * page, a quarter of a search's database time and a second round trip (docs/benchmarks.md). PostgreSQL stays
 * what the vocabulary is: each process reads it there and reads it again when the catalogue has changed.
 */
import { count } from 'drizzle-orm'
import type { CatalogChangeFeed } from '../../../lib/catalog-changes'
import type { Database } from '../../../db/client'
import { searchWords } from '../../../db/schema'

/** One typed word to look up. */
export interface Lookup {
  word: string
  typos: number
  prefix: boolean
  /** A LIKE pattern over normalised words, or '' for a plain word. */
  pattern: string
  /** Also look for two catalogue words it splits into; not for two typed words joined. */
  split: boolean
  /** More typos than its length allows, on the relaxed try: those beyond only where they keep its start. */
  relaxedTypos?: boolean
}

/**
 * What a lookup found: a word for lookup `i`. same: the word itself, or one its pattern fits; prefix: a
 * longer word it starts; typo: a word within one edit more than its typos (a swap of two letters is two
 * edits to Levenshtein; the engine keeps those within the typos, a swap counting as one); split: two
 * catalogue words it is made of, side by side; stop: the word (typed, or found) is a stop word, which the
 * document does not index.
 */
export interface LookupRow {
  i: number
  word: string
  kind: 'same' | 'prefix' | 'typo' | 'split' | 'stop'
}

/**
 * The stop words of PostgreSQL's english dictionary (`tsearch_data/english.stop`, Snowball's list, the same
 * in PGlite), which the `larder_search` configuration leaves out of documents and tsqueries: a typed word
 * that is one has nothing to search on. search-vocabulary.test.ts checks the list against the database's
 * own.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
  herself it its itself they them their theirs themselves what which who whom this that these those am is are
  was were be been being have has had having do does did doing a an the and but if or because as until while
  of at by for with about against between into through during before after above below to from up down in out
  on off over under again further then once here there when where why how all any both each few more most
  other some such no nor not only own same so than too very s t can will just don should now`.split(/\s+/),
)

/** The most typos a lookup reads: Meilisearch's most, and Lucene's for `term~`. */
export const MAX_TYPOS = 2

/** A split's parts have at least this many letters each ("sourdough" is "sour dough", not "so urdough"). */
const SPLIT_PART = 3

/**
 * The strings made by deleting up to `n` letters of `word`, each with the fewest deletions that make it. Two
 * words are within k edits (a swap of two letters counting as one) only if deleting at most k letters from
 * each makes them equal: a typed word's deletions, looked up among the vocabulary's, give every word within
 * its typos without comparing it with every word of the vocabulary.
 */
function deletions(word: string, n: number): Map<string, number> {
  const found = new Map<string, number>([[word, 0]])
  const add = (variant: string, deletes: number) => {
    if ((found.get(variant) ?? deletes + 1) > deletes) found.set(variant, deletes)
  }
  for (let a = 0; a < word.length && n >= 1; a++) {
    const once = word.slice(0, a) + word.slice(a + 1)
    add(once, 1)
    for (let b = a; b < once.length && n >= 2; b++) add(once.slice(0, b) + once.slice(b + 1), 2)
  }
  return found
}

/**
 * Levenshtein's distance (each insertion, deletion or change one edit), or `max + 1` once it is beyond
 * `max`. Not the shared editDistance, which counts a swap of two letters as one: the lookup orders and bounds
 * its typos as PostgreSQL's levenshtein did, and the engine then counts swaps (allowedEdits).
 */
export function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, change)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    previous = current
  }
  return Math.min(previous[b.length] ?? max + 1, max + 1)
}

/** A LIKE pattern (`%` any letters, `_` one, `\` escaping) as a regular expression over a whole word. */
function likeRegex(pattern: string): RegExp {
  let source = ''
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k] ?? ''
    if (c === '\\' && k + 1 < pattern.length) source += escapeRegex(pattern[++k] ?? '')
    else if (c === '%') source += '[^]*'
    else if (c === '_') source += '[^]'
    else source += escapeRegex(c)
  }
  return new RegExp(`^${source}$`, 'u')
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** The first index of `sorted` whose word is not before `word`. */
function lowerBound(sorted: readonly string[], word: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] ?? '') < word) low = middle + 1
    else high = middle
  }
  return low
}

interface Found {
  word: string
  kind: 'same' | 'prefix' | 'typo'
  /** Levenshtein's distance from the typed word: 0 but for typos. */
  edits: number
}

export interface Vocabulary {
  /** How many words it holds. */
  readonly size: number
  /**
   * Every lookup's words, each lookup's at most `maxAlternatives` of its words (same, prefix, typo: the
   * fewest edits first, then the shorter, then in order), then the stop words typed, then the splits.
   */
  lookUp(lookups: readonly Lookup[], maxAlternatives: number): LookupRow[]
}

/** The vocabulary of these words, indexed for lookups: in order for prefixes, by deletions for typos. */
export function vocabularyOf(words: Iterable<string>): Vocabulary {
  const known = new Set(words)
  // In code-unit order, as the catalogue's words (letters and digits of the Latin alphabet) are in bytes.
  const sorted = [...known].sort()
  const variants = new Map<string, { word: string; deletes: number }[]>()
  for (const word of sorted) {
    for (const [variant, deletes] of deletions(word, MAX_TYPOS)) {
      const list = variants.get(variant)
      if (list === undefined) variants.set(variant, [{ word, deletes }])
      else list.push({ word, deletes })
    }
  }

  const wordsOf = ({ word, typos, prefix, pattern }: Lookup): Found[] => {
    if (pattern !== '') {
      const fits = likeRegex(pattern)
      return sorted.filter((w) => fits.test(w)).map((w) => ({ word: w, kind: 'same', edits: 0 }))
    }
    const found: Found[] = known.has(word) ? [{ word, kind: 'same', edits: 0 }] : []
    if (prefix) {
      for (let k = lowerBound(sorted, word); k < sorted.length; k++) {
        const longer = sorted[k] ?? ''
        if (!longer.startsWith(word)) break
        if (longer !== word) found.push({ word: longer, kind: 'prefix', edits: 0 })
      }
    }
    if (typos > 0) {
      const candidates = new Set<string>()
      for (const variant of deletions(word, Math.min(typos, MAX_TYPOS)).keys()) {
        for (const entry of variants.get(variant) ?? [])
          if (entry.deletes <= typos) candidates.add(entry.word)
      }
      for (const candidate of candidates) {
        // A word the typed one starts is already there as a prefix, with no typo.
        if (candidate === word || (prefix && candidate.startsWith(word))) continue
        if (Math.abs(candidate.length - word.length) > typos) continue
        const edits = levenshtein(word, candidate, typos + 1)
        if (edits <= typos + 1) found.push({ word: candidate, kind: 'typo', edits })
      }
    }
    return found
  }

  return {
    size: known.size,
    lookUp(lookups, maxAlternatives) {
      const rows: LookupRow[] = []
      lookups.forEach((lookup, i) => {
        const found = wordsOf(lookup).sort(
          (a, b) =>
            a.edits - b.edits ||
            a.word.length - b.word.length ||
            (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
        )
        for (const { word, kind } of found.slice(0, maxAlternatives)) {
          rows.push({ i, word, kind: STOP_WORDS.has(word) ? 'stop' : kind })
        }
      })
      lookups.forEach(({ word, pattern }, i) => {
        if (pattern === '' && STOP_WORDS.has(word)) rows.push({ i, word, kind: 'stop' })
      })
      lookups.forEach(({ word, split }, i) => {
        if (!split) return
        for (let cut = SPLIT_PART; cut <= word.length - SPLIT_PART; cut++) {
          const head = word.slice(0, cut)
          const tail = word.slice(cut)
          if (known.has(head) && known.has(tail)) rows.push({ i, word: `${head} ${tail}`, kind: 'split' })
        }
      })
      return rows
    },
  }
}

/**
 * The vocabulary as this process holds it, read again when it may have changed. Words join the vocabulary
 * (a statement trigger on products adds each new word) and never leave it but with the whole catalogue, so
 * its count says whether it changed: after any announced change to the catalogue, or on every lookup while
 * this process does not hear the announcements, a lookup first counts the words and reads them all only when
 * the count differs. A word a product has just gained is in its document at once; only the typos and
 * prefixes that lead to it wait for the announcement (within 100 ms, as kept pages do).
 */
export function createVocabularyReplica(db: Database, changes?: CatalogChangeFeed) {
  let held: Vocabulary | undefined
  let reading: Promise<Vocabulary> | undefined
  let stale = true
  changes?.subscribe(() => {
    stale = true
  })

  const read = async (): Promise<Vocabulary> => {
    // A change announced while reading is read again by the next lookup.
    stale = false
    try {
      if (held !== undefined) {
        const [row] = await db.select({ words: count() }).from(searchWords)
        if (row?.words === held.size) return held
      }
      const rows = await db.select({ word: searchWords.word }).from(searchWords)
      held = vocabularyOf(rows.map((row) => row.word))
      return held
    } catch (error) {
      stale = true
      throw error
    }
  }

  return {
    /** The vocabulary, current as of the last change this process heard of. */
    current(): Promise<Vocabulary> {
      if (held !== undefined && !stale && changes?.live === true) return Promise.resolve(held)
      reading ??= read().finally(() => {
        reading = undefined
      })
      return reading
    },
  }
}
