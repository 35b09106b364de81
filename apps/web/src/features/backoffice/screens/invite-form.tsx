import type { InvitationSent, Shop } from '@larder/shared'
import { useState } from 'react'
import { useForm, useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { inviteAsOperator, inviteToShop } from '../api/backoffice-api'
import styles from '../backoffice.module.css'
import { type Notice, NoticeBox, serverMessage } from '../components/form-bits'
import {
  emptyAsUndefined,
  SelectField,
  setServerFieldErrors,
  SubmitButton,
  TextField,
} from '../components/form-fields'

// The requests' own schemas (POST /api/vendor/invitations, /api/admin/invitations), loaded lazily.
const shopResolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.VendorInvitationSchema))
const operatorResolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.AdminInvitationSchema))

const EMPTY_PERSON = { email: '', firstName: '', lastName: '' }

/** The person invited: e-mail (required), first and last name (optional). */
function PersonFields({
  fields,
  errors,
}: {
  fields: Record<'email' | 'firstName' | 'lastName', UseFormRegisterReturn>
  errors: FieldErrors<{ email: string; firstName: string; lastName: string }>
}) {
  return (
    <>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="off"
        required
        register={fields.email}
        error={errors.email?.message}
      />
      <div className={styles.row}>
        <TextField
          label="First name"
          hint="Optional"
          register={fields.firstName}
          error={errors.firstName?.message}
        />
        <TextField
          label="Last name"
          hint="Optional"
          register={fields.lastName}
          error={errors.lastName?.message}
        />
      </div>
    </>
  )
}

/** The message after sending: when the link stops working, or why nothing was sent. */
function useInviteNotice() {
  const [notice, setNotice] = useState<Notice | null>(null)
  const sent = (invitation: InvitationSent) => {
    const until = new Date(invitation.expiresAt).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
    })
    setNotice({
      tone: 'success',
      text: `Invitation sent to ${invitation.email}. The link works until ${until}.`,
    })
  }
  const failed = (error: unknown) =>
    setNotice({
      tone: 'error',
      text: serverMessage(error, 'The invitation could not be sent. Please try again.'),
    })
  return { notice, setNotice, sent, failed }
}

/**
 * A new member of the signed-in member's own shop (the server takes the shop from the session), checked by
 * the shared schema before it is sent; what was typed stays when the server refuses it.
 */
export function ShopInviteForm({ onSent }: { onSent?: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: shopResolver, defaultValues: EMPTY_PERSON })
  const preloadRules = usePreloadedResolver(shopResolver)
  const { notice, setNotice, sent, failed } = useInviteNotice()
  const submit = handleSubmit(
    async (values) => {
      try {
        sent(await inviteToShop(values))
        reset(EMPTY_PERSON)
        onSent?.()
      } catch (error) {
        setServerFieldErrors(error, setError)
        failed(error)
      }
    },
    () => setNotice(null),
  )
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <NoticeBox notice={notice} />
      <PersonFields
        fields={{
          email: register('email'),
          firstName: register('firstName'),
          lastName: register('lastName'),
        }}
        errors={errors}
      />
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting} busyLabel="Sending…">
          Send invitation
        </SubmitButton>
      </div>
    </form>
  )
}

/** The operator's invitation: a member of any shop's staff, or another operator. */
export function OperatorInviteForm({ shops }: { shops: readonly Shop[] }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: operatorResolver,
    defaultValues: { ...EMPTY_PERSON, role: 'ROLE_VENDOR' as const, shopId: undefined },
  })
  const preloadRules = usePreloadedResolver(operatorResolver)
  const { notice, setNotice, sent, failed } = useInviteNotice()
  const role = useWatch({ control, name: 'role' })
  const submit = handleSubmit(
    async (values) => {
      try {
        // An operator belongs to no shop: a shop chosen before switching to operator is not sent.
        sent(
          await inviteAsOperator(values.role === 'ROLE_VENDOR' ? values : { ...values, shopId: undefined }),
        )
        reset({ ...EMPTY_PERSON, role: values.role, shopId: values.shopId })
      } catch (error) {
        setServerFieldErrors(error, setError)
        failed(error)
      }
    },
    () => setNotice(null),
  )
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <NoticeBox notice={notice} />
      <PersonFields
        fields={{
          email: register('email'),
          firstName: register('firstName'),
          lastName: register('lastName'),
        }}
        errors={errors}
      />
      <fieldset className={styles.field}>
        <legend className={styles.label}>They join</legend>
        <label className={styles.check}>
          <input type="radio" value="ROLE_VENDOR" {...register('role')} /> the staff of a shop
        </label>
        <label className={styles.check}>
          <input type="radio" value="ROLE_ADMIN" {...register('role')} /> Larder’s operators
        </label>
      </fieldset>
      {role === 'ROLE_VENDOR' && (
        <SelectField
          label="Shop"
          register={register('shopId', { setValueAs: emptyAsUndefined })}
          error={errors.shopId?.message}
          options={[
            { value: '', label: 'Choose a shop' },
            ...shops.map((shop) => ({ value: shop.id, label: `${shop.companyName} (${shop.city})` })),
          ]}
        />
      )}
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting} busyLabel="Sending…">
          Send invitation
        </SubmitButton>
      </div>
    </form>
  )
}
