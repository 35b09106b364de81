import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { dumpMigratedPglite } from '../db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (a tar file) that every test database starts from. */
    pgliteSnapshot: string
  }
}

/**
 * Migrates one PGlite database for the whole run and dumps it to a file, which the test workers (separate
 * processes) can all read. The migrations are still what every test runs against.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'larder-test-'))
  const file = path.join(dir, 'migrated.tar')
  const dump = await dumpMigratedPglite()
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  return () => rm(dir, { recursive: true, force: true })
}
