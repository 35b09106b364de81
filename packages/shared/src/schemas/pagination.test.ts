import { describe, expect, it } from 'vitest'
import { PageQuerySchema } from './pagination'

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
})
