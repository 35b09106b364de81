import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { JobRunner } from '../../jobs/job-runner'
import { z } from 'zod'
import type { Clock } from '../../lib/clock'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import { sandboxId, SANDBOX_PAGE_PATH } from '../../providers/payments/sandbox'
import type { SandboxCheckout } from '../../providers/payments/sandbox-store'
import { cardMessages, judgeCard, type CardErrors, type CardFormValues } from './sandbox-card'
import { paymentFailedEvent, sessionCompletedEvent } from './sandbox-events'
import { checkoutPage, messagePage } from './sandbox-page.html'
import { SANDBOX_SCRIPT } from './sandbox-page.script'
import type { SandboxWebhooks } from './sandbox-webhooks'

const PAGE_ID = /^(plink|cs_test)_[A-Za-z0-9]{24}$/

const FormSchema = z.object({
  email: z.string().max(254).optional(),
  cardNumber: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(10).optional(),
  name: z.string().max(200).optional(),
  client_reference_id: z.string().max(200).optional(),
})

/** The page's script (sandbox-page.script.ts): a path of its own, beside the pages' `/:id`. */
const SCRIPT_PATH = `${SANDBOX_PAGE_PATH}/card-form.js`

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body)

const uuidOrUndefined = (value: unknown) =>
  typeof value === 'string' && z.uuid().safeParse(value).success ? value : undefined

/**
 * The sandbox provider's hosted payment page (no Stripe account needed). It behaves as Stripe's does:
 * one completed payment per link, test cards, a signed webhook, then the link's after-payment redirect.
 */
export const sandboxPageRoutes: FastifyPluginAsync<{
  provider: SandboxPaymentProvider
  webhooks: SandboxWebhooks
  jobs: JobRunner
  clock: Clock
}> = async (app, { provider, webhooks, jobs, clock }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )

  app.get(SCRIPT_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SANDBOX_SCRIPT),
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
      return html(
        reply,
        200,
        checkoutPage({
          checkout: opened.checkout,
          action,
          clientReferenceId,
          error,
          scriptPath: SCRIPT_PATH,
        }),
      )
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
    const again = (status: number, errors: { error?: string; fieldErrors?: CardErrors }) =>
      html(
        reply,
        status,
        checkoutPage({ checkout, action, clientReferenceId, values, ...errors, scriptPath: SCRIPT_PATH }),
      )

    const now = clock()
    const outcome = judgeCard(values, now)
    const paymentIntentId = sandboxId('pi')
    if (outcome.kind === 'invalid') return again(400, { fieldErrors: outcome.errors })
    if (outcome.kind === 'declined') {
      const event = paymentFailedEvent(checkout, { paymentIntentId, message: outcome.message, now })
      await webhooks.send(event.id, event)
      // Post, redirect, get: Back from a later payment then shows the page, not "Confirm resubmission".
      const query = new URLSearchParams({ declined: '1' })
      if (clientReferenceId) query.set('client_reference_id', clientReferenceId)
      return reply.redirect(`${action}?${query.toString()}`, 303)
    }
    const sessionId = checkout.kind === 'checkout_session' ? checkout.id : sandboxId('cs_test')
    const event = sessionCompletedEvent(checkout, {
      sessionId,
      paymentIntentId,
      clientReferenceId,
      email: form.email ?? '',
      name: form.name ?? '',
      now,
    })
    // The payment and its webhook commit together: once the card is charged the shop hears of it, however
    // often the delivery has to be retried. A second tab paying the same link at once is turned away.
    let taken: { emitted: number | undefined } | undefined
    try {
      taken = await provider.checkouts.takePayment(
        checkout.id,
        { sessionId, paymentIntentId, paidAt: now },
        (tx) => webhooks.enqueue(tx, event.id, event),
      )
    } catch (error) {
      // Nothing was committed, so nothing was charged: the shopper is told so and may simply pay again.
      request.log.error({ err: error, checkoutId: checkout.id }, 'sandbox payment not taken')
      return again(503, { error: cardMessages.notTaken })
    }
    if (!taken) {
      return html(reply, 409, messagePage('Already paid', 'This payment link has already been used.'))
    }
    // Delivered now when it can be, so the confirmation page usually finds the order paid on arrival; if
    // not, it follows the order while the delivery is retried.
    await jobs.runNow([taken.emitted])
    return reply.redirect(checkout.afterPaymentUrl, 303)
  })
}
