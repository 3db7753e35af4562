import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/**
 * ClusterPolicy is cluster-scoped and has a printer column but no subresource.
 * +genclient
 * +genclient:nonNamespaced
 * +kubebuilder:resource:scope=Cluster,shortName=cpol
 * +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=`.spec.mode`
 */
export interface ClusterPolicy extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: PolicySpec;
}

/** PolicySpec is shared by several kinds. */
export interface PolicySpec {
  /** mode of the policy. */
  mode?: string;
}

/**
 * Proxy is namespaced by default; its plural comes from controller-gen's pluralisation.
 * +genclient
 * +genclient:noStatus
 * +kubebuilder:resource:scope=Namespaced
 */
export interface Proxy extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: PolicySpec;
}

/**
 * Index has an irregular plural and no CRD markers.
 * +genclient
 * +genclient:noVerbs
 */
export interface Index extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: PolicySpec;
}

/**
 * Person has an irregular plural and is cluster-scoped.
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=get,list,watch
 * +kubebuilder:resource:scope=Cluster
 */
export interface Person extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: PolicySpec;
}
