import cookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { createCatalogRepository } from './modules/catalog/catalog.repository'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { createCatalogService } from './modules/catalog/catalog.service'
import { healthRoutes } from './modules/health/health.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { createShopsRepository } from './modules/shops/shops.repository'
import { shopsRoutes } from './modules/shops/shops.routes'
import { authPlugin, type SessionVerifier } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { registerSecurity } from './plugins/security'
import { registerWebApp } from './plugins/web'

export interface AppDeps {
  config: Pick<Config, 'logLevel' | 'webDist'>
  db: Database
  verifySession?: SessionVerifier
}

/** The whole server, given everything from outside it; tests call this with a real database. */
export async function buildApp({ config, db, verifySession }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await registerSecurity(app)
  await app.register(cookie)
  await app.register(authPlugin, { verifySession })

  await app.register(healthRoutes, { db })
  await app.register(catalogRoutes, { catalog: createCatalogService(createCatalogRepository(db)) })
  await app.register(shopsRoutes, { shops: createShopsRepository(db) })
  await app.register(mediaRoutes)
  await registerWebApp(app, config.webDist)
  return app
}
