import { useQuery } from '@tanstack/react-query'

/**
 * What the server knew of the request a page was rendered for (`RenderOptions.data`): the render puts
 * each value in the page's QueryClient under this key, so it reaches the browser with the rest of the
 * page's data and hydration renders the same markup.
 */
export const REQUEST_DATA_KEY = 'request-data'

export const requestDataKey = (name: string) => [REQUEST_DATA_KEY, name] as const

/**
 * The server's value `name` for this page, or undefined when the page was rendered without it (in the
 * browser, after a move within the app). Never fetched: only a server render gives it.
 */
export function useRequestData<T>(name: string): T | undefined {
  const { data } = useQuery<T | null>({
    queryKey: requestDataKey(name),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
  })
  return data ?? undefined
}
