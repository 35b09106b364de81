import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveJwtSecret } from './session-tokens'

describe('resolveJwtSecret', () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'larder-secret-'))

  it('refuses to run in production without JWT_SECRET', () => {
    expect(() => resolveJwtSecret({ jwtSecret: undefined, env: 'production', dataDir: tempDir() })).toThrow(
      /JWT_SECRET must be set in production/,
    )
  })

  it('refuses a short secret', () => {
    expect(() => resolveJwtSecret({ jwtSecret: 'short', env: 'production', dataDir: tempDir() })).toThrow(
      /32/,
    )
  })

  it('generates a development secret once, private to the owner, and keeps it', () => {
    const dataDir = tempDir()
    const first = resolveJwtSecret({ jwtSecret: undefined, env: 'development', dataDir })
    const second = resolveJwtSecret({ jwtSecret: undefined, env: 'development', dataDir })
    expect(first).toBe(second)
    expect(first.length).toBeGreaterThanOrEqual(48)
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600)
  })
})
