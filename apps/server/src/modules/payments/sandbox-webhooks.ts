import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { JobRunner, Queue } from '../../jobs/job-runner'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import { WEBHOOK_PATH } from './webhook.routes'

/** A Stripe-format event as the sandbox sends it (sandbox-events.ts); only its id is read here. */
const EventSchema = z.object({ id: z.string() }).loose()

export type SandboxWebhooks = Queue<z.input<typeof EventSchema>>

/**
 * The sandbox's webhook deliveries, as Stripe makes them: each event is queued with the change that
 * caused it (the payment taken), signed when it is sent (so a retry days later still passes the
 * signature's five minutes), posted to the shop's own webhook handler, and retried with back-off until
 * that answers 200. Any process may deliver it; the handler is idempotent per event id.
 */
export function createSandboxWebhooks(
  app: FastifyInstance,
  jobs: JobRunner,
  provider: SandboxPaymentProvider,
): SandboxWebhooks {
  return jobs.queue('sandbox-webhook', EventSchema, async (event) => {
    const payload = JSON.stringify(event)
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': provider.signWebhook(payload) },
    })
    if (response.statusCode !== 200) throw new Error(`the webhook answered ${response.statusCode}`)
  })
}
