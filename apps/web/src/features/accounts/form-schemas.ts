/**
 * The schemas of the account forms, in one module that the forms import lazily (lib/lazy-zod-resolver.ts):
 * it and zod make a chunk of their own, which the pages load after their first paint instead of with it.
 * Nothing else may import this module statically, or zod would come back into the pages' first load.
 */
import {
  accountMessages,
  ChangePasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ResetFinishSchema,
} from '@larder/shared'
import { z } from 'zod'

export { RegisterSchema, ResetInitSchema } from '@larder/shared'

// Username and password are both required, nothing more: the required rules of the shared LoginSchema,
// with its messages. Its length limits are left to the server, as a wrong entry's are.
export const LoginFormSchema = z.object({
  username: z.string().trim().min(1, { message: 'Username is required' }),
  password: z.string().min(1, { message: 'Password is required' }),
})

// A new password's confirmation, on the reset page and the account page: required, 6 to 50 characters.
const ConfirmPasswordSchema = z
  .string()
  .min(1, { message: accountMessages.resetConfirmRequired })
  .min(PASSWORD_MIN_LENGTH, { message: accountMessages.resetPasswordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: accountMessages.resetPasswordTooLong })

// Both passwords required, 6 to 50 characters; the new password by the server's own rule. Equality
// is checked on submit, not here, so that the mismatch has its own message and the button is disabled
// only for the field rules.
export const ResetFormSchema = z.object({
  newPassword: ResetFinishSchema.shape.newPassword,
  confirmPassword: ConfirmPasswordSchema,
})

// The account page's change of password: the current one required, the new one by the registration rule
// (6 to 50), and its confirmation, whose equality is checked on submit as on the reset page.
export const ChangePasswordFormSchema = z.object({
  currentPassword: ChangePasswordSchema.shape.currentPassword,
  newPassword: ChangePasswordSchema.shape.newPassword,
  confirmPassword: ConfirmPasswordSchema,
})
