import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { accountMessages, operatorMessages, type Account } from '@larder/shared'
import type { Clock } from '../../lib/clock'
import {
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  UnavailableError,
} from '../../lib/domain-errors'
import type { SessionUser } from '../../plugins/auth'
import type { GoogleTokenVerifier } from '../../providers/google-identity'
import type { JobRunner } from '../../jobs/job-runner'
import type { MailQueue } from '../mail/mail-queue'
import { isUniqueViolation, type AccountsRepository, type UserRow } from './accounts.repository'
import { isCommonPassword } from './common-passwords'
import type { GoogleNonces } from './google-nonces'
import { decoyHash, hashPassword, verifyPassword } from './password-hasher'
import { passwordResetMail } from './reset-mail'
import type { SessionTokens } from './session-tokens'

export const RESET_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** Keys are random (160 bits) and only their SHA-256 is stored. */
const hashResetKey = (key: string) => createHash('sha256').update(key).digest('hex')

export interface AccountsServiceDeps {
  repository: AccountsRepository
  tokens: SessionTokens
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  publicUrl: string
  /** Undefined when GOOGLE_CLIENT_ID is not set. */
  verifyGoogleToken: GoogleTokenVerifier | undefined
  googleNonces: GoogleNonces
}

export const toAccount = (user: UserRow): Account => ({
  id: user.id,
  login: user.login,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  imageUrl: user.imageUrl,
  authorities: user.roles,
})

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository, tokens, clock } = deps

  /** A login name for a Google account: the e-mail's local part, made unique with a short suffix. */
  async function freeLoginFor(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'shopper').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40) || 'shopper'
    if (!(await repository.loginTaken(base))) return base
    return `${base}-${randomBytes(3).toString('hex')}`
  }

  /** Refuses a password guessing would try first, on every form that sets one. */
  function refuseCommon(password: string) {
    if (isCommonPassword(password)) throw new InvalidInputError(accountMessages.passwordTooCommon)
  }

  return {
    async register(input: {
      login: string
      firstName: string
      lastName: string
      email: string
      password: string
    }) {
      if (await repository.loginTaken(input.login)) throw new InvalidInputError(accountMessages.loginTaken)
      if (await repository.findByEmail(input.email)) throw new InvalidInputError(accountMessages.emailTaken)
      refuseCommon(input.password)
      try {
        await repository.insert({
          id: randomUUID(),
          login: input.login,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          // Whatever roles the client asked for, a new account is a customer (ROLE_CUSTOMER only).
          roles: ['ROLE_CUSTOMER'],
          passwordHash: await hashPassword(input.password),
        })
      } catch (error) {
        // Two registrations racing for the same name: the database's unique index decides.
        if (isUniqueViolation(error, 'users_login_key'))
          throw new InvalidInputError(accountMessages.loginTaken)
        if (isUniqueViolation(error, 'users_email_key'))
          throw new InvalidInputError(accountMessages.emailTaken)
        throw error
      }
    },

    /** The id of the account a log-in name or e-mail address names, if any. */
    async accountIdFor(username: string): Promise<string | undefined> {
      return (await repository.findByLoginOrEmail(username))?.id
    },

    async accountIdForEmail(email: string): Promise<string | undefined> {
      return (await repository.findByEmail(email))?.id
    },

    async authenticate(input: {
      username: string
      password: string
      rememberMe: boolean
    }): Promise<{ token: string; accountId: string }> {
      const user = await repository.findByLoginOrEmail(input.username)
      if (!user?.passwordHash) {
        await verifyPassword(await decoyHash(), input.password)
        throw new NotAuthenticatedError(accountMessages.loginFailed)
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw new NotAuthenticatedError(accountMessages.loginFailed)
      }
      // Said only to someone who knows the password, so it tells no one else that the account exists.
      if (user.disabledAt !== null) throw new NotAuthenticatedError(operatorMessages.accountDisabled)
      return { token: await tokens.issue(user, input.rememberMe), accountId: user.id }
    },

    async account(userId: string): Promise<Account> {
      const user = await repository.findById(userId)
      if (!user) throw new NotAuthenticatedError('Authentication required')
      return toAccount(user)
    },

    /** A nonce for the log-in page to hand to Google (GET /api/google-login/nonce). */
    googleNonce(): string {
      return deps.googleNonces.issue()
    },

    async googleLogin(idToken: string): Promise<string> {
      if (!deps.verifyGoogleToken)
        throw new UnavailableError('Google sign-in is not configured on this shop.')
      const identity = await deps.verifyGoogleToken(idToken)
      // Only a token carrying a nonce this server gave out, used once (google-nonces.ts).
      if (!identity?.nonce || !(await deps.googleNonces.consume(identity.nonce)))
        throw new NotAuthenticatedError(accountMessages.googleFailed)
      let user = await repository.findByGoogleSub(identity.sub)
      if (!user) {
        const sameEmail = await repository.findByEmail(identity.email)
        if (sameEmail) {
          await repository.linkGoogle(sameEmail, identity.sub, clock())
          user = sameEmail
        } else {
          user = await repository.insert({
            id: randomUUID(),
            login: await freeLoginFor(identity.email),
            email: identity.email,
            firstName: identity.givenName,
            lastName: identity.familyName,
            imageUrl: identity.picture,
            roles: ['ROLE_CUSTOMER'],
            googleSub: identity.sub,
            emailVerifiedAt: clock(),
          })
        }
      }
      if (user.disabledAt !== null) throw new NotAuthenticatedError(operatorMessages.accountDisabled)
      return tokens.issue(user, false)
    },

    async requestPasswordReset(email: string): Promise<void> {
      const user = await repository.findByEmail(email)
      if (!user) throw new NotFoundError(accountMessages.emailNotFound)
      const key = randomBytes(20).toString('base64url')
      const now = clock()
      const link = `${deps.publicUrl}/reset-password?key=${encodeURIComponent(key)}`
      // The key and its mail commit together: a crash after the commit still sends it (the mail job).
      const mailJob = await repository.transaction(async (tx) => {
        const keyId = await repository.saveResetKey(
          tx,
          user.id,
          hashResetKey(key),
          now,
          new Date(now.getTime() + RESET_KEY_TTL_MS),
        )
        const mail = passwordResetMail({ to: user.email, firstName: user.firstName, link })
        return deps.mail.enqueue(tx, `password-reset:${keyId}`, mail)
      })
      await deps.jobs.runNow([mailJob])
    },

    async finishPasswordReset(key: string, newPassword: string): Promise<void> {
      refuseCommon(newPassword)
      const done = await repository.resetPassword(hashResetKey(key), await hashPassword(newPassword), clock())
      if (!done) throw new InvalidInputError(accountMessages.resetFinishFailed)
    },

    /**
     * The account page's change of password: the current one must be right, the new one not a common one.
     * Every session issued before now stops working (verifySession), this one included; it goes on
     * under the token answered, which the browser keeps in place of its own.
     */
    async changePassword(
      user: SessionUser,
      input: { currentPassword: string; newPassword: string },
    ): Promise<string> {
      const row = await repository.findById(user.id)
      if (!row) throw new NotAuthenticatedError('Authentication required')
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new InvalidInputError(accountMessages.currentPasswordWrong)
      }
      refuseCommon(input.newPassword)
      const changedAt = clock()
      await repository.changePassword(user.id, await hashPassword(input.newPassword), changedAt)
      const rememberMe = user.session.expiresAt.getTime() - changedAt.getTime() > 24 * 60 * 60 * 1000
      return tokens.issue(row, rememberMe)
    },

    /** POST /api/logout: the session's token stops working, however long it had left. */
    async logout(user: SessionUser): Promise<void> {
      await repository.revokeSession(user.session.id, user.session.expiresAt, clock())
    },

    /**
     * A session is valid while its token verifies, it was issued after the last password change, and it
     * was not logged out.
     */
    async verifySession(token: string): Promise<SessionUser | undefined> {
      const claims = await tokens.verify(token)
      if (!claims) return undefined
      const user = await repository.findSessionUser(claims.userId, claims.sessionId)
      if (!user) return undefined
      const changedAt = user.passwordChangedAt
      if (changedAt && claims.issuedAt.getTime() < changedAt.getTime()) return undefined
      return {
        id: user.id,
        login: user.login,
        roles: user.roles,
        shopId: user.shopId,
        session: { id: claims.sessionId, expiresAt: claims.expiresAt },
      }
    },
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
