import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import {
  CATEGORY_PATH_SEPARATOR,
  parseAllergens,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_IMPORT_MAX_ROWS,
  ProductEditSchema,
  productImportMessages,
  type ImportProblem,
  type ProductCsvColumn,
  type ProductEdit,
} from '@larder/shared'

/** A product as the CSV writes it: the edit fields, the allergens as the storefront's text, the id and the category's path. */
export interface CsvProduct extends Omit<ProductEdit, 'categoryId' | 'allergens'> {
  id: number
  categoryPath: string
  productAllergens: string
}

/** Each edit field's column, to name the column of a problem the shared schema finds. */
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = {
  productName: 'name',
  categoryId: 'category',
  salePrice: 'sale_price',
  discountPrice: 'discount_price',
  qty: 'stock',
  isFree: 'free',
  status: 'status',
  productDescription: 'description',
  productIngredients: 'ingredients',
  allergens: 'allergens',
}

const REQUIRED_COLUMNS: ProductCsvColumn[] = ['id', 'name', 'category', 'sale_price', 'stock']

const money = (pounds: number | null) => (pounds === null ? '' : pounds.toFixed(2))

/**
 * The shop's products as CSV, in PRODUCT_CSV_COLUMNS. Text that a spreadsheet would run as a formula
 * (starting with = + - @) is written with a leading apostrophe, which the import takes off again.
 */
export function writeProductsCsv(rows: CsvProduct[]): string {
  return stringify(
    rows.map((row) => [
      String(row.id),
      row.productName,
      row.categoryPath,
      money(row.salePrice),
      money(row.discountPrice),
      String(row.qty),
      row.isFree ? 'yes' : 'no',
      row.status,
      row.productDescription,
      row.productIngredients,
      row.productAllergens,
    ]),
    { header: true, columns: [...PRODUCT_CSV_COLUMNS], escape_formulas: true },
  )
}

/** A row that passed every check: what it makes or changes. */
export interface ImportRow {
  row: number
  /** Undefined: a new product. */
  id: number | undefined
  product: ProductEdit
}

export interface ParsedImport {
  rows: number
  good: ImportRow[]
  problems: ImportProblem[]
  badRows: number
}

export interface ImportContext {
  /** Category ids by lower-cased path (`bakery > bread`). */
  categories: Map<string, number>
  /** The ids of the shop's own products on sale: the only ids a row may name. */
  shopProductIds: Set<number>
  /** The ids of the shop's archived products, which a row may not change until they are restored. */
  archivedProductIds: Set<number>
}

const unformula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value)

const amount = (value: string): number | null => {
  const cleaned = value.replace(/^£/, '').trim()
  if (cleaned === '') return null
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

const wholeNumber = (value: string): number => (/^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN)

const yesNo = (value: string): boolean | string => {
  const word = value.trim().toLowerCase()
  if (['yes', 'y', 'true', '1'].includes(word)) return true
  if (['no', 'n', 'false', '0', ''].includes(word)) return false
  return value
}

/**
 * The allergens column (`Milk, Cereals containing gluten (wheat)`, as the storefront shows it) as the
 * schema's entries. A name outside the fourteen is passed on as it is written, for the schema to refuse
 * with its own message.
 */
const allergenEntries = (value: string) => {
  const { entries, unknown } = parseAllergens(value)
  return [...entries, ...unknown.map((name) => ({ name, detail: '' }))]
}

export const categoryKey = (path: string) =>
  path
    .split(/\s*>\s*/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .join(CATEGORY_PATH_SEPARATOR)

/**
 * Reads and checks an import file: every row against the shared ProductEditSchema (the rules and messages
 * of the product form and its routes; the columns are only turned into its fields here), its category
 * against the tree and its id against the shop's products. Rows are numbered as a spreadsheet shows them, the
 * header being row 1; a row with problems has one entry per column at fault.
 */
export function readProductsCsv(text: string, context: ImportContext): ParsedImport {
  let records: string[][]
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    return {
      rows: 0,
      good: [],
      badRows: 1,
      problems: [{ row: line ?? 1, column: '', message: productImportMessages.notCsv }],
    }
  }
  const [header = [], ...body] = records
  const columns = header.map((name) => name.trim().toLowerCase())
  const headerProblems: ImportProblem[] = []
  for (const name of columns) {
    if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) {
      headerProblems.push({ row: 1, column: name, message: productImportMessages.unknownColumn(name) })
    }
  }
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.includes(name)) {
      headerProblems.push({ row: 1, column: name, message: productImportMessages.missingColumn(name) })
    }
  }
  const dataRows = body
    .map((fields, index) => ({ fields, row: index + 2 }))
    // A blank line (a spreadsheet's empty row) is no product and no problem.
    .filter(({ fields }) => !(fields.length === 1 && fields[0]?.trim() === ''))
  if (headerProblems.length > 0)
    return { rows: dataRows.length, good: [], problems: headerProblems, badRows: 0 }
  if (dataRows.length === 0) {
    return {
      rows: 0,
      good: [],
      badRows: 0,
      problems: [{ row: 2, column: '', message: productImportMessages.empty }],
    }
  }
  if (dataRows.length > PRODUCT_IMPORT_MAX_ROWS) {
    return {
      rows: dataRows.length,
      good: [],
      badRows: 0,
      problems: [{ row: 1, column: '', message: productImportMessages.tooManyRows }],
    }
  }

  const good: ImportRow[] = []
  const problems: ImportProblem[] = []
  const seenIds = new Set<number>()
  let badRows = 0
  for (const { fields, row } of dataRows) {
    const rowProblems: ImportProblem[] = []
    const cell = (column: ProductCsvColumn) => {
      const index = columns.indexOf(column)
      return index === -1 ? '' : unformula(fields[index] ?? '')
    }
    if (fields.length !== columns.length) {
      rowProblems.push({
        row,
        column: '',
        message: `This row has ${fields.length} fields; the header has ${columns.length}`,
      })
    }
    let id: number | undefined
    const idText = cell('id').trim()
    if (idText !== '') {
      id = wholeNumber(idText)
      if (context.archivedProductIds.has(id)) {
        rowProblems.push({ row, column: 'id', message: productImportMessages.archived })
      } else if (!context.shopProductIds.has(id)) {
        rowProblems.push({ row, column: 'id', message: productImportMessages.notYourProduct })
      } else if (seenIds.has(id)) {
        rowProblems.push({ row, column: 'id', message: productImportMessages.duplicateId })
      } else {
        seenIds.add(id)
      }
    }
    const categoryText = cell('category').trim()
    const categoryId = context.categories.get(categoryKey(categoryText))
    if (categoryText !== '' && categoryId === undefined) {
      rowProblems.push({ row, column: 'category', message: productImportMessages.unknownCategory })
    }
    const status = cell('status').trim().toUpperCase()
    const parsed = ProductEditSchema.safeParse({
      productName: cell('name'),
      productDescription: cell('description'),
      productIngredients: cell('ingredients'),
      allergens: allergenEntries(cell('allergens')),
      salePrice: amount(cell('sale_price')),
      discountPrice: amount(cell('discount_price')),
      qty: wholeNumber(cell('stock')),
      isFree: yesNo(cell('free')),
      status: status === '' ? 'ACTIVE' : status,
      // An unknown path is reported above; the schema then only reports a blank one.
      categoryId: categoryText === '' ? undefined : (categoryId ?? 1),
    })
    if (!parsed.success) {
      const seen = new Set<string>()
      for (const issue of parsed.error.issues) {
        const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? String(issue.path[0] ?? '')
        // One problem per column: the first thing wrong with it is what to fix.
        if (seen.has(column)) continue
        seen.add(column)
        rowProblems.push({ row, column, message: issue.message })
      }
    }
    if (rowProblems.length > 0 || !parsed.success) {
      badRows++
      problems.push(...rowProblems)
    } else {
      good.push({ row, id, product: parsed.data })
    }
  }
  return { rows: dataRows.length, good, problems, badRows }
}
