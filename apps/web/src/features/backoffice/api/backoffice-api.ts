import type {
  AdminInvitationPayload,
  BackOfficeMe,
  InvitationInfo,
  InvitationSent,
  ProductPictures,
  TeamMember,
  VendorInvitationPayload,
} from '@larder/shared'
import { api } from '../../../lib/api-client'

/** The two sides of the back office, by the first segment of their paths (/vendor, /admin, /api/vendor…). */
export type BackOfficeArea = 'vendor' | 'admin'

export const getMe = (area: BackOfficeArea, signal?: AbortSignal) =>
  api.get<BackOfficeMe>(`/api/${area}/me`, { signal })

export const getTeam = (signal?: AbortSignal) => api.get<TeamMember[]>('/api/vendor/team', { signal })

export const inviteToShop = (payload: VendorInvitationPayload) =>
  api.post<InvitationSent>('/api/vendor/invitations', payload)

export const inviteAsOperator = (payload: AdminInvitationPayload) =>
  api.post<InvitationSent>('/api/admin/invitations', payload)

export const getInvitation = (key: string, signal?: AbortSignal) =>
  api.get<InvitationInfo>(`/api/invitations/${encodeURIComponent(key)}`, { signal })

export const acceptInvitation = (key: string, newPassword: string) =>
  api.post('/api/invitations/accept', { key, newPassword })

export interface AuditEntry {
  id: number
  at: string
  actorLogin: string
  action: string
  entityType: string
  entityId: string
  shopId: string | null
  before: unknown
  after: unknown
}

export const getAuditLog = (options: { before?: number }, signal?: AbortSignal) =>
  api.get<AuditEntry[]>('/api/admin/audit-log', { signal, query: { before: options.before, size: 50 } })

export const getPictures = (productId: number, signal?: AbortSignal) =>
  api.get<ProductPictures>(`/api/vendor/products/${productId}/pictures`, { signal })

export const reorderPictures = (productId: number, images: string[]) =>
  api.put<ProductPictures>(`/api/vendor/products/${productId}/pictures`, { images })

export const PRODUCTS_EXPORT_URL = '/api/vendor/products/export.csv'
