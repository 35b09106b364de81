import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getTeam } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { TableFrame } from '../components/form-bits'
import { ShopInviteForm } from './invite-form'

/** The shop's staff, and an invitation to join them (only to this shop: the server takes the shop from the session). */
export function TeamScreen() {
  const queryClient = useQueryClient()
  const team = useQuery({ queryKey: ['backoffice', 'team'], queryFn: ({ signal }) => getTeam(signal) })
  return (
    <>
      <div className={styles.panel}>
        <h2>Team</h2>
        {team.isPending && <p role="status">Loading…</p>}
        {team.isError && <p role="alert">The team could not be loaded.</p>}
        {team.data && (
          <TableFrame label="The shop’s staff">
            <table className={styles.table}>
              <caption className="visually-hidden">The shop’s staff</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {team.data.map((member) => (
                  <tr key={member.id}>
                    <td>{`${member.firstName} ${member.lastName}`.trim() || '—'}</td>
                    <td>{member.email}</td>
                    <td>{member.active ? 'Active' : 'Invited'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </div>
      <div className={styles.panel}>
        <h2>Invite a member of staff</h2>
        <p className={styles.muted}>
          They get an e-mail with a link to choose their password. The link works once, for 7 days.
        </p>
        <ShopInviteForm
          onSent={() => void queryClient.invalidateQueries({ queryKey: ['backoffice', 'team'] })}
        />
      </div>
    </>
  )
}
