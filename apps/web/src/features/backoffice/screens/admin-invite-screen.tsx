import { useQuery } from '@tanstack/react-query'
import type { Shop } from '@larder/shared'
import { useId, useState } from 'react'
import { api } from '../../../lib/api-client'
import { inviteAsOperator } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { InviteForm } from './invite-form'

/** The operator's invitations: a member of any shop's staff, or another operator. */
export function AdminInviteScreen() {
  const id = useId()
  const [role, setRole] = useState<'ROLE_VENDOR' | 'ROLE_ADMIN'>('ROLE_VENDOR')
  const [shopId, setShopId] = useState('')
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
      <InviteForm
        send={(values) =>
          inviteAsOperator({ ...values, role, ...(role === 'ROLE_VENDOR' ? { shopId } : {}) })
        }
        extra={
          <>
            <fieldset className={styles.field}>
              <legend className={styles.label}>They join</legend>
              <label>
                <input
                  type="radio"
                  name={`${id}-role`}
                  checked={role === 'ROLE_VENDOR'}
                  onChange={() => setRole('ROLE_VENDOR')}
                />{' '}
                the staff of a shop
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-role`}
                  checked={role === 'ROLE_ADMIN'}
                  onChange={() => setRole('ROLE_ADMIN')}
                />{' '}
                Larder’s operators
              </label>
            </fieldset>
            {role === 'ROLE_VENDOR' && (
              <div className={styles.field}>
                <label className={styles.label} htmlFor={`${id}-shop`}>
                  Shop
                </label>
                <select
                  id={`${id}-shop`}
                  className={styles.input}
                  value={shopId}
                  onChange={(event) => setShopId(event.target.value)}
                >
                  <option value="">Choose a shop</option>
                  {shops.data?.map((shop) => (
                    <option key={shop.id} value={shop.id}>
                      {shop.companyName} ({shop.city})
                    </option>
                  ))}
                </select>
              </div>
            )}
          </>
        }
      />
    </div>
  )
}
