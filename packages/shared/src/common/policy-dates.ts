/** The refund and privacy policies were last updated on 29/10/2024 (UK date order). */
export const POLICY_LAST_UPDATED = { display: '29/10/2024', iso: '2024-10-29' } as const
