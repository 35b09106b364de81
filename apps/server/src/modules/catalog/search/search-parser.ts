import { MAX_QUERY_CLAUSES, RANGE_FIELDS, SEARCH_FIELDS, type SearchField } from '@larder/shared'

/**
 * A hand-written, single-pass parser for the Lucene query subset the search endpoint accepts.
 *
 * We do not use the `lucene` package's parser: it is a PEG parser without memoisation, and on malformed
 * nested input it backtracks exponentially (`'(+a -b OR '.repeat(12) + 'a ]' + ')'.repeat(12)`, 135
 * characters, took 92 s; 16 unclosed `(a OR ` groups took 5 s), so one request could stall the server.
 * This parser never backtracks: its work is linear in the query's length.
 */

export interface SearchTerm {
  kind: 'term'
  /** null for a bare word or phrase (full-text search). */
  field: SearchField | null
  value: string
  quoted: boolean
  /** The term ended in an unescaped `*`, which has been removed from `value`. */
  prefix: boolean
  /**
   * An unquoted word with an unescaped `?` (one character) or `*` (any characters) before its end
   * (`ch?ddar`, `sour*ough`): the word's parts, literal text and wildcards. Null otherwise.
   */
  pattern: WildcardPart[] | null
  /** `term~` (2, as Lucene's default) or `term~N`: the edits a match may differ by. Null: not fuzzy. */
  fuzzy: number | null
  /** `term^N`; 1 without one. */
  boost: number
  /** 1-based position of the term in the query, for error messages. */
  position: number
}

export type WildcardPart = { text: string } | '*' | '?'

export type RangeField = (typeof RANGE_FIELDS)[number]

/** `field:[a TO b]` (inclusive) or `field:{a TO b}` (exclusive), mixed allowed; null is an open end (`*`). */
export interface SearchRange {
  kind: 'range'
  field: RangeField
  lower: string | null
  upper: string | null
  includeLower: boolean
  includeUpper: boolean
  position: number
}

export type SearchNode =
  | SearchTerm
  | SearchRange
  | { kind: 'and' | 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }

/** A query the client got wrong; its message is safe to show. */
export class SearchQueryError extends Error {}

/** Deep enough for any hand-written query; the length limit already bounds it, this keeps the stack safe. */
export const MAX_NESTING = 32

const FIELD_NAMES: ReadonlySet<string> = new Set(SEARCH_FIELDS)
const isSearchField = (name: string): name is SearchField => FIELD_NAMES.has(name)
const RANGE_NAMES: ReadonlySet<string> = new Set(RANGE_FIELDS)
const isRangeField = (name: string): name is RangeField => RANGE_NAMES.has(name)

/** Lucene's largest edit distance for `term~N`. */
export const MAX_FUZZY_EDITS = 2

const WHITESPACE = /\s/
/** Characters that end an unquoted word unless escaped with a backslash. */
const WORD_END = /[\s()":^~[\]{}]/
const OPERATORS = new Set(['AND', 'OR', 'NOT', '&&', '||'])

export function parseSearch(query: string): SearchNode {
  return new Parser(query).parseQuery()
}

class Parser {
  private pos = 0
  private clauses = 0

  constructor(private readonly input: string) {}

  parseQuery(): SearchNode {
    this.skipSpace()
    if (this.atEnd()) throw new SearchQueryError('query is empty')
    const node = this.parseOr(null, 0)
    if (!this.atEnd()) throw this.syntaxError('")" has no matching "("')
    return node
  }

  private parseOr(field: SearchField | null, depth: number): SearchNode {
    const children = [this.parseAnd(field, depth)]
    while (this.takeOperator('OR', '||')) children.push(this.parseAnd(field, depth))
    return children.length === 1 && children[0] ? children[0] : { kind: 'or', children }
  }

  /** Two clauses side by side mean AND, as `a NOT b` means `a AND NOT b`; AND binds tighter than OR. */
  private parseAnd(field: SearchField | null, depth: number): SearchNode {
    const children = [this.parseNot(field, depth)]
    for (;;) {
      this.skipSpace()
      if (this.atEnd() || this.peek() === ')' || this.peekOperator() === 'OR' || this.peekOperator() === '||')
        break
      this.takeOperator('AND', '&&')
      children.push(this.parseNot(field, depth))
    }
    return children.length === 1 && children[0] ? children[0] : { kind: 'and', children }
  }

  private parseNot(field: SearchField | null, depth: number): SearchNode {
    let negated = false
    for (;;) {
      this.skipSpace()
      // Only a word starting "NOT" can be the operator: checking first keeps a run of 500 `-` linear,
      // where reading the operator word at every `-` was quadratic.
      if (this.input.startsWith('NOT', this.pos) && this.takeOperator('NOT')) {
        negated = !negated
        continue
      }
      const c = this.peek()
      if ((c === '-' || c === '!' || c === '+') && this.startsClause(this.pos + 1)) {
        // `+` (required) is what every clause already is, so only `-` and `!` change anything.
        if (c !== '+') negated = !negated
        this.pos++
        continue
      }
      break
    }
    const clause = this.parseClause(field, depth)
    return negated ? { kind: 'not', child: clause } : clause
  }

  private parseClause(field: SearchField | null, depth: number): SearchNode {
    this.skipSpace()
    this.refuseUnsupported()
    const c = this.peek()
    if (c === '(') return this.parseGroup(field, depth)
    if (c === '"') return this.finishTerm(field, this.readPhrase())
    const operator = this.peekOperator()
    if (c === undefined || c === ')' || WORD_END.test(c) || operator !== undefined) {
      throw this.syntaxError(`expected a search term but found ${this.describeNext()}`)
    }
    const word = this.readWord()
    if (this.peek() !== ':') return this.finishTerm(field, word)

    const name = this.input.slice(word.start, this.pos)
    if (!isSearchField(name)) {
      throw new SearchQueryError(`unknown field "${name}"; allowed fields: ${SEARCH_FIELDS.join(', ')}`)
    }
    this.pos++
    this.skipSpace()
    if (this.peek() === '[' || this.peek() === '{') return this.parseRange(name)
    this.refuseUnsupported()
    const next = this.peek()
    if (next === '(') return this.parseGroup(name, depth)
    if (next === '"') return this.finishTerm(name, this.readPhrase())
    if (next === undefined || WORD_END.test(next)) {
      throw this.syntaxError(`expected a value after "${name}:" but found ${this.describeNext()}`)
    }
    return this.finishTerm(name, this.readWord())
  }

  /** `salePrice:[1 TO 2]`, `qty:{0 TO *]`: the bounds are checked as numbers in search-query.ts. */
  private parseRange(field: SearchField): SearchRange {
    const open = this.pos
    if (!isRangeField(field)) {
      throw new SearchQueryError(
        `range queries are supported on ${RANGE_FIELDS.join(' and ')} only, not on "${field}"`,
      )
    }
    const includeLower = this.peek() === '['
    this.pos++
    const bound = (what: string) => {
      this.skipSpace()
      const start = this.pos
      while (this.pos < this.input.length && !/[\s\]}]/.test(this.input.charAt(this.pos))) this.pos++
      const text = this.input.slice(start, this.pos)
      if (text === '') throw this.syntaxError(`expected the range's ${what} but found ${this.describeNext()}`)
      return text === '*' ? null : text
    }
    const lower = bound('lower bound')
    this.skipSpace()
    if (!this.input.startsWith('TO', this.pos) || !/^\s/.test(this.input.charAt(this.pos + 2))) {
      throw this.syntaxError(`expected "TO" in the range opened at position ${open + 1}`)
    }
    this.pos += 2
    const upper = bound('upper bound')
    this.skipSpace()
    const close = this.peek()
    if (close !== ']' && close !== '}') {
      throw this.syntaxError(`the range opened at position ${open + 1} must end with "]" or "}"`)
    }
    this.pos++
    this.clauses++
    if (this.clauses > MAX_QUERY_CLAUSES)
      throw new SearchQueryError(`query has more than ${MAX_QUERY_CLAUSES} clauses`)
    if (this.peek() === '^' || this.peek() === '~')
      throw this.syntaxError('a range cannot take a boost or a fuzzy edit distance')
    return {
      kind: 'range',
      field,
      lower,
      upper,
      includeLower,
      includeUpper: close === ']',
      position: open + 1,
    }
  }

  /** `field:(a OR b)` gives the group's terms that field unless they name their own. */
  private parseGroup(field: SearchField | null, depth: number): SearchNode {
    const open = this.pos
    if (depth >= MAX_NESTING)
      throw new SearchQueryError(`parentheses are nested more than ${MAX_NESTING} deep`)
    this.pos++
    this.skipSpace()
    if (this.peek() === ')') throw this.syntaxError('empty parentheses')
    const node = this.parseOr(field, depth + 1)
    if (this.peek() !== ')') throw this.syntaxError(`"(" at position ${open + 1} is never closed`)
    this.pos++
    this.groupModifiers()
    return node
  }

  private finishTerm(field: SearchField | null, raw: RawTerm): SearchTerm {
    const { boost, fuzzy } = this.termModifiers(raw)
    if (raw.value === '' && !raw.prefix) {
      throw new SearchQueryError(`empty phrase at position ${raw.start + 1}`)
    }
    if (raw.value.trim() === '' && raw.prefix) {
      throw new SearchQueryError(
        `a prefix search needs at least one character before "*" (position ${raw.start + 1})`,
      )
    }
    this.clauses++
    if (this.clauses > MAX_QUERY_CLAUSES)
      throw new SearchQueryError(`query has more than ${MAX_QUERY_CLAUSES} clauses`)
    return {
      kind: 'term',
      field,
      value: raw.value,
      quoted: raw.quoted,
      prefix: raw.prefix,
      pattern: raw.pattern,
      fuzzy,
      boost,
      position: raw.start + 1,
    }
  }

  /** `^N` then `~` / `~N`, or the other way round, as Lucene reads them. */
  private termModifiers(raw: RawTerm): { boost: number; fuzzy: number | null } {
    let boost = 1
    let fuzzy: number | null = null
    for (let seen = 0; seen < 2; seen++) {
      if (this.peek() === '^' && boost === 1) boost = this.readBoost()
      else if (this.peek() === '~' && fuzzy === null) {
        if (raw.quoted) throw new SearchQueryError('proximity searches ("a phrase"~N) are not supported')
        if (raw.prefix || raw.pattern)
          throw this.syntaxError('a term cannot be both a wildcard and fuzzy (~)')
        const edits = /^~(\d+)?/.exec(this.input.slice(this.pos))
        this.pos += edits?.[0].length ?? 1
        // Lucene 3's similarity (`~0.8`) is gone from Lucene too; say what is meant instead.
        if (this.peek() === '.') throw new SearchQueryError('the fuzzy edit distance must be 0, 1 or 2')
        fuzzy = edits?.[1] === undefined ? MAX_FUZZY_EDITS : Number(edits[1])
        if (fuzzy > MAX_FUZZY_EDITS)
          throw new SearchQueryError(`a fuzzy search allows at most ${MAX_FUZZY_EDITS} edits, not ${fuzzy}`)
      }
    }
    if (this.peek() === '^' || this.peek() === '~') throw this.syntaxError(`unexpected "${this.peek()}"`)
    return { boost, fuzzy }
  }

  private readBoost(): number {
    const boost = /^\^(\d+(\.\d+)?)/.exec(this.input.slice(this.pos))
    if (!boost?.[1]) throw this.syntaxError('expected a number after "^"')
    this.pos += boost[0].length
    return Number(boost[1])
  }

  /** A group's boost is accepted and has no effect; a group cannot be fuzzy. */
  private groupModifiers() {
    if (this.peek() === '^') this.readBoost()
    if (this.peek() === '~') throw this.syntaxError('a group cannot be fuzzy (~)')
  }

  private refuseUnsupported() {
    const c = this.peek()
    if (c === '[' || c === '{')
      throw new SearchQueryError(
        `a range needs a field: ${RANGE_FIELDS.map((f) => `${f}:[1 TO 2]`).join(' or ')}`,
      )
    if (c === '/') throw new SearchQueryError('regular expressions are not supported')
  }

  private readPhrase(): RawTerm {
    const start = this.pos
    this.pos++
    const term = new TermBuilder(start, true)
    for (;;) {
      const c = this.peek()
      if (c === undefined)
        throw this.syntaxError(`the phrase opened at position ${start + 1} is never closed`, start)
      this.pos++
      if (c === '"') return term.build()
      if (c === '\\') term.add(this.readEscaped(), true)
      else term.add(c, false)
    }
  }

  private readWord(): RawTerm {
    const term = new TermBuilder(this.pos, false)
    for (let c = this.peek(); c !== undefined && !WORD_END.test(c); c = this.peek()) {
      this.pos++
      if (c === '\\') term.add(this.readEscaped(), true)
      else term.add(c, false)
    }
    return term.build()
  }

  private readEscaped(): string {
    const c = this.peek()
    if (c === undefined) throw this.syntaxError('"\\" at the end of the query escapes nothing', this.pos - 1)
    this.pos++
    return c
  }

  /** The operator keyword at the cursor, if the next word is exactly one. */
  private peekOperator(): string | undefined {
    this.skipSpace()
    let end = this.pos
    while (
      end < this.input.length &&
      !WORD_END.test(this.input.charAt(end)) &&
      this.input.charAt(end) !== '\\'
    )
      end++
    const next = this.input.charAt(end)
    if (next === '\\' || next === ':') return undefined
    const word = this.input.slice(this.pos, end)
    return OPERATORS.has(word) ? word : undefined
  }

  private takeOperator(...operators: string[]): boolean {
    const operator = this.peekOperator()
    if (operator === undefined || !operators.includes(operator)) return false
    this.pos += operator.length
    return true
  }

  /** A `-`, `+` or `!` directly followed by something a clause can start with is a prefix operator. */
  private startsClause(at: number): boolean {
    const c = this.input.charAt(at)
    return c !== '' && (c === '(' || c === '"' || !WORD_END.test(c))
  }

  private describeNext(): string {
    const operator = this.peekOperator()
    if (operator !== undefined) return `"${operator}"`
    const c = this.peek()
    return c === undefined ? 'the end of the query' : `"${c}"`
  }

  private syntaxError(message: string, at = this.pos): SearchQueryError {
    return new SearchQueryError(`syntax error at position ${at + 1}: ${message}`)
  }

  private skipSpace() {
    while (this.pos < this.input.length && WHITESPACE.test(this.input.charAt(this.pos))) this.pos++
  }

  private peek(): string | undefined {
    return this.pos < this.input.length ? this.input.charAt(this.pos) : undefined
  }

  private atEnd(): boolean {
    this.skipSpace()
    return this.pos >= this.input.length
  }
}

interface RawTerm {
  start: number
  value: string
  quoted: boolean
  prefix: boolean
  pattern: WildcardPart[] | null
}

/**
 * Collects a term's characters; trailing unescaped `*`s mark a prefix search, an escaped `\*` is literal.
 * In an unquoted word, an unescaped `?` or a `*` before the end makes it a wildcard pattern.
 */
class TermBuilder {
  private text = ''
  private trailingStars = 0
  private parts: WildcardPart[] = []
  private wildcard = false

  constructor(
    private readonly start: number,
    private readonly quoted: boolean,
  ) {}

  add(c: string, escaped: boolean) {
    this.text += c
    this.trailingStars = c === '*' && !escaped ? this.trailingStars + 1 : 0
    if (!escaped && (c === '*' || c === '?')) {
      if (c === '?' || !this.quoted) this.parts.push(c)
      if (c === '?' && !this.quoted) this.wildcard = true
      return
    }
    const last = this.parts[this.parts.length - 1]
    if (typeof last === 'object') last.text += c
    else this.parts.push({ text: c })
    // A `*` followed by anything is an inner wildcard; a trailing one stays a prefix.
    if (this.parts.some((part, i) => part === '*' && i < this.parts.length - 1) && !this.quoted)
      this.wildcard = true
  }

  build(): RawTerm {
    const value = this.text.slice(0, this.text.length - this.trailingStars)
    const pattern = this.wildcard ? this.parts : null
    return {
      start: this.start,
      value,
      quoted: this.quoted,
      prefix: this.trailingStars > 0 && !pattern,
      pattern,
    }
  }
}
