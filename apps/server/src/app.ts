import cookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { createCatalogRepository } from './modules/catalog/catalog.repository'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { createCatalogService } from './modules/catalog/catalog.service'
import { createContactRepository } from './modules/contact/contact.repository'
import { contactRoutes } from './modules/contact/contact.routes'
import { createContactService } from './modules/contact/contact.service'
import { healthRoutes } from './modules/health/health.routes'
import { mediaRoutes } from './modules/media/media.routes'
import { createShopsRepository } from './modules/shops/shops.repository'
import { shopsRoutes } from './modules/shops/shops.routes'
import { authPlugin, type SessionVerifier } from './plugins/auth'
import { registerErrorHandling } from './plugins/errors'
import { registerRateLimits } from './plugins/rate-limit'
import { registerSecurity } from './plugins/security'
import { registerWebApp } from './plugins/web'
import type { Mailer } from './providers/mail/mailer'
import { createOutboxMailer } from './providers/mail/outbox'
import { createSmtpMailer } from './providers/mail/smtp'

export interface AppDeps {
  config: Config
  db: Database
  /** Defaults to SMTP when config.smtpUrl is set, else the outbox table. */
  mailer?: Mailer
  verifySession?: SessionVerifier
}

/** The whole server, given everything from outside it; tests call this with a real database. */
export async function buildApp({ config, db, mailer, verifySession }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging: at load they cost more than the requests themselves.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await registerSecurity(app)
  await registerRateLimits(app)
  await app.register(cookie)
  await app.register(authPlugin, { verifySession })

  const mail =
    mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db, app.log))

  await app.register(healthRoutes, { db })
  await app.register(catalogRoutes, { catalog: createCatalogService(createCatalogRepository(db)) })
  await app.register(shopsRoutes, { shops: createShopsRepository(db) })
  await app.register(contactRoutes, {
    contact: createContactService({
      repository: createContactRepository(db),
      mailer: mail,
      shopEmail: config.shopEmail,
    }),
  })
  await app.register(mediaRoutes)
  await registerWebApp(app, config.webDist)
  return app
}
