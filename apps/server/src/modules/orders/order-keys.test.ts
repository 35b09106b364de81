import { createHash, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createOrderKeys } from './order-keys'

const SECRET = 'a-session-secret-of-at-least-thirty-two-characters'

describe('order keys', () => {
  const keys = createOrderKeys(SECRET)

  it('gives each order its own key, the same every time, and opens that order alone', () => {
    const [one, two] = [randomUUID(), randomUUID()]
    expect(keys.keyFor(one)).toBe(keys.keyFor(one))
    expect(keys.keyFor(one)).not.toBe(keys.keyFor(two))
    expect(keys.opens(one, keys.keyFor(one))).toBe(true)
    expect(keys.opens(two, keys.keyFor(one))).toBe(false)
  })

  it('opens nothing without a key, or with one cut short, lengthened or made under another secret', () => {
    const id = randomUUID()
    const key = keys.keyFor(id)
    expect(keys.opens(id, undefined)).toBe(false)
    expect(keys.opens(id, '')).toBe(false)
    expect(keys.opens(id, key.slice(0, -1))).toBe(false)
    expect(keys.opens(id, `${key}=`)).toBe(false)
    expect(keys.opens(id, createOrderKeys(`${SECRET}!`).keyFor(id))).toBe(false)
  })

  it('needs the secret: it is no bare hash of the id, and survives a restart with the same secret', () => {
    const id = randomUUID()
    expect(keys.keyFor(id)).not.toBe(createHash('sha256').update(id).digest('base64url'))
    expect(createOrderKeys(SECRET).keyFor(id)).toBe(keys.keyFor(id))
  })
})
