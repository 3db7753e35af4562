/**
 * The typed marker registry: one set of definitions parses, validates, reports (`file:line:col`, "did you
 * mean"), applies schema behaviour in controller-gen's priority order, and prints the marker reference.
 *
 * Contract for the loader:
 * - call `parseMarker` for every comment line starting with `+`; `foreign` lines are someone else's markers;
 *   `error` results carry diagnostics; a `marker` result may carry `warnings` (deprecated spelling,
 *   `+default=ref(...)` which has value `null` and no effect);
 * - call `checkMarkerSet` on the markers of each node (duplicates of non-repeatable markers);
 * - read non-schema markers with `getMarker` / `getMarkers` and the value types below.
 * Contract for the schema builder: `applySchemaMarkers(schema, [...typeMarkers, ...fieldMarkers], ctx)`.
 */
export type { ArgSpec, ArgType, MarkerArgs, MarkerDefinition, MarkerHelp, MarkerTarget, SchemaApplyContext, SchemaBehaviour } from './types';
export { parseMarker, markerDefinition, markerDefinitions, checkMarkerSet, isOwnedMarkerName, markerSyntax, BARE_MARKER_NAMES } from './registry';
export type { ParseResult } from './registry';
export { applySchemaMarkers, schemaPriorities } from './apply';
export { renderMarkerReference } from './reference';
export { checkPattern } from './regex';
export { Cursor, GrammarError, parseArgValue, guessType, typeString } from './grammar';
export * from './accessors';
export {
  normalizeDefault,
  immutableParentRule,
  oneOfRule,
  appendRule,
  IMMUTABLE_RULE,
  XVALIDATION_REASONS,
  SCHEMA_TYPES,
} from './definitions/validation';
export type { XValidationArgs } from './definitions/validation';
export { PRINT_COLUMN_TYPES, SCOPES, LIST_TYPES, MAP_TYPES } from './definitions/crd';
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
export { CLIENT_VERBS, READONLY_VERBS } from './definitions/client';
export type { GenClientMethodArgs } from './definitions/client';
export type { ValidationGenArgs } from './definitions/codegen';
