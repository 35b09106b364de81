import os from 'node:os'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Web test files that need a module graph of their own: those that replace modules (vi.mock), and those
 * that need the page's app-check client to start afresh. apps/web/src/testing/test-isolation.test.ts
 * holds the first group to this name.
 */
const ISOLATED_WEB_TESTS = 'src/**/*.isolated.test.{ts,tsx}'

const webProject = (test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: 'apps/web/vite.config.ts',
  test: {
    root: 'apps/web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A page's first import is transformed on demand, several seconds on a loaded 2-core machine; tests
    // wait for it (findBy… with 5 s), and the test itself must outlast that wait.
    testTimeout: 15_000,
    ...test,
  },
})

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a 2-core CI machine means one test file at a time.
    // The API tests spend much of their time waiting for a database, so every core takes a file:
    // `npm run test:unit` went from 386 s to 218 s on 2 cores.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      // The benchmarks' own logic; the benchmarks themselves run with npm run bench:*.
      { test: { name: 'bench', root: 'bench', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['src/test/global-setup.ts'],
          // The cluster fault test runs apart (`npm run test:cluster`): it needs the built bundle and a
          // PostgreSQL server of its own, and takes minutes.
          exclude: [...configDefaults.exclude, 'src/reliability/cluster/**'],
          // A file's modules (Fastify, Drizzle, PGlite) are loaded once per worker, not once per file:
          // the API tests keep no state in modules, and the server project went from 110 s to 76 s.
          isolate: false,
        },
      },
      // Most web test files share a worker's modules, as the server's do (web tests: 92 s to 22 s);
      // setup-tests.ts puts the page's module-level stores back after every test.
      webProject({
        name: 'web',
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [ISOLATED_WEB_TESTS],
        isolate: false,
      }),
      webProject({ name: 'web-isolated', include: [ISOLATED_WEB_TESTS] }),
    ],
  },
})
