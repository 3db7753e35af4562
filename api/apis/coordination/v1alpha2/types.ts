// Imported by kubegen import; edit freely: this is now API source.

import type { ListMeta, MicroTime, ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { CoordinatedLeaseStrategy } from '../v1/types.js';

export type { ListMeta, MicroTime, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * LeaseCandidate defines a candidate for a Lease object.
 * Candidates are created such that coordinated leader election will pick the best leader from the list of candidates.
 * +genclient
 * +kubebuilder:resource:path=leasecandidates,scope=Namespaced
 * +kubebuilder:object:root=true
 */
export interface LeaseCandidate extends TypeMeta {
  /**
   * metadata is the standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /**
   * spec contains the specification of the Lease.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#spec-and-status
   * +required
   */
  spec?: LeaseCandidateSpec;
}

/**
 * LeaseCandidateList is a list of Lease objects.
 * +kubebuilder:object:root=true
 */
export interface LeaseCandidateList extends TypeMeta {
  /**
   * Standard list metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** items is a list of schema objects. */
  items: LeaseCandidate[];
}

/** LeaseCandidateSpec is a specification of a Lease. */
export interface LeaseCandidateSpec {
  /**
   * leaseName is the name of the lease for which this candidate is contending.
   * This field is immutable.
   */
  leaseName: string;
  /**
   * pingTime is the last time that the server has requested the LeaseCandidate
   * to renew. It is only done during leader election to check if any
   * LeaseCandidates have become ineligible. When PingTime is updated, the
   * LeaseCandidate will respond by updating RenewTime.
   */
  pingTime?: MicroTime;
  /**
   * renewTime is the time that the LeaseCandidate was last updated.
   * Any time a Lease needs to do leader election, the PingTime field
   * is updated to signal to the LeaseCandidate that they should update
   * the RenewTime.
   * Old LeaseCandidate objects are also garbage collected if it has been hours
   * since the last renew. The PingTime field is updated regularly to prevent
   * garbage collection for still active LeaseCandidates.
   */
  renewTime?: MicroTime;
  /**
   * binaryVersion is the binary version. It must be in a semver format without leading `v`.
   * This field is required.
   */
  binaryVersion: string;
  /**
   * emulationVersion is the emulation version. It must be in a semver format without leading `v`.
   * EmulationVersion must be less than or equal to BinaryVersion.
   * This field is required when strategy is "OldestEmulationVersion"
   */
  emulationVersion?: string;
  /**
   * strategy is the strategy that coordinated leader election will use for picking the leader.
   * If multiple candidates for the same Lease return different strategies, the strategy provided
   * by the candidate with the latest BinaryVersion will be used. If there is still conflict,
   * this is a user error and coordinated leader election will not operate the Lease until resolved.
   * +required
   */
  strategy?: CoordinatedLeaseStrategy;
}
