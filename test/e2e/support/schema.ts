/**
 * Schema-driven test data for CRD e2e tests: a minimal valid object for any structural schema, and, for every
 * constraint the schema declares, the place it applies and a value that breaks it. The expected results (which
 * field the server must name, which default it must apply) are computed from the generated CRD, never typed by hand.
 */

import { compileRE2, type RE2Expression } from '../../../generator/markers/regex';

/** The parts of an OpenAPI v3 (structural) schema these helpers read. */
export interface Schema {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  nullable?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-validations'?: ValidationRule[];
}

export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** A path into an object: property names, array indexes, map keys. */
export type Step = { prop: string } | { index: number } | { key: string };

/** The server's spelling of a path in a StatusCause `field`: `spec.items[0]`, `spec.labels[key0]`. */
export function fieldOf(path: readonly Step[]): string {
  let out = '';
  for (const step of path) {
    if ('prop' in step) out += out ? `.${step.prop}` : step.prop;
    else if ('index' in step) out += `[${step.index}]`;
    else out += `.${step.key}`;
  }
  return out;
}

/** The inverse of {@link fieldOf}, for a StatusCause `field` (map keys come back as properties). */
export function pathOf(field: string): Step[] {
  const out: Step[] = [];
  for (const part of field.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return out;
    const [, prop, indices = ''] = m;
    if (prop) out.push({ prop });
    for (const idx of indices.matchAll(/\[(\d+)\]/g)) out.push({ index: Number(idx[1]) });
  }
  return out;
}

export class SampleError extends Error {}

const FORMAT_SAMPLES: Record<string, (n: number) => string> = {
  'date-time': (n) => `2024-01-02T03:04:${String(n % 60).padStart(2, '0')}Z`,
  date: (n) => `2024-01-${String((n % 28) + 1).padStart(2, '0')}`,
  email: (n) => `someone${n || ''}@example.com`,
  uri: (n) => `https://example.com/x${n}`,
  hostname: (n) => `example${n || ''}.com`,
  ipv4: (n) => `10.0.0.${(n % 250) + 1}`,
  ipv6: (n) => `fd00::${(n % 250) + 1}`,
  cidr: (n) => `10.${n % 250}.0.0/24`,
  mac: (n) => `00:11:22:33:44:${String(n % 100).padStart(2, '0')}`,
  uuid: (n) => `0b0c7a3e-8f6e-4c1b-9a2d-${String(n).padStart(12, '0')}`,
  duration: (n) => `${n + 1}m`,
  byte: (n) => Buffer.from(`kubegen${n}`).toString('base64'),
  password: (n) => `secret${n}`,
};

/** Strings tried, in order, for a plain string field; the first one meeting pattern and length wins. */
const STRING_CANDIDATES = [
  'sample', 'abc', 'x-sample', 'a', 'a1', 'sample-1', '/sample/', 'Sample', '1', 'A', 'v1', 'sample.example.com', 'x',
  '* * * * *', '1.2.3', 'v1.2.3', '3.5.0', '123', 'ABC', 'a_b', 'nginx:1.25', 'example.com/sample:1.0', '10.0.0.1',
  '1h', '1Gi', '100m', 'https://example.com/sample', 'Sample Name', 'sample@example.com', '2024-01-02T03:04:05Z',
];

/** Patterns as the apiserver runs them: RE2 (Go's regexp), not JavaScript's RegExp (no `(?i)`, `\\z`, `\\pL` …). */
function re(pattern: string): RE2Expression {
  return compileRE2(pattern);
}

/** A string's length as the apiserver counts it: in code points (Go runes), not UTF-16 units. */
function runeCount(v: string): number {
  let n = 0;
  for (const _ of v) n++;
  return n;
}

function stringFits(s: Schema, v: string): boolean {
  if (s.minLength !== undefined && runeCount(v) < s.minLength) return false;
  if (s.maxLength !== undefined && runeCount(v) > s.maxLength) return false;
  if (s.pattern !== undefined && !re(s.pattern).test(v)) return false;
  if (s.enum && !s.enum.includes(v)) return false;
  return true;
}

function numberFits(s: Schema, v: number): boolean {
  if (s.type === 'integer' && !Number.isInteger(v)) return false;
  if (s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum)) return false;
  if (s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum)) return false;
  if (s.multipleOf !== undefined && Math.abs(v / s.multipleOf - Math.round(v / s.multipleOf)) > 1e-9) return false;
  if (s.enum && !s.enum.includes(v)) return false;
  return true;
}

/** `aa`, `ab`, … : distinct lower-case words for the n-th sample. */
function letters(n: number): string {
  let out = '';
  let k = n + 26; // at least two letters
  while (k > 0) {
    out = String.fromCharCode(97 + (k % 26)) + out;
    k = Math.floor(k / 26);
  }
  return out;
}

/** The `seed`-th distinct string satisfying `s`. */
function sampleString(s: Schema, seed: number, extra: readonly string[] = []): string {
  const formatted = s.format ? FORMAT_SAMPLES[s.format]?.(seed) : undefined;
  if (formatted !== undefined && stringFits(s, formatted)) return formatted;
  const base = [...extra, ...STRING_CANDIDATES];
  const generated = Array.from({ length: 40 }, (_, n) => letters(n));
  const pool = [
    ...base,
    ...base.map((c) => `${c}${seed}`),
    ...base.flatMap((c) => [0, 1, 2, 3, 4, 5].map((n) => `${c}${n}`)),
    ...generated,
    ...generated.map((g) => `sample${g}`),
    ...generated.map((g) => g.toUpperCase()),
    ...Array.from({ length: 40 }, (_, n) => String(n + 1)),
  ];
  if (s.minLength !== undefined) pool.push('a'.repeat(s.minLength), 'a'.repeat(Math.max(0, s.minLength - 1)) + String(seed % 10));
  const fits = [...new Set(pool)].filter((c) => stringFits(s, c));
  const fit = fits[seed];
  if (fit !== undefined) return fit;
  throw new SampleError(`no sample string #${seed} for ${JSON.stringify({ pattern: s.pattern, minLength: s.minLength, maxLength: s.maxLength, format: s.format })}`);
}

function sampleNumber(s: Schema, seed: number): number {
  const step = s.multipleOf ?? 1;
  let start: number;
  if (s.minimum !== undefined) start = Math.ceil(s.minimum / step) * step;
  else if (s.maximum !== undefined) start = Math.min(step, Math.floor(s.maximum / step) * step);
  else start = step;
  // Prefer the seed-th value; when the range is too small for it, fall back to smaller ones.
  for (const k of [...Array.from({ length: seed + 1 }, (_, i) => seed - i), ...Array.from({ length: 1000 }, (_, i) => seed + 1 + i)]) {
    const v = Number((start + k * step).toFixed(10));
    if (numberFits(s, v)) return v;
  }
  throw new SampleError(`no sample number for ${JSON.stringify(s)}`);
}

/** Options for {@link sample}. */
export interface SampleOptions {
  /** Distinguishes samples of the same schema (array items, map entries). */
  seed?: number;
  /** Include optional properties too. */
  full?: boolean;
  /** With `full`: how many levels below this one also include their optional properties. Default 0. */
  depth?: number;
}

/**
 * A value that satisfies `s` structurally (types, bounds, lengths, patterns, enums, item and property counts).
 * Defaults are used when present. CEL rules are not considered; callers check with the server.
 */
export function sample(s: Schema, options: SampleOptions = {}): unknown {
  const seed = options.seed ?? 0;
  if (s.default !== undefined && seed === 0) return structuredClone(s.default);
  if (s.enum && s.enum.length > 0) return s.enum[seed % s.enum.length];
  if (s['x-kubernetes-int-or-string']) return sampleNumber({ ...s, type: 'integer' }, seed);
  if (s['x-kubernetes-embedded-resource']) {
    return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `embedded-${seed}` } };
  }
  switch (s.type) {
    case 'string':
      return sampleString(s, seed);
    case 'integer':
    case 'number':
      return sampleNumber(s, seed);
    case 'boolean':
      return seed % 2 === 1;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, options.full ? 1 : 0);
      return Array.from({ length: n }, (_, i) => sample(s.items ?? {}, { ...childOptions(options), seed: seed + i }));
    }
    case 'object':
    default:
      return sampleObject(s, seed, options.full ?? false, options.depth ?? 0);
  }
}

function childOptions(options: SampleOptions): SampleOptions {
  const depth = options.depth ?? 0;
  return depth > 0 && options.full ? { full: true, depth: depth - 1 } : {};
}

function sampleObject(s: Schema, seed: number, full: boolean, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const child = childOptions({ full, depth });
  // Sibling properties get distinct seeds, so rules such as `self.name != self.owner` hold for samples.
  Object.entries(props).forEach(([name, schema], i) => {
    if (required.has(name) || full) out[name] = sample(schema, { ...child, seed: seed + i });
  });
  const min = s.minProperties ?? 0;
  Object.entries(props).forEach(([name, schema], i) => {
    if (Object.keys(out).length < min && !(name in out)) out[name] = sample(schema, { seed: seed + i });
  });
  if (typeof s.additionalProperties === 'object') {
    for (let i = 0; Object.keys(out).length < Math.max(min, full ? 1 : 0); i++) {
      out[`key${i}`] = sample(s.additionalProperties, { ...child, seed: seed + i });
    }
  }
  if (s.maxProperties !== undefined) {
    for (const name of Object.keys(out)) {
      if (Object.keys(out).length <= s.maxProperties) break;
      if (!required.has(name)) delete out[name];
    }
  }
  return out;
}

/** A schema node and where it sits. */
export interface Located {
  path: Step[];
  schema: Schema;
  /** The schemas of the path's ancestors, root first (for building the path in an object). */
  ancestors: Schema[];
}

/**
 * Every node of `root` reachable through properties, the first array item and one map entry, depth first, with
 * recursion and depth guarded.
 */
export function walk(root: Schema, path: Step[] = [], ancestors: Schema[] = [], out: Located[] = []): Located[] {
  out.push({ path, schema: root, ancestors });
  if (path.length > 12) return out;
  const next = [...ancestors, root];
  for (const [name, child] of Object.entries(root.properties ?? {})) walk(child, [...path, { prop: name }], next, out);
  if (root.items) walk(root.items, [...path, { index: 0 }], next, out);
  if (typeof root.additionalProperties === 'object') walk(root.additionalProperties, [...path, { key: 'key0' }], next, out);
  return out;
}

/**
 * Makes `path` exist in `obj` (creating minimal samples of the ancestors on the way) and sets it to `value`.
 * `ancestors` are the schemas of the path's prefixes, as {@link walk} reports them.
 */
export function setAt(obj: Record<string, unknown>, loc: Pick<Located, 'path' | 'ancestors'>, value: unknown): void {
  let cursor: unknown = obj;
  loc.path.forEach((step, i) => {
    const last = i === loc.path.length - 1;
    const childSchema = i + 1 < loc.ancestors.length ? loc.ancestors[i + 1] : undefined;
    const container = cursor as Record<string, unknown> & unknown[];
    const keyOf = 'prop' in step ? step.prop : 'key' in step ? step.key : step.index;
    if (last) {
      (container as Record<string | number, unknown>)[keyOf] = value;
      return;
    }
    let next = (container as Record<string | number, unknown>)[keyOf];
    if (next === undefined || next === null) {
      next = sample(childSchema ?? {}, {});
      (container as Record<string | number, unknown>)[keyOf] = next;
    }
    cursor = next;
  });
}

/** Deletes the value at `path` if it exists. */
export function deleteAt(obj: unknown, path: readonly Step[]): void {
  let cursor = obj as Record<string | number, unknown> | null | undefined;
  path.forEach((step, i) => {
    if (cursor === undefined || cursor === null) return;
    const key = 'prop' in step ? step.prop : 'key' in step ? step.key : step.index;
    if (i === path.length - 1) delete cursor[key];
    else cursor = cursor[key] as Record<string | number, unknown> | null | undefined;
  });
}

/** The value at `path`, or undefined. */
export function getAt(obj: unknown, path: readonly Step[]): unknown {
  let cursor = obj as Record<string | number, unknown> | null | undefined;
  for (const step of path) {
    if (cursor === undefined || cursor === null) return undefined;
    cursor = cursor['prop' in step ? step.prop : 'key' in step ? step.key : step.index] as Record<string | number, unknown> | null | undefined;
  }
  return cursor;
}

/** One way to break one constraint: set the path to `value` (or delete it), expect the server to name `field`. */
export interface Violation {
  constraint: string;
  loc: Located;
  /** `undefined` with `remove` means: delete the field. */
  value?: unknown;
  remove?: boolean;
  field: string;
}

/**
 * For every node and every structural constraint on it (minimum, maximum, multipleOf, minLength, maxLength,
 * pattern, enum, minItems, maxItems, minProperties, maxProperties, required), a value that violates exactly that
 * constraint where possible.
 */
/** The largest maxItems a violation breaks (by sampling maxItems + 1 items). */
const MAX_BROKEN_ITEMS = 256;

export function violations(root: Schema): Violation[] {
  const out: Violation[] = [];
  for (const loc of walk(root)) {
    if (loc.path.length === 0) continue;
    const s = loc.schema;
    const field = fieldOf(loc.path);
    const add = (constraint: string, value: unknown) => out.push({ constraint, loc, value, field });
    const numeric = s.type === 'integer' || s.type === 'number';
    if (numeric && s.minimum !== undefined) add(`minimum ${s.minimum}${s.exclusiveMinimum ? ' (exclusive)' : ''}`, s.exclusiveMinimum ? s.minimum : below(s, s.minimum));
    if (numeric && s.maximum !== undefined) add(`maximum ${s.maximum}${s.exclusiveMaximum ? ' (exclusive)' : ''}`, s.exclusiveMaximum ? s.maximum : above(s, s.maximum));
    if (numeric && s.multipleOf !== undefined) {
      const v = sampleNumber(s, 0);
      const off = s.type === 'integer' ? 1 : s.multipleOf / 2;
      if (!numberFits({ multipleOf: s.multipleOf }, v + off)) add(`multipleOf ${s.multipleOf}`, v + off);
    }
    if (s.type === 'string' && !s.enum) {
      if (s.maxLength !== undefined) add(`maxLength ${s.maxLength}`, 'a'.repeat(s.maxLength + 1));
      if (s.minLength !== undefined && s.minLength > 0) {
        const v = s.minLength > 1 ? 'a'.repeat(s.minLength - 1) : '';
        add(`minLength ${s.minLength}`, v);
      }
      if (s.pattern !== undefined) {
        const bad = ['', '!', 'INVALID VALUE!', '-', '0', 'a'].find((c) => !re(s.pattern as string).test(c));
        if (bad !== undefined) add(`pattern ${s.pattern}`, bad);
      }
    }
    if (s.enum && s.enum.length > 0) add(`enum ${JSON.stringify(s.enum)}`, typeof s.enum[0] === 'number' ? Math.max(...(s.enum as number[])) + 1000 : 'not-in-the-enum');
    // (Not for a bound too large to exceed cheaply: real-world CRDs say maxItems 100000 under lists of lists.)
    if (s.type === 'array' && s.maxItems !== undefined && s.maxItems <= MAX_BROKEN_ITEMS) {
      add(`maxItems ${s.maxItems}`, Array.from({ length: s.maxItems + 1 }, (_, i) => sample(s.items ?? {}, { seed: i })));
    }
    if (s.type === 'array' && s.minItems !== undefined && s.minItems > 0) {
      add(`minItems ${s.minItems}`, Array.from({ length: s.minItems - 1 }, (_, i) => sample(s.items ?? {}, { seed: i })));
    }
    if (s.type === 'object' && s.maxProperties !== undefined) {
      const value = sampleObject(s, 0, true);
      const extraSchema = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      for (const [name, child] of Object.entries(s.properties ?? {})) if (!(name in value)) value[name] = sample(child);
      for (let i = 0; extraSchema && Object.keys(value).length <= s.maxProperties; i++) value[`extra${i}`] = sample(extraSchema, { seed: i });
      if (Object.keys(value).length > s.maxProperties) add(`maxProperties ${s.maxProperties}`, value);
    }
    if (s.type === 'object' && s.minProperties !== undefined && s.minProperties > 0 && (s.required ?? []).length < s.minProperties) {
      const value = sampleObject({ ...s, minProperties: 0 }, 0, false);
      if (Object.keys(value).length < s.minProperties) add(`minProperties ${s.minProperties}`, value);
    }
  }
  for (const loc of walk(root)) {
    for (const name of loc.schema.required ?? []) {
      const child = loc.schema.properties?.[name] ?? {};
      const childLoc: Located = { path: [...loc.path, { prop: name }], schema: child, ancestors: [...loc.ancestors, loc.schema] };
      if (loc.path.length === 0 && ['apiVersion', 'kind', 'metadata'].includes(name)) continue;
      out.push({ constraint: 'required', loc: childLoc, remove: true, field: fieldOf(childLoc.path) });
    }
  }
  return out;
}

function below(s: Schema, min: number): number {
  return s.type === 'integer' ? min - 1 : min - (s.multipleOf ?? 1);
}

function above(s: Schema, max: number): number {
  return s.type === 'integer' ? max + 1 : max + (s.multipleOf ?? 1);
}

/** String and number literals in a CEL rule, as extra candidates when searching for a value that breaks it. */
export function literalsOf(rule: string): { strings: string[]; numbers: number[] } {
  const strings = [...rule.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].flatMap((m) => m[1] ?? m[2] ?? []);
  const numbers = [...rule.replace(/'[^']*'|"[^"]*"/g, '').matchAll(/(?<![\w.])-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0]));
  return { strings, numbers };
}
