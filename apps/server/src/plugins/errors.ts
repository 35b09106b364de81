import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ApiError } from '@larder/shared'
import {
  ConflictError,
  InvalidInputError,
  NotAuthenticatedError,
  NotFoundError,
  UnavailableError,
  type DomainError,
} from '../lib/domain-errors'

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

/** The one place a domain refusal becomes an HTTP status; its message goes to the client unchanged. */
const DOMAIN_STATUSES: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInputError, 400],
  [NotAuthenticatedError, 401],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnavailableError, 503],
]

/** The error as an HttpError when it is one the client may be told about, else undefined. */
function toHttpError(error: Error): HttpError | undefined {
  if (error instanceof HttpError) return error
  const kind = DOMAIN_STATUSES.find(([type]) => error instanceof type)
  if (kind === undefined) return undefined
  const { field } = error as DomainError
  return new HttpError(kind[1], error.message, field ? { [field]: [error.message] } : undefined, error)
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
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const badUrl = error.code === 'FST_ERR_BAD_URL'
  const message = badUrl
    ? 'Invalid request: the address has an escape (%) that is not UTF-8'
    : 'Invalid request'
  // A page's address (not an API call's) is answered as a page: a person or a crawler followed it.
  const page = htmlErrorPages.get(request.server)
  if (page && request.method === 'GET' && !request.url.startsWith('/api/')) {
    const text = badUrl
      ? 'This address has a % escape that is not valid, so we cannot tell which page it names. Check the link, or start again from the home page.'
      : 'We could not read this request.'
    void reply
      .status(400)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page('Bad address', text))
    return
  }
  void reply.status(400).send({ message } satisfies ApiError)
}

/**
 * The HTML message page of each app that serves the web build (plugins/web.ts sets it), for errors met
 * before any route runs; without one, every such error is JSON.
 */
export const htmlErrorPages = new WeakMap<FastifyInstance, (title: string, text: string) => string>()

/**
 * Every error leaves as `{ message, fieldErrors? }`. 4xx messages say what was wrong; 5xx bodies never
 * carry details or stacks, which go to the log instead.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
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
    const known = toHttpError(error)
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: known.cause ?? known }, known.message)
      const body: ApiError = { message: known.message }
      if (known.fieldErrors) body.fieldErrors = known.fieldErrors
      return reply.status(known.statusCode).send(body)
    }
    const status = 'statusCode' in error ? (error.statusCode ?? 500) : 500
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed')
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' })
    }
    // Fastify's own 4xx errors (bad JSON, body too large, unsupported media type) have safe messages.
    return reply.status(status).send({ message: error.message } satisfies ApiError)
  })
}
