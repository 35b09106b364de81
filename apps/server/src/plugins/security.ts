import compress from '@fastify/compress'
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

export interface SecurityOptions {
  /**
   * The inline scripts server-rendered pages carry, allowed by their hashes rather than 'unsafe-inline':
   * `'sha256-…'` sources from the web build (`inlineScriptSources` in web-pages.ts).
   */
  inlineScripts: readonly string[]
}

/**
 * Helmet's headers on every reply. Its middleware is built once here and run in an onRequest hook:
 * @fastify/helmet built it again from these options on every request, parsing the whole policy each time
 * (about 5% of the CPU of a request the response cache answers).
 */
export async function registerSecurity(app: FastifyInstance, { inlineScripts }: SecurityOptions) {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...inlineScripts,
          'https://accounts.google.com/gsi/client',
          'https://pay.google.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: [
          "'self'",
          'https://accounts.google.com/gsi/',
          'https://pay.google.com',
          'https://www.google.com',
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com', 'https://buy.stripe.com'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google's sign-in pop-up needs to talk back to the opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined))
  })
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] })
}
