/**
 * The events a watch hands to predicates and event handlers (controller-runtime `pkg/event`): what the informer
 * observed, with the cached objects themselves — never mutate them.
 */

import type { KubeObject } from '../client/types';

export interface CreateEvent<T extends KubeObject = KubeObject> {
  readonly object: T;
  /** True for the objects of the informer's first list (and the replay a late watch receives). */
  readonly isInInitialList: boolean;
}

export interface UpdateEvent<T extends KubeObject = KubeObject> {
  readonly objectOld: T;
  readonly objectNew: T;
}

export interface DeleteEvent<T extends KubeObject = KubeObject> {
  /** The last known state; stale when `deleteStateUnknown`. */
  readonly object: T;
  /** The deletion was noticed by a relist: `object` is the last cached state, not the final one. */
  readonly deleteStateUnknown: boolean;
}

/** An event from outside the cluster (a channel source, a timer): no create/update/delete semantics. */
export interface GenericEvent<T extends KubeObject = KubeObject> {
  readonly object: T;
}
