/**
 * The Kubernetes CEL libraries, implemented for @marcbachmann/cel-js: every signature of ./declarations.ts (the
 * list kubegen's generator type-checks rules against) gets the apiserver's behaviour — values, comparisons and the
 * error texts of its Go sources (see ./quantity.ts, ./net.ts, ./semver.ts, ./format.ts; the lists, regex, sets and
 * strings functions below follow k8s.io/apiserver `pkg/cel/library/{lists,regex}.go` and cel-go `ext/{sets,lists,
 * strings}.go`).
 *
 * A function whose result kubegen cannot reproduce for some input throws {@link NotEvaluable}; the evaluator then
 * reports the rule as unchecked instead of guessing.
 */
import type { ASTNode, Environment, Optional as CelOptional } from '@marcbachmann/cel-js';
import { parseGoDuration } from '../duration';
import { regexFind, regexFindAll, regexMatches } from '../re2';
import { escapeEach, TextBuilder } from '../text';
import { COMPARABLE_TYPES, LIBRARY_NAMESPACES, LIBRARY_OPERATORS, LIBRARY_SIGNATURES, LIBRARY_TYPE_NAMES, LIBRARY_TYPES } from './declarations';
import { NAMED_FORMATS, NamedFormat } from './format';
import { CIDR, IP, parseCIDR, parseIP, parseRequestURI, parseURL, URL } from './net';
import { parseQuantity, Quantity } from './quantity';
import { registerKubernetesMacros } from './macros';
import { installOptionalAggregates } from './syntax';
import { formatGoDuration, formatGoTimestamp, goTime, goTimestampOfSeconds, installTimestampOperators, parseGoTimestamp, type DurationConstructor } from './time';
import { asInt64, normalizeAndParseSemver, parseSemver, Semver } from './semver';

export { Quantity, parseQuantity } from './quantity';
export { IP, CIDR, URL, parseIP, parseCIDR, parseURL, parseRequestURI } from './net';
export { Semver, parseSemver, normalizeAndParseSemver } from './semver';
export { NamedFormat, NAMED_FORMATS } from './format';
export { formatGoDuration, formatGoTimestamp, goTime, parseGoTimestamp, type DurationConstructor } from './time';
export { CelMacroError, installPresenceTests, registerKubernetesMacros } from './macros';
export { installOptionalAggregates } from './syntax';

/** Thrown by a library function for an input whose result kubegen does not reproduce. */
export class NotEvaluable extends Error {}

type Handler = (...args: never[]) => unknown;

/** CEL equality and ordering, as cel-js evaluates `==` and `<` (cross-type numbers, lists, maps, library types). */
interface Semantics {
  equals: (a: unknown, b: unknown) => boolean;
  less: (a: unknown, b: unknown) => boolean;
  add: (a: unknown, b: unknown) => unknown;
  optional: { of: (v: unknown) => unknown; none: () => unknown };
}

/** The length in UTF-16 units of the rune (code point) at `i`. */
function runeWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
}

/** cel-go's `charAt`: the rune at index `i`, '' at the end; walks only the first `i` runes. */
function charAt(s: string, i: bigint): string {
  if (i < 0n || i > BigInt(s.length)) throw new Error(`index out of range: ${i.toString()}`);
  const want = Number(i);
  let pos = 0;
  for (let k = 0; k < want; k++) {
    if (pos >= s.length) throw new Error(`index out of range: ${i.toString()}`);
    pos += runeWidth(s, pos);
  }
  return pos >= s.length ? '' : s.slice(pos, pos + runeWidth(s, pos));
}

/**
 * Go's `strings.Replace(s, old, new, n)` (all replacements for n < 0), as cel-go's `replace`: an empty `old`
 * matches at the beginning and after each rune. One pass.
 */
function replace(s: string, old: string, by: string, n: bigint): string {
  if (n === 0n) return s;
  if (n < 0n || n > BigInt(s.length)) {
    if (old !== '') return s.split(old).join(by);
    if (s === '') return by;
    // Split into runes: by UTF-16 unit when there is no surrogate (the fast native path), else by code point.
    return by + (/[\ud800-\udfff]/.test(s) ? s.split(/(?:)/u) : s.split('')).join(by) + by;
  }
  const out = new TextBuilder();
  let count = 0n;
  let last = 0;
  if (old === '') {
    while (count < n) {
      out.push(by);
      count++;
      if (last >= s.length) break;
      const w = runeWidth(s, last);
      out.push(s.slice(last, last + w));
      last += w;
    }
  } else {
    while (count < n) {
      const at = s.indexOf(old, last);
      if (at < 0) break;
      out.push(s.slice(last, at)).push(by);
      last = at + old.length;
      count++;
    }
  }
  return out.push(s.slice(last)).toString();
}

/** cel-go's `strings.quote`. */
function quote(s: string): string {
  const escapes = new Map<string, string>([['\x07', '\\a'], ['\b', '\\b'], ['\f', '\\f'], ['\n', '\\n'], ['\r', '\\r'], ['\t', '\\t'], ['\v', '\\v'], ['\\', '\\\\'], ['"', '\\"']]);
  // One pass: the runs between escaped characters (and unpaired surrogates, which become U+FFFD) are copied as slices.
  // eslint-disable-next-line no-control-regex -- the control characters Go escapes
  const special = /[\x07\b\f\n\r\t\v\\"]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  return escapeEach(s, special, (c) => escapes.get(c) ?? '\ufffd', new TextBuilder().push('"')).push('"').toString();
}

/** cel-go's `string.format` for the verbs kubegen reproduces exactly (`%s` of strings, ints and bools, `%d`, `%%`). */
function format(template: string, args: readonly unknown[]): string {
  // The text between verbs is copied as slices: the template may be data (`self.format([...])`).
  const out = new TextBuilder();
  let next = 0;
  let last = 0;
  for (let i = template.indexOf('%'); i >= 0; i = template.indexOf('%', last)) {
    out.push(template.slice(last, i));
    const verb = template[i + 1];
    last = i + 2;
    if (verb === '%') {
      out.push('%');
      continue;
    }
    const arg = args[next++];
    if (verb === 's' && (typeof arg === 'string' || typeof arg === 'bigint' || typeof arg === 'boolean')) out.push(String(arg));
    else if (verb === 'd' && typeof arg === 'bigint') out.push(arg.toString());
    else throw new NotEvaluable(`string.format %${verb ?? ''} with this argument is not evaluated client-side`);
  }
  return out.push(template.slice(Math.min(last, template.length))).toString();
}

function stringToCIDR(s: string): CIDR {
  try {
    return parseCIDR(s);
  } catch (e) {
    throw new Error(`network address parse error during conversion from string: ${(e as Error).message}`, { cause: e });
  }
}

/** Whether a parse succeeds (the `is…` functions). */
function succeeds(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch {
    return false;
  }
}

function orNoSuchOverload<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new Error('no such overload', { cause: e });
  }
}

function handlers(sem: Semantics): Record<string, Handler> {
  const { equals, less, optional } = sem;
  const cmp = (a: unknown, b: unknown): number => (less(a, b) ? -1 : less(b, a) ? 1 : 0);
  const extreme = (name: string, prefer: number) => (l: unknown[]) => {
    if (l.length === 0) throw new Error(`${name} called on empty list`);
    return l.reduce((acc, x) => (cmp(acc, x) === prefer ? x : acc));
  };
  const isSorted = (l: unknown[]) => l.every((x, i) => i === 0 || cmp(l[i - 1], x) !== 1);
  const sum = (l: unknown[]) => (l.length === 0 ? 0n : l.reduce((a, b) => sem.add(a, b)));
  const contains = (l: unknown[], sub: unknown[]) => sub.every((x) => l.some((y) => equals(x, y)));
  const flatten = (l: unknown[], depth: bigint): unknown[] => {
    if (depth < 0n) throw new Error('level must be non-negative');
    return l.flatMap((x) => (Array.isArray(x) && depth > 0n ? flatten(x, depth - 1n) : [x]));
  };
  const q = (f: (q: Quantity, o: Quantity) => unknown) => (a: Quantity, b: Quantity) => f(a, b);
  return {
    // lists
    ...Object.fromEntries(
      COMPARABLE_TYPES.flatMap((t) => [
        [`list<${t}>.isSorted(): bool`, isSorted],
        [`list<${t}>.min(): ${t}`, extreme('min', 1)],
        [`list<${t}>.max(): ${t}`, extreme('max', -1)],
      ]),
    ),
    'list<int>.sum(): int': sum,
    'list<uint>.sum(): uint': sum,
    'list<double>.sum(): double': sum,
    'list<google.protobuf.Duration>.sum(): google.protobuf.Duration': sum,
    'list<T>.indexOf(T): int': (l: unknown[], x: unknown) => BigInt(l.findIndex((y) => equals(y, x))),
    'list<T>.lastIndexOf(T): int': (l: unknown[], x: unknown) => {
      let i = l.length - 1;
      while (i >= 0 && !equals(l[i], x)) i--;
      return BigInt(i);
    },
    'ListsNamespace.range(int): list<int>': (_ns: unknown, n: bigint) => {
      if (n < 0n) throw new Error(`lists.range: size must be non-negative, got ${n.toString()}`);
      if (n > 1_000_000n) throw new NotEvaluable('lists.range of more than a million elements');
      return Array.from({ length: Number(n) }, (_x, i) => BigInt(i));
    },
    'list<T>.slice(int, int): list<T>': (l: unknown[], start: bigint, end: bigint) => {
      const at = `cannot slice(${start.toString()}, ${end.toString()})`;
      if (start < 0n || end < 0n) throw new Error(`${at}, negative indexes not supported`);
      if (start > end) throw new Error(`${at}, start index must be less than or equal to end index`);
      if (BigInt(l.length) < end) throw new Error(`${at}, list is length ${String(l.length)}`);
      return l.slice(Number(start), Number(end));
    },
    'list<list<T>>.flatten(): list<T>': (l: unknown[]) => flatten(l, 1n),
    'list<T>.flatten(int): list<dyn>': (l: unknown[], depth: bigint) => flatten(l, depth),
    'list<T>.distinct(): list<T>': (l: unknown[]) => l.filter((x, i) => !l.slice(0, i).some((y) => equals(x, y))),
    'list<T>.reverse(): list<T>': (l: unknown[]) => [...l].reverse(),
    'list<T>.sort(): list<T>': (l: unknown[]) => {
      if (l.length > 0 && (typeof l[0] === 'object' && l[0] !== null && !(l[0] instanceof Date) && !(l[0] instanceof Uint8Array) && !('seconds' in l[0]))) throw new Error('list elements must be comparable');
      return [...l].sort(cmp);
    },
    'list<T>.first(): optional<T>': (l: unknown[]) => (l.length > 0 ? optional.of(l[0]) : optional.none()),
    'list<T>.last(): optional<T>': (l: unknown[]) => (l.length > 0 ? optional.of(l[l.length - 1]) : optional.none()),
    // optional
    'OptionalNamespace.ofNonZeroValue(T): optional<T>': (_ns: unknown, v: unknown) => (isZeroValue(v) ? optional.none() : optional.of(v)),
    // regex
    'matches(string, string): bool': (s: string, p: string) => regexMatches(s, p),
    'string.find(string): string': (s: string, p: string) => regexFind(s, p),
    'string.findAll(string): list<string>': (s: string, p: string) => regexFindAll(s, p, -1n),
    'string.findAll(string, int): list<string>': (s: string, p: string, n: bigint) => regexFindAll(s, p, n),
    // strings v2
    'string.charAt(int): string': (s: string, i: bigint) => charAt(s, i),
    'string.replace(string, string): string': (s: string, a: string, b: string) => replace(s, a, b, -1n),
    'string.replace(string, string, int): string': (s: string, a: string, b: string, n: bigint) => replace(s, a, b, n),
    'list<string>.join(): string': (l: string[]) => l.join(''),
    'list<string>.join(string): string': (l: string[], sep: string) => l.join(sep),
    'string.format(list): string': (s: string, args: unknown[]) => format(s, args),
    'StringsNamespace.quote(string): string': (_ns: unknown, s: string) => quote(s),
    // sets
    'SetsNamespace.contains(list<T>, list<T>): bool': (_ns: unknown, a: unknown[], b: unknown[]) => contains(a, b),
    'SetsNamespace.equivalent(list<T>, list<T>): bool': (_ns: unknown, a: unknown[], b: unknown[]) => contains(a, b) && contains(b, a),
    'SetsNamespace.intersects(list<T>, list<T>): bool': (_ns: unknown, a: unknown[], b: unknown[]) => a.some((x) => b.some((y) => equals(x, y))),
    // url
    'url(string): URL': (s: string) => parseURL(s),
    'isURL(string): bool': (s: string) => succeeds(() => parseRequestURI(s)),
    'URL.getScheme(): string': (u: URL) => u.scheme,
    'URL.getHost(): string': (u: URL) => u.host,
    'URL.getHostname(): string': (u: URL) => u.hostname(),
    'URL.getPort(): string': (u: URL) => u.port(),
    'URL.getEscapedPath(): string': (u: URL) => u.escapedPath(),
    'URL.getQuery(): map<string, list<string>>': (u: URL) => u.query(),
    // quantity
    'quantity(string): Quantity': (s: string) => parseQuantity(s),
    'isQuantity(string): bool': (s: string) => succeeds(() => parseQuantity(s)),
    'Quantity.isInteger(): bool': (a: Quantity) => a.asInt64() !== undefined,
    'Quantity.asInteger(): int': (a: Quantity) => {
      const v = a.asInt64();
      if (v === undefined) throw new Error('cannot convert value to integer');
      return v;
    },
    'Quantity.asApproximateFloat(): double': (a: Quantity) => a.asApproximateFloat(),
    'sign(Quantity): int': (a: Quantity) => a.sign(),
    'Quantity.add(Quantity): Quantity': q((a, b) => a.plus(b, false)),
    'Quantity.add(int): Quantity': (a: Quantity, n: bigint) => a.plus(Quantity.fromInt(n), false),
    'Quantity.sub(Quantity): Quantity': q((a, b) => a.plus(b, true)),
    'Quantity.sub(int): Quantity': (a: Quantity, n: bigint) => a.plus(Quantity.fromInt(n), true),
    'Quantity.isGreaterThan(Quantity): bool': q((a, b) => a.cmp(b) === 1),
    'Quantity.isLessThan(Quantity): bool': q((a, b) => a.cmp(b) === -1),
    'Quantity.compareTo(Quantity): int': q((a, b) => BigInt(a.cmp(b))),
    // ip
    'ip(string): IP': (s: string) => parseIP(s),
    'isIP(string): bool': (s: string) => succeeds(() => parseIP(s)),
    'IpNamespace.isCanonical(string): bool': (_ns: unknown, s: string) => parseIP(s).toString() === s,
    'IP.family(): int': (a: IP) => (a.is4 ? 4n : 6n),
    'IP.isUnspecified(): bool': (a: IP) => a.isUnspecified(),
    'IP.isLoopback(): bool': (a: IP) => a.isLoopback(),
    'IP.isLinkLocalMulticast(): bool': (a: IP) => a.isLinkLocalMulticast(),
    'IP.isLinkLocalUnicast(): bool': (a: IP) => a.isLinkLocalUnicast(),
    'IP.isGlobalUnicast(): bool': (a: IP) => a.isGlobalUnicast(),
    'string(IP): string': (a: IP) => a.toString(),
    // cidr
    'cidr(string): CIDR': (s: string) => stringToCIDR(s),
    'isCIDR(string): bool': (s: string) => succeeds(() => parseCIDR(s)),
    'CIDR.containsIP(IP): bool': (c: CIDR, a: IP) => c.containsIP(a),
    // An unparsable argument reaches the IP overload as an error value, which it answers with "no such overload".
    'CIDR.containsIP(string): bool': (c: CIDR, s: string) => c.containsIP(orNoSuchOverload(() => parseIP(s))),
    'CIDR.containsCIDR(CIDR): bool': (c: CIDR, o: CIDR) => c.containsCIDR(o),
    'CIDR.containsCIDR(string): bool': (c: CIDR, s: string) => c.containsCIDR(orNoSuchOverload(() => stringToCIDR(s))),
    'CIDR.ip(): IP': (c: CIDR) => c.ip,
    'CIDR.masked(): CIDR': (c: CIDR) => c.masked(),
    'CIDR.prefixLength(): int': (c: CIDR) => BigInt(c.bits),
    'string(CIDR): string': (c: CIDR) => c.toString(),
    // conversions
    'string(google.protobuf.Timestamp): string': (d: Date) => {
      const text = formatGoTimestamp(d);
      if (text === undefined) throw new NotEvaluable('string() of a timestamp whose zone offset kubegen does not know (a result of timestamp arithmetic) is not evaluated client-side');
      return text;
    },
    'string(google.protobuf.Duration): string': (d: { seconds: bigint; nanos: number }) => formatGoDuration(d.seconds, d.nanos),
    // format
    ...Object.fromEntries(
      [...NAMED_FORMATS].map(([name, f]) => [`FormatNamespace.${name}(): NamedFormat`, () => f]),
    ),
    'FormatNamespace.named(string): optional<NamedFormat>': (_ns: unknown, name: string) => {
      const f = NAMED_FORMATS.get(name);
      return f ? optional.of(f) : optional.none();
    },
    'NamedFormat.validate(string): optional<list<string>>': (f: NamedFormat, s: string) => {
      const errs = f.validate(s);
      return errs.length === 0 ? optional.none() : optional.of(errs);
    },
    // semver
    'semver(string): Semver': (s: string) => parseSemver(s),
    'semver(string, bool): Semver': (s: string, normalize: boolean) => (normalize ? normalizeAndParseSemver(s) : parseSemver(s)),
    'isSemver(string): bool': (s: string) => succeeds(() => parseSemver(s)),
    'isSemver(string, bool): bool': (s: string, normalize: boolean) => succeeds(() => (normalize ? normalizeAndParseSemver(s) : parseSemver(s))),
    'Semver.major(): int': (v: Semver) => asInt64(v.major),
    'Semver.minor(): int': (v: Semver) => asInt64(v.minor),
    'Semver.patch(): int': (v: Semver) => asInt64(v.patch),
    'Semver.isGreaterThan(Semver): bool': (v: Semver, o: Semver) => v.compare(o) === 1,
    'Semver.isLessThan(Semver): bool': (v: Semver, o: Semver) => v.compare(o) === -1,
    'Semver.compareTo(Semver): int': (v: Semver, o: Semver) => BigInt(v.compare(o)),
  };
}

/** The first instant cel-go's zero timestamp stands for: 0001-01-01T00:00:00Z. */
const ZERO_TIME = new Date('0001-01-01T00:00:00Z').getTime();

/**
 * Whether a CEL value is its type's zero value (cel-go's `optional.ofNonZeroValue`: `IsZeroValue`). An empty list or
 * map is not evaluated: cel-go's literal one is zero, but the apiserver's lists and maps of the object are not (its
 * unstructured values have no `IsZeroValue`), and the two are one JavaScript value here.
 */
function isZeroValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  switch (typeof v) {
    case 'string':
      return v === '';
    case 'bigint':
      return v === 0n;
    case 'number':
      return v === 0;
    case 'boolean':
      return !v;
    case 'object':
      break;
    default:
      return false;
  }
  if (v instanceof Uint8Array) return v.length === 0;
  const emptyAggregate = new NotEvaluable('optional.ofNonZeroValue of an empty list or map is not evaluated client-side');
  if (Array.isArray(v)) {
    if (v.length === 0) throw emptyAggregate;
    return false;
  }
  if (v instanceof Map) {
    if (v.size === 0) throw emptyAggregate;
    return false;
  }
  if (v instanceof Date) return v.getTime() === ZERO_TIME;
  if (isOptional(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) {
    if (Object.keys(v).length === 0) throw emptyAggregate;
    return false;
  }
  // cel-js' uint (valueOf is its bigint) and duration (seconds and nanos).
  const value = v.valueOf();
  if (typeof value === 'bigint') return value === 0n;
  if ('seconds' in v && 'nanos' in v) return v.seconds === 0n && v.nanos === 0;
  return false;
}

/** A cel-js optional value (its `Optional` class, matched by shape: this module does not load cel-js). */
interface OptionalValue {
  hasValue(): boolean;
  value(): unknown;
}
function isOptional(v: unknown): v is OptionalValue {
  return typeof v === 'object' && v !== null && Object.prototype.toString.call(v) === '[object optional]';
}

/** The handlers of {@link LIBRARY_OPERATORS}; `equals` is CEL's `==` on two values. */
function operators(equals: (a: unknown, b: unknown) => boolean): Record<string, (a: unknown, b: unknown) => boolean> {
  return {
    'optional<T> == optional<T>': (a, b) => {
      if (!isOptional(a) || !isOptional(b)) throw new Error('no such overload');
      return a.hasValue() === b.hasValue() && (!a.hasValue() || equals(a.value(), b.value()));
    },
    // cel-go: an optional is never equal to null, not even an empty one.
    'optional == null': () => false,
  };
}

/** The JavaScript class of each library type. */
const CLASSES: Record<(typeof LIBRARY_TYPES)[number], new (...args: never[]) => object> = { Quantity, URL, IP, CIDR, Semver, NamedFormat };

/** A value of each library type (whose `type()` is the value of its declared type name, `net.IP`). */
const TYPE_SAMPLES: Record<(typeof LIBRARY_TYPES)[number], () => object> = {
  Quantity: () => parseQuantity('0'),
  URL: () => parseURL('https://example.com'),
  IP: () => parseIP('0.0.0.0'),
  CIDR: () => parseCIDR('0.0.0.0/0'),
  Semver: () => parseSemver('0.0.0'),
  NamedFormat: () => {
    const f = NAMED_FORMATS.get('uuid');
    if (!f) throw new Error('internal error: the uuid format is not declared');
    return f;
  },
};

/** `==` of each library type as the apiserver's `Equal` (Quantity: numerically; add/sub results are pointers). */
const EQUALS: Record<(typeof LIBRARY_TYPES)[number], (a: unknown, b: unknown) => boolean> = {
  Quantity: (a, b) => {
    if (!(a instanceof Quantity) || !(b instanceof Quantity) || b.pointer) throw new Error('no such overload');
    return a.equals(b);
  },
  URL: () => {
    // Go compares URL.String() renderings; kubegen does not reproduce net/url's String().
    throw new NotEvaluable('== on URL values is not evaluated client-side');
  },
  IP: (a, b) => a instanceof IP && b instanceof IP && a.equals(b),
  CIDR: (a, b) => a instanceof CIDR && b instanceof CIDR && a.equals(b),
  Semver: (a, b) => a instanceof Semver && b instanceof Semver && a.compare(b) === 0,
  NamedFormat: (a, b) => a instanceof NamedFormat && b instanceof NamedFormat && a.name === b.name,
};

/**
 * Runtime signatures for declarations cel-js cannot dispatch on a dynamic value (the overloads typed by the list's
 * element type): the generator's checker holds a rule to the typed ones, the evaluator answers them all with one.
 */
const RUNTIME_SIGNATURE: Record<string, string> = {
  'list<int>.sum(): int': 'list.sum(): dyn',
  'list<uint>.sum(): uint': 'list.sum(): dyn',
  'list<double>.sum(): double': 'list.sum(): dyn',
  'list<google.protobuf.Duration>.sum(): google.protobuf.Duration': 'list.sum(): dyn',
  ...Object.fromEntries(
    COMPARABLE_TYPES.flatMap((t) => [
      [`list<${t}>.isSorted(): bool`, 'list<T>.isSorted(): bool'],
      [`list<${t}>.min(): ${t}`, 'list<T>.min(): T'],
      [`list<${t}>.max(): ${t}`, 'list<T>.max(): T'],
    ]),
  ),
};

/** The declared signatures kubegen implements (all of them; a unit test checks). */
export function implementedSignatures(): string[] {
  const none = (): boolean => false;
  return Object.keys(handlers({ equals: none, less: none, add: none, optional: { of: none, none } }));
}

/** The prefix of the names the replacements of cel-js built-ins are registered under. */
const REPLACEMENT_PREFIX = '__kubegen_';
const MATCHES = `${REPLACEMENT_PREFIX}matches`;
const DURATION = `${REPLACEMENT_PREFIX}duration`;
const TIMESTAMP = `${REPLACEMENT_PREFIX}timestamp`;

/**
 * cel-js built-ins whose cost, not only their value, differs from the apiserver's, by the call they answer
 * (`rcall:<name>:<arity>` for a method, `call:<name>:<arity>` for a function), with the reserved name of kubegen's
 * replacement:
 *
 * - `matches` compiles a JavaScript RegExp, which backtracks (`'a'×28 + 'b'` against `^(a+)+$`: 14 s, ×4 per two
 *   more characters); the apiserver's is Go's RE2, linear in the input — kubegen's is re2js (../re2.ts). The
 *   function form `matches(s, re)`, which cel-go has and cel-js lacks, is answered too;
 * - `duration(string)` rescans an unanchored regular expression per unit (8 KB of digits: minutes); the
 *   apiserver's is `time.ParseDuration`, one pass (../duration.ts).
 * - `timestamp(string)` accepts what JavaScript's `Date` parses and drops the nanoseconds and the zone offset; the
 *   apiserver's is `time.Parse(time.RFC3339, s)`, and `string()` of the result prints both (./time.ts).
 *
 * cel-js 8 cannot replace or remove a built-in overload (an overlapping signature throws "overlaps with existing
 * overload"), so each replacement is registered under a reserved name, and {@link replaceBuiltins} points the
 * calls of a parsed expression at it before the expression is first checked or evaluated.
 */
const REPLACED_CALLS: ReadonlyMap<string, string> = new Map([
  ['rcall:matches:1', MATCHES],
  ['call:matches:2', MATCHES],
  ['call:duration:1', DURATION],
  ['call:timestamp:1', TIMESTAMP],
]);

/** cel-js' `google.protobuf.Duration` class, as its `duration()` builds it. */
type DurationClass = DurationConstructor;

/** The overloads of the replacements, by signature. */
function replacementOverloads(Duration: DurationClass): Record<string, Handler> {
  const durationOf = (s: string): object => {
    const r = parseGoDuration(s);
    // cel-go's String.ConvertToType: the parse error itself is not shown.
    if ('error' in r) throw new Error("type conversion error from 'string' to 'google.protobuf.Duration'");
    return new Duration(r.nanos / 1_000_000_000n, Number(r.nanos % 1_000_000_000n));
  };
  return {
    [`string.${MATCHES}(string): bool`]: (s: string, p: string) => regexMatches(s, p),
    [`${MATCHES}(string, string): bool`]: (s: string, p: string) => regexMatches(s, p),
    [`${DURATION}(string): google.protobuf.Duration`]: durationOf,
    [`${DURATION}(google.protobuf.Duration): google.protobuf.Duration`]: (d: object) => d,
    [`${TIMESTAMP}(string): google.protobuf.Timestamp`]: (s: string) => {
      const t = parseGoTimestamp(s);
      // cel-go's String.ConvertToType: the parse error itself is not shown.
      if (t === 'syntax') throw new Error("type conversion error from 'string' to 'google.protobuf.Timestamp'");
      if (t === 'range') throw new Error('timestamp overflow');
      return t;
    },
    [`${TIMESTAMP}(int): google.protobuf.Timestamp`]: (n: bigint) => {
      const t = goTimestampOfSeconds(n);
      if (t === 'range') throw new Error('timestamp overflow');
      return t;
    },
    [`${TIMESTAMP}(google.protobuf.Timestamp): google.protobuf.Timestamp`]: (d: Date) => d,
  };
}

/**
 * Points every call of a parsed expression that a cel-js built-in would answer in super-linear time at kubegen's
 * replacement (see {@link REPLACED_CALLS}); returns how many calls it changed. Walks the expression's own nodes
 * (macro arguments included: cel-js expands a macro around the argument nodes it was given) with an explicit
 * stack. Throws when a call cannot be changed, so that the caller never evaluates the built-in.
 */
export function replaceBuiltins(ast: ASTNode): number {
  let changed = 0;
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const x of n) stack.push(x);
      continue;
    }
    if (typeof n !== 'object' || n === null || !('op' in n) || !('args' in n)) continue;
    const node = n;
    if ((node.op === 'call' || node.op === 'rcall') && Array.isArray(node.args)) {
      const args: unknown[] = node.args;
      const name = args[0];
      const callArgs = args[args.length - 1];
      const target = typeof name === 'string' && Array.isArray(callArgs) ? REPLACED_CALLS.get(`${node.op}:${name}:${String(callArgs.length)}`) : undefined;
      if (target !== undefined) {
        args[0] = target;
        if (args[0] !== target) throw new Error(`cannot redirect the built-in '${node.op}' call to kubegen's implementation`);
        changed++;
      }
    }
    stack.push(node.args);
  }
  return changed;
}

/** An error text of cel-js with the reserved names of the replacements spelled as the built-ins they replace. */
export function builtinNames(text: string): string {
  return text.split(REPLACEMENT_PREFIX).join('');
}

/**
 * Registers the libraries on an evaluation environment (created with `unlistedVariablesAreDyn`): the types, their
 * `==`, the namespaces (`sets`, `format`, `lists`, `strings`, `ip`), every function, and the replacements of the
 * cel-js built-ins that {@link replaceBuiltins} redirects to; cel-js built-ins that already behave as the
 * apiserver's (`join`) are kept. `Duration` is cel-js' duration class (`@marcbachmann/cel-js/evaluator`).
 */
export function registerKubernetesLibraries(env: Environment, optional: typeof CelOptional, Duration: DurationClass): void {
  registerKubernetesMacros(env, optional);
  installOptionalAggregates(env);
  for (const [sig, handler] of Object.entries(replacementOverloads(Duration))) env.registerFunction(sig, handler);
  for (const t of LIBRARY_TYPES) {
    env.registerType(t, CLASSES[t]);
    env.registerOperator(`${t} == ${t}`, EQUALS[t]);
  }
  for (const [name, type] of Object.entries(LIBRARY_NAMESPACES)) {
    const Namespace = class {};
    env.registerType(type, Namespace);
    env.registerConstant(name, type, new Namespace());
  }
  // `net.IP`, `net.CIDR`: the values `type()` gives for a value of the type (cel-js' type value of a registered type).
  const typeOf = env.parse('type(v)');
  for (const [namespace, types] of Object.entries(LIBRARY_TYPE_NAMES)) {
    const values = new Map(Object.entries(types).map(([name, t]) => [name, typeOf({ v: TYPE_SAMPLES[t]() })]));
    env.registerConstant(namespace, 'map<string, type>', values);
  }
  const eq = env.parse('a == b');
  const lt = env.parse('a < b');
  const plus = env.parse('a + b');
  const impl = handlers({ equals: (a, b) => eq({ a, b }) === true, less: (a, b) => lt({ a, b }) === true, add: (a, b): unknown => plus({ a, b }) as unknown, optional: { of: (v) => optional.of(v), none: () => optional.none() } });
  const ops = operators((a, b) => eq({ a, b }) === true);
  for (const sig of LIBRARY_OPERATORS) {
    const handler = ops[sig];
    if (handler === undefined) throw new Error(`internal error: the library operator ${sig} has no handler`);
    env.registerOperator(sig, handler);
  }
  installTimestampOperators(env, Duration);
  const a = goTime(0, 1, 0);
  const b = goTime(0, 2, 0);
  const exact: unknown = env.parse('a < b && a != b && b - a == duration("1ns") && a + duration("1ns") == b && duration("1ns") + a == b')({ a, b });
  if (exact !== true) throw new Error('internal error: the timestamp operators do not compare nanoseconds');
  const done = new Set<string>();
  for (const sig of LIBRARY_SIGNATURES) {
    const runtimeSig = RUNTIME_SIGNATURE[sig] ?? sig;
    if (done.has(runtimeSig)) continue;
    done.add(runtimeSig);
    try {
      const handler = impl[sig];
      if (handler === undefined) throw new Error(`internal error: the library signature ${sig} has no handler`);
      env.registerFunction(runtimeSig, handler);
    } catch (e) {
      if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
    }
  }
}
