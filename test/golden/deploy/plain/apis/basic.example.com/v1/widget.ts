import type { ListMeta, ObjectMeta, TypeMeta, int32, int64 } from '@kubegen/runtime';

/**
 * Widget is the basic example kind.
 * +genclient
 * +kubebuilder:object:root=true
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
  /** name is a required string. */
  name: string;
  /** enabled is an optional boolean. */
  enabled?: boolean;
  /** replicas is a 32-bit integer. */
  replicas?: int32;
  /** size is a 64-bit integer. */
  size?: int64;
  /** tags is a list of strings written T[]. */
  tags?: string[];
  /** ports is a list of integers written Array<T>. */
  ports?: Array<int32>;
  /** aliases is a read-only list written ReadonlyArray<T>. */
  aliases?: ReadonlyArray<string>;
  /** matrix is a list of lists. */
  matrix?: string[][];
  /** labels is a map written Record<string, T>. */
  labels?: Record<string, string>;
  /** limits is a map written as an index signature. */
  limits?: { [key: string]: int64 };
  /** groups maps names to lists of strings. */
  groups?: Record<string, string[]>;
  /** owner is a required nested interface. */
  owner: Owner;
  /** location is an object type literal. */
  location?: {
    /** region is required inside the literal. */
    region: string;
    /** zone is optional inside the literal. */
    zone?: string;
  };
  /** components is a list of nested interfaces. */
  components?: Component[];
  /** componentsByName is a map of nested interfaces. */
  componentsByName?: Record<string, Component>;
  /** rules is a list of object type literals, one nested in another. */
  rules?: {
    /** host the rule matches. */
    host: string;
    /** paths the rule matches. */
    paths?: string[];
    /** backend of the rule is a literal inside a literal. */
    backend?: {
      /** service receiving the traffic. */
      service: string;
      /** port of the service. */
      port?: int32;
    };
  }[];
  /** weights maps names to object type literals. */
  weights?: Record<string, { value: int32 }>;
}

/** Owner names the team that owns a Widget. */
export interface Owner {
  /** team is the owning team. */
  team: string;
  /** contacts are e-mail addresses. */
  contacts?: string[];
}

/** Component is one part of a Widget. */
export interface Component {
  /** name of the component. */
  name: string;
  /** weight of the component. */
  weight?: int32;
  /** optional marks a component that may be missing. */
  optional?: boolean;
}

/** WidgetStatus is the observed state of a Widget. */
export interface WidgetStatus {
  /** phase is a free-form string. */
  phase?: string;
  observedGeneration?: int64;
}
