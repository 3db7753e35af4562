/**
 * metav1.Status and its parts (k8s.io/apimachinery/pkg/apis/meta/v1), the body of every API error response and
 * of watch `ERROR` events.
 */

import type { ListMeta } from '../meta/types';

/**
 * Why an operation failed, as the apiserver reports it (metav1.StatusReason). Clients must tolerate reasons
 * they do not know: the guards in `./errors` fall back to the HTTP code for unknown reasons.
 */
export type StatusReason =
  | ''
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Gone'
  | 'Invalid'
  | 'ServerTimeout'
  | 'StoreReadError'
  | 'Timeout'
  | 'TooManyRequests'
  | 'BadRequest'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'InternalError'
  | 'Expired'
  | 'ServiceUnavailable'
  | (string & {});

/** One reason a request failed; for `Invalid`, one per invalid field (metav1.StatusCause). */
export interface StatusCause {
  /** A machine-readable cause, e.g. `FieldValueRequired`, `FieldValueInvalid`, `FieldValueDuplicate`. */
  reason?: string;
  message?: string;
  /** The field path, e.g. `spec.replicas` or `metadata.name`. */
  field?: string;
}

/** Extended data about a failure (metav1.StatusDetails). */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  /** Seconds the client should wait before retrying (429, some 5xx). */
  retryAfterSeconds?: number;
}

/** The result of an operation that returns no object (metav1.Status). */
export interface Status {
  apiVersion?: string;
  kind?: string;
  metadata?: ListMeta;
  /** `Success` or `Failure`. */
  status?: 'Success' | 'Failure' | (string & {});
  message?: string;
  reason?: StatusReason;
  details?: StatusDetails;
  /** The HTTP status code of the response. */
  code?: number;
}
