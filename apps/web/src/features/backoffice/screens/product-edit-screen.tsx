import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  UK_ALLERGENS,
  VendorProductInputSchema,
  type UkAllergen,
  type VendorProduct,
  type VendorProductInput,
} from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { useDocumentTitle } from '../../../framework/page/document-title'
import { Link, useLocation, useNavigate } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
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
import { firstErrors, NoticeBox, TextArea, TextInput, type Notice } from '../components/form-bits'
import { parseCount, parsePounds } from '../components/money'

/** The form's fields as typed: numbers stay text until they are checked, so nothing typed is lost. */
interface FormValues {
  productName: string
  productDescription: string
  productIngredients: string
  allergens: Partial<Record<UkAllergen, string>>
  salePrice: string
  discountPrice: string
  qty: string
  isFree: boolean
  categoryId: string
  rated: boolean
}

const EMPTY: FormValues = {
  productName: '',
  productDescription: '',
  productIngredients: '',
  allergens: {},
  salePrice: '',
  discountPrice: '',
  qty: '0',
  isFree: false,
  categoryId: '',
  rated: false,
}

const savedText = (product: VendorProduct) => `Saved. ${product.productName} shows in the shop as it is now.`

const priceText = (value: number | null) => (value === null ? '' : value.toFixed(2))

const fromProduct = (product: VendorProduct): FormValues => ({
  productName: product.productName,
  productDescription: product.productDescription,
  productIngredients: product.productIngredients,
  allergens: Object.fromEntries(product.allergens.map((entry) => [entry.name, entry.detail])),
  salePrice: priceText(product.salePrice),
  discountPrice: priceText(product.discountPrice),
  qty: String(product.qty),
  isFree: product.isFree,
  categoryId: String(product.categoryId),
  rated: product.status === 'RATED',
})

/** What the API takes: numbers parsed (unreadable ones as NaN, which the shared schema names). */
const toInput = (values: FormValues): VendorProductInput => ({
  productName: values.productName,
  productDescription: values.productDescription,
  productIngredients: values.productIngredients,
  allergens: UK_ALLERGENS.filter((name) => values.allergens[name] !== undefined).map((name) => ({
    name,
    detail: values.allergens[name] ?? '',
  })),
  salePrice: parsePounds(values.salePrice),
  discountPrice: parsePounds(values.discountPrice),
  qty: parseCount(values.qty),
  isFree: values.isFree,
  categoryId: values.categoryId === '' ? Number.NaN : Number(values.categoryId),
  status: values.rated ? 'RATED' : 'ACTIVE',
})

function ProductForm({ product, created }: { product: VendorProduct | null; created: boolean }) {
  const id = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<FormValues>(product ? fromProduct(product) : EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // A new product's form comes back as its edit page (a new screen): it says it was saved.
  const [notice, setNotice] = useState<Notice | null>(
    created && product ? { tone: 'success', text: savedText(product) } : null,
  )
  const categories = useQuery({
    queryKey: ['backoffice', 'categories'],
    queryFn: ({ signal }) => getVendorCategories(signal),
    staleTime: 5 * 60_000,
  })

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }))
  const text =
    (
      name:
        'productName' | 'productDescription' | 'productIngredients' | 'salePrice' | 'discountPrice' | 'qty',
    ) =>
    (event: { target: { value: string } }) =>
      set(name, event.target.value)

  const save = useMutation({
    mutationFn: (input: VendorProductInput) =>
      product ? updateVendorProduct(product.id, input) : createVendorProduct(input),
    onSuccess: (saved) => {
      queryClient.setQueryData([...PRODUCTS_KEY, 'one', saved.id], saved)
      void queryClient.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] })
      setValues(fromProduct(saved))
      setNotice({ tone: 'success', text: savedText(saved) })
      if (!product) navigate(`/vendor/products/${saved.id}`, { replace: true, state: { created: true } })
    },
    onError: (failure) => {
      // What was typed stays in the form: only the message changes.
      setNotice({
        tone: 'error',
        text:
          failure instanceof ApiError && failure.fromServer
            ? failure.message
            : 'Not saved: the shop could not be reached. Your changes are still here; try again.',
      })
      if (failure instanceof ApiError && failure.fieldErrors)
        setErrors(
          Object.fromEntries(Object.entries(failure.fieldErrors).map(([key, list]) => [key, list[0] ?? ''])),
        )
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = VendorProductInputSchema.safeParse(toInput(values))
    if (!checked.success) {
      setErrors(firstErrors(checked.error.issues))
      setNotice({ tone: 'error', text: 'Please correct the fields marked below.' })
      const form = event.currentTarget
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors({})
    setNotice(null)
    save.mutate(toInput(values))
  }

  const current = product
    ? (queryClient.getQueryData<VendorProduct>([...PRODUCTS_KEY, 'one', product.id]) ?? product)
    : null
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <NoticeBox notice={notice} />
      <TextInput
        id={`${id}-name`}
        label="Name"
        value={values.productName}
        onChange={text('productName')}
        error={errors.productName}
        required
      />
      <TextArea
        id={`${id}-description`}
        label="Description"
        value={values.productDescription}
        onChange={text('productDescription')}
        error={errors.productDescription}
      />
      <TextArea
        id={`${id}-ingredients`}
        label="Ingredients"
        value={values.productIngredients}
        onChange={text('productIngredients')}
        error={errors.productIngredients}
      />
      <fieldset className={styles.checks} aria-describedby={`${id}-allergens-hint`}>
        <legend className={styles.label}>Allergens</legend>
        <p id={`${id}-allergens-hint`} className={styles.hint} style={{ gridColumn: '1 / -1', margin: 0 }}>
          Tick each of the 14 allergens the product contains; add which one where it helps (wheat, almonds).
        </p>
        {UK_ALLERGENS.map((name, index) => {
          const ticked = values.allergens[name] !== undefined
          return (
            <div key={name} className={styles.allergen}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={ticked}
                  onChange={(event) =>
                    setValues((state) => ({
                      ...state,
                      allergens: event.target.checked
                        ? { ...state.allergens, [name]: '' }
                        : Object.fromEntries(Object.entries(state.allergens).filter(([key]) => key !== name)),
                    }))
                  }
                />
                {name}
              </label>
              {ticked && (
                <>
                  <label className="visually-hidden" htmlFor={`${id}-allergen-${index}`}>
                    Which {name.toLowerCase()} (optional)
                  </label>
                  <input
                    id={`${id}-allergen-${index}`}
                    className={styles.input}
                    placeholder="Which (optional)"
                    value={values.allergens[name] ?? ''}
                    onChange={(event) => {
                      const detail = event.target.value
                      setValues((state) => ({ ...state, allergens: { ...state.allergens, [name]: detail } }))
                    }}
                  />
                </>
              )}
            </div>
          )
        })}
      </fieldset>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.isFree}
          onChange={(event) => set('isFree', event.target.checked)}
        />
        Free (given away: no price)
      </label>
      <div className={styles.row}>
        <TextInput
          id={`${id}-sale`}
          label="Sale price (£)"
          inputMode="decimal"
          hint="In pounds, like 2.50"
          value={values.salePrice}
          onChange={text('salePrice')}
          error={errors.salePrice}
        />
        <TextInput
          id={`${id}-discount`}
          label="Discount price (£)"
          inputMode="decimal"
          hint="Optional; lower than the sale price"
          value={values.discountPrice}
          onChange={text('discountPrice')}
          error={errors.discountPrice}
        />
        <TextInput
          id={`${id}-qty`}
          label="Stock"
          inputMode="numeric"
          hint="Items in stock"
          value={values.qty}
          onChange={text('qty')}
          error={errors.qty}
        />
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-category`}>
          Category
        </label>
        <select
          id={`${id}-category`}
          className={styles.input}
          value={values.categoryId}
          onChange={(event) => set('categoryId', event.target.value)}
          aria-invalid={errors.categoryId ? true : undefined}
          aria-describedby={errors.categoryId ? `${id}-category-error` : undefined}
        >
          <option value="">Choose a category</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </select>
        {errors.categoryId && (
          <span id={`${id}-category-error`} className={styles.error}>
            {errors.categoryId}
          </span>
        )}
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.rated}
          onChange={(event) => set('rated', event.target.checked)}
        />
        Best rated (shown among the home page’s best-rated products)
      </label>
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

/** /vendor/products/new and /vendor/products/{id}: every field the storefront shows. */
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
    </div>
  )
}
