/**
 * The typed marker registry: one set of definitions parses, validates, reports (`file:line:col`, "did you
 * mean"), applies schema behaviour in controller-gen's priority order, and prints the marker reference.
 *
 * Contract for the loader:
 * - call `parseMarker` for every comment line starting with `+`; `foreign` lines are someone else's markers;
 *   `error` results carry diagnostics; a `marker` result may carry `warnings` (deprecated spelling,
 *   `+default=ref(...)` which has value `null` and no effect);
 * - call `checkMarkerSet` on the markers of each node (duplicates of non-repeatable markers);
 * - read markers with `getMarker(markers, Definition)` / `getMarkers` / `hasMarker`: by their definition (exported
 *   below), never by a name string; values come back typed.
 * Contract for the schema builder: `applySchemaMarkers(schema, [...typeMarkers, ...fieldMarkers], ctx)`.
 */
export type { ArgSpec, ArgType, ArgTypeFor, ArgValue, Int, MarkerArgs, MarkerDefinition, MarkerHelp, MarkerSyntax, MarkerTarget, SchemaApplyContext, SchemaBehaviour, StructArgs } from './types';
export { parseMarker, markerDefinition, markerDefinitions, checkMarkerSet, isOwnedMarkerName, markerSyntax, resolveMarkerName, markerLineName, BARE_MARKER_NAMES } from './registry';
export type { ParseResult } from './registry';
export { applySchemaMarkers, schemaPriorities } from './apply';
export { renderMarkerReference } from './reference';
export { checkPattern } from './regex';
export { stringEnum } from './definitions/common';
export { Cursor, GrammarError, parseArgValue, guessType, typeString } from './grammar';
export * from './accessors';
export {
  ValidationRequired,
  ValidationOptional,
  Required,
  Optional,
  K8sRequired,
  K8sOptional,
  KubebuilderDefault,
  Default,
  Schemaless,
  Immutable,
  EmbeddedResource,
  ValidationEnum,
  ValidationMinimum,
  AtMostOneOf,
  ExactlyOneOf,
  AtLeastOneOf,
  normalizeDefault,
  immutableParentRule,
  oneOfRule,
  appendRule,
  IMMUTABLE_RULE,
  XVALIDATION_REASONS,
  SCHEMA_TYPES,
} from './definitions/validation';
export type { XValidationArgs } from './definitions/validation';
export {
  PRINT_COLUMN_TYPES,
  SCOPES,
  LIST_TYPES,
  MAP_TYPES,
  SubresourceStatus,
  SubresourceScale,
  PrintColumn,
  Resource,
  StorageVersion,
  SkipVersion,
  UnservedVersion,
  DeprecatedVersion,
  CrdMetadata,
  SelectableField,
  GroupName,
  VersionName,
  GroupGoName,
  Skip,
  ObjectRoot,
  Rbac,
  Webhook,
  WebhookConfiguration,
} from './definitions/crd';
export type {
  ScaleArgs,
  PrintColumnArgs,
  ResourceArgs,
  DeprecatedVersionArgs,
  MetadataArgs,
  SelectableFieldArgs,
  ExternalDocsArgs,
  RbacArgs,
  WebhookArgs,
  WebhookConfigurationArgs,
} from './definitions/crd';
export {
  CLIENT_VERBS,
  READONLY_VERBS,
  GenClient,
  GenClientNonNamespaced,
  GenClientNoVerbs,
  GenClientNoStatus,
  GenClientReadonly,
  GenClientOnlyVerbs,
  GenClientSkipVerbs,
  GenClientMethod,
} from './definitions/client';
export type { GenClientMethodArgs } from './definitions/client';
export type { ValidationGenArgs } from './definitions/codegen';
