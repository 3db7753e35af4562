/**
 * Event handlers: turn watch events into reconcile requests (controller-runtime `pkg/handler`).
 *
 * Contract:
 * - a handler has one function per event type; an absent function enqueues nothing;
 * - `enqueueRequestForObject()` enqueues the object itself (what `for()` uses);
 * - `enqueueRequestForOwner(owner, { onlyController })` enqueues the owners named by the object's
 *   `metadata.ownerReferences` whose group and kind are the owner's (the version is ignored, as upstream); with
 *   `onlyController` (what `owns()` uses) only the reference with `controller: true`. A namespaced owner is looked
 *   up in the object's namespace; a cluster-scoped owner without one. Updates enqueue the owners of the old and
 *   of the new object (an object that changed owners reconciles both);
 * - `enqueueRequestsFromMapFunc(fn)` enqueues what `fn` returns for the object (old and new object for
 *   updates; duplicates are merged by the queue);
 * - every handler enqueues with `eventPriority`: initial-list creates and resyncs at low priority;
 * - handlers must not mutate the objects.
 */

import type { KubeObject, ResourceDescriptor } from '../client/types';
import type { OwnerReference } from '../meta/types';
import { groupOfApiVersion } from '../meta/groupversion';
import type { CreateEvent, DeleteEvent, GenericEvent, UpdateEvent } from './events';
import { LOW_PRIORITY } from './priorityqueue';
import type { Request } from './reconcile';

export { groupOfApiVersion };

/** The queue as handlers see it; `priority` defaults to 0 (see `priorityqueue.ts`). */
export interface RequestQueue {
  add(req: Request, priority?: number): void;
  addAfter(req: Request, ms: number, priority?: number): void;
  addRateLimited(req: Request, priority?: number): void;
}

/**
 * The priority of an event's requests (controller-runtime's `WithLowPriorityWhenUnchanged`): `LOW_PRIORITY` for a
 * create from the initial list and for an update that kept the resourceVersion (a resync), else 0.
 */
export function eventPriority(e: { isInInitialList?: boolean; objectOld?: KubeObject; objectNew?: KubeObject }): number {
  if (e.isInInitialList) return LOW_PRIORITY;
  if (e.objectOld && e.objectNew && e.objectOld.metadata?.resourceVersion === e.objectNew.metadata?.resourceVersion) return LOW_PRIORITY;
  return 0;
}

export interface EventHandler<T extends KubeObject = KubeObject> {
  create?(e: CreateEvent<T>, q: RequestQueue): void;
  update?(e: UpdateEvent<T>, q: RequestQueue): void;
  delete?(e: DeleteEvent<T>, q: RequestQueue): void;
  generic?(e: GenericEvent<T>, q: RequestQueue): void;
}

function requestOf(obj: KubeObject): Request | undefined {
  const name = obj.metadata?.name;
  if (!name) return undefined;
  return { namespace: obj.metadata?.namespace ?? '', name };
}

/** Enqueues the object of the event (controller-runtime's `EnqueueRequestForObject`). */
export function enqueueRequestForObject<T extends KubeObject = KubeObject>(): EventHandler<T> {
  const enqueue = (obj: T, q: RequestQueue, priority: number): void => {
    const r = requestOf(obj);
    if (r) q.add(r, priority);
  };
  return {
    create: (e, q) => { enqueue(e.object, q, eventPriority(e)); },
    update: (e, q) => { enqueue(e.objectNew, q, eventPriority(e)); },
    delete: (e, q) => { enqueue(e.object, q, 0); },
    generic: (e, q) => { enqueue(e.object, q, 0); },
  };
}

export interface EnqueueForOwnerOptions {
  /** Only the controller reference (`controller: true`); default false (every matching reference). */
  onlyController?: boolean;
}

/** Enqueues the owners of the object of the given kind; see the module doc. */
export function enqueueRequestForOwner<T extends KubeObject = KubeObject>(
  owner: Pick<ResourceDescriptor, 'group' | 'kind' | 'namespaced'>,
  opts: EnqueueForOwnerOptions = {},
): EventHandler<T> {
  const owners = (obj: T, out: Map<string, Request>): void => {
    // the object's JSON as a server or a user handed it: a reference may be null there (checked field by field below)
    const refs: ReadonlyArray<OwnerReference | null | undefined> = obj.metadata?.ownerReferences ?? [];
    for (const ref of refs) {
      if (typeof ref?.apiVersion !== 'string' || ref.kind !== owner.kind || groupOfApiVersion(ref.apiVersion) !== owner.group) continue;
      if (opts.onlyController && ref.controller !== true) continue;
      if (!ref.name) continue;
      const namespace = owner.namespaced ? (obj.metadata?.namespace ?? '') : '';
      out.set(`${namespace}/${ref.name}`, { namespace, name: ref.name });
    }
  };
  return enqueueMapped(owners);
}

/** Maps an object to the requests it should trigger. */
export type MapFunc<T extends KubeObject = KubeObject> = (obj: T) => readonly Request[];

/** Enqueues what `fn` returns (controller-runtime's `EnqueueRequestsFromMapFunc`); see the module doc. */
export function enqueueRequestsFromMapFunc<T extends KubeObject = KubeObject>(fn: MapFunc<T>): EventHandler<T> {
  return enqueueMapped<T>((o, out) => {
    for (const r of fn(o)) out.set(`${r.namespace}/${r.name}`, r);
  });
}

/**
 * A handler enqueueing the requests `requests` adds (keyed `namespace/name`) for the event's objects — both of an
 * update, each request once — at the event's priority for creates and updates, the default for deletes and generic.
 */
function enqueueMapped<T extends KubeObject>(requests: (obj: T, out: Map<string, Request>) => void): EventHandler<T> {
  const enqueue = (q: RequestQueue, priority: number, ...objs: T[]): void => {
    const out = new Map<string, Request>();
    for (const o of objs) requests(o, out);
    for (const r of out.values()) q.add(r, priority);
  };
  return {
    create: (e, q) => { enqueue(q, eventPriority(e), e.object); },
    update: (e, q) => { enqueue(q, eventPriority(e), e.objectOld, e.objectNew); },
    delete: (e, q) => { enqueue(q, 0, e.object); },
    generic: (e, q) => { enqueue(q, 0, e.object); },
  };
}
