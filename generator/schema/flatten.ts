/**
 * controller-gen's `flattenAllOfInto` (pkg/crd/flatten.go), which decides how two schemas for one node merge:
 * a field's own markers over its named type's schema, and embedded types into the embedding struct.
 *
 * Per key, when both sides have a value: `properties` merge recursively; `required` union (deduplicated, sorted);
 * `x-kubernetes-validations` concatenate; `additionalProperties` merge; `x-kubernetes-preserve-unknown-fields`
 * and `x-kubernetes-map-type` take the source's; `minProperties`/`maxProperties` keep an equal value; `type` must
 * agree (else an error); `enum` is taken from the source only when the destination has none; equal strings and
 * booleans stay; everything else — including the pointer-valued bounds, even when equal, as Go compares pointers
 * — is hoisted into a residual `allOf: [destination's, source's]` rather than lost. Docs (`description`, `title`,
 * `example`, `externalDocs`) are never merged here: callers decide them first.
 */
import { setOwn } from './json';
import type { JSONSchemaProps } from './types';

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
        const dp = dv as Record<string, JSONSchemaProps>;
        for (const [name, p] of Object.entries(sv as Record<string, JSONSchemaProps>)) {
          if (!Object.hasOwn(dp, name)) setOwn(dp, name, p);
          else flattenAllOfInto(dp[name], p, opts, [...path, name]);
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
      case 'additionalProperties':
        if (typeof sv !== 'object') break;
        if (typeof dv !== 'object') d.additionalProperties = {};
        flattenAllOfInto(d.additionalProperties as JSONSchemaProps, sv as JSONSchemaProps, opts, [...path, '*']);
        break;
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
 */
export function omitEmpty(schema: JSONSchemaProps): JSONSchemaProps {
  const s = schema as Record<string, unknown>;
  for (const [k, v] of Object.entries(s)) {
    if (k === 'default' || k === 'example' || k === 'enum') continue;
    if (k === 'x-kubernetes-preserve-unknown-fields') continue;
    if (v === '' || v === false || (Array.isArray(v) && v.length === 0)) delete s[k];
    else if (k === 'properties') {
      const props = v as Record<string, JSONSchemaProps>;
      if (Object.keys(props).length === 0) delete s[k];
      else for (const p of Object.values(props)) omitEmpty(p);
    } else if (k === 'items' || k === 'not' || (k === 'additionalProperties' && typeof v === 'object')) omitEmpty(v as JSONSchemaProps);
    else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') for (const b of v as JSONSchemaProps[]) omitEmpty(b);
  }
  return schema;
}
