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

export { formatMicroTime, parseTime } from '../meta/time';
