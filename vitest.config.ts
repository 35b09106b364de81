import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a 2-core CI machine means one test file at a time.
    // The API tests spend much of their time waiting for a database, so every core takes a file:
    // `npm run test:unit` went from 386 s to 218 s on 2 cores.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
})
