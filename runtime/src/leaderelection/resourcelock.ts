/**
 * Resource locks of leader election (client-go `tools/leaderelection/resourcelock`): the record a candidate
 * writes, and the Lease lock that stores it.
 *
 * Contract of a `ResourceLock`:
 * - `get` returns the stored record and its canonical JSON (`raw`, compared byte for byte to notice changes);
 *   it throws the API error (NotFound when there is no lock object yet);
 * - `create` / `update` write a record; `update` is conditional on the object last read or written (409 when
 *   someone else wrote in between) and needs a prior `get` or `create`;
 * - `recordEvent` reports `<identity> <message>` as an event on the lock object (when a recorder is set): type
 *   `Normal`, reason `LeaderElection`, action the message in CamelCase (`BecameLeader`, `StoppedLeading`).
 */

import { formatMicroTime, leaseResource, parseTime, type Lease, type LeaseLockClient } from './lease';

/** What a candidate writes (times in epoch milliseconds). */
export interface LeaderElectionRecord {
  /** `''` when nobody holds the lock. */
  holderIdentity: string;
  leaseDurationSeconds: number;
  acquireTime: number | undefined;
  renewTime: number | undefined;
  leaderTransitions: number;
}

/** Where events about the lock go (an events.k8s.io recorder fits). */
export interface LockEventRecorder {
  eventf(regarding: Lease, related: undefined, type: 'Normal' | 'Warning', reason: string, action: string, note: string): void;
}

export interface ResourceLock {
  get(signal?: AbortSignal): Promise<{ record: LeaderElectionRecord; raw: string }>;
  create(record: LeaderElectionRecord, signal?: AbortSignal): Promise<void>;
  update(record: LeaderElectionRecord, signal?: AbortSignal): Promise<void>;
  recordEvent(message: string): void;
  identity(): string;
  /** `<namespace>/<name>`. */
  describe(): string;
}

/** The canonical JSON of a record (field order fixed), as `get` returns it. */
export function recordJson(r: LeaderElectionRecord): string {
  return JSON.stringify({
    holderIdentity: r.holderIdentity,
    leaseDurationSeconds: r.leaseDurationSeconds,
    acquireTime: r.acquireTime === undefined ? null : formatMicroTime(r.acquireTime),
    renewTime: r.renewTime === undefined ? null : formatMicroTime(r.renewTime),
    leaderTransitions: r.leaderTransitions,
  });
}

/** The record a Lease's spec holds. */
export function leaseSpecToRecord(lease: Lease): LeaderElectionRecord {
  const s = lease.spec ?? {};
  return {
    holderIdentity: typeof s.holderIdentity === 'string' ? s.holderIdentity : '',
    leaseDurationSeconds: typeof s.leaseDurationSeconds === 'number' ? s.leaseDurationSeconds : 0,
    acquireTime: parseTime(s.acquireTime),
    renewTime: parseTime(s.renewTime),
    leaderTransitions: typeof s.leaseTransitions === 'number' ? s.leaseTransitions : 0,
  };
}

/** The Lease spec of a record: `holderIdentity` is always written, even `''`. */
export function recordToLeaseSpec(r: LeaderElectionRecord): NonNullable<Lease['spec']> {
  return {
    holderIdentity: r.holderIdentity,
    leaseDurationSeconds: r.leaseDurationSeconds,
    ...(r.acquireTime !== undefined ? { acquireTime: formatMicroTime(r.acquireTime) } : {}),
    ...(r.renewTime !== undefined ? { renewTime: formatMicroTime(r.renewTime) } : {}),
    leaseTransitions: r.leaderTransitions,
  };
}

export interface LeaseLockOptions {
  /** A Lease client of the lock's namespace (`TypedClient`, a fake client, or `@kubegen/api`'s `leases(namespace)`). */
  client: LeaseLockClient;
  namespace: string;
  name: string;
  identity: string;
  /** Labels merged into the Lease on every write. */
  labels?: Readonly<Record<string, string>>;
  eventRecorder?: LockEventRecorder;
}

/** A lock stored in a `coordination.k8s.io/v1` Lease (client-go's `LeaseLock`). */
export class LeaseLock implements ResourceLock {
  private lease: Lease | undefined;

  constructor(private readonly opts: LeaseLockOptions) {}

  async get(signal?: AbortSignal): Promise<{ record: LeaderElectionRecord; raw: string }> {
    const lease = await this.opts.client.get(this.opts.name, signal ? { signal } : {});
    this.lease = lease;
    const record = leaseSpecToRecord(lease);
    return { record, raw: recordJson(record) };
  }

  async create(record: LeaderElectionRecord, signal?: AbortSignal): Promise<void> {
    const lease: Lease = {
      apiVersion: `${leaseResource.group}/${leaseResource.version}`,
      kind: leaseResource.kind,
      metadata: { name: this.opts.name, namespace: this.opts.namespace, ...(this.opts.labels ? { labels: { ...this.opts.labels } } : {}) },
      spec: recordToLeaseSpec(record),
    };
    this.lease = await this.opts.client.create(lease, signal ? { signal } : {});
  }

  async update(record: LeaderElectionRecord, signal?: AbortSignal): Promise<void> {
    if (!this.lease) throw new Error('lease not initialized, call get or create first');
    const metadata = { ...this.lease.metadata };
    if (this.opts.labels) metadata.labels = { ...metadata.labels, ...this.opts.labels };
    const next: Lease = { ...this.lease, metadata, spec: recordToLeaseSpec(record) };
    this.lease = await this.opts.client.update(next, signal ? { signal } : {});
  }

  recordEvent(message: string): void {
    const rec = this.opts.eventRecorder;
    if (!rec || !this.lease) return;
    // client-go records these with a core/v1 recorder, where two messages are two events; an events.k8s.io
    // series ignores the note, so the action tells the transitions apart (`BecameLeader`, `StoppedLeading`)
    const action = message.replace(/(^|\s)(\w)/g, (_m, _s: string, c: string) => c.toUpperCase());
    rec.eventf(this.lease, undefined, 'Normal', 'LeaderElection', action, `${this.opts.identity} ${message}`);
  }

  identity(): string {
    return this.opts.identity;
  }

  describe(): string {
    return `${this.opts.namespace}/${this.opts.name}`;
  }
}
