import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShopProfileInputSchema, type ShopProfile, type ShopProfileInput } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { ApiError } from '../../../lib/api-client'
import { getShopProfile, saveShopProfile } from '../api/vendor-products-api'
import styles from '../backoffice.module.css'
import { firstErrors, NoticeBox, TextArea, TextInput, type Notice } from '../components/form-bits'

type Values = Required<ShopProfileInput>

function ProfileForm({ profile }: { profile: ShopProfile }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<Values>({
    companyName: profile.companyName,
    city: profile.city,
    companyAddress: profile.companyAddress,
    companyPhone: profile.companyPhone,
    description: profile.description,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const save = useMutation({
    mutationFn: saveShopProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(['backoffice', 'shop'], saved)
      void queryClient.invalidateQueries({ queryKey: ['backoffice-me'] })
      setNotice({ tone: 'success', text: 'Saved. The shop shows these details now.' })
    },
    onError: (failure) =>
      setNotice({
        tone: 'error',
        text:
          failure instanceof ApiError && failure.fromServer
            ? failure.message
            : 'Not saved: the shop could not be reached. Your changes are still here; try again.',
      }),
  })
  const field = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = ShopProfileInputSchema.safeParse(values)
    if (!checked.success) {
      setErrors(firstErrors(checked.error.issues))
      const form = event.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    save.mutate(checked.data)
  }

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <NoticeBox notice={notice} />
      <TextInput
        id={`${id}-name`}
        label="Shop name"
        value={values.companyName}
        onChange={field('companyName')}
        error={errors.companyName}
      />
      <TextInput
        id={`${id}-town`}
        label="Town"
        value={values.city}
        onChange={field('city')}
        error={errors.city}
      />
      <TextInput
        id={`${id}-address`}
        label="Address"
        autoComplete="street-address"
        value={values.companyAddress}
        onChange={field('companyAddress')}
        error={errors.companyAddress}
      />
      <TextInput
        id={`${id}-phone`}
        label="Phone"
        type="tel"
        autoComplete="tel"
        value={values.companyPhone}
        onChange={field('companyPhone')}
        error={errors.companyPhone}
      />
      <TextArea
        id={`${id}-description`}
        label="Description"
        value={values.description}
        onChange={field('description')}
        error={errors.description}
      />
      <div className={styles.actions}>
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}

/** /vendor/shop: the shop fields the storefront shows on /shops. */
export function ShopProfileScreen() {
  const profile = useQuery({
    queryKey: ['backoffice', 'shop'],
    queryFn: ({ signal }) => getShopProfile(signal),
  })
  return (
    <div className={styles.panel}>
      <h2>Shop profile</h2>
      {profile.isPending && <p role="status">Loading…</p>}
      {profile.isError && <p role="alert">The shop’s details could not be loaded.</p>}
      {profile.data && <ProfileForm profile={profile.data} />}
    </div>
  )
}
