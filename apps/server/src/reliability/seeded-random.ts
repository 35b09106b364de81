import { mulberry32 } from '../db/seed/prng'

/** The demo catalogue's generator: a failing shuffle or payload can be replayed exactly from its seed. */
export const seededRandom = mulberry32

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
