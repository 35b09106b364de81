import { createHash, randomBytes, randomUUID } from 'node:crypto'
import {
  ADMIN_ROLE,
  backOfficeMessages,
  INVITATION_TTL_DAYS,
  VENDOR_ROLE,
  type InvitationInfo,
} from '@larder/shared'
import type { Database } from '../../db/client'
import type { JobRunner } from '../../jobs/job-runner'
import type { Clock } from '../../lib/clock'
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/domain-errors'
import type { MailQueue } from '../mail/mail-queue'
import type { AccountsRepository, KeyPurpose, UserRow } from './accounts.repository'
import { invitationMail } from './invitation-mail'
import { hashPassword } from './password-hasher'

const DAY_MS = 24 * 60 * 60 * 1000
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS
/** The keys an invitation's accept page takes: an invitation's, or the command line's for the first operator. */
const ACCEPTED_KEYS: readonly KeyPurpose[] = ['invitation', 'set-password']

const acceptUrlFor = (publicUrl: string) => (key: string) =>
  `${publicUrl}/accept-invitation?key=${encodeURIComponent(key)}`
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')
const newKey = () => randomBytes(20).toString('base64url')

export type BackOfficeRole = typeof ADMIN_ROLE | typeof VENDOR_ROLE

export interface Invitation {
  email: string
  firstName: string
  lastName: string
  role: BackOfficeRole
  /** The shop a ROLE_VENDOR invitee joins; ignored for operators. */
  shopId: string | null
}

/** The account a back-office change records before and after: never its password hash. */
const memberRecord = (user: UserRow) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  roles: user.roles,
  shopId: user.shopId,
})

export interface InvitationsDeps {
  repository: AccountsRepository
  mail: MailQueue
  jobs: JobRunner
  clock: Clock
  publicUrl: string
}

/**
 * Back-office accounts: invitations (an account without a password and a single-use link, valid
 * INVITATION_TTL_DAYS, to choose one), their accept page, and the command line's first operator.
 */
export function createInvitations(deps: InvitationsDeps) {
  const { repository, clock } = deps
  const acceptUrl = acceptUrlFor(deps.publicUrl)

  return {
    /**
     * Makes (or, for an invitee who has not accepted yet, renews) the account and queues its e-mail in
     * `tx`, the transaction of the audited change; the caller runs the mail job once it commits. An address
     * that already has a working account, or is staff of another shop, is refused.
     */
    async invite(tx: Database, invitation: Invitation, invitedBy: string) {
      const shopId = invitation.role === VENDOR_ROLE ? invitation.shopId : null
      if (invitation.role === VENDOR_ROLE && !shopId)
        throw new InvalidInputError(backOfficeMessages.shopRequired)
      const shopName = shopId === null ? undefined : await repository.shopName(tx, shopId)
      if (shopId !== null && shopName === undefined) throw new NotFoundError('No such shop')
      const existing = await repository.findByEmailIn(tx, invitation.email)
      let user: UserRow
      let before: ReturnType<typeof memberRecord> | null = null
      if (existing) {
        if (existing.roles.includes(VENDOR_ROLE) && existing.shopId !== shopId)
          throw new ConflictError(backOfficeMessages.emailOtherShop, { field: 'email' })
        const pending = existing.passwordHash === null && existing.googleSub === null
        const sameRole = existing.roles.includes(invitation.role)
        if (!pending || !sameRole)
          throw new ConflictError(backOfficeMessages.emailHasAccount, { field: 'email' })
        user = existing
        before = memberRecord(existing)
      } else {
        user = await repository.insertIn(tx, {
          id: randomUUID(),
          // An address as the login is allowed when it is the account's own (RegisterSchema's rule).
          login: invitation.email,
          email: invitation.email,
          firstName: invitation.firstName,
          lastName: invitation.lastName,
          roles: [invitation.role],
          shopId,
        })
      }
      const key = newKey()
      const now = clock()
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
      const keyId = await repository.saveResetKey(tx, user.id, hashKey(key), now, expiresAt, 'invitation')
      const mailJob = await deps.mail.enqueue(
        tx,
        `invitation:${keyId}`,
        invitationMail({
          to: user.email,
          firstName: user.firstName,
          joining: shopName ? `the staff of ${shopName}` : "Larder's operators",
          invitedBy,
          link: acceptUrl(key),
        }),
      )
      return {
        sent: { userId: user.id, email: user.email, expiresAt: expiresAt.toISOString() },
        mailJob,
        before,
        after: { ...memberRecord(user), invitationExpiresAt: expiresAt.toISOString() },
      }
    },

    /** Sends the mail jobs of committed invitations now rather than at the runner's next poll. */
    sendNow: (mailJobs: Parameters<JobRunner['runNow']>[0]) => deps.jobs.runNow(mailJobs),

    async describe(key: string): Promise<InvitationInfo> {
      const row = await repository.findLiveKey(hashKey(key), clock(), ACCEPTED_KEYS)
      if (!row) throw new NotFoundError(backOfficeMessages.invitationInvalid)
      return {
        email: row.email,
        firstName: row.firstName,
        role: row.roles.includes(ADMIN_ROLE) ? ADMIN_ROLE : VENDOR_ROLE,
        shopName: row.shopName ?? null,
        expiresAt: row.expiresAt.toISOString(),
      }
    },

    /** Uses the key once: sets the password, proves the address (the link reached its mailbox). */
    async accept(key: string, password: string): Promise<void> {
      const done = await repository.resetPassword(
        hashKey(key),
        await hashPassword(password),
        clock(),
        ACCEPTED_KEYS,
      )
      if (!done) throw new InvalidInputError(backOfficeMessages.invitationInvalid)
    },
  }
}

export type Invitations = ReturnType<typeof createInvitations>

/**
 * The command line's `admin create`: an operator account for `email` (an existing customer account gains
 * the role). With `password` it is set at once; otherwise a single-use set-password link is answered,
 * valid INVITATION_TTL_DAYS.
 */
export async function createOperator(
  deps: { db: Database; repository: AccountsRepository; clock: Clock; publicUrl: string },
  options: { email: string; password?: string | undefined },
): Promise<{ userId: string; created: boolean; link: string | null; expiresAt: Date | null }> {
  const { repository } = deps
  const now = deps.clock()
  const passwordHash = options.password === undefined ? undefined : await hashPassword(options.password)
  return deps.db.transaction(async (tx) => {
    let user = await repository.findByEmailIn(tx, options.email)
    const created = user === undefined
    if (user) {
      if (user.roles.includes(VENDOR_ROLE))
        throw new ConflictError('A shop member cannot be an operator too; use another e-mail address.')
      await repository.addRole(user.id, ADMIN_ROLE, tx)
    } else {
      user = await repository.insertIn(tx, {
        id: randomUUID(),
        login: options.email,
        email: options.email,
        roles: [ADMIN_ROLE],
      })
    }
    if (passwordHash !== undefined) {
      await repository.setPassword(user.id, passwordHash, now, tx)
      return { userId: user.id, created, link: null, expiresAt: null }
    }
    const key = newKey()
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
    await repository.saveResetKey(tx, user.id, hashKey(key), now, expiresAt, 'set-password')
    return { userId: user.id, created, link: acceptUrlFor(deps.publicUrl)(key), expiresAt }
  })
}
