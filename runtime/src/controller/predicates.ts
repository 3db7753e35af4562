/**
 * Predicates: filters of watch events before they reach an event handler (controller-runtime
 * `pkg/predicate`).
 *
 * Contract:
 * - a predicate has one function per event type; an absent function passes the event (returns true);
 * - `generationChanged`, `labelChanged`, `annotationChanged`, `resourceVersionChanged` filter only updates
 *   (creates, deletes and generic events pass): an update passes iff the field differs between the old and the
 *   new object (maps compared by entries, absent = empty). An update whose old or new object is missing does not
 *   pass and is reported to the logger, as controller-runtime does;
 * - `and` passes iff every predicate passes, `or` iff one does (`and()` passes everything, `or()` nothing), `not`
 *   inverts every function;
 * - a builder's `withEventFilter` predicates run first, then the per-watch predicates; all must pass.
 */

import type { KubeObject } from '../client/types';
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events';
import { defaultLogger, type Logger } from '../log';

export interface Predicate<T extends KubeObject = KubeObject> {
  create?(e: CreateEvent<T>): boolean;
  update?(e: UpdateEvent<T>): boolean;
  delete?(e: DeleteEvent<T>): boolean;
  generic?(e: GenericEvent<T>): boolean;
}

/** Applies `p` to an event of type `type` (absent function → true). */
export function evaluate<T extends KubeObject>(p: Predicate<T>, type: 'create', e: CreateEvent<T>): boolean;
export function evaluate<T extends KubeObject>(p: Predicate<T>, type: 'update', e: UpdateEvent<T>): boolean;
export function evaluate<T extends KubeObject>(p: Predicate<T>, type: 'delete', e: DeleteEvent<T>): boolean;
export function evaluate<T extends KubeObject>(p: Predicate<T>, type: 'generic', e: GenericEvent<T>): boolean;
export function evaluate<T extends KubeObject>(p: Predicate<T>, type: keyof Predicate<T>, e: unknown): boolean {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with `p` as `this` below
  const fn = p[type] as ((e: unknown) => boolean) | undefined;
  return fn ? fn.call(p, e) : true;
}

/** A predicate applying `filter` to the object of every event (the new object of an update). */
export function newPredicateFuncs<T extends KubeObject = KubeObject>(filter: (obj: T) => boolean): Predicate<T> {
  return {
    create: (e) => filter(e.object),
    update: (e) => filter(e.objectNew),
    delete: (e) => filter(e.object),
    generic: (e) => filter(e.object),
  };
}

function mapsEqual(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  const ka = a ? Object.keys(a) : [];
  const kb = b ? Object.keys(b) : [];
  if (ka.length !== kb.length) return false;
  if (a === undefined || b === undefined) return true; // both empty
  for (const k of ka) if (!Object.hasOwn(b, k) || b[k] !== a[k]) return false;
  return true;
}

function updateOnly<T extends KubeObject>(name: string, changed: (oldObj: T, newObj: T) => boolean, log: Logger): Predicate<T> {
  return {
    // a user's code may hand in an event without its objects (controller-runtime checks the same)
    update: (e: { readonly objectOld?: T | null; readonly objectNew?: T | null }) => {
      if (e.objectOld == null) {
        log.error(undefined, 'Update event has no old object to update', { predicate: name, event: e });
        return false;
      }
      if (e.objectNew == null) {
        log.error(undefined, 'Update event has no new object for update', { predicate: name, event: e });
        return false;
      }
      return changed(e.objectOld, e.objectNew);
    },
  };
}

/** Passes updates that change `metadata.generation` (spec changes for kinds with a status subresource). */
export function generationChangedPredicate<T extends KubeObject = KubeObject>(log: Logger = defaultLogger()): Predicate<T> {
  return updateOnly<T>('GenerationChangedPredicate', (o, n) => o.metadata?.generation !== n.metadata?.generation, log);
}

/** Passes updates that change `metadata.labels`. */
export function labelChangedPredicate<T extends KubeObject = KubeObject>(log: Logger = defaultLogger()): Predicate<T> {
  return updateOnly<T>('LabelChangedPredicate', (o, n) => !mapsEqual(o.metadata?.labels, n.metadata?.labels), log);
}

/** Passes updates that change `metadata.annotations`. */
export function annotationChangedPredicate<T extends KubeObject = KubeObject>(log: Logger = defaultLogger()): Predicate<T> {
  return updateOnly<T>('AnnotationChangedPredicate', (o, n) => !mapsEqual(o.metadata?.annotations, n.metadata?.annotations), log);
}

/** Passes updates that change `metadata.resourceVersion` (drops resyncs). */
export function resourceVersionChangedPredicate<T extends KubeObject = KubeObject>(log: Logger = defaultLogger()): Predicate<T> {
  return updateOnly<T>('ResourceVersionChangedPredicate', (o, n) => o.metadata?.resourceVersion !== n.metadata?.resourceVersion, log);
}

/** Passes an object whose labels match `selector` (an equality map). */
export function labelSelectorPredicate<T extends KubeObject = KubeObject>(matchLabels: Readonly<Record<string, string>>): Predicate<T> {
  const want = Object.entries(matchLabels);
  return newPredicateFuncs<T>((obj) => {
    const labels = obj.metadata?.labels ?? {};
    return want.every(([k, v]) => Object.hasOwn(labels, k) && labels[k] === v);
  });
}

/** Passes iff every predicate passes. */
export function and<T extends KubeObject = KubeObject>(...ps: Predicate<T>[]): Predicate<T> {
  return {
    create: (e) => ps.every((p) => evaluate(p, 'create', e)),
    update: (e) => ps.every((p) => evaluate(p, 'update', e)),
    delete: (e) => ps.every((p) => evaluate(p, 'delete', e)),
    generic: (e) => ps.every((p) => evaluate(p, 'generic', e)),
  };
}

/** Passes iff one predicate passes. */
export function or<T extends KubeObject = KubeObject>(...ps: Predicate<T>[]): Predicate<T> {
  return {
    create: (e) => ps.some((p) => evaluate(p, 'create', e)),
    update: (e) => ps.some((p) => evaluate(p, 'update', e)),
    delete: (e) => ps.some((p) => evaluate(p, 'delete', e)),
    generic: (e) => ps.some((p) => evaluate(p, 'generic', e)),
  };
}

/** Inverts every function of `p` (an absent function, which passes, becomes one that rejects). */
export function not<T extends KubeObject = KubeObject>(p: Predicate<T>): Predicate<T> {
  return {
    create: (e) => !evaluate(p, 'create', e),
    update: (e) => !evaluate(p, 'update', e),
    delete: (e) => !evaluate(p, 'delete', e),
    generic: (e) => !evaluate(p, 'generic', e),
  };
}
