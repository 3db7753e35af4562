/**
 * controller-gen's `flattenAllOfInto` (pkg/crd/flatten.go), which decides how two schemas for one node merge:
 * a field's own markers over its named type's schema, and embedded types into the embedding struct.
 *
 * Per key, when both sides have a value: `properties` merge recursively; `required` union (deduplicated, sorted);
 * `x-kubernetes-validations` concatenate; `additionalProperties` merge; `x-kubernetes-preserve-unknown-fields`
 * and `x-kubernetes-map-type` take the source's; `minProperties`/`maxProperties` keep an equal value; `type` must
 * agree (else an error); `enum` is taken from the source only when the destination has none; equal strings and
 * booleans stay; everything else — including the pointer-valued bounds, even when equal, as Go compares pointers
 * — is hoisted into a residual `allOf: [destination's, source's]` rather than lost. Copy on write: `dst` itself is
 * changed, but a node below it (possibly shared with other schemas) is copied before it is merged into, and `src`
 * is never changed (its nodes may end up shared by `dst`). Docs (`description`, `title`,
 * `example`, `externalDocs`) are never merged here: callers decide them first.
 */
import { setOwn, shallowCopy } from '../core/json';
import type { JSONSchemaProps } from '../core/schema';

/** Keys whose Go type is a pointer, slice or otherwise not comparable: both present → hoisted. */
const HOISTED_WHEN_BOTH = new Set([
  'default',
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'multipleOf',
  'items',
  'oneOf',
  'anyOf',
  'not',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
]);
const DOC_KEYS = new Set(['title', 'description', 'example', 'externalDocs']);

export interface FlattenOptions {
  /** Order of concatenated `x-kubernetes-validations`: the source's first (Go's order) or the destination's. */
  validationsFirst: 'src' | 'dst';
  /** `path`: the property names from the merged node down to the conflict (empty at the node itself). */
  onTypeConflict: (dstType: string, srcType: string, path: readonly string[]) => void;
}

export function flattenAllOfInto(dst: JSONSchemaProps, src: JSONSchemaProps, opts: FlattenOptions, path: readonly string[] = []): void {
  for (const e of src.allOf ?? []) flattenAllOfInto(dst, e, opts, path);
  const d = dst as Record<string, unknown>;
  const s = src as Record<string, unknown>;
  const dstRem: Record<string, unknown> = {};
  const srcRem: Record<string, unknown> = {};
  let hoisted = false;
  for (const key of Object.keys(s)) {
    if (key === 'allOf' || DOC_KEYS.has(key)) continue;
    const sv = s[key];
    if (key === 'enum') {
      if (Array.isArray(sv) && sv.length > 0 && !(Array.isArray(d.enum) && (d.enum as unknown[]).length > 0)) d.enum = [...(sv as unknown[])];
      continue;
    }
    if (isEmpty(sv)) continue;
    const dv = d[key];
    if (isEmpty(dv)) {
      d[key] = sv;
      continue;
    }
    if ((typeof sv === 'string' || typeof sv === 'boolean') && sv === dv && !HOISTED_WHEN_BOTH.has(key)) continue;
    switch (key) {
      case 'properties': {
        // Copy on write: the map and the merged property may be shared with other schemas.
        const dp = shallowCopy(dv as Record<string, JSONSchemaProps>);
        d.properties = dp;
        const sp = sv as Record<string, JSONSchemaProps>;
        for (const [name, p] of Object.entries(sp)) {
          const existing = Object.hasOwn(dp, name) ? dp[name] : undefined;
          if (existing === undefined) setOwn(dp, name, p);
          else {
            const merged = shallowCopy(existing);
            setOwn(dp, name, merged);
            flattenAllOfInto(merged, p, opts, [...path, name]);
          }
        }
        break;
      }
      case 'required':
        d.required = [...(dv as string[]), ...(sv as string[])];
        break;
      case 'minProperties':
      case 'maxProperties':
        if (sv === dv) break;
        dstRem[key] = dv;
        srcRem[key] = sv;
        delete d[key];
        hoisted = true;
        break;
      case 'type':
        if (sv !== dv) opts.onTypeConflict(String(dv), String(sv), path);
        break;
      case 'additionalProperties': {
        if (typeof sv !== 'object') break;
        const merged: JSONSchemaProps = typeof dv === 'object' ? shallowCopy(dv as JSONSchemaProps) : {};
        d.additionalProperties = merged;
        flattenAllOfInto(merged, sv as JSONSchemaProps, opts, [...path, '*']);
        break;
      }
      case 'x-kubernetes-preserve-unknown-fields':
      case 'x-kubernetes-map-type':
        d[key] = sv;
        break;
      case 'x-kubernetes-validations':
        d[key] = opts.validationsFirst === 'src' ? [...(sv as unknown[]), ...(dv as unknown[])] : [...(dv as unknown[]), ...(sv as unknown[])];
        break;
      default:
        dstRem[key] = dv;
        srcRem[key] = sv;
        delete d[key];
        hoisted = true;
    }
  }
  if (hoisted) dst.allOf = [...(dst.allOf ?? []), dstRem, srcRem];
  if (dst.required && dst.required.length > 0) dst.required = [...new Set(dst.required)].sort();
}

/** Go's zero value / nil for a JSONSchemaProps field. */
function isEmpty(v: unknown): boolean {
  return v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0);
}

/**
 * Drop what Go's `encoding/json` drops for apiextensions' JSONSchemaProps (`omitempty`): empty strings, `false`
 * booleans (but not the pointer-valued `x-kubernetes-preserve-unknown-fields`), empty lists and empty maps.
 * Applied to the whole schema before serialisation so the output is what controller-gen writes.
 *
 * Pure: returns a new tree and leaves `schema` as it is (its nodes may be shared with other schemas). A node
 * reached twice — a named type's schema used at several places — is converted once and the result shared; pass
 * the same `memo` to share across calls.
 */
export function omitEmpty(schema: JSONSchemaProps, memo: WeakMap<object, JSONSchemaProps> = new WeakMap()): JSONSchemaProps {
  const known = memo.get(schema);
  if (known) return known;
  const s = schema as Record<string, unknown>;
  const out = Object.create(Object.getPrototypeOf(schema) as object | null) as Record<string, unknown>;
  for (const k of Object.keys(s)) {
    const v = s[k];
    if (k === 'default' || k === 'example' || k === 'enum' || k === 'x-kubernetes-preserve-unknown-fields') {
      setOwn(out, k, v);
      continue;
    }
    if (v === '' || v === false || (Array.isArray(v) && v.length === 0)) continue;
    if (k === 'properties') {
      const props = v as Record<string, JSONSchemaProps>;
      const entries = Object.entries(props);
      if (entries.length === 0) continue;
      const copy = Object.create(Object.getPrototypeOf(props) as object | null) as Record<string, JSONSchemaProps>;
      for (const [name, p] of entries) setOwn(copy, name, omitEmpty(p, memo));
      out.properties = copy;
    } else if (k === 'items' || k === 'not' || (k === 'additionalProperties' && typeof v === 'object')) setOwn(out, k, omitEmpty(v as JSONSchemaProps, memo));
    else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') setOwn(out, k, (v as JSONSchemaProps[]).map((b) => omitEmpty(b, memo)));
    else setOwn(out, k, v);
  }
  const result = out as JSONSchemaProps;
  memo.set(schema, result);
  return result;
}
