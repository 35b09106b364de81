import { z } from 'zod'
import { BACKOFFICE_PASSWORD_MAX, BACKOFFICE_PASSWORD_MIN, backOfficeMessages } from './backoffice'

const EmailSchema = z
  .string({ error: backOfficeMessages.emailRequired })
  .trim()
  .min(1, { message: backOfficeMessages.emailRequired })
  .max(254, { message: backOfficeMessages.emailInvalid })
  .pipe(z.email({ message: backOfficeMessages.emailInvalid }))

const NAME_MAX_LENGTH = 50
const optionalName = z.string().trim().max(NAME_MAX_LENGTH, { message: 'At most 50 characters' }).default('')

/** GET /api/backoffice/me: who is signed in to the back office, and the shop a vendor works for. */
export const BackOfficeMeSchema = z.object({
  id: z.string(),
  login: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
  shop: z.object({ id: z.string(), companyName: z.string(), city: z.string() }).nullable(),
})
export type BackOfficeMe = z.infer<typeof BackOfficeMeSchema>

/** POST /api/vendor/invitations: a new member of the inviter's own shop. */
export const VendorInvitationSchema = z.object({
  email: EmailSchema,
  firstName: optionalName,
  lastName: optionalName,
})
export type VendorInvitationPayload = z.input<typeof VendorInvitationSchema>

/** POST /api/admin/invitations: the operator invites a member of any shop, or another operator. */
export const AdminInvitationSchema = VendorInvitationSchema.extend({
  role: z.enum(['ROLE_VENDOR', 'ROLE_ADMIN']),
  shopId: z.string().trim().min(1).max(100).optional(),
}).refine((value) => value.role !== 'ROLE_VENDOR' || value.shopId !== undefined, {
  message: backOfficeMessages.shopRequired,
  path: ['shopId'],
})
export type AdminInvitationPayload = z.input<typeof AdminInvitationSchema>

export const InvitationSentSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
})
export type InvitationSent = z.infer<typeof InvitationSentSchema>

/** GET /api/invitations/:key: what the accept page shows before the password is chosen. */
export const InvitationInfoSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  role: z.enum(['ROLE_VENDOR', 'ROLE_ADMIN']),
  shopName: z.string().nullable(),
  expiresAt: z.string(),
})
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>

export const InvitationKeyParamsSchema = z.object({ key: z.string().min(10).max(100) })

/** POST /api/invitations/accept: the invitation's key and the password its new member chose. */
export const AcceptInvitationSchema = z.object({
  key: z.string().min(10).max(100),
  newPassword: z
    .string({ error: backOfficeMessages.passwordRequired })
    .min(1, { message: backOfficeMessages.passwordRequired })
    .min(BACKOFFICE_PASSWORD_MIN, { message: backOfficeMessages.passwordLength })
    .max(BACKOFFICE_PASSWORD_MAX, { message: backOfficeMessages.passwordLength }),
})
export type AcceptInvitationPayload = z.infer<typeof AcceptInvitationSchema>

/** A member of a shop's staff, as GET /api/vendor/team lists them. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** False until the member has set a password through their invitation. */
  active: z.boolean(),
})
export const TeamSchema = z.array(TeamMemberSchema)
export type TeamMember = z.infer<typeof TeamMemberSchema>
