/**
 * Typed admission handlers, controller-runtime's `CustomValidator` and `CustomDefaulter`:
 *
 * - `validatingHandler(v)`: CREATE → `validateCreate(obj)`, UPDATE → `validateUpdate(oldObj, newObj)`, DELETE →
 *   `validateDelete(oldObj)`, CONNECT → allowed; a missing method allows. A method returns warnings (or nothing)
 *   to allow, and throws to deny: `AdmissionDenied` / `StatusError` keep their code (and warnings), any other value
 *   thrown denies with 403 and its text (`describeThrown`: an Error's message), as controller-runtime's validator
 *   does with an error.
 * - `mutatingHandler(d)`: DELETE and CONNECT → allowed untouched; otherwise `default(obj)` edits a deep copy of the
 *   request's object and the answer is the JSON Patch from the request's object to the edited copy (none when
 *   nothing changed). The copy is read back as JSON first, so a field set to `undefined` is a removed field.
 */
import { cloneJSON } from '../../meta/json';
import { asDeclared, jsonView } from '../../meta/generated';
import { diffJson } from '../../meta/jsonpatch';
import { StatusError } from '../../errors/errors';
import { describeThrown, thrownInstanceOf } from '../../observe/thrown';
import { AdmissionDenied, allowed, type AdmissionContext, type AdmissionHandler, type AdmissionResult } from './result';
import type { AdmissionRequest, SideEffects } from './types';

/** What a validator method returns: warnings, or nothing (synchronously or not). */
type MaybePromise<T> = T | Promise<T>;
type Warnings = MaybePromise<readonly string[] | undefined> | MaybePromise<void>;

/** Validation of one kind (controller-runtime's `CustomValidator`). Methods left out allow the operation. */
export interface CustomValidator<T extends object> {
  /** `None` (default) or `NoneOnDryRun` for a validator that calls `context.sideEffect`. */
  readonly sideEffects?: SideEffects;
  validateCreate?(obj: T, context: AdmissionContext): Warnings;
  validateUpdate?(oldObj: T, newObj: T, context: AdmissionContext): Warnings;
  validateDelete?(obj: T, context: AdmissionContext): Warnings;
}

/** Defaulting of one kind (controller-runtime's `CustomDefaulter`): edit `obj` in place. */
export interface CustomDefaulter<T extends object> {
  /** `None` (default) or `NoneOnDryRun` for a defaulter that calls `context.sideEffect`. */
  readonly sideEffects?: SideEffects;
  default(obj: T, context: AdmissionContext): void | Promise<void>;
}

/**
 * An object the API server sends with the request's operation (`object` on CREATE and UPDATE, `oldObject` on UPDATE
 * and DELETE); a review without it is denied with the reason.
 */
function sent<T extends object>(object: T | undefined, field: 'object' | 'oldObject', request: AdmissionRequest<T>): T {
  if (object === undefined) throw new Error(`AdmissionReview.request.${field} is missing from a ${request.operation} review`);
  return object;
}

/** The admission handler running a `CustomValidator`. */
export function validatingHandler<T extends object>(validator: CustomValidator<T>): AdmissionHandler<T> {
  return {
    sideEffects: validator.sideEffects ?? 'None',
    async handle(request: AdmissionRequest<T>, context: AdmissionContext): Promise<AdmissionResult> {
      let warnings: Awaited<Warnings>;
      try {
        switch (request.operation) {
          case 'CREATE':
            warnings = await validator.validateCreate?.(sent(request.object, 'object', request), context);
            break;
          case 'UPDATE':
            warnings = await validator.validateUpdate?.(sent(request.oldObject, 'oldObject', request), sent(request.object, 'object', request), context);
            break;
          case 'DELETE':
            warnings = await validator.validateDelete?.(sent(request.oldObject, 'oldObject', request), context);
            break;
          case 'CONNECT':
            break;
        }
      } catch (e) {
        if (thrownInstanceOf(e, AdmissionDenied) || thrownInstanceOf(e, StatusError)) throw e;
        throw new AdmissionDenied(describeThrown(e));
      }
      return allowed(warnings ?? undefined);
    },
  };
}

/** The admission handler running a `CustomDefaulter`: the patch from the request's object to the defaulted copy. */
export function mutatingHandler<T extends object>(defaulter: CustomDefaulter<T>): AdmissionHandler<T> {
  return {
    sideEffects: defaulter.sideEffects ?? 'None',
    async handle(request: AdmissionRequest<T>, context: AdmissionContext): Promise<AdmissionResult> {
      if (request.operation === 'DELETE' || request.operation === 'CONNECT' || !request.object) return allowed();
      const original = jsonView(request.object);
      const copy = cloneJSON(original);
      await defaulter.default(asDeclared<T>(copy), context);
      // as the API server will see it: undefined fields gone, toJSON applied
      const edited: unknown = JSON.parse(JSON.stringify(copy));
      const patch = diffJson(original, edited);
      return patch.length > 0 ? { allowed: true, patch } : allowed();
    },
  };
}
