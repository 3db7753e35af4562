/**
 * Where two versions' schemas of one kind differ, as the API server's `None` conversion would feel it: with strategy
 * None it only rewrites `apiVersion`, so a property one version has and the other lacks is pruned (data lost), and a
 * property whose schema differs may fail validation in the other version. Documentation (`description`, `title`,
 * `example`, `externalDocs`) is not a difference. Pure; walks both schemas by own keys.
 */
import type { SchemaStep } from './structural';
import type { JSONSchemaProps } from '../core/schema';

/** One difference: a property only one side has (`a` or `b` undefined), a renamed pair, or a changed schema. */
export interface SchemaDifference {
  /** The path in the first schema (undefined: the property is only in the second). */
  a?: SchemaStep[];
  /** The path in the second schema (undefined: the property is only in the first). */
  b?: SchemaStep[];
  /** For a changed schema (both paths set and equal): what differs, e.g. `type`, `maxLength`. */
  changed?: string[];
}

const DOC_KEYS = new Set(['description', 'title', 'example', 'externalDocs']);
const STRUCTURE_KEYS = new Set(['properties', 'items', 'additionalProperties']);

/**
 * The differences between two schemas, in property order: at each object, properties only in `a` are paired in
 * order with properties only in `b` (a renamed field reads `a.x vs b.y`); the rest are one-sided. At most `limit`.
 */
export function schemaDifferences(a: JSONSchemaProps, b: JSONSchemaProps, limit = 10): SchemaDifference[] {
  const out: SchemaDifference[] = [];
  walk(a, b, [], out, limit);
  return out;
}

function walk(a: JSONSchemaProps, b: JSONSchemaProps, path: SchemaStep[], out: SchemaDifference[], limit: number): void {
  if (out.length >= limit) return;
  const changed = changedKeys(a, b);
  if (changed.length > 0) out.push({ a: path, b: path, changed });
  const pa = a.properties ?? {};
  const pb = b.properties ?? {};
  const onlyA = Object.keys(pa).filter((k) => !Object.hasOwn(pb, k));
  const onlyB = Object.keys(pb).filter((k) => !Object.hasOwn(pa, k));
  for (let i = 0; i < Math.max(onlyA.length, onlyB.length) && out.length < limit; i++) {
    const d: SchemaDifference = {};
    const [inA, inB] = [onlyA[i], onlyB[i]];
    if (inA !== undefined) d.a = [...path, { property: inA }];
    if (inB !== undefined) d.b = [...path, { property: inB }];
    out.push(d);
  }
  for (const [k, va] of Object.entries(pa)) {
    const vb = Object.hasOwn(pb, k) ? pb[k] : undefined;
    if (vb !== undefined) walk(va, vb, [...path, { property: k }], out, limit);
  }
  if (a.items && b.items) walk(a.items, b.items, [...path, '[]'], out, limit);
  if (typeof a.additionalProperties === 'object' && typeof b.additionalProperties === 'object') walk(a.additionalProperties, b.additionalProperties, [...path, '{}'], out, limit);
}

/** The keys (other than documentation and the structure walked separately) whose values differ. */
function changedKeys(a: JSONSchemaProps, b: JSONSchemaProps): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const out: string[] = [];
  for (const k of [...keys].sort()) {
    if (DOC_KEYS.has(k)) continue;
    const va: unknown = Object.hasOwn(a, k) ? (a as Record<string, unknown>)[k] : undefined;
    const vb: unknown = Object.hasOwn(b, k) ? (b as Record<string, unknown>)[k] : undefined;
    if (STRUCTURE_KEYS.has(k)) {
      // presence and kind (an object vs a boolean) only; the contents are walked
      if ((va === undefined) !== (vb === undefined) || typeof va !== typeof vb || (typeof va === 'boolean' && va !== vb)) out.push(k);
      continue;
    }
    if (k === 'required') {
      // a property only one side has is its own difference; compare what both have
      const common = (r: unknown): string[] =>
        Array.isArray(r) ? r.filter((n): n is string => typeof n === 'string' && Object.hasOwn(a.properties ?? {}, n) && Object.hasOwn(b.properties ?? {}, n)).sort() : [];
      if (canonical(common(va)) !== canonical(common(vb))) out.push(k);
      continue;
    }
    if (canonical(stripDocs(va)) !== canonical(stripDocs(vb))) out.push(k);
  }
  return out;
}

/** A value with documentation keys removed from every nested schema-like object (allOf branches …). */
function stripDocs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripDocs);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v)) if (!DOC_KEYS.has(k)) out[k] = stripDocs((v as Record<string, unknown>)[k]);
  return out;
}

/** JSON with sorted keys (bigints as their digits), so equal values compare equal. */
function canonical(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
