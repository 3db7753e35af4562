import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Widget has every verb, a scale subresource and extension methods bound to the runtime client.
 * +genclient
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=ReadScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=WriteScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=PatchStatus,verb=patch,subresource=status
 * +genclient:method=Fetch,verb=get
 * +genclient:method=Evict,verb=create,subresource=eviction,input=WidgetSpec
 * +genclient:method=ApplyEviction,verb=apply,subresource=eviction,input=WidgetSpec
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
  status?: WidgetStatus;
}

/**
 * WidgetList is a list of Widget.
 * +kubebuilder:object:root=true
 */
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

/** WidgetSpec is the desired state of a Widget. */
export interface WidgetSpec {
  /** replicas is the desired number of widgets. */
  replicas?: int32;
  /** shape of the widget. */
  shape?: 'Round' | 'Square';
  /** labels are extra labels, or null to clear them. */
  extra?: Record<string, string> | null;
  /** template is an inline object type. */
  template?: {
    /** name of the template. */
    name: string;
    /** sizes lists sizes. */
    sizes?: int32[];
  };
}

/** WidgetStatus is the observed state of a Widget. */
export interface WidgetStatus {
  /** replicas is the observed number of widgets. */
  replicas?: int32;
}

/**
 * Gauge is cluster-scoped and read-only; it has no status, so no status verbs.
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=get,list,watch
 * +kubebuilder:object:root=true
 * +kubebuilder:resource:scope=Cluster
 */
export interface Gauge extends TypeMeta {
  metadata?: ObjectMeta;
  /** value of the gauge. */
  value?: number;
}

/**
 * Knob has no client verbs at all (`+genclient:noVerbs`) and no list type.
 * +genclient
 * +genclient:noVerbs
 * +kubebuilder:object:root=true
 */
export interface Knob extends TypeMeta {
  metadata?: ObjectMeta;
}

/**
 * Hidden has no `+genclient`: no client.
 * +kubebuilder:object:root=true
 */
export interface Hidden extends TypeMeta {
  metadata?: ObjectMeta;
}
