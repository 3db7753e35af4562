/**
 * Status condition helpers equal to apimachinery's `pkg/api/meta/conditions.go`.
 *
 * Contract:
 * - `setStatusCondition(conditions, condition, now?)` mutates `conditions`: a new type is appended with the
 *   given `lastTransitionTime` or now; for an existing type `lastTransitionTime` changes ONLY when `status`
 *   changes (to the given time, or now), while `reason`, `message` and `observedGeneration` are overwritten.
 *   Returns whether anything changed; `undefined` conditions → false (Go's nil slice pointer);
 * - `removeStatusCondition` removes the type and returns whether it was there; `findStatusCondition` returns
 *   the condition itself (mutable), or `undefined`;
 * - `isStatusConditionTrue` / `False` / `PresentAndEqual` compare `status`;
 * - times are `metav1.Time`: RFC 3339 in UTC with whole seconds (`2006-01-02T15:04:05Z`).
 */

import type { Condition, ConditionStatus } from '../meta/conditions';
import { formatTime } from '../meta/time';

export { formatTime };

/** A condition to set: `lastTransitionTime` may be left out (now is used). */
export type ConditionInput = Omit<Condition, 'lastTransitionTime'> & { lastTransitionTime?: string };

/** See the module doc. `now` gives epoch milliseconds (default `Date.now`). */
export function setStatusCondition(conditions: Condition[] | null | undefined, condition: ConditionInput, now: () => number = Date.now): boolean {
  if (conditions === undefined || conditions === null) return false;
  const existing = findStatusCondition(conditions, condition.type);
  if (!existing) {
    conditions.push({ ...condition, lastTransitionTime: condition.lastTransitionTime || formatTime(now()) });
    return true;
  }
  let changed = false;
  if (existing.status !== condition.status) {
    existing.status = condition.status;
    existing.lastTransitionTime = condition.lastTransitionTime || formatTime(now());
    changed = true;
  }
  if (existing.reason !== condition.reason) {
    existing.reason = condition.reason;
    changed = true;
  }
  if (existing.message !== condition.message) {
    existing.message = condition.message;
    changed = true;
  }
  if ((existing.observedGeneration ?? 0) !== (condition.observedGeneration ?? 0)) {
    if (condition.observedGeneration === undefined) delete existing.observedGeneration;
    else existing.observedGeneration = condition.observedGeneration;
    changed = true;
  }
  return changed;
}

/** Removes the condition of `type`; returns whether it was present. */
export function removeStatusCondition(conditions: Condition[] | undefined, type: string): boolean {
  if (!conditions) return false;
  const i = conditions.findIndex((c) => c.type === type);
  if (i < 0) return false;
  conditions.splice(i, 1);
  return true;
}

/** The condition of `type`, or `undefined`. */
export function findStatusCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** Whether the condition of `type` is present with `status`. */
export function isStatusConditionPresentAndEqual(conditions: readonly Condition[] | undefined, type: string, status: ConditionStatus): boolean {
  return findStatusCondition(conditions, type)?.status === status;
}

export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, 'True');
}

export function isStatusConditionFalse(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, 'False');
}
