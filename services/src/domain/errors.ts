import type { FieldError } from '@appointment/contracts/errors';
import type { LogPosition } from '@appointment/contracts/events';

/**
 * A broken business rule. Each kind maps to one HTTP status in the error middleware;
 * the message is the one the spec gives and reaches the client as it is.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  /**
   * Where the command handler refused it: the log position of the last event of the state it
   * decided on (absent when no stream was read). A lost race waits for the read models there.
   */
  refusedAt?: LogPosition;
  constructor(
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
}
export class UnauthenticatedError extends DomainError {
  readonly status = 401;
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
/** The state changed under the request: a duplicate, or a race lost for good. */
export class ConflictError extends DomainError {
  readonly status = 409;
}
/** The command does not apply to the aggregate's current state. */
export class IllegalStateError extends DomainError {
  readonly status = 422;
}
export class TooManyRequestsError extends DomainError {
  readonly status = 429;
}
/** Something the command needs is not configured or reachable (a payment gateway). */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
}
