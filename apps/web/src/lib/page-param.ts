import { MAX_PAGE } from '@larder/shared'

/**
 * The zero-based page from a URL's `page`, which counts from 1 for people. Anything that is not a whole
 * number from 1 is the first page; a number past the API's last page is that page, so the listing can say
 * how many pages it has instead of failing on a request the API refuses.
 */
export function parsePageParam(value: string | null): number {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number >= 1 ? Math.min(number - 1, MAX_PAGE) : 0
}
