import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { passwordResetKeys, revokedSessions, shops, users } from '../../db/schema'

/** What a set-password key was made for: a reset, an invitation, the command line's first operator. */
export const KEY_PURPOSES = ['reset', 'invitation', 'set-password'] as const
export type KeyPurpose = (typeof KEY_PURPOSES)[number]

export type UserRow = typeof users.$inferSelect
export type NewUser = typeof users.$inferInsert

const sameText = (column: typeof users.login | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`

/** PostgreSQL's unique_violation, raised when two registrations race for one login or e-mail. */
export const isUniqueViolation = (error: unknown, constraint: string) => {
  const cause = error instanceof Error && error.cause ? error.cause : error
  return (
    typeof cause === 'object' &&
    cause !== null &&
    'code' in cause &&
    cause.code === '23505' &&
    'constraint' in cause &&
    cause.constraint === constraint
  )
}

export function createAccountsRepository(db: Database) {
  return {
    /** Ends one session; rows of tokens that have expired by now are no longer needed and go. */
    async revokeSession(sessionId: string, expiresAt: Date, now: Date) {
      await db.insert(revokedSessions).values({ sessionId, expiresAt }).onConflictDoNothing()
      await db.delete(revokedSessions).where(lte(revokedSessions.expiresAt, now))
    },

    /**
     * The session's user, as long as the session was not logged out: one keyed query, since every
     * authenticated request asks it.
     */
    async findSessionUser(userId: string, sessionId: string) {
      const [row] = await db
        .select({
          id: users.id,
          login: users.login,
          roles: users.roles,
          shopId: users.shopId,
          passwordChangedAt: users.passwordChangedAt,
        })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            // An account the operator disabled has no working session left, whatever its tokens say.
            isNull(users.disabledAt),
            sql`not exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sessionId})`,
          ),
        )
        .limit(1)
      return row
    },

    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    async findByLoginOrEmail(identifier: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(or(sameText(users.login, identifier), sameText(users.email, identifier)))
        .limit(1)
      return row
    },

    async loginTaken(login: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(sameText(users.login, login)).limit(1)
      return row !== undefined
    },

    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(sameText(users.email, email)).limit(1)
      return row
    },

    async findByGoogleSub(googleSub: string) {
      const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1)
      return row
    },

    async insert(user: NewUser) {
      const [row] = await db.insert(users).values(user).returning()
      if (!row) throw new Error('user insert returned no row')
      return row
    },

    /**
     * Links a Google identity to an account with its e-mail address, which Google has just proved. If the
     * account's address was never proved, whoever typed it at registration may not own it: their password
     * and sessions end, and a reset e-mail, to the address's owner, is the way back to a password.
     */
    async linkGoogle(user: UserRow, googleSub: string, now: Date) {
      const unproven = user.emailVerifiedAt === null
      await db
        .update(users)
        .set({
          googleSub,
          emailVerifiedAt: now,
          ...(unproven ? { passwordHash: null, passwordChangedAt: now } : {}),
        })
        .where(eq(users.id, user.id))
    },

    /** A live (unused, unexpired) key of one of `purposes`, with its account and the account's shop. */
    async findLiveKey(keyHash: string, now: Date, purposes: readonly KeyPurpose[]) {
      const [row] = await db
        .select({
          expiresAt: passwordResetKeys.expiresAt,
          email: users.email,
          firstName: users.firstName,
          roles: users.roles,
          shopName: shops.companyName,
        })
        .from(passwordResetKeys)
        .innerJoin(users, eq(users.id, passwordResetKeys.userId))
        .leftJoin(shops, eq(shops.userId, users.shopId))
        .where(
          and(
            eq(passwordResetKeys.keyHash, keyHash),
            isNull(passwordResetKeys.usedAt),
            gt(passwordResetKeys.expiresAt, now),
            inArray(passwordResetKeys.purpose, [...purposes]),
          ),
        )
        .limit(1)
      return row
    },

    async findByEmailIn(tx: Database, email: string) {
      const [row] = await tx.select().from(users).where(sameText(users.email, email)).limit(1)
      return row
    },

    async insertIn(tx: Database, user: NewUser) {
      const [row] = await tx.insert(users).values(user).returning()
      if (!row) throw new Error('user insert returned no row')
      return row
    },

    async shopName(tx: Database, shopId: string) {
      const [row] = await tx
        .select({ companyName: shops.companyName })
        .from(shops)
        .where(eq(shops.userId, shopId))
        .limit(1)
      return row?.companyName
    },

    /** Adds a role to an account (the command line's `admin create` for an existing address). */
    async addRole(userId: string, role: string, tx: Database = db) {
      await tx
        .update(users)
        .set({ roles: sql`array_append(array_remove(${users.roles}, ${role}), ${role})` })
        .where(eq(users.id, userId))
    },

    /** Sets a password directly (the command line's `--password`): earlier sessions end with it. */
    async setPassword(userId: string, passwordHash: string, now: Date, tx: Database = db) {
      await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId))
    },

    /** The staff of one shop, oldest first. */
    async shopMembers(shopId: string) {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          hasPassword: sql<boolean>`${users.passwordHash} is not null or ${users.googleSub} is not null`,
        })
        .from(users)
        .where(and(eq(users.shopId, shopId), sql`'ROLE_VENDOR' = any(${users.roles})`))
        .orderBy(users.createdAt, users.id)
    },

    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => db.transaction(work),

    /** Answers the key's row id (never the key, which is stored only as its hash). */
    async saveResetKey(
      tx: Database,
      userId: string,
      keyHash: string,
      createdAt: Date,
      expiresAt: Date,
      purpose: KeyPurpose = 'reset',
    ) {
      const [row] = await tx
        .insert(passwordResetKeys)
        .values({ userId, keyHash, createdAt, expiresAt, purpose })
        .returning({ id: passwordResetKeys.id })
      if (!row) throw new Error('reset key insert returned no row')
      return row.id
    },

    /**
     * Uses a reset key and sets the new password in one transaction: the key must be unused and unexpired,
     * and every other key of the account is voided with it. Answers false when the key does not qualify.
     */
    /** A new password; sessions issued before `now` stop working (passwordChangedAt). */
    async changePassword(userId: string, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId))
    },

    async resetPassword(
      keyHash: string,
      passwordHash: string,
      now: Date,
      purposes: readonly KeyPurpose[] = KEY_PURPOSES,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [key] = await tx
          .update(passwordResetKeys)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetKeys.keyHash, keyHash),
              isNull(passwordResetKeys.usedAt),
              gt(passwordResetKeys.expiresAt, now),
              inArray(passwordResetKeys.purpose, [...purposes]),
            ),
          )
          .returning({ userId: passwordResetKeys.userId })
        if (!key) return false
        await tx
          .update(passwordResetKeys)
          .set({ usedAt: now })
          .where(and(eq(passwordResetKeys.userId, key.userId), isNull(passwordResetKeys.usedAt)))
        // The reset link reached the account's mailbox, so the address is its owner's.
        await tx
          .update(users)
          .set({ passwordHash, passwordChangedAt: now, emailVerifiedAt: now })
          .where(eq(users.id, key.userId))
        return true
      })
    },
  }
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>
