import { z } from 'zod'
import { accountMessages, LOGIN_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './account'
import { requiredLine, singleLine } from '../common/text.schema'

export const RoleSchema = z.enum(ROLES)

const NAME_MAX_LENGTH = 50

const passwordSchema = (messages: { required: string; tooShort: string; tooLong: string }) =>
  z
    .string({ error: messages.required })
    .min(1, { message: messages.required })
    .min(PASSWORD_MIN_LENGTH, { message: messages.tooShort })
    .max(PASSWORD_MAX_LENGTH, { message: messages.tooLong })

// The register and the reset-password forms word the same rules differently (the reset's end in a full
// stop, and its empty field reads 'Password is required.').
const RegisterPasswordSchema = passwordSchema({
  required: accountMessages.passwordRequired,
  tooShort: accountMessages.passwordTooShort,
  tooLong: accountMessages.passwordTooLong,
})
const ResetPasswordSchema = passwordSchema({
  required: accountMessages.resetPasswordRequired,
  tooShort: accountMessages.resetPasswordTooShort,
  tooLong: accountMessages.resetPasswordTooLong,
})

export const EmailSchema = singleLine({ error: accountMessages.emailRequired })
  .trim()
  .min(1, { message: accountMessages.emailRequired })
  .max(254, { message: accountMessages.emailInvalid })
  .pipe(z.email({ message: accountMessages.emailInvalid }))

export const RegisterSchema = z
  .object({
    login: singleLine({ error: accountMessages.loginRequired })
      .trim()
      .min(1, { message: accountMessages.loginRequired })
      .min(LOGIN_MIN_LENGTH, { message: accountMessages.loginTooShort })
      .max(50, { message: 'Username must be at most 50 characters long' })
      .regex(/^[A-Za-z0-9_.@-]+$/, { message: 'Username may use letters, digits and _ . @ - only' }),
    firstName: requiredLine(accountMessages.firstNameRequired).max(NAME_MAX_LENGTH, {
      message: `First name must be at most ${NAME_MAX_LENGTH} characters long`,
    }),
    lastName: requiredLine(accountMessages.lastNameRequired).max(NAME_MAX_LENGTH, {
      message: `Last name must be at most ${NAME_MAX_LENGTH} characters long`,
    }),
    email: EmailSchema,
    password: RegisterPasswordSchema,
    /** Sent by the client as the spec says, and ignored by the server: new accounts are customers. */
    authorities: z.array(z.string()).optional(),
  })
  // Logging in takes a username or an email address. A username that is someone else's address would
  // shadow that person's email login, so a username with @ in it must be the account's own address.
  .refine(({ login, email }) => !login.includes('@') || login.toLowerCase() === email.toLowerCase(), {
    message: accountMessages.loginNotOwnEmail,
    path: ['login'],
  })
export type RegisterPayload = z.input<typeof RegisterSchema>

export const LoginSchema = z.object({
  username: singleLine().trim().min(1, { message: 'Username is required' }).max(254),
  password: z
    .string()
    .min(1, { message: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH * 4),
  rememberMe: z.boolean().optional().default(false),
})
export type LoginPayload = z.input<typeof LoginSchema>

export const TokenResponseSchema = z.object({ id_token: z.string() })
export type TokenResponse = z.infer<typeof TokenResponseSchema>

export const GoogleLoginSchema = z.object({ id_token: z.string().min(1).max(8192) })

export const AccountSchema = z.object({
  id: z.string(),
  login: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  authorities: z.array(z.string()),
})
export type Account = z.infer<typeof AccountSchema>

export const ResetInitSchema = z.object({ email: EmailSchema })
export const ResetInitResponseSchema = z.object({ success: z.boolean(), message: z.string() })
export type ResetInitResponse = z.infer<typeof ResetInitResponseSchema>

export const ResetFinishSchema = z.object({
  key: z.string().min(1).max(200),
  newPassword: ResetPasswordSchema,
})

/** The account page's change of password: the current one, and a new one under the registration rules. */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: accountMessages.currentPasswordRequired })
    .min(1, { message: accountMessages.currentPasswordRequired })
    .max(PASSWORD_MAX_LENGTH * 4),
  newPassword: RegisterPasswordSchema,
})
export type ChangePasswordPayload = z.input<typeof ChangePasswordSchema>
