/**
 * The typed marker registry: one set of definitions parses, validates, reports (`file:line:col`, "did you
 * mean"), applies schema behaviour in controller-gen's priority order, prints marker values back as marker lines
 * (each definition's `print`, the inverse of its `parse`: `kubegen import` writes markers with it), and prints the
 * marker reference.
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
export type { ArgSpec, ArgType, ArgTypeFor, ArgValue, CustomParse, CustomPrint, Int, MarkerArgs, MarkerDefinition, MarkerHelp, MarkerSyntax, MarkerTarget, SchemaApplyContext, SchemaBehaviour, StructArgs } from './types';
export { parseMarker, printMarker, markerDefinition, registeredMarker, markerDefinitions, checkMarkerSet, isOwnedMarkerName, markerSyntax, resolveMarkerName, markerLineName, BARE_MARKER_NAMES } from './registry';
export type { ParseResult } from './registry';
export { applySchemaMarkers, schemaPriorities } from './apply';
export { renderMarkerReference } from './reference';
export { checkPattern } from './regex';
export { stringEnum } from './definitions/common';
export { Cursor, GrammarError, parseArgValue, guessType, typeString } from './grammar';
export { markerJson, markerString, rawMarkerTextProblem } from './escape';
export * from './accessors';
// Every definition (`getMarker(markers, Minimum)`), its argument types and the constants the model builder uses.
export * from './definitions/validation';
export * from './definitions/crd';
export * from './definitions/client';
export type { ValidationGenArgs } from './definitions/codegen';
