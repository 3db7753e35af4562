/**
 * Applying schema-shaping markers, as controller-gen's `applyMarkers` (pkg/crd/schema.go) does: the markers of
 * one node are stably sorted by priority (lower first; within a priority, in the order given — type-level
 * markers before field-level ones), applied to the schema, then the `items:` markers are applied, in the same
 * order, to `schema.items`.
 *
 * Priorities (controller-gen's ApplyPriority; lower first):
 * -  9: `kubebuilder:validation:Type`, `XIntOrString`, `listType`, `k8s:listType`, `default` (JSON)
 * - 10: everything else: validations, `XValidation`, `kubebuilder:default` (so it wins over `+default`),
 *       `listMapKey`, `mapType`, `structType`, `nullable`, `title`, `example`, `externalDocs`, `k8s:immutable`,
 *       `k8s:enum`, `pruning:PreserveUnknownFields`
 * - 11: `AtMostOneOf`; 12: `ExactlyOneOf`; 13: `AtLeastOneOf`
 * `items:` twins carry the same priorities among themselves.
 */
import { diagnostic, type Diagnostic } from '../diagnostics';
import type { MarkerValue } from '../core/types';
import type { JSONSchemaProps } from '../core/schema';
import { shallowCopy } from '../core/json';
import { markerDefinition, markerDefinitions } from './registry';
import type { MarkerDefinition, SchemaApplyContext } from './types';

interface Pending {
  marker: MarkerValue;
  /** The definition's schema behaviour. */
  behaviour: NonNullable<MarkerDefinition['schema']>;
  index: number;
}

function byPriority(a: Pending, b: Pending): number {
  return a.behaviour.priority - b.behaviour.priority || a.index - b.index;
}

/**
 * Applies every schema-shaping marker in `markers` (type-level first, then field-level) to `schema`, mutating
 * it (its own keys only: `schema.items` and the lists markers append to are replaced by copies first, so nodes it
 * shares with other schemas are never changed). Markers without schema behaviour (required, optional, Schemaless, kind and package markers …) are skipped.
 * Returns one diagnostic per marker that cannot apply, at the marker's span.
 */
export function applySchemaMarkers(schema: JSONSchemaProps, markers: readonly MarkerValue[], ctx: SchemaApplyContext = {}): Diagnostic[] {
  const own: Pending[] = [];
  const items: Pending[] = [];
  markers.forEach((marker, index) => {
    const def = markerDefinition(marker.name);
    const behaviour = def?.schema;
    if (!def || !behaviour) return;
    (def.items ? items : own).push({ marker, behaviour, index });
  });
  own.sort(byPriority);
  items.sort(byPriority);

  const diagnostics: Diagnostic[] = [];
  const fail = (p: Pending, message: string) =>
    diagnostics.push(diagnostic('marker-not-applicable', `+${p.marker.name}: ${message}`, p.marker.span));

  if (own.length > 0) ownArrays(schema);
  for (const p of own) {
    const msg = p.behaviour.apply(schema, p.marker.value, ctx);
    if (msg !== undefined) fail(p, msg);
  }
  let itemsOwned = false;
  for (const p of items) {
    if (schema.type !== 'array' || !schema.items) {
      fail(p, `must apply ${p.marker.name} to an array value, found ${schema.type ? `type ${JSON.stringify(schema.type)}` : 'a schema without a type'}`);
      continue;
    }
    if (!itemsOwned) {
      schema.items = ownArrays(shallowCopy(schema.items));
      itemsOwned = true;
    }
    const msg = p.behaviour.apply(schema.items, p.marker.value, { resolvedType: undefined });
    if (msg !== undefined) fail(p, msg);
  }
  return diagnostics;
}

/**
 * Copy on write: a schema's nested nodes may be shared with other schemas (a named type's schema is built once and
 * used everywhere), so the lists that markers append to are copied before the markers run. Every other marker
 * behaviour sets a key of the node itself.
 */
function ownArrays(schema: JSONSchemaProps): JSONSchemaProps {
  if (schema['x-kubernetes-validations']) schema['x-kubernetes-validations'] = [...schema['x-kubernetes-validations']];
  if (schema['x-kubernetes-list-map-keys']) schema['x-kubernetes-list-map-keys'] = [...schema['x-kubernetes-list-map-keys']];
  return schema;
}

/** The priority table, for documentation and tests: marker name → priority, for every schema-shaping marker. */
export function schemaPriorities(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of markerDefinitions) {
    if (d.schema) out[d.name] = d.schema.priority;
  }
  return out;
}
