// The error shape every API call rejects with, so hosts and UI can show field-level messages.

/** Why a request failed: bad input (with the field), a missing thing, or a failure while doing it. */
export type ApiErrorKind = 'validation' | 'not-found' | 'conflict' | 'unavailable' | 'failed';

/** Serializable error carried across IPC and HTTP. */
export interface ApiErrorBody {
  kind: ApiErrorKind;
  message: string;
  /** Name of the input field at fault, for validation errors. */
  field?: string;
}

/** Error thrown by handlers; crosses host boundaries as an `ApiErrorBody`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly field: string | undefined;

  constructor(kind: ApiErrorKind, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.field = field;
  }

  /** The plain object form sent over the wire. */
  toBody(): ApiErrorBody {
    return this.field === undefined
      ? { kind: this.kind, message: this.message }
      : { kind: this.kind, message: this.message, field: this.field };
  }

  /** Rebuilds an ApiError from a wire body (or anything that looks like one). */
  static fromBody(body: unknown): ApiError {
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const b = body as Partial<ApiErrorBody>;
      return new ApiError(b.kind ?? 'failed', String(b.message), b.field);
    }
    return new ApiError('failed', String(body));
  }
}

/** Shorthand for a validation error naming the offending field. */
export function invalid(field: string, message: string): ApiError {
  return new ApiError('validation', message, field);
}
