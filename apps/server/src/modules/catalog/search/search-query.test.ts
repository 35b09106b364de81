import { describe, expect, it } from 'vitest'
import { MAX_QUERY_CLAUSES, MAX_QUERY_LENGTH, SEARCH_FIELDS } from '@larder/shared'
import { parseSearchQuery } from './search-query'

function errorOf(query: string): string {
  const result = parseSearchQuery(query)
  if (result.ok) throw new Error(`expected ${JSON.stringify(query)} to be refused`)
  return result.message
}

describe('parseSearchQuery: errors', () => {
  it.each([
    ['', 'query is empty'],
    ['   \t', 'query is empty'],
    ['a'.repeat(MAX_QUERY_LENGTH + 1), `query is longer than ${MAX_QUERY_LENGTH} characters`],
    ['foo:bar', `unknown field "foo"; allowed fields: ${SEARCH_FIELDS.join(', ')}`],
    ['productname:bar', 'unknown field "productname"'],
    ['(((', 'syntax error at position 4: expected a search term but found the end of the query'],
    ['productName:"x" AND', 'syntax error at position 20: expected a search term'],
    ['OR a', 'syntax error at position 1: expected a search term but found "OR"'],
    ['a AND OR b', 'syntax error at position 7: expected a search term but found "OR"'],
    ['a )', 'syntax error at position 3: ")" has no matching "("'],
    ['(a', 'syntax error at position 3: "(" at position 1 is never closed'],
    ['()', 'syntax error at position 2: empty parentheses'],
    ['a "bc', 'syntax error at position 3: the phrase opened at position 3 is never closed'],
    ['a\\', 'syntax error at position 2: "\\" at the end of the query escapes nothing'],
    ['productName:', 'syntax error at position 13: expected a value after "productName:"'],
    ['a:b:c', 'unknown field "a"'],
    ['categoryL1:x:y', 'syntax error at position 13: expected a search term but found ":"'],
    ['a^', 'syntax error at position 2: expected a number after "^"'],
    [`${'a '.repeat(MAX_QUERY_CLAUSES)}b`, `query has more than ${MAX_QUERY_CLAUSES} clauses`],
    ['id:[1 TO 5]', 'range queries are supported on salePrice and qty only, not on "id"'],
    ['productName:{a TO b}', 'range queries are supported on salePrice and qty only, not on "productName"'],
    ['[1 TO 2]', 'a range needs a field: salePrice:[1 TO 2] or qty:[1 TO 2]'],
    ['salePrice:[1 TO two]', 'salePrice must be an amount in pounds such as 2 or 2.50, not "two"'],
    ['qty:[1 TO 2.5]', 'qty must be a whole number, not "2.5"'],
    ['salePrice:[1 2]', 'expected "TO" in the range opened at position 11'],
    ['salePrice:[1 TO 2', 'the range opened at position 11 must end with "]" or "}"'],
    ['salePrice:[1 TO 2]^2', 'a range cannot take a boost or a fuzzy edit distance'],
    ['cheese~3', 'a fuzzy search allows at most 2 edits, not 3'],
    ['cheese~0.8', 'the fuzzy edit distance must be 0, 1 or 2'],
    ['ched*~', 'a term cannot be both a wildcard and fuzzy (~)'],
    ['isFree:true~', 'fuzzy search (~) is not supported on isFree'],
    ['(a b)~', 'a group cannot be fuzzy (~)'],
    ['"mature cheddar"~2', 'proximity searches ("a phrase"~N) are not supported'],
    ['/ch.*se/', 'regular expressions are not supported'],
    ['isFree:maybe', 'isFree must be "true" or "false", not "maybe"'],
    ['isFree:tr*', 'isFree must be "true" or "false", not "tr*"'],
    ['id:abc', 'id must be a whole number from 1 to 2147483647, not "abc"'],
    ['id:0', 'id must be a whole number'],
    ['id:-3', 'id must be a whole number'],
    ['id:1.5', 'id must be a whole number'],
    ['id:2147483648', 'id must be a whole number'],
    ['*', 'a prefix search needs at least one character before "*" (position 1)'],
    ['categoryL1:"*"', 'a prefix search needs at least one character'],
    ['productName:""', 'empty phrase at position 13'],
    [`${'('.repeat(40)}a${')'.repeat(40)}`, 'parentheses are nested more than 32 deep'],
    ['a\0b', 'query contains a NUL character'],
  ])('refuses %j: %s', (query, message) => {
    expect(errorOf(query)).toContain(message)
  })

  it('accepts 20 clauses and nesting 32 deep', () => {
    expect(parseSearchQuery(`${'a '.repeat(MAX_QUERY_CLAUSES - 1)}b`).ok).toBe(true)
    expect(parseSearchQuery(`${'('.repeat(32)}a${')'.repeat(32)}`).ok).toBe(true)
  })

  // Bounded by the test's own timeout, not a clock read here: a loaded machine is no failure.
  it('answers, without throwing, for pathological input', () => {
    const inputs = [
      '('.repeat(10_000),
      `${'('.repeat(MAX_QUERY_LENGTH - 1)}a`,
      '(+a -b OR '.repeat(50),
      '(a OR '.repeat(83),
      '(NOT '.repeat(100),
      'NOT '.repeat(125),
      '"'.repeat(MAX_QUERY_LENGTH),
      '\\'.repeat(MAX_QUERY_LENGTH),
      '-'.repeat(MAX_QUERY_LENGTH),
      `${'a OR '.repeat(99)})`,
    ]
    for (const input of inputs) expect(parseSearchQuery(input)).toHaveProperty('ok')
  })
})
