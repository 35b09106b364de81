import { ContactMessageReceiptSchema, type ContactMessage } from '@larder/shared'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

/** Sends a message the browser has already checked with ContactMessageSchema (the server checks again). */
export function sendContactMessage(message: ContactMessage) {
  return api.post('/api/public/contact-messages', message, { schema: ContactMessageReceiptSchema })
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}
