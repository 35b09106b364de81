import { z } from 'zod'
import type { JobRunner, Queue } from '../../jobs/job-runner'
import type { SandboxPaymentProvider } from '../../providers/payments/payment-provider'
import type { FulfilmentService } from './fulfilment.service'

/** A Stripe-format event as the sandbox sends it (sandbox-events.ts); only its id is read here. */
const EventSchema = z.object({ id: z.string() }).loose()

export type SandboxWebhooks = Queue<z.input<typeof EventSchema>>

/**
 * The sandbox's webhook deliveries, as Stripe makes them: each event is queued with the change that
 * caused it (the payment taken), signed when it is sent (so a retry days later still passes the
 * signature's five minutes), handed to the same handler as `POST /api/stripe/webhook`, and retried with
 * back-off until it is taken. Any process may deliver it, a closing one too (it is a call, not a request
 * to an app that no longer takes them); the handler is idempotent per event id.
 */
export function createSandboxWebhooks(
  jobs: JobRunner,
  provider: SandboxPaymentProvider,
  fulfilment: FulfilmentService,
): SandboxWebhooks {
  return jobs.queue('sandbox-webhook', EventSchema, async (event) => {
    const payload = JSON.stringify(event)
    await fulfilment.handleWebhook(Buffer.from(payload), provider.signWebhook(payload))
  })
}
