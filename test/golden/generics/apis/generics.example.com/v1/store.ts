import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
import type { Labelled, Page, Pair, Ref } from './ref';

/** Endpoint is a host and a port. */
export interface Endpoint {
  host: string;
  port?: int32;
}

/** StoreSpec uses generic types instantiated with literals, named types, primitives and other instantiations. */
export interface StoreSpec {
  /** The credentials. */
  secretRef: Ref<'Secret'>;
  /** The configuration. */
  configRef?: Ref<'ConfigMap'>;
  /** Another secret, reusing the same instantiation. */
  backupSecretRef?: Ref<'Secret'>;
  endpoints?: Page<Endpoint>;
  /** A page of names, with a float64 size. */
  names?: Page<string, number>;
  pairs?: Array<Pair<string, int32>>;
  labelledRef?: Labelled<Ref<'Secret'>>;
  /** A reference to either kind. */
  anyRef?: Ref<'Secret' | 'ConfigMap'>;
}

/**
 * Store is a kind whose spec instantiates generic types.
 * +kubebuilder:object:root=true
 * +genclient
 * +kubebuilder:ac:generate=true
 */
export interface Store extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: StoreSpec;
}

/** +kubebuilder:object:root=true */
export interface StoreList extends TypeMeta {
  metadata?: ListMeta;
  items: Store[];
}
