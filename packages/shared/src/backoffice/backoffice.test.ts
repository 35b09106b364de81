import { describe, expect, it } from 'vitest'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../accounts/account'
import {
  ADMIN_ROLE,
  BACKOFFICE_PASSWORD_MAX,
  BACKOFFICE_PASSWORD_MIN,
  UK_ALLERGENS,
  VENDOR_ROLE,
} from './backoffice'
import { AcceptInvitationSchema, AdminInvitationSchema, VendorInvitationSchema } from './backoffice.schema'

describe('the back office rules', () => {
  it('are the accounts’ own: roles and the password length', () => {
    expect(ROLES).toContain(ADMIN_ROLE)
    expect(ROLES).toContain(VENDOR_ROLE)
    expect([BACKOFFICE_PASSWORD_MIN, BACKOFFICE_PASSWORD_MAX]).toEqual([
      PASSWORD_MIN_LENGTH,
      PASSWORD_MAX_LENGTH,
    ])
  })

  it('name the fourteen allergens of UK law once each', () => {
    expect(UK_ALLERGENS).toHaveLength(14)
    expect(new Set(UK_ALLERGENS).size).toBe(14)
  })

  it('check invitations and their acceptance', () => {
    expect(VendorInvitationSchema.parse({ email: ' a@b.co ' })).toEqual({
      email: 'a@b.co',
      firstName: '',
      lastName: '',
    })
    expect(VendorInvitationSchema.safeParse({ email: 'nope' }).success).toBe(false)
    expect(AdminInvitationSchema.safeParse({ email: 'a@b.co', role: 'ROLE_VENDOR' }).success).toBe(false)
    expect(AdminInvitationSchema.safeParse({ email: 'a@b.co', role: 'ROLE_ADMIN' }).success).toBe(true)
    expect(AdminInvitationSchema.safeParse({ email: 'a@b.co', role: 'ROLE_CUSTOMER' }).success).toBe(false)
    const key = 'k'.repeat(27)
    expect(AcceptInvitationSchema.safeParse({ key, newPassword: '12345' }).success).toBe(false)
    expect(AcceptInvitationSchema.safeParse({ key, newPassword: '123456' }).success).toBe(true)
  })
})
