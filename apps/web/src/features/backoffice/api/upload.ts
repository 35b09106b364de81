import { ApiError, NETWORK_ERROR_MESSAGE, readCookie } from '../../../lib/api-client'
import { readToken } from '../../../lib/session'

export interface UploadOptions {
  method?: 'POST' | 'PUT'
  /** Set for a text body (a CSV file); a FormData body sets its own multipart type. */
  contentType?: string
  /** The share of the body sent so far, 0 to 1; called as the browser reports it. */
  onProgress: (sent: number) => void
}

/**
 * A request whose body may be large (a photo, a CSV file), sent with XMLHttpRequest because fetch does not
 * report upload progress. The same headers as every API call (lib/api-client.ts): the session's token
 * and the XSRF pair; an error answer becomes the same ApiError, with the server's message.
 */
export function sendWithProgress<T>(
  url: string,
  body: FormData | string,
  options: UploadOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(options.method ?? 'POST', url)
    request.setRequestHeader('Accept', 'application/json')
    const token = readToken()
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`)
    const xsrf = readCookie('XSRF-TOKEN')
    if (xsrf) request.setRequestHeader('X-XSRF-TOKEN', xsrf)
    if (options.contentType) request.setRequestHeader('Content-Type', options.contentType)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total)
    }
    request.upload.onload = () => options.onProgress(1)
    request.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE))
    request.onload = () => {
      let payload: unknown
      try {
        payload = request.responseText === '' ? undefined : (JSON.parse(request.responseText) as unknown)
      } catch {
        payload = undefined
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(payload as T)
        return
      }
      const message =
        typeof payload === 'object' && payload !== null && 'message' in payload
          ? String((payload as { message: unknown }).message)
          : `The shop answered ${request.status}`
      reject(new ApiError(request.status, message))
    }
    request.send(body)
  })
}
