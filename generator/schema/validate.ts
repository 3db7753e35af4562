/**
 * Validating values against CRD schemas with ajv: defaults against their own field's schema (at generation time),
 * and sample objects against generated CRDs (in tests). CEL rules (`x-kubernetes-validations`) are not evaluated
 * here; everything else the apiserver's OpenAPI validation checks is (types, formats, enums, bounds, patterns,
 * required, nullable, int-or-string).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JSONSchemaProps } from './types';

let shared: Ajv | undefined;

function ajv(): Ajv {
  if (!shared) {
    shared = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(shared);
    const integerFormat = (bits: number) => ({
      type: 'number' as const,
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** (bits - 1),
    });
    shared.addFormat('int32', integerFormat(32));
    shared.addFormat('int64', integerFormat(64));
    shared.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
    // Formats the apiserver accepts but does not constrain beyond its type in ajv's terms.
    for (const f of ['password', 'float', 'double', 'int-or-string', 'quantity', 'duration', 'bsonobjectid', 'cidr', 'mac', 'isbn', 'isbn10', 'isbn13', 'creditcard', 'ssn', 'hexcolor', 'rgbcolor', 'datetime']) {
      if (!shared.formats[f]) shared.addFormat(f, true);
    }
  }
  return shared;
}

/** A JSON-Schema-draft-07 view of a CRD schema that ajv understands; defaults and examples dropped. */
export function toAjvSchema(schema: JSONSchemaProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k.startsWith('x-kubernetes-') || k === 'default' || k === 'example' || k === 'externalDocs' || k === 'title' || k === 'description') continue;
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as Record<string, JSONSchemaProps>).map(([n, s]) => [n, toAjvSchema(s)]));
    else if (k === 'items' || k === 'not') out[k] = toAjvSchema(v as JSONSchemaProps);
    else if (k === 'additionalProperties') out[k] = typeof v === 'boolean' ? v : toAjvSchema(v as JSONSchemaProps);
    else if (k === 'allOf' || k === 'anyOf' || k === 'oneOf') out[k] = (v as JSONSchemaProps[]).map(toAjvSchema);
    else out[k] = v;
  }
  // An int-or-string node: its anyOf already allows both; string validations apply to strings only in k8s.
  if (schema['x-kubernetes-int-or-string'] && out.pattern !== undefined) {
    out.anyOf = [{ type: 'integer' }, { type: 'string', pattern: out.pattern }];
    delete out.pattern;
  }
  return out;
}

const compiled = new WeakMap<JSONSchemaProps, ValidateFunction>();
/** Compiled validators by their ajv schema's JSON: defaults of many fields share a few schemas, and compiling is costly. */
const compiledByText = new Map<string, ValidateFunction>();

/** Validate a value; returns ajv's error messages ('' path = the value itself), empty when valid. */
export function validateAgainst(schema: JSONSchemaProps, value: unknown): string[] {
  let fn = compiled.get(schema);
  if (!fn) {
    const ajvSchema = toAjvSchema(schema);
    const text = JSON.stringify(ajvSchema);
    fn = compiledByText.get(text);
    if (!fn) {
      fn = ajv().compile(ajvSchema);
      compiledByText.set(text, fn);
    }
    compiled.set(schema, fn);
  }
  if (fn(value)) return [];
  return (fn.errors ?? []).map((e) => {
    const allowed = e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}` : '';
    return `${e.instancePath || '(value)'} ${e.message ?? 'is invalid'}${allowed}`;
  });
}

/** Whether a schema's `default` satisfies the schema itself; returns the first problem or undefined. */
export function validateDefault(schema: JSONSchemaProps): string | undefined {
  if (schema.default === undefined) return undefined;
  if (schema.default === null && schema.nullable) return undefined;
  try {
    const errors = validateAgainst({ ...schema }, schema.default);
    return errors[0];
  } catch (e) {
    return `cannot check the default: ${(e as Error).message}`;
  }
}

/** The first enum value that does not have the schema's own type (e.g. `Enum=1;x` on an integer), or undefined. */
export function mistypedEnumValue(schema: JSONSchemaProps): unknown {
  if (!schema.enum || typeof schema.type !== 'string' || schema['x-kubernetes-int-or-string']) return undefined;
  const type = schema.type;
  return schema.enum.find((v) => {
    if (v === null) return !schema.nullable;
    switch (type) {
      case 'integer':
        return !Number.isInteger(v);
      case 'number':
        return typeof v !== 'number';
      case 'string':
        return typeof v !== 'string';
      case 'boolean':
        return typeof v !== 'boolean';
      default:
        return false;
    }
  });
}
