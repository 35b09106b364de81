/**
 * mulberry32: a small, fast 32-bit generator. The demo catalogue must be the same on every machine and
 * every run (tests and end-to-end journeys name its products), so nothing here touches Math.random.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A generator of its own for each product, so product i is the same whatever the catalogue size and
 * whichever batch it is generated in.
 */
export function randomFor(seed: number, index: number): () => number {
  return mulberry32(Math.imul(index + 1, 0x9e3779b1) ^ seed)
}

export type Random = () => number

export function pick<T>(random: Random, list: readonly T[]): T {
  const value = list[Math.floor(random() * list.length)]
  if (value === undefined) throw new Error('pick from an empty list')
  return value
}

/** A whole number from min to max, both included. */
export function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}
