/**
 * What a service may refuse, in the domain's words. Services throw these and never an HTTP status:
 * plugins/errors.ts maps each kind to its status in one place, and callers inside the server (a timer, a
 * job) can tell one refusal from another by its class instead of by a status code.
 */
export class DomainError extends Error {
  /**
   * The request body's field the refusal is about (`email`, `member.email`, `name`), when it is about one:
   * the answer then names it in `fieldErrors`, so a form shows the message beside that field.
   */
  readonly field: string | undefined

  constructor(message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.field = options?.field
  }
}

/** The input breaks a rule the caller could have kept (a wrong key, a name already taken). */
export class InvalidInputError extends DomainError {}

/** The caller did not prove who they are, or proved it wrongly. */
export class NotAuthenticatedError extends DomainError {}

/** The thing does not exist, or the caller may not know that it does. */
export class NotFoundError extends DomainError {}

/** The request clashes with the thing's current state (out of stock, changed meanwhile). */
export class ConflictError extends DomainError {}

/** The order was paid or closed, so it can no longer change. */
export class OrderClosedError extends ConflictError {}

/** A service this shop depends on is not set up. */
export class UnavailableError extends DomainError {}
