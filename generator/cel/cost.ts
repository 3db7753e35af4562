/**
 * The apiserver's static cost estimate of a CEL expression: cel-go's `checker.Cost` (checker/cost.go) with the
 * Kubernetes call estimator (`k8s.io/apiserver/pkg/cel/library/cost.go`) and the CRD size estimator
 * (`apiextensions-apiserver/pkg/apiserver/schema/cel/compilation.go`), ported onto the checked AST of
 * @marcbachmann/cel-js. Macros are costed as the comprehensions cel-go expands them into, so `all`, `exists`,
 * `exists_one`, `map`, `filter` and `cel.bind` cost what they cost on the server.
 *
 * Numbers are uint64 in cel-go; here they are doubles saturating at 2^64 (the comparison with the budget and the
 * factor in the message only need that precision).
 */
import type { DeclType } from './decltype';

/** math.MaxUint64 as the nearest double (2^64), the value the literal 18446744073709551615 has in JavaScript. */
export const MAX_UINT64 = 2 ** 64;
const STRING_TRAVERSAL = 0.1;
const REGEX_STRING_LENGTH = 0.25;
const LIST_CREATE = 10;
const MAP_CREATE = 30;
const MAX_NAME_FORMAT_REGEX_SIZE = 128;
const MAX_FORMAT_SIZE = 64;

export interface Estimate {
  min: number;
  max: number;
}

const add = (x: number, y: number): number => (x + y >= MAX_UINT64 ? MAX_UINT64 : x + y);
const mul = (x: number, y: number): number => (x * y >= MAX_UINT64 ? MAX_UINT64 : x * y);
const byFactor = (x: number, f: number): number => {
  const c = Math.ceil(x * f);
  return c >= MAX_UINT64 ? MAX_UINT64 : c;
};
const fixed = (n: number): Estimate => ({ min: n, max: n });
const plus = (a: Estimate, b: Estimate): Estimate => ({ min: add(a.min, b.min), max: add(a.max, b.max) });
const times = (a: Estimate, b: Estimate): Estimate => ({ min: mul(a.min, b.min), max: mul(a.max, b.max) });
const factor = (a: Estimate, f: number): Estimate => ({ min: byFactor(a.min, f), max: byFactor(a.max, f) });
const union = (a: Estimate, b: Estimate): Estimate => ({ min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) });
const UNKNOWN: Estimate = { min: 0, max: MAX_UINT64 };

/** A node of the cel-js AST (parser.js `ASTNode`), as far as the estimator reads it. */
export interface CelAst {
  op: string;
  args: unknown;
  checkedType?: { name?: string } | undefined;
}

/**
 * The sizes of a container's entries (cel-go `entrySizeEstimate`): its kind, and the size of its keys (a list's
 * indices: 1) and of its values. Known only where both are.
 */
interface EntrySize {
  container: 'list' | 'map';
  key: Estimate;
  val: Estimate;
}

/** Both entry sizes' union (cel-go `entrySizeEstimate.union`): none unless both are known; the first one's kind. */
function unionEntries(a: EntrySize | undefined, b: EntrySize | undefined): EntrySize | undefined {
  return a && b ? { container: a.container, key: union(a.key, b.key), val: union(a.val, b.val) } : undefined;
}

/**
 * A field path as cel-go's coster holds it: a Go `[]string`, whose `append` writes into the backing array it shares
 * with the slice appended to while that array has room, and copies into one of twice the capacity when it has not.
 * So two appends to one path overwrite each other: a two-variable comprehension over `self.spec.labels` (a path of
 * length 3 in an array of 4) gives its key the path `[self spec labels @values]`, the value's, and the key is sized
 * as a value. The elements are read when the path is used, as Go reads them.
 */
interface GoPath {
  readonly array: string[];
  readonly len: number;
  readonly cap: number;
}

/** `[]string{name}`. */
function goPath(name: string): GoPath {
  return { array: [name], len: 1, cap: 1 };
}

/**
 * Go's `append(p, step)` (runtime `growslice`: a slice under 256 elements doubles; 16-byte elements fill the
 * allocator's size classes exactly). Longer paths — 256 selections in one rule — are given an exact-size array.
 */
function goAppend(p: GoPath | undefined, step: string): GoPath {
  if (p === undefined) return goPath(step);
  if (p.len < p.cap) {
    p.array[p.len] = step;
    return { array: p.array, len: p.len + 1, cap: p.cap };
  }
  const array = p.array.slice(0, p.len);
  array.push(step);
  return { array, len: p.len + 1, cap: p.cap < 256 ? Math.max(1, p.cap * 2) : p.len + 1 };
}

/** The elements a path has now. */
function elements(p: GoPath): string[] {
  return p.array.slice(0, p.len);
}

/** A local variable (cel-go `localVar`): a comprehension's iteration variable or a bound name. */
interface LocalVar {
  path: GoPath | undefined;
  size?: Estimate | undefined;
  entry?: EntrySize | undefined;
}

/** The variables of the CRD rule environment. */
const VARIABLES = new Set(['self', 'oldSelf']);
const SCALAR_TYPES = new Set(['bool', 'double', 'google.protobuf.Duration', 'int', 'google.protobuf.Timestamp', 'uint', 'duration', 'timestamp']);
const O1_EQUALITY = new Set(['Quantity', 'Semver', 'IP', 'CIDR']);

/**
 * An int constant argument as a uint64 (ext/costs.go `nodeAsUintValue`): a literal, negative ones (which cel-go's
 * parser folds from `-n`) as 0; `dflt` for anything else.
 */
function uintConstant(a: CelAst, dflt: number): number {
  const v = intConstant(a);
  return v === undefined ? dflt : v < 0n ? 0 : Number(v);
}

/** An int literal's value, `-n` included (cel-go's parser folds it into the literal). */
function intConstant(a: CelAst): bigint | undefined {
  if (a.op === 'value') return typeof a.args === 'bigint' ? a.args : undefined;
  if (a.op !== '-_') return undefined;
  const operand = a.args as CelAst;
  return operand.op === 'value' && typeof operand.args === 'bigint' ? -operand.args : undefined;
}

/**
 * Operand `i` of a node (`args`: its operands, or a call's arguments). cel-js gives every operator and macro the
 * operands its grammar requires, and the callers check the arity of calls first, so a missing one is a malformed tree.
 */
function nth(args: readonly CelAst[], i: number, n: CelAst): CelAst {
  const a = args[i];
  if (a === undefined) throw new Error(`kubegen: malformed CEL tree: \`${n.op}\` has no operand ${i}`);
  return a;
}

function typeName(n: CelAst): string {
  return n.checkedType?.name ?? 'dyn';
}

/** The type of what a one-variable comprehension over `range` iterates: a list's elements, a map's keys. */
function elementType(range: CelAst): string {
  const t = typeName(range);
  return /^list<(.*)>$/.exec(t)?.[1] ?? /^map<([^,<>]+),/.exec(t)?.[1] ?? 'dyn';
}

function isScalar(t: string): boolean {
  if (SCALAR_TYPES.has(t)) return true;
  const inner = /^optional<(.*)>$/.exec(t)?.[1];
  return inner !== undefined && isScalar(inner);
}

/** The two-variable comprehension macros (cel-go `ext.TwoVarComprehensions`) by name and arity. */
const TWO_VARIABLE_ARITY: Record<string, readonly number[]> = { all: [3], exists: [3], existsOne: [3], exists_one: [3], transformList: [3, 4], transformMap: [3, 4], transformMapEntry: [3, 4] };

function isTwoVariable(name: string, args: readonly CelAst[]): boolean {
  const arities = Object.hasOwn(TWO_VARIABLE_ARITY, name) ? TWO_VARIABLE_ARITY[name] : undefined;
  return arities !== undefined && arities.includes(args.length) && args[0]?.op === 'id' && args[1]?.op === 'id';
}

/** The cost estimator of one expression; `root` is the type of `self` (and `oldSelf`). */
export class CostEstimator {
  private readonly sizes = new Map<CelAst, Estimate>();
  private readonly entrySizes = new Map<CelAst, EntrySize>();
  private readonly paths = new Map<CelAst, GoPath | undefined>();
  /**
   * The sizes of a call's operands as cel-go's `newAstNode` takes them: right after each is costed (later appends
   * to a shared path do not change them); undefined where there was none.
   */
  private readonly snapshots = new Map<CelAst, Estimate | undefined>();
  private readonly locals: Array<[string, LocalVar]> = [];

  constructor(private readonly root: DeclType) {}

  /** The `[min, max]` cost of the checked expression. */
  estimate(ast: CelAst): Estimate {
    return this.cost(ast);
  }

  private local(name: string): LocalVar | undefined {
    return this.locals.findLast(([local]) => local === name)?.[1];
  }

  private pathOf(n: CelAst): GoPath | undefined {
    if (n.op === 'id') {
      const v = this.local(n.args as string);
      if (v) return v.path;
    }
    return this.paths.get(n);
  }

  /**
   * The apiserver's size estimator (compilation.go `sizeEstimator.EstimateSize`): the MaxElements of the schema node a
   * path leads to. Its first element (a variable) is cut off unread and the rest walked from `self`'s type, whatever
   * that variable is — so a path that starts at an iteration variable over an expression without a path (`["@items"]`)
   * or at a qualified name (`["google.protobuf.Timestamp"]`) is `self`'s own size.
   */
  private sizeOfPath(path: GoPath | readonly string[] | undefined): Estimate | undefined {
    const steps = path === undefined ? [] : 'array' in path ? elements(path) : path;
    if (steps.length === 0) return undefined;
    let t: DeclType | 'key' = this.root;
    for (const step of steps.slice(1)) {
      if (t === 'key') return undefined;
      if (step === '@items' || step === '@values') {
        if (t.kind !== 'list' && t.kind !== 'map') return undefined;
        t = t.elem;
      } else if (step === '@keys') {
        // a map's KeyType: the apiserver's StringType, MaxElements 0 and no fields
        if (t.kind !== 'map') return undefined;
        t = 'key';
      } else {
        if (t.kind !== 'object') return undefined;
        const f = t.fields.get(step);
        if (!f) return undefined;
        t = f.type;
      }
    }
    return { min: 0, max: t === 'key' ? 0 : t.maxElements };
  }

  private computeSize(n: CelAst): Estimate | undefined {
    const s = this.sizes.get(n);
    if (s) return s;
    if (n.op === 'value') {
      const v = n.args;
      if (typeof v === 'string') return fixed(Array.from(v).length);
      if (v instanceof Uint8Array) return fixed(v.length);
      return fixed(1);
    }
    if (n.op === 'list') return fixed((n.args as unknown[]).length);
    if (n.op === 'map') return fixed((n.args as unknown[]).length);
    const byPath = this.sizeOfPath(this.pathOf(n));
    if (byPath) {
      this.sizes.set(n, byPath);
      return byPath;
    }
    if (isScalar(typeName(n))) return fixed(1);
    if (n.op === 'id') return this.local(n.args as string)?.size;
    return undefined;
  }

  private sizeOrUnknown(n: CelAst): Estimate {
    if (this.snapshots.has(n)) return this.snapshots.get(n) ?? UNKNOWN;
    return this.computeSize(n) ?? UNKNOWN;
  }

  /** An operand of a call (an operator's included): costed, then sized at once, as cel-go's `costCall` does. */
  private costOperand(a: CelAst): Estimate {
    const c = this.cost(a);
    this.snapshots.set(a, this.computeSize(a));
    return c;
  }

  private setEntrySize(n: CelAst, e: EntrySize | undefined): void {
    if (e) this.entrySizes.set(n, e);
  }

  /** cel-go `copySizeEstimates`: `dst` has the size and entry sizes `src` has (`dyn(x)`, a bind's result). */
  private copySizes(dst: CelAst, src: CelAst): void {
    const s = this.computeSize(src);
    if (s) this.sizes.set(dst, s);
    this.setEntrySize(dst, this.entrySize(src));
  }

  /**
   * The qualified name a selection stands for (`google.protobuf.Timestamp`, `net.IP`), or undefined: a chain of
   * selections from an identifier that is neither a local variable nor one of the environment's variables (`self`,
   * `oldSelf`) names a type or constant, which cel-go's checker rewrites into one identifier.
   */
  private qualifiedName(n: CelAst): string | undefined {
    if (n.op === 'id') {
      const name = n.args as string;
      return this.local(name) || VARIABLES.has(name) ? undefined : name;
    }
    if (n.op !== '.') return undefined;
    const [operand, field] = n.args as [CelAst, unknown];
    if (typeof field !== 'string') return undefined;
    const q = this.qualifiedName(operand);
    return q === undefined ? undefined : `${q}.${field}`;
  }

  private entrySize(n: CelAst): EntrySize | undefined {
    const s = this.entrySizes.get(n);
    if (s) return s;
    if (n.op === 'id') return this.local(n.args as string)?.entry;
    return undefined;
  }

  private cost(n: CelAst): Estimate {
    switch (n.op) {
      case 'value':
        return fixed(0);
      case 'id': {
        const name = n.args as string;
        const v = this.local(name);
        this.paths.set(n, v ? v.path : goPath(name));
        return fixed(1);
      }
      case '.': {
        const [operand, field] = n.args as [CelAst, string];
        const qualified = this.qualifiedName(n);
        if (qualified !== undefined) {
          // cel-go's checker resolves `google.protobuf.Timestamp` to one identifier (a type name).
          this.paths.set(n, goPath(qualified));
          return fixed(1);
        }
        let sum = this.cost(operand);
        const t = typeName(operand);
        if (t !== 'dyn' && !isScalar(t) && !t.startsWith('list<') && t !== 'string' && t !== 'bytes') sum = plus(sum, fixed(1));
        // cel-go appends to the operand's path even when it has none: `[…][0].a` is `["@items", "a"]`.
        this.paths.set(n, goAppend(this.pathOf(operand), field));
        return sum;
      }
      case 'list': {
        let sum = fixed(0);
        let item: Estimate = { min: MAX_UINT64, max: 0 };
        const elems = n.args as CelAst[];
        if (elems.length === 0) item = { min: 0, max: 0 };
        for (const e of elems) {
          sum = plus(sum, this.cost(e));
          item = union(item, this.sizeOrUnknown(e));
        }
        this.entrySizes.set(n, { container: 'list', key: fixed(1), val: item });
        return plus(sum, fixed(LIST_CREATE));
      }
      case 'map': {
        let sum = fixed(0);
        let key: Estimate = { min: MAX_UINT64, max: 0 };
        let val: Estimate = { min: MAX_UINT64, max: 0 };
        const entries = n.args as Array<[CelAst, CelAst]>;
        if (entries.length === 0) {
          key = { min: 0, max: 0 };
          val = { min: 0, max: 0 };
        }
        for (const [k, v] of entries) {
          sum = plus(plus(sum, this.cost(k)), this.cost(v));
          key = union(key, this.sizeOrUnknown(k));
          val = union(val, this.sizeOrUnknown(v));
        }
        this.entrySizes.set(n, { container: 'map', key, val });
        return plus(sum, fixed(MAP_CREATE));
      }
      case '&&':
      case '||': {
        const [l, r] = n.args as [CelAst, CelAst];
        const lc = this.costOperand(l);
        const rc = this.costOperand(r);
        return { min: lc.min, max: plus(lc, rc).max };
      }
      case '?:': {
        const [c, t, f] = n.args as [CelAst, CelAst, CelAst];
        const cc = this.costOperand(c);
        const tc = this.costOperand(t);
        const fc = this.costOperand(f);
        this.sizes.set(n, union(this.sizeOrUnknown(t), this.sizeOrUnknown(f)));
        this.setEntrySize(n, unionEntries(this.entrySize(t), this.entrySize(f)));
        return plus(cc, union(tc, fc));
      }
      case 'rcall':
        return this.costReceiverCall(n);
      case 'call':
        return this.costGlobalCall(n);
      default:
        return this.costOperator(n);
    }
  }

  private costOperator(n: CelAst): Estimate {
    // cel-go's parser folds a negated number literal (`-1.0`) into a constant.
    if (n.op === '-_' && (n.args as CelAst).op === 'value') return fixed(0);
    const args = (Array.isArray(n.args) ? n.args : [n.args]).filter((a): a is CelAst => typeof a === 'object' && a !== null && 'op' in a);
    const argCosts = args.map((a) => this.costOperand(a));
    const argSum = argCosts.reduce(plus, fixed(0));
    switch (n.op) {
      case '[]': {
        const container = nth(args, 0, n);
        const t = typeName(container);
        const entry = this.entrySize(container);
        this.paths.set(n, goAppend(this.pathOf(container), t.startsWith('map<') ? '@values' : '@items'));
        const size = entry?.val ?? this.computeSize(n);
        if (size) this.sizes.set(n, size);
        return plus(fixed(1), argSum);
      }
      case '+': {
        const t = typeName(n);
        if (t === 'string' || t === 'bytes' || t.startsWith('list<') || t === 'dyn') {
          const size = plus(this.sizeOrUnknown(nth(args, 0, n)), this.sizeOrUnknown(nth(args, 1, n)));
          this.sizes.set(n, size);
          this.setEntrySize(n, unionEntries(this.entrySize(nth(args, 0, n)), this.entrySize(nth(args, 1, n))));
          if (t.startsWith('list<')) return plus(fixed(1), argSum);
          const traversal = factor(size, STRING_TRAVERSAL);
          // dyn operands resolve to every overload of `_+_`: the string, bytes and list ones, and the O(1) others.
          return plus(t === 'dyn' ? union(traversal, fixed(1)) : traversal, argSum);
        }
        return plus(fixed(1), argSum);
      }
      case '==':
      case '!=': {
        const lt = typeName(nth(args, 0, n));
        if (lt === typeName(nth(args, 1, n)) && O1_EQUALITY.has(lt)) return plus(fixed(1), argSum);
        if (lt === typeName(nth(args, 1, n)) && lt === 'NamedFormat') return plus(factor({ min: 1, max: MAX_FORMAT_SIZE }, STRING_TRAVERSAL), argSum);
        return plus(this.traversalCompare(nth(args, 0, n), nth(args, 1, n)), argSum);
      }
      case '<':
      case '<=':
      case '>':
      case '>=': {
        // The overloads the operands' types resolve to (a dyn matches any): the string and bytes ones traverse, the
        // others cost one; cel-go unions the estimates of all of them.
        const lt = typeName(nth(args, 0, n));
        const rt = typeName(nth(args, 1, n));
        const resolves = (t: string) => (lt === t || lt === 'dyn') && (rt === t || rt === 'dyn');
        if (!resolves('string') && !resolves('bytes')) return plus(fixed(1), argSum);
        const traversal = this.traversalCompare(nth(args, 0, n), nth(args, 1, n));
        // two dyns resolve to the int, double, timestamp … overloads too
        const others = ![lt, rt].some((t) => t === 'string' || t === 'bytes');
        return plus(others ? union(traversal, fixed(1)) : traversal, argSum);
      }
      case 'in': {
        const ct = typeName(nth(args, 1, n));
        const inList = factor(this.sizeOrUnknown(nth(args, 1, n)), 1);
        if (ct.startsWith('list<')) return plus(inList, argSum);
        // a dyn container: `in_list` and `in_map` both
        if (ct === 'dyn') return plus(union(inList, fixed(1)), argSum);
        return plus(fixed(1), argSum);
      }
      default:
        // `!_`, `-_`, arithmetic, `.?` and `[?]`: a fixed cost of one plus the operands'.
        return plus(fixed(1), argSum);
    }
  }

  /**
   * A regex match (cel-go `overloads.Matches` / `MatchesString`): the string's traversal (its size plus one, so an
   * empty string still costs) times the pattern's length by RegexStringLengthCostFactor — a constant pattern by its
   * own length, any other by the size estimate of the expression.
   */
  private matchCost(str: CelAst, regex: CelAst): Estimate {
    const strCost = factor(plus(this.sizeOrUnknown(str), fixed(1)), STRING_TRAVERSAL);
    const regexCost = factor(this.sizeOrUnknown(regex), REGEX_STRING_LENGTH);
    return times(strCost, regexCost);
  }

  private traversalCompare(left: CelAst, right: CelAst): Estimate {
    const l = this.sizeOrUnknown(left);
    const r = this.sizeOrUnknown(right);
    const smallestMax = Math.min(l.max, r.max);
    return factor({ min: smallestMax > 0 ? 1 : 0, max: smallestMax }, STRING_TRAVERSAL);
  }

  private costGlobalCall(n: CelAst): Estimate {
    const [name, args] = n.args as [string, CelAst[]];
    if (name === 'has') {
      // PresenceTestHasCost(false): only the operand of the test costs.
      const sel = args[0];
      if (sel && sel.op === '.') return this.cost((sel.args as [CelAst])[0]);
      return args.length > 0 ? this.cost(nth(args, 0, n)) : fixed(0);
    }
    if (name === 'dyn' && args.length === 1) {
      const c = this.cost(nth(args, 0, n));
      this.copySizes(n, nth(args, 0, n));
      return plus(fixed(1), c);
    }
    const argCosts = args.map((a) => this.costOperand(a));
    const argSum = argCosts.reduce(plus, fixed(0));
    const k8s = this.libraryCost(name, undefined, args, n);
    if (k8s) return plus(k8s, argSum);
    if (name === 'matches' && args.length === 2) return plus(this.matchCost(nth(args, 0, n), nth(args, 1, n)), argSum);
    if ((name === 'string' || name === 'bytes') && args.length === 1 && typeName(nth(args, 0, n)) === 'dyn') {
      // A dyn argument resolves to every overload; cel-go unions them, and only the bytes↔string conversion
      // bounds the result by the argument's size.
      const sz = this.sizeOrUnknown(nth(args, 0, n));
      this.sizes.set(n, name === 'string' ? { min: Math.floor(sz.min / 4), max: sz.max } : { min: sz.min, max: mul(sz.max, 4) });
      return plus(union(fixed(1), factor(sz, STRING_TRAVERSAL)), argSum);
    }
    if (name === 'bytes' && typeName(nth(args, 0, n)) === 'string') {
      const sz = this.sizeOrUnknown(nth(args, 0, n));
      this.sizes.set(n, { min: sz.min, max: mul(sz.max, 4) });
      return plus(factor(sz, STRING_TRAVERSAL), argSum);
    }
    if (name === 'string' && typeName(nth(args, 0, n)) === 'bytes') {
      const sz = this.sizeOrUnknown(nth(args, 0, n));
      this.sizes.set(n, { min: Math.floor(sz.min / 4), max: sz.max });
      return plus(factor(sz, STRING_TRAVERSAL), argSum);
    }
    return plus(fixed(1), argSum);
  }

  private costReceiverCall(n: CelAst): Estimate {
    const [name, target, args] = n.args as [string, CelAst, CelAst[]];
    if (isTwoVariable(name, args)) return this.costTwoVarComprehension(n, name, target, args);
    switch (name) {
      case 'all':
      case 'exists':
      case 'exists_one':
      case 'map':
      case 'filter':
        if (args.length >= 2 && nth(args, 0, n).op === 'id') return this.costComprehension(n, name, target, args);
        break;
      case 'bind':
        if (target.op === 'id' && target.args === 'cel' && args.length === 3 && nth(args, 0, n).op === 'id') return this.costBind(n, args);
        break;
      case 'sortBy':
        if (args.length === 2 && nth(args, 0, n).op === 'id') return this.costSortBy(n, target, args);
        break;
      case 'optMap':
      case 'optFlatMap':
        if (args.length === 2 && nth(args, 0, n).op === 'id') return this.costOptionalMap(n, name === 'optFlatMap', target, args);
        break;
    }
    // A namespaced function (`sets.contains`, `optional.of`) is one name to cel-go's checker: its namespace costs nothing.
    const ns = target.op === 'id' && typeName(target).endsWith('Namespace') ? `${target.args as string}.${name}` : undefined;
    // cel-go costs (and sizes) the arguments first, then the receiver
    const argCosts = args.map((a) => this.costOperand(a));
    const targetCost = ns ? fixed(0) : this.costOperand(target);
    const argSum = argCosts.reduce(plus, fixed(0));
    const base = plus(targetCost, argSum);
    const ext = this.extensionCost(ns ?? name, ns ? undefined : target, args, n);
    if (ext) return plus(ext, base);
    const k8s = this.libraryCost(ns ?? name, ns ? undefined : target, args, n);
    if (k8s) return plus(k8s, base);
    const tt = typeName(target);
    switch (name) {
      case 'startsWith':
      case 'endsWith':
        if (args.length === 1) return plus(factor(this.sizeOrUnknown(nth(args, 0, n)), STRING_TRAVERSAL), base);
        break;
      case 'matches':
        // `matches_string`, the one member overload (a dyn receiver resolves to it too)
        if (args.length === 1) return plus(this.matchCost(target, nth(args, 0, n)), base);
        break;
      case 'contains':
        // `contains_string`, the one member overload of the environment
        if (args.length === 1 && (tt === 'string' || tt === 'dyn')) {
          return plus(times(factor(this.sizeOrUnknown(target), STRING_TRAVERSAL), factor(this.sizeOrUnknown(nth(args, 0, n)), STRING_TRAVERSAL)), base);
        }
        break;
      case 'format':
        if (tt === 'string') return plus(factor(this.sizeOrUnknown(target), STRING_TRAVERSAL), base);
        break;
    }
    return plus(fixed(1), base);
  }

  /**
   * cel-go v0.29 extension estimators (ext/sets.go, ext/lists.go), which win over the Kubernetes estimator. The
   * lists functions are list-only in the environment (ext.Strings is version 2: no string `reverse`), so a dyn
   * receiver resolves to them as a list does.
   */
  private extensionCost(fn: string, target: CelAst | undefined, args: CelAst[], n: CelAst): Estimate | undefined {
    const size = (a: CelAst) => this.sizeOrUnknown(a);
    const allocating = (f: number, listSize: Estimate): Estimate => {
      this.sizes.set(n, listSize);
      return plus(plus(factor(listSize, f), fixed(1)), fixed(LIST_CREATE));
    };
    const tt = target ? typeName(target) : '';
    // the receiver's size, where it is a list (or a dyn)
    const listSize = target && (tt.startsWith('list<') || tt === 'dyn') ? size(target) : undefined;
    switch (fn) {
      case 'sets.contains':
      case 'sets.intersects':
      case 'sets.equivalent':
        if (args.length !== 2) return undefined;
        return plus(factor(times(size(nth(args, 0, n)), size(nth(args, 1, n))), fn === 'sets.equivalent' ? 2 : 1), fixed(1));
      case 'slice': {
        if (!listSize || args.length !== 2) return undefined;
        const start = uintConstant(nth(args, 0, n), 0);
        const end = uintConstant(nth(args, 1, n), listSize.max);
        // uint64 arithmetic: an end before the start wraps around to (nearly) 2^64
        return allocating(1, fixed(end >= start ? end - start : MAX_UINT64 - (start - end)));
      }
      case 'strings.quote': {
        // cel-go's ExtQuoteString: one traversal; every character escaped at worst, plus the two quotes
        if (args.length !== 1) return undefined;
        const sz = size(nth(args, 0, n));
        this.sizes.set(n, { min: add(sz.min, 2), max: add(mul(sz.max, 2), 2) });
        return factor(sz, STRING_TRAVERSAL);
      }
      case 'lists.range':
        if (args.length !== 1) return undefined;
        return allocating(1, fixed(uintConstant(nth(args, 0, n), MAX_UINT64)));
      case 'reverse':
        if (!listSize || args.length !== 0) return undefined;
        return allocating(1, listSize);
      case 'flatten':
        if (!listSize || args.length > 1) return undefined;
        return allocating(args.length === 1 ? uintConstant(nth(args, 0, n), MAX_UINT64) : 1, listSize);
      case 'distinct':
        if (!listSize || args.length !== 0) return undefined;
        return allocating(2, times(listSize, listSize));
      case 'sort':
        if (!listSize || args.length !== 0) return undefined;
        // `list_<T>_sort`: a dyn receiver resolves to all of them, the string one costing most
        return allocating(tt === 'list<string>' || tt === 'list<bytes>' || tt === 'dyn' ? 2 + STRING_TRAVERSAL : 2, times(listSize, listSize));
      default:
        return undefined;
    }
  }

  /**
   * The size of a list's elements as library/cost.go's `listElementNode` sees it: the schema node under the list's
   * path (`@items`), unknown for a list without a path; undefined for a receiver whose type has no element type.
   */
  private listElementSize(list: CelAst): Estimate | undefined {
    if (!typeName(list).startsWith('list<')) return undefined;
    // a copy (`make` and `copy`), not an append
    const p = this.pathOf(list);
    return this.sizeOfPath(p ? [...elements(p), '@items'] : undefined) ?? UNKNOWN;
  }

  /** Kubernetes library calls (library/cost.go `EstimateCallCost`); undefined where it has no estimate. */
  private libraryCost(fn: string, target: CelAst | undefined, args: CelAst[], n: CelAst): Estimate | undefined {
    const size = (a: CelAst) => this.sizeOrUnknown(a);
    switch (fn) {
      case 'isSorted':
      case 'sum':
      case 'max':
      case 'min':
      case 'indexOf':
      case 'lastIndexOf': {
        if (!target) return undefined;
        const m = /^list<(.*)>$/.exec(typeName(target));
        // A receiver that is no list (a string's indexOf, a dyn): one traversal of its size.
        if (!m) return factor(size(target), STRING_TRAVERSAL);
        let el = fixed(1);
        if (m[1] === 'string' || m[1] === 'bytes') el = plus(el, factor(this.listElementSize(target) ?? UNKNOWN, STRING_TRAVERSAL));
        return times(size(target), el);
      }
      case 'url':
        if (args.length === 1) {
          const sz = size(nth(args, 0, n));
          this.sizes.set(n, sz);
          return factor(sz, STRING_TRAVERSAL);
        }
        return undefined;
      case 'lowerAscii':
      case 'upperAscii':
      case 'substring':
      case 'trim':
        // by name: a dyn receiver is costed as a string
        if (target) {
          const sz = size(target);
          this.sizes.set(n, sz);
          return factor(sz, STRING_TRAVERSAL);
        }
        return undefined;
      case 'replace':
        if (target && args.length >= 2) return this.replaceCost(target, args, n);
        return undefined;
      case 'split':
        if (target) {
          const sz = size(target);
          // a constant limit is the result's size, as a uint64 (a negative one wraps around)
          const limit = args.length > 1 ? intConstant(nth(args, 1, n)) : undefined;
          const max = limit === undefined ? sz.max : limit < 0n ? MAX_UINT64 + Number(limit) : Number(limit);
          this.sizes.set(n, { min: 0, max });
          return factor(sz, 2 * STRING_TRAVERSAL);
        }
        return undefined;
      case 'join':
        if (target) {
          const listSize = size(target);
          // no element type (a dyn receiver): the joined elements count for nothing
          const elSize = this.listElementSize(target);
          let sz = elSize ? times(listSize, elSize) : fixed(0);
          if (args.length > 0) {
            const sep = size(nth(args, 0, n));
            sz = plus(sz, times(sep, { min: listSize.min > 0 ? listSize.min - 1 : 0, max: listSize.max > 0 ? listSize.max - 1 : 0 }));
          }
          this.sizes.set(n, sz);
          return factor(sz, STRING_TRAVERSAL);
        }
        return undefined;
      case 'find':
      case 'findAll':
        if (target && args.length >= 1) {
          const sz = size(target);
          const strCost = factor(plus(sz, fixed(1)), STRING_TRAVERSAL);
          const regexCost = factor(size(nth(args, 0, n)), REGEX_STRING_LENGTH);
          this.sizes.set(n, { min: 0, max: sz.max });
          return times(strCost, regexCost);
        }
        return undefined;
      case 'cidr':
      case 'isIP':
      case 'isCIDR':
      case 'quantity':
      case 'isQuantity':
      case 'semver':
      case 'isSemver':
        if (args.length >= 1) return factor(size(nth(args, 0, n)), STRING_TRAVERSAL);
        return undefined;
      case 'ip':
        if (target && typeName(target) === 'CIDR') return fixed(1);
        if (args.length >= 1) return factor(size(nth(args, 0, n)), STRING_TRAVERSAL);
        return undefined;
      case 'ip.isCanonical':
        if (args.length >= 1) return factor(size(nth(args, 0, n)), 2 * STRING_TRAVERSAL);
        return undefined;
      case 'masked':
      case 'prefixLength':
      case 'family':
      case 'isUnspecified':
      case 'isLoopback':
      case 'isLinkLocalMulticast':
      case 'isLinkLocalUnicast':
      case 'isGlobalUnicast':
        return fixed(1);
      case 'containsIP':
      case 'containsCIDR':
        if (args.length >= 1) {
          const sz = { min: 4, max: 16 };
          let c = factor(plus(sz, sz), STRING_TRAVERSAL);
          if (fn === 'containsCIDR') c = plus(plus(c, factor(sz, STRING_TRAVERSAL)), fixed(1));
          if (typeName(nth(args, 0, n)) === 'string') c = plus(c, factor(size(nth(args, 0, n)), STRING_TRAVERSAL));
          return c;
        }
        return undefined;
      case 'validate':
        if (args.length >= 1) return factor(factor(size(nth(args, 0, n)), STRING_TRAVERSAL), MAX_NAME_FORMAT_REGEX_SIZE * REGEX_STRING_LENGTH);
        return undefined;
      case 'format.named':
        return fixed(1);
      case 'sign':
      case 'asInteger':
      case 'isInteger':
      case 'asApproximateFloat':
      case 'isGreaterThan':
      case 'isLessThan':
      case 'compareTo':
      case 'add':
      case 'sub':
      case 'major':
      case 'minor':
      case 'patch':
      case 'getScheme':
      case 'getHostname':
      case 'getHost':
      case 'getPort':
      case 'getEscapedPath':
      case 'getQuery':
        return fixed(1);
      default:
        return undefined;
    }
  }

  private replaceCost(target: CelAst, args: CelAst[], n: CelAst): Estimate {
    const sz = this.sizeOrUnknown(target);
    const from = this.sizeOrUnknown(nth(args, 0, n));
    const to = this.sizeOrUnknown(nth(args, 1, n));
    const count = { min: 0, max: 0 };
    const retained = { min: 0, max: 0 };
    if (from.min === 0) {
      count.max = sz.max < MAX_UINT64 ? sz.max + 1 : sz.max;
      retained.max = sz.max;
    } else if (to.max <= from.min) {
      retained.max = sz.max;
    } else {
      count.max = Math.ceil(sz.max / from.min);
    }
    if (from.max === 0) {
      count.min = sz.min < MAX_UINT64 ? sz.min + 1 : sz.min;
      retained.min = sz.min;
    } else if (from.max <= to.min) {
      retained.min = sz.min;
    } else {
      count.min = Math.ceil(sz.min / from.max);
    }
    this.sizes.set(n, plus(times(count, to), retained));
    return factor(sz, 2 * STRING_TRAVERSAL);
  }

  /**
   * The iteration variable of a one-variable comprehension over `range` (cel-go `pushIterSingle`): over a list its
   * elements (`@items`, sized as the range's entry values), over anything else its keys (`@keys`, sized as the
   * entry keys). The path is the range's own, or none, with the step appended.
   */
  private iterVar(range: CelAst): LocalVar {
    const entry = this.entrySize(range);
    const list = (entry?.container ?? (typeName(range).startsWith('list<') ? 'list' : 'other')) === 'list';
    return { path: goAppend(this.pathOf(range), list ? '@items' : '@keys'), size: list ? entry?.val : entry?.key };
  }

  /** The size of a local variable's value where it is read (cel-go `computeSize` of its identifier). */
  private localSize(v: LocalVar, type: string): Estimate | undefined {
    return this.sizeOfPath(v.path) ?? (isScalar(type) ? fixed(1) : undefined) ?? v.size;
  }

  /**
   * The entry sizes of a list built by a comprehension step `@result + [e]` from `[]` (map, filter, transformList):
   * the values sized from 0 (the empty accumulator) to `e`'s largest.
   */
  private static builtList(elem: Estimate): EntrySize {
    return { container: 'list', key: fixed(1), val: union({ min: 0, max: 0 }, elem) };
  }

  /** A macro as cel-go expands it: range, accumulator init, per-iteration condition and step, result. */
  private costComprehension(n: CelAst, macro: string, range: CelAst, args: CelAst[]): Estimate {
    const variable = nth(args, 0, n);
    let sum = this.cost(range);
    const local = this.iterVar(range);
    this.locals.push([variable.args as string, local]);
    let perIteration: Estimate;
    let built: Estimate | undefined;
    const ident = fixed(1);
    switch (macro) {
      case 'all': {
        // accuInit true; loop condition @not_strictly_false(@result); step @result && p
        const p = this.cost(nth(args, 1, n));
        perIteration = plus(fixed(2), { min: ident.min, max: plus(ident, p).max });
        break;
      }
      case 'exists': {
        // loop condition @not_strictly_false(!@result); step @result || p
        const p = this.cost(nth(args, 1, n));
        perIteration = plus(fixed(3), { min: ident.min, max: plus(ident, p).max });
        break;
      }
      case 'exists_one': {
        // loop condition true; step p ? @result + 1 : @result
        const p = this.cost(nth(args, 1, n));
        perIteration = plus(p, union(fixed(2), fixed(1)));
        break;
      }
      case 'map': {
        const fn = nth(args, args.length - 1, n);
        if (args.length === 3) {
          // step p ? @result + [t] : @result
          const p = this.cost(nth(args, 1, n));
          const t = this.cost(fn);
          perIteration = plus(p, union(plus(fixed(12), t), fixed(1)));
        } else {
          const t = this.cost(fn);
          perIteration = plus(fixed(12), t);
        }
        built = this.sizeOrUnknown(fn);
        break;
      }
      default: {
        // filter: step p ? @result + [x] : @result
        const p = this.cost(nth(args, 1, n));
        perIteration = plus(p, union(fixed(13), fixed(1)));
        built = this.localSize(local, elementType(range)) ?? UNKNOWN;
        break;
      }
    }
    this.locals.pop();
    // sized after the loop, as cel-go does (the loop may have appended over the range's path: see GoPath)
    const rangeCnt = this.sizeOrUnknown(range);
    // accumulator init (a literal, or `[]` for map/filter) and the result (the accumulator, or `@result == 1`).
    const init = built ? fixed(LIST_CREATE) : fixed(0);
    const result = macro === 'exists_one' ? fixed(2) : fixed(1);
    sum = plus(plus(sum, init), result);
    sum = plus(sum, times(rangeCnt, perIteration));
    // a literal accumulator is sized as that literal; a list one as the range, its entries as the step's
    this.sizes.set(n, built ? rangeCnt : fixed(1));
    if (built) this.entrySizes.set(n, CostEstimator.builtList(built));
    return sum;
  }

  /**
   * A two-variable comprehension as cel-go's `ext/comprehensions.go` expands it: the quantifiers as their
   * one-variable forms, `transformList` as `map` (`@result + [t]`), `transformMap` and `transformMapEntry` from a
   * map literal (`{}`) with the step `cel.@mapInsert(@result, k, t)` / `cel.@mapInsert(@result, t)` (O(1) calls);
   * a filter makes the step `f ? step : @result`. The first variable is the index or key (`@indices` / `@keys`),
   * the second the element or value (`@items` / `@values`), as `pushIterKey` / `pushIterValue`.
   */
  private costTwoVarComprehension(n: CelAst, macro: string, range: CelAst, args: CelAst[]): Estimate {
    const keyVar = nth(args, 0, n).args as string;
    const valueVar = nth(args, 1, n).args as string;
    let sum = this.cost(range);
    const rangePath = this.pathOf(range);
    const entry = this.entrySize(range);
    const list = (entry?.container ?? (typeName(range).startsWith('list<') ? 'list' : 'other')) === 'list';
    // two appends to the range's path, in this order (pushIterKey, pushIterValue): see GoPath
    this.locals.push([keyVar, { path: goAppend(rangePath, list ? '@indices' : '@keys'), size: entry?.key }]);
    this.locals.push([valueVar, { path: goAppend(rangePath, list ? '@items' : '@values'), size: entry?.val }]);
    const ident = fixed(1);
    const filter = args.length === 4 ? this.cost(nth(args, 2, n)) : undefined;
    const fn = nth(args, args.length - 1, n);
    const body = this.cost(fn);
    const built = macro === 'transformList' ? this.sizeOrUnknown(fn) : undefined;
    this.locals.pop();
    this.locals.pop();
    const rangeCnt = this.sizeOrUnknown(range);
    let perIteration: Estimate;
    let init = fixed(0);
    let result = fixed(1);
    switch (macro) {
      case 'all':
        perIteration = plus(fixed(2), { min: ident.min, max: plus(ident, body).max });
        break;
      case 'exists':
        perIteration = plus(fixed(3), { min: ident.min, max: plus(ident, body).max });
        break;
      case 'existsOne':
      case 'exists_one':
        perIteration = plus(body, union(fixed(2), fixed(1)));
        result = fixed(2);
        break;
      default: {
        // transformList: `@result + [t]` (1 + the accumulator + a list literal); the map transforms: `cel.@mapInsert`
        // over the accumulator, the key (transformMap) and the value or entry.
        init = macro === 'transformList' ? fixed(LIST_CREATE) : fixed(MAP_CREATE);
        const step = macro === 'transformList' ? plus(fixed(2 + LIST_CREATE), body) : macro === 'transformMap' ? plus(fixed(3), body) : plus(fixed(2), body);
        perIteration = filter ? plus(filter, union(step, fixed(1))) : step;
        break;
      }
    }
    sum = plus(plus(sum, init), result);
    sum = plus(sum, times(rangeCnt, perIteration));
    this.sizes.set(n, macro.startsWith('transform') ? rangeCnt : fixed(1));
    // a `cel.@mapInsert` step has no entry sizes; `@result + [t]` has
    if (built) this.entrySizes.set(n, CostEstimator.builtList(built));
    return sum;
  }

  /**
   * `l.sortBy(v, key)` as cel-go's lists extension expands it (`sortByMacro`): a bind of `l` to
   * `@__sortBy_input__` (an empty range, the init, the result) whose result is
   * `@__sortBy_input__.@sortByAssociatedKeys(@__sortBy_input__.map(v, key))`, costed by `estimateListSortBy`: an
   * allocating call over the key list, O(n²) with factor 2 (plus the string traversal factor for string or bytes keys).
   */
  private costSortBy(n: CelAst, target: CelAst, args: CelAst[]): Estimate {
    const targetCost = this.cost(target);
    // `@__sortBy_input__`, bound to the target: its path, size and entry sizes are the target's
    const input: LocalVar = { path: this.pathOf(target), size: this.computeSize(target), entry: this.entrySize(target) };
    const entry = input.entry;
    const list = (entry?.container ?? (typeName(target).startsWith('list<') ? 'list' : 'other')) === 'list';
    this.locals.push([nth(args, 0, n).args as string, { path: goAppend(input.path, list ? '@items' : '@keys'), size: list ? entry?.val : entry?.key }]);
    const key = nth(args, 1, n);
    const keyCost = this.cost(key);
    this.locals.pop();
    const rangeCnt = this.localSize(input, typeName(target)) ?? UNKNOWN;
    // the map comprehension: the range (an identifier), `[]`, the result, and per element `@result + [key]`
    const mapCost = plus(fixed(1 + LIST_CREATE + 1), times(rangeCnt, plus(fixed(12), keyCost)));
    // the overload `list_<key type>_sortByAssociatedKeys` (a dyn key resolves to all of them: the string one costs most)
    const keyType = typeName(key);
    const f = keyType === 'string' || keyType === 'bytes' || keyType === 'dyn' ? 2 + STRING_TRAVERSAL : 2;
    const callCost = plus(plus(factor(times(rangeCnt, rangeCnt), f), fixed(1)), fixed(LIST_CREATE));
    // estimateListSortCost gives the O(n²) figure as the result's size too (as sort() and distinct() do)
    this.sizes.set(n, times(rangeCnt, rangeCnt));
    // the bind's empty range, its init (the list), and its result (the call on the identifier and the map)
    return plus(plus(plus(fixed(LIST_CREATE), targetCost), callCost), plus(fixed(1), mapCost));
  }

  /** `cel.bind(v, init, expr)`: an empty range (a list literal), the init bound to `v`, then the result. */
  /**
   * `opt.optMap(v, e)` as cel-go expands it: `opt.hasValue() ? optional.of(<comprehension over [] with accumulator v =
   * opt.value(), result e>) : optional.none()` (optFlatMap without the `optional.of`); `opt` is evaluated twice.
   */
  private costOptionalMap(n: CelAst, flat: boolean, target: CelAst, args: CelAst[]): Estimate {
    const name = nth(args, 0, n).args as string;
    const expr = nth(args, 1, n);
    const targetCost = this.cost(target);
    const hasValue = plus(fixed(1), targetCost);
    let some = plus(fixed(LIST_CREATE), plus(fixed(1), targetCost));
    // bound to `opt.value()`: a call, so no path and no entry sizes; sized by its type alone
    const inner = /^optional<(.*)>$/.exec(typeName(target))?.[1] ?? 'dyn';
    this.locals.push([name, { path: undefined, size: isScalar(inner) ? fixed(1) : undefined }]);
    some = plus(some, this.cost(expr));
    this.locals.pop();
    if (!flat) some = plus(some, fixed(1));
    return plus(hasValue, union(some, fixed(1)));
  }

  private costBind(n: CelAst, args: CelAst[]): Estimate {
    const name = nth(args, 0, n).args as string;
    let sum = fixed(LIST_CREATE);
    sum = plus(sum, this.cost(nth(args, 1, n)));
    this.locals.push([name, { path: this.pathOf(nth(args, 1, n)), size: this.computeSize(nth(args, 1, n)), entry: this.entrySize(nth(args, 1, n)) }]);
    sum = plus(sum, this.cost(nth(args, 2, n)));
    this.locals.pop();
    this.copySizes(n, nth(args, 2, n));
    return sum;
  }
}
