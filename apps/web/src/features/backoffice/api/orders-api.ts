import type {
  AdminOrderDetail,
  AdminOrdersQuery,
  AdminOrderSummary,
  RefundRequest,
  Shop,
  ShopOrder,
  ShopToday,
} from '@larder/shared'
import { api, apiRequest, readTotal } from '../../../lib/api-client'

/** The shop's parts of orders by state: `waiting`, `packed`, `dispatched`, or all of them. */
export type ShopOrderFilter = 'waiting' | 'packed' | 'dispatched' | 'all'

export const PAGE_SIZE = 20

export async function getShopOrders(filter: ShopOrderFilter, page: number, signal?: AbortSignal) {
  const response = await apiRequest<ShopOrder[]>('/api/vendor/orders', {
    signal,
    query: { status: filter === 'all' ? undefined : filter, page, size: PAGE_SIZE },
  })
  return { orders: response.data, total: readTotal(response.headers, response.data.length) }
}

export const getShopOrder = (orderId: string, signal?: AbortSignal) =>
  api.get<ShopOrder>(`/api/vendor/orders/${encodeURIComponent(orderId)}`, { signal })

export const markPacked = (orderId: string) =>
  api.post<ShopOrder>(`/api/vendor/orders/${encodeURIComponent(orderId)}/packed`)

export const markDispatched = (orderId: string) =>
  api.post<ShopOrder>(`/api/vendor/orders/${encodeURIComponent(orderId)}/dispatched`)

export const getToday = (signal?: AbortSignal) => api.get<ShopToday>('/api/vendor/today', { signal })

/** The operator's filters, as the list's query string carries them. */
export interface AdminOrderFilters {
  status?: AdminOrdersQuery['status']
  shopId?: string
  town?: string
  from?: string
  to?: string
}

export async function getAdminOrders(query: AdminOrderFilters & { page: number }, signal?: AbortSignal) {
  const response = await apiRequest<AdminOrderSummary[]>('/api/admin/orders', {
    signal,
    query: { ...query, size: PAGE_SIZE },
  })
  return { orders: response.data, total: readTotal(response.headers, response.data.length) }
}

export const getAdminOrder = (orderId: string, signal?: AbortSignal) =>
  api.get<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal })

export const refundOrder = (orderId: string, request: RefundRequest) =>
  api.post<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}/refunds`, request)

/** The marketplace's shops (the public list), for the operator's shop filter. */
export const getShops = (signal?: AbortSignal) => api.get<Shop[]>('/api/public/users', { signal })
