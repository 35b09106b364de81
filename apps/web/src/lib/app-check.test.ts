import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeReply } from '../testing/fake-api'
import {
  APP_CHECK_HEADER,
  backoffDelay,
  createAppCheck,
  refreshDelay,
  solveChallenge,
  type AltchaChallenge,
  type AppCheck,
} from './app-check'

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** An altcha v1 challenge as the server makes it: hash(salt + secret number). */
async function makeChallenge(number: number, maxnumber = 2_000): Promise<AltchaChallenge> {
  const salt = `a1b2c3?expires=${Math.floor(Date.now() / 1000) + 600}&`
  return {
    algorithm: 'SHA-256',
    challenge: await sha256Hex(`${salt}${number}`),
    maxnumber,
    salt,
    signature: 'sig',
  }
}

// Real work (digests) happens outside the fake clock: wait for it without moving time. setImmediate is
// not faked, and the bound is generous because a busy machine can take a while to hash.
async function until(condition: () => boolean) {
  for (let i = 0; i < 50_000 && !condition(); i += 1) await new Promise((resolve) => setImmediate(resolve))
}

describe('the refresh and back-off schedule', () => {
  it('backs off from 30 000 ms, doubling up to 960 000 ms', () => {
    expect(Array.from({ length: 8 }, (_, failures) => backoffDelay(failures))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ])
  })

  it('refreshes 300 000 ms before expiry', () => {
    expect(refreshDelay(3600)).toBe(3_300_000)
    expect(refreshDelay(600)).toBe(300_000)
    // A token shorter-lived than the offset is refreshed half-way, never in a zero-delay loop.
    expect(refreshDelay(200)).toBe(100_000)
  })
})

describe('solveChallenge', () => {
  it('finds the secret number', async () => {
    expect(await solveChallenge(await makeChallenge(1_234))).toBe(1_234)
  })

  it('answers null when no number up to maxnumber fits', async () => {
    const challenge = await makeChallenge(50, 10)
    expect(await solveChallenge(challenge)).toBeNull()
  })
})

describe('createAppCheck', () => {
  let appCheck: AppCheck
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    // Each failure is logged as a warning; the schedule, not the log, is under test.
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    appCheck = createAppCheck()
  })
  afterEach(() => {
    appCheck.stop()
    vi.useRealTimers()
  })

  function server(
    mode: 'off' | 'monitor' | 'enforce',
    token: () => FakeReply = () => ({ body: { token: 'tok-1', ttl: 3600 } }),
  ) {
    const challengeTimes: number[] = []
    let challenge: AltchaChallenge | undefined
    const api = fakeApi({
      'GET /api/public/config': { body: { googleClientId: null, appCheck: mode } },
      'GET /api/app-check/challenge': () => {
        challengeTimes.push(Date.now())
        return challenge ? { body: challenge } : { status: 503, body: { message: 'Try later' } }
      },
      'POST /api/app-check/token': token,
    })
    return {
      ...api,
      challengeTimes,
      setChallenge: (next: AltchaChallenge | undefined) => {
        challenge = next
      },
    }
  }

  it('does nothing when the server has app checks off', async () => {
    const { fetchMock } = server('off')
    expect(await appCheck.getToken()).toBeNull()
    expect(await appCheck.getToken()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('solves the challenge, exchanges the solution and caches the token', async () => {
    const api = server('enforce')
    api.setChallenge(await makeChallenge(777))
    expect(await appCheck.getToken()).toBe('tok-1')
    const [exchange] = api.sent('POST /api/app-check/token')
    const { payload } = exchange?.body as { payload: string }
    expect(JSON.parse(atob(payload))).toMatchObject({ algorithm: 'SHA-256', number: 777, signature: 'sig' })
    expect(await appCheck.getToken()).toBe('tok-1')
    expect(api.challengeTimes).toHaveLength(1)
  })

  it('fetches a new token once the one it holds has been used as often as the server allows', async () => {
    let issued = 0
    const api = server('enforce', () => ({ body: { token: `tok-${(issued += 1)}`, ttl: 600, uses: 2 } }))
    api.setChallenge(await makeChallenge(5))
    const tokens = []
    for (let i = 0; i < 5; i++) tokens.push(await appCheck.getToken())
    expect(tokens).toEqual(['tok-1', 'tok-1', 'tok-2', 'tok-2', 'tok-3'])
  })

  it('refreshes the token 300 000 ms before it expires', async () => {
    const api = server('monitor')
    api.setChallenge(await makeChallenge(3))
    const start = Date.now()
    await appCheck.getToken()
    await vi.advanceTimersByTimeAsync(3_300_000 - 1)
    expect(api.challengeTimes).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => api.sent('POST /api/app-check/token').length === 2)
    expect(api.challengeTimes).toEqual([start, start + 3_300_000])
    expect(api.sent('POST /api/app-check/token')).toHaveLength(2)
  })

  it('retries after 30 000, 60 000, 120 000 … ms, at most 960 000 ms apart, then recovers', async () => {
    const api = server('enforce')
    const start = Date.now()
    expect(await appCheck.getToken()).toBeNull()
    await vi.advanceTimersByTimeAsync(30_000 + 60_000 + 120_000 + 240_000 + 480_000 + 960_000 + 960_000)
    const gaps = api.challengeTimes.map((time, index) => time - (api.challengeTimes[index - 1] ?? start))
    expect(gaps).toEqual([0, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000])

    api.setChallenge(await makeChallenge(5))
    await vi.advanceTimersByTimeAsync(960_000)
    await until(() => api.sent('POST /api/app-check/token').length === 1)
    expect(await appCheck.getToken()).toBe('tok-1')
    // After a success the back-off starts again from 30 000 ms.
    api.setChallenge(undefined)
    await vi.advanceTimersByTimeAsync(3_300_000)
    const failedAt = Date.now()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(api.challengeTimes.at(-1)).toBe(failedAt + 30_000)
  })

  it('treats a refused exchange as a failure to retry', async () => {
    const api = server('enforce', () => ({
      status: 400,
      body: { message: 'The app-check solution is wrong' },
    }))
    api.setChallenge(await makeChallenge(9))
    expect(await appCheck.getToken()).toBeNull()
    await vi.advanceTimersByTimeAsync(30_000)
    await until(() => api.sent('POST /api/app-check/token').length === 2)
    expect(api.sent('POST /api/app-check/token')).toHaveLength(2)
  })

  it('names its header as the server expects', () => {
    expect(APP_CHECK_HEADER).toBe('X-App-Check')
  })
})
