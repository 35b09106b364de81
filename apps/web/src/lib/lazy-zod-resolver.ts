import { useEffect } from 'react'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/**
 * A react-hook-form resolver that checks values with a zod schema, like `zodResolver(schema)`, but loads
 * the schema, zod and the zod resolver only when they are first needed. zod alone is about 25 kB gzip,
 * which pushed every page with a form over its 100 kB budget of JavaScript at start (docs/benchmarks.md);
 * a form's first check happens after the page is up, by which time `preload` has usually fetched it.
 */
export interface LazyZodResolver<Input extends FieldValues, Output> extends Resolver<Input, unknown, Output> {
  /** Starts loading the schema (once); never rejects, since a failed load is tried again on the next check. */
  preload: () => Promise<void>
}

/**
 * `loadSchema` imports the module that holds the schema, lazily (`() => import('./x-schema').then(…)`), so
 * that the build puts it and zod in a chunk of their own. react-hook-form awaits the resolver, so an
 * asynchronous one changes neither the order of events nor the messages; only the very first check may
 * wait for the download. Create one at module level, next to the form, so that every form of a kind
 * shares the loaded schema.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): LazyZodResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is fetched again by the next check.
        loading = undefined
        throw error
      },
    ))
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options)
  const preload = () =>
    load().then(
      () => undefined,
      () => undefined,
    )
  return Object.assign(resolver, { preload })
}

/** How long a form waits for the browser to be idle before it loads its schema anyway, in ms. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Loads a form's schema once the page has settled (when the browser is idle after the form first
 * renders), so that the first check on leaving a field does not wait for the download. Returns a focus
 * handler for the form element, which starts the download at once should the shopper be quicker.
 */
export function usePreloadedResolver(resolver: { preload: () => Promise<void> }): () => void {
  const { preload } = resolver
  useEffect(() => {
    // Safari has no requestIdleCallback; a timer after the first paint does the same there.
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => void preload(), { timeout: IDLE_TIMEOUT_MS })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = window.setTimeout(() => void preload(), 1)
    return () => window.clearTimeout(timer)
  }, [preload])
  return () => void preload()
}
