import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiError } from '@larder/shared'

/** A failure the client caused and may be told about, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    cause?: unknown,
  ) {
    super(message, { cause })
  }
}

const pathOf = (instancePath: string, context: string) => {
  const segments = instancePath.split('/').filter((segment) => segment !== '')
  if (segments.length === 0) return context.replace(/^query(string)?$/, 'query')
  // A query string is flat: name the parameter, not the place of a repeated one in its list (`sort.1`).
  return context.startsWith('query') ? (segments[0] ?? '') : segments.join('.')
}

/**
 * Errors Fastify meets before any route or error handler runs: an address whose `%` escapes are not UTF-8
 * (`/products/%FF`). Answered in the same `{ message }` shape as every other error, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const badUrl = error.code === 'FST_ERR_BAD_URL'
  const message = badUrl
    ? 'Invalid request: the address has an escape (%) that is not UTF-8'
    : 'Invalid request'
  void reply.status(400).send({ message } satisfies ApiError)
}

/**
 * Every error leaves as `{ message, fieldErrors? }`. 4xx messages say what was wrong; 5xx bodies never
 * carry details or stacks, which go to the log instead.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {}
      for (const issue of error.validation) {
        const field = pathOf(issue.instancePath, error.validationContext ?? '')
        ;(fieldErrors[field] ??= []).push(issue.message ?? 'is invalid')
      }
      const message = Object.entries(fieldErrors)
        .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
        .join('; ')
      return reply
        .status(400)
        .send({ message: `Invalid request: ${message}`, fieldErrors } satisfies ApiError)
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message)
      const body: ApiError = { message: error.message }
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors
      return reply.status(error.statusCode).send(body)
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' })
    }
    // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type) have safe messages.
    return reply.status(status).send({ message: error.message } satisfies ApiError)
  })
}
