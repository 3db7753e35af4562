/**
 * The apiserver's structural-schema rules (apiextensions-apiserver `pkg/apiserver/schema`), checked on kubegen's
 * own output before anything is written, so a violation is reported at the TypeScript source instead of by the
 * cluster at `kubectl apply` time.
 *
 * `structuralViolations(schema)` is pure: it returns each violation with the path of the offending node, as a
 * list of steps (`{property}`, `[]` for items, `{}` for additionalProperties).
 */
import type { JSONSchemaProps } from '../core/schema';

export type SchemaStep = { property: string } | '[]' | '{}';

export interface StructuralViolation {
  path: SchemaStep[];
  message: string;
}

const FORBIDDEN_KEYS = ['$ref', '$schema', 'id', 'definitions', 'dependencies', 'patternProperties', 'additionalItems'];
const FORBIDDEN_IN_JUNCTORS: Array<keyof JSONSchemaProps> = ['description', 'type', 'default', 'additionalProperties', 'nullable'];

export function structuralViolations(root: JSONSchemaProps): StructuralViolation[] {
  const out: StructuralViolation[] = [];
  walk(root, [], out);
  const meta = root.properties?.metadata;
  if (meta) {
    const allowed = new Set(['name', 'generateName']);
    for (const p of Object.keys(meta.properties ?? {})) {
      if (!allowed.has(p)) out.push({ path: [{ property: 'metadata' }, { property: p }], message: 'at the root, metadata may only restrict name and generateName' });
    }
    if (meta.type !== 'object') out.push({ path: [{ property: 'metadata' }], message: 'metadata must be of type object' });
  }
  if (root.type !== 'object') out.push({ path: [], message: 'the root schema must be of type object' });
  return out;
}

function walk(s: JSONSchemaProps, path: SchemaStep[], out: StructuralViolation[]): void {
  const add = (message: string) => out.push({ path, message });
  const raw = s as Record<string, unknown>;
  for (const k of FORBIDDEN_KEYS) if (raw[k] !== undefined) add(`${k} is not allowed in a CRD schema`);
  const intOrString = s['x-kubernetes-int-or-string'] === true;
  const preserve = s['x-kubernetes-preserve-unknown-fields'] === true;
  if (!s.type && !intOrString && !preserve) add('type must not be empty (unless x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields is true)');
  if (s['x-kubernetes-preserve-unknown-fields'] === false) add('x-kubernetes-preserve-unknown-fields must be true or absent');
  if (intOrString) {
    if (s.type) add('x-kubernetes-int-or-string requires an empty type');
    const any = s.anyOf ?? s.allOf?.find((a) => a.anyOf)?.anyOf;
    if (any && !(any.length === 2 && any[0]?.type === 'integer' && any[1]?.type === 'string')) add('x-kubernetes-int-or-string requires anyOf [{type: integer}, {type: string}]');
  }
  if (s['x-kubernetes-embedded-resource']) {
    if (s.type !== 'object') add('x-kubernetes-embedded-resource requires type object');
    if (!preserve && !s.properties) add('x-kubernetes-embedded-resource requires properties or x-kubernetes-preserve-unknown-fields');
  }
  if (s.properties && s.additionalProperties !== undefined) add('properties and additionalProperties are mutually exclusive');
  if (s.additionalProperties === false) add('additionalProperties: false is not allowed');
  if (s.type === 'array' && !s.items) add('items must be specified for arrays');
  if (s.uniqueItems === true) add('uniqueItems cannot be true (the apiserver forbids it; use x-kubernetes-list-type: set)');
  if (s['x-kubernetes-map-type'] && s.type !== 'object') add('x-kubernetes-map-type is only allowed on objects');
  const listType = s['x-kubernetes-list-type'];
  if (listType && s.type !== 'array') add('x-kubernetes-list-type is only allowed on arrays');
  if (s['x-kubernetes-list-map-keys'] && listType !== 'map') add('x-kubernetes-list-map-keys requires x-kubernetes-list-type: map');
  if (listType === 'map') {
    const keys = s['x-kubernetes-list-map-keys'] ?? [];
    if (keys.length === 0) add('x-kubernetes-list-type: map requires x-kubernetes-list-map-keys');
    const items = s.items;
    if (items && items.type !== 'object') add('x-kubernetes-list-type: map requires items of type object');
    for (const k of keys) {
      const p = items?.properties?.[k];
      if (!p) add(`list map key "${k}" is not a property of the items`);
      else {
        if (p.type === 'object' || p.type === 'array') add(`list map key "${k}" must be a scalar`);
        if (!(items.required ?? []).includes(k) && p.default === undefined) add(`list map key "${k}" must be required or have a default`);
      }
    }
  }
  if (listType === 'set' && s.items && (s.items.type === 'object' || s.items.type === 'array') && s.items['x-kubernetes-map-type'] !== 'atomic' && s.items['x-kubernetes-list-type'] !== 'atomic') {
    add('x-kubernetes-list-type: set requires scalar or atomic items');
  }
  for (const j of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const branch of s[j] ?? []) checkJunctor(branch, path, out, intOrString && j === 'anyOf');
  }
  if (s.not) checkJunctor(s.not, path, out, false);
  for (const [name, p] of Object.entries(s.properties ?? {})) walk(p, [...path, { property: name }], out);
  if (s.items) walk(s.items, [...path, '[]'], out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, [...path, '{}'], out);
}

/** Inside allOf/anyOf/oneOf/not: value validation only (the IntOrString `anyOf` types excepted). */
function checkJunctor(s: JSONSchemaProps, path: SchemaStep[], out: StructuralViolation[], intOrStringBranch: boolean): void {
  for (const k of FORBIDDEN_IN_JUNCTORS) {
    if (k === 'type' && intOrStringBranch) continue;
    if (s[k] !== undefined) out.push({ path, message: `${k} is not allowed inside allOf/anyOf/oneOf/not` });
  }
  for (const p of Object.values(s.properties ?? {})) checkJunctor(p, path, out, false);
  if (s.items) checkJunctor(s.items, path, out, false);
}

export function formatSchemaPath(path: SchemaStep[]): string {
  if (path.length === 0) return '<root>';
  return path.map((s) => (s === '[]' ? '[*]' : s === '{}' ? '{*}' : `.${s.property}`)).join('');
}
