/** A small seeded generator (mulberry32), so a failing shuffle or payload can be replayed exactly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fisher–Yates with the given generator. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}

/** The seed for this run: RELIABILITY_SEED replays one, otherwise a fixed default keeps CI repeatable. */
export const RELIABILITY_SEED = Number(process.env.RELIABILITY_SEED ?? 20261121)
