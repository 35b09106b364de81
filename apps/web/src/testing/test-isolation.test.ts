import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(full)
    return /\.test\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : []
  })
}

describe('test isolation', () => {
  // The web project shares a worker's modules between files (vitest.config.ts): a module replaced by
  // vi.mock there would leak into the files after it, or be ignored where a file before it loaded it.
  it('names every test file that replaces a module *.isolated.test', () => {
    const files = testFiles(SRC)
    expect(files.length).toBeGreaterThan(50)
    const mocking = files.filter((file) =>
      /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(SRC, file), 'utf8')),
    )
    expect(mocking.length).toBeGreaterThan(0)
    expect(mocking.filter((file) => !/\.isolated\.test\.tsx?$/.test(file))).toEqual([])
  })
})
