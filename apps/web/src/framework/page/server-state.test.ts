import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { reviveState, serializeState } from './server-state'

function revived(text: string) {
  const state = reviveState(text)
  if (state === null) throw new Error(`Not a state: ${text}`)
  return state
}

async function stateWith(data: unknown, failure?: Error) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  await client.prefetchQuery({ queryKey: ['products', 1], queryFn: () => data })
  if (failure)
    await client.prefetchQuery({
      queryKey: ['products', 'detail', 9],
      queryFn: () => Promise.reject(failure),
    })
  return dehydrate(client, { shouldDehydrateQuery: () => true })
}

describe('serializeState', () => {
  it('writes no "<", so no value can end the script element or open a comment', async () => {
    const name = '</script><script>alert(1)</script><!-- Fish & chips'
    const text = serializeState(await stateWith({ productName: name }))
    expect(text).not.toContain('<')
    // The script element's text is plain JSON again, with the value unchanged.
    const client = new QueryClient()
    hydrate(client, revived(text))
    expect(client.getQueryData(['products', 1])).toEqual({ productName: name })
  })

  it("keeps an ApiError's status, so the browser shows the same not-found page", async () => {
    const text = serializeState(await stateWith([], new ApiError(404, 'Product not found')))
    const client = new QueryClient()
    hydrate(client, revived(text))
    const error = client.getQueryState(['products', 'detail', 9])?.error
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, message: 'Product not found' })
  })
})

describe('reviveState', () => {
  it('answers null for text that is not a state', () => {
    expect(reviveState('')).toBeNull()
    expect(reviveState('{"queries": 3}')).toBeNull()
    expect(reviveState('[]')).toBeNull()
  })
})
