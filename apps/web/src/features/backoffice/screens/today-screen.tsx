import { Link } from '../../../framework/routing/router'
import { useBackOffice } from '../backoffice-context'
import styles from '../backoffice.module.css'

/** The shop's home screen. */
export function TodayScreen() {
  const { me } = useBackOffice()
  return (
    <div className={styles.panel}>
      <h2>Today</h2>
      <p>
        Welcome{me.firstName ? `, ${me.firstName}` : ''}. From here you run{' '}
        {me.shop?.companyName ?? 'your shop'} on Larder.
      </p>
      <p className={styles.actions}>
        <Link className="button-secondary" to="/vendor/team">
          Invite your staff
        </Link>
      </p>
    </div>
  )
}
