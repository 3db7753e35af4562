/**
 * `WrittenVersions`: the resourceVersions a manager's clients wrote, so that a controller does not reconcile an object
 * from a cache that has not yet seen the controller's own last write of it — Kubernetes' stale controller mitigation
 * (KEP-5647, per object, as the ReplicaSet, StatefulSet, DaemonSet and Job controllers do since 1.36), on the
 * apiserver's comparable resource versions (KEP-5504).
 *
 * Why: a reconcile that writes its object (a status update) and something it owns (a create) is requeued by the owned
 * object's event while it still runs; the requeue runs as soon as it ends, before the object's own watch event has
 * arrived, and reads the object as it was before the write — a status write from it is a 409 Conflict, another
 * request, a failed reconcile and a backoff (measured: 85% of the objects of `npm run bench -- controller`).
 *
 * Contract:
 * - `track(resource)`: writes of that resource (`resourceId`: group and resource) are recorded from then on, writes of
 *   other resources never are. The builder tracks the typed kind of `for` (unless `waitForOwnWrites: false`);
 * - `record(resource, key, rv)`: a write (create, update, status update, patch, apply) answered with the object at
 *   `rv`; the higher of two versions of one key is kept. `key` is the object's cache key (`namespace/name`, or `name`);
 * - `pending(resource, key, cachedRv)`: whether the cache's copy (`cachedRv`, `undefined` when the cache has none) is
 *   older than the recorded write. A record is dropped once the cache has caught up with it, and ignored and dropped
 *   `maxAgeMs` (default 2 s) after the write: a write whose event the cache never sees (the object left the cache's
 *   selection, or was deleted and its tombstone missed) holds the object's reconciles that long at most;
 * - versions are compared as the decimal integers the apiserver's etcd storage makes them; a version that is not one
 *   (another storage, an aggregated apiserver) is never recorded, so it never holds a reconcile;
 * - records of keys the cache never catches up with expire: the map is swept when it has grown by half since the last
 *   sweep, so it stays bounded by the writes of the last `maxAgeMs`.
 */

import type { Clock } from '../clock/clock';
import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';

/** The identity of a resource in `WrittenVersions`: `<resource>.<group>`. */
export function resourceId(d: Pick<ResourceDescriptor, 'group' | 'resource'>): string {
  return `${d.resource}.${d.group}`;
}

const DECIMAL = /^[1-9][0-9]*$/;

/**
 * Compares two resourceVersions as the decimal integers etcd makes them: negative when `a` is older, 0, positive; or
 * `undefined` when either is not such a number (then they cannot be compared).
 */
export function compareResourceVersions(a: string, b: string): number | undefined {
  if (!DECIMAL.test(a) || !DECIMAL.test(b)) return undefined;
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

interface WriteRecord {
  rv: string;
  at: number;
}

/** See the module doc. */
export class WrittenVersions {
  private readonly tracked = new Set<string>();
  private readonly records = new Map<string, WriteRecord>();
  private sweptAt = 0;

  constructor(
    private readonly clock: Clock,
    readonly maxAgeMs = 2_000,
  ) {}

  /** Records the writes of `resource` from now on. */
  track(resource: string): void {
    this.tracked.add(resource);
  }

  isTracked(resource: string): boolean {
    return this.tracked.has(resource);
  }

  /** The number of records held (for tests and metrics). */
  size(): number {
    return this.records.size;
  }

  record(resource: string, key: string, rv: string | undefined): void {
    if (rv === undefined || !this.tracked.has(resource) || !DECIMAL.test(rv)) return;
    const id = `${resource} ${key}`;
    const prev = this.records.get(id);
    if (prev && (compareResourceVersions(prev.rv, rv) ?? 0) > 0) return;
    this.records.set(id, { rv, at: this.clock.now() });
    if (this.records.size >= Math.max(64, this.sweptAt * 1.5)) this.sweep();
  }

  pending(resource: string, key: string, cachedRv: string | undefined): boolean {
    if (this.records.size === 0) return false;
    const id = `${resource} ${key}`;
    const r = this.records.get(id);
    if (!r) return false;
    if (this.clock.now() - r.at >= this.maxAgeMs || (cachedRv !== undefined && (compareResourceVersions(cachedRv, r.rv) ?? 0) >= 0)) {
      this.records.delete(id);
      return false;
    }
    return true;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [id, r] of this.records) if (now - r.at >= this.maxAgeMs) this.records.delete(id);
    this.sweptAt = this.records.size;
  }
}

/** The methods of a `ResourceClient` that answer the object they wrote. */
const WRITES: ReadonlySet<PropertyKey> = new Set<PropertyKey>(['create', 'update', 'updateStatus', 'patch', 'apply', 'applyStatus']);

/**
 * `client`, recording in `versions` the resourceVersion of every object its writes answer (for a tracked resource;
 * the client itself otherwise).
 */
export function recordingWrites<T extends KubeObject, TList extends KubeList<T>>(
  client: ResourceClient<T, TList>,
  d: Pick<ResourceDescriptor, 'group' | 'resource'>,
  versions: WrittenVersions,
): ResourceClient<T, TList> {
  const resource = resourceId(d);
  if (!versions.isTracked(resource)) return client;
  const seen = (obj: T): T => {
    const m = obj.metadata;
    const name = m?.name;
    if (name !== undefined) versions.record(resource, m?.namespace ? `${m.namespace}/${name}` : name, m?.resourceVersion);
    return obj;
  };
  return new Proxy(client, {
    get(target, prop, receiver): unknown {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (!WRITES.has(prop) || typeof value !== 'function') return value;
      return async (...args: unknown[]): Promise<T> => seen((await Reflect.apply(value, target, args)) as T);
    },
  });
}
