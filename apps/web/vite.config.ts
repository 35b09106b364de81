/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server the dev server forwards to (npm run dev at the repo root starts it on 3000). An IPv4
// literal, because Node may resolve localhost to ::1 while the server listens on 0.0.0.0.
const API_ORIGIN = 'http://127.0.0.1:3000'

export default defineConfig({
  // Pinned to this folder: the root vitest config loads this file as a project from the repo root.
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/media': API_ORIGIN,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
