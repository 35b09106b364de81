import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { APP_CHECK_MODES, type AppCheckMode } from './modules/app-check/app-check'
import { GOOGLE_JWKS_URL } from './providers/google-identity'

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

/** A number that, like the strings above, counts as unset when empty. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** proxy-addr's names for loopback, link-local and private (RFC 1918, fc00::/7) addresses. */
const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'] as const

const ProxyAddressSchema = z.union([z.enum(PRIVATE_NETWORKS), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: optionalString,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalString,
  // A held lock keeps one connection while its work uses another (db/client.ts), so 2 is the least.
  DATABASE_POOL_MAX: z.preprocess(blankAsUnset, z.coerce.number().int().min(2).max(1000).default(10)),
  // Seconds, possibly fractional. Capped so that a value meant as milliseconds (10000) is refused rather
  // than read as a drain of almost three hours.
  SHUTDOWN_TIMEOUT: z.preprocess(
    blankAsUnset,
    z.coerce.number().positive().max(600, 'SHUTDOWN_TIMEOUT is in seconds, at most 600').default(10),
  ),
  WEB_DIST: optionalString,
  // Megabytes of kept replies per process, keys, headers and compressed copies included.
  CACHE_MAX_MB: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(65536).default(128)),
  // Server processes sharing the port; unset: one per CPU in production, one otherwise.
  WORKERS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(256).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  JWT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
  SANDBOX_PAYMENTS: z.enum(['true', 'false']).optional(),
  SMTP_URL: optionalString,
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
  MAIL_FROM: z.string().default('Larder <hello@larder.test>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.url().default(GOOGLE_JWKS_URL),
  APP_CHECK: z.enum(APP_CHECK_MODES).default('off'),
  SHOP_EMAIL: z.email().default('hello@larder.test'),
  CHAT_GROUP_URL: optionalString.pipe(
    z.url({ protocol: /^https$/, error: 'CHAT_GROUP_URL must be an https:// invite link' }).optional(),
  ),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustProxy => {
      const text = value.trim()
      if (text === 'false' || text === '') return false
      if (text === 'true') return [...PRIVATE_NETWORKS]
      const addresses = text.split(',').map((address) => address.trim())
      if (addresses.every((address) => ProxyAddressSchema.safeParse(address).success)) return addresses
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY takes false, true (proxies on private networks), or the proxies' addresses, CIDR ranges or ${PRIVATE_NETWORKS.join(', ')}`,
      })
      return z.NEVER
    }),
})

export interface Config {
  env: 'development' | 'production' | 'test'
  host: string
  port: number
  publicUrl: string
  dataDir: string
  /** Unset means the embedded PGlite database in `dataDir/pglite`. */
  databaseUrl: string | undefined
  /** The most connections this process opens to PostgreSQL (node-postgres's pool size). */
  databasePoolMax: number
  /**
   * How long SIGTERM/SIGINT may take to drain requests and stop background work, in milliseconds; past
   * it the remaining connections are cut and the process exits with 1.
   */
  shutdownTimeoutMs: number
  webDist: string
  /** The most bytes of replies one process keeps (plugins/response-cache.ts), from CACHE_MAX_MB. */
  cacheMaxBytes: number
  /** How many server processes share the port (server.ts; 1: this process serves alone). */
  workers: number
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  seedDemo: boolean
  jwtSecret: string | undefined
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /** Another address for Stripe's API (a local stand-in in contract tests); Stripe's own when unset. */
  stripeApiBase: string | undefined
  /** Whether the built-in sandbox takes payments when no Stripe key is set: not in production unless asked. */
  sandboxPayments: boolean
  smtpUrl: string | undefined
  /**
   * Where e-mail goes: SMTP_URL, or the outbox table, which production uses only when told to
   * (MAIL_TRANSPORT=outbox), since there a reset link kept in the database reaches nobody.
   */
  mailTransport: 'smtp' | 'outbox'
  mailFrom: string
  googleClientId: string | undefined
  googleJwksUrl: string
  appCheck: AppCheckMode
  /** Where contact messages and shop notifications go. */
  shopEmail: string
  /** The invite link of the shop's community chat group; the home page's "Contact Us" goes there. */
  chatGroupUrl: string | undefined
  /** Which X-Forwarded-For hops to believe (rate limits key on the client address it gives). */
  trustProxy: TrustProxy
}

/**
 * The proxies whose X-Forwarded-For entries are believed, walking back from the connection: the client's
 * address is the first one not on the list. Never Fastify's `true`, which takes the header's first entry:
 * proxies append to the header, so the client writes that one itself and could dodge every rate limit.
 */
export type TrustProxy = false | string[]

/** The one place that reads process.env (style rule: config is parsed once). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  // Production refuses to start where a default would be unsafe, naming the variable to set.
  const unsafe: string[] = []
  if (production && e.PUBLIC_URL === undefined)
    unsafe.push(
      'PUBLIC_URL must be set in production: the https:// address shoppers use (e-mail links, payment redirects and the Secure flag of the XSRF cookie are made from it)',
    )
  if (production && e.SMTP_URL === undefined && e.MAIL_TRANSPORT !== 'outbox')
    unsafe.push(
      'SMTP_URL must be set in production, or MAIL_TRANSPORT=outbox to keep every e-mail (password-reset links included) in the outbox_mail table unsent',
    )
  if (e.MAIL_TRANSPORT === 'smtp' && e.SMTP_URL === undefined)
    unsafe.push('MAIL_TRANSPORT=smtp needs SMTP_URL')
  if (unsafe.length > 0) throw new Error(`Invalid environment:\n  ${unsafe.join('\n  ')}`)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  // Test cards must never stand in for real payments: the sandbox is off in production and on any shop
  // served over https unless SANDBOX_PAYMENTS=true says so.
  const sandboxByDefault = !production && !publicUrl.startsWith('https:')
  if ((e.WORKERS ?? 1) > 1 && !e.DATABASE_URL) {
    throw new Error(
      "Invalid environment:\n  WORKERS: above 1 needs DATABASE_URL (PGlite's data directory belongs to one process)",
    )
  }
  return {
    env: e.NODE_ENV,
    // Every interface in production (a container, behind a proxy); this machine only otherwise, so that a
    // development server with its outbox and sandbox is not reachable from the network by default.
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT * 1000),
    webDist: path.resolve(root, e.WEB_DIST ?? 'apps/web/dist'),
    cacheMaxBytes: Math.round(e.CACHE_MAX_MB * 1024 * 1024),
    workers: e.WORKERS ?? (e.NODE_ENV === 'production' && e.DATABASE_URL ? os.availableParallelism() : 1),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'true',
    jwtSecret: e.JWT_SECRET,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiBase: e.STRIPE_API_BASE,
    sandboxPayments: e.SANDBOX_PAYMENTS === undefined ? sandboxByDefault : e.SANDBOX_PAYMENTS === 'true',
    smtpUrl: e.SMTP_URL,
    mailTransport: e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox'),
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    appCheck: e.APP_CHECK,
    shopEmail: e.SHOP_EMAIL,
    chatGroupUrl: e.CHAT_GROUP_URL,
    trustProxy: e.TRUST_PROXY,
  }
}
