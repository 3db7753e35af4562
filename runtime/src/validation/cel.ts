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
 * library corner it does not evaluate) is reported as unchecked, never guessed.
 *
 * Everything the object holds is untrusted: regular expressions (`matches`, `find`, `findAll`) run on RE2 (./re2.ts),
 * durations parse in one pass (./duration.ts) — cel-js' own `matches` and `duration(string)` are replaced in every
 * parsed expression (`replaceBuiltins`) — and objects reach CEL as `Map`s built from their own keys, so a key named
 * `constructor`, `__proto__` or `toString` is an ordinary map key. Values nested deeper than the apiserver's decoder
 * allows never get here (./validate.ts refuses them), and the conversion below walks with an explicit stack.
 */
import type { ASTNode, Environment as CelEnvironment, Optional as CelOptional } from '@marcbachmann/cel-js';
import { parseStrfmtDuration } from './duration';
import { errorText, fieldError, omitValue, type FieldError, type FieldErrorType } from './errors';
import { jsonEqual } from './json';
import { propertySchema, valueSchema, type ValidationRule, type ValidationSchema } from './schema';

interface CelModule {
  Environment: typeof CelEnvironment;
  Optional: typeof CelOptional;
}

/** cel-js' `google.protobuf.Duration` class. */
type DurationClass = new (seconds: bigint, nanos: number) => { readonly seconds: bigint; readonly nanos: number };

type Program = ((context: Record<string, unknown>) => unknown) & { ast: ASTNode };

interface CompiledRule {
  rule: ValidationRule;
  program?: Program;
  message?: Program;
  /** Why the rule cannot be evaluated here. */
  unsupported?: string;
  usesOldSelf: boolean;
}

type CelLibrary = typeof import('./cel-library');

export interface Cel {
  module: CelModule;
  env: CelEnvironment;
  library: CelLibrary;
  Duration: DurationClass;
}

let cel: Cel | undefined;

/** The evaluation environment: cel-js with the apiserver's options and the Kubernetes libraries. */
function environment(): Cel {
  if (cel) return cel;
  // Loaded on first use: validating a kind without rules never loads the CEL implementation or the libraries.
  const module = require('@marcbachmann/cel-js') as CelModule;
  const library = require('./cel-library') as CelLibrary;
  const env = new module.Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false, unlistedVariablesAreDyn: true });
  // cel-js' duration class, which its package index does not export: the class of a constant duration.
  const Duration = (env.evaluate('duration("0s")') as object).constructor as DurationClass;
  library.registerKubernetesLibraries(env, module.Optional, Duration);
  cel = { module, env, library, Duration };
  return cel;
}

const compiled = new WeakMap<ValidationSchema, CompiledRule[]>();

/**
 * An expression parsed, with cel-js' super-linear built-ins pointed at kubegen's replacements and its `has()` calls
 * at kubegen's presence test over any operand (./cel-library/macros.ts).
 */
function parseExpression({ env, library, module }: Cel, text: string): Program {
  const program = env.parse(text) as Program;
  library.replaceBuiltins(program.ast);
  library.installPresenceTests(program.ast, module.Optional);
  return program;
}

/** Whether the expression names `oldSelf` (a transition rule), from its syntax tree: strings and comments are not names. */
function mentionsOldSelf(ast: ASTNode): boolean {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
    } else if (typeof n === 'object' && n !== null && 'op' in n && 'args' in n) {
      if (n.op === 'id' && n.args === 'oldSelf') return true;
      stack.push(n.args);
    }
  }
  return false;
}

/**
 * Whether the text of an expression that does not parse names `oldSelf` outside its string literals: one pass
 * (a quote skips to its closing quote, a backslash skips the next character).
 */
function textMentionsOldSelf(text: string): boolean {
  const identifier = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (text.startsWith('oldSelf', i) && !identifier(text[i - 1]) && !identifier(text[i + 7])) {
      return true;
    }
  }
  return false;
}

function compileRules(s: ValidationSchema): CompiledRule[] {
  let out = compiled.get(s);
  if (out) return out;
  const c = environment();
  out = (s['x-kubernetes-validations'] ?? []).map((rule): CompiledRule => {
    try {
      const program = parseExpression(c, rule.rule);
      const message = rule.messageExpression !== undefined ? parseExpression(c, rule.messageExpression) : undefined;
      return { rule, program, message, usesOldSelf: mentionsOldSelf(program.ast) };
    } catch (e) {
      return { rule, usesOldSelf: textMentionsOldSelf(rule.rule), unsupported: firstLine(errorText(e)) };
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

/** A scalar as the apiserver hands it to CEL for a node of schema `s`. */
function scalarToCel(v: unknown, s: ValidationSchema | undefined, c: Cel): unknown {
  if (v === undefined) return null;
  if (typeof v === 'number') {
    if (s?.type === 'number') return v;
    return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (typeof v === 'string' && s?.type === 'string') {
    if (s.format === 'date-time' || s.format === 'date') {
      // As Go holds it (nanoseconds and zone offset kept, for string()) when it is RFC 3339, else as a Date.
      const exact = c.library.parseGoTimestamp(s.format === 'date' ? `${v}T00:00:00Z` : v);
      if (exact instanceof Date) return exact;
      const d = new Date(s.format === 'date' ? `${v}T00:00:00Z` : v);
      return Number.isNaN(d.getTime()) ? v : d;
    }
    if (s.format === 'duration') {
      const r = parseStrfmtDuration(v);
      if ('nanos' in r) return new c.Duration(r.nanos / 1_000_000_000n, Number(r.nanos % 1_000_000_000n));
    }
    if (s.format === 'byte') return new Uint8Array(Buffer.from(v, 'base64'));
  }
  return v;
}

/**
 * A JSON value as the apiserver hands it to CEL for a node of schema `s` (`UnstructuredToVal`): integers as int,
 * numbers as double, `date`/`date-time` strings as timestamps, `duration` as a duration, `byte` as bytes; objects
 * as `Map`s of their own keys — properties under their escaped names, map values and unknown fields as they are —
 * so no key (`constructor`, `__proto__`) is mistaken for a JavaScript property. Walks with an explicit stack.
 */
function toCel(root: unknown, rootSchema: ValidationSchema | undefined, rootResource: boolean, c: Cel): unknown {
  const top: unknown[] = [undefined];
  const stack: Array<{ v: unknown; s: ValidationSchema | undefined; resource: boolean; into: unknown[] | Map<string, unknown>; at: number | string }> = [
    { v: root, s: rootSchema, resource: rootResource, into: top, at: 0 },
  ];
  for (let popped = stack.pop(); popped !== undefined; popped = stack.pop()) {
    const { v, s, resource, into, at } = popped;
    let out: unknown;
    if (Array.isArray(v)) {
      const list: unknown[] = new Array<unknown>(v.length);
      const items = s?.items;
      const embedded = items?.['x-kubernetes-embedded-resource'] === true;
      for (let i = 0; i < v.length; i++) stack.push({ v: v[i], s: items, resource: embedded, into: list, at: i });
      out = list;
    } else if (isObject(v)) {
      const map = new Map<string, unknown>();
      const values = s ? valueSchema(s) : undefined;
      const keepUnknown = !s?.properties || resource || s['x-kubernetes-preserve-unknown-fields'] === true;
      for (const k of Object.keys(v)) {
        const prop = s ? propertySchema(s, k) : undefined;
        const sub = prop ?? values;
        const name = prop ? escape(k) : sub || keepUnknown ? k : undefined;
        if (name === undefined) continue;
        map.set(name, null);
        stack.push({ v: v[k], s: sub, resource: sub?.['x-kubernetes-embedded-resource'] === true, into: map, at: name });
      }
      out = map;
    } else {
      out = scalarToCel(v, s, c);
    }
    if (into instanceof Map) into.set(at as string, out);
    else into[at as number] = out;
  }
  return top[0];
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

/** The first line of a message (which may quote a value megabytes long). */
function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end < 0 ? text : text.slice(0, end);
}

/** cel-go's wording of the evaluation errors cel-js reports differently. */
function celErrorText(library: CelLibrary, e: unknown): string {
  const first = library.builtinNames(firstLine(errorText(e)));
  const noKey = /^No such key: (?:index out of bounds, )?(.*)$/.exec(first);
  if (noKey) return first.includes('index out of bounds') ? `index out of bounds: ${noKey[1]}` : `no such key: ${noKey[1]}`;
  return first;
}

function reasonError(reason: string | undefined, path: string, value: unknown, detail: string): FieldError {
  const type: FieldErrorType =
    reason === 'FieldValueForbidden' ? 'FieldValueForbidden' : reason === 'FieldValueRequired' ? 'FieldValueRequired' : reason === 'FieldValueDuplicate' ? 'FieldValueDuplicate' : 'FieldValueInvalid';
  return fieldError(type, path, value, type === 'FieldValueDuplicate' ? '' : detail);
}

/** One validation's CEL state: where errors and unchecked rules go, and the loaded CEL environment. */
export interface Walk {
  errors: FieldError[];
  unchecked: string[];
  cel: Cel;
}

/** The state of one validation's CEL rules (loads the CEL environment on first use). */
export function celWalk(errors: FieldError[], unchecked: string[]): Walk {
  return { errors, unchecked, cel: environment() };
}

/**
 * Parses the rules (and message expressions) of a schema node once, ahead of any object: what a compiled validator
 * calls at module load for every node with `x-kubernetes-validations` (the walker parses on first use).
 */
export function precompileRules(s: ValidationSchema): ValidationSchema {
  compileRules(s);
  return s;
}

/** Evaluates every rule of `schema` over `value` (already pruned and defaulted); `old` is the stored object on an update. */
export function celErrors(schema: ValidationSchema, value: unknown, old: unknown, hasOld: boolean, errors: FieldError[], unchecked: string[]): void {
  visit(schema, value, old, hasOld, '', true, celWalk(errors, unchecked), 0);
}

function visit(s: ValidationSchema, v: unknown, old: unknown, hasOld: boolean, path: string, resource: boolean, w: Walk, depth: number): void {
  if (v === null || v === undefined || depth > 1000) return;
  nodeRules(s, v, old, hasOld, path, resource, w);
  if (Array.isArray(v)) {
    const items = s.items;
    if (!items) return;
    const keys = s['x-kubernetes-list-type'] === 'map' ? (s['x-kubernetes-list-map-keys'] ?? []) : undefined;
    const oldItems: unknown[] = hasOld && Array.isArray(old) && keys ? old : [];
    v.forEach((x, i) => {
      const match = keys && isObject(x) ? oldItems.find((o) => isObject(o) && keys.every((k) => jsonEqual(o[k], x[k]))) : undefined;
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

/**
 * The rules of one node (`s`'s own `x-kubernetes-validations`) over its value `v` (not null): errors and unchecked
 * rules appended to `w`. `resource`: the node is an embedded resource (or the root), whose unknown fields CEL sees.
 */
export function nodeRules(s: ValidationSchema, v: unknown, old: unknown, hasOld: boolean, path: string, resource: boolean, w: Walk): void {
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
      self ??= toCel(v, s, resource, w.cel);
      const context: Record<string, unknown> = { self };
      if (c.usesOldSelf) {
        oldSelf ??= hasOld ? toCel(old, s, resource, w.cel) : null;
        const optional = w.cel.module.Optional;
        context.oldSelf = c.rule.optionalOldSelf === true ? (hasOld ? optional.of(oldSelf) : optional.none()) : oldSelf;
      }
      let result: unknown;
      try {
        result = c.program(context);
      } catch (e) {
        const text = celErrorText(w.cel.library, e);
        // A value a library function does not reproduce, or a function kubegen lacks.
        if (e instanceof w.cel.library.NotEvaluable || /^found no matching overload|^Unknown (function|variable)/.test(text)) {
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
}
