/**
 * The free-text engine: what bare words in a search expression mean (docs/api.md, decision 0031).
 *
 * Bare words side by side under one AND are read together as one typed text (a "run"). Each word is looked
 * up in the catalogue's vocabulary (`search_words`, kept by triggers, migration 0012, and held by each
 * process: search-vocabulary.ts), which answers, per word: the word itself, the words it starts (the last
 * word of the text, as while typing, or any word ending in `*`), the words within the typos it may have
 * (Meilisearch's defaults: one from 5 letters, two from 9; `word~N` sets it), the words a wildcard pattern
 * matches (`ch?ddar`), and its splits into two catalogue words ("sourdough" → "sour dough" side by side).
 * Two typed words side by side may also be one catalogue word ("sour dough" → "sourdough"), and the synonym
 * groups (search-synonyms.ts) add their equals. The result is a tsquery over `products.search_vector` (the
 * `larder_search` configuration: english stemming, accents removed), in which every typed word must match
 * one of its alternatives, and tsqueries for ranking: the name alone (weight A), and each word without its
 * typos.
 */
import {
  allowedTypos,
  editDistance,
  normalizeWord,
  secondTryAllows,
  secondTryTypos,
  slipAtStart,
  standsAlone,
  textWords,
} from '@larder/shared'
import type { SearchNode, SearchRange, SearchTerm, WildcardPart } from './search-parser'
import {
  COMPOUND_NAMES,
  MEALS,
  PLURALS_OF_THEIR_OWN,
  SYNONYM_EXPANSIONS,
  SYNONYM_GROUPS,
} from './search-synonyms'
import type { Lookup, LookupRow, Vocabulary } from './search-vocabulary'

/** Bare words side by side: one typed text. */
export interface TextNode {
  kind: 'text'
  terms: SearchTerm[]
  /** The last word takes prefixes, as it would while typing: the run the ranking is for. */
  primary: boolean
}

export type PlannedNode =
  | SearchTerm
  | SearchRange
  | TextNode
  | { kind: 'and' | 'or'; children: PlannedNode[] }
  | { kind: 'not'; child: PlannedNode }

export interface SearchPlan {
  tree: PlannedNode
  texts: TextNode[]
  /** The text ranking follows: the tree itself, or the first text among the top-level AND's clauses. */
  primary: TextNode | undefined
}

const isBareWord = (node: SearchNode): node is SearchTerm =>
  node.kind === 'term' && node.field === null && !node.quoted

/** Nested ANDs flattened, then bare words side by side gathered into texts. */
export function planSearch(tree: SearchNode): SearchPlan {
  const texts: TextNode[] = []
  const text = (terms: SearchTerm[]): TextNode => {
    const node: TextNode = { kind: 'text', terms, primary: false }
    texts.push(node)
    return node
  }
  const flatten = (node: SearchNode): SearchNode[] =>
    node.kind === 'and' ? node.children.flatMap(flatten) : [node]
  const plan = (node: SearchNode): PlannedNode => {
    switch (node.kind) {
      case 'term':
        return isBareWord(node) ? text([node]) : node
      case 'range':
        return node
      case 'not':
        return { kind: 'not', child: plan(node.child) }
      case 'or':
        return { kind: 'or', children: node.children.map(plan) }
      case 'and': {
        const children: PlannedNode[] = []
        let run: SearchTerm[] = []
        const endRun = () => {
          if (run.length > 0) children.push(text(run))
          run = []
        }
        for (const child of node.children.flatMap(flatten)) {
          if (isBareWord(child)) run.push(child)
          else {
            endRun()
            children.push(plan(child))
          }
        }
        endRun()
        return children.length === 1 && children[0] ? children[0] : { kind: 'and', children }
      }
    }
  }
  const planned = plan(tree)
  const primary =
    planned.kind === 'text'
      ? planned
      : planned.kind === 'and'
        ? planned.children.find((child): child is TextNode => child.kind === 'text')
        : undefined
  if (primary) primary.primary = true
  return { tree: planned, texts, primary }
}

/** One alternative for a typed word: catalogue words (several: a phrase, side by side). */
interface Alternative {
  words: string[]
  /** same: the word, a synonym, a split or a wildcard match; prefix: a longer word; typo: within edits. */
  kind: 'same' | 'prefix' | 'typo'
  /** The word's stem as a tsquery prefix (`ched:*`): what a prefix needs when the vocabulary lacks it. */
  stemPrefix?: boolean
  /** Another word for it (search-synonyms.ts), not a form of what was typed. */
  synonym?: boolean
  /** Its words anywhere in the document rather than side by side. */
  apart?: boolean
  /** The typed word's own stem where the word is a misspelling: not a match without a typo. */
  guess?: boolean
}

interface Unit {
  /** The typed words this unit stands for: one, or two that may also be one catalogue word. */
  words: { word: string; alternatives: Alternative[] }[]
  /** The catalogue words two typed words may be together ("sour dough" → "sourdough"), or synonyms. */
  together: Alternative[]
  boost: number
  /** Where its first word was typed among the text's words, stop words included. */
  at: number
}

/** A text ready to compile: tsquery texts for `to_tsquery('larder_search', …)`. */
export interface ExpandedText {
  /** No word with anything to search on (empty, or only punctuation): the text filters nothing. */
  empty: boolean
  /**
   * Stop words were looked up and left out, so the tsquery has something to search on: it can be used
   * as it is, and the GIN index serves it (`numnode(q) = 0 or …` would keep the index out).
   */
  stopWordsChecked: boolean
  /** A word that can match nothing (a wildcard no catalogue word fits): the text matches nothing. */
  impossible: boolean
  /**
   * The typed words, normalised, joined by spaces, the last in either number (numberForms): a name equal
   * to one is an exact match ("Limes" for "lime").
   */
  names: string[]
  /**
   * The phrase with its last word in either number (numberForms): an aisle named so (a category's
   * `aisle_names`) is the one the text names, "fruit" the Fruits aisle, "tins" Tins & Jars.
   */
  aisle: string[]
  match: string
  /** Every word in the name, as typed or a synonym (no typos, no prefixes): whole-word name matches. */
  nameExact: string
  /** Every word in the name, allowing typos and prefixes. */
  nameAll: string
  /**
   * Every word (typos and prefixes allowed), for the category path's own vector (`categories.search_vector`,
   * unweighted): the text names the product's aisle.
   */
  categoryAll: string
  /**
   * Any of the words as typed (typos and prefixes allowed, synonyms not), for the name's last word
   * (`search_name_head`): "crisps" ranks Sea Salt Crisps before Chunky Oven Chips.
   */
  head: string
  /**
   * Searched with any of its words (anyWord), the last word (prefixes and synonyms allowed, typos not) for
   * the name's last word: in an English grocery phrase the last word is the thing, so "red apples" lists
   * Braeburn Apples before a coffee whose description holds both words. '' with every word.
   */
  lastHead: string
  /**
   * Per typed word, its forms in either number (numberForms), each between spaces as in the name's
   * normalised words (`products.search_name`) with a space added at each end: the word as typed, not
   * another word with the same stem. "salt" ranks Sea Salt Flakes before Salted Butter, which English
   * stemming makes the same word.
   */
  nameWords: string[][]
  /** Searched with any of its words: the name is ranked by how many of them it holds (nameWords). */
  anyWord: boolean
  /**
   * The words list several things ("bread and butter", listsThings): no word is the thing the others
   * qualify, a product named for every word is the answer ("salt and vinegar crisps"), and searched with
   * any of the words, the products named for each take turns in the order (the rank's `interleave`).
   */
  list: boolean
  /**
   * `LIKE` patterns over the spaced name (a space added at each end) of names that hold a typed word
   * only as part of another thing (compoundEndings): a compound (COMPOUND_NAMES) whose last word is a typed
   * word or its synonym and whose first is not typed, or the singular of a plural of its own. The ranking
   * does not count such a name as holding the word whole ("cream" lists Double Cream before Vanilla Ice
   * Cream, "sweets" the chocolate before Sweet Potatoes).
   */
  compoundEnds: string[]
  /**
   * Every word (typos and prefixes allowed) in the name or the category path, the fields that say what a
   * product is: "wholemeal bread" ranks Wholemeal Tin Loaf of the Bread aisle before Irish Soda Bread,
   * whose description holds "wholemeal".
   */
  nameOrAisle: string
  /**
   * Any typed word followed by "free" ("dairy free", "sugar-free"), which says a product is without it:
   * such a product ranks after those with it ("sugar" lists Sugar-free Cloudy Lemonade last). '' when the
   * text itself asks for what a product is without (saysWithout).
   */
  without: string
  /** Per unit: matched without a typo (for "fewer typos"), and matched at all with its boost (field weight). */
  units: {
    typoFree: string
    all: string
    boost: number
  }[]
  /**
   * The words after "for", which say what the thing is for and are not searched (beforePurpose), any of
   * them without typos: a product holding one ranks first among those named for the thing. '' for none.
   */
  purpose: string
  /**
   * The things whose products take turns in the order (the rank's `interleave`), each a tsquery matched in
   * the name or the category path: a list's words when it is searched with any of them, a meal's parts
   * (MEALS). Empty for any other text.
   */
  turns: string[]
  /**
   * The words in the name in the order and at the distances typed (typos and prefixes allowed), as
   * Meilisearch's proximity rule ranks: "baked bens" lists Baked Beans before Freshly Baked Chelsea Buns.
   * '' for a single word, a pair read together ("sour dough") or any word.
   */
  namePhrase: string
  /**
   * Each typed word, with the words the search read it as when it is a misspelling (a word the catalogue
   * lacks as typed and holds within its typos), closest first; none when it was read as typed (readAs).
   */
  spelling: { typed: string; closest: string[] }[]
}

export interface ExpandOptions {
  /** More typos (one from 3 letters): the second try when the first found nothing (typosFor). */
  relaxed?: boolean
  /**
   * Any word may match rather than every word: the last try, so that a word the catalogue lacks
   * ("smoked salmon" where no salmon is smoked) leaves the products with the others, ranked by how many
   * words they match (the "fewer typos" tier counts the words a product misses).
   */
  anyWord?: boolean
}

/** At most this many catalogue words stand in for one typed word (a one-letter prefix starts hundreds). */
const MAX_ALTERNATIVES = 30

/**
 * What each entry (its words joined by spaces) also finds: a group's others, an expansion's targets. An
 * expansion of one of a group's entries is every one of its equals' too: "cookies" finds the digestives,
 * as "biscuits" does.
 */
const synonyms = new Map<string, string[][]>()
const addSynonyms = (key: string, words: string[][]) =>
  synonyms.set(key, [...(synonyms.get(key) ?? []), ...words])
const equalsOf = new Map<string, string[]>()
for (const group of SYNONYM_GROUPS) {
  const members = group.map((entry) => textWords(entry))
  for (const member of members) {
    const key = member.join(' ')
    const others = members.filter((other) => other.join(' ') !== key)
    addSynonyms(key, others)
    equalsOf.set(key, [...(equalsOf.get(key) ?? []), ...others.map((other) => other.join(' '))])
  }
}
for (const [entry, targets] of Object.entries(SYNONYM_EXPANSIONS)) {
  const key = textWords(entry).join(' ')
  const words = targets.map((target) => textWords(target))
  for (const each of [key, ...(equalsOf.get(key) ?? [])]) addSynonyms(each, words)
}
/** Each meal's own words, then its parts (MEALS), by the meal's words and its equals' joined by spaces. */
const mealParts = new Map(
  Object.entries(MEALS).flatMap(([meal, parts]) => {
    const key = textWords(meal).join(' ')
    const things = [key.split(' '), ...parts.map((part) => textWords(part))]
    return [key, ...(equalsOf.get(key) ?? [])].map((each) => [each, things] as const)
  }),
)
/** The meal's own words and parts, if the typed words name one, in either number ("roast dinners"). */
const mealOf = (typed: readonly string[]): string[][] | undefined => {
  for (const form of singulars(typed.join(' '))) {
    const parts = mealParts.get(form)
    if (parts) return parts
  }
  return undefined
}

/** A word and the singulars it may be the plural of ("cookies" → "cookie", "berries" → "berry", "loaves" → "loaf"). */
function singulars(word: string): string[] {
  const forms = [word]
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`)
  if (word.endsWith('ves')) forms.push(`${word.slice(0, -3)}f`)
  if (word.endsWith('es')) forms.push(word.slice(0, -2))
  if (word.endsWith('s')) forms.push(word.slice(0, -1))
  return forms
}

/** How many forms of a word the name is searched for (numberForms): a fixed number, one statement shape. */
export const NUMBER_FORMS = 4

/**
 * A word in either number, exactly NUMBER_FORMS of them (the word repeated to fill): itself and the
 * singulars a word ending in "s" may be the plural of ("mangos" → "mango", and its plural "mangoes"), or
 * the plurals of any other ("loaf" → "loafs", "loafes", "loaves"). Forms that are not words cost nothing:
 * no name holds them.
 */
export function numberForms(word: string): string[] {
  const forms = word.endsWith('s') ? singulars(word) : [word, `${word}s`, `${word}es`]
  // A plural misspelt as the singular and "s" ("potatos", "cherrys"): its singular's own plural.
  if (/[^e]s$/.test(word))
    forms.push(word.endsWith('ys') ? `${word.slice(0, -2)}ies` : `${word.slice(0, -1)}es`)
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`)
  if (word.endsWith('f')) forms.push(`${word.slice(0, -1)}ves`)
  const unique = [...new Set(forms)].slice(0, NUMBER_FORMS)
  return [...unique, ...Array<string>(NUMBER_FORMS - unique.length).fill(word)]
}

/**
 * A word's one likeliest other number, for looking a misspelt word up (prepare): "berry" and "berries",
 * else with and without "s". Not numberForms' every form: of "musles" the form without "es", "musl", is
 * one typo from "must", and grape must made Balsamic Vinegar its answer.
 */
function otherNumber(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.endsWith('s')) return word.slice(0, -1)
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`
  return `${word}s`
}

/** The words as one aisle's name, the last in either number ("soft drink" → "soft drinks", …). */
function aisleNames(words: string[]): string[] {
  const last = words.at(-1)
  if (last === undefined) return []
  const before = words
    .slice(0, -1)
    .map((word) => `${word} `)
    .join('')
  return [...new Set(numberForms(last))].map((form) => `${before}${form}`)
}

/** The compounds, as their first word, their last, and the last's forms in either number. */
const compounds = COMPOUND_NAMES.map((entry) => textWords(entry)).flatMap(([first, last]) =>
  first !== undefined && last !== undefined ? [{ first, last, lastForms: numberForms(last) }] : [],
)

/**
 * `LIKE` patterns for the names that hold a typed word, or a synonym of one (`named`), only as part of
 * another thing: the compounds (COMPOUND_NAMES) ending in it, in either number, whose first word was not
 * typed ("french fries" is not Mint Choc Chip Ice Cream), and the singular of a plural of its own
 * (PLURALS_OF_THEIR_OWN) where the singular was not typed ("sweets" is not Sweet Potatoes). Words are
 * letters and digits only, nothing in them is `LIKE` syntax.
 */
function compoundEndings(typed: readonly string[], named: readonly string[]): string[] {
  const ofCompounds = compounds
    .filter(({ first, lastForms }) => !typed.includes(first) && named.some((w) => lastForms.includes(w)))
    // The last word as a prefix covers its plural ("kitchen rolls"): one pattern a compound.
    .map(({ first, last }) => `% ${first} ${last}%`)
  const ofPlurals = PLURALS_OF_THEIR_OWN.filter((plural) => named.includes(plural))
    .map((plural) => plural.slice(0, -1))
    .filter((singular) => !typed.includes(singular))
    .map((singular) => `% ${singular} %`)
  return [...new Set([...ofCompounds, ...ofPlurals])]
}

/** A word's synonyms, looked up as typed and as a singular. */
function synonymsOf(word: string): Alternative[] {
  for (const form of singulars(word)) {
    const found = synonyms.get(form)
    if (!found) continue
    const equals = found.map((words): Alternative => ({ words, kind: 'same', synonym: true }))
    // The singular that has them is one of the words too: "loaves" finds loaves, loaf and bread.
    return form === word ? equals : [{ words: form.split(' '), kind: 'same' }, ...equals]
  }
  return []
}

interface TypedWord {
  word: string
  boost: number
  lookup: number
  /** The lookups of its other number ("avacado" → "avacados"), in the relaxed try only. */
  forms: number[]
}

function likePattern(parts: WildcardPart[]): string {
  return parts.map((part) => (part === '*' ? '%' : part === '?' ? '_' : normalizeWord(part.text))).join('')
}

/**
 * The typos a typed word's lookup allows: on the second try of a search that found nothing (relaxed),
 * secondTryTypos, those beyond allowedTypos only where they keep the word's start (allowedEdits).
 */
const typosFor = (length: number, relaxed: boolean) =>
  relaxed ? secondTryTypos(length) : allowedTypos(length)

/**
 * The typos of a word the lookup found, when they are typos it allows (typosFor); undefined when not. The
 * relaxed try's extra typos are for misspellings: a word the catalogue holds as typed (`known`) keeps its
 * length's ("brown rice" found Burford Brown Eggs, "rich" in their description one typo from "rice").
 */
function allowedEdits(
  { word, typos, relaxedTypos }: Lookup,
  found: string,
  known: boolean,
): number | undefined {
  const edits = editDistance(word, found, typos)
  if (edits > typos) return undefined
  if (!relaxedTypos) return edits
  const allowed = known ? edits <= allowedTypos(word.length) : secondTryAllows(word, found, edits)
  return allowed ? edits : undefined
}

/** The lookup of a typed word for its typos: those it was given (`word~2`), or those its length allows. */
function typoLookup(word: string, fuzzy: number | null, relaxed: boolean) {
  const typos = fuzzy ?? typosFor(word.length, relaxed)
  return { word, typos, relaxedTypos: fuzzy === null && typos > allowedTypos(word.length) }
}

interface Prepared {
  lookups: Lookup[]
  texts: { node: TextNode; words: TypedWord[]; joins: (number | undefined)[] }[]
}

/** The words to look up for every text: each typed word, and each pair side by side as one word. */
function prepare(texts: readonly TextNode[], options: ExpandOptions): Prepared {
  const lookups: Lookup[] = []
  const prepared = texts.map((node) => {
    const words: TypedWord[] = []
    const joins: (number | undefined)[] = []
    node.terms.forEach((term, t) => {
      const lastTerm = t === node.terms.length - 1
      if (term.pattern) {
        words.push({ word: term.value, boost: term.boost, lookup: lookups.length, forms: [] })
        lookups.push({ word: '', typos: 0, prefix: false, pattern: likePattern(term.pattern), split: false })
        return
      }
      const split = textWords(term.value)
      split.forEach((word, w) => {
        const last = lastTerm && w === split.length - 1
        const typed: TypedWord = { word, boost: term.boost, lookup: lookups.length, forms: [] }
        words.push(typed)
        lookups.push({
          ...typoLookup(word, term.fuzzy, options.relaxed ?? false),
          prefix: term.prefix || (last && node.primary),
          pattern: '',
          split: true,
        })
        // The vocabulary lists words as written, so a typo in a word typed in the other number is one edit
        // more than the typos allow ("avacado" is two from "avocados", "bluberry" three from
        // "blueberries"): the relaxed try also looks the word up in its other number (otherNumber).
        if (options.relaxed && term.fuzzy === null && word.length >= 4) {
          typed.forms.push(lookups.length)
          lookups.push({
            ...typoLookup(otherNumber(word), null, true),
            prefix: false,
            pattern: '',
            split: false,
          })
        }
      })
    })
    for (let i = 0; i + 1 < words.length; i++) {
      const leftLookup = lookups[words[i]?.lookup ?? -1]
      const rightLookup = lookups[words[i + 1]?.lookup ?? -1]
      const left = words[i]
      const right = words[i + 1]
      if (!left || !right || !leftLookup || !rightLookup || leftLookup.pattern || rightLookup.pattern) {
        joins.push(undefined)
        continue
      }
      joins.push(lookups.length)
      lookups.push({
        word: left.word + right.word,
        typos: 0,
        prefix: rightLookup.prefix,
        pattern: '',
        split: false,
      })
    }
    return { node, words, joins }
  })
  return { lookups, texts: prepared }
}

/**
 * Looks every text's words up in the vocabulary and builds each text's tsqueries.
 */
export function expandTexts(
  vocabulary: Vocabulary,
  texts: readonly TextNode[],
  options: ExpandOptions = {},
): Map<TextNode, ExpandedText> {
  const prepared = prepare(texts, options)
  const rows = vocabulary.lookUp(prepared.lookups, MAX_ALTERNATIVES)
  return build(prepared, rows, true, options)
}

/** The texts with no vocabulary: each word as typed (stemmed) or a synonym, no typos or prefixes. */
export function plainTexts(texts: readonly TextNode[]): Map<TextNode, ExpandedText> {
  return build(prepare(texts, {}), [], false, {})
}

function build(
  { lookups, texts }: Prepared,
  rows: readonly LookupRow[],
  fromVocabulary: boolean,
  { relaxed = false, anyWord = false }: ExpandOptions,
): Map<TextNode, ExpandedText> {
  const byLookup = new Map<number, Alternative[]>()
  const stops = new Map<number, Set<string>>()
  // How many words the lookup gave each typed word: MAX_ALTERNATIVES means there may be more.
  const found = new Map<number, number>()
  const typoEdits = new Map<Alternative, number>()
  // The lookups whose word the catalogue holds as typed: they need no more typos than its length allows.
  const knownLookups = new Set(
    rows.filter((row) => row.kind === 'same' && row.word === lookups[row.i]?.word).map((row) => row.i),
  )
  for (const row of rows) {
    if (row.kind !== 'split') found.set(row.i, (found.get(row.i) ?? 0) + 1)
    if (row.kind === 'stop') {
      stops.set(row.i, (stops.get(row.i) ?? new Set()).add(row.word))
      continue
    }
    const lookup = lookups[row.i]
    // The lookup allows one edit more than Levenshtein needs for a swap of two letters; this keeps the
    // words within the typos when a swap counts as one (editDistance).
    const edits =
      row.kind === 'typo' && lookup ? allowedEdits(lookup, row.word, knownLookups.has(row.i)) : undefined
    if (row.kind === 'typo' && lookup && edits === undefined) continue
    // A word the catalogue holds as typed is read as typed: its typos, other words of the catalogue, are
    // looked at only when the search found nothing with it ("custard" does not list the mustards, nor
    // "bitter" the butters; "dishwasher tables" still finds the tablets on the second try), as Typesense
    // looks for typos only below a count of exact matches.
    if (row.kind === 'typo' && !relaxed && knownLookups.has(row.i)) continue
    const list = byLookup.get(row.i) ?? []
    const kind = row.kind === 'prefix' ? 'prefix' : row.kind === 'typo' ? 'typo' : 'same'
    // A word split in two is read as its two words side by side, and on the second try anywhere in the
    // document: "sourdoughbread" finds the Sourdough Loaf of the Bread aisle.
    const alternative: Alternative = {
      words: row.word.split(' '),
      kind,
      apart: relaxed && row.kind === 'split',
    }
    list.push(alternative)
    byLookup.set(row.i, list)
    if (edits !== undefined) typoEdits.set(alternative, edits)
  }
  // Of a misspelling's typos, only the closest: "chocalate" is one from chocolate and two from the
  // chocolat of Pain au Chocolat, as Meilisearch ranks fewer typos first.
  for (const [i, list] of byLookup) {
    const edits = list.flatMap((alternative) => typoEdits.get(alternative) ?? [])
    const fewest = Math.min(...edits)
    byLookup.set(
      i,
      list.filter((alternative) => (typoEdits.get(alternative) ?? fewest) <= fewest),
    )
  }
  const afterOthers = new Set(texts.flatMap(({ words }) => words.slice(1).map((typed) => typed.lookup)))
  // Each typed word's alternatives are read by the units, the "free" rule and the spelling: built once.
  const built = new Map<TypedWord, Alternative[]>()
  const alternativesOf = (typed: TypedWord): Alternative[] => {
    let alternatives = built.get(typed)
    if (alternatives === undefined) {
      alternatives = buildAlternatives(typed)
      built.set(typed, alternatives)
    }
    return alternatives
  }
  const buildAlternatives = (typed: TypedWord): Alternative[] => {
    // The other number's lookup (prepare's `forms`) is for a misspelling: a word the catalogue holds would
    // get one typo more than its length allows from it ("shop", allowed none, found "chops" by "shops").
    const forms = knownLookups.has(typed.lookup) ? [] : typed.forms
    const looked = [typed.lookup, ...forms].flatMap((i) => byLookup.get(i) ?? [])
    const lookup = lookups[typed.lookup]
    if (lookup?.pattern) return looked
    // The word as typed always counts: stemming matches forms the vocabulary does not list ("cheeses"),
    // unless it is a stop word, which nothing matches, nor its typos: "lemons and limes" is not "hand".
    if (stops.get(typed.lookup)?.has(typed.word)) {
      return looked.filter((a) => a.words.join(' ') !== typed.word && a.kind !== 'typo')
    }
    const exact = synonymsOf(typed.word)
    // English stemming parts an irregular plural from its singular ("leaves" stems as "leav", "leaf" as
    // "leaf"): "tea leaves" finds the loose-leaf teas.
    const singular = typed.word.endsWith('ves') ? `${typed.word.slice(0, -3)}f` : undefined
    if (singular !== undefined && !exact.some((a) => a.words.join(' ') === singular)) {
      exact.unshift({ words: [singular], kind: 'same' })
    }
    // A word with synonyms of its own is a word, not a misspelling: "diet coke" is not read as diet cake.
    const asTyped = exact.some((a) => a.synonym === true) ? looked.filter((a) => a.kind !== 'typo') : looked
    // A misspelt synonym ("parmesean", "zuchini") finds what the synonym finds, when the word is not one
    // of the catalogue's own: "fried" is a word, not a typo for "fries".
    const known = looked.some((a) => a.kind === 'same' && a.words.join(' ') === typed.word)
    // A word the catalogue lacks but holds within its typos is a misspelling, and its stem alone is as
    // much a guess as its typos: "juicie" stems as "juicy" does, and those descriptions must not rank as
    // matched without a typo above the juices.
    const guessed = fromVocabulary && !known && asTyped.some((a) => a.kind === 'typo')
    const own: Alternative = { words: [typed.word], kind: 'same', ...(guessed ? { guess: true } : {}) }
    const equals = exact.length > 0 || !fromVocabulary || known ? exact : synonymsNear(lookup)
    // A last word being typed that starts no catalogue word may start a synonym: "eggpl" finds Aubergine,
    // "yogu" the yoghurts, as the whole word does.
    const begun = fromVocabulary && looked.length === 0 && lookup?.prefix ? synonymsBegun(typed.word) : []
    // Without the vocabulary, a prefix is the stem's (`ched:*`); with it, the words it starts are listed
    // and a partial match, slower in the GIN index, is not needed, unless the list was cut at
    // MAX_ALTERNATIVES after other words: a word of a letter or two starts hundreds, the shortest come
    // first, and "hot c" must still find Hot Cross Buns ("cross" is the 44th word starting with c in the
    // demo catalogue). A letter typed alone keeps its shortest words: as a partial match it would read
    // the index's entries for most of the catalogue.
    const cut = (found.get(typed.lookup) ?? 0) >= MAX_ALTERNATIVES && afterOthers.has(typed.lookup)
    const prefix: Alternative[] =
      lookups[typed.lookup]?.prefix && (!fromVocabulary || cut)
        ? [{ words: [typed.word], kind: 'prefix', stemPrefix: true }]
        : []
    return [own, ...equals, ...begun, ...prefix, ...asTyped.filter((a) => a.words.join(' ') !== typed.word)]
  }
  const result = new Map<TextNode, ExpandedText>()
  for (const { node, words: typedWords, joins } of texts) {
    const oneWordUnit = (typed: TypedWord): Unit => ({
      words: [{ word: typed.word, alternatives: alternativesOf(typed) }],
      together: [],
      boost: typed.boost,
      at: typedWords.indexOf(typed),
    })
    // A stop word with nothing else to stand for is left out, as PostgreSQL leaves it out of a tsquery;
    // a wildcard that fits no catalogue word stays, and matches nothing.
    const words = typedWords.filter(
      (typed) => !stops.get(typed.lookup)?.has(typed.word) || alternativesOf(typed).length > 0,
    )
    const typedList = typedWords.map((typed) => typed.word)
    // Judged among the words as typed, stop words included (the word before a unit is the typed one).
    const what = new Set(whatWords(typedWords, (typed) => typed.word))
    const saying = words.filter((typed) => what.has(typed))
    const named = saying.filter(beforePurpose(typedWords, saying, found))
    // What the thing is for ranks what says it first: "rice for risotto" lists Arborio Risotto Rice first.
    const purposes = saying
      .filter((typed) => !named.includes(typed))
      .map((typed) => unitQuery(oneWordUnit(typed), 'typoFree', ''))
    const matched = named.length > 0 ? named : words
    const units: Unit[] = []
    for (let i = 0; i < matched.length; i++) {
      const typed = matched[i]
      if (!typed) continue
      const next = matched[i + 1]
      // Two words were looked up as one only when typed side by side.
      const at = typedWords.indexOf(typed)
      const join = next !== undefined && typedWords[at + 1] === next ? joins[at] : undefined
      const together: Alternative[] = []
      if (next) {
        together.push(...synonymsOf(`${typed.word} ${next.word}`))
        if (join !== undefined) together.push(...(byLookup.get(join) ?? []))
        // A meal's two words are one thing ("roast dinner"), side by side.
        if (mealOf([typed.word, next.word])) together.push({ words: [typed.word, next.word], kind: 'same' })
      }
      // "dairy free", "sugar free": a word and then "free" say what the product is without, and match
      // only side by side ("Sugar-free Cloudy Lemonade"), not "dairy" in an aisle and "free" in Free-range.
      if (next && join !== undefined && !anyWord && withoutAt(typedList, at + 1)) {
        units.push({
          words: [typed, next].map((w) => ({ word: w.word, alternatives: [] })),
          // …or as its synonyms say it: "caffeine free" is decaf.
          together: [
            { words: [typed.word, next.word], kind: 'same' },
            ...synonymsOf(`${typed.word} ${next.word}`),
            // …or misspelt: "sugr free" is sugar-free.
            ...alternativesOf(typed)
              .filter((alternative) => alternative.kind === 'typo')
              .map((alternative): Alternative => ({
                ...alternative,
                words: [...alternative.words, next.word],
              })),
          ],
          boost: Math.max(typed.boost, next.boost),
          at,
        })
        i++
        continue
      }
      // The last try (any word) counts and weighs each typed word on its own.
      if (next && together.length > 0 && !anyWord) {
        units.push({
          words: [typed, next].map((w) => ({ word: w.word, alternatives: alternativesOf(w) })),
          together,
          boost: Math.max(typed.boost, next.boost),
          at,
        })
        i++
      } else {
        units.push(oneWordUnit(typed))
      }
    }
    // A meal alone stands for what goes into it (MEALS). Beside other words ("chicken stir fry") it is its
    // own words only: each of its parts would need the other words, which few of them say.
    const meal = units.length === 1 ? units[0] : undefined
    const parts = meal && mealOf(unitWords(meal))
    if (meal && parts) {
      meal.together.push(
        ...parts.slice(1).map((words): Alternative => ({ words, kind: 'same', synonym: true })),
      )
    }
    // Of products with some of the words, those with the last come first: in an English grocery phrase
    // it is the thing itself ("spring onions", "plain flour"), the words before it say which.
    const last = units.at(-1)
    const list = listsThings(typedList)
    if (anyWord && last && units.length > 1 && !list) last.boost *= 2
    // "gluten free bread" with any of its words would be bread with gluten, "vegan cheese" dairy cheese:
    // such a text is not searched with fewer of its words, and finds nothing rather than the opposite.
    const kept = anyWord && needsEveryWord(words.map((w) => w.word)) ? [] : units
    result.set(node, {
      ...buildText(words, kept, fromVocabulary, anyWord, matched, list, parts),
      purpose: kept.length > 0 ? anyOf(purposes) : '',
      spelling: typedWords.map((typed) => ({
        typed: typed.word,
        closest: fromVocabulary ? closestReadings(typed, alternativesOf(typed)) : [],
      })),
    })
  }
  return result
}

/**
 * The words a misspelling (the guess of alternativesOf) was read as: its typos' words, the fewest typos
 * first, then those keeping the typed first letter, then the shorter. None for a word read as typed, or
 * found in its other number ("cheeses").
 */
function closestReadings(typed: TypedWord, alternatives: readonly Alternative[]): string[] {
  if (!alternatives.some((alternative) => alternative.guess === true)) return []
  const forms = numberForms(typed.word)
  return alternatives
    .filter((alternative) => alternative.kind === 'typo' && alternative.synonym !== true)
    .flatMap(({ words: [found = ''] }) =>
      found === '' || forms.includes(found)
        ? []
        : [{ found, edits: editDistance(typed.word, found, HELP_TYPOS) }],
    )
    .sort(
      (a, b) =>
        a.edits - b.edits ||
        Number(b.found[0] === typed.word[0]) - Number(a.found[0] === typed.word[0]) ||
        a.found.length - b.found.length ||
        a.found.localeCompare(b.found),
    )
    .map(({ found }) => found)
}

/**
 * The text as a search read it, for the shopper ("Showing results for …"): each misspelt word as the
 * reading the best-ranked product is named with, in either number, the closest first ("baked bens" lists
 * Baked Beans first, so "bens" reads as "beans", not the shorter "buns" of the Chelsea Buns after them;
 * "chiken brest" as "chicken breast", not the nearer "best"); a word no product of the answer is named
 * with stays as typed. Undefined when every word does.
 */
export function readAs(text: ExpandedText | undefined, names: readonly string[]): string | undefined {
  if (text === undefined || text.spelling.every(({ closest }) => closest.length === 0)) return undefined
  const named = names.map((name) => new Set(textWords(name)))
  let changed = false
  const words = text.spelling.map(({ typed, closest }) => {
    for (const nameWords of named) {
      const reading = closest.find((word) => numberForms(word).some((form) => nameWords.has(form)))
      if (reading === undefined) continue
      changed = true
      return reading
    }
    return typed
  })
  return changed ? words.join(' ') : undefined
}

/** The word after which a shopper says what the thing is for: "rice for curry", "cake for a party". */
const FOR = 'for'

/**
 * A filter keeping the words `saying` what the product is that were typed before "for" (FOR), when the
 * catalogue holds one of them or one is a meal (MEALS): the thing wanted. The words after it say what it
 * is for, which a product holding the thing seldom says: "rice for curry" is the rice, not Bombay Mix,
 * whose description holds both; "cake for a party" the cakes, not pasties read from "party". `typed`: every
 * typed word, stop words included; `found`: how many words the vocabulary gave each lookup.
 */
function beforePurpose(
  typed: readonly TypedWord[],
  saying: readonly TypedWord[],
  found: ReadonlyMap<number, number>,
) {
  const at = typed.findIndex((word, i) => i > 0 && word.word === FOR)
  const thing = at < 0 ? [] : saying.filter((word) => typed.indexOf(word) < at)
  const known = (word: TypedWord) => (found.get(word.lookup) ?? 0) > 0 || mealOf([word.word]) !== undefined
  if (!thing.some(known)) return () => true
  return (word: TypedWord) => thing.includes(word)
}

/** Words joining the things of a list: "bread and butter", "tea or coffee", "fish n chips". */
const LIST_JOINS = new Set(['and', 'or', 'n'])

/** Whether the typed words (stop words included) list several things: a joining word between two words. */
export const listsThings = (typed: readonly string[]) =>
  typed.some((word, i) => LIST_JOINS.has(word) && i > 0 && i < typed.length - 1)

/** After a word, the word saying a product is without it: "dairy free". */
const WITHOUT = 'free'

/** Before a word, the word saying a product is without it: "non dairy". */
const WITHOUT_BEFORE = 'non'

/**
 * Whether the words say what a product is without: a word and then "free" ("gluten free bread"), unless
 * "range" is among them, in whatever order ("eggs free range", "range free eggs" are free-range eggs), or
 * "non" and then a word ("non dairy milk").
 */
const saysWithout = (words: readonly string[]) =>
  words.some((word, i) => withoutAt(words, i) || (word === WITHOUT_BEFORE && i < words.length - 1))

/** Words for a diet a product must keep to, which a shopper cannot do without. */
const DIETS = new Set(['vegan', 'vegetarian', 'halal', 'kosher'])

/**
 * Whether a product without every word is the wrong thing: the words say what it is without ("gluten
 * free") or a diet it keeps to ("vegan cheese").
 */
export const needsEveryWord = (words: readonly string[]) =>
  saysWithout(words) || words.some((word) => DIETS.has(word))

/**
 * ExpandedText.without: each typed word but "free" itself, then "free". Only words of letters and digits
 * (not a wildcard's pattern), so nothing in them is tsquery syntax.
 */
const withoutQuery = (words: readonly string[]) =>
  saysWithout(words)
    ? ''
    : [...new Set(words.filter((word) => word !== WITHOUT && /^[\p{L}\p{N}]+$/u.test(word)))]
        .map((word) => `(${word} <-> ${WITHOUT})`)
        .join(' | ')

/**
 * "range", or a slip of it that keeps its first letter ("rang", "rnage"): free-range is no "free" of
 * what a product is without.
 */
const RANGE = 'range'
const saysRange = (word: string) => word[0] === RANGE[0] && editDistance(word, RANGE, 1) <= 1

/** Whether the word at `i` is a "free" saying the word before it is what the product is without. */
const withoutAt = (words: readonly string[], i: number) =>
  i > 0 && words[i] === WITHOUT && !words.some(saysRange)

/**
 * Whether a word, beside others, says what the product is. A quantity says how much: "12 eggs" finds the
 * eggs whatever number their names and descriptions hold. "fresh" and the words for groceries in general
 * do not either (HOW_OR_ANY). `before`: the word typed before it.
 */
const saysWhat = (word: string, before: string | undefined) =>
  !isQuantity(word, before) && !HOW_OR_ANY.has(word)

/** The typed words that say what the product is (saysWhat), or all of them when none does. */
export function whatWords<T>(typed: readonly T[], wordOf: (item: T) => string): T[] {
  const what = typed.filter((item, i) => {
    const before = typed[i - 1]
    return saysWhat(wordOf(item), before === undefined ? undefined : wordOf(before))
  })
  return what.length > 0 ? what : [...typed]
}

/**
 * Words searched only on their own. Beside other words, "fresh" says how the shopper wants it, not what:
 * nearly every grocery is fresh, and as a word it is the Fresh aisle's name, so "fresh bread" found only
 * Breaded Scampi and Outdoor-bred chickens there. "food", "goods", "essentials" and the like say only that
 * it is a grocery: "italian food" listed the fish, of the aisle See food and Fish.
 */
const HOW_OR_ANY = new Set([
  'fresh',
  ...['food', 'good', 'product', 'item', 'essential'].flatMap((word) => [word, `${word}s`]),
  'stuff',
  'aisle',
  'grocery',
  'groceries',
  // How it is laid out: "seafood platter" wants the seafood, "cheese board" the cheeses.
  ...['platter', 'board', 'selection'].flatMap((word) => [word, `${word}s`]),
  // Where it is sold: "cheese shop" wants the cheeses, "fish counter" the fish.
  ...['shop', 'store', 'counter', 'section'].flatMap((word) => [word, `${word}s`]),
  // How soon, how well, how much or for whom: "proper roast dinner", "easy spag bol", "kids picnic".
  ...['proper', 'tonight', 'quick', 'simple', 'easy', 'big', 'kids'],
  // Asking for it: "looking for smoked haddock", "need some eggs", "something sweet".
  ...['looking', 'want', 'need', 'searching', 'find', 'buy', 'get', 'got', 'please', 'something', 'anything'],
  // What it is for: "steak night" wants the steaks, "curry ingredients" what goes into a curry,
  // "ploughman's lunch" a ploughman's.
  ...['night', 'meal', 'recipe', 'ingredient', 'idea', 'starter'].flatMap((word) => [word, `${word}s`]),
  ...['lunch', 'supper', 'lunchbox'],
])

/**
 * A number, or a number and its unit, typed as one word ("12", "500g", "2l") or as two ("2 pints": the
 * unit after a number, given `before`).
 */
const isQuantity = (word: string, before?: string) =>
  /^\d+[a-z]*$/.test(word) || (before !== undefined && /^\d+$/.test(before) && UNITS.has(word))

/** Units a number is counted in, as a shopper types them after it. */
const UNITS = new Set(
  [
    'pint',
    'litre',
    'liter',
    'ml',
    'kg',
    'kilo',
    'g',
    'gram',
    'oz',
    'lb',
    'pack',
    'bottle',
    'can',
    'tin',
    'jar',
  ].flatMap((unit) => [unit, `${unit}s`]),
)

/** A synonym entry found for a typed word other than as typed, and its equals, all of that kind. */
const withSynonyms = (key: string, kind: 'typo' | 'prefix'): Alternative[] => [
  { words: [key], kind },
  ...(synonyms.get(key) ?? []).map((words): Alternative => ({ words, kind, synonym: true })),
]

/** The single-word synonym entries, for misspellings of them (synonymsNear). */
const synonymWords = [...synonyms.keys()].filter((key) => !key.includes(' '))

/**
 * The synonym entries within the typos of a word the catalogue does not hold (allowedEdits), each with its
 * equals: all of them count as typos.
 */
function synonymsNear(lookup: Lookup | undefined): Alternative[] {
  if (lookup === undefined || lookup.typos === 0) return []
  const { word, typos } = lookup
  // The same typos as the vocabulary's words: "tap" is not a bap.
  return synonymWords
    .filter(
      (key) => Math.abs(key.length - word.length) <= typos && allowedEdits(lookup, key, false) !== undefined,
    )
    .flatMap((key) => withSynonyms(key, 'typo'))
}

/** The shortest start of a synonym that is looked for (synonymsBegun): two letters start too many. */
const SYNONYM_START = 3

/** The synonym entries a word being typed starts, each with its equals: prefixes of the typed word. */
function synonymsBegun(word: string): Alternative[] {
  if (word.length < SYNONYM_START) return []
  return synonymWords
    .filter((key) => key.length > word.length && key.startsWith(word))
    .flatMap((key) => withSynonyms(key, 'prefix'))
}

/**
 * all: every alternative; typoFree: no typos, nor a misspelling's own stem; exact: as typed or a synonym;
 * typed: anything but a synonym.
 */
type Mode = 'all' | 'typoFree' | 'exact' | 'typed'

const allowed = (mode: Mode, alternative: Alternative) => {
  if (mode === 'typed') return alternative.synonym !== true
  if (mode === 'typoFree') return alternative.guess !== true && alternative.kind !== 'typo'
  return mode === 'all' || alternative.kind === 'same'
}

/** Vocabulary words are letters and digits only, so nothing in them is tsquery syntax. */
const fragment = (alternative: Alternative, weight: string) => {
  const label = `${alternative.stemPrefix ? '*' : ''}${weight}`
  const words = alternative.words.map((word) => `${word}${label ? `:${label}` : ''}`)
  return words.length === 1 ? (words[0] ?? '') : `(${words.join(alternative.apart ? ' & ' : ' <-> ')})`
}

function alternatives(list: Alternative[], mode: Mode, weight: string): string {
  const parts = [...new Set(list.filter((a) => allowed(mode, a)).map((a) => fragment(a, weight)))]
  return parts.length === 0 ? '' : `(${parts.join(' | ')})`
}

/** `anyWord`: either typed word of a two-word unit may match on its own ("spring onions" → onions). */
function unitQuery(unit: Unit, mode: Mode, weight: string, anyWord = false): string {
  const separate = unit.words.map((w) => alternatives(w.alternatives, mode, weight))
  const together = alternatives(unit.together, mode, weight)
  const all = anyWord
    ? separate.filter((part) => part !== '').join(' | ')
    : separate.every((part) => part !== '')
      ? separate.join(' & ')
      : ''
  if (all === '') return together
  if (together === '') return unit.words.length > 1 ? `(${all})` : all
  return `((${all}) | ${together})`
}

/** ExpandedText.namePhrase: each unit of one typed word after the one before, as far as it was typed. */
function phraseQuery(units: readonly Unit[]): string {
  if (units.length < 2 || units.some((unit) => unit.words.length > 1 || unit.together.length > 0)) return ''
  const parts = units.map((unit) => unitQuery(unit, 'all', 'A'))
  if (parts.some((part) => part === '')) return ''
  return parts.reduce(
    (phrase, part, i) => `${phrase} <${(units[i]?.at ?? 0) - (units[i - 1]?.at ?? 0)}> ${part}`,
  )
}

/** A tsquery matching any of the parts that have something to match ('' when none has). */
const anyOf = (parts: string[]) =>
  parts
    .filter((part) => part !== '')
    .map((part) => `(${part})`)
    .join(' | ')

/** The one-word synonyms and readings of misspellings the units also match ("chips" for "fries"). */
const synonymsMatched = (units: readonly Unit[]) =>
  units.flatMap((unit) =>
    [...unit.together, ...unit.words.flatMap((w) => w.alternatives)].flatMap(({ synonym, kind, words }) =>
      (synonym === true || kind === 'typo') && words.length === 1 && words[0] !== undefined ? [words[0]] : [],
    ),
  )

/**
 * `matched`: the words the units match, without a quantity or "fresh" beside others, whose aisle the text
 * names ("fresh bread": Bread).
 */
function buildText(
  words: TypedWord[],
  units: Unit[],
  checked: boolean,
  anyWord: boolean,
  matched: TypedWord[],
  list: boolean,
  meal: readonly string[][] | undefined,
): Omit<ExpandedText, 'spelling' | 'purpose'> {
  const every = (mode: Mode, weight: string) => {
    const parts = units.map((unit) => unitQuery(unit, mode, weight))
    // A word with no alternative in this mode: nothing can match every word.
    return parts.some((part) => part === '') ? '' : parts.join(' & ')
  }
  const query = (mode: Mode, weight: string) => {
    if (anyWord && mode === 'all' && weight === '') {
      const alone = units.filter((unit) => unit.words.some(({ word }) => standsAlone(word)))
      return anyOf(alone.map((unit) => unitQuery(unit, mode, weight, true)))
    }
    return every(mode, weight)
  }
  const match = query('all', '')
  const last = units.at(-1)
  const typed = words.map((w) => w.word)
  return {
    empty: words.length === 0,
    stopWordsChecked: checked,
    impossible: words.length > 0 && match === '',
    names: aisleNames(typed),
    aisle: aisleNames(matched.map((w) => w.word)),
    match,
    nameExact: query('exact', 'A'),
    nameAll: query('all', 'A'),
    categoryAll: every('all', ''),
    nameOrAisle: every('all', 'AC'),
    without: withoutQuery(typed),
    head: anyOf(units.map((unit) => unitQuery(unit, 'typed', ''))),
    // Without typos: a typo of the last word names another thing, which must not rank above the other
    // words found as typed (fewer typos, below): "cheese shops" lists no Lamb Chops before the cheeses.
    lastHead:
      anyWord && !list && last !== undefined && units.length > 1 ? unitQuery(last, 'typoFree', '') : '',
    list,
    namePhrase: anyWord ? '' : phraseQuery(units),
    compoundEnds: compoundEndings(typed, [...typed, ...synonymsMatched(units)]),
    anyWord,
    nameWords: units.flatMap((unit) =>
      unit.words.map(({ word }) => numberForms(word).map((form) => ` ${form} `)),
    ),
    units: units.map((unit) => ({
      typoFree: unitQuery(unit, 'typoFree', ''),
      all: unitQuery(unit, 'all', ''),
      boost: unit.boost,
    })),
    turns: turnsOf(units, anyWord, list, meal),
  }
}

/** The typed words a unit stands for. */
const unitWords = (unit: Unit) => unit.words.map((w) => w.word)

/**
 * ExpandedText.turns: a list's units searched with any word, or the own words and parts of the meal the
 * one unit names (`meal`, mealOf).
 */
function turnsOf(
  units: readonly Unit[],
  anyWord: boolean,
  list: boolean,
  meal: readonly string[][] | undefined,
): string[] {
  if (list && anyWord && units.length > 1) return units.map((unit) => unitQuery(unit, 'all', 'AC'))
  if (units.length !== 1 || meal === undefined) return []
  return meal.map((words) => fragment({ words, kind: 'same' }, 'AC'))
}

/** The typos a word the search found nothing for may be from the words offered for it, from 5 letters. */
export const HELP_TYPOS = 2

/**
 * For a search that found nothing: the catalogue's words close to each typed word of at least four
 * letters (one typo from 4 letters, HELP_TYPOS from 5), keeping its first letter or one slip of the fingers
 * from it (slipAtStart), closest first, then the shorter. Two typos in a short word are beyond what a search
 * allows ("hunny" is two from honey, "tumric" from turmeric), and trigram similarity misses them too,
 * sharing too few letters in a row; as an offer the shopper chooses from, they help. Another first letter
 * makes another word ("kale" is not pale), as it does for the search.
 */
export function closeWords(vocabulary: Vocabulary, typed: readonly string[]): string[] {
  const words = typed.filter((word) => word.length >= 4)
  if (words.length === 0) return []
  const typosOf = (word: string) => (word.length >= 5 ? HELP_TYPOS : 1)
  const rows = vocabulary.lookUp(
    words.map((word) => ({ word, typos: typosOf(word), prefix: false, pattern: '', split: false })),
    MAX_ALTERNATIVES,
  )
  const close = rows.flatMap((row) => {
    const word = words[row.i]
    if (row.kind !== 'typo' || word === undefined) return []
    const edits = editDistance(word, row.word, typosOf(word))
    const start = row.word[0] === word[0] || (edits === 1 && slipAtStart(word, row.word))
    return edits > typosOf(word) || !start ? [] : [{ found: row.word, edits }]
  })
  close.sort((a, b) => a.edits - b.edits || a.found.length - b.found.length || a.found.localeCompare(b.found))
  return [...new Set(close.map((c) => c.found))]
}

/**
 * For a search that found nothing: the words a one-way synonym lists a typed word with (SYNONYM_EXPANSIONS),
 * and that synonym itself: "kale" is one of the greens, with spinach, cabbage and broccoli. The aisles
 * holding those are where a shopper finds what the catalogue has instead.
 */
export function kindredWords(typed: readonly string[]): string[] {
  const found = new Set<string>()
  for (const word of typed) {
    const forms = singulars(word)
    for (const [entry, targets] of Object.entries(SYNONYM_EXPANSIONS)) {
      const words = targets.map((target) => textWords(target).join(' '))
      if (!words.some((target) => forms.includes(target))) continue
      for (const other of [textWords(entry).join(' '), ...words]) if (!forms.includes(other)) found.add(other)
    }
  }
  return [...found]
}
