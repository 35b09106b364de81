/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest'

// The web app's first load takes helpers from these modules and must not pull zod in with them
// (docs/decisions/0007-browser-trusts-typed-responses.md): schemas belong in `*.schema.ts` files.
const plainModules = import.meta.glob<string>(
  ['./**/*.ts', '!./**/*.schema.ts', '!./**/*.test.ts', '!./index.ts'],
  { query: '?raw', import: 'default', eager: true },
)

describe('modules other than *.schema.ts', () => {
  it('are all checked', () => {
    expect(Object.keys(plainModules)).toContain('./common/money.ts')
    expect(Object.keys(plainModules)).toContain('./orders/order.ts')
  })

  it.each(Object.entries(plainModules))('%s imports neither zod nor a schema', (_name, source) => {
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1])
    expect(imports.filter((from) => from === 'zod' || from?.endsWith('.schema'))).toEqual([])
  })
})
