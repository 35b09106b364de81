import type { Account } from '@larder/shared'
import styles from '../account-page.module.css'

const ROLE_NAMES: Record<string, string> = {
  ROLE_CUSTOMER: 'Customer',
  ROLE_VENDOR: 'Vendor',
  ROLE_ADMIN: 'Administrator',
}

export function roleName(role: string): string {
  const known = ROLE_NAMES[role]
  if (known) return known
  const bare = role
    .replace(/^ROLE_/, '')
    .replace(/_/g, ' ')
    .toLowerCase()
  return bare.charAt(0).toUpperCase() + bare.slice(1)
}

function initials(account: Account): string {
  const letters = `${account.firstName.charAt(0)}${account.lastName.charAt(0)}`.trim()
  return (letters || account.login.charAt(0)).toUpperCase()
}

export function AccountDetails({ account }: { account: Account }) {
  const fullName = `${account.firstName} ${account.lastName}`.trim() || account.login
  return (
    <section className={styles.card} aria-labelledby="account-details-heading">
      <div className={styles.profile}>
        {account.imageUrl ? (
          <img
            src={account.imageUrl}
            alt=""
            width={72}
            height={72}
            className={styles.avatar}
            referrerPolicy="no-referrer"
          />
        ) : (
          <span className={`${styles.avatar} ${styles.initials}`} aria-hidden="true">
            {initials(account)}
          </span>
        )}
        <div>
          <h2 id="account-details-heading" className={styles.name}>
            {fullName}
          </h2>
          <p className={styles.muted}>@{account.login}</p>
        </div>
      </div>
      <dl className={styles.details}>
        <div>
          <dt>Username</dt>
          <dd>{account.login}</dd>
        </div>
        <div>
          <dt>First name</dt>
          <dd>{account.firstName || '—'}</dd>
        </div>
        <div>
          <dt>Last name</dt>
          <dd>{account.lastName || '—'}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>Account type</dt>
          <dd>
            <ul className={styles.roles} aria-label="Roles">
              {account.authorities.map((role) => (
                <li key={role} className={styles.role}>
                  {roleName(role)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  )
}

export function AccountDetailsSkeleton() {
  return (
    <div className={styles.card} role="status" aria-label="Loading your account">
      <div className={styles.profile}>
        <span className={`${styles.avatar} ${styles.skeleton}`} />
        <div className={styles.skeletonLines}>
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} />
          <span className={`${styles.skeleton} ${styles.skeletonLineShort}`} />
        </div>
      </div>
      <div className={styles.skeletonLines}>
        {Array.from({ length: 4 }, (_, index) => (
          <span key={index} className={`${styles.skeleton} ${styles.skeletonLine}`} />
        ))}
      </div>
    </div>
  )
}
