import type { BackOfficeMe } from '@larder/shared'
import { createContext, useContext } from 'react'
import type { BackOfficeArea } from './api/backoffice-api'

export interface BackOfficeValue {
  area: BackOfficeArea
  me: BackOfficeMe
}

export const BackOfficeContext = createContext<BackOfficeValue | null>(null)

/** The area and the signed-in member, for the screens inside the back office's frame. */
export function useBackOffice(): BackOfficeValue {
  const value = useContext(BackOfficeContext)
  if (!value) throw new Error('useBackOffice outside the back office')
  return value
}
