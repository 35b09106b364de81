import { describe, expect, it } from 'vitest'
import { PageQuerySchema } from './pagination.schema'

describe('PageQuerySchema', () => {
  it('defaults to the first page of 20 with no sort', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 0, size: 20, sort: [] })
  })

  it('reads repeated sort parameters', () => {
    expect(PageQuerySchema.parse({ sort: ['salePrice,asc', 'id,desc'] }).sort).toEqual([
      { field: 'salePrice', direction: 'asc' },
      { field: 'id', direction: 'desc' },
    ])
  })

  it.each([{ size: '101' }, { size: '0' }, { page: '-1' }, { page: '1.5' }, { sort: 'secret,asc' }])(
    'refuses %o',
    (query) => {
      expect(PageQuerySchema.safeParse(query).success).toBe(false)
    },
  )

  it.each([
    [{ sort: 'dateCreated,up' }, 'sort must look like field,asc or field,desc'],
    [{ sort: 'secret,asc' }, 'sort field must be one of '],
    [{ sort: ['id,desc', 'secret'] }, 'sort field must be one of '],
  ])('says what is wrong with %o', (query, message) => {
    const result = PageQuerySchema.safeParse(query)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([expect.stringContaining(message)])
  })
})
