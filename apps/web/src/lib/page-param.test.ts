import { MAX_PAGE } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { parsePageParam } from './page-param'

describe('parsePageParam', () => {
  it.each([
    [null, 0],
    ['1', 0],
    ['3', 2],
    ['0', 0],
    ['-2', 0],
    ['1.5', 0],
    ['abc', 0],
    ['1000000000', MAX_PAGE],
    ['1e30', MAX_PAGE],
  ])('reads %s as page index %i', (value, page) => {
    expect(parsePageParam(value)).toBe(page)
  })
})
