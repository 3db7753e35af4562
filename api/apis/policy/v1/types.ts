// Imported by kubegen import; edit freely: this is now API source.

import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';
import type { DeleteOptions } from '../../io.k8s.apimachinery.pkg.apis.meta.v1/types.js';

/**
 * Eviction evicts a pod from its node subject to certain policies and safety constraints.
 * This is a subresource of Pod.  A request to cause such an eviction is
 * created by POSTing to .../pods/<pod name>/evictions.
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface Eviction extends TypeMeta {
  /** metadata describes the pod that is being evicted. */
  metadata?: ObjectMeta;
  /** deleteOptions may be provided */
  deleteOptions?: DeleteOptions;
}
