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

    async authenticate(input: { username: string; password: string; rememberMe: boolean }): Promise<string> {
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
      return tokens.issue(user, input.rememberMe)
    },

    async account(userId: string): Promise<Account> {
      const user = await repository.findById(userId)
      if (!user) throw new NotAuthenticatedError('Authentication required')
      return toAccount(user)
    },

    async googleLogin(idToken: string): Promise<string> {
      if (!deps.verifyGoogleToken)
        throw new UnavailableError('Google sign-in is not configured on this shop.')
      const identity = await deps.verifyGoogleToken(idToken)
      if (!identity) throw new NotAuthenticatedError(accountMessages.googleFailed)
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
      const done = await repository.resetPassword(hashResetKey(key), await hashPassword(newPassword), clock())
      if (!done) throw new InvalidInputError(accountMessages.resetFinishFailed)
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
