import { zodResolver } from '@hookform/resolvers/zod'
import type { ResolverOptions } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazyZodResolver } from './lazy-zod-resolver'

const Schema = z.object({
  email: z.string().trim().min(1, { message: 'Email is required' }),
  age: z.string().regex(/^\d+$/, { message: 'Digits only' }),
})

const options: ResolverOptions<z.input<typeof Schema>> = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
}

describe('lazyZodResolver', () => {
  it('answers exactly what zodResolver answers, valid or not', async () => {
    const resolver = lazyZodResolver(() => Promise.resolve(Schema))
    for (const values of [
      { email: ' ', age: 'ten' },
      { email: ' ada@example.test ', age: '36' },
    ]) {
      expect(await resolver(values, undefined, options)).toEqual(
        await zodResolver(Schema)(values, undefined, options),
      )
    }
  })

  it('loads the schema once, on the first check or preload, not before', async () => {
    const load = vi.fn(() => Promise.resolve(Schema))
    const resolver = lazyZodResolver(load)
    expect(load).not.toHaveBeenCalled()
    await resolver.preload()
    await resolver({ email: 'a', age: '1' }, undefined, options)
    await resolver({ email: '', age: '1' }, undefined, options)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed download; preload never rejects', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Schema)
    const resolver = lazyZodResolver(load)
    await expect(resolver.preload()).resolves.toBeUndefined()
    const result = await resolver({ email: '', age: '1' }, undefined, options)
    expect(result.errors.email?.message).toBe('Email is required')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
