import type useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useSyncExternalStore } from 'react'

export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>

const EVENTS = ['select', 'reInit', 'resize', 'slidesChanged'] as const

/**
 * A value read from the carousel (selected slide, whether it can scroll), kept in step with its events.
 * Type-only import: this file must not pull Embla's code into the chunks that import it.
 */
export function useEmblaState<T extends string | number | boolean>(
  api: EmblaApi | undefined,
  read: (api: EmblaApi) => T,
  initial: T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!api) return () => undefined
      for (const event of EVENTS) api.on(event, onChange)
      return () => {
        for (const event of EVENTS) api.off(event, onChange)
      }
    },
    [api],
  )
  return useSyncExternalStore(
    subscribe,
    () => (api ? read(api) : initial),
    () => initial,
  )
}
