import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CreateShopSchema,
  operatorMessages,
  ShopFieldsSchema,
  type AdminShop,
  type ShopFields,
} from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../../lib/api-client'
import { createShop, getShops, setShopSuspended, updateShop } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import {
  firstErrors,
  NoticeBox,
  TableFrame,
  TextArea,
  TextInput,
  type Notice,
} from '../../components/form-bits'

const EMPTY_SHOP: Required<ShopFields> = {
  companyName: '',
  city: '',
  companyAddress: '',
  companyPhone: '',
  description: '',
}
const EMPTY_MEMBER = { email: '', firstName: '', lastName: '' }

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.fromServer ? error.message : fallback

/** Server field errors (`shop.city`, `member.email`, `city`) as the form's first message per field. */
const serverFieldErrors = (error: unknown) =>
  error instanceof ApiError && error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0] ?? '']))
    : {}

type Editing = { kind: 'new' } | { kind: 'edit'; shop: AdminShop } | null

/**
 * The operator's shops: the list with each shop's state, a new shop with its first member (invited by
 * e-mail), an edit of the fields the storefront shows, and Suspend / Restore.
 */
export function ShopsScreen() {
  const queryClient = useQueryClient()
  const shops = useQuery({
    queryKey: ['backoffice', 'admin-shops'],
    queryFn: ({ signal }) => getShops(signal),
  })
  const [editing, setEditing] = useState<Editing>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'admin-shops'] })

  async function toggle(shop: AdminShop) {
    const suspend = shop.suspendedAt === null
    if (suspend && !window.confirm(`Suspend ${shop.companyName}? Its products leave the storefront at once.`))
      return
    setBusyId(shop.id)
    try {
      await setShopSuspended(shop.id, suspend)
      setNotice({
        tone: 'success',
        text: `${shop.companyName}: ${suspend ? operatorMessages.shopSuspended : operatorMessages.shopRestored}`,
      })
      await refresh()
    } catch (error) {
      setNotice({
        tone: 'error',
        text: serverMessage(error, 'The change could not be saved. Please try again.'),
      })
    } finally {
      setBusyId(null)
    }
  }

  return (
    <div className={styles.panel}>
      <h2>Shops</h2>
      <NoticeBox notice={notice} />
      {editing ? (
        <ShopForm
          editing={editing}
          onDone={async (text) => {
            setEditing(null)
            setNotice({ tone: 'success', text })
            await refresh()
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <p className={styles.actions}>
          <button type="button" className="button-primary" onClick={() => setEditing({ kind: 'new' })}>
            New shop
          </button>
        </p>
      )}
      {shops.isPending && <p role="status">Loading…</p>}
      {shops.isError && <p role="alert">The shops could not be loaded.</p>}
      {shops.data && (
        <TableFrame label="Shops">
          <table className={styles.table}>
            <caption className="visually-hidden">Shops on Larder</caption>
            <thead>
              <tr>
                <th scope="col">Shop</th>
                <th scope="col">Town</th>
                <th scope="col">Products</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shops.data.map((shop) => (
                <tr key={shop.id}>
                  <td>{shop.companyName}</td>
                  <td>{shop.city}</td>
                  <td>{shop.productCount}</td>
                  <td>{shop.suspendedAt === null ? 'Open' : 'Suspended'}</td>
                  <td>
                    <span className={styles.actions}>
                      <button
                        type="button"
                        className="button-secondary"
                        onClick={() => setEditing({ kind: 'edit', shop })}
                        aria-label={`Edit ${shop.companyName}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={busyId === shop.id}
                        onClick={() => void toggle(shop)}
                        aria-label={`${shop.suspendedAt === null ? 'Suspend' : 'Restore'} ${shop.companyName}`}
                      >
                        {shop.suspendedAt === null ? 'Suspend' : 'Restore'}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  )
}

/** A new shop (with its first member) or an existing shop's fields, checked by the shared schemas first. */
function ShopForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: NonNullable<Editing>
  onDone: (message: string) => Promise<void>
  onCancel: () => void
}) {
  const id = useId()
  const initial = editing.kind === 'edit' ? { ...EMPTY_SHOP, ...editing.shop } : EMPTY_SHOP
  const [shop, setShop] = useState<Required<ShopFields>>({
    companyName: initial.companyName,
    city: initial.city,
    companyAddress: initial.companyAddress,
    companyPhone: initial.companyPhone,
    description: initial.description,
  })
  const [member, setMember] = useState(EMPTY_MEMBER)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const [busy, setBusy] = useState(false)
  const isNew = editing.kind === 'new'
  // Field errors are keyed as the request's body names them: `shop.city` when creating, `city` when editing.
  const shopKey = (name: string) => (isNew ? `shop.${name}` : name)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const checked = isNew ? CreateShopSchema.safeParse({ shop, member }) : ShopFieldsSchema.safeParse(shop)
    if (!checked.success) {
      setErrors(firstErrors(checked.error.issues))
      setNotice(null)
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setBusy(true)
    try {
      if (editing.kind === 'new') {
        const made = await createShop({ shop, member })
        await onDone(`${made.shop.companyName} was created and ${made.invitation.email} was invited.`)
      } else {
        await updateShop(editing.shop.id, shop)
        await onDone(`${shop.companyName} was saved.`)
      }
    } catch (error) {
      // What was typed stays; the server's reason is shown.
      setNotice({
        tone: 'error',
        text: serverMessage(error, 'The shop could not be saved. Please try again.'),
      })
      setErrors(serverFieldErrors(error))
    } finally {
      setBusy(false)
    }
  }

  const shopInput = (name: keyof ShopFields, label: string, extra: Record<string, string> = {}) => (
    <TextInput
      id={`${id}-${name}`}
      label={label}
      value={shop[name]}
      onChange={(event) => setShop((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[shopKey(name)]}
      {...extra}
    />
  )

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <h3>{isNew ? 'New shop' : `Edit ${editing.shop.companyName}`}</h3>
      <NoticeBox notice={notice} />
      {shopInput('companyName', 'Shop name')}
      <div className={styles.row}>
        {shopInput('city', 'Town')}
        {shopInput('companyPhone', 'Phone', { type: 'tel', autoComplete: 'off' })}
      </div>
      {shopInput('companyAddress', 'Address')}
      <TextArea
        id={`${id}-description`}
        label="Description"
        hint="Optional; shown on the shop's page"
        rows={4}
        value={shop.description}
        onChange={(event) => setShop((current) => ({ ...current, description: event.target.value }))}
        error={errors[shopKey('description')]}
      />
      {isNew && (
        <fieldset className={styles.field}>
          <legend className={styles.label}>First member of staff</legend>
          <p className={styles.muted}>
            They get an e-mail with a link to choose their password, valid for 7 days.
          </p>
          <TextInput
            id={`${id}-email`}
            label="E-mail address"
            type="email"
            autoComplete="off"
            value={member.email}
            onChange={(event) => setMember((current) => ({ ...current, email: event.target.value }))}
            error={errors['member.email']}
          />
          <div className={styles.row}>
            <TextInput
              id={`${id}-first`}
              label="First name"
              hint="Optional"
              value={member.firstName}
              onChange={(event) => setMember((current) => ({ ...current, firstName: event.target.value }))}
              error={errors['member.firstName']}
            />
            <TextInput
              id={`${id}-last`}
              label="Last name"
              hint="Optional"
              value={member.lastName}
              onChange={(event) => setMember((current) => ({ ...current, lastName: event.target.value }))}
              error={errors['member.lastName']}
            />
          </div>
        </fieldset>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button-primary" disabled={busy} aria-disabled={busy}>
          {busy ? 'Saving…' : isNew ? 'Create shop and invite' : 'Save shop'}
        </button>
        <button type="button" className="button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
