import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 50
export const LOGIN_MIN_LENGTH = 3

export const ROLES = ['ROLE_CUSTOMER', 'ROLE_VENDOR', 'ROLE_ADMIN'] as const
export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

/** The spec's messages (section 5), shown by the register form and returned by the server alike. */
export const accountMessages = {
  loginRequired: 'Username is required',
  loginTooShort: `Username must be at least ${LOGIN_MIN_LENGTH} characters long`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`,
  loginTaken: 'Login name already used!',
  emailTaken: 'Email is already in use!',
  loginFailed: 'Login failed. Please check your credentials.',
  googleFailed: 'Google login failed. Please try again.',
  googleNoToken: 'Failed to get Google ID token. Please try again.',
  emailNotFound: 'Email address not found.',
  resetMailFailed: 'Failed to send password reset email.',
  resetUnexpected: 'An unexpected error occurred.',
  resetMailSent: 'Check your email for a link to reset your password.',
  resetFinishFailed:
    "Your password couldn't be reset. Please ensure the key is valid and your request is within 24 hours.",
  resetSucceeded: 'Your password has been reset. Please sign in.',
  resetPasswordRequired: 'Password is required.',
  resetPasswordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  resetPasswordTooLong: `Password must be no more than ${PASSWORD_MAX_LENGTH} characters long.`,
  resetConfirmRequired: 'Confirmation password is required.',
  resetMismatch: 'The password and its confirmation do not match!',
} as const

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { message })

export const PasswordSchema = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, { message: accountMessages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { message: accountMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: accountMessages.passwordTooLong })

export const EmailSchema = z
  .string({ error: accountMessages.emailRequired })
  .trim()
  .min(1, { message: accountMessages.emailRequired })
  .max(254, { message: accountMessages.emailInvalid })
  .pipe(z.email({ message: accountMessages.emailInvalid }))

export const RegisterSchema = z.object({
  login: z
    .string({ error: accountMessages.loginRequired })
    .trim()
    .min(1, { message: accountMessages.loginRequired })
    .min(LOGIN_MIN_LENGTH, { message: accountMessages.loginTooShort })
    .max(50, { message: 'Username must be at most 50 characters long' })
    .regex(/^[A-Za-z0-9_.@-]+$/, { message: 'Username may use letters, digits and _ . @ - only' }),
  firstName: requiredText(accountMessages.firstNameRequired).max(50),
  lastName: requiredText(accountMessages.lastNameRequired).max(50),
  email: EmailSchema,
  password: PasswordSchema,
  /** Sent by the client as the spec says, and ignored by the server: new accounts are customers. */
  authorities: z.array(z.string()).optional(),
})
export type RegisterPayload = z.input<typeof RegisterSchema>

export const LoginSchema = z.object({
  username: z.string().trim().min(1, { message: 'Username is required' }).max(254),
  password: z
    .string()
    .min(1, { message: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH * 4),
  rememberMe: z.boolean().optional().default(false),
})
export type LoginPayload = z.input<typeof LoginSchema>

export const TokenResponseSchema = z.object({ id_token: z.string() })

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

export const ResetFinishSchema = z.object({
  key: z.string().min(1).max(200),
  newPassword: PasswordSchema,
})
