/**
 * The schemas of the back office's forms, in one module that the forms import lazily through
 * `lazyZodResolver` (lib/lazy-zod-resolver.ts), as the storefront's forms do: the browser checks a form by
 * the very schema the server parses its request with, loaded after the screen's first paint. Nothing
 * imports this module statically, so a screen's chunk does not wait for it.
 */
import { AcceptInvitationSchema, RefundRequestSchema } from '@larder/shared'
import { z } from 'zod'

export {
  AdminInvitationSchema,
  AdminOrdersQuerySchema,
  CreateShopSchema,
  NewCategorySchema,
  ShopFieldsSchema,
  ShopProfileInputSchema,
  UsersQuerySchema,
  VendorInvitationSchema,
} from '@larder/shared'

/**
 * The accept page: the request's key and password, and the password typed again. The two are compared
 * only once the password itself is acceptable (zod runs an object's refinement after its fields pass), so
 * a short password is reported once, on its own field.
 */
export const AcceptInvitationFormSchema = AcceptInvitationSchema.extend({ confirm: z.string() }).refine(
  (value) => value.newPassword === value.confirm,
  { path: ['confirm'], message: 'The password and its confirmation do not match!' },
)

/**
 * The refund form's ticked lines: the checkboxes' values are the lines' ids as text, which the `LINES`
 * refund's own rule for `lineIds` then checks (one at least, with its message).
 */
export const RefundLinesFormSchema = z.object({
  lineIds: z.array(z.coerce.number()).pipe(RefundRequestSchema.options[1].shape.lineIds),
})
