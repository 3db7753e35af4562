/**
 * `Constraints`: what the apiserver enforces on a value, resolved once from a field's or a type's validation markers
 * for code emitters that document it (the generated types' TSDoc). The markers are applied through the marker
 * registry — the same `applySchemaMarkers` the schema builder runs — to a scratch schema of the value's type, and
 * what they added is read back, so the two never disagree about what a marker means. Markers that cannot apply add
 * nothing here; the schema builder reports them.
 */
import { applySchemaMarkers } from '../markers';
import type { JSONSchemaProps } from '../core/schema';
import { wellKnownSchema } from '../core/wellknown';
import type { Constraints, MarkerValue, TypeRef } from './types';
import type { TypeIndex } from './util';

/** The constraints `markers` put on a value of type `type`, or undefined when they put none. */
export function resolveConstraints(markers: readonly MarkerValue[], type: TypeRef, index: TypeIndex): Constraints | undefined {
  if (markers.length === 0) return undefined;
  const seed = seedSchema(type, index, 0);
  const schema = structuredClone(seed);
  applySchemaMarkers(schema, markers, { resolvedType: seed.type });
  return readConstraints(schema, seed);
}

/** The schema of a type as far as marker checks look: its `type`, its items' type, int-or-string. */
function seedSchema(t: TypeRef, index: TypeIndex, depth: number): JSONSchemaProps {
  for (let i = 0; t.kind === 'named' && i < 64; i++) {
    const d = index.decl(t.package, t.name);
    if (!d) return {};
    t = d.type;
  }
  switch (t.kind) {
    case 'primitive':
      return { type: t.name === 'number' ? 'number' : t.name };
    case 'wellKnown':
      return wellKnownSchema(t.name);
    case 'enum':
      return { type: t.base };
    case 'array':
      return { type: 'array', items: depth < 2 ? seedSchema(t.items, index, depth + 1) : {} };
    case 'map':
    case 'struct':
      return { type: 'object' };
    default:
      return {};
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) === JSON.stringify(b, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** What `schema` holds beyond `seed`, as constraints. */
function readConstraints(schema: JSONSchemaProps, seed: JSONSchemaProps): Constraints | undefined {
  const c: Constraints = {};
  const changed = <K extends keyof JSONSchemaProps>(k: K): JSONSchemaProps[K] | undefined => (schema[k] !== undefined && !same(schema[k], seed[k]) ? schema[k] : undefined);
  const minimum = changed('minimum');
  if (minimum !== undefined) c.minimum = minimum;
  const maximum = changed('maximum');
  if (maximum !== undefined) c.maximum = maximum;
  if (changed('exclusiveMinimum') === true) c.exclusiveMinimum = true;
  if (changed('exclusiveMaximum') === true) c.exclusiveMaximum = true;
  const multipleOf = changed('multipleOf');
  if (multipleOf !== undefined) c.multipleOf = multipleOf;
  const minLength = changed('minLength');
  if (minLength !== undefined) c.minLength = minLength;
  const maxLength = changed('maxLength');
  if (maxLength !== undefined) c.maxLength = maxLength;
  const pattern = changed('pattern');
  if (pattern !== undefined) c.pattern = pattern;
  const format = changed('format');
  if (format !== undefined && format !== '') c.format = format;
  const values = changed('enum');
  if (values !== undefined) c.enum = values;
  const minItems = changed('minItems');
  if (minItems !== undefined) c.minItems = minItems;
  const maxItems = changed('maxItems');
  if (maxItems !== undefined) c.maxItems = maxItems;
  if (changed('uniqueItems') === true) c.uniqueItems = true;
  const minProperties = changed('minProperties');
  if (minProperties !== undefined) c.minProperties = minProperties;
  const maxProperties = changed('maxProperties');
  if (maxProperties !== undefined) c.maxProperties = maxProperties;
  const listType = changed('x-kubernetes-list-type');
  if (listType !== undefined) c.listType = listType;
  const listMapKeys = changed('x-kubernetes-list-map-keys');
  if (listMapKeys !== undefined) c.listMapKeys = [...listMapKeys];
  const mapType = changed('x-kubernetes-map-type');
  if (mapType !== undefined) c.mapType = mapType;
  if (changed('nullable') === true) c.nullable = true;
  const rules = changed('x-kubernetes-validations');
  if (rules !== undefined) c.rules = rules.map((r) => (r.message !== undefined ? { rule: r.rule, message: r.message } : { rule: r.rule }));
  if (schema.items && seed.items) {
    const items = readConstraints(schema.items, seed.items);
    if (items) c.items = items;
  }
  return Object.keys(c).length > 0 ? c : undefined;
}
