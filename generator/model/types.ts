/**
 * The API model: plain, serialisable Kubernetes data built by `generator/load` and read by every emitter.
 *
 * Contract:
 * - Nothing here refers to the parser (`typescript`) or any of its types; a model can be written with JSON.stringify and read back,
 *   with one exception: a marker value may hold a bigint (an integer beyond 2^53, exact as Go's int64), which
 *   JSON.stringify writes only through a replacer. Objects in marker values have a null prototype (`__proto__`
 *   is an ordinary key).
 * - The type graph has no cycles: recursive types are refused by the model builder (checkRecursion).
 * - Emitters never mutate a model; they return files.
 * - Every decision that depends on markers or options (scope, plural, storage version, required-ness, defaults,
 *   immutability, schemaless fields, the group's Go name, client verbs, the hand-written conversions' imports …)
 *   is resolved once by the model builder and stored here, so emitters never read markers; only the schema
 *   builder applies the schema-shaping ones, through the marker registry.
 * - A group with several versions of a kind has exactly one `Kind.storage` per kind when the model builder
 *   reported no error (the one storage-version check).
 */
import type { ClientVerb } from '../core/client-verbs';
import type { Int, MarkerValue, SourceSpan } from '../core/types';
import type { WellKnownName } from '../core/wellknown';

/** The model's vocabulary from below it: the leaf core's types and the client verbs of the `+genclient` markers. */
export type { ClientVerb, Int, MarkerValue, SourceSpan, WellKnownName };

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
  /**
   * The default, resolved once: `+kubebuilder:default` (marker grammar) wins over `+default` (JSON);
   * `+default=ref(…)` gives none. Absent when the field has no default. The schema builder and the defaulting
   * emitter both read this, never the markers.
   */
  default?: FieldDefault;
  /**
   * What the field's own validation markers make the apiserver enforce (minimum, pattern, list type, CEL rules …),
   * resolved once for code emitters that document it; absent when they enforce nothing. The type's own constraints
   * are on its `TypeDecl`. Required-ness, the default, nullability and immutability are the fields of their own.
   */
  constraints?: Constraints;
  /** `+k8s:immutable`: the schema gets `self == oldSelf`, and for an optional field a rule on its parent. */
  immutable: boolean;
  /** `+kubebuilder:validation:Schemaless`: the schema is `{}` plus the field's markers; the type is not traversed. */
  schemaless: boolean;
  /**
   * `+k8s:conversion-gen=false`: the field is meant to be missing from some other versions of its type. Converted to
   * a version whose type lacks it, its value is kept in the conversion annotation as for any such field, but without
   * the warning that it may have been renamed or moved; it is still converted to versions that declare it. Absent
   * when not marked.
   */
  skipConversion?: true;
  /** As parsed, in source order: the model builder resolves them into the fields above and the schema builder applies the schema-shaping ones; emitters read the resolved fields, never these. */
  markers: MarkerValue[];
  span: SourceSpan;
}

/**
 * Validation a value is subject to, as the CRD schema states it (JSON Schema keywords and Kubernetes extensions),
 * read from the markers through the registry by the model builder (`generator/model/constraints.ts`).
 */
export interface Constraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: Int;
  maxLength?: Int;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minItems?: Int;
  maxItems?: Int;
  uniqueItems?: boolean;
  minProperties?: Int;
  maxProperties?: Int;
  listType?: 'atomic' | 'set' | 'map';
  listMapKeys?: string[];
  mapType?: 'granular' | 'atomic';
  /** `+nullable` (a `T | null` property is `Field.nullable`). */
  nullable?: boolean;
  /** CEL rules (`+kubebuilder:validation:XValidation`), in order. */
  rules?: Array<{ rule: string; message?: string }>;
  /** Constraints on the items of an array (`items:` markers). */
  items?: Constraints;
}

/** A field's default value and where it was written. */
export interface FieldDefault {
  /**
   * The value as the marker gives it (JSON-like; integers beyond 2^53 as bigints, objects with a null prototype),
   * except that `{}` in `+kubebuilder:default`'s grammar on an array-typed field is `[]` (as controller-gen renders it).
   */
  value: unknown;
  /** `kubebuilder:default` (controller-gen's grammar) or `default` (JSON, numbers are Go float64s except on integer fields). */
  marker: 'kubebuilder:default' | 'default';
  span: SourceSpan;
}

export interface TypeDecl {
  name: string;
  package: PackageId;
  /** How it was declared; informs code emitters only. */
  declaration: 'interface' | 'alias' | 'enum';
  /**
   * Set when this declaration is an instantiation of a generic type (`Ref<'Secret'>`): the generic's name and the
   * type arguments. Its `name` is the generic's name followed by a word per argument (`RefSecret`; see the input
   * language), its `type` the generic's with the parameters substituted, its doc and markers the generic's.
   */
  instance?: { generic: string; arguments: TypeRef[] };
  /** What the type's validation markers make the apiserver enforce on its values; absent when nothing. */
  constraints?: Constraints;
  exported: boolean;
  doc: string;
  type: TypeRef;
  /** As parsed, in source order: the model builder resolves them into the fields above and the schema builder applies the schema-shaping ones; emitters read the resolved fields, never these. */
  markers: MarkerValue[];
  span: SourceSpan;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  /** Go's int32 as written (a bigint only for a value that does not fit a double exactly). */
  priority?: Int;
}

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

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
  /** Where each selectable field was written (its marker), index for index; absent in hand-built models. */
  selectableFieldSpans?: SourceSpan[];
  /** CRD object metadata from `+kubebuilder:metadata`. */
  crdAnnotations: Record<string, string>;
  crdLabels: Record<string, string>;
  /** Has a `status` property. */
  hasStatus: boolean;
  hasSpec: boolean;
  client: ClientOptions;
  /**
   * `+kubebuilder:ac:generate=true` on the kind or its package (the kind's own marker wins): typed apply
   * configurations are generated for it (`<version>/applyconfigurations.ts`).
   */
  applyConfiguration: boolean;
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
  /** As parsed, in source order: the model builder resolves them into the fields above and the schema builder applies the schema-shaping ones; emitters read the resolved fields, never these. */
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
   * The package's hand-written `conversion.ts`, when it has one, analysed by the front end and resolved by the model
   * builder. The conversion emitter copies it into the generated package (`<version>/conversion.manual.ts`),
   * replacing each import's specifier by its `target`, so that a generated package never imports from outside
   * itself; it reports each import's `problem` instead when it copies the file.
   */
  manualConversions?: ManualConversions;
  /**
   * Names of `@kubegen/runtime` declarations the package re-exports as its own (sorted): `@kubegen/api/meta/v1` and
   * `core/v1` re-export the runtime's ObjectMeta, Condition, ObjectReference … rather than declaring a second copy.
   * The types emitter re-exports them from the runtime; a reference through the package resolves to the runtime's
   * declaration.
   */
  runtimeReexports?: string[];
  /**
   * A package of `@kubegen/api` that is one of its group versions (its sources declare `+groupName`), so that its
   * generated modules — types, validators — exist as `@kubegen/api/<group>/<version>`; a folder of shared types
   * without a group (`scheduling/v1alpha3`) is inlined where the package uses it and is no module. Set by the front
   * end on library packages only.
   */
  apiGroupVersion?: boolean;
}

/** A hand-written `conversion.ts` and its relative imports, resolved. */
export interface ManualConversions {
  /** `<dir>/conversion.ts`, relative to the working directory (POSIX). */
  file: string;
  /** The file's text. */
  source: string;
  /** Every relative module specifier of its import and export declarations, in source order. */
  imports: ManualConversionImport[];
}

/**
 * One relative module specifier of a hand-written `conversion.ts`. An API file of the same version
 * (`./crontab`) is repointed at `./types`, of another version of the group (`../v1/crontab`) at `../v1/types`, where
 * the generated types are exported under their own names; it must be imported type-only. Anything else is a problem.
 */
export interface ManualConversionImport {
  /** The specifier as written, e.g. `../v1/crontab`. */
  specifier: string;
  /** Where the specifier is written in `source`: `source.slice(start, end)` is the text inside its quotes. */
  start: number;
  end: number;
  /** The import or export declaration. */
  span: SourceSpan;
  /** The specifier the generated copy uses; absent when `problem` is set. */
  target?: string;
  /** Why the declaration cannot be copied (an error message naming the file); absent when `target` is set. */
  problem?: string;
}

export interface GroupVersion {
  group: string;
  version: string;
  package: PackageId;
}

export interface ApiGroup {
  name: string;
  /**
   * The group's identifier in generated client code (client-gen): the first non-empty `+groupGoName` of its
   * versions (in version order), else the first DNS label of the name (`stable.example.com` → `stable`). Raw text:
   * code emitters pass it through their namers.
   */
  goName: string;
  /** Versions sorted as controller-gen sorts them (plain string comparison). */
  versions: GroupVersion[];
}

export interface ApiModel {
  /** All packages, sorted by id. */
  packages: Package[];
  /** API groups (packages with `+groupName` and without `+kubebuilder:skip`), sorted by name. */
  groups: ApiGroup[];
}
