// The error shape every API call rejects with, so hosts and UI can show field-level messages.

/** Why a request failed: bad input (with the field), a missing thing, or a failure while doing it. */
export type ApiErrorKind = 'validation' | 'not-found' | 'conflict' | 'unavailable' | 'failed';

/**
 * What a host or the UI may act on without reading the message: a blank required number, a start
 * the user cancelled, load that needs the user's yes first (`detail` then says why).
 */
export type ApiErrorCode = 'required' | 'cancelled' | 'needs-confirmation';

const CODES: readonly ApiErrorCode[] = ['required', 'cancelled', 'needs-confirmation'];

/** The kind of stored thing an error is about (an id that names none): each host says where to look. */
export type ApiErrorSubject = 'run' | 'target' | 'matrix' | 'campaign' | 'workload';

const SUBJECTS: readonly ApiErrorSubject[] = ['run', 'target', 'matrix', 'campaign', 'workload'];

/** The structured parts of an error beyond its sentence. */
export interface ApiErrorParts {
  /**
   * The message without the field it opens with ("must be between 1 and 64"), or for
   * `needs-confirmation` the reason without how to confirm: a form words the rest its own way.
   */
  detail?: string;
  code?: ApiErrorCode;
  subject?: ApiErrorSubject;
}

/** Serializable error carried across IPC and HTTP. */
export interface ApiErrorBody extends ApiErrorParts {
  kind: ApiErrorKind;
  message: string;
  /** Name of the input field at fault, for validation errors. */
  field?: string;
}

/** Error thrown by handlers; crosses host boundaries as an `ApiErrorBody`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly field: string | undefined;
  readonly detail: string | undefined;
  readonly code: ApiErrorCode | undefined;
  readonly subject: ApiErrorSubject | undefined;

  constructor(kind: ApiErrorKind, message: string, field?: string, parts: ApiErrorParts = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.field = field;
    this.detail = parts.detail;
    this.code = parts.code;
    this.subject = parts.subject;
  }

  /** The plain object form sent over the wire. */
  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { kind: this.kind, message: this.message };
    if (this.field !== undefined) body.field = this.field;
    if (this.detail !== undefined) body.detail = this.detail;
    if (this.code !== undefined) body.code = this.code;
    if (this.subject !== undefined) body.subject = this.subject;
    return body;
  }

  /** Rebuilds an ApiError from a wire body (or anything that looks like one). */
  static fromBody(body: unknown): ApiError {
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const b = body as Partial<Record<keyof ApiErrorBody, unknown>>;
      const parts: ApiErrorParts = {};
      if (typeof b.detail === 'string') parts.detail = b.detail;
      if (CODES.includes(b.code as ApiErrorCode)) parts.code = b.code as ApiErrorCode;
      if (SUBJECTS.includes(b.subject as ApiErrorSubject)) {
        parts.subject = b.subject as ApiErrorSubject;
      }
      return new ApiError(
        (b.kind as ApiErrorKind | undefined) ?? 'failed',
        String(b.message),
        typeof b.field === 'string' ? b.field : undefined,
        parts,
      );
    }
    return new ApiError('failed', String(body));
  }
}

/**
 * A validation error naming the offending field. A message that opens with the field's name
 * ("field must ...", "field: ...") carries the rest as its `detail`, so a form can put its own
 * label in front.
 */
export function invalid(field: string, message: string, parts: ApiErrorParts = {}): ApiError {
  const detail = parts.detail ?? afterField(field, message);
  return new ApiError('validation', message, field, { ...parts, ...(detail ? { detail } : {}) });
}

/** What `message` says after the field name it opens with; undefined when it does not open with it. */
function afterField(field: string, message: string): string | undefined {
  if (field === '') return undefined;
  for (const separator of [' ', ': ']) {
    if (message.startsWith(field + separator))
      return message.slice(field.length + separator.length);
  }
  return undefined;
}

/** `err` told about `field` instead (a core field renamed to a form's or a command's option). */
export function withField(err: ApiError, field: string): ApiError {
  return new ApiError(err.kind, err.message, field, {
    ...(err.detail === undefined ? {} : { detail: err.detail }),
    ...(err.code === undefined ? {} : { code: err.code }),
    ...(err.subject === undefined ? {} : { subject: err.subject }),
  });
}
