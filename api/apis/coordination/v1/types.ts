// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, MicroTime, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

export type { ListMeta, MicroTime, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * Lease defines a lease concept.
 * +genclient
 * +kubebuilder:resource:path=leases,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface Lease extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * spec contains the specification of the Lease.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   */
  spec?: LeaseSpec;
}

/**
 * LeaseList is a list of Lease objects.
 * +kubebuilder:object:root=true
 */
export interface LeaseList extends TypeMeta {
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** items is a list of schema objects. */
  items: Lease[];
}

export type CoordinatedLeaseStrategy = string;

/** LeaseSpec is a specification of a Lease. */
export interface LeaseSpec {
  /**
   * holderIdentity contains the identity of the holder of a current lease.
   * If Coordinated Leader Election is used, the holder identity must be
   * equal to the elected LeaseCandidate.metadata.name field.
   */
  holderIdentity?: string;
  /**
   * leaseDurationSeconds is a duration that candidates for a lease need
   * to wait to force acquire it. This is measured against the time of last
   * observed renewTime.
   */
  leaseDurationSeconds?: int32;
  /** acquireTime is a time when the current lease was acquired. */
  acquireTime?: MicroTime;
  /**
   * renewTime is a time when the current holder of a lease has last
   * updated the lease.
   */
  renewTime?: MicroTime;
  /**
   * leaseTransitions is the number of transitions of a lease between
   * holders.
   */
  leaseTransitions?: int32;
  /**
   * strategy indicates the strategy for picking the leader for coordinated leader election.
   * If the field is not specified, there is no active coordination for this lease.
   * (Alpha) Using this field requires the CoordinatedLeaderElection feature gate to be enabled.
   */
  strategy?: CoordinatedLeaseStrategy;
  /**
   * preferredHolder signals to a lease holder that the lease has a
   * more optimal holder and should be given up.
   * This field can only be set if Strategy is also set.
   */
  preferredHolder?: string;
}
