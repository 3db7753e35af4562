/**
 * The API model: plain, serialisable Kubernetes data built by `generator/load` and read by every emitter.
 *
 * Contract:
 * - Nothing here refers to ts-morph or any parser type; a model can be written with JSON.stringify and read back,
 *   with one exception: a marker value may hold a bigint (an integer beyond 2^53, exact as Go's int64), which
 *   JSON.stringify writes only through a replacer. Objects in marker values have a null prototype (`__proto__`
 *   is an ordinary key).
 * - The type graph has no cycles: recursive types are refused by the model builder (checkRecursion).
 * - Emitters never mutate a model; they return files.
 * - Every decision that depends on markers or options (scope, plural, storage version, required-ness,
 *   client verbs …) is resolved once by the model builder and stored here, so emitters never re-interpret
 *   markers except the schema-shaping ones, which they apply through the marker registry.
 */

/** A place in a source file. `file` is a POSIX path relative to the process working directory. */
export interface SourceSpan {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based */
  column: number;
}

/** One marker occurrence, parsed and validated against the registry. */
export interface MarkerValue {
  /** The registry name without the leading `+`, e.g. `kubebuilder:validation:Minimum`. */
  name: string;
  /**
   * The typed value: for a single-argument marker the argument itself (number, string, boolean, array, object);
   * for a struct marker (`+name:a=1,b=2`) an object keyed by argument name; for a flag marker `true`.
   */
  value: unknown;
  span: SourceSpan;
}

/** The well-known types of `@kubegen/runtime`, recognised by declaration. */
export type WellKnownName =
  | 'TypeMeta'
  | 'ObjectMeta'
  | 'ListMeta'
  | 'int32'
  | 'int64'
  | 'float64'
  | 'Time'
  | 'MicroTime'
  | 'Duration'
  | 'Quantity'
  | 'IntOrString'
  | 'RawExtension'
  | 'JSON'
  | 'Bytes'
  | 'Condition'
  | 'LabelSelector'
  | 'LabelSelectorRequirement'
  | 'LocalObjectReference'
  | 'SecretKeySelector'
  | 'ConfigMapKeySelector'
  | 'ObjectReference'
  | 'TypedLocalObjectReference';

/**
 * Identifies a package (one folder of API files), as its POSIX path relative to the APIs root, e.g.
 * `stable.example.com/v1`. The runtime's well-known struct types (TypeMeta, Condition, LabelSelector …) live in the
 * package `@kubegen/runtime`; scalar-like well-known types (int32, Time, Quantity, ObjectMeta …) are `wellKnown` refs.
 */
export type PackageId = string;

/** A reference to a type, as written at a use site. */
export type TypeRef =
  | { kind: 'primitive'; name: 'string' | 'boolean' | 'number' }
  /** `unknown` in TypeScript: any JSON value (like apiextensions JSON). */
  | { kind: 'unknown' }
  | { kind: 'wellKnown'; name: WellKnownName }
  /** A named type declared in the APIs (interface, type alias or enum). */
  | { kind: 'named'; package: PackageId; name: string }
  | { kind: 'array'; items: TypeRef }
  /** `Record<string, T>` or `{ [key: string]: T }`. */
  | { kind: 'map'; values: TypeRef }
  /** A union of literals (`'A' | 'B'`, `1 | 2`) or a TS `enum`; values in declaration order. */
  | { kind: 'enum'; base: 'string' | 'integer' | 'number' | 'boolean'; values: Array<string | number | boolean> }
  /** An object shape: an interface body, an object type literal, or an intersection. */
  | StructType;

export interface StructType {
  kind: 'struct';
  /** Embedded members (`extends B, C` or `B & C`), merged like Go `json:",inline"` embedding. */
  embeds: TypeRef[];
  /** Own properties in declaration order. */
  fields: Field[];
}

export interface Field {
  /** The property name, which is also its JSON name. */
  name: string;
  /** Description per controller-gen's rules (marker lines removed, `TODO` lines and text after `---` dropped); '' when none. */
  doc: string;
  type: TypeRef;
  /** Declared with `?`. */
  optional: boolean;
  /** Declared as `T | null`. */
  nullable: boolean;
  /**
   * Required in the schema, resolved once from `?`, `+optional`, `+required`,
   * `+kubebuilder:validation:Optional|Required`, `+k8s:optional|required` and the package default, with
   * controller-gen's precedence.
   */
  required: boolean;
  markers: MarkerValue[];
  span: SourceSpan;
}

export interface TypeDecl {
  name: string;
  package: PackageId;
  /** How it was declared; informs code emitters only. */
  declaration: 'interface' | 'alias' | 'enum';
  exported: boolean;
  doc: string;
  type: TypeRef;
  markers: MarkerValue[];
  span: SourceSpan;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** A client verb as client-gen names it. */
export type ClientVerb =
  | 'create'
  | 'update'
  | 'updateStatus'
  | 'delete'
  | 'deleteCollection'
  | 'get'
  | 'list'
  | 'watch'
  | 'patch'
  | 'apply'
  | 'applyStatus';

/** `+genclient:method=Name,verb=…,subresource=…,input=…,result=…` */
export interface ClientExtensionMethod {
  name: string;
  verb: ClientVerb;
  subresource?: string;
  /** A type name in the same package, or `Scale` for the autoscaling/v1 Scale. */
  input?: string;
  result?: string;
}

export interface ClientOptions {
  /** `+genclient` present. */
  generate: boolean;
  /** From `+genclient:nonNamespaced` (client-gen) — kubegen also sets it for `scope=Cluster`. */
  namespaced: boolean;
  /** The verbs to generate, after `noVerbs`, `onlyVerbs`, `skipVerbs`, `noStatus`, `readonly` and the status rule. */
  verbs: ClientVerb[];
  methods: ClientExtensionMethod[];
}

/** A kind: an exported interface that extends TypeMeta and has `metadata: ObjectMeta`. */
export interface Kind {
  /** The type name, e.g. `CronTab`; the TypeDecl of the same name in the version's package holds its shape. */
  name: string;
  /** The list type name if declared (`CronTabList`), else undefined. */
  listName?: string;
  /** `+kubebuilder:object:root=true` */
  root: boolean;
  scope: 'Namespaced' | 'Cluster';
  plural: string;
  singular: string;
  shortNames: string[];
  categories: string[];
  /** `spec.versions[].storage` as resolved across the group's versions. */
  storage: boolean;
  served: boolean;
  /** `+kubebuilder:skipversion`: this version is left out of the CRD. */
  skip: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
  subresources: { status: boolean; scale?: ScaleSubresource };
  printerColumns: PrinterColumn[];
  selectableFields: string[];
  /** CRD object metadata from `+kubebuilder:metadata`. */
  crdAnnotations: Record<string, string>;
  crdLabels: Record<string, string>;
  /** Has a `status` property. */
  hasStatus: boolean;
  hasSpec: boolean;
  client: ClientOptions;
  span: SourceSpan;
}

export interface Package {
  id: PackageId;
  /** Absolute-free directory path relative to the process working directory (POSIX). */
  dir: string;
  /** `+groupName`; undefined for a folder of shared types without one. */
  group?: string;
  /** `+versionName`, else the folder name. */
  version: string;
  /** `+kubebuilder:skip` */
  skip: boolean;
  /** Package `+kubebuilder:validation:Optional`. */
  optionalByDefault: boolean;
  markers: MarkerValue[];
  /** Declared types, sorted by name. */
  types: TypeDecl[];
  /** Kinds, sorted by name. */
  kinds: Kind[];
  /**
   * Exported names of the package's hand-written `conversion.ts` (sorted); undefined for the runtime package.
   * Conversion emitters call these instead of generating a converter where fields cannot be matched.
   */
  conversionFunctions?: string[];
  /**
   * The text of the package's hand-written `conversion.ts`, when it has one. The conversion emitter copies it into the
   * generated package (`<version>/conversion.manual.ts`), pointing its type-only imports of API files at the
   * generated `types.ts` modules, so that a generated package never imports from outside itself.
   */
  conversionSource?: string;
}

export interface GroupVersion {
  group: string;
  version: string;
  package: PackageId;
}

export interface ApiGroup {
  name: string;
  /** Versions sorted as controller-gen sorts them (plain string comparison). */
  versions: GroupVersion[];
}

export interface ApiModel {
  /** All packages, sorted by id. */
  packages: Package[];
  /** API groups (packages with `+groupName` and without `+kubebuilder:skip`), sorted by name. */
  groups: ApiGroup[];
}
