import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient } from './react-query'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createQueryClient', () => {
  it('logs a failed fetch, once, without retrying a 4xx', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const queryFn = vi.fn(async () => {
      throw new ApiError(404, 'Product 7 not found')
    })
    const client = createQueryClient()
    await expect(client.fetchQuery({ queryKey: ['products', 7], queryFn })).rejects.toThrow('not found')
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledWith('Could not load', '["products",7]', 'Product 7 not found')
  })
})
