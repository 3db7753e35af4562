/**
 * Validating values against CRD schemas with ajv: defaults against their own field's schema (at generation time),
 * and sample objects against generated CRDs (in tests). CEL rules (`x-kubernetes-validations`) are not evaluated
 * here; everything else the apiserver's OpenAPI validation checks is (types, formats, enums, bounds, patterns,
 * required, nullable, int-or-string).
 *
 * `pattern` (and `patternProperties`) run on RE2 (re2js, Go's regexp semantics, linear time), as in the
 * apiserver, never on JavaScript's backtracking engine. A default check also runs under a time budget: every
 * pattern and format evaluation first checks it, and a check that overruns it is reported, never waited for.
 */
import Ajv, { type Format, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types';
import addFormats from 'ajv-formats';
import { compileRE2 } from '../markers/regex';
import { jsonObject, setOwn } from '../core/json';
import type { JSONSchemaProps } from '../core/schema';

/** How long one default check may take, in milliseconds. */
export const DEFAULT_CHECK_BUDGET_MS = 2000;

/** Thrown (and caught below) when a check overruns its budget. */
class BudgetExceeded extends Error {}

/** The deadline of the check in progress (performance.now() time), if any. */
let deadline: number | undefined;

function checkDeadline(): void {
  if (deadline !== undefined && performance.now() >= deadline) throw new BudgetExceeded();
}

/**
 * ajv's regular-expression engine: RE2 through re2js (ajv passes `u`; RE2 is always Unicode-aware). ajv keys its
 * compiled patterns by `toString()`, so each expression names its pattern.
 */
const re2Engine: RegExpEngine = Object.assign(
  (pattern: string) => {
    const re = compileRE2(pattern);
    return {
      test: (s: string) => {
        checkDeadline();
        return re.test(s);
      },
      toString: () => `re2:${pattern}`,
    };
  },
  { code: 'require("re2js").RE2JS.compile' },
);

/** A format whose every evaluation first checks the budget. */
function budgeted(format: Format): Format {
  const wrap = (test: (s: string) => boolean) => (s: string) => {
    checkDeadline();
    return test(s);
  };
  if (format instanceof RegExp) return wrap((s) => format.test(s));
  if (typeof format === 'function') return wrap(format);
  if (typeof format === 'object' && !('async' in format && format.async)) {
    const v = format.validate;
    if (format.type === 'number') {
      const n = v as (x: number) => boolean;
      return { ...format, validate: (x: number) => (checkDeadline(), n(x)) };
    }
    return { ...format, validate: v instanceof RegExp ? wrap((s) => v.test(s)) : wrap(v as (s: string) => boolean) } as Format;
  }
  return format;
}

let shared: Ajv | undefined;

function ajv(): Ajv {
  if (!shared) {
    // ownProperties: a property is present only as an own key (`constructor` is not inherited data).
    shared = new Ajv({ strict: false, allErrors: true, validateFormats: true, ownProperties: true, code: { regExp: re2Engine } });
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
    for (const name of Object.keys(shared.formats)) {
      const f = shared.formats[name];
      if (f !== undefined && typeof f !== 'string' && f !== true) shared.addFormat(name, budgeted(f));
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
    else if (k === 'enum') out[k] = approximateBigints(v);
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

/**
 * Whether a schema's `default` satisfies the schema itself; returns the first problem or undefined. The check
 * runs under a budget of `budgetMs` milliseconds: overrunning it is a problem too, reported instead of waited for.
 */
export function validateDefault(schema: JSONSchemaProps, budgetMs = DEFAULT_CHECK_BUDGET_MS): string | undefined {
  if (schema.default === undefined) return undefined;
  if (schema.default === null && schema.nullable) return undefined;
  const start = performance.now();
  deadline = start + budgetMs;
  try {
    const errors = validateAgainst({ ...schema }, approximateBigints(schema.default));
    checkDeadline();
    return errors[0];
  } catch (e) {
    if (e instanceof BudgetExceeded) return `checking the default against its schema did not finish within ${budgetMs} ms`;
    return `cannot check the default: ${(e as Error).message}`;
  } finally {
    deadline = undefined;
  }
}

/**
 * `value` with every bigint (an integer beyond 2^53, kept exact for the CRD) replaced by the nearest double, so
 * ajv can check it: its type, bounds and enum are then checked to double precision; the marker grammar has
 * already checked that it fits int64 exactly.
 */
export function approximateBigints(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(approximateBigints);
  const out = jsonObject();
  for (const k of Object.keys(value)) setOwn(out, k, approximateBigints((value as Record<string, unknown>)[k]));
  return out;
}

/** The first enum value that does not have the schema's own type (e.g. `Enum=1;x` on an integer), or undefined. */
export function mistypedEnumValue(schema: JSONSchemaProps): unknown {
  if (!schema.enum || typeof schema.type !== 'string' || schema['x-kubernetes-int-or-string']) return undefined;
  const type = schema.type;
  return schema.enum.find((v) => {
    if (v === null) return !schema.nullable;
    switch (type) {
      case 'integer':
        return typeof v !== 'bigint' && !Number.isInteger(v);
      case 'number':
        return typeof v !== 'number' && typeof v !== 'bigint';
      case 'string':
        return typeof v !== 'string';
      case 'boolean':
        return typeof v !== 'boolean';
      default:
        return false;
    }
  });
}
