/**
 * The `x-kubernetes-validations` rules of a schema evaluated over an object as the apiserver's CEL validator does
 * (apiextensions-apiserver `schema/cel/validation.go`), with @marcbachmann/cel-js — the library kubegen's generator
 * type-checks the same rules with — loaded on first use:
 *
 * - every node holding a value runs its rules with `self` bound to the value, converted as `UnstructuredToVal`
 *   converts it (integers as int, numbers as double, `date`/`date-time` strings as timestamps, `duration` as a
 *   duration, `byte` as bytes, properties under their escaped names);
 * - transition rules (those naming `oldSelf`) run only on an update, on nodes that correlate with the old object
 *   (properties, map values, items of `map` lists by key) — except with `optionalOldSelf`, where `oldSelf` is
 *   `optional.none()` on create;
 * - a rule that is false gives the error of its `reason` (default `Invalid`) at the node (or at `fieldPath` below
 *   it) with `messageExpression`'s value, else `message`, else `failed rule: <rule>`; the value is shown for
 *   scalars only; a rule that fails to evaluate gives `Invalid value: "<type>": <error> evaluating rule: <rule>`.
 *
 * The Kubernetes CEL libraries (quantity, url, ip, cidr, semver, format, lists, regex, sets, strings) are those of
 * ./cel-library, with the apiserver's values and error texts. A rule whose result kubegen cannot reproduce (a
 * library corner it does not evaluate, a `matches` pattern only RE2 reads) is reported as unchecked, never guessed.
 */
import type { Environment as CelEnvironment, Optional as CelOptional } from '@marcbachmann/cel-js';
import { fieldError, omitValue, type FieldError, type FieldErrorType } from './errors';
import { propertySchema, valueSchema, type ValidationRule, type ValidationSchema } from './schema';

interface CelModule {
  Environment: typeof CelEnvironment;
  Optional: typeof CelOptional;
}

type Program = (context: Record<string, unknown>) => unknown;

interface CompiledRule {
  rule: ValidationRule;
  program?: Program;
  message?: Program;
  /** Why the rule cannot be evaluated here. */
  unsupported?: string;
  usesOldSelf: boolean;
}

type CelLibrary = typeof import('./cel-library');

let cel: { module: CelModule; env: CelEnvironment; library: CelLibrary } | undefined;

/** The evaluation environment: cel-js with the apiserver's options and the Kubernetes libraries. */
function environment(): { module: CelModule; env: CelEnvironment; library: CelLibrary } {
  if (cel) return cel;
  // Loaded on first use: validating a kind without rules never loads the CEL implementation or the libraries.
  const module = require('@marcbachmann/cel-js') as CelModule;
  const library = require('./cel-library') as CelLibrary;
  const env = new module.Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false, unlistedVariablesAreDyn: true });
  library.registerKubernetesLibraries(env, module.Optional);
  cel = { module, env, library };
  return cel;
}

const compiled = new WeakMap<ValidationSchema, CompiledRule[]>();

function stripStrings(rule: string): string {
  return rule.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
}

function compileRules(s: ValidationSchema): CompiledRule[] {
  let out = compiled.get(s);
  if (out) return out;
  const { env } = environment();
  out = (s['x-kubernetes-validations'] ?? []).map((rule): CompiledRule => {
    const code = stripStrings(rule.rule);
    const usesOldSelf = /\boldSelf\b/.test(code);
    try {
      const program = env.parse(rule.rule) as Program;
      const message = rule.messageExpression !== undefined ? (env.parse(rule.messageExpression) as Program) : undefined;
      return { rule, program, message, usesOldSelf };
    } catch (e) {
      return { rule, usesOldSelf, unsupported: e instanceof Error ? e.message.split('\n')[0] : String(e) };
    }
  });
  compiled.set(s, out);
  return out;
}

/** The apiserver's property-name escaping (`apiservercel.Escape`); undefined when a rule cannot reach the name. */
const RESERVED = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import', 'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);
function escape(name: string): string | undefined {
  if (name.length === 0 || /^[0-9]/.test(name)) return undefined;
  if (RESERVED.has(name)) return `__${name}__`;
  if (/^[a-zA-Z_](?:[a-zA-Z0-9]|_(?!_))*$/.test(name)) return name;
  if (!/^[a-zA-Z0-9_./-]*$/.test(name)) return undefined;
  return name.replace(/__|[-./]/g, (x) => (x === '__' ? '__underscores__' : x === '.' ? '__dot__' : x === '-' ? '__dash__' : '__slash__'));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Go duration text (`1h5m`, `300ms`) in nanoseconds, or undefined. */
function durationNanos(s: string): bigint | undefined {
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(s);
  if (!m) return undefined;
  const unit: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
  let total = 0;
  for (const part of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * unit[part[2]];
  return BigInt(Math.round(total)) * (m[1] === '-' ? -1n : 1n);
}

/** A JSON value as the apiserver hands it to CEL for a node of schema `s`. */
function toCel(v: unknown, s: ValidationSchema | undefined, resource: boolean, depth: number): unknown {
  if (v === null || v === undefined || depth > 1000) return v ?? null;
  if (typeof v === 'number') {
    if (s?.type === 'number') return v;
    return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (typeof v === 'string' && s?.type === 'string') {
    if (s.format === 'date-time' || s.format === 'date') {
      const d = new Date(s.format === 'date' ? `${v}T00:00:00Z` : v);
      return Number.isNaN(d.getTime()) ? v : d;
    }
    if (s.format === 'duration') {
      const nanos = durationNanos(v);
      if (nanos !== undefined) {
        const { env } = environment();
        return env.evaluate(`duration("${String(nanos)}ns")`);
      }
    }
    if (s.format === 'byte') return new Uint8Array(Buffer.from(v, 'base64'));
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => toCel(x, s?.items, s?.items?.['x-kubernetes-embedded-resource'] === true, depth + 1));
  if (isObject(v)) {
    const out = Object.create(null) as Record<string, unknown>;
    const values = s ? valueSchema(s) : undefined;
    for (const k of Object.keys(v)) {
      const prop = s ? propertySchema(s, k) : undefined;
      if (prop) {
        const name = escape(k);
        if (name !== undefined) Object.defineProperty(out, name, { value: toCel(v[k], prop, prop['x-kubernetes-embedded-resource'] === true, depth + 1), enumerable: true });
      } else if (values) {
        Object.defineProperty(out, k, { value: toCel(v[k], values, values['x-kubernetes-embedded-resource'] === true, depth + 1), enumerable: true });
      } else if (!s?.properties || resource || s['x-kubernetes-preserve-unknown-fields'] === true) {
        Object.defineProperty(out, k, { value: toCel(v[k], undefined, false, depth + 1), enumerable: true });
      }
    }
    return out;
  }
  return v;
}

function child(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** `fieldPath` (`.spec.x`, `['a.b']`, `.list[0]`) as a field path below `path`. */
function withFieldPath(path: string, fieldPath: string): string {
  let out = path;
  for (const m of fieldPath.matchAll(/\.([^.[\]]+)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/g)) {
    if (m[1] !== undefined) out = child(out, m[1]);
    else if (m[2] !== undefined) out = child(out, m[2]);
    else out += `[${m[3]}]`;
  }
  return out;
}

/** The apiserver's error text for a rule: its message, else the rule, trimmed (`ruleErrorString`). */
function ruleErrorString(rule: ValidationRule): string {
  return rule.message !== undefined && rule.message.trim().length > 0 ? rule.message.trim() : rule.rule.trim();
}

function ruleMessageOrDefault(rule: ValidationRule): string {
  return rule.message !== undefined && rule.message.trim().length > 0 ? rule.message.trim() : `failed rule: ${rule.rule.trim()}`;
}

/** cel-go's wording of the evaluation errors cel-js reports differently. */
function celErrorText(e: unknown): string {
  const first = (e instanceof Error ? e.message : String(e)).split('\n')[0];
  const noKey = /^No such key: (?:index out of bounds, )?(.*)$/.exec(first);
  if (noKey) return first.includes('index out of bounds') ? `index out of bounds: ${noKey[1]}` : `no such key: ${noKey[1]}`;
  return first;
}

function reasonError(reason: string | undefined, path: string, value: unknown, detail: string): FieldError {
  const type: FieldErrorType =
    reason === 'FieldValueForbidden' ? 'FieldValueForbidden' : reason === 'FieldValueRequired' ? 'FieldValueRequired' : reason === 'FieldValueDuplicate' ? 'FieldValueDuplicate' : 'FieldValueInvalid';
  return fieldError(type, path, value, type === 'FieldValueDuplicate' ? '' : detail);
}

interface Walk {
  errors: FieldError[];
  unchecked: string[];
  optional: CelModule['Optional'];
  notEvaluable: CelLibrary['NotEvaluable'];
}

/** Evaluates every rule of `schema` over `value` (already pruned and defaulted); `old` is the stored object on an update. */
export function celErrors(schema: ValidationSchema, value: unknown, old: unknown, hasOld: boolean, errors: FieldError[], unchecked: string[]): void {
  const { module, library } = environment();
  visit(schema, value, old, hasOld, '', true, { errors, unchecked, optional: module.Optional, notEvaluable: library.NotEvaluable }, 0);
}

function visit(s: ValidationSchema, v: unknown, old: unknown, hasOld: boolean, path: string, resource: boolean, w: Walk, depth: number): void {
  if (v === null || v === undefined || depth > 1000) return;
  const rules = s['x-kubernetes-validations'] ?? [];
  if (rules.length > 0) {
    let self: unknown;
    let oldSelf: unknown;
    for (const c of compileRules(s)) {
      if (c.usesOldSelf && !hasOld && c.rule.optionalOldSelf !== true) continue;
      if (c.unsupported !== undefined || !c.program) {
        w.unchecked.push(`${path === '' ? '<root>' : path}: ${c.rule.rule}`);
        continue;
      }
      self ??= toCel(v, s, resource, depth);
      const context: Record<string, unknown> = { self };
      if (c.usesOldSelf) {
        oldSelf ??= hasOld ? toCel(old, s, resource, depth) : null;
        context.oldSelf = c.rule.optionalOldSelf === true ? (hasOld ? w.optional.of(oldSelf) : w.optional.none()) : oldSelf;
      }
      let result: unknown;
      try {
        result = c.program(context);
      } catch (e) {
        const text = celErrorText(e);
        // A value a library function does not reproduce, a function kubegen lacks, or a `matches` pattern only RE2
        // reads (cel-js compiles it as a JavaScript RegExp).
        if (e instanceof w.notEvaluable || /^found no matching overload|^Unknown (function|variable)|^Invalid regular expression/.test(text)) {
          w.unchecked.push(`${path === '' ? '<root>' : path}: ${c.rule.rule}`);
          continue;
        }
        // The apiserver words a run-time overload error apart (apiextensions-apiserver schema/cel/validation.go).
        const detail = text.startsWith('no such overload')
          ? `'${text}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(c.rule)}`
          : `${text} evaluating rule: ${ruleErrorString(c.rule)}`;
        w.errors.push(fieldError('FieldValueInvalid', path, s.type ?? '', detail));
        continue;
      }
      if (result === true) continue;
      const at = c.rule.fieldPath ? withFieldPath(path, c.rule.fieldPath) : path;
      let detail = ruleMessageOrDefault(c.rule);
      if (c.message) {
        try {
          const m = c.message(context);
          if (typeof m === 'string' && m.trim().length > 0 && !m.includes('\n')) detail = m;
        } catch {
          // The apiserver falls back to the message (or the rule) when messageExpression fails.
        }
      }
      w.errors.push(reasonError(c.rule.reason, at, s.type === 'object' || s.type === 'array' ? omitValue : v, detail));
    }
  }
  if (Array.isArray(v)) {
    const items = s.items;
    if (!items) return;
    const keys = s['x-kubernetes-list-type'] === 'map' ? (s['x-kubernetes-list-map-keys'] ?? []) : undefined;
    const oldItems: unknown[] = hasOld && Array.isArray(old) && keys ? old : [];
    v.forEach((x, i) => {
      const match = keys && isObject(x) ? oldItems.find((o) => isObject(o) && keys.every((k) => JSON.stringify(o[k]) === JSON.stringify(x[k]))) : undefined;
      visit(items, x, match, match !== undefined, `${path}[${i}]`, items['x-kubernetes-embedded-resource'] === true, w, depth + 1);
    });
    return;
  }
  if (!isObject(v)) return;
  const values = valueSchema(s);
  for (const k of Object.keys(v)) {
    const sub = propertySchema(s, k) ?? values;
    if (!sub) continue;
    const oldValue = hasOld && isObject(old) && Object.hasOwn(old, k) ? old[k] : null;
    const oldHas = oldValue !== null && oldValue !== undefined;
    visit(sub, v[k], oldHas ? oldValue : undefined, oldHas, child(path, k), sub['x-kubernetes-embedded-resource'] === true, w, depth + 1);
  }
}
