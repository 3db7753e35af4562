/**
 * The CEL macros of the apiserver's environment that @marcbachmann/cel-js lacks or narrows, for both of kubegen's
 * users of cel-js — the generator's checker (`generator/cel/check.ts`) and the runtime's evaluator (`../cel.ts`):
 *
 * - `has(e.f)` over any operand `e` (cel-go's `MakeHas`: the argument must be a field selection; its operand is any
 *   expression — `has(self[0].items)`, `has(self.items[0].path)`, `has(f(x).y)`). cel-js 8 accepts only a chain of
 *   selections from an identifier and cannot replace its built-in `has` (an overlapping signature throws), so
 *   {@link installPresenceTests} hands every parsed `has()` call kubegen's implementation — cel-js' own documented
 *   macro shape (`{typeCheck, evaluate}`), set on the call node before it is first checked. The checker's verdicts
 *   are cel-go's (`checker.go` `checkSelectField` with `IsTestOnly`): a map or a dynamic operand is fine, a schema
 *   object must declare the field ("undefined field 'f'"), anything else "does not support field selection".
 * - `<list>.sortBy(v, key)` of cel-go's lists extension (version 2+, in the apiserver's environment since 1.34):
 *   the list ordered by the comparable key each element maps to (`@sortByAssociatedKeys`).
 *
 * - the two-variable comprehensions of cel-go's `ext.TwoVarComprehensions` (in the apiserver's environment since
 *   1.32): `all`, `exists`, `existsOne` / `exists_one` with an index (or key) and a value variable, and
 *   `transformList`, `transformMap`, `transformMapEntry` with an optional filter (`ext/comprehensions.go`).
 *
 * Registered with {@link registerKubernetesMacros}; every name stays in cel-js' public macro API
 * (`registerFunction('<sig with ast>', handler)`, `checker.check`, `ctx.forkWithVariable`, `evaluator.run`).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { timestampNanos } from './time';

export { installOptionalAggregates } from './syntax';

/** A node of a parsed expression, as far as the macros read it. */
interface Node {
  op: string;
  args: unknown;
  start?: number;
  checkedType?: CelType;
}

/** A cel-js type declaration, as far as the macros read it. */
interface CelType {
  name: string;
  kind: string;
  valueType?: CelType;
  keyType?: CelType;
  matchesValueType(v: unknown, ev: Evaluator): boolean;
}

/** A type-checking or evaluation context (cel-js `RootContext` / `OverlayContext`). */
interface Ctx {
  forkWithVariable(name: string, type: CelType): Ctx;
  reuse(parent: Ctx): Ctx;
  setIterValue(v: unknown, ev: Evaluator): Ctx;
}

interface Checker {
  check(n: Node, ctx: Ctx): CelType;
  registry: { getListType(t: CelType): CelType; getMapType(k: CelType, v: CelType): CelType; getOptionalType(t: CelType): CelType };
  getType(name: string): CelType;
  createError(code: string, message: string, n: Node): Error;
  formatType(t: CelType): string;
  objectTypes: Map<string, { fields?: Record<string, unknown> }>;
  dynType: CelType;
}

interface Evaluator {
  run(n: Node, ctx: Ctx): unknown;
  debugType(v: unknown): CelType & { fieldLazy(obj: unknown, key: string, n: Node, ev: Evaluator): unknown };
  createError(code: string, message: string, n: Node): Error;
}

/** What cel-js hands a macro's handler when it parses a call of it. */
interface MacroCall {
  ast: Node;
  args: Node[];
  receiver: Node | null;
}

interface OptionalValue {
  hasValue(): boolean;
  value(): unknown;
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && 'op' in v && 'args' in v;
}

/** cel-go's spelling of a type in a checker message (`list(string)`, `map(string, int)`). */
export function celGoTypeName(t: string): string {
  return t.replace(/</g, '(').replace(/>/g, ')');
}

/** The types cel-go's comparable-key overloads accept (`ext/lists.go` `comparableTypes`). */
const COMPARABLE = new Set(['int', 'uint', 'double', 'bool', 'google.protobuf.Duration', 'google.protobuf.Timestamp', 'string', 'bytes']);

/** cel-go's error when `has()` is not given a field selection (`parser/macro.go` `MakeHas`). */
export const HAS_INVALID_ARGUMENT = 'invalid argument to has() macro';

/** The presence test `has(operand.field)`, as a cel-js macro over any operand. */
class PresenceTest {
  constructor(
    /** The selection `operand.field` (errors are reported at it, as the checker reports a selection's). */
    private readonly node: Node,
    /** The `has(…)` call. */
    private readonly call: Node,
    private readonly operand: Node,
    private readonly field: string,
    private readonly optional: { new (...a: never[]): unknown } | undefined,
  ) {}

  typeCheck(checker: Checker, _macro: unknown, ctx: Ctx): CelType {
    let t = checker.check(this.operand, ctx);
    if (t.kind === 'optional' && t.valueType) t = t.valueType;
    const object = t.kind === 'message' ? checker.objectTypes.get(t.name) : undefined;
    if (object?.fields) {
      if (!Object.hasOwn(object.fields, this.field)) throw this.located(checker.createError('no_such_key', `No such key: ${this.field}`, this.node));
    } else if (t.kind !== 'map' && t.kind !== 'dyn' && t.kind !== 'param') {
      throw this.located(checker.createError('invalid_selection', `type '${celGoTypeName(checker.formatType(t))}' does not support field selection`, this.node));
    }
    return checker.getType('bool');
  }

  /** cel-go reports a presence test's errors at the `has(` call (its test-only selection has the call's location). */
  private located(e: Error): Error {
    return Object.assign(e, { location: this.call });
  }

  evaluate(ev: Evaluator, _macro: unknown, ctx: Ctx): boolean {
    let v = ev.run(this.operand, ctx);
    if (this.optional && v instanceof this.optional && isOptionalValue(v)) {
      if (!v.hasValue()) return false;
      v = v.value();
    }
    const type = ev.debugType(v);
    if (type.kind !== 'map' && type.kind !== 'message') throw ev.createError('no_such_overload', `no such key: ${this.field}`, this.node);
    return type.fieldLazy(v, this.field, this.node, ev) !== undefined;
  }
}

function isOptionalValue(v: unknown): v is OptionalValue {
  return typeof v === 'object' && v !== null && 'hasValue' in v && typeof v.hasValue === 'function' && 'value' in v && typeof v.value === 'function';
}

/**
 * Hands every `has()` call of a parsed expression kubegen's presence test (see the module comment); returns how
 * many it changed. Throws when the argument is not a field selection, with cel-go's message, so a caller reports
 * the expression as not compiling. Walks with an explicit stack (macro arguments included).
 */
export function installPresenceTests(ast: unknown, optional?: { new (...a: never[]): unknown }): number {
  let changed = 0;
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
      continue;
    }
    if (!isNode(n)) continue;
    stack.push(n.args);
    if (n.op !== 'call' || !Array.isArray(n.args) || n.args[0] !== 'has') continue;
    const callArgs: unknown = n.args[1];
    if (!Array.isArray(callArgs) || callArgs.length !== 1) continue;
    const arg: unknown = callArgs[0];
    if (!isNode(arg)) continue;
    if (arg.op !== '.' || !Array.isArray(arg.args)) throw new CelMacroError(HAS_INVALID_ARGUMENT, arg);
    const [operand, field] = arg.args as unknown[];
    if (!isNode(operand) || typeof field !== 'string') throw new CelMacroError(HAS_INVALID_ARGUMENT, arg);
    if (!hasSetMeta(n)) throw new Error("kubegen: cel-js' parsed call has no setMeta: cannot install the presence test");
    const test = new PresenceTest(arg, n, operand, field, optional);
    n.setMeta('macro', { typeCheck: test.typeCheck.bind(test), evaluate: test.evaluate.bind(test), async: false });
    changed++;
  }
  return changed;
}

function hasSetMeta(n: object): n is { setMeta(key: string, value: unknown): unknown } {
  return 'setMeta' in n && typeof n.setMeta === 'function';
}

/** A macro argument cel-go's parser refuses: the message and the node it is at (`range.start`, as cel-js errors). */
export class CelMacroError extends Error {
  readonly range: { start: number };
  constructor(
    message: string,
    /** The argument the error is at (cel-go reports a selection at its `.`). */
    readonly node: Node,
  ) {
    super(message);
    this.name = 'CelMacroError';
    this.range = { start: node.start ?? 0 };
  }
}

/** `<list>.sortBy(v, key)`: cel-go's macro (`ext/lists.go` `sortByMacro`) as one cel-js macro. */
class SortBy {
  private iterCtx: Ctx | undefined;
  constructor(
    private readonly node: Node,
    private readonly receiver: Node,
    private readonly iterVar: string,
    private readonly key: Node,
  ) {}

  typeCheck(checker: Checker, _macro: unknown, ctx: Ctx): CelType {
    const t = checker.check(this.receiver, ctx);
    // The key list is a `map` comprehension over the receiver: over a map its keys, over a list its elements.
    const elem = (t.kind === 'list' ? t.valueType : t.kind === 'map' ? t.keyType : undefined) ?? checker.dynType;
    if (t.kind !== 'list' && t.kind !== 'map' && t.kind !== 'dyn') {
      throw checker.createError('invalid_comprehension_range', `expression of type '${celGoTypeName(t.name)}' cannot be range of a comprehension (must be list, map, or dynamic)`, this.receiver);
    }
    this.iterCtx = ctx.forkWithVariable(this.iterVar, elem);
    const k = checker.check(this.key, this.iterCtx);
    // `@sortByAssociatedKeys(list(T), list(U))`, U comparable: a map receiver matches no overload.
    // The key of an empty literal's element (a type parameter) unifies with any comparable type, as cel-go's does.
    if (t.kind === 'map' || (k.kind !== 'dyn' && k.kind !== 'param' && !COMPARABLE.has(k.name))) {
      throw checker.createError('no_matching_overload', `found no matching overload for '@sortByAssociatedKeys' applied to '${celGoTypeName(t.kind === 'map' ? t.name : `list<${elem.name}>`)}.(${celGoTypeName(`list<${k.name}>`)})'`, this.node);
    }
    return t.kind === 'list' ? t : checker.getType('list');
  }

  evaluate(ev: Evaluator, _macro: unknown, ctx: Ctx): unknown[] {
    const list = ev.run(this.receiver, ctx);
    if (!Array.isArray(list)) throw ev.createError('no_such_overload', 'no such overload', this.node);
    if (!this.iterCtx) throw new Error('kubegen: sortBy evaluated before it was checked');
    const inner = this.iterCtx.reuse(ctx);
    const keys = list.map((v: unknown) => ev.run(this.key, inner.setIterValue(v, ev)));
    return sortByKeys(list, keys, ev, this.node);
  }
}

/** cel-js' `Optional` class, as far as the optional macros use it. */
export interface OptionalClass {
  of(v: unknown): unknown;
  none(): unknown;
}

/**
 * cel-go's `opt.optMap(v, expr)` and `opt.optFlatMap(v, expr)` (ext/optional: `opt.hasValue() ? optional.of(cel.bind(v,
 * opt.value(), expr)) : optional.none()`; optFlatMap without the `optional.of`, its expression must be an optional).
 */
class OptionalMap {
  private iterCtx: Ctx | undefined;
  constructor(
    private readonly node: Node,
    private readonly flat: boolean,
    private readonly receiver: Node,
    private readonly iterVar: string,
    private readonly expr: Node,
    private readonly optional: OptionalClass | undefined,
  ) {}

  typeCheck(checker: Checker, _macro: unknown, ctx: Ctx): CelType {
    const t = checker.check(this.receiver, ctx);
    const name = this.flat ? 'optFlatMap' : 'optMap';
    if (t.kind !== 'optional' && t.kind !== 'dyn') {
      throw checker.createError('no_matching_overload', `found no matching overload for 'value' applied to '${celGoTypeName(checker.formatType(t))}.()'`, this.receiver);
    }
    this.iterCtx = ctx.forkWithVariable(this.iterVar, (t.kind === 'optional' ? t.valueType : undefined) ?? checker.dynType);
    const e = checker.check(this.expr, this.iterCtx);
    if (!this.flat) return checker.registry.getOptionalType(e);
    if (e.kind !== 'optional' && e.kind !== 'dyn') {
      throw checker.createError('no_matching_overload', `${name}: found no matching overload for '_?_:_' applied to '(bool, ${celGoTypeName(checker.formatType(e))}, optional_type(dyn))'`, this.node);
    }
    return e.kind === 'optional' ? e : checker.getType('optional');
  }

  evaluate(ev: Evaluator, _macro: unknown, ctx: Ctx): unknown {
    const opt = ev.run(this.receiver, ctx);
    if (!isOptionalValue(opt)) throw ev.createError('no_such_overload', 'no such overload', this.node);
    if (!this.iterCtx) throw new Error('kubegen: an optional macro evaluated before it was checked');
    if (!this.optional) throw new Error('kubegen: the optional macros are declared for type checking only');
    if (!opt.hasValue()) return this.optional.none();
    const v = ev.run(this.expr, this.iterCtx.reuse(ctx).setIterValue(opt.value(), ev));
    if (this.flat) {
      if (!isOptionalValue(v)) throw ev.createError('no_such_overload', 'no such overload', this.expr);
      return v;
    }
    return this.optional.of(v);
  }
}

/** cel-go's `sortListByAssociatedKeys`: stable order of the keys, which must be comparable and of one type. */
function sortByKeys(list: readonly unknown[], keys: readonly unknown[], ev: Evaluator, node: Node): unknown[] {
  if (list.length === 0) return [];
  const first = keys[0];
  const kind = ev.debugType(first).name;
  if (!COMPARABLE.has(kind)) throw ev.createError('no_such_overload', 'list elements must be comparable', node);
  for (const k of keys) if (ev.debugType(k).name !== kind) throw ev.createError('no_such_overload', 'list elements must have the same type', node);
  const order = keys.map((_, i) => i);
  order.sort((a, b) => compareKeys(keys[a], keys[b]) || a - b);
  return order.map((i) => list[i]);
}

/** The order of two comparable CEL values of one type. */
function compareKeys(a: unknown, b: unknown): number {
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b);
  if (a instanceof Date && b instanceof Date) {
    // to the nanosecond, as Go's time.Time.Compare
    const x = timestampNanos(a);
    const y = timestampNanos(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) return a < b ? -1 : a > b ? 1 : 0;
  const x = durationNanos(a);
  const y = durationNanos(b);
  if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  const ua = unsignedValue(a);
  const ub = unsignedValue(b);
  if (ua !== undefined && ub !== undefined) return ua < ub ? -1 : ua > ub ? 1 : 0;
  return 0;
}

/** Go compares strings byte-wise (UTF-8), which orders as code points do. */
function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function durationNanos(v: unknown): bigint | undefined {
  if (typeof v !== 'object' || v === null || !('seconds' in v) || !('nanos' in v)) return undefined;
  const { seconds, nanos } = v;
  return typeof seconds === 'bigint' && typeof nanos === 'number' ? seconds * 1_000_000_000n + BigInt(nanos) : undefined;
}

function unsignedValue(v: unknown): bigint | undefined {
  if (typeof v !== 'object' || v === null || !('value' in v)) return undefined;
  return typeof v.value === 'bigint' ? v.value : undefined;
}

/** The two-variable comprehension macros (cel-go `ext/comprehensions.go`) and their arities. */
export const TWO_VARIABLE_MACROS: ReadonlyArray<readonly [TwoVarMacro, number]> = [
  ['all', 3],
  ['exists', 3],
  ['existsOne', 3],
  ['exists_one', 3],
  ['transformList', 3],
  ['transformList', 4],
  ['transformMap', 3],
  ['transformMap', 4],
  ['transformMapEntry', 3],
  ['transformMapEntry', 4],
];

export type TwoVarMacro = 'all' | 'exists' | 'existsOne' | 'exists_one' | 'transformList' | 'transformMap' | 'transformMapEntry';

/** cel-go's name of the accumulator in a macro's expansion, which no iteration variable may take. */
const ACCUMULATOR = '__result__';

/**
 * A two-variable comprehension as one cel-js macro: over a list the first variable is the index (an int) and the
 * second the element; over a map the key and the value (cel-go `checker.go` `checkComprehension` with `HasIterVar2`).
 * The quantifiers absorb errors as cel-go's `&&` / `||` steps do (a false — or a true for `exists` — decides even
 * after an error); `existsOne` and the transforms stop at the first error.
 */
class TwoVarComprehension {
  private keyCtx: Ctx | undefined;
  private valueCtx: Ctx | undefined;
  constructor(
    private readonly node: Node,
    private readonly macro: TwoVarMacro,
    private readonly receiver: Node,
    private readonly keyVar: string,
    private readonly valueVar: string,
    private readonly filter: Node | undefined,
    private readonly body: Node,
  ) {}

  typeCheck(checker: Checker, _macro: unknown, ctx: Ctx): CelType {
    const t = checker.check(this.receiver, ctx);
    let keyType: CelType;
    let valueType: CelType;
    if (t.kind === 'list') {
      keyType = checker.getType('int');
      valueType = t.valueType ?? checker.dynType;
    } else if (t.kind === 'map') {
      keyType = t.keyType ?? checker.dynType;
      valueType = t.valueType ?? checker.dynType;
    } else if (t.kind === 'dyn' || t.kind === 'param') {
      keyType = checker.dynType;
      valueType = checker.dynType;
    } else {
      throw checker.createError('invalid_comprehension_range', `expression of type '${celGoTypeName(checker.formatType(t))}' cannot be range of a comprehension (must be list, map, or dynamic)`, this.receiver);
    }
    this.keyCtx = ctx.forkWithVariable(this.keyVar, keyType);
    this.valueCtx = this.keyCtx.forkWithVariable(this.valueVar, valueType);
    const bool = checker.getType('bool');
    const isBool = (x: CelType) => x.kind === 'dyn' || x.name === 'bool';
    const name = (x: CelType) => celGoTypeName(checker.formatType(x));
    const filterType = this.filter ? checker.check(this.filter, this.valueCtx) : undefined;
    const bodyType = checker.check(this.body, this.valueCtx);
    switch (this.macro) {
      case 'all':
      case 'exists':
        // the step `@result && p` (`@result || p`)
        if (!isBool(bodyType)) throw checker.createError('type_mismatch', `expected type 'bool' but found '${name(bodyType)}'`, this.body);
        return bool;
      case 'existsOne':
      case 'exists_one':
        // the step `p ? @result + 1 : @result`
        if (!isBool(bodyType)) throw checker.createError('no_matching_overload', `found no matching overload for '_?_:_' applied to '(${name(bodyType)}, int, int)'`, this.node);
        return bool;
      case 'transformList': {
        const out = checker.registry.getListType(bodyType);
        this.checkFilter(checker, filterType, name(out));
        return out;
      }
      case 'transformMap': {
        const out = checker.registry.getMapType(keyType, bodyType);
        this.checkFilter(checker, filterType, name(out));
        return out;
      }
      case 'transformMapEntry': {
        // the step `cel.@mapInsert(@result, entry)`: the entry must be a map
        if (bodyType.kind !== 'map' && bodyType.kind !== 'dyn') {
          throw checker.createError('no_matching_overload', `found no matching overload for 'cel.@mapInsert' applied to '(map(dyn, dyn), ${name(bodyType)})'`, this.node);
        }
        const out = bodyType.kind === 'map' ? bodyType : checker.registry.getMapType(checker.dynType, checker.dynType);
        this.checkFilter(checker, filterType, name(out));
        return out;
      }
    }
  }

  /** The filter of a transform: the condition of the step `filter ? insert : @result`. */
  private checkFilter(checker: Checker, filterType: CelType | undefined, accu: string): void {
    if (!this.filter || !filterType || filterType.kind === 'dyn' || filterType.name === 'bool') return;
    throw checker.createError('no_matching_overload', `found no matching overload for '_?_:_' applied to '(${celGoTypeName(checker.formatType(filterType))}, ${accu}, ${accu})'`, this.node);
  }

  evaluate(ev: Evaluator, _macro: unknown, ctx: Ctx): unknown {
    if (!this.keyCtx || !this.valueCtx) throw new Error(`kubegen: ${this.macro} evaluated before it was checked`);
    const range = ev.run(this.receiver, ctx);
    const entries = comprehensionEntries(range);
    if (!entries) throw ev.createError('invalid_comprehension_range', `expression of type '${ev.debugType(range).name}' cannot be range of a comprehension (must be list, map, or dynamic)`, this.receiver);
    const keyCtx = this.keyCtx.reuse(ctx);
    const valueCtx = this.valueCtx.reuse(keyCtx);
    const run = (n: Node, k: unknown, v: unknown): unknown => {
      keyCtx.setIterValue(k, ev);
      return ev.run(n, valueCtx.setIterValue(v, ev));
    };
    const asBool = (x: unknown, n: Node): boolean => {
      if (typeof x !== 'boolean') throw ev.createError('no_such_overload', 'no such overload', n);
      return x;
    };
    switch (this.macro) {
      case 'all':
      case 'exists': {
        const decisive = this.macro === 'exists';
        // the first error, rethrown only when no element decides (what cel-js and kubegen throw are Errors)
        let error: Error | undefined;
        for (const [k, v] of entries) {
          try {
            if (asBool(run(this.body, k, v), this.body) === decisive) return decisive;
          } catch (e) {
            error ??= e instanceof Error ? e : ev.createError('evaluation_error', 'evaluation failed', this.body);
          }
        }
        if (error) throw error;
        return !decisive;
      }
      case 'existsOne':
      case 'exists_one': {
        let count = 0;
        for (const [k, v] of entries) if (asBool(run(this.body, k, v), this.body)) count++;
        return count === 1;
      }
      case 'transformList': {
        const out: unknown[] = [];
        for (const [k, v] of entries) if (this.kept(run, k, v, ev)) out.push(run(this.body, k, v));
        return out;
      }
      case 'transformMap': {
        const out = new Map<unknown, unknown>();
        for (const [k, v] of entries) if (this.kept(run, k, v, ev)) out.set(k, run(this.body, k, v));
        return out;
      }
      case 'transformMapEntry': {
        const out = new Map<unknown, unknown>();
        for (const [k, v] of entries) {
          if (!this.kept(run, k, v, ev)) continue;
          const value = run(this.body, k, v);
          const entry = Array.isArray(value) ? undefined : comprehensionEntries(value);
          if (!entry) throw ev.createError('no_such_overload', 'no such overload', this.body);
          for (const [ek, ev2] of entry) {
            if (hasMapKey(out, ek)) throw ev.createError('invalid_argument', `insert failed: key ${formatMapKey(ek)} already exists`, this.body);
            out.set(ek, ev2);
          }
        }
        return out;
      }
    }
  }

  private kept(run: (n: Node, k: unknown, v: unknown) => unknown, k: unknown, v: unknown, ev: Evaluator): boolean {
    if (!this.filter) return true;
    const f = run(this.filter, k, v);
    if (typeof f !== 'boolean') throw ev.createError('no_such_overload', 'no such overload', this.filter);
    return f;
  }
}

/**
 * The (index or key, value) pairs a comprehension ranges over: a list's (index as an int, element), a map's
 * entries — cel-js holds a map as a `Map` or as an object of its own keys. Undefined for anything else.
 */
function comprehensionEntries(range: unknown): Array<[unknown, unknown]> | undefined {
  if (Array.isArray(range)) return range.map((v: unknown, i): [unknown, unknown] => [BigInt(i), v]);
  if (range instanceof Map) return [...range.entries()];
  if (typeof range === 'object' && range !== null && !(range instanceof Uint8Array) && !(range instanceof Date)) return Object.entries(range);
  return undefined;
}

/** Whether a map already holds a key, with CEL's equality of numeric keys (`1 == 1u == 1.0`). */
function hasMapKey(m: Map<unknown, unknown>, key: unknown): boolean {
  if (m.has(key)) return true;
  const n = numericKey(key);
  if (n === undefined) return false;
  for (const k of m.keys()) if (numericKey(k) === n) return true;
  return false;
}

function numericKey(k: unknown): string | undefined {
  if (typeof k === 'bigint') return k.toString();
  if (typeof k === 'number') return Number.isInteger(k) ? BigInt(k).toString() : undefined;
  const u = unsignedValue(k);
  return u === undefined ? undefined : u.toString();
}

/** A key as Go's `%v` prints a CEL value in cel-go's insert error (strings bare, numbers in decimal). */
function formatMapKey(k: unknown): string {
  const u = unsignedValue(k);
  if (u !== undefined) return u.toString();
  return typeof k === 'string' || typeof k === 'bigint' || typeof k === 'number' || typeof k === 'boolean' ? String(k) : 'key';
}

/** The macro handler of a two-variable comprehension: cel-go's parse-time checks of its variables (`extractIterVars`). */
function twoVarHandler(macro: TwoVarMacro) {
  return ({ ast, args, receiver }: MacroCall) => {
    const [first, second, a, b] = args;
    if (!receiver || !first || !second || !a) throw new Error(`kubegen: ${macro} parsed without its receiver or arguments`);
    const keyVar = simpleName(first);
    const valueVar = simpleName(second);
    if (keyVar === valueVar) throw new CelMacroError(`duplicate variable name: ${keyVar}`, second);
    if (keyVar === ACCUMULATOR) throw new CelMacroError('iteration variable overwrites accumulator variable', first);
    if (valueVar === ACCUMULATOR) throw new CelMacroError('iteration variable overwrites accumulator variable', second);
    const m = b ? new TwoVarComprehension(ast, macro, receiver, keyVar, valueVar, a, b) : new TwoVarComprehension(ast, macro, receiver, keyVar, valueVar, undefined, a);
    return { typeCheck: m.typeCheck.bind(m), evaluate: m.evaluate.bind(m), async: false };
  };
}

function simpleName(n: Node): string {
  if (n.op !== 'id' || typeof n.args !== 'string') throw new CelMacroError('argument must be a simple name', n);
  return n.args;
}

/**
 * Registers the macros cel-js lacks on an environment (the generator's and the runtime's); `optional` (cel-js'
 * `Optional`) builds the results of optMap, which only the runtime evaluates.
 */
export function registerKubernetesMacros(env: Environment, optional?: OptionalClass): void {
  for (const [name, flat] of [
    ['optMap', false],
    ['optFlatMap', true],
  ] as const) {
    env.registerFunction(`optional.${name}(ast, ast): optional<dyn>`, ({ ast, args, receiver }: MacroCall) => {
      const [v, expr] = args;
      if (!receiver || !v || !expr) throw new Error(`kubegen: ${name} parsed without its receiver or arguments`);
      if (v.op !== 'id' || typeof v.args !== 'string') throw new CelMacroError(`${name}() variable name must be a simple identifier`, v);
      const m = new OptionalMap(ast, flat, receiver, v.args, expr, optional);
      return { typeCheck: m.typeCheck.bind(m), evaluate: m.evaluate.bind(m), async: false };
    });
  }
  for (const [name, arity] of TWO_VARIABLE_MACROS) {
    const result = name.startsWith('transformList') ? 'list<dyn>' : name.startsWith('transformMap') ? 'map<dyn, dyn>' : 'bool';
    env.registerFunction(`list.${name}(${Array.from({ length: arity }, () => 'ast').join(', ')}): ${result}`, twoVarHandler(name));
  }
  env.registerFunction('list.sortBy(ast, ast): list<dyn>', ({ ast, args, receiver }: MacroCall) => {
    const [v, key] = args;
    if (!receiver || !v || !key) throw new Error('kubegen: sortBy parsed without its receiver or arguments');
    if (v.op !== 'id' || typeof v.args !== 'string') throw new CelMacroError('argument is not an identifier', v);
    if (receiver.op === 'value' || receiver.op === 'map') throw new CelMacroError('sortBy can only be applied to a list, identifier, comprehension, call or select expression', receiver);
    const m = new SortBy(ast, receiver, v.args, key);
    return { typeCheck: m.typeCheck.bind(m), evaluate: m.evaluate.bind(m), async: false };
  });
}
