import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import type { Clock } from '../../lib/clock'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import { sandboxId, SANDBOX_PAGE_PATH } from '../../providers/payments/sandbox'
import type { SandboxCheckout } from '../../providers/payments/sandbox-store'
import { cardMessages, judgeCard } from './sandbox-card'
import { paymentFailedEvent, sessionCompletedEvent } from './sandbox-events'
import { checkoutPage, messagePage, type CardFormValues } from './sandbox-page.html'
import { WEBHOOK_PATH } from './webhook.routes'

const PAGE_ID = /^(plink|cs_test)_[A-Za-z0-9]{24}$/

const FormSchema = z.object({
  email: z.string().max(254).optional(),
  cardNumber: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
  name: z.string().max(200).optional(),
  client_reference_id: z.string().max(200).optional(),
})

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body)

const uuidOrUndefined = (value: unknown) =>
  typeof value === 'string' && z.uuid().safeParse(value).success ? value : undefined

/** Sends a Stripe-format event, signed as Stripe signs, to the shop's own webhook handler. */
async function deliver(app: FastifyInstance, provider: SandboxPaymentProvider, event: object) {
  const payload = JSON.stringify(event)
  const response = await app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': provider.signWebhook(payload) },
  })
  return response.statusCode
}

/**
 * The sandbox provider's hosted payment page (no Stripe account needed). It behaves as Stripe's does:
 * one completed payment per link, test cards, a signed webhook, then the link's after-payment redirect.
 */
export const sandboxPageRoutes: FastifyPluginAsync<{
  provider: SandboxPaymentProvider
  clock: Clock
}> = async (app, { provider, clock }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  /** The page if it can take a payment, or the answer to give instead. */
  async function openCheckout(
    id: string,
    reply: FastifyReply,
  ): Promise<{ checkout: SandboxCheckout } | { answered: FastifyReply }> {
    const checkout = PAGE_ID.test(id) ? await provider.checkouts.find(id) : undefined
    if (!checkout) {
      return {
        answered: html(reply, 404, messagePage('Page not found', 'This payment page does not exist.')),
      }
    }
    if (!checkout.active) {
      const message = 'This order has already been paid, or its payment link was replaced by a newer one.'
      const link = { href: checkout.afterPaymentUrl, text: 'See the order' }
      return { answered: html(reply, 410, messagePage('This link is no longer active', message, link)) }
    }
    return { checkout }
  }

  app.get<{ Params: { id: string }; Querystring: { client_reference_id?: string; declined?: string } }>(
    `${SANDBOX_PAGE_PATH}/:id`,
    async (request, reply) => {
      const opened = await openCheckout(request.params.id, reply)
      if ('answered' in opened) return opened.answered
      const action = `${SANDBOX_PAGE_PATH}/${opened.checkout.id}`
      const clientReferenceId = uuidOrUndefined(request.query.client_reference_id)
      const error = request.query.declined === '1' ? cardMessages.declined : undefined
      return html(reply, 200, checkoutPage({ checkout: opened.checkout, action, clientReferenceId, error }))
    },
  )

  app.post<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id`, async (request, reply) => {
    const opened = await openCheckout(request.params.id, reply)
    if ('answered' in opened) return opened.answered
    const { checkout } = opened
    const parsed = FormSchema.safeParse(request.body ?? {})
    const form = parsed.success ? parsed.data : {}
    const values: Partial<CardFormValues> = form
    const clientReferenceId = uuidOrUndefined(form.client_reference_id)
    const action = `${SANDBOX_PAGE_PATH}/${checkout.id}`
    const again = (status: number, error: string) =>
      html(reply, status, checkoutPage({ checkout, action, clientReferenceId, values, error }))

    const now = clock()
    const outcome = judgeCard(values, now)
    const paymentIntentId = sandboxId('pi')
    if (outcome.kind === 'invalid') return again(400, outcome.message)
    if (outcome.kind === 'declined') {
      const status = await deliver(
        app,
        provider,
        paymentFailedEvent(checkout, { paymentIntentId, message: outcome.message, now }),
      )
      if (status !== 200)
        request.log.error({ status, checkoutId: checkout.id }, 'sandbox failure webhook refused')
      // Post, redirect, get: Back from a later payment then shows the page, not "Confirm resubmission".
      const query = new URLSearchParams({ declined: '1' })
      if (clientReferenceId) query.set('client_reference_id', clientReferenceId)
      return reply.redirect(`${action}?${query.toString()}`, 303)
    }
    // Counted before the webhook, atomically: a second tab paying the same link at once is turned away.
    if (!(await provider.checkouts.complete(checkout.id))) {
      return html(reply, 409, messagePage('Already paid', 'This payment link has already been used.'))
    }
    const event = sessionCompletedEvent(checkout, {
      paymentIntentId,
      clientReferenceId,
      email: form.email ?? '',
      name: form.name ?? '',
      now,
    })
    const status = await deliver(app, provider, event)
    if (status !== 200) {
      request.log.error({ status, checkoutId: checkout.id }, 'sandbox payment webhook refused')
      return html(
        reply,
        502,
        messagePage('Payment not confirmed', 'The shop could not confirm this payment. Please contact us.'),
      )
    }
    return reply.redirect(checkout.afterPaymentUrl, 303)
  })
}
