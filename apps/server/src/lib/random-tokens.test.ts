import { describe, expect, it } from 'vitest'
import { createTokenSource } from './random-tokens'

describe('createTokenSource', () => {
  it('hands out tokens of the given size, none twice, across many refills of its batch', () => {
    const next = createTokenSource(24, 4)
    const tokens = Array.from({ length: 4 * 250 }, () => next())
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(Buffer.from(token, 'base64url')).toHaveLength(24)
    }
    expect(new Set(tokens).size).toBe(tokens.length)
    // A refill draws new bytes rather than handing the last batch out again: no 8-byte run repeats.
    const heads = tokens.map((token) => Buffer.from(token, 'base64url').subarray(0, 8).toString('hex'))
    expect(new Set(heads).size).toBe(tokens.length)
  })

  it('gives random bits: about half of them set, every bit position used', () => {
    const next = createTokenSource(24)
    let ones = 0
    let seen = 0
    const positions = new Array<number>(24 * 8).fill(0)
    for (let i = 0; i < 2_000; i++) {
      const bytes = Buffer.from(next(), 'base64url')
      bytes.forEach((byte, at) => {
        for (let bit = 0; bit < 8; bit++) {
          const set = (byte >> bit) & 1
          ones += set
          positions[at * 8 + bit] = (positions[at * 8 + bit] ?? 0) + set
        }
      })
      seen += bytes.length * 8
    }
    // 384 000 fair bits: 0.49–0.51 is more than 12 standard deviations wide.
    expect(ones / seen).toBeGreaterThan(0.49)
    expect(ones / seen).toBeLessThan(0.51)
    // 2 000 draws per position: a stuck bit (always 0 or always 1) would show as 0 or 2 000.
    for (const count of positions) expect(count).toBeGreaterThan(800)
    for (const count of positions) expect(count).toBeLessThan(1_200)
  })
})
