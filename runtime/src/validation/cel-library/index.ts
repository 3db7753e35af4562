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
import type { Environment, Optional as CelOptional } from '@marcbachmann/cel-js';
import { RE2JS } from 're2js';
import { LIBRARY_NAMESPACES, LIBRARY_SIGNATURES, LIBRARY_TYPES } from './declarations';
import { NAMED_FORMATS, NamedFormat } from './format';
import { CIDR, IP, parseCIDR, parseIP, parseRequestURI, parseURL, URL } from './net';
import { parseQuantity, Quantity } from './quantity';
import { asInt64, normalizeAndParseSemver, parseSemver, Semver } from './semver';

export { Quantity, parseQuantity } from './quantity';
export { IP, CIDR, URL, parseIP, parseCIDR, parseURL, parseRequestURI } from './net';
export { Semver, parseSemver, normalizeAndParseSemver } from './semver';
export { NamedFormat, NAMED_FORMATS } from './format';

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

function re2(pattern: string): RE2JS {
  return RE2JS.compile(pattern);
}

function runes(s: string): string[] {
  return Array.from(s);
}

/** cel-go's `strings.quote`. */
function quote(s: string): string {
  const escapes: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', '"': '\\"' };
  let out = '"';
  for (const c of s) out += Object.hasOwn(escapes, c) ? escapes[c] : c.length === 1 && c >= '\ud800' && c <= '\udfff' ? '\ufffd' : c;
  return `${out}"`;
}

/** cel-go's `string.format` for the verbs kubegen reproduces exactly (`%s` of strings, ints and bools, `%d`, `%%`). */
function format(template: string, args: readonly unknown[]): string {
  let out = '';
  let next = 0;
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const verb = template[i + 1];
    i++;
    if (verb === '%') {
      out += '%';
      continue;
    }
    const arg = args[next++];
    if (verb === 's' && (typeof arg === 'string' || typeof arg === 'bigint' || typeof arg === 'boolean')) out += String(arg);
    else if (verb === 'd' && typeof arg === 'bigint') out += arg.toString();
    else throw new NotEvaluable(`string.format %${verb ?? ''} with this argument is not evaluated client-side`);
  }
  return out;
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
  const sum = (l: unknown[]) => (l.length === 0 ? 0n : l.reduce((a, b) => sem.add(a, b)));
  const contains = (l: unknown[], sub: unknown[]) => sub.every((x) => l.some((y) => equals(x, y)));
  const flatten = (l: unknown[], depth: bigint): unknown[] => {
    if (depth < 0n) throw new Error('level must be non-negative');
    return l.flatMap((x) => (Array.isArray(x) && depth > 0n ? flatten(x, depth - 1n) : [x]));
  };
  const findAll = (s: string, p: string, limit: bigint) => {
    const out: string[] = [];
    if (limit === 0n) return out;
    const m = re2(p).matcher(s);
    while ((limit < 0n || BigInt(out.length) < limit) && m.find()) out.push(m.group() ?? '');
    return out;
  };
  const q = (f: (q: Quantity, o: Quantity) => unknown) => (a: Quantity, b: Quantity) => f(a, b);
  return {
    // lists
    'list<T>.isSorted(): bool': (l: unknown[]) => l.every((x, i) => i === 0 || cmp(l[i - 1], x) !== 1),
    'list<int>.sum(): int': sum,
    'list<double>.sum(): double': sum,
    'list<google.protobuf.Duration>.sum(): google.protobuf.Duration': sum,
    'list<T>.min(): T': extreme('min', 1),
    'list<T>.max(): T': extreme('max', -1),
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
    'list<T>.flatten(): list<dyn>': (l: unknown[]) => flatten(l, 1n),
    'list<T>.flatten(int): list<dyn>': (l: unknown[], depth: bigint) => flatten(l, depth),
    'list<T>.distinct(): list<T>': (l: unknown[]) => l.filter((x, i) => !l.slice(0, i).some((y) => equals(x, y))),
    'list<T>.reverse(): list<T>': (l: unknown[]) => [...l].reverse(),
    'list<T>.sort(): list<T>': (l: unknown[]) => {
      if (l.length > 0 && (typeof l[0] === 'object' && l[0] !== null && !(l[0] instanceof Date) && !(l[0] instanceof Uint8Array) && !('seconds' in l[0]))) throw new Error('list elements must be comparable');
      return [...l].sort(cmp);
    },
    'list<T>.first(): optional<T>': (l: unknown[]) => (l.length > 0 ? optional.of(l[0]) : optional.none()),
    'list<T>.last(): optional<T>': (l: unknown[]) => (l.length > 0 ? optional.of(l[l.length - 1]) : optional.none()),
    // regex
    'string.find(string): string': (s: string, p: string) => {
      const m = re2(p).matcher(s);
      return m.find() ? (m.group() ?? '') : '';
    },
    'string.findAll(string): list<string>': (s: string, p: string) => findAll(s, p, -1n),
    'string.findAll(string, int): list<string>': (s: string, p: string, n: bigint) => findAll(s, p, n),
    // strings v2
    'string.charAt(int): string': (s: string, i: bigint) => {
      const r = runes(s);
      if (i < 0n || i > BigInt(r.length)) throw new Error(`index out of range: ${i.toString()}`);
      return i === BigInt(r.length) ? '' : r[Number(i)];
    },
    'string.replace(string, string): string': (s: string, a: string, b: string) => (a === '' ? runes(s).join(b).replace(/^/, b) + b : s.split(a).join(b)),
    'string.replace(string, string, int): string': (s: string, a: string, b: string, n: bigint) => {
      if (n < 0n) return a === '' ? runes(s).join(b).replace(/^/, b) + b : s.split(a).join(b);
      let out = '';
      let rest = s;
      for (let k = 0n; k < n; k++) {
        if (a === '') {
          const r = runes(rest);
          out += b + (r[0] ?? '');
          rest = r.slice(1).join('');
          if (r.length === 0) break;
          continue;
        }
        const at = rest.indexOf(a);
        if (at < 0) break;
        out += rest.slice(0, at) + b;
        rest = rest.slice(at + a.length);
      }
      return out + rest;
    },
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

/** The JavaScript class of each library type. */
const CLASSES: Record<(typeof LIBRARY_TYPES)[number], new (...args: never[]) => object> = { Quantity, URL, IP, CIDR, Semver, NamedFormat };

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

/** Runtime signatures for declarations cel-js cannot dispatch on a dynamic value (the typed `sum` overloads). */
const RUNTIME_SIGNATURE: Record<string, string> = {
  'list<int>.sum(): int': 'list.sum(): dyn',
  'list<double>.sum(): double': 'list.sum(): dyn',
  'list<google.protobuf.Duration>.sum(): google.protobuf.Duration': 'list.sum(): dyn',
};

/** The declared signatures kubegen implements (all of them; a unit test checks). */
export function implementedSignatures(): string[] {
  const none = (): boolean => false;
  return Object.keys(handlers({ equals: none, less: none, add: none, optional: { of: none, none } }));
}

/**
 * Registers the libraries on an evaluation environment (created with `unlistedVariablesAreDyn`): the types, their
 * `==`, the namespaces (`sets`, `format`, `lists`, `strings`, `ip`) and every function; cel-js built-ins that already
 * behave as the apiserver's (`join`) are kept.
 */
export function registerKubernetesLibraries(env: Environment, optional: typeof CelOptional): void {
  for (const t of LIBRARY_TYPES) {
    env.registerType(t, CLASSES[t]);
    env.registerOperator(`${t} == ${t}`, EQUALS[t]);
  }
  for (const [name, type] of Object.entries(LIBRARY_NAMESPACES)) {
    const Namespace = class {};
    env.registerType(type, Namespace);
    env.registerConstant(name, type, new Namespace());
  }
  const eq = env.parse('a == b');
  const lt = env.parse('a < b');
  const plus = env.parse('a + b');
  const impl = handlers({ equals: (a, b) => eq({ a, b }) === true, less: (a, b) => lt({ a, b }) === true, add: (a, b): unknown => plus({ a, b }) as unknown, optional: { of: (v) => optional.of(v), none: () => optional.none() } });
  const done = new Set<string>();
  for (const sig of LIBRARY_SIGNATURES) {
    const runtimeSig = RUNTIME_SIGNATURE[sig] ?? sig;
    if (done.has(runtimeSig)) continue;
    done.add(runtimeSig);
    try {
      env.registerFunction(runtimeSig, impl[sig]);
    } catch (e) {
      if (!/overlaps with existing overload/.test((e as Error).message)) throw e;
    }
  }
}
