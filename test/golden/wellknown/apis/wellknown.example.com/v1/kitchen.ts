import type {
  Bytes,
  Condition,
  ConfigMapKeySelector,
  Duration,
  IntOrString,
  JSON,
  LabelSelector,
  LabelSelectorRequirement,
  LocalObjectReference,
  MicroTime,
  ObjectMeta,
  ObjectReference,
  Quantity,
  RawExtension,
  SecretKeySelector,
  Time,
  TypeMeta,
  TypedLocalObjectReference,
  float64,
  int32,
  int64,
} from '@kubegen/runtime';

/** Kitchen uses every well-known type of the runtime package. */
export interface Kitchen extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: KitchenSpec;
  status?: KitchenStatus;
}

/** KitchenSpec holds one property per well-known type. */
export interface KitchenSpec {
  /** small is an int32. */
  small: int32;
  /** large is an int64. */
  large?: int64;
  /** ratio is a float64. */
  ratio?: float64;
  /** plain is a plain number, which is a float64 too. */
  plain?: number;
  /** memory is a resource quantity. */
  memory?: Quantity;
  /**
   * storage is a resource quantity with a default.
   * +kubebuilder:default="1Gi"
   */
  storage?: Quantity;
  /** limits maps resource names to quantities. */
  limits?: Record<string, Quantity>;
  /** port is an int-or-string. */
  port?: IntOrString;
  /**
   * targetPort is an int-or-string with a default and string validations.
   * +kubebuilder:validation:XIntOrString
   * +kubebuilder:validation:Pattern=`^[a-z0-9-]+$`
   * +kubebuilder:default=8080
   */
  targetPort?: IntOrString;
  /** raw is an embedded object of any kind. */
  raw?: RawExtension;
  /** config is any JSON value. */
  config?: JSON;
  /** anything is `unknown`, which is any JSON value too. */
  anything?: unknown;
  /** settings maps names to any JSON values. */
  settings?: Record<string, unknown>;
  /** documents is a list of any JSON values. */
  documents?: JSON[];
  /** data is base64-encoded bytes. */
  data?: Bytes;
  /** startAt is a timestamp. */
  startAt?: Time;
  /** precise is a timestamp with microseconds. */
  precise?: MicroTime;
  /** lastSeen is a nullable timestamp. */
  lastSeen?: Time | null;
  /** timeout is a duration. */
  timeout?: Duration;
  /** template is an embedded ObjectMeta, which renders as a bare object. */
  template?: ObjectMeta;
  /** selector is a label selector. */
  selector?: LabelSelector;
  /** requirement is a single label selector requirement. */
  requirement?: LabelSelectorRequirement;
  /** localRef refers to an object in the same namespace. */
  localRef?: LocalObjectReference;
  /** secretRef selects a key of a Secret. */
  secretRef?: SecretKeySelector;
  /** configMapRef selects a key of a ConfigMap. */
  configMapRef?: ConfigMapKeySelector;
  /** objectRef refers to any object. */
  objectRef?: ObjectReference;
  /** typedRef refers to a typed object in the same namespace. */
  typedRef?: TypedLocalObjectReference;
  selectorWithoutDoc?: LabelSelector;
  secretRefs?: SecretKeySelector[];
}

/** KitchenStatus holds the conditions. */
export interface KitchenStatus {
  /**
   * conditions represent the latest available observations of the kitchen's state.
   * +listType=map
   * +listMapKey=type
   */
  conditions?: Condition[];
  /** observedGeneration is the generation last seen. */
  observedGeneration?: int64;
}
