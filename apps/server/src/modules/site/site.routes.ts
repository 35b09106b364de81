import { desc } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from '../../db/client'
import { outboxMail } from '../../db/schema'
import { APP_CHECK_MODES, type AppCheckMode } from '../app-check/app-check'

const PublicConfigSchema = z.object({
  googleClientId: z.string().nullable(),
  appCheck: z.enum(APP_CHECK_MODES),
  chatGroupUrl: z.url().nullable(),
})

/** What the browser needs to know about this installation, decided at run time rather than build time. */
export const siteRoutes: FastifyPluginAsyncZod<{
  googleClientId: string | undefined
  appCheck: AppCheckMode
  chatGroupUrl: string | undefined
}> = async (app, options) => {
  app.get(
    '/api/public/config',
    { schema: { response: { 200: PublicConfigSchema } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60')
      return {
        googleClientId: options.googleClientId ?? null,
        appCheck: options.appCheck,
        chatGroupUrl: options.chatGroupUrl ?? null,
      }
    },
  )
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

const OutboxEntrySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
})

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const isLoopback = (ip: string) => /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(ip) || ip === '::1'

/**
 * Development only, and only while mail goes to the outbox: lets a person trying the store read the
 * e-mails it would have sent, and click the links in them. Only from this machine: the server listens on
 * every interface, and these mails hold live password-reset links.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The connection's own address, not only the one X-Forwarded-For gives (which a client on a network
  // TRUST_PROXY believes writes itself), and the forwarded one as well: behind a proxy on this machine every
  // connection is from loopback, but only a browser on this machine is forwarded as loopback too.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress ?? '') || !isLoopback(request.ip))
      return reply.callNotFound()
  })

  const latest = async () => {
    const rows = await db.select().from(outboxMail).orderBy(desc(outboxMail.id)).limit(50)
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      createdAt: row.createdAt.toISOString(),
    }))
  }

  app.get('/dev/outbox.json', { schema: { response: { 200: z.array(OutboxEntrySchema) } } }, latest)

  app.get('/dev/outbox', async (_request, reply) => {
    const mails = await latest()
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt)}</p>
<pre>${linkify(mail.text)}</pre></article>`,
      )
      .join('\n')
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Larder outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b2420}
article{border:1px solid #d7dfd9;border-radius:10px;padding:1rem;margin:1rem 0}.meta{color:#4a5751}
pre{white-space:pre-wrap;font-family:inherit}</style></head><body>
<h1>Outbox</h1><p>E-mail the store would have sent. Set SMTP_URL to send it for real.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`
  })
}
