import { useQuery, useQueryClient } from '@tanstack/react-query'
import { operatorMessages, type AdminShop } from '@larder/shared'
import { useState } from 'react'
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../../lib/lazy-zod-resolver'
import { createShop, getShops, setShopSuspended, updateShop } from '../../api/operator-api'
import styles from '../../backoffice.module.css'
import { BackOfficeTable, type Column } from '../../components/back-office-table'
import { type Notice, NoticeBox, serverMessage } from '../../components/form-bits'
import { setServerFieldErrors, SubmitButton, TextField } from '../../components/form-fields'

// The requests' own schemas (POST /api/admin/shops, PUT /api/admin/shops/:id), loaded lazily.
const createResolver = lazyZodResolver(() => import('../../form-schemas').then((m) => m.CreateShopSchema))
const editResolver = lazyZodResolver(() => import('../../form-schemas').then((m) => m.ShopFieldsSchema))

const shopFieldsOf = (shop?: AdminShop) => ({
  companyName: shop?.companyName ?? '',
  city: shop?.city ?? '',
  companyAddress: shop?.companyAddress ?? '',
  companyPhone: shop?.companyPhone ?? '',
  description: shop?.description ?? '',
})
type ShopFieldName = keyof ReturnType<typeof shopFieldsOf>

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

  const done = async (text: string) => {
    setEditing(null)
    setNotice({ tone: 'success', text })
    await refresh()
  }

  const columns: Column<AdminShop>[] = [
    { header: 'Shop', cell: (shop) => shop.companyName },
    { header: 'Town', cell: (shop) => shop.city },
    { header: 'Products', cell: (shop) => shop.productCount },
    { header: 'State', cell: (shop) => (shop.suspendedAt === null ? 'Open' : 'Suspended') },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (shop) => (
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
      ),
    },
  ]

  return (
    <div className={styles.panel}>
      <h2>Shops</h2>
      <NoticeBox notice={notice} />
      {editing?.kind === 'new' && <NewShopForm onDone={done} onCancel={() => setEditing(null)} />}
      {editing?.kind === 'edit' && (
        <EditShopForm
          key={editing.shop.id}
          shop={editing.shop}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      {editing === null && (
        <p className={styles.actions}>
          <button type="button" className="button-primary" onClick={() => setEditing({ kind: 'new' })}>
            New shop
          </button>
        </p>
      )}
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={shops.data}
        rowKey={(shop) => shop.id}
        loading={shops.isPending}
        error={shops.isError ? 'The shops could not be loaded.' : null}
        empty="No shops yet."
      />
    </div>
  )
}

interface ShopFormProps {
  onDone: (message: string) => Promise<void>
  onCancel: () => void
}

/** The fields the storefront shows, as the new-shop and the edit forms both ask them. */
function ShopFieldInputs({
  fields,
  errors,
}: {
  fields: Record<ShopFieldName, UseFormRegisterReturn>
  errors: FieldErrors<Record<ShopFieldName, string>> | undefined
}) {
  return (
    <>
      <TextField label="Shop name" register={fields.companyName} error={errors?.companyName?.message} />
      <div className={styles.row}>
        <TextField label="Town" register={fields.city} error={errors?.city?.message} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          register={fields.companyPhone}
          error={errors?.companyPhone?.message}
        />
      </div>
      <TextField label="Address" register={fields.companyAddress} error={errors?.companyAddress?.message} />
      <TextField
        label="Description"
        hint="Optional; shown on the shop's page"
        rows={4}
        register={fields.description}
        error={errors?.description?.message}
      />
    </>
  )
}

/** The five shop fields' registrations, by a `register` that may nest them (`shop.city`). */
const shopRegistrations = (
  register: (name: ShopFieldName) => UseFormRegisterReturn,
): Record<ShopFieldName, UseFormRegisterReturn> => ({
  companyName: register('companyName'),
  city: register('city'),
  companyAddress: register('companyAddress'),
  companyPhone: register('companyPhone'),
  description: register('description'),
})

function FormButtons({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className={styles.actions}>
      <SubmitButton busy={busy}>{label}</SubmitButton>
      <button type="button" className="button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}

/** A new shop and its first member, checked by the shared schema first; the server's field errors show too. */
function NewShopForm({ onDone, onCancel }: ShopFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: createResolver,
    defaultValues: { shop: shopFieldsOf(), member: { email: '', firstName: '', lastName: '' } },
  })
  const preloadRules = usePreloadedResolver(createResolver)
  const [notice, setNotice] = useState<Notice | null>(null)
  const submit = handleSubmit(
    async (values) => {
      try {
        const made = await createShop(values)
        await onDone(`${made.shop.companyName} was created and ${made.invitation.email} was invited.`)
      } catch (error) {
        // What was typed stays; the server's reason is shown, and its field errors beside their fields.
        setServerFieldErrors(error, setError)
        setNotice({
          tone: 'error',
          text: serverMessage(error, 'The shop could not be saved. Please try again.'),
        })
      }
    },
    () => setNotice(null),
  )
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <h3>New shop</h3>
      <NoticeBox notice={notice} />
      <ShopFieldInputs fields={shopRegistrations((name) => register(`shop.${name}`))} errors={errors.shop} />
      <fieldset className={styles.field}>
        <legend className={styles.label}>First member of staff</legend>
        <p className={styles.muted}>
          They get an e-mail with a link to choose their password, valid for 7 days.
        </p>
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          register={register('member.email')}
          error={errors.member?.email?.message}
        />
        <div className={styles.row}>
          <TextField
            label="First name"
            hint="Optional"
            register={register('member.firstName')}
            error={errors.member?.firstName?.message}
          />
          <TextField
            label="Last name"
            hint="Optional"
            register={register('member.lastName')}
            error={errors.member?.lastName?.message}
          />
        </div>
      </fieldset>
      <FormButtons busy={isSubmitting} label="Create shop and invite" onCancel={onCancel} />
    </form>
  )
}

/** An existing shop's fields; the server names its field errors as the body does (`city`). */
function EditShopForm({ shop, onDone, onCancel }: ShopFormProps & { shop: AdminShop }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: editResolver, defaultValues: shopFieldsOf(shop) })
  const preloadRules = usePreloadedResolver(editResolver)
  const [notice, setNotice] = useState<Notice | null>(null)
  const submit = handleSubmit(
    async (values) => {
      try {
        await updateShop(shop.id, values)
        await onDone(`${values.companyName} was saved.`)
      } catch (error) {
        setServerFieldErrors(error, setError)
        setNotice({
          tone: 'error',
          text: serverMessage(error, 'The shop could not be saved. Please try again.'),
        })
      }
    },
    () => setNotice(null),
  )
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <h3>Edit {shop.companyName}</h3>
      <NoticeBox notice={notice} />
      <ShopFieldInputs fields={shopRegistrations((name) => register(name))} errors={errors} />
      <FormButtons busy={isSubmitting} label="Save shop" onCancel={onCancel} />
    </form>
  )
}
