import type { ContactMessage, ContactMessageReceipt } from '@larder/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { appCheckHeaders } from '../../../lib/app-check'

/**
 * Sends a message the browser has already checked with ContactMessageSchema (the server checks again),
 * with the app-integrity token the server demands under APP_CHECK=enforce.
 */
export async function sendContactMessage(message: ContactMessage) {
  return api.post<ContactMessageReceipt>('/api/public/contact-messages', message, {
    headers: await appCheckHeaders(),
  })
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
