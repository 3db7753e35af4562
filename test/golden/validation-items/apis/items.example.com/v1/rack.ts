import type { IntOrString, ObjectMeta, RawExtension, TypeMeta, float64, int32, int64 } from '@kubegen/runtime';

/** Rack exercises the `+kubebuilder:validation:items:*` markers on fields and on array types. */
export interface Rack extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: RackSpec;
}

/**
 * PortList is an array type whose items are validated by markers on the type.
 * +kubebuilder:validation:items:Minimum=1
 * +kubebuilder:validation:items:Maximum=65535
 * +kubebuilder:validation:MaxItems=8
 */
export type PortList = int32[];

/**
 * NameList is an array type whose item strings are validated by markers on the type.
 * +kubebuilder:validation:items:MinLength=1
 * +kubebuilder:validation:items:MaxLength=63
 * +kubebuilder:validation:items:Pattern=`^[a-z0-9-]+$`
 */
export type NameList = Array<string>;

/** Extra is an object used as an array item. */
export interface Extra {
  /** name of the extra. */
  name?: string;
}

/** RackSpec holds the array fields. */
export interface RackSpec {
  /**
   * ports validates each item's range and excludes the maximum.
   * +kubebuilder:validation:items:Minimum=1
   * +kubebuilder:validation:items:Maximum=1024
   * +kubebuilder:validation:items:ExclusiveMaximum=true
   */
  ports?: int32[];
  /**
   * weights validates each float item.
   * +kubebuilder:validation:items:Minimum=0
   * +kubebuilder:validation:items:ExclusiveMinimum=true
   * +kubebuilder:validation:items:MultipleOf=0.5
   */
  weights?: Array<float64>;
  /**
   * names validates each string item.
   * +kubebuilder:validation:items:MinLength=2
   * +kubebuilder:validation:items:MaxLength=10
   * +kubebuilder:validation:items:Pattern=`^[a-z]+$`
   */
  names?: ReadonlyArray<string>;
  /**
   * emails gives each item a format.
   * +kubebuilder:validation:items:Format=email
   */
  emails?: string[];
  /**
   * modes restricts each item to an enum.
   * +kubebuilder:validation:items:Enum=read;write;admin
   */
  modes?: string[];
  /**
   * matrix validates the inner lists.
   * +kubebuilder:validation:MaxItems=4
   * +kubebuilder:validation:items:MinItems=1
   * +kubebuilder:validation:items:MaxItems=3
   * +kubebuilder:validation:items:UniqueItems=false
   */
  matrix?: string[][];
  /**
   * labelSets validates the size of each map item.
   * +kubebuilder:validation:items:MinProperties=1
   * +kubebuilder:validation:items:MaxProperties=4
   */
  labelSets?: Record<string, string>[];
  /**
   * ids overrides each item's type and format.
   * +kubebuilder:validation:items:Type=string
   * +kubebuilder:validation:items:Format=uuid
   */
  ids?: int64[];
  /**
   * targets puts string validations on int-or-string items.
   * +kubebuilder:validation:items:XIntOrString
   * +kubebuilder:validation:items:MaxLength=15
   * +kubebuilder:validation:items:Pattern=`^[a-z0-9]+$`
   */
  targets?: IntOrString[];
  /**
   * resources marks each item an embedded resource.
   * +kubebuilder:validation:items:XEmbeddedResource
   */
  resources?: RawExtension[];
  /**
   * extras keeps unknown fields in each item.
   * +kubebuilder:validation:items:XPreserveUnknownFields
   */
  extras?: Extra[];
  /**
   * checked runs a CEL rule on each item.
   * +kubebuilder:validation:items:XValidation:rule="self.startsWith('x-')",message="must start with x-"
   */
  checked?: string[];
  /** portList takes its item validations from the type PortList. */
  portList?: PortList;
  /** nameList takes its item validations from the type NameList. */
  nameList?: NameList;
}
