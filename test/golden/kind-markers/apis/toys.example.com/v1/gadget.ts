import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Gadget carries every kind-level marker: resource names, subresources, printer columns, CRD metadata and
 * selectable fields.
 * +genclient
 * +genclient:skipVerbs=deleteCollection
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:path=gizmos,singular=gizmo,shortName={gz,gzm},categories={all,toys}
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
 * +kubebuilder:printcolumn:name="Color",type=string,JSONPath=`.spec.color`
 * +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`,description="Desired number of gadgets",format=int32,priority=0
 * +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`,priority=1
 * +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
 * +kubebuilder:metadata:annotations="toys.example.com/owner=team-a"
 * +kubebuilder:metadata:annotations="toys.example.com/tier=gold"
 * +kubebuilder:metadata:labels="app.kubernetes.io/part-of=toys"
 * +kubebuilder:selectablefield:JSONPath=`.spec.color`
 * +kubebuilder:selectablefield:JSONPath=`.spec.size`
 * +kubebuilder:storageversion
 */
export interface Gadget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: GadgetSpec;
  status?: GadgetStatus;
}

/**
 * GadgetList is a list of Gadget.
 * +kubebuilder:object:root=true
 */
export interface GadgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Gadget[];
}

/** GadgetSpec is the desired state of a Gadget. */
export interface GadgetSpec {
  /** color of the gadget. */
  color?: string;
  /** size of the gadget. */
  size?: string;
  /** replicas is the desired number of gadgets. */
  replicas?: int32;
}

/** GadgetStatus is the observed state of a Gadget. */
export interface GadgetStatus {
  /** replicas is the observed number of gadgets. */
  replicas?: int32;
  /** selector is the label selector of the gadgets, in string form. */
  selector?: string;
  /** conditions are free-form here. */
  conditions?: GadgetCondition[];
}

/** GadgetCondition is a minimal condition. */
export interface GadgetCondition {
  /** type of the condition. */
  type: string;
  /** status of the condition. */
  status: string;
}
