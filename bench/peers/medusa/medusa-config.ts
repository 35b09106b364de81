import { defineConfig, loadEnv } from '@medusajs/framework/utils'

loadEnv(process.env.NODE_ENV || 'development', process.cwd())

// Only the store API is measured: the admin is off, and the secrets are a throw-away cluster's.
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: {
      storeCors: 'http://127.0.0.1',
      adminCors: 'http://127.0.0.1',
      authCors: 'http://127.0.0.1',
      jwtSecret: process.env.JWT_SECRET || 'bench-only',
      cookieSecret: process.env.COOKIE_SECRET || 'bench-only',
    },
  },
  admin: { disable: true },
})
