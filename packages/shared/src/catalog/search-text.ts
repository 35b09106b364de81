/**
 * Free text as the search engine reads it, shared so that the web app highlights what the server matched.
 * A word is a run of letters and digits, lower case, accents removed: the same as the database's
 * `search_normalize` (unaccent, lower, split on anything else), migration 0012.
 */

/** Letters unaccent turns into more than the bare letter; NFD alone would keep or drop them. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
}

/** More words than a shopper types; the rest of a pasted paragraph is ignored. */
export const MAX_TEXT_WORDS = 8

/** One word as the engine compares it: lower case, accents removed, letters and digits only. */
export function normalizeWord(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '')
}

/**
 * Whether a word says enough on its own to search or compare by: one or two letters do not ("m&s" would
 * find every product with a word starting with s, and be offered names close to an m).
 */
export const standsAlone = (word: string) => word.length > 2

/**
 * The words of a text, in order, at most MAX_TEXT_WORDS. A possessive's "'s" is no word of its own:
 * "baker's" is the baker, not "baker" and "s". An ampersand is the word "and", which joins the things of
 * a list ("salt & pepper" as "salt and pepper"); a stop word, it matches nothing itself.
 */
export function textWords(text: string): string[] {
  return text
    .replace(/['’]s(?![\p{L}\p{N}])/gu, '')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalizeWord)
    .filter((word) => word !== '')
    .slice(0, MAX_TEXT_WORDS)
}

/**
 * Typos a word may have and still match, as Meilisearch's defaults: none below 5 letters, one from 5,
 * two from 9.
 */
export function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0
}

/**
 * Typos a word may have on the second try of a search that found nothing: one from 3 letters, two from 7,
 * where those beyond allowedTypos leave the word's first letter as typed (secondTryAllows). The commonest
 * misspellings are two edits in words of 7 or 8 letters ("brocolli", "sardeens", "crosants").
 */
export function secondTryTypos(length: number): number {
  return length >= 7 ? 2 : length >= 3 ? 1 : 0
}

/**
 * Whether `found`, `edits` typos from the typed `word`, is a word the second try allows: within
 * secondTryTypos, and those beyond allowedTypos only where it begins with the typed first letter: typos
 * that change a word's first letter make another word ("nappies" → "apples", "kale" → "pale"), those after
 * it are slips ("sossages" is sausages). One typo at the start is allowed where it is a slip of the fingers
 * (slipAtStart): "nilk" is milk, "ioja" rioja, "cie" ice.
 */
export function secondTryAllows(word: string, found: string, edits: number): boolean {
  if (edits > secondTryTypos(word.length)) return false
  return (
    edits <= allowedTypos(word.length) || found[0] === word[0] || (edits === 1 && slipAtStart(word, found))
  )
}

/** The letters of a UK keyboard's rows, each row set off half a key from the one above. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']

/** Each letter's neighbours on the keyboard: beside it, and touching it in the rows above and below. */
const NEIGHBOURS = new Map(
  KEY_ROWS.flatMap((row, r) =>
    [...row].map((letter, c) => {
      // Row r + 1 sits half a key to the right of row r, so key c touches keys c - 1 and c below it and
      // keys c and c + 1 above it.
      const near = [
        row[c - 1],
        row[c + 1],
        KEY_ROWS[r - 1]?.[c],
        KEY_ROWS[r - 1]?.[c + 1],
        KEY_ROWS[r + 1]?.[c - 1],
        KEY_ROWS[r + 1]?.[c],
      ]
      return [letter, new Set(near.filter((key): key is string => key !== undefined))] as const
    }),
  ),
)

/**
 * Whether the typed word is `found` with one slip at its start: the first letter missed ("ioja") or
 * doubled by a key beside it, the first two swapped ("cie"), or the first hit with a key beside the right
 * one ("nilk"). A different first letter otherwise makes another word ("kale" is not pale).
 */
export function slipAtStart(word: string, found: string): boolean {
  const [first = '', second = ''] = word
  const [wanted = '', next = ''] = found
  if (word === found.slice(1)) return true
  if (word.slice(1) === found) return NEIGHBOURS.get(wanted)?.has(first) === true || first === wanted
  if (first === next && second === wanted && word.slice(2) === found.slice(2)) return true
  return word.slice(1) === found.slice(1) && NEIGHBOURS.get(wanted)?.has(first) === true
}

/**
 * Edits between a and b (optimal string alignment: a missing, extra or wrong letter, or two letters
 * swapped, each one edit, as Meilisearch counts typos), or max + 1 as soon as it must exceed max.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1)
      current.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length] ?? max + 1
}

export interface HighlightPart {
  text: string
  match: boolean
}

/** Whether a name's word is within the typos the engine allows a typed word on either try. */
const withinSecondTry = (typed: string, word: string) =>
  secondTryAllows(typed, word, editDistance(typed, word, secondTryTypos(typed.length)))

/**
 * A product name cut into parts, the parts that match the typed text marked: a word starting with a typed
 * word (its typed part), a typed word starting with the word (stemming: "cheeses" marks "Cheese"), or a
 * word within the typos the engine allows (on its second try too: "brocolli" marks "Broccoli"). Two typed words side by side count as one too, as the engine
 * reads them ("sour dough" marks "Sourdough").
 */
export function highlightName(name: string, text: string): HighlightPart[] {
  const words = textWords(text)
  const typed = [...words, ...words.slice(1).map((word, i) => `${words[i] ?? ''}${word}`)]
  const parts: HighlightPart[] = []
  let last = 0
  const push = (part: string, match: boolean) => {
    if (part === '') return
    const previous = parts[parts.length - 1]
    if (previous && previous.match === match) previous.text += part
    else parts.push({ text: part, match })
  }
  for (const found of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = found[0]
    const start = found.index
    push(name.slice(last, start), false)
    last = start + word.length
    const normal = normalizeWord(word)
    // Stripping accents keeps one letter per letter unless a special letter was expanded.
    const sameLength = normal.length === word.length
    let matched = 0
    for (const q of typed) {
      if (normal.startsWith(q)) matched = Math.max(matched, sameLength ? q.length : word.length)
      else if ((normal.length >= 4 && q.startsWith(normal)) || withinSecondTry(q, normal))
        matched = word.length
    }
    push(word.slice(0, matched), true)
    push(word.slice(matched), false)
  }
  push(name.slice(last), false)
  return parts
}
