import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * `npm run test:cluster` only (run-cluster.sh): the cluster fault test starts processes and a database of
 * its own and takes minutes, so the default `vitest run` leaves it out (the root config excludes this folder).
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['cluster-faults.test.ts', 'cache-and-workers.test.ts'],
    environment: 'node',
    // The scenarios share three processes and one database, one after another.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
    reporters: ['verbose'],
  },
})
