import type {
  ProductEditInput,
  ShopProfile,
  ShopProfileInput,
  VendorCategory,
  VendorProduct,
} from '@larder/shared'
import { api, apiRequest, readTotal } from '../../../lib/api-client'

/** The table's query, as the URL holds it (strings), passed to the API as they are. */
export type ProductTableQuery = Record<string, string>

export async function getVendorProducts(query: ProductTableQuery, signal?: AbortSignal) {
  const response = await apiRequest<VendorProduct[]>('/api/vendor/products', { query, signal })
  return { products: response.data, total: readTotal(response.headers, response.data.length) }
}

export const getVendorProduct = (id: number, signal?: AbortSignal) =>
  api.get<VendorProduct>(`/api/vendor/products/${id}`, { signal })

export const createVendorProduct = (input: ProductEditInput) =>
  api.post<VendorProduct>('/api/vendor/products', input)

export const updateVendorProduct = (id: number, input: ProductEditInput) =>
  api.put<VendorProduct>(`/api/vendor/products/${id}`, input)

export const setVendorStock = (id: number, qty: number) =>
  api.put<VendorProduct>(`/api/vendor/products/${id}/stock`, { qty })

export const archiveVendorProduct = (id: number) =>
  api.post<VendorProduct>(`/api/vendor/products/${id}/archive`)

export const restoreVendorProduct = (id: number) =>
  api.post<VendorProduct>(`/api/vendor/products/${id}/restore`)

export const getVendorCategories = (signal?: AbortSignal) =>
  api.get<VendorCategory[]>('/api/vendor/categories', { signal })

export const getShopProfile = (signal?: AbortSignal) => api.get<ShopProfile>('/api/vendor/shop', { signal })

export const saveShopProfile = (input: ShopProfileInput) => api.put<ShopProfile>('/api/vendor/shop', input)

/** Query keys: everything of the shop's products starts with this, so one invalidation refreshes it all. */
export const PRODUCTS_KEY = ['backoffice', 'products'] as const
