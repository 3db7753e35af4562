/**
 * fast-check arbitraries generated from a CRD schema (apiextensions.k8s.io/v1 JSONSchemaProps), for property
 * tests of anything that handles API objects (deepcopy, defaulting, conversion, validation …).
 *
 *   fc.assert(fc.property(schemaArbitrary(schema), (obj) => …));
 *
 * Coverage: `type` object / array / string / integer / number / boolean; `properties` with `required` (optional
 * properties are sometimes absent); `additionalProperties` (schema or `true`); `items`; `enum`; `nullable`;
 * `x-kubernetes-int-or-string` (and the `anyOf` it comes with); `x-kubernetes-preserve-unknown-fields`
 * (arbitrary JSON there); `format` int32 / int64 / date-time / byte; `pattern` (via `fc.stringMatching`);
 * `minimum` / `maximum`, `minLength` / `maxLength`, `minItems` / `maxItems`. A schema without a type is any JSON.
 *
 * With `unknownFields: true`, objects with declared properties also get a few keys the schema does not declare,
 * holding arbitrary JSON — the shape of an object written by a newer version of the API.
 */
import fc from 'fast-check';
import type { JSONSchemaProps } from '../../generator/schema/types';

export interface SchemaArbitraryOptions {
  /** Add undeclared keys with arbitrary JSON to objects that declare properties. Default false. */
  unknownFields?: boolean;
  /** Maximum length of generated arrays and maps (unless the schema says more). Default 3. */
  maxLength?: number;
  /** Depth limit for arbitrary JSON values (preserve-unknown-fields, unknown fields). Default 2. */
  jsonDepth?: number;
}

/** Any JSON value (no undefined, no -0, no NaN), with bounded depth. */
export function jsonValue(depth = 2, maxLength = 3): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => (Object.is(d, -0) ? 0 : d)), fc.boolean(), fc.constant(null));
  if (depth <= 0) return leaf;
  const inner = jsonValue(depth - 1, maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(inner, { maxLength }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), inner, { maxKeys: maxLength, noNullPrototype: true }) },
  );
}

export function schemaArbitrary(schema: JSONSchemaProps, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  const opts = { unknownFields: false, maxLength: 3, jsonDepth: 2, ...options };
  const arb = build(schema, opts);
  return schema.nullable ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: arb }) : arb;
}

function build(schema: JSONSchemaProps, opts: Required<SchemaArbitraryOptions>): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema['x-kubernetes-int-or-string']) return fc.oneof(fc.integer({ min: 0, max: 65535 }), fc.string({ minLength: 1, maxLength: 8 }));
  switch (schema.type) {
    case 'object':
      return objectArbitrary(schema, opts);
    case 'array': {
      const items = schema.items ? schemaArbitrary(schema.items, opts) : jsonValue(opts.jsonDepth, opts.maxLength);
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? opts.maxLength, opts.maxLength)) });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const wide = schema.format === 'int64' ? Number.MAX_SAFE_INTEGER : 2 ** 31 - 1;
      const min = Math.max(schema.minimum !== undefined ? Math.ceil(schema.minimum + (schema.exclusiveMinimum ? 1 : 0)) : -wide - 1, -Number.MAX_SAFE_INTEGER);
      const max = Math.min(schema.maximum !== undefined ? Math.floor(schema.maximum - (schema.exclusiveMaximum ? 1 : 0)) : wide, Number.MAX_SAFE_INTEGER);
      return fc.integer({ min, max });
    }
    case 'number':
      return fc
        .double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 })
        .map((d) => (Object.is(d, -0) ? 0 : d));
    case 'boolean':
      return fc.boolean();
    default:
      return jsonValue(opts.jsonDepth, opts.maxLength);
  }
}

function stringArbitrary(schema: JSONSchemaProps): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  }
  if (schema.format === 'byte') return fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b).toString('base64'));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => lengthOk(s, schema));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 10, 10) });
}

function lengthOk(s: string, schema: JSONSchemaProps): boolean {
  return s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
}

function objectArbitrary(schema: JSONSchemaProps, opts: Required<SchemaArbitraryOptions>): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) {
    if (schema.additionalProperties && schema.additionalProperties !== true) {
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), schemaArbitrary(schema.additionalProperties, opts), { maxKeys: opts.maxLength, noNullPrototype: true });
    }
    if (schema.additionalProperties === true || schema['x-kubernetes-preserve-unknown-fields']) {
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), jsonValue(opts.jsonDepth, opts.maxLength), { maxKeys: opts.maxLength, noNullPrototype: true });
    }
    return fc.constant({});
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const n of names) record[n] = schemaArbitrary(props[n], opts);
  const required = (schema.required ?? []).filter((n) => n in props);
  const base = fc.record(record, { requiredKeys: required, noNullPrototype: true });
  const extra = opts.unknownFields || schema['x-kubernetes-preserve-unknown-fields'];
  if (!extra) return base;
  const unknownKey = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !(k in props) && k !== '__proto__');
  return fc.tuple(base, fc.dictionary(unknownKey, jsonValue(opts.jsonDepth, opts.maxLength), { maxKeys: 2, noNullPrototype: true })).map(([o, u]) => ({ ...(o as object), ...u }));
}
