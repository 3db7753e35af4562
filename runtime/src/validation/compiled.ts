/**
 * The kit of compiled validators: what the generated `validate<Kind>` functions call. The validation emitter
 * (generator/emit/validation.ts) writes, per distinct schema node of a kind version, straight-line functions for
 * each pass of ./validate.ts (prepare, embedded resources, schema checks, list uniqueness, CEL) that test each
 * keyword inline and call the failure constructors below only when a check fails, so that the errors — types,
 * paths, values and messages — are the walker's word for word, built by the same code. Patterns are compiled and CEL
 * rules parsed once, at module load, through {@link compilePattern} and {@link precompileRules}.
 *
 * Values reach the generated functions already decoded (JSON); objects are walked by own keys (`Object.keys`,
 * `Object.hasOwn`), `__proto__` an ordinary key. Preparing (pruning, dropping nulls, defaulting) copies only what
 * changes: an object that needs no change is shared with the input, which no pass changes.
 */
import { fieldError, goFloat, goQuote, goValue, needsQuoting, omitValue, shownError, type FieldError } from './errors';
import { FORMATS } from './formats';
import { jsonEqual } from './json';
import { DfaMatcher } from './re2-dfa';
import { isObject, MAX_DEPTH, nestingBeyond, NestingTooDeep, NONE, own, pattern, runPasses, secondOccurrences, setOwn, tooDeepResult, VALID, type ValidateOptions, type ValidationPasses, type ValidatorOptions, type Validator } from './validate';

export { embeddedResourceChecks, isObject, listMapDuplicates, multipleOfError, own, setOwn, typeErrorOf } from './validate';
export { celWalk, nodeRules, precompileRules, type Walk } from './cel';
export type { ValidationPasses } from './validate';
export { jsonEqual } from './json';

/**
 * A schema's `pattern`, compiled once (at module load) for `test`: RE2 semantics through re2js' program, run by a
 * lazy DFA (./re2-dfa.ts); null when RE2 refuses the pattern (the apiserver refuses such a CRD, the walker skips it).
 */
export function compilePattern(p: string): DfaMatcher | null {
  const re = pattern(p);
  return re === null ? null : new DfaMatcher(re);
}

/** Binds a kind version's compiled passes into a validator (what generated `validate<Kind>` constants are). */
export function compiledValidator<T>(passes: ValidationPasses, options: ValidatorOptions = {}): Validator<T> {
  // A create whose verdict is the schema's alone (no other pass, no scale subresource): an object that needs no
  // preparing is checked where it is by the scan (VALID at once when it finds nothing); any other is walked once by
  // `prepare`, without runPasses' setup. A create with an own status (which the status subresource drops, so that the
  // object validated is another) goes to runPasses.
  const scan = passes.scan;
  const alone = passes.embedded === undefined && passes.lists === undefined && passes.cel === undefined && options.scale === undefined;
  const status = options.statusSubresource === true;
  return (obj, opts?: ValidateOptions) => {
    if (!alone || opts !== undefined || !isObject(obj)) return runPasses(passes, obj, opts === undefined ? options : { ...options, ...opts });
    if (status && obj.status !== undefined) return runPasses(passes, obj, options);
    const errors: FieldError[] = [];
    try {
      if (scan !== undefined && scan(obj, errors)) return errors.length === 0 ? VALID : { valid: false, errors, unchecked: NONE };
    } catch (e) {
      // Nested too deep somewhere the scan went: `prepare` finds the first such container in document order.
      if (!(e instanceof NestingTooDeep)) throw e;
    }
    // An own status whose value is undefined (the scan refuses the key): the status subresource drops it too.
    if (status && own(obj, 'status')) return runPasses(passes, obj, options);
    errors.length = 0;
    try {
      passes.prepare(obj, errors);
    } catch (e) {
      if (e instanceof NestingTooDeep) return tooDeepResult(e.opening);
      throw e;
    }
    return errors.length === 0 ? VALID : { valid: false, errors, unchecked: NONE };
  };
}

/**
 * Puts the errors of an object's properties, appended property by property in the schema's order — the errors of
 * `names[i]` from `starts[i]` to the next start (the last to the end of `errors`) — in the order of the object's own
 * keys, the walk's order. A scan calls it where more than one error follows the first start.
 */
export function inKeyOrder(v: Record<string, unknown>, errors: FieldError[], starts: readonly number[], names: readonly string[]): void {
  // Nothing to order unless two properties have errors (the scan calls this on two errors, which may be one property's).
  let ranges = 0;
  for (let i = 0; i < starts.length && ranges < 2; i++) if ((starts[i + 1] ?? errors.length) !== starts[i]) ranges++;
  if (ranges < 2) return;
  // Then whether the properties with errors come in the schema's order in the object's own keys: most objects, and
  // then nothing moves and nothing is allocated. Only invalid objects come here, so the own-key check costs no valid one.
  let last = -1;
  let sorted = true;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const i = errorsOf(k, errors, starts, names);
    if (i < 0) continue;
    if (i < last) {
      sorted = false;
      break;
    }
    last = i;
  }
  if (sorted) return;
  const moved: FieldError[] = [];
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const i = errorsOf(k, errors, starts, names);
    if (i < 0) continue;
    for (let j = starts[i] ?? errors.length, end = starts[i + 1] ?? errors.length; j < end; j++) {
      const e = errors[j];
      if (e !== undefined) moved.push(e);
    }
  }
  const first = starts[0] ?? errors.length;
  if (moved.length === errors.length - first) errors.splice(first, moved.length, ...moved);
}

/** The index in `names` of property `k` when it has errors (see {@link inKeyOrder}), else -1. */
function errorsOf(k: string, errors: readonly FieldError[], starts: readonly number[], names: readonly string[]): number {
  // A loop of comparisons (`indexOf` is a builtin call per key).
  let i = 0;
  while (i < names.length && names[i] !== k) i++;
  if (i === names.length) return -1;
  return (starts[i + 1] ?? errors.length) === (starts[i] ?? errors.length) ? -1 : i;
}

/** The path of property `name` below `path` (`spec.replicas`; the root is `''`). */
export function child(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

/** The path of item `i` below `path`. */
export function item(path: string, i: number): string {
  return `${path}[${i}]`;
}

/**
 * The path of `key` below `parent`: a property (`spec.replicas`; below the root `''`, the name itself) or an item
 * (`spec.ports[1]`). The generated functions of leaves take their parent's path and their key and call this only to
 * report an error, so that no path is built for a valid value.
 */
export function at(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

// ——— the nesting depth, checked where the prepare walk leaves the schema ———

/**
 * Throws {@link NestingTooDeep} when the container `v`, at nesting depth `depth` (the root object is at 0), has a
 * container past the apiserver's decoder limit ({@link MAX_DEPTH}). The generated prepare walk calls it on each value
 * it keeps or drops without walking (unknown and preserved fields, `metadata`, the items of a schema without
 * `items`): the containers it walks follow the schema, far shallower than the limit, so that the whole object is
 * checked in document order, as the walker's up-front check does, without a walk of its own.
 */
export function deep(v: object, depth: number): void {
  const tooDeep = nestingBeyond(v, MAX_DEPTH, depth);
  if (tooDeep) throw new NestingTooDeep(tooDeep.opening);
}

/**
 * Whether the container `v`, at nesting depth `depth`, has no container past {@link MAX_DEPTH} (what `deep`
 * checks, as a test): the generated scans call it on the values they accept without walking them (a kind's
 * `metadata`, preserved unknown fields). A test that may say false where `deep` would not throw — it walks every
 * enumerable key, inherited ones too, without an own-key check on each (on the hot path of every valid object) — for
 * false only sends the object to the walk, which decides; true is exact (every own value is among those walked).
 */
export function shallow(v: object, depth: number): boolean {
  if (depth + 1 > MAX_DEPTH) return false;
  if (depth >= SHALLOW_RECURSION) return nestingBeyond(v, MAX_DEPTH, depth) === undefined;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object' && x !== null && !shallow(x, depth + 1)) return false;
    }
    return true;
  }
  if (!isObject(v)) return true;
  for (const k in v) {
    const x = v[k];
    if (typeof x === 'object' && x !== null && !shallow(x, depth + 1)) return false;
  }
  return true;
}

/** How deep {@link shallow} recurses before it hands the rest to the walker's check (which uses a stack past its own limit). */
const SHALLOW_RECURSION = 200;

/** A leaf's value that is an object or an array, at nesting depth `depth`: its depth checked, then prepared as `prepareLeaf` prepares it. */
export function leafValue(v: object, depth: number): unknown {
  deep(v, depth);
  return prepareLeaf(v);
}

/**
 * Moves the errors `errors[end…]` (a node's own checks, made after its children were prepared and checked) before
 * `errors[mark…end)` (the children's): the walker reports a node's own errors first. Called only when there are any.
 */
export function hoist(errors: FieldError[], mark: number, end: number): void {
  // `errors[mark…)` rotated in place (three reversals), no array allocated.
  reverse(errors, mark, end);
  reverse(errors, end, errors.length);
  reverse(errors, mark, errors.length);
}

function reverse(a: FieldError[], from: number, to: number): void {
  for (let i = from, j = to - 1; i < j; i++, j--) {
    const x = a[i];
    const y = a[j];
    if (x === undefined || y === undefined) return;
    a[i] = y;
    a[j] = x;
  }
}

// ——— prepare ———

/**
 * What the apiserver's decoder leaves of a value under a schema that declares no property, no item and no value
 * schema and keeps no unknown field: an object loses every key (an array is kept, a scalar is itself).
 */
export function prepareLeaf(v: unknown): unknown {
  if (!isObject(v)) return v;
  return Object.keys(v).length === 0 ? v : (Object.create(null) as Record<string, unknown>);
}

/** An array with every item prepared by `f`: the array itself when no item changes. */
export function prepareItems(v: readonly unknown[], f: (x: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    const y = f(x);
    if (out === undefined) {
      if (y === x) continue;
      out = v.slice(0, i);
    }
    out.push(y);
  }
  return out ?? (v as unknown[]);
}

/** A null-prototype copy of the own keys of `v` before `stop` (all of them when `stop` is undefined). */
export function prepareHead(v: Record<string, unknown>, stop: string | undefined): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const k in v) {
    if (!own(v, k)) continue;
    if (k === stop) break;
    setOwn(out, k, v[k]);
  }
  return out;
}

// ——— schema checks: the failure constructors, with the walker's wording ———

/** Go's `%q` list of an enum's values (`supported values: "a", "b"`), computed once per enum at module load. */
export { enumText } from './validate';

/** An enum's `Unsupported value` error; `supported` is the `supported values: …` text. */
export function notSupported(path: string, v: unknown, supported: string): FieldError {
  return shownError('FieldValueNotSupported', path, v, supported);
}

/** The check of a string format, or undefined for a format the apiserver does not check. */
export function formatCheck(format: string): ((s: string) => boolean) | undefined {
  return FORMATS.get(format);
}

export function formatError(path: string, v: string, format: string): FieldError {
  return shownError('FieldValueTypeInvalid', path, v, `${path} in body must be of type ${format}: ${goQuote(v)}`);
}

/** The number of runes (code points) of a string, as Go's `utf8.RuneCountInString`. */
export function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

export function tooLong(path: string, v: string, max: number): FieldError {
  return fieldError('FieldValueTooLong', path, v, `may not be more than ${max} bytes`);
}

export function tooShort(path: string, v: string, min: number): FieldError {
  return invalidString(path, v, `${path} in body should be at least ${min} chars long`);
}

export function patternMismatch(path: string, v: string, pattern: string): FieldError {
  return invalidString(path, v, `${path} in body should match '${pattern}'`);
}

/** An integer node's value out of its format's range (or not integral). */
export function notInteger(path: string, format: string): FieldError {
  const desc = format === 'int32' || format === 'int64' ? `with format ${format}` : '(default format)';
  return shownError('FieldValueInvalid', '<nil>', '', `Checked value must be of type integer ${desc} in ${path}`);
}

export function aboveMaximum(path: string, v: number | bigint, max: number, exclusive: boolean): FieldError {
  // The wording as one constant per case: two concatenations, not four.
  return invalidNumber(path, v, path + (exclusive ? ' in body should be less than ' : ' in body should be less than or equal to ') + goFloat(max));
}

export function belowMinimum(path: string, v: number | bigint, min: number, exclusive: boolean): FieldError {
  return invalidNumber(path, v, path + (exclusive ? ' in body should be greater than ' : ' in body should be greater than or equal to ') + goFloat(min));
}

/**
 * `aboveMaximum` / `belowMinimum` with the wording after the path precomputed by the validation emitter
 * (` in body should be greater than or equal to 1`): one concatenation, no number printed, per error.
 */
export function boundError(path: string, v: number | bigint, wording: string): FieldError {
  return invalidNumber(path, v, path + wording);
}

/** `patternMismatch` with the wording after the path precomputed by the emitter (` in body should match '…'`). */
export function patternError(path: string, v: string, wording: string): FieldError {
  return invalidString(path, v, path + wording);
}

export function tooMany(path: string, n: number, max: number): FieldError {
  return shownError('FieldValueTooMany', path, n, `must have at most ${max} item${max === 1 ? '' : 's'}`);
}

export function tooFewItems(path: string, n: number, min: number): FieldError {
  return invalidNumber(path, n, `${path} in body should have at least ${min} items`);
}

export function tooFewProperties(path: string, n: number, min: number): FieldError {
  return invalidNumber(path, n, `${path} in body should have at least ${min} properties`);
}

// `shownError('FieldValueInvalid', …)` (same message, same shape: type, field, badValue, detail, message) for a value
// whose type the check knows: no lookup of the type's words, no dispatch on the value's type (half the cost of an
// error, which is most of the cost of an invalid object). test/unit/runtime/validation/compiled.test.ts compares them.

/** `shownError('FieldValueInvalid', path, v, detail)` of a string value (`detail` not empty). */
export function invalidString(path: string, v: string, detail: string): FieldError {
  // Most values need no escaping: the quotes written around the value in one concatenation.
  const message = needsQuoting(v) ? `Invalid value: ${goQuote(v)}: ${detail}` : `Invalid value: "${v}": ${detail}`;
  return { type: 'FieldValueInvalid', field: path, badValue: v, detail, message };
}

/** `shownError('FieldValueInvalid', path, v, detail)` of a number (`detail` not empty). */
export function invalidNumber(path: string, v: number | bigint, detail: string): FieldError {
  const shown = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : goValue(v);
  return { type: 'FieldValueInvalid', field: path, badValue: v, detail, message: `Invalid value: ${shown}: ${detail}` };
}

/**
 * The failure of a check at a constant path with a constant detail (`spec.replicas`, `spec.replicas in body should be
 * greater than or equal to 1`), made once at module load by `fixedFailure` for a scan of a kind's properties:
 * the texts an error joins its value to are joined already, so that an error is its message's two joins and the
 * object (`invalidString` and `invalidNumber`'s error, field for field).
 */
export class FixedFailure {
  /** The message after a string value shown without escapes (`": ` and the detail). */
  private readonly stringTail: string;
  /** The message after a number (`: ` and the detail). */
  private readonly numberTail: string;

  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    this.stringTail = `": ${detail}`;
    this.numberTail = `: ${detail}`;
  }

  /** `invalidString(field, v, detail)`. */
  string(v: string): FieldError {
    const message = needsQuoting(v) ? `Invalid value: ${goQuote(v)}: ${this.detail}` : 'Invalid value: "' + v + this.stringTail;
    return { type: 'FieldValueInvalid', field: this.field, badValue: v, detail: this.detail, message };
  }

  /** `invalidNumber(field, v, detail)`. */
  number(v: number | bigint): FieldError {
    const shown = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : goValue(v);
    return { type: 'FieldValueInvalid', field: this.field, badValue: v, detail: this.detail, message: 'Invalid value: ' + shown + this.numberTail };
  }
}

/** The {@link FixedFailure} of a check at `field` whose detail is `detail` (a module-level constant of generated code). */
export function fixedFailure(field: string, detail: string): FixedFailure {
  return new FixedFailure(field, detail);
}

/** Whether two items of a `uniqueItems` array are equal (JSON equality). */
export function hasDuplicates(v: readonly unknown[]): boolean {
  for (let i = 1; i < v.length; i++) for (let j = 0; j < i; j++) if (jsonEqual(v[i], v[j])) return true;
  return false;
}

export function duplicateItems(path: string): FieldError {
  return fieldError('FieldValueInvalid', path, omitValue, `${path} in body shouldn't contain duplicates`);
}

/** A required property `name` missing below `path`. */
export function required(path: string, name: string): FieldError {
  return requiredAt(child(path, name));
}

/** A required property missing at `field`, its whole path (a constant the validation emitter joined: no path built). */
export function requiredAt(field: string): FieldError {
  return { type: 'FieldValueRequired', field, detail: '', message: 'Required value' };
}

function composite(detail: string): FieldError {
  return shownError('FieldValueInvalid', '<nil>', '', detail);
}

function fewest(results: ReadonlyArray<readonly FieldError[]>): readonly FieldError[] {
  let best: readonly FieldError[] = [];
  results.forEach((r, i) => {
    if (i === 0 || r.length < best.length) best = r;
  });
  return best;
}

/** `anyOf`: the errors of each branch given; none is valid → the composite error and the fewest branch errors. */
export function anyOfErrors(path: string, results: ReadonlyArray<readonly FieldError[]>, errors: FieldError[]): void {
  if (results.some((r) => r.length === 0)) return;
  errors.push(composite(`${goQuote(path)} must validate at least one schema (anyOf)`), ...fewest(results));
}

/** `oneOf`: not exactly one branch valid → the composite error (and, when none is, the fewest branch errors). */
export function oneOfErrors(path: string, results: ReadonlyArray<readonly FieldError[]>, errors: FieldError[]): void {
  const ok = results.filter((r) => r.length === 0).length;
  if (ok === 1) return;
  errors.push(composite(`${goQuote(path)} must validate one and only one schema (oneOf)`));
  if (ok === 0) errors.push(...fewest(results));
}

/** `not`: the branch is valid → the composite error. */
export function notError(path: string): FieldError {
  return composite(`${goQuote(path)} must not validate the schema (not)`);
}

// ——— list-type set and map ———

/** `x-kubernetes-list-type: set`: the second occurrence of each repeated item is a `Duplicate value`. */
export function setDuplicates(v: readonly unknown[], path: string, errors: FieldError[]): void {
  for (const i of secondOccurrences(v)) errors.push(fieldError('FieldValueDuplicate', `${path}[${i}]`, v[i], ''));
}

// ——— CEL: the old value that correlates with a new one ———

/** The old value of property `k` (undefined when there is none or it is null): transition rules run only with one. */
export function oldProperty(old: unknown, hasOld: boolean, k: string): unknown {
  if (!hasOld || !isObject(old) || !own(old, k)) return undefined;
  const v = old[k];
  return v === null ? undefined : v;
}

function ownValue(o: Record<string, unknown>, k: string): unknown {
  return own(o, k) ? o[k] : undefined;
}

/** The old item of a `map` list that has the keys of item `x` (undefined when none has). */
export function oldItem(x: unknown, old: unknown, hasOld: boolean, keys: readonly string[]): unknown {
  if (!hasOld || !Array.isArray(old) || !isObject(x)) return undefined;
  return old.find((o: unknown) => isObject(o) && keys.every((k) => jsonEqual(ownValue(o, k), ownValue(x, k))));
}
