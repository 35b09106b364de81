import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ShopProfile } from '@larder/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { getShopProfile, saveShopProfile } from '../api/vendor-products-api'
import styles from '../backoffice.module.css'
import { type Notice, NoticeBox, serverMessage } from '../components/form-bits'
import { setServerFieldErrors, SubmitButton, TextField } from '../components/form-fields'

// The request's own schema (PUT /api/vendor/shop), loaded after the screen's first paint.
const resolver = lazyZodResolver(() => import('../form-schemas').then((m) => m.ShopProfileInputSchema))

function ProfileForm({ profile }: { profile: ShopProfile }) {
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: {
      companyName: profile.companyName,
      city: profile.city,
      companyAddress: profile.companyAddress,
      companyPhone: profile.companyPhone,
      description: profile.description,
    },
  })
  const preloadRules = usePreloadedResolver(resolver)
  const [notice, setNotice] = useState<Notice | null>(null)
  const save = useMutation({
    mutationFn: saveShopProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(['backoffice', 'shop'], saved)
      void queryClient.invalidateQueries({ queryKey: ['backoffice-me'] })
      setNotice({ tone: 'success', text: 'Saved. The shop shows these details now.' })
    },
    // What was typed stays in the form; the server's field messages go beside their fields.
    onError: (failure) => {
      setServerFieldErrors(failure, setError)
      setNotice({
        tone: 'error',
        text: serverMessage(
          failure,
          'Not saved: the shop could not be reached. Your changes are still here; try again.',
        ),
      })
    },
  })
  const submit = handleSubmit((values) => save.mutate(values))

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <NoticeBox notice={notice} />
      <TextField label="Shop name" register={register('companyName')} error={errors.companyName?.message} />
      <TextField label="Town" register={register('city')} error={errors.city?.message} />
      <TextField
        label="Address"
        autoComplete="street-address"
        register={register('companyAddress')}
        error={errors.companyAddress?.message}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        register={register('companyPhone')}
        error={errors.companyPhone?.message}
      />
      <TextField
        label="Description"
        rows={4}
        register={register('description')}
        error={errors.description?.message}
      />
      <div className={styles.actions}>
        <SubmitButton busy={save.isPending}>Save</SubmitButton>
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
