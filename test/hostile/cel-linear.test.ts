/**
 * Property (b) of issue 23: every CEL function that reads a string, and every `format`, takes time linear in the
 * length of that string when the validator evaluates it — 10× the input costs at most 20× the CPU time.
 *
 * What is measured: `validate()` of an object whose string field `s` carries one rule (or one `format`), the path a
 * generated `validate<Kind>` takes. The functions are enumerated from their declarations: every overload with a
 * `string` receiver or parameter — cel-js' built-ins (`Environment.getDefinitions()`) and the Kubernetes libraries
 * (`LIBRARY_SIGNATURES`) — must be covered by a case below (a test checks), plus the string operators; the formats
 * are every format the validator checks (`FORMATS`) and every named format of the CEL format library.
 *
 * Inputs: a prefix, a unit repeated to the size, and a suffix, from alphabets of the characters parsers branch on
 * (digits, dots, colons, quotes, `%`, `@`, unit letters, spaces, surrogates …); fast-check draws the property's
 * cases, and a fixed sweep gives every case the same few hostile inputs on every run.
 *
 * Sizes: the large input is `KUBEGEN_LINEAR_MAX_BYTES` characters (default 12,800), the small one a tenth of it,
 * and the bound is 10× the input ≤ 20× the time. Set `KUBEGEN_LINEAR_MAX_BYTES=1048576` to check 1 MB inputs
 * (minutes). Both sizes of a pair are kept on one side of V8's large-object threshold (objects over 128 KiB are
 * allocated in large-object space, at several times the cost per byte — a pair straddling it measures V8's
 * allocator, not the function: `[self, self].join(',')` costs 0.5 ns per byte below it, 10 above): the default
 * keeps every allocation of up to 10 bytes per input character below it; a large size past it raises the small one
 * to 128 KiB, so that every allocation of at least a byte per character is above it at both sizes, and the bound
 * becomes 2 × (large / small) — 16× for 1 MB. Runs: `KUBEGEN_FUZZ_RUNS` (default 100). `KUBEGEN_LINEAR_ONLY`, a regular
 * expression, keeps only the cases whose name it matches (to look into one).
 *
 * Measurement, robust on a busy machine: CPU time of this process (`process.cpuUsage`), per call amortised over at
 * least 3 ms of calls, the minimum of 3 repeats; times under 5 µs count as 5 µs (timer noise); a pair whose ratio
 * is over the bound is measured again, up to 3 times, and only the best ratio counts — load slows a measurement,
 * it cannot make one look faster.
 */
import fc from 'fast-check';
import { Environment } from '@marcbachmann/cel-js';
import { validate, type ValidationSchema } from '../../runtime/src/validation';
import { FORMAT_NAMES, LIBRARY_SIGNATURES } from '../../runtime/src/validation/cel-library/declarations';
import { FORMATS } from '../../runtime/src/validation/formats';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 100);
/** V8's largest object allocated in the young generation (`kMaxRegularHeapObjectSize`, 128 KiB). */
const V8_LARGE_OBJECT = 128 * 1024;
const LARGE = Number(process.env.KUBEGEN_LINEAR_MAX_BYTES ?? 12_800);
const SMALL = LARGE > V8_LARGE_OBJECT ? Math.max(Math.ceil(LARGE / 10), V8_LARGE_OBJECT) : Math.ceil(LARGE / 10);
const MAX_RATIO = (2 * LARGE) / SMALL;
const FLOOR_US = 5;
const TIMEOUT = Math.max(600_000, RUNS * 2_000);

/** CPU microseconds per call of `f`, amortised over at least `minUs` of CPU, the best of `repeats`. */
function cpuPerCall(f: () => unknown, minUs = 3_000, repeats = 3): number {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const start = process.cpuUsage();
    let calls = 0;
    let used: number;
    do {
      f();
      calls++;
      const u = process.cpuUsage(start);
      used = u.user + u.system;
    } while (used < minUs);
    best = Math.min(best, used / calls);
  }
  return best;
}

interface Measured {
  small: number;
  large: number;
  ratio: number;
}

/** The ratio of the cost at LARGE to the cost at SMALL, the best of up to 3 attempts while it is over the bound. */
function linearity(run: (s: string) => unknown, make: (n: number) => string): Measured {
  const small = make(SMALL);
  const large = make(LARGE);
  const measure = (): Measured => {
    const a = cpuPerCall(() => run(small));
    const b = cpuPerCall(() => run(large));
    return { small: a, large: b, ratio: b / Math.max(a, FLOOR_US) };
  };
  let best = measure();
  for (let attempt = 1; attempt < 3 && best.ratio > MAX_RATIO; attempt++) {
    const m = measure();
    if (m.ratio < best.ratio) best = m;
  }
  return best;
}

/** One measured case: a name and how it runs on an input string. */
interface Case {
  name: string;
  run: (s: string) => unknown;
}

/** Distinguishes the inputs of successive calls where `self` is a pattern, which the validator caches once compiled. */
let serial = 0;

function ruleCase(rule: string): Case {
  const schema: ValidationSchema = { type: 'object', properties: { s: { type: 'string', 'x-kubernetes-validations': [{ rule }] } } };
  // A pattern from the object is compiled on its first use: each call gets a new one, so its compilation is measured.
  if (PATTERN_FROM_SELF.test(rule)) return { name: rule, run: (s) => validate(schema, { s: `${s}${String(serial++ % 1_000_000)}` }) };
  return { name: rule, run: (s) => validate(schema, { s }) };
}

const PATTERN_FROM_SELF = /\.(matches|find|findAll)\(self/;

function formatCase(format: string): Case {
  const schema: ValidationSchema = { type: 'object', properties: { s: { type: 'string', format } } };
  return { name: `format: ${format}`, run: (s) => validate(schema, { s }) };
}

/**
 * The CEL cases, each with the overloads it covers. `self` is the hostile string; other arguments are small
 * constants (a function of two growing strings, such as `self.matches(self)`, is linear in neither alone).
 */
const CEL: Array<{ covers: string[]; rules: string[] }> = [
  // kubegen's macros (cel-library/macros.ts): a presence test over a map built from the string, sortBy keyed by it
  { covers: [], rules: ["has({'k': self}.k)", "[self, 'a', self].sortBy(x, x).size() == 3", "[self, 'a'].sortBy(x, x.size())[0] == 'a'"] },
  // the two-variable comprehensions over lists and maps holding the string (a string key repeated is a duplicate)
  {
    covers: [],
    rules: [
      "[self, 'a'].all(i, v, v.size() >= 0 && i >= 0)",
      "{self: 1}.exists(k, v, k == self && v == 1)",
      "[self, self].existsOne(i, v, i == 0 && v == self)",
      "[self].transformList(i, v, v + v)[0].size() > 0",
      "{'k': self}.transformMap(k, v, v.size() > 0, v)['k'] == self",
      "[self, 'a'].transformMapEntry(i, v, {v: i}).size() == 2",
      "[self, self].transformMapEntry(i, v, {v: i}).size() > 0",
    ],
  },
  // cel-js built-ins and operators
  { covers: ['bool(string): bool'], rules: ['bool(self)'] },
  { covers: ['bytes(string): bytes'], rules: ['bytes(self).size() > 0'] },
  { covers: ['double(string): double'], rules: ['double(self) > 0.0'] },
  { covers: ['int(string): int'], rules: ['int(self) > 0'] },
  { covers: ['uint(string): uint'], rules: ['uint(self) > 0u'] },
  { covers: ['string(string): string'], rules: ['string(self) != ""'] },
  { covers: ['type(string): type'], rules: ['type(self) == string'] },
  { covers: ['size(string): int', 'string.size(): int'], rules: ['size(self) > 0', 'self.size() > 0'] },
  { covers: ['duration(string): google.protobuf.Duration'], rules: ["duration(self) > duration('1s')"] },
  { covers: ['timestamp(string): google.protobuf.Timestamp'], rules: ["timestamp(self) > timestamp('2000-01-01T00:00:00Z')"] },
  {
    covers: [
      'google.protobuf.Timestamp.getDate(string): int',
      'google.protobuf.Timestamp.getDayOfMonth(string): int',
      'google.protobuf.Timestamp.getDayOfWeek(string): int',
      'google.protobuf.Timestamp.getDayOfYear(string): int',
      'google.protobuf.Timestamp.getFullYear(string): int',
      'google.protobuf.Timestamp.getHours(string): int',
      'google.protobuf.Timestamp.getMilliseconds(string): int',
      'google.protobuf.Timestamp.getMinutes(string): int',
      'google.protobuf.Timestamp.getMonth(string): int',
      'google.protobuf.Timestamp.getSeconds(string): int',
    ],
    rules: ["timestamp('2000-01-01T00:00:00Z').getHours(self) >= 0", "timestamp('2000-01-01T00:00:00Z').getDayOfYear(self) >= 0", "timestamp('2000-01-01T00:00:00Z').getMilliseconds(self) >= 0"],
  },
  { covers: ['string.contains(string): bool'], rules: ["self.contains('aab')", "'aab'.contains(self)"] },
  { covers: ['string.startsWith(string): bool'], rules: ["self.startsWith('aab')", "'aab'.startsWith(self)"] },
  { covers: ['string.endsWith(string): bool'], rules: ["self.endsWith('aab')", "'aab'.endsWith(self)"] },
  { covers: ['string.indexOf(string): int', 'string.indexOf(string, int): int'], rules: ["self.indexOf('aab') >= -1", "self.indexOf('aab', 1) >= -1", "'aab'.indexOf(self) >= -1"] },
  { covers: ['string.lastIndexOf(string): int', 'string.lastIndexOf(string, int): int'], rules: ["self.lastIndexOf('aab') >= -1", "self.lastIndexOf('aab', 1) >= -1", "'aab'.lastIndexOf(self) >= -1"] },
  { covers: ['string.lowerAscii(): string', 'string.upperAscii(): string', 'string.trim(): string'], rules: ["self.lowerAscii() != ''", "self.upperAscii() != ''", "self.trim() != ''"] },
  { covers: ['string.substring(int): string', 'string.substring(int, int): string'], rules: ["self.substring(1) != ''", "self.substring(1, 3) != ''"] },
  { covers: ['string.split(string): list<string>', 'string.split(string, int): list<string>'], rules: ["self.split('a').size() > 0", "self.split('a', 3).size() > 0", "'a,b'.split(self).size() > 0"] },
  { covers: ['list<string>.join(string): string', 'list<string>.join(): string'], rules: ["[self, self].join(',') != ''", "['a', 'b'].join(self) != ''", '[self].join() != ""'] },
  { covers: ['string + string', 'string == string', 'string < string', 'string in list'], rules: ["self + 'x' != ''", "self == 'x'", "self < 'x'", "self in ['a', 'b']"] },
  // regex (RE2): the searched string grows; then the pattern
  { covers: ['string.matches(string): bool', 'matches(string, string): bool'], rules: ["self.matches('^(a+)+$')", "self.matches('(x+x+)+y')", "self.matches('[0-9]+\\\\.[0-9]+s$')", "'aaaa'.matches(self)", "matches(self, '^a*b')"] },
  { covers: ['string.find(string): string'], rules: ["self.find('(a|aa)+b') == ''", "self.find('[0-9]+') != 'x'", "'aaaa'.find(self) == ''"] },
  { covers: ['string.findAll(string): list<string>', 'string.findAll(string, int): list<string>'], rules: ["self.findAll('a').size() >= 0", "self.findAll('[a-z]+').size() >= 0", "self.findAll('a', 5).size() >= 0", "'aaaa'.findAll(self).size() >= 0"] },
  // strings v2
  { covers: ['string.charAt(int): string'], rules: ["self.charAt(1) != ''", "self.charAt(5000) != ''"] },
  {
    covers: ['string.replace(string, string): string', 'string.replace(string, string, int): string'],
    rules: ["self.replace('a', 'bb') != ''", "self.replace('', 'b') != ''", "self.replace('', 'b', 5) != ''", "self.replace('a', 'b', 100) != ''", "'aaa'.replace(self, 'b') != ''", "'aaa'.replace('a', self) != ''"],
  },
  { covers: ['string.format(list): string'], rules: ["'%s-%s'.format([self, self]) != ''", "self.format([]) != ''", "'%d %s'.format([1, self]) != ''"] },
  { covers: ['StringsNamespace.quote(string): string'], rules: ["strings.quote(self) != ''"] },
  // url
  { covers: ['url(string): URL', 'isURL(string): bool'], rules: ['isURL(self)', "url(self).getScheme() != ''"] },
  {
    covers: ['URL.getScheme(): string', 'URL.getHost(): string', 'URL.getHostname(): string', 'URL.getPort(): string', 'URL.getEscapedPath(): string', 'URL.getQuery(): map<string, list<string>>'],
    rules: ["url(self).getHost() != ''", "url(self).getHostname() != ''", "url(self).getPort() != ''", "url(self).getEscapedPath() != ''", 'url(self).getQuery().size() >= 0'],
  },
  // quantity
  { covers: ['quantity(string): Quantity', 'isQuantity(string): bool'], rules: ['isQuantity(self)', 'quantity(self).isInteger()', "quantity(self).add(quantity('1')).isInteger()"] },
  // ip, cidr
  { covers: ['ip(string): IP', 'isIP(string): bool', 'IpNamespace.isCanonical(string): bool'], rules: ['isIP(self)', 'ip(self).family() > 0', 'ip.isCanonical(self)'] },
  { covers: ['cidr(string): CIDR', 'isCIDR(string): bool'], rules: ['isCIDR(self)', 'cidr(self).prefixLength() > 0'] },
  { covers: ['CIDR.containsIP(string): bool', 'CIDR.containsCIDR(string): bool'], rules: ["cidr('10.0.0.0/8').containsIP(self)", "cidr('10.0.0.0/8').containsCIDR(self)"] },
  // format
  { covers: ['FormatNamespace.named(string): optional<NamedFormat>'], rules: ['format.named(self).hasValue()'] },
  { covers: ['NamedFormat.validate(string): optional<list<string>>'], rules: FORMAT_NAMES.map((f) => `format.${f}().validate(self).hasValue()`) },
  // semver
  { covers: ['semver(string): Semver', 'semver(string, bool): Semver', 'isSemver(string): bool', 'isSemver(string, bool): bool'], rules: ['isSemver(self)', 'isSemver(self, true)', 'semver(self).major() >= 0', 'semver(self, true).major() >= 0'] },
];

const ONLY = process.env.KUBEGEN_LINEAR_ONLY === undefined ? undefined : new RegExp(process.env.KUBEGEN_LINEAR_ONLY);
const CASES: Case[] = [...CEL.flatMap((c) => c.rules.map(ruleCase)), ...[...FORMATS.keys()].map(formatCase)].filter((c) => ONLY === undefined || ONLY.test(c.name));

/** Every overload that takes a string: cel-js' built-ins, as the evaluator's environment has them, and the libraries'. */
function stringOverloads(): string[] {
  const env = new Environment({ enableOptionalTypes: true, unlistedVariablesAreDyn: true });
  const builtIns = env
    .getDefinitions()
    .functions.filter((f) => f.receiverType === 'string' || f.params.some((p) => p.type === 'string'))
    .map((f) => f.signature);
  const library = LIBRARY_SIGNATURES.filter((sig) => /^string\.|\(([^)]*\b)?string\b/.test(sig));
  return [...new Set([...builtIns, ...library])].sort();
}

// What parsers branch on: the alphabets of the hostile strings.
const UNITS = ['a', '1', '0', ' ', '.', '-', ':', '/', '%', '@', '"', '\\', '[', ']', '(', ')', '+', '=', 'e', 's', 'h', 'µ', 't', 'T', 'Z', ',', '#', '?', '&', '\u00e9', '\ud83d\ude00', '\ud800', '\n'];
const PREFIXES = ['', 'a', '1', 'http://', 'http://a/', '::', '1.2.3.', '10.0.0.0/', 'v1.', '2000-01-01T', 'a@', '"', '<', '0.', '1e'];
const SUFFIXES = ['', '!', 'b', 's', 'x', '\n', '"', ']', '>', '/', '@a'];

const unit = fc.oneof(fc.constantFrom(...UNITS), fc.array(fc.constantFrom(...UNITS), { minLength: 2, maxLength: 4 }).map((u) => u.join('')));

/** `prefix + unit × k + suffix`, `n` characters or one unit more. */
function family(prefix: string, u: string, suffix: string): (n: number) => string {
  return (n) => prefix + u.repeat(Math.max(1, Math.ceil((n - prefix.length - suffix.length) / u.length))) + suffix;
}

function describeFailure(c: Case, input: string, m: Measured): string {
  return `${c.name} on ${JSON.stringify(input.slice(0, 40))}…: ${m.small.toFixed(1)} µs at ${SMALL}, ${m.large.toFixed(1)} µs at ${LARGE} (×${m.ratio.toFixed(1)})`;
}

test('every overload that takes a string has a case', () => {
  const covered = new Set(CEL.flatMap((c) => c.covers));
  const missing = stringOverloads().filter((sig) => !covered.has(sig) && !sig.startsWith('__kubegen_') && !/\.__kubegen_/.test(sig));
  expect(missing).toEqual([]);
  if (ONLY === undefined) expect(CASES.length).toBeGreaterThan(100);
});

test(
  'every case is linear on the same hostile inputs',
  () => {
    const sweep: Array<[string, string, string]> = [
      ['', '1', ''],
      ['', 'a', '!'],
      ['1', '.', 's'],
      ['http://', 'a.', '/'],
      ['"', 'a b', '\n'],
      ['', '%', ''],
    ];
    const failures: string[] = [];
    for (const c of CASES) {
      for (const [p, u, s] of sweep) {
        const make = family(p, u, s);
        const m = linearity(c.run, make);
        if (m.ratio > MAX_RATIO) failures.push(describeFailure(c, make(40), m));
      }
    }
    expect(failures).toEqual([]);
  },
  TIMEOUT,
);

test(
  'every case is linear on any hostile input (property)',
  () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), fc.constantFrom(...PREFIXES), unit, fc.constantFrom(...SUFFIXES), (c, p, u, s) => {
        const make = family(p, u, s);
        const m = linearity(c.run, make);
        if (m.ratio > MAX_RATIO) throw new Error(describeFailure(c, make(40), m));
      }),
      { numRuns: RUNS },
    );
  },
  TIMEOUT,
);
