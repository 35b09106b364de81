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

describe('production refuses unsafe defaults, naming the variable', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example',
    SMTP_URL: 'smtp://mail.example:587',
  }

  it('starts with PUBLIC_URL and SMTP_URL', () => {
    const config = loadConfig(production)
    expect(config.mailTransport).toBe('smtp')
    expect(config.host).toBe('0.0.0.0')
    expect(config.sandboxPayments).toBe(false)
  })

  it('refuses to start without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(
      /PUBLIC_URL must be set in production/,
    )
  })

  it('refuses to start without SMTP_URL unless MAIL_TRANSPORT=outbox', () => {
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(
      /SMTP_URL must be set in production, or MAIL_TRANSPORT=outbox/,
    )
    expect(loadConfig({ ...production, SMTP_URL: '', MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe('outbox')
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT=smtp needs SMTP_URL/)
  })

  it('keeps the sandbox off for a shop served over https unless SANDBOX_PAYMENTS=true', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' }).sandboxPayments).toBe(false)
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example', SANDBOX_PAYMENTS: 'true' }).sandboxPayments).toBe(
      true,
    )
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).sandboxPayments).toBe(true)
    expect(loadConfig({}).sandboxPayments).toBe(true)
  })

  it('listens on this machine only unless production or HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  })
})
