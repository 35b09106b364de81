import { describe, expect, it } from 'vitest'
import { containsNul } from './nul-guard'

describe('containsNul', () => {
  it('finds U+0000 in any string of a parsed value, keys included', () => {
    expect(containsNul('a\u0000b')).toBe(true)
    expect(containsNul({ a: [{ b: 'x' }, { c: ['ok', 'n\u0000'] }] })).toBe(true)
    expect(containsNul({ 'k\u0000': 1 })).toBe(true)
  })

  it('passes text without it, numbers, nulls and raw bytes', () => {
    expect(containsNul({ a: ['x', 1, null, true, { b: '\\u0000' }] })).toBe(false)
    expect(containsNul(undefined)).toBe(false)
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false)
  })

  it('walks a deeply nested or very long value without overflowing the stack', () => {
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(containsNul(deep)).toBe(true)
    expect(containsNul(Array.from({ length: 300_000 }, () => 'x'))).toBe(false)
  })
})
