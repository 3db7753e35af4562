/**
 * `coordination.k8s.io/v1` Lease, field for field as `@kubegen/api/coordination/v1` declares it. Declared here
 * because the runtime cannot depend on `@kubegen/api` (which depends on the runtime); the two are checked, not
 * hoped, to be the same: test/unit/runtime/api-types.test.ts asserts at compile time that this Lease and
 * `@kubegen/api`'s are mutually assignable, that `@kubegen/api`'s Lease clients are `LeaseLockClient`s, and at run
 * time that the descriptors are equal. So operators pass `@kubegen/api`'s typed clients and objects unchanged.
 */

import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import type { MicroTime, int32 } from '../meta/types';

export interface LeaseSpec {
  /** The identity of the current holder; `''` once released. */
  holderIdentity?: string;
  leaseDurationSeconds?: int32;
  acquireTime?: MicroTime;
  renewTime?: MicroTime;
  leaseTransitions?: int32;
  /** Coordinated leader election only. */
  strategy?: string;
  /** Coordinated leader election only. */
  preferredHolder?: string;
}

export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}

export type LeaseList = KubeList<Lease>;

/**
 * The verbs of a Lease client a `LeaseLock` uses: what a `TypedClient<Lease, LeaseList>`, a fake's client and
 * `@kubegen/api`'s `CoordinationV1Client.leases(namespace)` (which has no status or scale verbs) all provide.
 */
export type LeaseLockClient = Pick<ResourceClient<Lease, LeaseList>, 'get' | 'create' | 'update'>;

/** The Lease resource (equal to `@kubegen/api/coordination/v1`'s `leaseResource`). */
export const leaseResource: ResourceDescriptor<Lease, LeaseList> = Object.freeze({
  group: 'coordination.k8s.io',
  version: 'v1',
  resource: 'leases',
  kind: 'Lease',
  listKind: 'LeaseList',
  namespaced: true,
});

/** A MicroTime (`2006-01-02T15:04:05.000000Z`, UTC, six fractional digits) of epoch milliseconds. */
export function formatMicroTime(ms: number): string {
  const whole = Math.floor(ms);
  const micros = Math.floor((ms - whole) * 1000);
  const iso = new Date(whole).toISOString(); // …ss.mmmZ
  return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
}

/** Epoch milliseconds of an RFC 3339 time (MicroTime or Time); `undefined` when it does not parse. */
export function parseTime(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) return undefined;
  const base = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(base)) return undefined;
  const frac = m[2] ? Number(`0.${m[2]}`) * 1000 : 0;
  return base + frac;
}
