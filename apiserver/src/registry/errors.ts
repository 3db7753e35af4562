/**
 * The API errors of the registry: storage errors interpreted per verb (k8s.io/apiserver/pkg/storage/errors), and the
 * Status bodies the apiserver builds (apimachinery's NewInvalid with its aggregate message, NewConflict …).
 */

import { type GroupResource, StatusError, type StatusCause, newAlreadyExists, newBadRequest, newConflict, newInternalError, newNotFound, newServerTimeout } from '@kubegen/runtime';
import { StorageError } from '../storage';

export type Verb = 'get' | 'list' | 'create' | 'update' | 'delete' | 'watch';

/** The API error of a storage error for `verb` on `name` (InterpretGetError, InterpretCreateError …); others as they are. */
export function interpret(err: unknown, verb: Verb, gr: GroupResource, name: string): unknown {
  if (!(err instanceof StorageError)) return err;
  switch (err.code) {
    case 'KeyNotFound':
      return newNotFound(gr, name);
    case 'KeyExists':
      return verb === 'create' ? newAlreadyExists(gr, name) : newConflict(gr, name, err.message);
    case 'ResourceVersionConflicts':
    case 'InvalidObj':
      return newConflict(gr, name, err.message);
    case 'Unreachable':
      return newServerTimeout(gr, verb, 2);
    case 'InvalidResourceVersion':
      // A list's is the cacher's 400; a get's and a watch's reach the client as they are (an error of no reason, a 500).
      if (verb === 'list') return newBadRequest(`invalid resource version: ${err.message}`);
      return new StatusError({ code: 500, message: err.message });
  }
  return newInternalError(err.message);
}

/**
 * 422 Invalid as apimachinery's NewInvalid writes it: `<Kind>.<group> "<name>" is invalid: <field>: <detail>`, several
 * errors as `[a, b]` (the aggregate's format), duplicates once.
 */
export function newInvalidAggregate(group: string, kind: string, name: string, causes: readonly StatusCause[]): StatusError {
  const seen = new Set<string>();
  const unique = causes.filter((c) => {
    const k = `${c.field ?? ''}\u0000${c.message ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  const texts = unique.map((c) => (c.field ? `${c.field}: ${c.message ?? ''}` : (c.message ?? '')));
  const aggregate = texts.length === 1 ? (texts[0] ?? '') : `[${texts.join(', ')}]`;
  return new StatusError({
    code: 422,
    reason: 'Invalid',
    details: { group, kind, name, causes: unique.map((c) => ({ ...c })) },
    message: `${group ? `${kind}.${group}` : kind} ${JSON.stringify(name)} is invalid: ${aggregate}`,
  });
}

/** 415: a content type (a patch type) the endpoint does not take (negotiation's errUnsupportedMediaType). */
export function unsupportedMediaType(accepted: readonly string[]): StatusError {
  return new StatusError({
    code: 415,
    reason: 'UnsupportedMediaType',
    message: `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
  });
}
