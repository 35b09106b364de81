/**
 * The product form's values as typed, and how they become a product edit (ProductEditSchema) and back.
 * Free of zod: the form screen imports this, and only product-form-schema.ts (loaded lazily) holds the
 * schema. Numbers stay text in the form until they are checked, so nothing typed is ever lost.
 */
import { UK_ALLERGENS, type ProductEditInput, type VendorProduct } from '@larder/shared'
import { parseCount, parsePounds } from './components/money'

/** One of the fourteen allergen boxes, in the order of UK_ALLERGENS. */
export interface AllergenBox {
  ticked: boolean
  detail: string
}

export interface ProductFormValues {
  productName: string
  productDescription: string
  productIngredients: string
  allergens: AllergenBox[]
  salePrice: string
  discountPrice: string
  qty: string
  isFree: boolean
  categoryId: string
  rated: boolean
}

/** The form's field names that a product edit's fields (and the server's `fieldErrors`) map onto. */
export type ProductFormField =
  | 'productName'
  | 'productDescription'
  | 'productIngredients'
  | 'salePrice'
  | 'discountPrice'
  | 'qty'
  | 'isFree'
  | 'categoryId'
  | 'rated'
  | `allergens.${number}.detail`
  | 'allergens'

export const emptyProductForm = (): ProductFormValues => ({
  productName: '',
  productDescription: '',
  productIngredients: '',
  allergens: UK_ALLERGENS.map(() => ({ ticked: false, detail: '' })),
  salePrice: '',
  discountPrice: '',
  qty: '0',
  isFree: false,
  categoryId: '',
  rated: false,
})

const priceText = (value: number | null) => (value === null ? '' : value.toFixed(2))

export const productFormValues = (product: VendorProduct): ProductFormValues => ({
  productName: product.productName,
  productDescription: product.productDescription,
  productIngredients: product.productIngredients,
  allergens: UK_ALLERGENS.map((name) => {
    const entry = product.allergens.find((one) => one.name === name)
    return { ticked: entry !== undefined, detail: entry?.detail ?? '' }
  }),
  salePrice: priceText(product.salePrice),
  discountPrice: priceText(product.discountPrice),
  qty: String(product.qty),
  isFree: product.isFree,
  categoryId: String(product.categoryId),
  rated: product.status === 'RATED',
})

/** The ticked boxes' indexes in UK_ALLERGENS, in the order the edit lists them. */
const tickedIndexes = (values: ProductFormValues) =>
  values.allergens.flatMap((box, index) => (box.ticked ? [index] : []))

/**
 * What the form sends: pounds and stock parsed from the text (unreadable ones as NaN, which the schema
 * refuses with its message), the ticked allergens with their details, Best rated as the status.
 */
export function toProductEdit(values: ProductFormValues): ProductEditInput {
  return {
    productName: values.productName,
    productDescription: values.productDescription,
    productIngredients: values.productIngredients,
    allergens: tickedIndexes(values).map((index) => ({
      name: UK_ALLERGENS[index] ?? UK_ALLERGENS[0],
      detail: values.allergens[index]?.detail ?? '',
    })),
    salePrice: parsePounds(values.salePrice),
    discountPrice: parsePounds(values.discountPrice),
    qty: parseCount(values.qty),
    isFree: values.isFree,
    categoryId: values.categoryId === '' ? Number.NaN : Number(values.categoryId),
    status: values.rated ? 'RATED' : 'ACTIVE',
  }
}

const PLAIN_FIELDS: readonly string[] = [
  'productName',
  'productDescription',
  'productIngredients',
  'salePrice',
  'discountPrice',
  'qty',
  'isFree',
  'categoryId',
]

/**
 * The form field a product edit's path names (`allergens.1.detail` is the second *ticked* allergen's
 * detail), from the schema's issues or the server's `fieldErrors`; undefined for none.
 */
export function formFieldOf(
  values: ProductFormValues,
  path: readonly PropertyKey[],
): ProductFormField | undefined {
  const [first, second, third] = path.map(String)
  if (first === undefined) return undefined
  if (PLAIN_FIELDS.includes(first)) return first as ProductFormField
  if (first === 'status') return 'rated'
  if (first === 'allergens') {
    const box = second === undefined ? undefined : tickedIndexes(values)[Number(second)]
    return box !== undefined && third === 'detail' ? `allergens.${box}.detail` : 'allergens'
  }
  return undefined
}
