import cookie from '@fastify/cookie'
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database, DatabaseHandle } from './db/client'
import {
  CATALOG_CHANNEL,
  createCatalogChangeFeed,
  decodeChange,
  invalidationOf,
  readYourWrites,
} from './lib/catalog-changes'
import { systemClock, type Clock } from './lib/clock'
import { createJobRunner } from './jobs/job-runner'
import { createRateLimiter } from './lib/rate-limiter'
import { createAccountsRepository } from './modules/accounts/accounts.repository'
import { accountsRoutes } from './modules/accounts/accounts.routes'
import { createAccountsService } from './modules/accounts/accounts.service'
import { createGoogleNonces } from './modules/accounts/google-nonces'
import { createSessionTokens, resolveJwtSecret } from './modules/accounts/session-tokens'
import { createInvitations } from './modules/accounts/invitations'
import { createAuditLog } from './modules/backoffice/audit-log'
import { createBackOfficeRepository } from './modules/backoffice/backoffice.repository'
import { registerBackOffice } from './modules/backoffice/backoffice.routes'
import { createBackOfficeScopes } from './modules/backoffice/backoffice-scopes'
import { createOperatorRepository } from './modules/backoffice/operator.repository'
import { operatorRoutes } from './modules/backoffice/operator.routes'
import { createPicturesRepository } from './modules/backoffice/pictures.repository'
import { uploadedMediaRoutes, vendorPictureRoutes } from './modules/backoffice/pictures.routes'
import { createProductImportRepository } from './modules/backoffice/product-import.repository'
import { productImportRoutes } from './modules/backoffice/product-import.routes'
import { createVendorProductsRepository } from './modules/backoffice/vendor-products.repository'
import { createVendorProductsService } from './modules/backoffice/vendor-products.service'
import { createAppCheck } from './modules/app-check/app-check'
import { appCheckRoutes } from './modules/app-check/app-check.routes'
import { createCatalogRepository } from './modules/catalog/catalog.repository'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { createCatalogService } from './modules/catalog/catalog.service'
import { createContactRepository } from './modules/contact/contact.repository'
import { contactPageRoutes } from './modules/contact/contact-page.routes'
import { contactRoutes } from './modules/contact/contact.routes'
import { createContactService } from './modules/contact/contact.service'
import { healthRoutes } from './modules/health/health.routes'
import { createMailQueue } from './modules/mail/mail-queue'
import { mediaRoutes } from './modules/media/media.routes'
import { createOrderKeys } from './modules/orders/order-keys'
import { createOrderState } from './modules/orders/order-state'
import { createOrdersRepository } from './modules/orders/orders.repository'
import { ordersRoutes } from './modules/orders/orders.routes'
import { createOrdersService } from './modules/orders/orders.service'
import { createShopOrdersRepository } from './modules/orders/shop-orders.repository'
import { registerShopOrders } from './modules/orders/shop-orders.routes'
import { createShopOrdersService } from './modules/orders/shop-orders.service'
import { registerPayments } from './modules/payments/payments.module'
import { createShopsRepository } from './modules/shops/shops.repository'
import { shopsRoutes } from './modules/shops/shops.routes'
import { devOutboxRoutes, siteRoutes } from './modules/site/site.routes'
import { authPlugin } from './plugins/auth'
import { frameworkErrors, registerErrorHandling } from './plugins/errors'
import { registerGracefulClose } from './plugins/graceful-close'
import { registerNulGuard } from './plugins/nul-guard'
import { registerSecurity } from './plugins/security'
import { registerWebApp } from './plugins/web'
import { createSitemapRepository } from './modules/sitemap/sitemap.repository'
import { sitemapRoutes } from './modules/sitemap/sitemap.routes'
import { inlineScriptSources } from './plugins/web-pages'
import { registerXsrf, XSRF_COOKIE } from './plugins/xsrf'
import { responseCache } from './plugins/response-cache'
import { createGoogleTokenVerifier, type GoogleTokenVerifier } from './providers/google-identity'
import type { Mailer } from './providers/mail/mailer'
import { createOutboxMailer } from './providers/mail/outbox'
import { createSmtpMailer } from './providers/mail/smtp'
import { createPaymentProvider } from './providers/payments/create-provider'
import type { PaymentProvider } from './providers/payments/payment-provider'

export interface AppDeps {
  config: Config
  db: Database
  /**
   * The database's notices (DatabaseHandle.listen): catalogue writes in any process announce themselves
   * there, and kept replies showing what they changed are dropped (plugins/response-cache.ts).
   */
  listen: DatabaseHandle['listen']
  clock?: Clock
  /** Defaults to SMTP when config.smtpUrl is set (and MAIL_TRANSPORT is not outbox), else the outbox table. */
  mailer?: Mailer
  /** Defaults to checking against Google's key set when config.googleClientId is set. */
  verifyGoogleToken?: GoogleTokenVerifier
  /** Defaults to Stripe when config.stripeSecretKey is set, else the sandbox (see create-provider.ts). */
  payments?: PaymentProvider
  /**
   * Runs `work` unless another process runs the same named work now (the database handle's advisory
   * lock). Defaults to running it: right for one process, and for tests.
   */
  runExclusive?: (name: string, work: () => Promise<void>) => Promise<void>
}

/** The whole server, given everything from outside it; tests call this with a real database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps
  const clock = deps.clock ?? systemClock
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A client that trickles its request (slowloris) is cut off instead of holding a socket forever;
    // Fastify's default of 0 means no limit. Generous, since bodies here are at most 1 MB of JSON.
    requestTimeout: 30_000,
    frameworkErrors,
    trustProxy: config.trustProxy,
    // During a drain a request that reaches an open connection is served, with `Connection: close`
    // (plugins/graceful-close.ts), rather than refused; /readyz is what tells the load balancer.
    return503OnClosing: false,
    // Per-request lines only when debugging: at load they cost more than the requests themselves.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  const lifecycle = registerGracefulClose(app)
  registerNulGuard(app)
  // The cookie plugin writes Set-Cookie in an onSend hook: registered first, it has done so by the time
  // the response cache decides whether a reply is one visitor's (and so not to be shared).
  await app.register(cookie)
  // Every catalogue write, in this process or another, announces what it changed (lib/catalog-changes.ts);
  // what this process keeps of the catalogue hears it here. Losing the connection means notices may be
  // missed: everything kept is dropped, and nothing is kept until it listens again.
  const catalogChanges = createCatalogChangeFeed()
  const ownWrites = readYourWrites(db, catalogChanges)
  const listening = await deps.listen(CATALOG_CHANNEL, {
    message: (payload) => {
      if (!ownWrites.heardMark(payload)) catalogChanges.publish(invalidationOf(decodeChange(payload)))
    },
    down: () => catalogChanges.setLive(false),
    up: () => catalogChanges.setLive(true),
  })
  app.addHook('onClose', () => listening.close())
  // A write's reply leaves once this process has heard the change it announced (lib/catalog-changes.ts).
  // preValidation, after the body is read: the body's stream events would not carry the mark's context.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') done()
    else ownWrites.track(request, done)
  })
  app.addHook('onSend', async (request, _reply, payload) => {
    await ownWrites.settle(request)
    return payload
  })
  // Before every route, and before compression so that it keeps the JSON or HTML text and its own
  // compressed versions: it keeps reads marked publicCache until what they show changes
  // (plugins/response-cache.ts).
  await app.register(responseCache, {
    feed: catalogChanges,
    maxBytes: config.cacheMaxBytes,
    perVisitorCookies: [XSRF_COOKIE],
  })
  // The web build's inline scripts, read now: the policy is every reply's, the API's included.
  await registerSecurity(app, { inlineScripts: inlineScriptSources(config.webDist) })
  registerXsrf(app, { secureCookie: config.publicUrl.startsWith('https:') })

  const secret = resolveJwtSecret(config)
  const mailer =
    deps.mailer ??
    (config.mailTransport === 'smtp' && config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(app.log, { logText: config.env !== 'production' }))
  if (config.env === 'production' && mailer.kind === 'outbox')
    app.log.warn(
      'MAIL_TRANSPORT=outbox: no e-mail is sent; every mail, password-reset links included, stays in the outbox_mail table',
    )
  const verifyGoogleToken =
    deps.verifyGoogleToken ??
    (config.googleClientId
      ? createGoogleTokenVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
      : undefined)
  const payments = deps.payments ?? createPaymentProvider({ config, db, jwtSecret: secret, clock })
  // Every process runs the durable jobs (mail, refunds, sandbox webhooks); they stop, after the job in
  // hand, when the app closes, before the database does.
  const jobs = createJobRunner({ db, clock, log: app.log })
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', () => jobs.stop())
  const mail = createMailQueue(jobs, mailer, config.publicUrl)
  const limiter = await createRateLimiter(app, { db, clock })
  const appCheck = createAppCheck({ secret, mode: config.appCheck, clock, counters: limiter.counters })
  const accountsRepository = createAccountsRepository(db)
  const accounts = createAccountsService({
    repository: accountsRepository,
    tokens: createSessionTokens(secret, clock),
    mail,
    jobs,
    clock,
    publicUrl: config.publicUrl,
    verifyGoogleToken,
    googleNonces: createGoogleNonces({ secret, clock, counters: limiter.counters }),
  })
  await app.register(authPlugin, { verifySession: accounts.verifySession })

  await app.register(healthRoutes, { db, isClosing: lifecycle.isClosing })
  await app.register(siteRoutes, {
    googleClientId: config.googleClientId,
    appCheck: config.appCheck,
    chatGroupUrl: config.chatGroupUrl,
  })
  const catalogRepository = createCatalogRepository(db, catalogChanges)
  await app.register(catalogRoutes, { catalog: createCatalogService(catalogRepository) })
  await app.register(shopsRoutes, { shops: createShopsRepository(db) })
  await app.register(accountsRoutes, { accounts, limiter, appCheck })
  await app.register(appCheckRoutes, { appCheck, limiter })
  const contact = createContactService({
    repository: createContactRepository(db),
    mail,
    jobs,
    shopEmail: config.shopEmail,
  })
  await app.register(contactRoutes, { contact, limiter, appCheck })
  const ordersRepository = createOrdersRepository(db)
  const orderState = createOrderState(ordersRepository)
  const orderKeys = createOrderKeys(secret)
  // Payments changes orders only through orderState; orders asks payments for provider prices and to switch
  // a cancelled order's payment pages off, through the small interfaces orders.service.ts declares.
  const paymentsModule = await registerPayments(app, {
    db,
    orders: orderState,
    orderKeys,
    provider: payments,
    mail,
    jobs,
    clock,
    limiter,
    publicUrl: config.publicUrl,
    runExclusive: deps.runExclusive ?? ((_name, work) => work()),
  })
  await app.register(ordersRoutes, {
    orders: createOrdersService({
      repository: ordersRepository,
      state: orderState,
      clock,
      keys: orderKeys,
      providerPrice: paymentsModule.repository.providerPrice,
      paymentPages: paymentsModule.checkout,
    }),
    keys: orderKeys,
    limiter,
    appCheck,
  })
  // The back office: every route under /api/vendor and /api/admin goes through these scopes' role and shop
  // checks (modules/backoffice/backoffice-scopes.ts), every change through the audit log.
  const backOfficeScopes = createBackOfficeScopes()
  app.decorate('backOfficeRoutes', backOfficeScopes.routes)
  const invitations = createInvitations({
    repository: accountsRepository,
    mail,
    jobs,
    clock,
    publicUrl: config.publicUrl,
  })
  const audit = createAuditLog(db, clock)
  const pictures = { repository: createPicturesRepository(db), audit }
  // A back-office change announces itself in its transaction (lib/catalog-changes.ts), which drops the kept
  // replies in every process and the listing totals; emptying this process's totals at once as well keeps
  // the very next read here exact.
  const afterCatalogueChange = () => catalogRepository.clearTotals()
  await registerBackOffice(app, backOfficeScopes, {
    db,
    clock,
    repository: createBackOfficeRepository(db),
    products: createVendorProductsService({
      repository: createVendorProductsRepository(db),
      audit,
      clock,
      afterChange: afterCatalogueChange,
    }),
    afterCatalogueChange,
    accounts: accountsRepository,
    invitations,
    audit,
    limiter,
  })
  await backOfficeScopes.admin(app, operatorRoutes, {
    repository: createOperatorRepository(db),
    invitations,
    audit,
    clock,
    catalogueChanged: () => catalogRepository.clearTotals(),
    sendResetLink: (email) => accounts.requestPasswordReset(email),
  })
  await backOfficeScopes.vendor(app, vendorPictureRoutes, pictures)
  await backOfficeScopes.vendor(app, productImportRoutes, {
    repository: createProductImportRepository(db),
    audit,
  })
  await registerShopOrders(app, backOfficeScopes, {
    service: createShopOrdersService({
      repository: createShopOrdersRepository(db),
      audit,
      mail,
      jobs,
      clock,
      publicUrl: config.publicUrl,
      refunds: paymentsModule.refunds,
    }),
  })
  if (config.env !== 'production' && mailer.kind === 'outbox') await app.register(devOutboxRoutes, { db })
  await app.register(mediaRoutes)
  await app.register(uploadedMediaRoutes, pictures)
  await app.register(sitemapRoutes, { sitemaps: createSitemapRepository(db), publicUrl: config.publicUrl })
  const sendPage = await registerWebApp(app, { webDist: config.webDist, publicUrl: config.publicUrl })
  // The contact page is each visitor's (its form's hidden fields), so it has routes of its own, which
  // win over the web app's catch-all; without a server-rendering build the catch-all serves it as before.
  if (sendPage) await app.register(contactPageRoutes, { contact, limiter, appCheck, sendPage })
  return app
}
