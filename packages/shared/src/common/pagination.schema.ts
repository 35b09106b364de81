import { z } from 'zod'
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SORT_FIELDS,
  type SortDirection,
  type SortField,
} from './pagination'

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
      direction: direction.toLowerCase() as SortDirection,
    }
  })
export type Sort = z.output<typeof SortSchema>

// Nine digits at most: MAX_PAGE, and no number past what an offset can hold.
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
  // One sort parameter arrives as a string, several as a list. Read as a list either way, so that a bad
  // one is reported with SortSchema's own message rather than a union's "Invalid input".
  sort: z.preprocess(
    (sort) => (sort === undefined ? [] : Array.isArray(sort) ? sort : [sort]),
    z.array(SortSchema),
  ),
})
export type PageQuery = z.output<typeof PageQuerySchema>
