/**
 * Typed API errors built from metav1.Status, after k8s.io/apimachinery/pkg/api/errors.
 *
 * Contract:
 * - every non-2xx response the REST client does not retry becomes a `StatusError`; a body that is not a Status
 *   (a proxy's HTML page, an empty body) becomes one whose reason is derived from the HTTP code;
 * - a watch `ERROR` event becomes a `StatusError` thrown from the watch iterator;
 * - the `isX(err)` guards accept any value (`unknown`); they match on the Status reason and, when the reason is
 *   not one kubegen knows, on the HTTP code — as apimachinery does since 1.19, so that an old client keeps
 *   working against a newer server with new reasons.
 */

import type { Status, StatusCause, StatusDetails, StatusReason } from './status';

/** A group and a resource, e.g. `{ group: 'stable.example.com', resource: 'crontabs' }`. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** An API error carrying the server's metav1.Status. */
export class StatusError extends Error {
  override readonly name = 'StatusError';
  /** The Status as the server sent it (or as synthesised from the HTTP code). */
  readonly status: Status;

  constructor(status: Status) {
    super(status.message || `the server responded with ${status.reason || 'an error'} (${status.code ?? 0})`);
    this.status = { apiVersion: 'v1', kind: 'Status', status: 'Failure', ...status };
  }

  /** The Status reason, `''` when the server gave none. */
  get reason(): StatusReason {
    return this.status.reason ?? '';
  }

  /** The HTTP status code, `0` when unknown. */
  get code(): number {
    return this.status.code ?? 0;
  }

  get details(): StatusDetails | undefined {
    return this.status.details;
  }

  /** `details.causes`, e.g. the invalid fields of an `Invalid` error; `[]` when none. */
  get causes(): StatusCause[] {
    return this.status.details?.causes ?? [];
  }
}

const knownReasons: ReadonlySet<string> = new Set([
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'AlreadyExists',
  'Conflict',
  'Gone',
  'Invalid',
  'ServerTimeout',
  'StoreReadError',
  'Timeout',
  'TooManyRequests',
  'BadRequest',
  'MethodNotAllowed',
  'NotAcceptable',
  'RequestEntityTooLarge',
  'UnsupportedMediaType',
  'InternalError',
  'Expired',
  'ServiceUnavailable',
]);

/** The reason an HTTP code implies when the body is not a Status (apimachinery's NewGenericServerResponse). */
export function reasonForCode(code: number): StatusReason {
  switch (code) {
    case 400:
      return 'BadRequest';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'NotFound';
    case 405:
      return 'MethodNotAllowed';
    case 406:
      return 'NotAcceptable';
    case 409:
      return 'Conflict';
    case 410:
      return 'Gone';
    case 413:
      return 'RequestEntityTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 422:
      return 'Invalid';
    case 429:
      return 'TooManyRequests';
    case 500:
      return 'InternalError';
    case 503:
      return 'ServiceUnavailable';
    case 504:
      return 'Timeout';
    default:
      return '';
  }
}

function isStatus(value: unknown): value is Status {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.kind === 'Status' || (typeof v.status === 'string' && (typeof v.reason === 'string' || typeof v.code === 'number'));
}

/**
 * The error for a non-2xx response: the body's Status when it is one (its `code` defaulted to the HTTP code),
 * else a Status synthesised from the HTTP code with the (truncated) body as message.
 */
export function errorFromResponse(code: number, body: string, request?: { method: string; path: string }): StatusError {
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : undefined;
  } catch {
    parsed = undefined;
  }
  if (isStatus(parsed)) {
    return new StatusError({ ...parsed, code: parsed.code || code });
  }
  const reason = reasonForCode(code);
  const trimmed = body.trim();
  const what = request ? ` (${request.method} ${request.path})` : '';
  const message = trimmed
    ? `the server responded with ${code}${what}: ${trimmed.length > 512 ? `${trimmed.slice(0, 512)}…` : trimmed}`
    : `the server responded with ${code}${what} and no body`;
  return new StatusError({ status: 'Failure', code, reason, message });
}

/**
 * The reason and code of an error; `{ reason: '', code: 0 }` when it is not a StatusError. Never throws: `err` may be
 * any value user code threw, also one `instanceof` cannot look at (a revoked Proxy, a throwing trap).
 */
export function reasonAndCode(err: unknown): { reason: StatusReason; code: number } {
  return isStatusError(err) ? { reason: err.reason, code: err.code } : { reason: '', code: 0 };
}

/** `err instanceof StatusError`, and false (never a throw) for a value `instanceof` cannot look at. */
export function isStatusError(err: unknown): err is StatusError {
  try {
    return err instanceof StatusError;
  } catch {
    return false;
  }
}

/** The Status reason of an error, `''` when it is not a StatusError. */
export function reasonForError(err: unknown): StatusReason {
  return reasonAndCode(err).reason;
}

function matches(err: unknown, reason: StatusReason, code?: number): boolean {
  const rc = reasonAndCode(err);
  if (rc.reason === reason) return true;
  return code !== undefined && !knownReasons.has(rc.reason) && rc.code === code;
}

/** 404 NotFound: the object (or the resource) does not exist. */
export const isNotFound = (err: unknown): boolean => matches(err, 'NotFound', 404);
/** 409 AlreadyExists: create of a name that exists. */
export const isAlreadyExists = (err: unknown): boolean => matches(err, 'AlreadyExists');
/** 409 Conflict: a stale resourceVersion or a failed precondition; retry with a fresh read. */
export const isConflict = (err: unknown): boolean => matches(err, 'Conflict', 409);
/** 422 Invalid: the object failed validation; see `err.causes`. */
export const isInvalid = (err: unknown): boolean => matches(err, 'Invalid', 422);
/** 403 Forbidden. */
export const isForbidden = (err: unknown): boolean => matches(err, 'Forbidden', 403);
/** 401 Unauthorized. */
export const isUnauthorized = (err: unknown): boolean => matches(err, 'Unauthorized', 401);
/** 410 Gone. */
export const isGone = (err: unknown): boolean => matches(err, 'Gone', 410);
/** 410 Expired: a watch or list `resourceVersion` / `continue` token too old — relist. */
export const isResourceExpired = (err: unknown): boolean => matches(err, 'Expired');

/**
 * The continue token a 410 Expired carries when a list's `continue` token was too old (etcd compacted its revision):
 * the apiserver names a token that lists on from the next key at the latest revision — an inconsistent list, for a
 * client that does not need one snapshot (`ListOptions.continue`); `undefined` for any other error.
 */
export function inconsistentContinueOf(err: unknown): string | undefined {
  if (!(err instanceof StatusError) || !isResourceExpired(err)) return undefined;
  const token: unknown = err.status.metadata?.continue;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
/** 429 TooManyRequests. */
export const isTooManyRequests = (err: unknown): boolean => matches(err, 'TooManyRequests', 429);
/** 504 Timeout: the request did not complete in time and may still be processed. */
export const isTimeout = (err: unknown): boolean => matches(err, 'Timeout', 504);
/** 500 ServerTimeout: the server could not complete the request in time; it was not processed. */
export const isServerTimeout = (err: unknown): boolean => matches(err, 'ServerTimeout');
/** 400 BadRequest. */
export const isBadRequest = (err: unknown): boolean => matches(err, 'BadRequest', 400);
/** 405 MethodNotAllowed. */
export const isMethodNotSupported = (err: unknown): boolean => matches(err, 'MethodNotAllowed', 405);
/** 500 InternalError. */
export const isInternalError = (err: unknown): boolean => matches(err, 'InternalError', 500);
/** 503 ServiceUnavailable. */
export const isServiceUnavailable = (err: unknown): boolean => matches(err, 'ServiceUnavailable', 503);

/** The `details.retryAfterSeconds` the server suggested, if any. */
export function suggestsClientDelay(err: unknown): number | undefined {
  if (!isStatusError(err)) return undefined;
  const s = err.details?.retryAfterSeconds;
  return typeof s === 'number' && s > 0 ? s : undefined;
}

function qualified(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

// Constructors, as the apiserver phrases them (used by the fake tracker and by tests).

/**
 * A NotFound error, as the apiserver phrases it. `{ stack: false }` builds it without capturing a stack trace (its
 * `stack` is its first line only), as apimachinery's errors have none: for the expected answer of a lookup that is
 * no failure — a lister's or a cache reader's miss, which a reconcile meets for every object it is about to create
 * (`createOrUpdate`), where capturing the stack is most of the error's cost.
 */
export function newNotFound(gr: GroupResource, name: string, opts: { stack?: boolean } = {}): StatusError {
  const status: Status = {
    code: 404,
    reason: 'NotFound',
    details: { group: gr.group, kind: gr.resource, name },
    message: `${qualified(gr)} "${name}" not found`,
  };
  return opts.stack === false ? withoutStack(() => new StatusError(status)) : new StatusError(status);
}

/** `make()`'s error built with V8's stack capture off (`Error.stackTraceLimit` 0 meanwhile, restored at once). */
function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  // A realm whose Error is frozen (a locked-down one) keeps its limit: the error then has its stack.
  if (!Reflect.set(Error, 'stackTraceLimit', 0)) return make();
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export function newAlreadyExists(gr: GroupResource, name: string): StatusError {
  return new StatusError({
    code: 409,
    reason: 'AlreadyExists',
    details: { group: gr.group, kind: gr.resource, name },
    message: `${qualified(gr)} "${name}" already exists`,
  });
}

export function newConflict(gr: GroupResource, name: string, cause: string): StatusError {
  return new StatusError({
    code: 409,
    reason: 'Conflict',
    details: { group: gr.group, kind: gr.resource, name },
    message: `Operation cannot be fulfilled on ${qualified(gr)} "${name}": ${cause}`,
  });
}

/** The conflict a stale `metadata.resourceVersion` produces. */
export function newStaleConflict(gr: GroupResource, name: string): StatusError {
  return newConflict(gr, name, 'the object has been modified; please apply your changes to the latest version and try again');
}

export function newInvalid(group: string, kind: string, name: string, causes: StatusCause[]): StatusError {
  const list = causes.map((c) => (c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? ''))).join(', ');
  return new StatusError({
    code: 422,
    reason: 'Invalid',
    details: { group, kind, name, causes },
    message: `${group ? `${kind}.${group}` : kind} "${name}" is invalid: ${list}`,
  });
}

export function newBadRequest(message: string): StatusError {
  return new StatusError({ code: 400, reason: 'BadRequest', message });
}

export function newForbidden(gr: GroupResource, name: string, message: string): StatusError {
  return new StatusError({
    code: 403,
    reason: 'Forbidden',
    details: { group: gr.group, kind: gr.resource, name },
    message: `${qualified(gr)} "${name}" is forbidden: ${message}`,
  });
}

export function newUnauthorized(message = 'Unauthorized'): StatusError {
  return new StatusError({ code: 401, reason: 'Unauthorized', message });
}

export function newGone(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Gone', message });
}

export function newResourceExpired(message: string): StatusError {
  return new StatusError({ code: 410, reason: 'Expired', message });
}

export function newTooManyRequests(message: string, retryAfterSeconds?: number): StatusError {
  return new StatusError({
    code: 429,
    reason: 'TooManyRequests',
    message,
    ...(retryAfterSeconds ? { details: { retryAfterSeconds } } : {}),
  });
}

export function newTimeout(message: string, retryAfterSeconds?: number): StatusError {
  return new StatusError({
    code: 504,
    reason: 'Timeout',
    message,
    ...(retryAfterSeconds ? { details: { retryAfterSeconds } } : {}),
  });
}

export function newServerTimeout(gr: GroupResource, operation: string, retryAfterSeconds?: number): StatusError {
  return new StatusError({
    code: 500,
    reason: 'ServerTimeout',
    details: { group: gr.group, kind: gr.resource, name: operation, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
    message: `The ${operation} operation against ${qualified(gr)} could not be completed at this time, please try again.`,
  });
}

export function newInternalError(message: string): StatusError {
  return new StatusError({ code: 500, reason: 'InternalError', message: `Internal error occurred: ${message}` });
}

export function newMethodNotSupported(gr: GroupResource, action: string): StatusError {
  return new StatusError({
    code: 405,
    reason: 'MethodNotAllowed',
    details: { group: gr.group, kind: gr.resource },
    message: `${action} is not supported on resources of kind ${qualified(gr)}`,
  });
}
