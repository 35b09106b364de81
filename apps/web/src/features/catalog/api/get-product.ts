import type { Product } from '@larder/shared'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client'

export async function getProduct(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Product> {
  // A malformed id in the URL can't name a product: answer as the server would, without asking it.
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, 'Product not found')
  return api.get<Product>(`/api/public/products/${id}`, { signal })
}

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, { signal }),
  })

/** One product; a missing one fails with an ApiError whose status is 404. */
export function useProduct(id: number) {
  return useQuery(productQueryOptions(id))
}
