import { describe, expect, it } from 'vitest'
import { parseProductId } from './parse-product-id'

describe('parseProductId', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['999999999999999', null],
    ['0', null],
    ['12abc', null],
    ['1e3', null],
    ['', null],
    [undefined, null],
  ])('reads %s as %s', (raw, id) => {
    expect(parseProductId(raw)).toBe(id)
  })
})
