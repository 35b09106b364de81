import { useQuery } from '@tanstack/react-query'
import type { Shop } from '@larder/shared'
import { api } from '../../../lib/api-client'
import styles from '../backoffice.module.css'
import { OperatorInviteForm } from './invite-form'

/** The operator's invitations: a member of any shop's staff, or another operator. */
export function AdminInviteScreen() {
  const shops = useQuery({
    queryKey: ['backoffice', 'shops'],
    queryFn: ({ signal }) => api.get<Shop[]>('/api/public/users', { signal }),
  })
  return (
    <div className={styles.panel}>
      <h2>Invite someone</h2>
      <p className={styles.muted}>
        They get an e-mail with a link to choose their password, valid for 7 days.
      </p>
      <OperatorInviteForm shops={shops.data ?? []} />
    </div>
  )
}
