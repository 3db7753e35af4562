/**
 * Client-side validation of a custom resource as the apiserver validates a create (or an update): the object is
 * first made what the apiserver's decoder makes it (unknown fields pruned, non-nullable nulls dropped, defaults
 * applied), then checked in the apiserver's order —
 *
 * 1. embedded resources (`x-kubernetes-embedded-resource`: `apiVersion` and `kind` present and well formed);
 * 2. the OpenAPI schema, with kube-openapi's semantics and wording (`type` with int-or-string and `nullable`,
 *    `format` with the apiserver's string formats, `enum`, bounds, lengths counted in runes, `pattern` in RE2,
 *    `multipleOf`, `required`, `allOf`/`anyOf`/`oneOf`/`not`);
 * 3. `x-kubernetes-list-type` `set` and `map` uniqueness (`Duplicate value`);
 * 4. when the schema has CEL rules and nothing so far is a blocking error (`Required`, `Unsupported`, `Too long`,
 *    `Too many`, a wrong type), the `x-kubernetes-validations` rules (./cel.ts); otherwise the apiserver's
 *    "some validation rules were not checked" error.
 *
 * The input is untrusted JSON: walked by own keys, never changed (validation runs on a pruned, defaulted copy),
 * `__proto__` an ordinary key. An object may be as deep as the apiserver's JSON decoder accepts (Go's
 * encoding/json: 10,000 levels, see {@link MAX_DEPTH}); deeper, it is refused with the decoder's error. The walks
 * that follow the data rather than the schema (copies, equality, canonical texts, the CEL conversion) use explicit
 * stacks; the others descend with the schema, which is finite. Strings are checked in time linear in their length
 * (formats, RE2 patterns).
 */
import { fieldError, goFloat, goQuote, goValue, omitValue, type FieldError } from './errors';
import { checkFormat } from './formats';
import { depthBeyond, jsonEqual, jsonText } from './json';
import { compileRegex, RegexSyntaxError } from './re2';
import { hasRules, propertySchema, valueSchema, type ValidationSchema } from './schema';
import { celErrors } from './cel';

/**
 * The deepest nesting of objects and arrays an object may have: the apiserver decodes a request body with Go's
 * encoding/json, whose scanner refuses a container opened past 10,000 levels (`maxNestingDepth`) with
 * `invalid character '{' exceeded max depth`; the validator refuses such an object with the same error.
 */
export const MAX_DEPTH = 10_000;

/** How deep the schema-guided walks descend; a CRD schema is a finite tree, far shallower than this. */
const MAX_SCHEMA_DEPTH = 1000;

export interface ValidateOptions {
  /** The object as stored, for an update: transition rules (`oldSelf`) run only with it, as on the apiserver. */
  oldObject?: unknown;
}

export interface ValidatorOptions {
  /** The kind has the status subresource: the main resource's create drops `status`, its update keeps the stored one. */
  statusSubresource?: boolean;
  /** The kind's scale subresource: the replicas at its paths must be int32s, not negative; the selector a string. */
  scale?: ScaleSubresource;
}

/** The paths of a scale subresource, as in the CRD (`.spec.replicas`). */
export interface ScaleSubresource {
  readonly specReplicasPath: string;
  readonly statusReplicasPath: string;
  readonly labelSelectorPath?: string;
}

/** What validating one object found. */
export interface ValidationResult {
  /** No errors. */
  readonly valid: boolean;
  /** Every error, in the apiserver's order as far as it has one. */
  readonly errors: readonly FieldError[];
  /**
   * Rules that could not be evaluated here (they call a Kubernetes CEL library function kubegen does not evaluate
   * client-side, e.g. `quantity()`): `<path>: <rule>`. The apiserver still evaluates them.
   */
  readonly unchecked: readonly string[];
}

/** A validator bound to one kind version's schema, as generated packages export them (`validate<Kind>`). */
export type Validator<T> = (obj: T | Record<string, unknown>, options?: ValidateOptions) => ValidationResult;

/** Binds `schema` (a CRD version's `openAPIV3Schema`) into a validator. */
export function createValidator<T>(schema: ValidationSchema, options: ValidatorOptions = {}): Validator<T> {
  return (obj, opts) => validate(schema, obj, { ...options, ...opts });
}

/**
 * The passes of one kind version's validation, in the apiserver's order: the schema walker's (over a schema, below)
 * or a compiled validator's (generated per schema, ./compiled.ts). Each pass starts at the root, at path `''`.
 */
export interface ValidationPasses {
  /**
   * The root object pruned and defaulted (never changed: a value that needs neither may be shared) and its OpenAPI
   * schema checks, appended to `errors` as the walker's node pass orders them over the prepared value; in the same
   * walk, any container nested past {@link MAX_DEPTH} throws {@link NestingTooDeep} (the first in document order).
   */
  prepare(root: Record<string, unknown>, errors: FieldError[]): unknown;
  /**
   * The root object checked where it is, when it needs no preparing: true only where `prepare` would make of it the
   * object itself (nothing to prune, no null to drop, no default to apply, nothing nested too deep), and then the
   * errors appended are exactly `prepare`'s, in its order; false says nothing (what was appended is to be dropped),
   * and `prepare` decides. It may throw {@link NestingTooDeep}, which says nothing either. A compiled validator's
   * scan, which allocates nothing for a valid object; absent when the schema has a keyword it does not cover.
   */
  scan?: (root: Record<string, unknown>, errors: FieldError[]) => boolean;
  /** `x-kubernetes-embedded-resource` checks; absent when the schema has no embedded resource. */
  embedded?(v: unknown, errors: FieldError[]): void;
  /** `x-kubernetes-list-type` set and map uniqueness; absent when the schema has no such list. */
  lists?(v: unknown, errors: FieldError[]): void;
  /** The CEL rules; absent when the schema has none. */
  cel?(v: unknown, old: unknown, hasOld: boolean, errors: FieldError[], unchecked: string[]): void;
}

/** The walker's passes over a schema, made once per schema. */
const WALKERS = new WeakMap<ValidationSchema, ValidationPasses>();

function walkerPasses(schema: ValidationSchema): ValidationPasses {
  let passes = WALKERS.get(schema);
  if (passes) return passes;
  passes = {
    prepare: (root, errors) => {
      const tooDeep = nestingBeyond(root, MAX_DEPTH);
      if (tooDeep) throw new NestingTooDeep(tooDeep.opening);
      const value = prepare(root, schema, true, 0);
      node(value, schema, '', errors, 0);
      return value;
    },
    embedded: (v, errors) => { embedded(v, schema, '', errors, 0); },
    lists: (v, errors) => { listSetsAndMaps(v, schema, '', errors, 0); },
    ...(hasRules(schema) ? { cel: (v: unknown, old: unknown, hasOld: boolean, errors: FieldError[], unchecked: string[]) => { celErrors(schema, v, old, hasOld, errors, unchecked); } } : {}),
  };
  WALKERS.set(schema, passes);
  return passes;
}

const BLOCKING: ReadonlySet<string> = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

const NOT_CHECKED = 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

/** Validates `obj` against a CRD version's `openAPIV3Schema` as the apiserver does on create (or update, with `oldObject`). */
export function validate(schema: ValidationSchema, obj: unknown, options: ValidateOptions & ValidatorOptions = {}): ValidationResult {
  return runPasses(walkerPasses(schema), obj, options);
}

/** No error and no unchecked rule: the one result of every valid object (frozen, so that it can be shared). */
export const NONE: readonly never[] = Object.freeze([]);
export const VALID: ValidationResult = Object.freeze({ valid: true, errors: NONE, unchecked: NONE });

/** Thrown by a prepare pass at the first container (in document order) nested past {@link MAX_DEPTH}. */
export class NestingTooDeep extends Error {
  constructor(readonly opening: '{' | '[') {
    super(`invalid character '${opening}' exceeded max depth`);
  }
}

/** The result of an object nested past {@link MAX_DEPTH}: the decoder's error alone. */
export function tooDeepResult(opening: '{' | '['): ValidationResult {
  return { valid: false, errors: [fieldError('FieldValueInvalid', '<nil>', omitValue, `invalid character '${opening}' exceeded max depth`)], unchecked: NONE };
}

/**
 * Whether the passes' scan (when they have one) found `obj` needing no preparing, its errors appended to `errors`;
 * false (and what it appended to be dropped) where it needs preparing or is nested too deep, which `prepare` reports.
 */
export function scanned(passes: ValidationPasses, obj: Record<string, unknown>, errors: FieldError[]): boolean {
  const scan = passes.scan;
  if (scan === undefined) return false;
  try {
    return scan(obj, errors);
  } catch (e) {
    if (e instanceof NestingTooDeep) return false;
    throw e;
  }
}

/**
 * Validates `obj` with a kind version's passes as the apiserver does on create (or update, with `oldObject`): one
 * walk prepares the object, checks its schema and its nesting depth; the other passes (embedded resources, list
 * uniqueness, CEL) follow over the prepared value. A valid object's result is shared ({@link VALID}).
 */
export function runPasses(passes: ValidationPasses, obj: unknown, options: ValidateOptions & ValidatorOptions = {}): ValidationResult {
  if (!isObject(obj)) {
    return { valid: false, errors: [fieldError('FieldValueInvalid', '<nil>', omitValue, 'an object must be a JSON object')], unchecked: NONE };
  }
  const oldObject = isObject(options.oldObject) ? options.oldObject : undefined;
  // The status subresource: the stored status replaces the given one (a copy of the root only when that changes it).
  let input = obj;
  if (options.statusSubresource === true && (('status' in obj && own(obj, 'status')) || (oldObject !== undefined && own(oldObject, 'status')))) {
    // The dropped status (and the stored one) must still be decodable: both objects are checked whole first.
    for (const o of oldObject === undefined ? [obj] : [obj, oldObject]) {
      const tooDeep = nestingBeyond(o, MAX_DEPTH);
      if (tooDeep) return tooDeepResult(tooDeep.opening);
    }
    input = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(obj)) if (k !== 'status') setOwn(input, k, obj[k]);
    if (oldObject && own(oldObject, 'status')) setOwn(input, 'status', oldObject.status);
  }
  // The scan: an object that needs no preparing is the prepared value itself, checked where it is.
  const errors: FieldError[] = [];
  const ready = scanned(passes, input, errors);
  if (ready && errors.length === 0 && oldObject === undefined && !passes.embedded && !passes.lists && !passes.cel && !options.scale) return VALID;
  if (!ready) errors.length = 0;
  let value: unknown;
  let old: unknown;
  try {
    value = ready ? input : passes.prepare(input, errors);
    // The old object is prepared (and its depth checked) for the CEL rules; without them only its depth matters.
    if (oldObject !== undefined) {
      if (passes.cel) old = scanned(passes, oldObject, []) ? oldObject : passes.prepare(oldObject, []);
      else {
        const tooDeep = nestingBeyond(oldObject, MAX_DEPTH);
        if (tooDeep) return tooDeepResult(tooDeep.opening);
      }
    }
  } catch (e) {
    if (e instanceof NestingTooDeep) return tooDeepResult(e.opening);
    throw e;
  }
  const hasOld = oldObject !== undefined;
  let all = errors;
  if (passes.embedded) {
    const first: FieldError[] = [];
    passes.embedded(value, first);
    // An embedded apiVersion or kind that is not a string fails decoding (400): nothing else is checked.
    const undecodable = first.filter((e) => e.detail === 'must be a string');
    if (undecodable.length > 0) return { valid: false, errors: undecodable, unchecked: NONE };
    if (first.length > 0) all = first.concat(errors);
  }
  if (options.scale) scaleErrors(value, options.scale, all);
  if (passes.lists) passes.lists(value, all);
  let unchecked: string[] | undefined;
  if (passes.cel) {
    if (all.some((e) => BLOCKING.has(e.type))) all.push(fieldError('FieldValueInvalid', '<nil>', null, NOT_CHECKED));
    else passes.cel(value, old, hasOld, all, (unchecked = []));
  }
  if (all.length === 0 && (unchecked === undefined || unchecked.length === 0)) return VALID;
  return { valid: all.length === 0, errors: all, unchecked: unchecked ?? NONE };
}

/** How deep {@link nestingBeyond} recurses before it walks the rest with an explicit stack (./json.ts). */
const RECURSION_LIMIT = 256;

/**
 * {@link depthBeyond}, faster for the usual object: the first {@link RECURSION_LIMIT} levels by recursion (no
 * allocation), anything deeper with depthBeyond's explicit stack, so that no depth overflows the call stack.
 */
export function nestingBeyond(v: unknown, max: number, depth = 0): { opening: '{' | '[' } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  if (depth >= RECURSION_LIMIT) return depthBeyond(v, max - depth);
  if (depth + 1 > max) return { opening: Array.isArray(v) ? '[' : '{' };
  if (Array.isArray(v)) {
    for (const x of v) {
      const r = nestingBeyond(x, max, depth + 1);
      if (r) return r;
    }
    return undefined;
  }
  if (!isObject(v)) return undefined;
  // Own keys through `for … in` (V8's cached key list) rather than an array of them per object.
  for (const k in v) {
    if (!own(v, k)) continue;
    const x = v[k];
    if (typeof x !== 'object' || x === null) continue;
    const r = nestingBeyond(x, max, depth + 1);
    if (r) return r;
  }
  return undefined;
}

// eslint-disable-next-line @typescript-eslint/unbound-method -- always called through .call with its receiver, see own()
const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * Whether `k` is an own property of `o` (`Object.hasOwn`): `hasOwnProperty.call`, which V8's optimising compiler
 * turns into a map check where `Object.hasOwn` stays a builtin call (Node 20), on every key of every object.
 */
export function own(o: object, k: string): boolean {
  return hasOwnProperty.call(o, k);
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  // Null-prototype objects: only `__proto__` needs defining (an assignment would be a no-op setter call elsewhere).
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

function child(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** A deep copy of JSON (own keys, null-prototype objects), with an explicit stack. */
function copy(v: unknown): unknown {
  const top: unknown[] = [undefined];
  const stack: Array<{ v: unknown; into: unknown[] | Record<string, unknown>; at: number | string }> = [{ v, into: top, at: 0 }];
  for (let popped = stack.pop(); popped !== undefined; popped = stack.pop()) {
    const { v: x, into, at } = popped;
    let out: unknown = x;
    if (Array.isArray(x)) {
      const list = new Array<unknown>(x.length);
      for (let i = 0; i < x.length; i++) stack.push({ v: x[i], into: list, at: i });
      out = list;
    } else if (isObject(x)) {
      const obj = Object.create(null) as Record<string, unknown>;
      for (const k of Object.keys(x)) {
        setOwn(obj, k, null);
        stack.push({ v: x[k], into: obj, at: k });
      }
      out = obj;
    }
    if (Array.isArray(into)) into[at as number] = out;
    else setOwn(into, at as string, out);
  }
  return top[0];
}

/**
 * What the apiserver's decoder makes of `v`: unknown fields pruned (kept under `x-kubernetes-preserve-unknown-fields`,
 * and `apiVersion`/`kind`/`metadata` at the root and in embedded resources), nulls of non-nullable properties and map
 * values dropped, then defaults applied to absent properties (a default is itself prepared, so defaults inside it apply).
 */
function prepare(v: unknown, s: ValidationSchema, isRoot: boolean, depth: number): unknown {
  // Past the deepest schema kubegen walks, the value is kept as it is (copied).
  if (depth > MAX_SCHEMA_DEPTH) return copy(v);
  if (Array.isArray(v)) {
    const items = s.items;
    return items ? v.map((x) => prepare(x, items, false, depth + 1)) : copy(v);
  }
  if (!isObject(v)) return v;
  const out = Object.create(null) as Record<string, unknown>;
  const values = valueSchema(s);
  const keepUnknown = s['x-kubernetes-preserve-unknown-fields'] === true || s.additionalProperties === true;
  const resource = isRoot || s['x-kubernetes-embedded-resource'] === true;
  for (const k of Object.keys(v)) {
    const x = v[k];
    const prop = propertySchema(s, k);
    if (resource && k === 'metadata') {
      // ObjectMeta is the apiserver's, never pruned by the CRD schema.
      setOwn(out, k, copy(x));
    } else if (prop) {
      if (x === null && prop.nullable !== true) continue;
      setOwn(out, k, prepare(x, prop, false, depth + 1));
    } else if (values) {
      if (x === null && values.nullable !== true) continue;
      setOwn(out, k, prepare(x, values, false, depth + 1));
    } else if (keepUnknown || (resource && (k === 'apiVersion' || k === 'kind' || k === 'metadata'))) {
      setOwn(out, k, copy(x));
    }
  }
  for (const name of Object.keys(s.properties ?? {})) {
    const prop = propertySchema(s, name); // an own key of s.properties: always a schema
    if (prop !== undefined && prop.default !== undefined && !Object.hasOwn(out, name)) setOwn(out, name, prepare(copy(prop.default), prop, false, depth + 1));
  }
  return out;
}

/** Go's `%T` of a decoded JSON value. */
function goType(v: unknown): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number' || typeof v === 'bigint') return jsonType(v).goFormat;
  if (Array.isArray(v)) return '[]interface {}';
  return v === null ? '<nil>' : 'map[string]interface {}';
}

/** `unstructured.NestedFieldNoCopy` with the type check of `NestedInt64` / `NestedString`: the value, or the accessor error. */
function nested(obj: Record<string, unknown>, jsonPath: string, want: 'int64' | 'string'): { value?: unknown; error?: string } {
  const fields = jsonPath.replace(/^\./, '').split('.');
  let cursor: unknown = obj;
  for (const [i, field] of fields.entries()) {
    if (!isObject(cursor)) return { error: `.${fields.slice(0, i).join('.')} accessor error: ${goValue(cursor)} is of the type ${goType(cursor)}, expected map[string]interface{}` };
    if (!Object.hasOwn(cursor, field)) return {};
    cursor = cursor[field];
  }
  const ok = want === 'string' ? typeof cursor === 'string' : jsonType(cursor).type === 'integer' && cursor !== null;
  return ok ? { value: cursor } : { error: `.${fields.join('.')} accessor error: ${typeof cursor === 'string' ? cursor : goValue(cursor)} is of the type ${goType(cursor)}, expected ${want}` };
}

/** `ValidateScaleSpec` and `ValidateScaleStatus`: replicas are non-negative int32s, the label selector a string. */
export function scaleErrors(obj: unknown, scale: ScaleSubresource, errors: FieldError[]): void {
  if (!isObject(obj)) return;
  for (const path of [scale.specReplicasPath, scale.statusReplicasPath]) {
    const r = nested(obj, path, 'int64');
    const n = Number(r.value ?? 0);
    if (r.error !== undefined) errors.push(fieldError('FieldValueInvalid', path, 0, r.error));
    else if (n < 0) errors.push(fieldError('FieldValueInvalid', path, r.value, 'should be a non-negative integer'));
    else if (n > 2 ** 31 - 1) errors.push(fieldError('FieldValueInvalid', path, r.value, 'should be less than or equal to 2147483647'));
  }
  if (scale.labelSelectorPath !== undefined) {
    const r = nested(obj, scale.labelSelectorPath, 'string');
    if (r.error !== undefined) errors.push(fieldError('FieldValueInvalid', scale.labelSelectorPath, '', r.error));
  }
}

/** `schemaobjectmeta.Validate`: embedded resources carry a well-formed `apiVersion` and `kind`. */
function embedded(v: unknown, s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH) return;
  if (Array.isArray(v)) {
    const items = s.items;
    if (items) v.forEach((x, i) => { embedded(x, items, `${path}[${i}]`, errors, depth + 1); });
    return;
  }
  if (!isObject(v)) return;
  if (s['x-kubernetes-embedded-resource'] === true) embeddedResourceChecks(v, path, errors);
  for (const k of Object.keys(v)) {
    const sub = propertySchema(s, k) ?? valueSchema(s);
    if (sub) embedded(v[k], sub, child(path, k), errors, depth + 1);
  }
}

/** The checks of one embedded resource (an object): `apiVersion` and `kind` present and well formed. */
export function embeddedResourceChecks(v: Record<string, unknown>, path: string, errors: FieldError[]): void {
  if (!Object.hasOwn(v, 'apiVersion')) errors.push(fieldError('FieldValueRequired', child(path, 'apiVersion'), omitValue, ''));
  if (!Object.hasOwn(v, 'kind')) errors.push(fieldError('FieldValueRequired', child(path, 'kind'), omitValue, ''));
  const apiVersion = v.apiVersion;
  if (apiVersion !== undefined) {
    const at = child(path, 'apiVersion');
    if (typeof apiVersion !== 'string') errors.push(fieldError('FieldValueInvalid', at, apiVersion, 'must be a string'));
    else if (apiVersion.length === 0) errors.push(fieldError('FieldValueInvalid', at, apiVersion, 'must not be empty'));
    else if (apiVersion.split('/').length > 2) errors.push(fieldError('FieldValueInvalid', at, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
  }
  const kind = v.kind;
  if (kind !== undefined) {
    const at = child(path, 'kind');
    if (typeof kind !== 'string') errors.push(fieldError('FieldValueInvalid', at, kind, 'must be a string'));
    else if (kind.length === 0) errors.push(fieldError('FieldValueInvalid', at, kind, 'must not be empty'));
    else if (!DNS1035.test(kind.toLowerCase()) || kind.length > 63) {
      const why =
        kind.length > 63
          ? 'must be no more than 63 characters'
          : "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
      errors.push(fieldError('FieldValueInvalid', at, kind, `may have mixed case, but should otherwise match: ${why}`));
    }
  }
}

const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** The JSON type kube-openapi infers for a value, and the Go type name it reports next to a `format`. */
function jsonType(v: unknown): { type: string; goFormat: string } {
  if (v === null || v === undefined) return { type: 'null', goFormat: '' };
  if (typeof v === 'bigint') return { type: 'integer', goFormat: 'int64' };
  // Go decodes an integral JSON number as int64 when it fits, else as float64 (2^63 is int64's maximum, rounded to a double).
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) <= 2 ** 63 ? { type: 'integer', goFormat: 'int64' } : { type: 'number', goFormat: 'float64' };
  if (typeof v === 'boolean') return { type: 'boolean', goFormat: '' };
  if (typeof v === 'string') return { type: 'string', goFormat: '' };
  if (Array.isArray(v)) return { type: 'array', goFormat: '' };
  return { type: 'object', goFormat: '' };
}

function declaredTypes(s: ValidationSchema): string[] {
  if (s['x-kubernetes-int-or-string'] === true) return ['integer', 'string'];
  return s.type ? [s.type] : [];
}

/** kube-openapi's type validator: the error (or undefined) for `v` against the node's `type` and `format`. */
function typeError(v: unknown, s: ValidationSchema, path: string): FieldError | undefined {
  return typeErrorOf(v, declaredTypes(s), s.format ?? '', s.nullable === true, path);
}

/** The type error of a node declaring `types` (two for int-or-string), `format` ('' for none) and `nullable`. */
export function typeErrorOf(v: unknown, types: readonly string[], format: string, nullable: boolean, path: string): FieldError | undefined {
  const { type, goFormat } = jsonType(v);
  const invalid = (typeName: string, actual: string) => fieldError('FieldValueTypeInvalid', path, actual, `${path} in body must be of type ${typeName}: ${goQuote(actual)}`);
  if (v === null || v === undefined) return types.length > 0 && !nullable ? invalid(types.join(','), 'null') : undefined;
  if (types.length === 0) return undefined;
  const numeric = types.includes('number') || types.includes('integer');
  const intFloat = type === 'integer' && types.includes('number');
  const lowerInt = format === 'int64' && goFormat === 'int32';
  if (type !== 'string' && type !== 'array' && format !== '' && !(types.includes(type) || goFormat === format || intFloat || lowerInt)) return invalid(format, goFormat);
  if (!numeric && format !== '' && (type === 'string' || type === 'array')) return undefined;
  if (!(types.includes(type) || intFloat)) return invalid(types.join(','), type);
  return undefined;
}

/** `%q` of a value as a supported value of an enum: strings as they are, anything else as its JSON. */
export function enumText(v: unknown): string {
  return goQuote(typeof v === 'string' ? v : jsonText(v));
}

/** A schema's `pattern` compiled (RE2, cached, ./re2.ts); null when RE2 refuses it (the apiserver refuses such a CRD). */
export function pattern(p: string): ReturnType<typeof compileRegex> | null {
  try {
    return compileRegex(p);
  } catch (e) {
    if (e instanceof RegexSyntaxError) return null;
    throw e;
  }
}

/** go-openapi's `IsFloat64AJSONInteger`: within ±(2^53 − 1) and an integer up to a relative error of 1e-9. */
function isJsonInteger(f: number): boolean {
  if (!Number.isFinite(f) || Math.abs(f) > Number.MAX_SAFE_INTEGER) return false;
  const rounded = Math.sign(f) * Math.round(Math.abs(f));
  if (f === rounded) return true;
  if (rounded === 0) return false;
  return Math.abs(f - rounded) < 1e-9 * Math.abs(rounded);
}

/**
 * kube-openapi's multipleOf (`MultipleOfNativeType`): exact (`%`) for an int64 value, against the factor truncated to an
 * int64; else go-openapi's `MultipleOf` — the quotient (for a factor below 1, the product with its inverse) is a JSON
 * integer up to a relative error.
 */
export function multipleOfError(value: number | bigint, factor: number, path: string): FieldError | undefined {
  if (jsonType(value).type === 'integer') {
    // An int64 value is checked against the factor truncated to an int64 (so 0.25 is 0, which is "not positive").
    const f = Math.trunc(factor);
    if (f <= 0) return fieldError('FieldValueInvalid', path, value, `factor MultipleOf declared for ${path} must be positive: ${f}`);
    const ok = typeof value === 'bigint' || !Number.isSafeInteger(value) ? BigInt(value) % BigInt(f) === 0n : value % f === 0;
    return ok ? undefined : fieldError('FieldValueInvalid', path, value, `${path} in body should be a multiple of ${f}`);
  }
  const v = Number(value);
  return isJsonInteger(factor < 1 ? (1 / factor) * v : v / factor) ? undefined : fieldError('FieldValueInvalid', path, value, `${path} in body should be a multiple of ${goFloat(factor)}`);
}

export const INT32 = [-(2 ** 31), 2 ** 31 - 1] as const;
export const INT64 = [-(2 ** 63), 2 ** 63] as const;

/** The schema validation of one node (and below), appending errors. */
function node(v: unknown, s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH) return;
  if (v === null && s.nullable === true) {
    // A nullable null passes the type check, and only the enum still applies to it.
    if (s.enum !== undefined && s.enum.length > 0 && !s.enum.includes(null)) errors.push(fieldError('FieldValueNotSupported', path, v, `supported values: ${s.enum.map(enumText).join(', ')}`));
    return;
  }
  const typeErr = typeError(v, s, path);
  if (typeErr) errors.push(typeErr);
  composition(v, s, path, errors, depth);
  if (typeof v === 'string') stringChecks(v, s, path, errors);
  if (typeof v === 'number' || typeof v === 'bigint') numberChecks(v, s, path, errors);
  if (s.enum !== undefined && s.enum.length > 0 && !s.enum.some((e) => jsonEqual(e, v))) {
    errors.push(fieldError('FieldValueNotSupported', path, v, `supported values: ${s.enum.map(enumText).join(', ')}`));
  }
  if (Array.isArray(v)) arrayChecks(v, s, path, errors, depth);
  else if (isObject(v)) objectChecks(v, s, path, errors, depth);
}

function stringChecks(v: string, s: ValidationSchema, path: string, errors: FieldError[]): void {
  if (s.format !== undefined && !checkFormat(s.format, v)) {
    errors.push(fieldError('FieldValueTypeInvalid', path, v, `${path} in body must be of type ${s.format}: ${goQuote(v)}`));
  }
  // go-openapi's string validator stops at its first failure: maxLength, then minLength, then pattern.
  // Lengths in runes (code points), as Go's utf8.RuneCountInString.
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are what the apiserver counts
  const runes = s.maxLength !== undefined || s.minLength !== undefined ? [...v].length : 0;
  if (s.maxLength !== undefined && runes > s.maxLength) {
    errors.push(fieldError('FieldValueTooLong', path, v, `may not be more than ${s.maxLength} bytes`));
  } else if (s.minLength !== undefined && runes < s.minLength) {
    errors.push(fieldError('FieldValueInvalid', path, v, `${path} in body should be at least ${s.minLength} chars long`));
  } else if (s.pattern !== undefined) {
    const re = pattern(s.pattern);
    if (re !== null && !re.test(v)) errors.push(fieldError('FieldValueInvalid', path, v, `${path} in body should match '${s.pattern}'`));
  }
}

function numberChecks(value: number | bigint, s: ValidationSchema, path: string, errors: FieldError[]): void {
  const v = Number(value);
  const types = declaredTypes(s);
  if (types.includes('integer') && !types.includes('number')) {
    const range = s.format === 'int32' ? INT32 : INT64;
    if (!Number.isInteger(v) || v < range[0] || v > range[1]) {
      const desc = s.format === 'int32' || s.format === 'int64' ? `with format ${s.format}` : '(default format)';
      errors.push(fieldError('FieldValueInvalid', '<nil>', '', `Checked value must be of type integer ${desc} in ${path}`));
    }
  }
  const notMultiple = s.multipleOf === undefined ? undefined : multipleOfError(value, s.multipleOf, path);
  if (notMultiple) errors.push(notMultiple);
  if (s.maximum !== undefined && (s.exclusiveMaximum === true ? v >= s.maximum : v > s.maximum)) {
    errors.push(fieldError('FieldValueInvalid', path, value, `${path} in body should be less than ${s.exclusiveMaximum === true ? '' : 'or equal to '}${goFloat(s.maximum)}`));
  }
  if (s.minimum !== undefined && (s.exclusiveMinimum === true ? v <= s.minimum : v < s.minimum)) {
    errors.push(fieldError('FieldValueInvalid', path, value, `${path} in body should be greater than ${s.exclusiveMinimum === true ? '' : 'or equal to '}${goFloat(s.minimum)}`));
  }
}

function arrayChecks(v: unknown[], s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  const items = s.items;
  if (items) v.forEach((x, i) => { node(x, items, `${path}[${i}]`, errors, depth + 1); });
  if (s.maxItems !== undefined && v.length > s.maxItems) errors.push(fieldError('FieldValueTooMany', path, v.length, `must have at most ${s.maxItems} item${s.maxItems === 1 ? '' : 's'}`));
  if (s.minItems !== undefined && v.length < s.minItems) errors.push(fieldError('FieldValueInvalid', path, v.length, `${path} in body should have at least ${s.minItems} items`));
  if (s.uniqueItems === true && v.some((x, i) => v.slice(0, i).some((y) => jsonEqual(x, y)))) errors.push(fieldError('FieldValueInvalid', path, omitValue, `${path} in body shouldn't contain duplicates`));
}

function objectChecks(v: Record<string, unknown>, s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  const keys = Object.keys(v);
  if (s.maxProperties !== undefined && keys.length > s.maxProperties) errors.push(fieldError('FieldValueTooMany', path, keys.length, `must have at most ${s.maxProperties} item${s.maxProperties === 1 ? '' : 's'}`));
  if (s.minProperties !== undefined && keys.length < s.minProperties) errors.push(fieldError('FieldValueInvalid', path, keys.length, `${path} in body should have at least ${s.minProperties} properties`));
  for (const name of s.required ?? []) if (!Object.hasOwn(v, name)) errors.push(fieldError('FieldValueRequired', child(path, name), omitValue, ''));
  const values = valueSchema(s);
  for (const k of keys) {
    const sub = propertySchema(s, k) ?? values;
    if (sub) node(v[k], sub, child(path, k), errors, depth + 1);
  }
}

/** `allOf` / `anyOf` / `oneOf` / `not` (value validations only, in a structural schema). */
function composition(v: unknown, s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  const branch = (b: ValidationSchema) => {
    const out: FieldError[] = [];
    node(v, b, path, out, depth + 1);
    return out;
  };
  const composite = (detail: string) => fieldError('FieldValueInvalid', '<nil>', '', detail);
  for (const b of s.allOf ?? []) errors.push(...branch(b));
  if (s.anyOf && s.anyOf.length > 0) {
    const results = s.anyOf.map(branch);
    if (!results.some((r) => r.length === 0)) {
      const best = results.reduce((a, b) => (b.length < a.length ? b : a));
      errors.push(composite(`${goQuote(path)} must validate at least one schema (anyOf)`), ...best);
    }
  }
  if (s.oneOf && s.oneOf.length > 0) {
    const results = s.oneOf.map(branch);
    const ok = results.filter((r) => r.length === 0).length;
    if (ok !== 1) {
      errors.push(composite(`${goQuote(path)} must validate one and only one schema (oneOf)`));
      if (ok === 0) errors.push(...results.reduce((a, b) => (b.length < a.length ? b : a)));
    }
  }
  if (s.not && branch(s.not).length === 0) errors.push(composite(`${goQuote(path)} must not validate the schema (not)`));
}

/**
 * `structurallisttype.ValidateListSetsAndMaps`: no two equal items in a `set`, no two items with equal keys in a `map`.
 * As the apiserver's `validateListSet`, a value that occurs more than once is reported once, at its second
 * occurrence (a third `a` in `[a, a, a]` adds nothing). In a `map` list an item that is neither an object nor null
 * is the list's only error (`must be an object for an array of list-type map`, at the first such item); a null item
 * or an item without a key field has that key unspecified, which equals only another unspecified key.
 */
function listSetsAndMaps(v: unknown, s: ValidationSchema, path: string, errors: FieldError[], depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH) return;
  if (Array.isArray(v)) {
    const listType = s['x-kubernetes-list-type'];
    if (listType === 'set') {
      for (const i of secondOccurrences(v)) errors.push(fieldError('FieldValueDuplicate', `${path}[${i}]`, v[i], ''));
    } else if (listType === 'map') {
      listMapDuplicates(v, s['x-kubernetes-list-map-keys'] ?? [], path, errors);
    }
    const items = s.items;
    if (items) v.forEach((x, i) => { listSetsAndMaps(x, items, `${path}[${i}]`, errors, depth + 1); });
    return;
  }
  if (!isObject(v)) return;
  for (const k of Object.keys(v)) {
    const sub = propertySchema(s, k) ?? valueSchema(s);
    if (sub) listSetsAndMaps(v[k], sub, child(path, k), errors, depth + 1);
  }
}

/** `validateListMap`: the items of a `map` list with equal keys (the present key fields of each item). */
export function listMapDuplicates(v: unknown[], keyFields: readonly string[], path: string, errors: FieldError[]): void {
  const notObject = v.findIndex((x) => x !== null && !isObject(x));
  if (notObject >= 0) {
    errors.push(fieldError('FieldValueInvalid', `${path}[${notObject}]`, v[notObject], 'must be an object for an array of list-type map'));
    return;
  }
  const keys = v.map((item) => {
    const key = Object.create(null) as Record<string, unknown>;
    if (isObject(item)) for (const k of [...keyFields].sort()) if (Object.hasOwn(item, k)) setOwn(key, k, item[k]);
    return key;
  });
  for (const i of secondOccurrences(keys)) errors.push(fieldError('FieldValueDuplicate', `${path}[${i}]`, { ...keys[i] }, ''));
}

/** The index of the second occurrence of each value that occurs more than once, in order (`validateListSet`). */
export function secondOccurrences(values: readonly unknown[]): number[] {
  const seen = new Map<string, number>();
  const out: number[] = [];
  values.forEach((x, i) => {
    const text = canonical(x);
    const times = seen.get(text) ?? 0;
    if (times === 1) out.push(i);
    seen.set(text, times + 1);
  });
  return out;
}

/** A canonical JSON text (sorted keys, numbers by value) for equality. */
function canonical(v: unknown): string {
  return jsonText(v, true);
}

/**
 * What the apiserver's decoder makes of a custom resource before it validates and stores it — unknown fields pruned,
 * nulls of non-nullable properties dropped, defaults applied — as a new value (`obj` is not changed; its containers
 * are null-prototype objects). `@kubegen/apiserver` stores what this returns, after the validator accepted `obj`
 * (which also refuses nesting past {@link MAX_DEPTH}).
 */
export function prepareObject(schema: ValidationSchema, obj: Record<string, unknown>): unknown {
  return prepare(obj, schema, true, 0);
}
