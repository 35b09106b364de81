import { z } from 'zod'
import { MAX_TERM_LENGTH } from './search'

/** `GET /api/public/_search/help?text=`: what to offer when a typed search finds nothing. */
export const SearchHelpQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { message: 'text must not be empty' })
    .max(MAX_TERM_LENGTH, { message: `text must be at most ${MAX_TERM_LENGTH} characters` }),
})

export const SearchHelpSchema = z.object({
  /** The product names closest to the text, best first, at most three. */
  didYouMean: z.array(z.string()),
  /** Categories whose name is close to one of the words, at most two. */
  categories: z.array(
    z.object({
      categoryL1: z.string(),
      categoryL2: z.string().nullable(),
      categoryL3: z.string().nullable(),
    }),
  ),
  /** Shops whose name is close to one of the words, at most two. */
  shops: z.array(z.object({ vendorID: z.string(), companyName: z.string() })),
})
export type SearchHelp = z.infer<typeof SearchHelpSchema>
