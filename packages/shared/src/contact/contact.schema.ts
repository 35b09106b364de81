import { z } from 'zod'
import { requiredText, singleLine } from '../common/text.schema'

/** The refusal of a message with no way to answer it. */
export const CONTACT_REPLY_MESSAGE = 'Please give an email address or a phone number, so that we can reply'

/**
 * The contact form has no required fields in the template (only input types), but a message with no text,
 * or an address we cannot answer, helps nobody, so the server insists on a message and valid formats.
 */
export const ContactMessageSchema = z
  .object({
    name: singleLine().trim().max(200, { message: 'Name must be at most 200 characters' }).default(''),
    email: singleLine()
      .trim()
      .pipe(z.union([z.literal(''), z.email({ message: 'Invalid email' })]))
      .default('')
      .refine((value) => value.length <= 254, { message: 'Email must be at most 254 characters' }),
    phone: singleLine()
      .trim()
      .regex(/^[0-9+()\-\s]{0,30}$/, { message: 'Phone number may contain only digits, spaces and + ( ) -' })
      .default(''),
    message: requiredText('Message is required').max(5000, {
      message: 'Message must be at most 5000 characters',
    }),
  })
  // The form promises a reply by e-mail or phone: a message with neither could never be answered.
  .refine((value) => value.email !== '' || value.phone.trim() !== '', {
    message: CONTACT_REPLY_MESSAGE,
    path: ['email'],
  })
export type ContactMessage = z.infer<typeof ContactMessageSchema>
export type ContactMessageInput = z.input<typeof ContactMessageSchema>

export const ContactMessageReceiptSchema = z.object({ id: z.number().int(), message: z.string() })
export type ContactMessageReceipt = z.infer<typeof ContactMessageReceiptSchema>
