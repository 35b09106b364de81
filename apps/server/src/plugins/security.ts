import { createHash } from 'node:crypto'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { EARLY_CLICKS_SCRIPT } from '@larder/shared'

/** The one inline script pages carry, allowed by its hash rather than by 'unsafe-inline'. */
const EARLY_CLICKS_HASH = `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          EARLY_CLICKS_HASH,
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
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] })
}
