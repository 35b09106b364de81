import { z } from 'zod'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100

export const SORT_FIELDS = ['dateCreated', 'salePrice', 'productName', 'id'] as const
export type SortField = (typeof SORT_FIELDS)[number]
export const SORT_DIRECTIONS = ['asc', 'desc'] as const

export const SortSchema = z
  .string()
  .regex(/^[A-Za-z]+(,(asc|desc))?$/i, { message: 'sort must look like field,asc or field,desc' })
  .transform((value, ctx) => {
    const [field = '', direction = 'asc'] = value.split(',')
    if (!(SORT_FIELDS as readonly string[]).includes(field)) {
      ctx.addIssue({ code: 'custom', message: `sort field must be one of ${SORT_FIELDS.join(', ')}` })
      return z.NEVER
    }
    return {
      field: field as SortField,
      direction: direction.toLowerCase() as (typeof SORT_DIRECTIONS)[number],
    }
  })
export type Sort = z.output<typeof SortSchema>

const integerParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `${name} must be a whole number` })
    .transform(Number)

export const PageQuerySchema = z.object({
  page: integerParam('page').optional().default(0),
  size: integerParam('size')
    .pipe(
      z
        .number()
        .min(1, { message: 'size must be at least 1' })
        .max(MAX_PAGE_SIZE, { message: `size must be at most ${MAX_PAGE_SIZE}` }),
    )
    .optional()
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .union([SortSchema, z.array(SortSchema)])
    .optional()
    .transform((sort) => (sort === undefined ? [] : Array.isArray(sort) ? sort : [sort])),
})
export type PageQuery = z.output<typeof PageQuerySchema>

export const lastPage = (total: number, size: number): number => Math.ceil(total / size)

/**
 * Up to `max` zero-based page numbers around `current`, with null marking a '...' gap
 * where pages are left out at either end.
 */
export function paginationWindow(current: number, pageCount: number, max = 5): (number | null)[] {
  if (pageCount <= 0) return []
  const width = Math.min(max, pageCount)
  const start = Math.min(Math.max(0, current - Math.floor(width / 2)), pageCount - width)
  const pages: (number | null)[] = Array.from({ length: width }, (_, i) => start + i)
  if (start > 0) pages.unshift(null)
  if (start + width < pageCount) pages.push(null)
  return pages
}
