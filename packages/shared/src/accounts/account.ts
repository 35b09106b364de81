export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 50
export const LOGIN_MIN_LENGTH = 3

export const ROLES = ['ROLE_CUSTOMER', 'ROLE_VENDOR', 'ROLE_ADMIN'] as const
export type Role = (typeof ROLES)[number]

/**
 * The registration and reset-password messages, shown by the register form and returned by the server alike.
 */
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
  loginNotOwnEmail: 'A username with @ in it must be your own email address',
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
  passwordTooCommon:
    'This password is one of the most common, so it is easily guessed. Please choose another.',
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'The current password is not right.',
  passwordChanged: 'Your password has been changed. You have been logged out everywhere else.',
} as const
