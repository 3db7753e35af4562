/**
 * The storage layer's errors (k8s.io/apiserver/pkg/storage errors.go): a `StorageError` names what went wrong with a
 * key, and the registry turns it into the API error of its verb (`interpret` in ../registry/errors.ts). The errors
 * the apiserver returns as they are — a compacted revision (410 Expired), a revision not reached yet (504 with the
 * `ResourceVersionTooLarge` cause) — are built here as `StatusError`s.
 */

import { StatusError, newResourceExpired } from '@kubegen/runtime';

export type StorageErrorCode = 'KeyNotFound' | 'KeyExists' | 'ResourceVersionConflicts' | 'InvalidObj' | 'InvalidResourceVersion' | 'Unreachable';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
    message: string,
    /** For `InvalidResourceVersion`: the field and the value that did not parse. */
    readonly field?: { path: string; value: string; detail: string },
  ) {
    super(message);
  }
}

export const isStorageError = (err: unknown, code: StorageErrorCode): err is StorageError => err instanceof StorageError && err.code === code;

export function keyNotFound(key: string): StorageError {
  return new StorageError('KeyNotFound', key, `Key not found: ${key}`);
}

export function keyExists(key: string): StorageError {
  return new StorageError('KeyExists', key, `Key exists: ${key}`);
}

/** A precondition of an update or delete failed (Go's NewInvalidObjError). */
export function invalidObj(key: string, message: string): StorageError {
  return new StorageError('InvalidObj', key, message);
}

/** 504 Timeout: a resourceVersion newer than the backend's (Go's NewTooLargeResourceVersionError). */
export function tooLargeResourceVersion(minimum: bigint, current: bigint): StatusError {
  return new StatusError({
    code: 504,
    reason: 'Timeout',
    message: `Timeout: Too large resource version: ${minimum}, current: ${current}`,
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
  });
}

/** 410 Expired: a list at a compacted revision. */
export function listTooOld(): StatusError {
  return newResourceExpired('The resourceVersion for the provided list is too old.');
}

/** 410 Expired: a continue token whose revision is compacted; `inconsistentContinue` reads on at the newest revision. */
export function continueTooOld(inconsistentContinue: string): StatusError {
  const err = newResourceExpired(
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, ' +
      'or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an ' +
      'inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
  if (inconsistentContinue) err.status.metadata = { continue: inconsistentContinue };
  return err;
}

/** 410 Expired: a watch from a compacted revision. */
export function watchTooOld(requested: bigint, compacted: bigint): StatusError {
  return newResourceExpired(`too old resource version: ${requested} (${compacted})`);
}

const DIGITS = /^[0-9]+$/;
const MAX_REVISION = (1n << 63n) - 1n;

/**
 * A resourceVersion as a revision: `''` is 0; anything but decimal digits (what Go's strconv.ParseUint takes) is an
 * `InvalidResourceVersion` error with Go's message. Revisions beyond int64 are out of range, as for etcd.
 */
export function parseResourceVersion(rv: string | undefined, key = ''): bigint {
  if (rv === undefined || rv === '') return 0n;
  const fail = (why: string) =>
    new StorageError('InvalidResourceVersion', key, `resourceVersion: Invalid value: ${JSON.stringify(rv)}: strconv.ParseUint: parsing ${JSON.stringify(rv)}: ${why}`, {
      path: 'resourceVersion',
      value: rv,
      detail: `strconv.ParseUint: parsing ${JSON.stringify(rv)}: ${why}`,
    });
  if (!DIGITS.test(rv)) throw fail('invalid syntax');
  const n = BigInt(rv);
  if (n > MAX_REVISION) throw fail('value out of range');
  return n;
}
