import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 connections, also when empty', () => {
    expect(loadConfig({}).databasePoolMax).toBe(10)
    expect(loadConfig({ DATABASE_POOL_MAX: ' ' }).databasePoolMax).toBe(10)
  })

  it('takes a whole number of connections', () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25)
  })

  it.each(['1', '0', '2.5', 'ten', '-3'])('refuses %s (a held lock needs a second connection)', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/)
  })
})

describe('SHUTDOWN_TIMEOUT', () => {
  it('defaults to 10 seconds, also when empty', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000)
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '' }).shutdownTimeoutMs).toBe(10_000)
  })

  it('is in seconds, fractions allowed', () => {
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '30' }).shutdownTimeoutMs).toBe(30_000)
    expect(loadConfig({ SHUTDOWN_TIMEOUT: '2.5' }).shutdownTimeoutMs).toBe(2_500)
  })

  it('refuses a value written in milliseconds rather than wait hours', () => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: '10000' })).toThrow(/SHUTDOWN_TIMEOUT is in seconds/)
  })

  it.each(['0', '-1', 'soon'])('refuses %s', (value) => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: value })).toThrow(/SHUTDOWN_TIMEOUT/)
  })
})
