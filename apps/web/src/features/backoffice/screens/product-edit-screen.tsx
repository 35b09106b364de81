import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  productMessages,
  UK_ALLERGENS,
  type ProductEdit,
  type ProductEditInput,
  type VendorProduct,
} from '@larder/shared'
import { useId, useState } from 'react'
import { useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { Link, useLocation, useNavigate } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import {
  archiveVendorProduct,
  createVendorProduct,
  getVendorCategories,
  getVendorProduct,
  PRODUCTS_KEY,
  restoreVendorProduct,
  updateVendorProduct,
} from '../api/vendor-products-api'
import styles from '../backoffice.module.css'
import { NoticeBox, type Notice } from '../components/form-bits'
import { CheckboxField, FieldError, SelectField, TextField } from '../components/form-fields'
import { PicturesPanel } from '../components/pictures-panel'
import {
  emptyProductForm,
  formFieldOf,
  productFormValues,
  type ProductFormValues,
} from '../product-form-values'

// The shared ProductEditSchema, the routes' and the import's own rules, loaded after the form's first paint.
const resolver = lazyZodResolver(() => import('../product-form-schema').then((m) => m.ProductFormSchema))

const savedText = (product: VendorProduct) => `Saved. ${product.productName} shows in the shop as it is now.`
const CORRECT_FIELDS = 'Please correct the fields marked below.'

/** The first message of a field error, which may sit on an array's item (`allergens.3.detail`). */
const allergenError = (errors: FieldErrors<ProductFormValues>, index: number) =>
  errors.allergens?.[index]?.detail?.message

function ProductForm({ product, created }: { product: VendorProduct | null; created: boolean }) {
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductEdit>({
    resolver,
    defaultValues: product ? productFormValues(product) : emptyProductForm(),
    mode: 'onTouched',
  })
  const preloadRules = usePreloadedResolver(resolver)
  const allergens = useWatch({ control, name: 'allergens' })
  const categoryId = useWatch({ control, name: 'categoryId' })
  // A new product's form comes back as its edit page (a new screen): it says it was saved.
  const [notice, setNotice] = useState<Notice | null>(
    created && product ? { tone: 'success', text: savedText(product) } : null,
  )
  const categories = useQuery({
    queryKey: ['backoffice', 'categories'],
    queryFn: ({ signal }) => getVendorCategories(signal),
    staleTime: 5 * 60_000,
  })

  /** The server's refusals beside their fields; the first of them gets the focus. */
  function showServerErrors(failure: ApiError) {
    const values = getValues()
    const fields = Object.entries(failure.fieldErrors ?? {}).flatMap(([path, messages]) => {
      const field = formFieldOf(values, path.split('.'))
      return field && messages[0] ? [{ field, message: messages[0] }] : []
    })
    // An unknown category is the service's refusal (it reads the tree), without a field: it is the category's.
    if (failure.message === productMessages.categoryUnknown)
      fields.push({ field: 'categoryId', message: failure.message })
    fields.forEach(({ field, message }, index) =>
      setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
    )
  }

  const save = useMutation({
    mutationFn: (input: ProductEditInput) =>
      product ? updateVendorProduct(product.id, input) : createVendorProduct(input),
    onSuccess: (saved) => {
      queryClient.setQueryData([...PRODUCTS_KEY, 'one', saved.id], saved)
      void queryClient.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] })
      reset(productFormValues(saved))
      setNotice({ tone: 'success', text: savedText(saved) })
      if (!product) navigate(`/vendor/products/${saved.id}`, { replace: true, state: { created: true } })
    },
    onError: (failure) => {
      // What was typed stays in the form: only the messages change.
      const fromServer = failure instanceof ApiError && failure.fromServer
      setNotice({
        tone: 'error',
        text: fromServer
          ? failure.fieldErrors
            ? CORRECT_FIELDS
            : failure.message
          : 'Not saved: the shop could not be reached. Your changes are still here; try again.',
      })
      if (fromServer) showServerErrors(failure)
    },
  })
  const archive = useMutation({
    mutationFn: (target: VendorProduct) =>
      target.archived ? restoreVendorProduct(target.id) : archiveVendorProduct(target.id),
    onSuccess: (saved) => {
      queryClient.setQueryData([...PRODUCTS_KEY, 'one', saved.id], saved)
      void queryClient.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] })
      setNotice({
        tone: 'success',
        text: saved.archived ? 'Archived: it has left the shop.' : 'Restored: it is on sale again.',
      })
    },
    onError: () => setNotice({ tone: 'error', text: 'That did not work. Please try again.' }),
  })

  const submit = handleSubmit(
    (edit) => {
      setNotice(null)
      save.mutate(edit)
    },
    () => setNotice({ tone: 'error', text: CORRECT_FIELDS }),
  )

  const current = product
    ? (queryClient.getQueryData<VendorProduct>([...PRODUCTS_KEY, 'one', product.id]) ?? product)
    : null
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} onFocus={preloadRules}>
      <NoticeBox notice={notice} />
      <TextField
        label="Name"
        required
        register={register('productName')}
        error={errors.productName?.message}
      />
      {/* Two rows, the browser's own default: the stylesheet's minimum height is what sizes them. */}
      <TextField
        label="Description"
        rows={2}
        register={register('productDescription')}
        error={errors.productDescription?.message}
      />
      <TextField
        label="Ingredients"
        rows={2}
        register={register('productIngredients')}
        error={errors.productIngredients?.message}
      />
      <fieldset className={styles.checks} aria-describedby={`${id}-allergens-hint`}>
        <legend className={styles.label}>Allergens</legend>
        <p id={`${id}-allergens-hint`} className={styles.hint} style={{ gridColumn: '1 / -1', margin: 0 }}>
          Tick each of the 14 allergens the product contains; add which one where it helps (wheat, almonds).
        </p>
        {UK_ALLERGENS.map((name, index) => {
          const detailId = `${id}-allergen-${index}`
          const detailError = allergenError(errors, index)
          return (
            <div key={name} className={styles.allergen}>
              <CheckboxField label={name} register={register(`allergens.${index}.ticked`)} />
              {allergens[index]?.ticked && (
                <>
                  <label className="visually-hidden" htmlFor={detailId}>
                    Which {name.toLowerCase()} (optional)
                  </label>
                  <input
                    id={detailId}
                    className={styles.input}
                    placeholder="Which (optional)"
                    aria-invalid={detailError ? true : undefined}
                    aria-describedby={detailError ? `${detailId}-error` : undefined}
                    {...register(`allergens.${index}.detail`)}
                  />
                  <FieldError id={detailId} error={detailError} />
                </>
              )}
            </div>
          )
        })}
        {errors.allergens?.message && (
          <span className={styles.error} style={{ gridColumn: '1 / -1' }}>
            {errors.allergens.message}
          </span>
        )}
      </fieldset>
      <CheckboxField label="Free (given away: no price)" register={register('isFree')} />
      <div className={styles.row}>
        <TextField
          label="Sale price (£)"
          inputMode="decimal"
          hint="In pounds, like 2.50"
          register={register('salePrice')}
          error={errors.salePrice?.message}
        />
        <TextField
          label="Discount price (£)"
          inputMode="decimal"
          hint="Optional; lower than the sale price"
          register={register('discountPrice')}
          error={errors.discountPrice?.message}
        />
        <TextField
          label="Stock"
          inputMode="numeric"
          hint="Items in stock"
          register={register('qty')}
          error={errors.qty?.message}
        />
      </div>
      {/* Controlled: the options arrive after the form, and the product's category must show once they do. */}
      <SelectField
        label="Category"
        register={register('categoryId')}
        error={errors.categoryId?.message}
        value={categoryId}
        options={[
          { value: '', label: 'Choose a category' },
          ...(categories.data ?? []).map((category) => ({
            value: String(category.id),
            label: category.path,
          })),
        ]}
      />
      <CheckboxField
        label="Best rated (shown among the home page’s best-rated products)"
        register={register('rated')}
      />
      {!product && (
        <p className={styles.hint}>
          Pictures are added once the product is saved: this form then shows them, to add, order and remove.
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Add the product'}
        </button>
        {current && (
          <button
            type="button"
            className="button-secondary"
            disabled={archive.isPending}
            onClick={() => archive.mutate(current)}
          >
            {current.archived ? 'Restore' : 'Archive'}
          </button>
        )}
        {current && !current.archived && <Link to={`/product-detail/${current.id}`}>See it in the shop</Link>}
        <Link to="/vendor/products">Back to the products</Link>
      </div>
    </form>
  )
}

/**
 * /vendor/products/new and /vendor/products/{id}: every field the storefront shows, and for a saved
 * product its pictures (the pictures screen's panel), which save on their own as they change.
 */
export function ProductEditScreen({ id }: { id: number | null }) {
  const { state } = useLocation()
  const created = typeof state === 'object' && state !== null && 'created' in state && state.created === true
  useDocumentTitle(id === null ? 'New product · Shop' : 'Edit product · Shop')
  const product = useQuery({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: ({ signal }) => getVendorProduct(id ?? 0, signal),
    enabled: id !== null,
    retry: false,
  })
  return (
    <div className={styles.panel}>
      <h2>{id === null ? 'New product' : (product.data?.productName ?? 'Edit product')}</h2>
      {id !== null && product.isPending && <p role="status">Loading…</p>}
      {id !== null && product.isError && (
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          {product.error instanceof ApiError && product.error.status === 404
            ? 'There is no such product in your shop.'
            : 'The product could not be loaded.'}{' '}
          <Link to="/vendor/products">Back to the products</Link>
        </p>
      )}
      {(id === null || product.data) && <ProductForm product={product.data ?? null} created={created} />}
      {id !== null &&
        product.data &&
        (product.data.archived ? (
          <p className={styles.hint}>Its pictures can be changed again once it is restored.</p>
        ) : (
          <PicturesPanel productId={id} embedded />
        ))}
    </div>
  )
}
