import type { ObjectMeta, TypeMeta, float64, int32, int64 } from '@kubegen/runtime';

/** Gauge exercises every scalar, string, array and object validation marker. */
export interface Gauge extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: GaugeSpec;
}

/**
 * Port is a TCP port; its markers sit on the type and apply wherever it is used.
 * +kubebuilder:validation:Minimum=1
 * +kubebuilder:validation:Maximum=65535
 * +kubebuilder:title="TCP port"
 */
export type Port = int32;

/**
 * DNSLabel is a lower-case RFC 1123 label.
 * +kubebuilder:validation:MinLength=1
 * +kubebuilder:validation:MaxLength=63
 * +kubebuilder:validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`
 */
export type DNSLabel = string;

/**
 * Hosts is a list type with its own validations.
 * +kubebuilder:validation:MinItems=1
 * +kubebuilder:validation:MaxItems=16
 * +kubebuilder:validation:UniqueItems=false
 */
export type Hosts = string[];

/**
 * Selector is a struct with type-level object validations.
 * +kubebuilder:validation:MinProperties=1
 * +kubebuilder:validation:MaxProperties=2
 * +kubebuilder:externalDocs:url="https://example.com/docs/selector",description="How selectors work"
 */
export interface Selector {
  /** app selects by application name. */
  app?: string;
  /** tier selects by tier. */
  tier?: string;
  /** track selects by release track. */
  track?: string;
}

/**
 * Score is a float with an exclusive lower bound and a step, all on the type.
 * +kubebuilder:validation:Minimum=0
 * +kubebuilder:validation:ExclusiveMinimum=true
 * +kubebuilder:validation:Maximum=10
 * +kubebuilder:validation:ExclusiveMaximum=true
 * +kubebuilder:validation:MultipleOf=0.5
 */
export type Score = float64;

/**
 * Email is a string with a format on the type.
 * +kubebuilder:validation:Format=email
 */
export type Email = string;

/** GaugeSpec holds the validated fields. */
export interface GaugeSpec {
  /**
   * count is bounded inclusively on both ends.
   * +kubebuilder:validation:Minimum=0
   * +kubebuilder:validation:Maximum=100
   */
  count?: int32;
  /**
   * level is bounded exclusively on both ends.
   * +kubebuilder:validation:Minimum=-10
   * +kubebuilder:validation:Maximum=10
   * +kubebuilder:validation:ExclusiveMinimum=true
   * +kubebuilder:validation:ExclusiveMaximum=true
   */
  level?: int64;
  /**
   * ratio is a float64 with fractional bounds and a fractional multiple.
   * +kubebuilder:validation:Minimum=-0.5
   * +kubebuilder:validation:Maximum=1.5
   * +kubebuilder:validation:MultipleOf=0.25
   */
  ratio?: float64;
  /**
   * step is a multiple of five.
   * +kubebuilder:validation:MultipleOf=5
   */
  step?: int32;
  /**
   * name has string length and pattern validations.
   * +kubebuilder:validation:MinLength=3
   * +kubebuilder:validation:MaxLength=20
   * +kubebuilder:validation:Pattern=`^[a-z][a-z0-9-]*$`
   */
  name: string;
  /**
   * email has a format.
   * +kubebuilder:validation:Format=email
   */
  email?: string;
  /**
   * mode is restricted to a fixed list of strings, written with braces.
   * +kubebuilder:validation:Enum={"fast","slow","off"}
   */
  mode?: string;
  /**
   * level2 is restricted to a fixed list of numbers, written with semicolons.
   * +kubebuilder:validation:Enum=1;2;3
   */
  level2?: int32;
  /**
   * items has array validations; `UniqueItems=true` is rejected by the apiserver, so false here.
   * +kubebuilder:validation:MinItems=1
   * +kubebuilder:validation:MaxItems=10
   * +kubebuilder:validation:UniqueItems=false
   */
  items?: string[];
  /**
   * settings has map validations.
   * +kubebuilder:validation:MinProperties=1
   * +kubebuilder:validation:MaxProperties=8
   */
  settings?: Record<string, string>;
  /** port takes its validations and title from its type Port. */
  port?: Port;
  /**
   * adminPort adds an exclusive maximum and its own title to the type's markers.
   * +kubebuilder:validation:ExclusiveMaximum=true
   * +kubebuilder:title="Admin port"
   */
  adminPort?: Port;
  /** host takes its validations from the type DNSLabel. */
  host: DNSLabel;
  /**
   * shortHost narrows the type's MaxLength on the field.
   * +kubebuilder:validation:MaxLength=15
   */
  shortHost?: DNSLabel;
  /** hosts takes its list validations from the type Hosts. */
  hosts?: Hosts;
  /** selector takes its object validations and external docs from the type Selector. */
  selector?: Selector;
  /**
   * docs links to external documentation from a field.
   * +kubebuilder:externalDocs:url="https://example.com/docs/gauge"
   */
  docs?: string;
  /**
   * ownDocs overrides the type's external docs with its own.
   * +kubebuilder:externalDocs:url="https://example.com/docs/own",description="Field-level docs"
   */
  ownDocs?: Selector;
  /**
   * titled has a title.
   * +kubebuilder:title="A titled field"
   */
  titled?: string;
  /**
   * sample has an example value.
   * +kubebuilder:example="sample-value"
   */
  sample?: string;
  /**
   * sampleCount has a numeric example value.
   * +kubebuilder:example=42
   */
  sampleCount?: int32;
  /**
   * sampleMap has an object example value.
   * +kubebuilder:example={a: "b", c: 1}
   */
  sampleMap?: Record<string, string>;
  /** score takes its bounds and step from the type Score. */
  score?: Score;
  /** contact takes its format from the type Email. */
  contact?: Email;
  /** contacts is a list of the type Email. */
  contacts?: Email[];
}
