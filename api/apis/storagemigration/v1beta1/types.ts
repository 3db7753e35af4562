// Imported by kubegen import; edit freely: this is now API source.

import type { Condition, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { GroupResource } from '../../meta/v1/types.js';

export type { Condition, ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * StorageVersionMigration represents a migration of stored data to the latest
 * storage version.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:path=storageversionmigrations,scope=Cluster
 * +kubebuilder:subresource:status
 * +kubebuilder:object:root=true
 */
export interface StorageVersionMigration extends TypeMeta {
  /**
   * Standard object metadata.
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ObjectMeta;
  /** Specification of the migration. */
  spec?: StorageVersionMigrationSpec;
  /** Status of the migration. */
  status?: StorageVersionMigrationStatus;
}

/**
 * StorageVersionMigrationList is a collection of storage version migrations.
 * +kubebuilder:object:root=true
 */
export interface StorageVersionMigrationList extends TypeMeta {
  /**
   * Standard list metadata
   * More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata
   */
  metadata?: ListMeta;
  /** Items is the list of StorageVersionMigration */
  items: StorageVersionMigration[];
}

/** Spec of the storage version migration. */
export interface StorageVersionMigrationSpec {
  /**
   * The resource that is being migrated. The migrator sends requests to
   * the endpoint serving the resource.
   * Immutable.
   */
  resource: GroupResource;
}

/** Status of the storage version migration. */
export interface StorageVersionMigrationStatus {
  /**
   * The latest available observations of the migration's current state.
   * +listMapKey=type
   * +listType=map
   */
  conditions?: Condition[];
  /**
   * ResourceVersion to compare with the GC cache for performing the migration.
   * This is the current resource version of given group, version and resource when
   * kube-controller-manager first observes this StorageVersionMigration resource.
   */
  resourceVersion?: string;
}
