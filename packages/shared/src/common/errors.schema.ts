import { z } from 'zod'

export const ApiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})
export type ApiError = z.infer<typeof ApiErrorSchema>
