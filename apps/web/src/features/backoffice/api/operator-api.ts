import type {
  AdminCategory,
  AdminShop,
  AdminUser,
  CategoryChangePayload,
  CreateShopPayload,
  InvitationSent,
  MessagePage,
  NewCategoryPayload,
  ShopFields,
} from '@larder/shared'
import { api, apiRequest } from '../../../lib/api-client'

/** The operator's screens' calls: shops, the category tree, contact messages, accounts (/api/admin/…). */
const patch = async (path: string, body: unknown) => {
  await apiRequest(path, { method: 'PATCH', body })
}
const id = (value: string | number) => encodeURIComponent(String(value))

export const getShops = (signal?: AbortSignal) => api.get<AdminShop[]>('/api/admin/shops', { signal })
export const createShop = (payload: CreateShopPayload) =>
  api.post<{ shop: AdminShop; invitation: InvitationSent }>('/api/admin/shops', payload)
export const updateShop = (shopId: string, fields: ShopFields) =>
  api.put(`/api/admin/shops/${id(shopId)}`, fields)
export const setShopSuspended = (shopId: string, suspended: boolean) =>
  api.post<{ id: string; suspendedAt: string | null }>(`/api/admin/shops/${id(shopId)}/suspension`, {
    suspended,
  })

export const getCategories = (signal?: AbortSignal) =>
  api.get<AdminCategory[]>('/api/admin/categories', { signal })
export const addCategory = (payload: NewCategoryPayload) =>
  api.post<AdminCategory>('/api/admin/categories', payload)
export const changeCategory = (categoryId: number, change: CategoryChangePayload) =>
  patch(`/api/admin/categories/${id(categoryId)}`, change)

export const getMessages = (
  query: { page: number; status: 'all' | 'waiting' | 'handled' },
  signal?: AbortSignal,
) => api.get<MessagePage>('/api/admin/messages', { signal, query: { ...query, size: 20 } })
export const setMessageHandled = (messageId: number, handled: boolean) =>
  patch(`/api/admin/messages/${id(messageId)}`, { handled })

export const findUsers = (q: string, signal?: AbortSignal) =>
  api.get<AdminUser[]>('/api/admin/users', { signal, query: { q } })
export const setUserDisabled = (userId: string, disabled: boolean) =>
  patch(`/api/admin/users/${id(userId)}`, { disabled })
export const sendResetLink = (userId: string) => api.post(`/api/admin/users/${id(userId)}/reset-link`)
