/**
 * The vocabulary of an operator (controller-runtime `pkg/controller/controllerutil`, `pkg/client`).
 *
 * Contract:
 * - `setControllerReference(owner, object, ownerKind?)` (`ownerKind`: the owner's descriptor, whose type must be the
 *   owner's; needed when the owner carries no `apiVersion` and `kind`) adds (or replaces) the owner reference with
 *   `controller: true` and `blockOwnerDeletion: true`; it refuses an object controlled by another owner
 *   (`Object ns/name is already owned by another Kind controller name`), a namespaced owner of a
 *   cluster-scoped object (`cluster-scoped resource must not have a namespace-scoped owner, owner's namespace X`)
 *   and an owner in another namespace (`cross-namespace owner references are disallowed, owner's namespace X,
 *   obj's namespace Y`). `setOwnerReference` adds one without the flags. Both upsert by (group, kind, name) —
 *   version and uid are ignored — so `setOwnerReference` after `setControllerReference` for the same owner drops
 *   `controller: true`, as upstream. They mutate `object` and throw on refusal;
 * - `addFinalizer` / `removeFinalizer` (every occurrence) mutate and return whether they changed anything;
 *   `ensureFinalizer` / `ensureFinalizerRemoved` do it on the server, correct against the server's state: they
 *   write with the given copy's resourceVersion (on a 409 they read the object again and retry, client-go's
 *   `DefaultRetry`), and answer "nothing to do" only from a copy they read from the server;
 * - `createOrUpdate(client, object, mutate)`: GET; NotFound → mutate, create → `created`; else mutate the read
 *   object, and update only when it changed semantically (`semanticDeepEqual`) → `updated`, else `unchanged`.
 *   `createOrPatch` sends JSON merge patches instead: one for everything but `status`, one for the status
 *   subresource → `updated`, `updatedStatus`, `updatedStatusOnly`. Renaming in `mutate` throws
 *   `MutateFn cannot mutate object name and/or object namespace`;
 * - `ignoreNotFound(err)` returns for NotFound and rethrows everything else (for `.catch`).
 */

import { withTypeMeta } from '../client/typed';
import type { ApplyConfiguration, KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import { isNotFound } from '../errors/errors';
import { DefaultRetry, retryOnConflict, type Backoff, type RetryHooks } from '../errors/retry';
import type { OwnerReference } from '../meta/types';
import { groupOfApiVersion } from '../meta/groupversion';
import { cloneJSON } from '../meta/json';
import { createMergePatch, type JsonValue } from './patch';
import { semanticDeepEqual } from './equality';

/** The result of `createOrUpdate` / `createOrPatch` (controller-runtime's `OperationResult`). */
export type OperationResult = 'unchanged' | 'created' | 'updated' | 'updatedStatus' | 'updatedStatusOnly';

/** `setControllerReference` found another controller. */
export class AlreadyOwnedError extends Error {
  override readonly name = 'AlreadyOwnedError';
  constructor(
    readonly object: KubeObject,
    readonly owner: OwnerReference,
  ) {
    super(`Object ${object.metadata?.namespace ?? ''}/${object.metadata?.name ?? ''} is already owned by another ${owner.kind} controller ${owner.name}`);
  }
}

function validateOwner(owner: KubeObject, object: KubeObject): void {
  const ownerNs = owner.metadata?.namespace ?? '';
  if (ownerNs === '') return;
  const objNs = object.metadata?.namespace ?? '';
  if (objNs === '') throw new Error(`cluster-scoped resource must not have a namespace-scoped owner, owner's namespace ${ownerNs}`);
  if (ownerNs !== objNs) throw new Error(`cross-namespace owner references are disallowed, owner's namespace ${ownerNs}, obj's namespace ${objNs}`);
}

/**
 * The kind of an owner `O`: its descriptor, or any object with its group, version and kind. A descriptor of another
 * type than the owner's does not compile (its phantom `'~types'` is kept).
 */
export type OwnerKind<O extends KubeObject = KubeObject> = Pick<ResourceDescriptor<O, KubeList<O>>, 'group' | 'version' | 'kind' | '~types'>;

function ownerTypeMeta(owner: KubeObject, kind?: OwnerKind): { apiVersion: string; kind: string } {
  if (kind) return withTypeMeta(kind, { apiVersion: owner.apiVersion, kind: owner.kind });
  if (!owner.apiVersion || !owner.kind) {
    throw new Error(`the owner ${owner.metadata?.namespace ?? ''}/${owner.metadata?.name ?? ''} has no apiVersion and kind: pass its descriptor`);
  }
  return { apiVersion: owner.apiVersion, kind: owner.kind };
}

function sameObject(a: OwnerReference, b: OwnerReference): boolean {
  return groupOfApiVersion(a.apiVersion) === groupOfApiVersion(b.apiVersion) && a.kind === b.kind && a.name === b.name;
}

function upsertOwnerRef(ref: OwnerReference, object: KubeObject): void {
  object.metadata ??= {};
  const owners = [...(object.metadata.ownerReferences ?? [])];
  const i = owners.findIndex((o) => sameObject(o, ref));
  if (i < 0) owners.push(ref);
  else owners[i] = ref;
  object.metadata.ownerReferences = owners;
}

function ownerRef(owner: KubeObject, kind?: OwnerKind): OwnerReference {
  const tm = ownerTypeMeta(owner, kind);
  return { apiVersion: tm.apiVersion, kind: tm.kind, name: owner.metadata?.name ?? '', uid: owner.metadata?.uid ?? '' };
}

/** The reference with `controller: true`, if any (metav1.GetControllerOf). */
export function getControllerOf(object: KubeObject): OwnerReference | undefined {
  return object.metadata?.ownerReferences?.find((r) => r.controller === true);
}

/** Makes `owner` the controller of `object`; see the module doc. */
export function setControllerReference<O extends KubeObject>(owner: O, object: KubeObject, ownerKind?: OwnerKind<O>): void {
  validateOwner(owner, object);
  const ref: OwnerReference = { ...ownerRef(owner, ownerKind), blockOwnerDeletion: true, controller: true };
  const existing = getControllerOf(object);
  if (existing && !sameObject(existing, ref)) throw new AlreadyOwnedError(object, existing);
  upsertOwnerRef(ref, object);
}

/** Adds `owner` as a (non-controller) owner of `object`; see the module doc. */
export function setOwnerReference<O extends KubeObject>(owner: O, object: KubeObject, ownerKind?: OwnerKind<O>): void {
  validateOwner(owner, object);
  upsertOwnerRef(ownerRef(owner, ownerKind), object);
}

/** Whether `object` has an owner reference to `owner` (by group, kind and name). */
export function hasOwnerReference<O extends KubeObject>(owner: O, object: KubeObject, ownerKind?: OwnerKind<O>): boolean {
  const ref = ownerRef(owner, ownerKind);
  return (object.metadata?.ownerReferences ?? []).some((o) => sameObject(o, ref));
}

/** Whether `object` lists `finalizer`. */
export function containsFinalizer(object: KubeObject, finalizer: string): boolean {
  return (object.metadata?.finalizers ?? []).includes(finalizer);
}

/** Adds `finalizer` unless present; returns whether it changed `object`. */
export function addFinalizer(object: KubeObject, finalizer: string): boolean {
  if (containsFinalizer(object, finalizer)) return false;
  object.metadata ??= {};
  object.metadata.finalizers = [...(object.metadata.finalizers ?? []), finalizer];
  return true;
}

/** Removes every occurrence of `finalizer`; returns whether it changed `object`. */
export function removeFinalizer(object: KubeObject, finalizer: string): boolean {
  const metadata = object.metadata;
  const before = metadata?.finalizers ?? [];
  const after = before.filter((f) => f !== finalizer);
  if (metadata === undefined || after.length === before.length) return false;
  metadata.finalizers = after;
  return true;
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** Default client-go's `DefaultRetry` (5 attempts, 10 ms apart). */
  backoff?: Backoff;
  /** For tests: the sleep between attempts. */
  sleep?: RetryHooks['sleep'];
}

function objectName(object: KubeObject): string {
  const name = object.metadata?.name;
  if (!name) throw new TypeError('the object has no metadata.name');
  return name;
}

/**
 * Makes `change` hold on the server's copy of `object`, with optimistic concurrency (see `ensureFinalizer`). The given
 * copy is used only to WRITE, never to conclude that nothing needs writing: an update carries its resourceVersion, so
 * the server refuses a stale one (409), while "already so" read from a stale copy would be a guess.
 */
async function updateRetrying<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  change: (o: T) => boolean,
  opts: RetryOptions,
): Promise<{ changed: boolean; object: T }> {
  const name = objectName(object);
  const call = opts.signal ? { signal: opts.signal } : {};
  // without a resourceVersion an update would overwrite whatever the server has: read first
  let given: T | undefined = object.metadata?.resourceVersion ? object : undefined;
  return retryOnConflict(
    opts.backoff ?? DefaultRetry,
    async () => {
      if (given) {
        const o: T = cloneJSON(given);
        given = undefined; // a retry reads the object again
        if (change(o)) return { changed: true, object: await client.update(o, call) };
        // the given copy has it already, but it may be stale (an informer's copy lags the server): ask the server
      }
      const o = await client.get(name, call);
      if (!change(o)) return { changed: false, object: o };
      return { changed: true, object: await client.update(o, call) };
    },
    { ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.sleep ? { sleep: opts.sleep } : {}) },
  );
}

/**
 * Adds `finalizer` to the object on the server; `object` (e.g. an informer's copy) is not mutated.
 *
 * Contract — correct against the server's state, not the given copy's:
 * - `changed: true`: an update added it; `object` is the server's answer. The update carries the given copy's
 *   resourceVersion, so a stale copy gets 409 Conflict, and then the object is read again and the change retried
 *   (client-go's `DefaultRetry`: 5 attempts); the last Conflict is thrown when they run out;
 * - `changed: false`: the server's copy, read by this call, already has it; `object` is that copy. A given copy
 *   that already lists the finalizer is never taken at its word (it may be stale: the server may have lost the
 *   finalizer since), so that case costs one GET. Check `containsFinalizer` on the cached copy first to skip the
 *   call entirely, as controller-runtime's `if AddFinalizer(obj) { Update(obj) }` does, when a stale "present"
 *   may wait for the next reconcile;
 * - a copy without a resourceVersion is read first (an update without one would overwrite the server's copy);
 * - errors other than Conflict (NotFound included) are thrown.
 */
export function ensureFinalizer<T extends KubeObject>(client: ResourceClient<T, KubeList<T>>, object: T, finalizer: string, opts: RetryOptions = {}): Promise<{ changed: boolean; object: T }> {
  return updateRetrying(client, object, (o) => addFinalizer(o, finalizer), opts);
}

/**
 * Removes every occurrence of `finalizer` from the object on the server, with `ensureFinalizer`'s contract:
 * `changed: true` after an update that removed it (the server may then delete the object), `changed: false` when
 * the server's copy, read by this call, does not list it — a given copy that lacks it is never taken at its word.
 * NotFound (the object is gone, so is its finalizer) is `{ changed: false, object: undefined }`.
 */
export async function ensureFinalizerRemoved<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  finalizer: string,
  opts: RetryOptions = {},
): Promise<{ changed: boolean; object: T | undefined }> {
  try {
    return await updateRetrying(client, object, (o) => removeFinalizer(o, finalizer), opts);
  } catch (err) {
    if (isNotFound(err)) return { changed: false, object: undefined };
    throw err;
  }
}

/** Changes the desired state of an object in place. */
export type MutateFn<T> = (object: T) => void | Promise<void>;

function keyOf(o: KubeObject): string {
  return `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}

async function mutate<T extends KubeObject>(fn: MutateFn<T>, key: string, object: T): Promise<void> {
  await fn(object);
  if (keyOf(object) !== key) throw new Error('MutateFn cannot mutate object name and/or object namespace');
}

/**
 * Creates `object` or updates the existing one so that `mutate` holds; see the module doc. `object` names the
 * object (and is the base of a create); `mutate` receives the object to change (the server's copy when it
 * exists). Returns the result and the server's answer (or the read object when unchanged).
 */
export async function createOrUpdate<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  fn: MutateFn<T>,
  opts: { signal?: AbortSignal } = {},
): Promise<{ result: OperationResult; object: T }> {
  const call = opts.signal ? { signal: opts.signal } : {};
  const read = await getOrCreate(client, object, fn, call);
  if ('created' in read) return { result: 'created', object: read.created };
  const { existing, desired } = read;
  if (semanticDeepEqual(existing, desired)) return { result: 'unchanged', object: existing };
  return { result: 'updated', object: await client.update(desired, call) };
}

/**
 * The first step of `createOrUpdate` and `createOrPatch`: reads the object; when it does not exist, creates a
 * mutated copy of `object` (`created`: the server's answer); else returns the server's copy and a mutated copy of it.
 */
async function getOrCreate<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  fn: MutateFn<T>,
  call: { signal?: AbortSignal },
): Promise<{ created: T } | { existing: T; desired: T }> {
  const key = keyOf(object);
  let existing: T;
  try {
    existing = await client.get(objectName(object), call);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    const fresh = cloneJSON(object);
    await mutate(fn, key, fresh);
    return { created: await client.create(fresh, call) };
  }
  const desired = cloneJSON(existing);
  await mutate(fn, key, desired);
  return { existing, desired };
}

function withoutStatus(o: KubeObject): { rest: Record<string, unknown>; status: unknown; has: boolean } {
  const { status, ...rest } = o as KubeObject & { status?: unknown };
  return { rest, status, has: Object.hasOwn(o, 'status') && status !== undefined };
}

/**
 * Creates `object` or patches the existing one so that `mutate` holds, with separate merge patches for the
 * object and its status subresource; see the module doc.
 */
export async function createOrPatch<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  fn: MutateFn<T>,
  opts: { signal?: AbortSignal } = {},
): Promise<{ result: OperationResult; object: T }> {
  const name = objectName(object);
  const call = opts.signal ? { signal: opts.signal } : {};
  const read = await getOrCreate(client, object, fn, call);
  if ('created' in read) return { result: 'created', object: read.created };
  const { existing, desired } = read;
  const before = withoutStatus(existing);
  const after = withoutStatus(desired);
  let result: OperationResult = 'unchanged';
  let current = existing;
  const patch = createMergePatch(before.rest as JsonValue, after.rest as JsonValue);
  if (patch !== undefined) {
    current = await client.patch(name, 'application/merge-patch+json', JSON.stringify(patch), call);
    result = 'updated';
  }
  if ((before.has || after.has) && !isJsonEqual(before.status, after.status)) {
    const statusPatch = createMergePatch((before.status ?? null) as JsonValue, (after.status ?? null) as JsonValue);
    current = await client.patch(name, 'application/merge-patch+json', JSON.stringify({ status: statusPatch === undefined ? null : statusPatch }), call, 'status');
    result = result === 'updated' ? 'updatedStatus' : 'updatedStatusOnly';
  }
  return { result, object: current };
}

function isJsonEqual(a: unknown, b: unknown): boolean {
  return createMergePatch((a ?? null) as JsonValue, (b ?? null) as JsonValue) === undefined;
}

/** Returns for a NotFound error, rethrows any other: `await client.delete(name).catch(ignoreNotFound)`. */
export function ignoreNotFound(err: unknown): void {
  if (!isNotFound(err)) throw err;
}

/**
 * Server-side apply of a typed object (`fieldManager` owns every field it sets): the server-populated metadata
 * (`resourceVersion`, `uid`, `generation`, `creationTimestamp`, `deletionTimestamp`, `managedFields`,
 * `selfLink`) and `status` are dropped first, so a read-modify-apply does not claim them. `force` defaults to
 * true, as controllers should own their fields.
 */
export function applyObject<T extends KubeObject>(
  client: ResourceClient<T, KubeList<T>>,
  object: T,
  fieldManager: string,
  opts: { force?: boolean; signal?: AbortSignal } = {},
): Promise<T> {
  const { status: _status, ...rest } = cloneJSON(object) as T & { status?: unknown };
  const m = { ...(rest.metadata ?? {}) };
  for (const k of ['resourceVersion', 'uid', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink'] as const) delete m[k];
  if (!m.name) throw new TypeError('applyObject: metadata.name is required');
  const config = { ...rest, metadata: m } as unknown as ApplyConfiguration<T>; // cast-ok: T's fields minus server-owned metadata are an apply configuration of T
  return client.apply(config, { fieldManager, force: opts.force ?? true, ...(opts.signal ? { signal: opts.signal } : {}) });
}
