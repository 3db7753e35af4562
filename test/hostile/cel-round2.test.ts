/**
 * Issue 23, part B: the validator's CEL evaluation and string parsers against hostile objects.
 *
 * - `matches` (method and function form), `find` and `findAll` are RE2, as the apiserver's: no catastrophic
 *   backtracking, Go's `FindAll` semantics, Go's error for a pattern RE2 refuses, a bounded cache of compiled
 *   patterns; the generator's CEL checker runs no regex over a rule's strings either;
 * - `duration(string)` is Go's `time.ParseDuration` and `format: duration` kube-openapi's `strfmt.ParseDuration`,
 *   each one pass over the text, with Go's values and errors;
 * - formats that backtracked or overflowed the stack (`email`, `byte`) are RE2;
 * - objects as deep as the apiserver's decoder accepts (10,000 levels) are validated, deeper ones refused with its
 *   error, never a RangeError;
 * - a map whose keys are `constructor`, `__proto__`, `toString`, `hasOwnProperty` reaches CEL as a map.
 *
 * Time bounds are generous CPU-time ceilings (the fixed code takes milliseconds; the defects took from 14 s to
 * minutes), and every test that could spin has an explicit timeout.
 */
import { CelChecker } from '../../generator/cel';
import { formatFieldError, validate, type ValidationSchema } from '../../runtime/src/validation';
import { parseGoDuration, parseStrfmtDuration } from '../../runtime/src/validation/duration';
import { checkFormat } from '../../runtime/src/validation/formats';
import { MAX_CACHED_PATTERN_CHARS, MAX_CACHED_PATTERN_LENGTH, MAX_CACHED_PATTERNS, regexCacheSize, regexFindAll, regexMatches } from '../../runtime/src/validation/re2';

/** CPU milliseconds `f` took (user + system), with its result. */
function cpuMs<T>(f: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

/** A ceiling no correct run comes near, even on a loaded machine, and every defect exceeded by far. */
const CEILING_MS = 5_000;
const TIMEOUT = 60_000;

/** An object schema with one string property `s` carrying `rules`. */
function stringRule(rule: string, extra: ValidationSchema = {}): ValidationSchema {
  return { type: 'object', properties: { s: { type: 'string', ...extra, 'x-kubernetes-validations': [{ rule }] } } };
}

function errorsOf(schema: ValidationSchema, obj: unknown): string[] {
  return validate(schema, obj).errors.map(formatFieldError);
}

describe('CEL regular expressions are RE2', () => {
  const EVIL = `${'a'.repeat(28)}b`;
  /** Four times the work of EVIL for a backtracking engine (`^(a|a)*c$`: 18 s for EVIL before the fix). */
  const WORSE = `${'a'.repeat(30)}b`;

  test.each([
    ["self.matches('^(a+)+$')", false],
    ["matches(self, '^(a+)+$')", false],
    ["self.find('^(a+)+$') == ''", true],
    ["self.findAll('(a|aa)+$').size() == 0", true],
    ["self.matches('^(a|a)*c$')", false],
  ])(
    '%s on 28 `a`s and a `b` answers at once',
    (rule, valid) => {
      const r = cpuMs(() => validate(stringRule(rule), { s: EVIL }));
      expect(r.value.valid).toBe(valid);
      expect(r.value.unchecked).toEqual([]);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  test(
    'a default that does not match is checked at once (the object omits the field)',
    () => {
      const schema = stringRule("self.matches('^(a|a)*c$')", { default: WORSE });
      const r = cpuMs(() => errorsOf(schema, {}));
      expect(r.value).toEqual([`s: Invalid value: "${WORSE}": failed rule: self.matches('^(a|a)*c$')`]);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  test.each([
    // RE2 syntax JavaScript lacks, and JavaScript syntax RE2 lacks.
    ["self.matches('(?i)^abc$')", 'ABC', true],
    ["self.matches('^\\\\pL+$')", 'Größe', true],
    ["self.matches('\\\\Aab\\\\z')", 'ab', true],
    ["self.matches('^[[:alpha:]]+$')", 'ab1', false],
    ['self.find("[0-9]+") == "42"', 'ab42cd7', true],
    // Go's FindAll: an empty match right after a match is skipped.
    ["self.findAll('a*') == ['', 'aaa', '']", 'baaac', true],
    ["self.findAll('a*', 2) == ['', 'aaa']", 'baaac', true],
    ["self.findAll('x*') == ['', '', '']", 'ab', true],
    ["self.findAll('\\\\b') == ['', '', '', '']", 'ab cd', true],
  ])('%s on %j is %s', (rule, s, valid) => {
    expect(validate(stringRule(rule), { s })).toMatchObject({ valid, unchecked: [] });
  });

  test.each([
    ["self.matches('(a')", 'error parsing regexp: missing closing ): `(a`'],
    ["self.matches('(?=a)')", 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'],
    ["self.find('a{1001}') == ''", 'error parsing regexp: invalid repeat count: `{1001}`'],
    ["self.findAll('\\\\8').size() == 0", 'error parsing regexp: invalid escape sequence: `\\8`'],
  ])('%s fails as the apiserver fails: %s', (rule, message) => {
    expect(errorsOf(stringRule(rule), { s: 'a' })).toEqual([`s: Invalid value: "string": ${message} evaluating rule: ${rule}`]);
  });

  test('a pattern taken from the object is compiled as RE2 too', () => {
    const schema: ValidationSchema = {
      type: 'object',
      properties: { spec: { type: 'object', properties: { p: { type: 'string' }, s: { type: 'string' } }, 'x-kubernetes-validations': [{ rule: 'self.s.matches(self.p)' }] } },
    };
    const r = cpuMs(() => validate(schema, { spec: { p: '^(a|a)*c$', s: WORSE } }));
    expect(r.value.errors.map(formatFieldError)).toEqual(['spec: Invalid value: failed rule: self.s.matches(self.p)']);
    expect(r.ms).toBeLessThan(CEILING_MS);
  }, TIMEOUT);

  test('a wrong argument type names the built-in, not kubegen’s replacement', () => {
    const schema: ValidationSchema = { type: 'object', properties: { n: { type: 'integer', 'x-kubernetes-validations': [{ rule: "duration(self) > duration('1s')" }] } } };
    // cel-js finds no overload for an int: the rule is reported unchecked, by its own text.
    expect(validate(schema, { n: 1 })).toMatchObject({ valid: true, unchecked: ["n: duration(self) > duration('1s')"] });
  });

  test('the compiled-pattern cache is bounded in patterns and in characters', () => {
    for (let i = 0; i < MAX_CACHED_PATTERNS * 3; i++) regexMatches('x', `^x${i}$`);
    expect(regexCacheSize().patterns).toBe(MAX_CACHED_PATTERNS);
    // Patterns as long as the cache keeps, beyond its character bound.
    const big = 'a'.repeat(MAX_CACHED_PATTERN_LENGTH - 8);
    for (let i = 0; i < Math.ceil((1.5 * MAX_CACHED_PATTERN_CHARS) / big.length); i++) regexMatches('x', `${big}${i}`);
    const size = regexCacheSize();
    expect(size.patterns).toBeLessThanOrEqual(MAX_CACHED_PATTERNS);
    expect(size.chars).toBeLessThanOrEqual(MAX_CACHED_PATTERN_CHARS);
    expect(size.patterns).toBeGreaterThan(0);
  });

  test.each([3, 50_000])(
    'a class with %d `[:` and no `:]` after them (a POSIX name never closed) compiles in linear time, to the same class',
    (k) => {
      const pattern = `^[a${'[:'.repeat(k)}x]$`;
      const r = cpuMs(() => [regexMatches('[', pattern), regexMatches(':', pattern), regexMatches('x', pattern), regexMatches('b', pattern)]);
      expect(r.value).toEqual([true, true, true, false]);
      expect(() => regexMatches('x', `[${'[:'.repeat(k)}`)).toThrow(/^error parsing regexp: missing closing \]: /);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  test('findAll on a long input is linear: 100,000 matches', () => {
    const r = cpuMs(() => regexFindAll('ab'.repeat(100_000), 'a', -1n));
    expect(r.value).toHaveLength(100_000);
    expect(r.ms).toBeLessThan(CEILING_MS);
  });

  test(
    "the generator's CEL checker type-checks a backtracking pattern without running it",
    () => {
      const checker = new CelChecker();
      const r = cpuMs(() =>
        checker.checkSchema({
          type: 'object',
          properties: { s: { type: 'string', maxLength: 64, 'x-kubernetes-validations': [{ rule: `'${'a'.repeat(40)}!'.matches('^(a+)+$') || self.matches('^(a+)+$')` }] } },
        }),
      );
      expect(r.value).toEqual([]);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );
});

describe("the generator's CEL checker on hostile rule text", () => {
  test.each([
    ['an unfinished two-variable comprehension', (n: number) => `self.all(${'a'.repeat(n)}`, 1],
    ['spaces after a macro', (n: number) => `self.all(a${' '.repeat(n)}`, 1],
    ['escaped quotes in an unterminated string', (n: number) => `'${"\\'".repeat(n / 2)}`, 1],
    ['a long string literal', (n: number) => `self == '${'a'.repeat(n)}'`, 0],
  ])(
    '%s of 200,000 characters is judged at once',
    (_what, rule, problems) => {
      const r = cpuMs(() => new CelChecker().checkSchema({ type: 'object', properties: { s: { type: 'string', maxLength: 10, 'x-kubernetes-validations': [{ rule: rule(200_000) }] } } }));
      expect(r.value).toHaveLength(problems);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );
});

describe('durations parse in one pass', () => {
  test(
    'duration(self) on 8 KB of digits answers at once with cel-go’s error',
    () => {
      const rule = "duration(self) > duration('1s')";
      const r = cpuMs(() => errorsOf(stringRule(rule), { s: '1'.repeat(8192) }));
      expect(r.value).toEqual([`s: Invalid value: "string": type conversion error from 'string' to 'google.protobuf.Duration' evaluating rule: ${rule}`]);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  test.each(['1'.repeat(131_072), `${'1'.repeat(65_535)}s`, `1.${'1'.repeat(65_534)}`, '1s'.repeat(32_768), ' 1 s'.repeat(16_384), `1${' '.repeat(65_534)}x`])(
    'format: duration on 64 to 128 KB (%#) answers at once',
    (s) => {
      const r = cpuMs(() => validate({ type: 'object', properties: { d: { type: 'string', format: 'duration' } } }, { d: s }));
      expect(typeof r.value.valid).toBe('boolean');
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  // Go's time.ParseDuration test table (src/time/time_test.go), nanoseconds.
  test.each<[string, bigint]>([
    ['0', 0n],
    ['5s', 5_000_000_000n],
    ['-5s', -5_000_000_000n],
    ['+5s', 5_000_000_000n],
    ['-0', 0n],
    ['5.s', 5_000_000_000n],
    ['.5s', 500_000_000n],
    ['1.004s', 1_004_000_000n],
    ['100.00100s', 100_001_000_000n],
    ['12µs', 12_000n],
    ['12μs', 12_000n],
    ['3h30m', 12_600_000_000_000n],
    ['10.5s4m', 250_500_000_000n],
    ['-2m3.4s', -123_400_000_000n],
    ['1h2m3s4ms5us6ns', 3_723_004_005_006n],
    ['39h9m14.425s', 140_954_425_000_000n],
    ['52763797000ns', 52_763_797_000n],
    ['0.3333333333333333333h', 1_200_000_000_000n],
    ['9007199254740993ns', 9_007_199_254_740_993n],
    ['9223372036854775807ns', 9_223_372_036_854_775_807n],
    ['9223372036854775.807us', 9_223_372_036_854_775_807n],
    ['9223372036854ms775us807ns', 9_223_372_036_854_775_807n],
    ['-9223372036854775808ns', -9_223_372_036_854_775_808n],
    ['0.100000000000000000000h', 360_000_000_000n],
    ['0.830103483285477580700h', 2_988_372_539_827n],
    [`0.${'1'.repeat(100_000)}s`, 111_111_111n],
  ])('parseGoDuration(%j) is %s ns', (s, nanos) => {
    expect(parseGoDuration(s)).toEqual({ nanos });
  });

  test.each([
    ['', 'time: invalid duration ""'],
    ['3', 'time: missing unit in duration "3"'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.', 'time: invalid duration "."'],
    ['-.', 'time: invalid duration "-."'],
    ['.s', 'time: invalid duration ".s"'],
    ['+.s', 'time: invalid duration "+.s"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1é', 'time: unknown unit "\\xc3\\xa9" in duration "1\\xc3\\xa9"'],
    ['9223372036854775808ns', 'time: invalid duration "9223372036854775808ns"'],
    ['9223372036854775.808us', 'time: invalid duration "9223372036854775.808us"'],
    ['9223372036854ms775us808ns', 'time: invalid duration "9223372036854ms775us808ns"'],
    ['-9223372036854775809ns', 'time: invalid duration "-9223372036854775809ns"'],
  ])('parseGoDuration(%j) fails with %s', (s, error) => {
    expect(parseGoDuration(s)).toEqual({ error });
  });

  // kube-openapi strfmt.ParseDuration: Go's syntax, else `<digits> <unit word>` terms over the whole text.
  test.each<[string, bigint | undefined]>([
    ['1h5m', 3_900_000_000_000n],
    ['3 days', 259_200_000_000_000n],
    [' 2 weeks 1 hour ', 1_213_200_000_000_000n],
    ['5 minutes', 300_000_000_000n],
    ['10sec', 10_000_000_000n],
    ['1 Hour', 3_600_000_000_000n],
    ['7 µs', 7_000n],
    ['1d', 86_400_000_000_000n],
    ['5 hrs', undefined],
    ['5x', undefined],
    ['abc 5 seconds', undefined],
    ['5 seconds abc', undefined],
    ['99999999999999999999 s', undefined],
    ['', undefined],
    ['-5 s', undefined],
  ])('parseStrfmtDuration(%j) is %s ns', (s, nanos) => {
    const r = parseStrfmtDuration(s);
    if (nanos === undefined) expect(r).toHaveProperty('error');
    else expect(r).toEqual({ nanos });
  });

  test('a duration field reaches CEL as the duration strfmt parses, not a string', () => {
    const schema: ValidationSchema = { type: 'object', properties: { d: { type: 'string', format: 'duration', 'x-kubernetes-validations': [{ rule: "self == duration('72h')" }] } } };
    expect(validate(schema, { d: '3 days' })).toMatchObject({ valid: true, errors: [], unchecked: [] });
    expect(validate(schema, { d: '3d' })).toMatchObject({ valid: true });
    expect(errorsOf(schema, { d: '2 days' })).toEqual([`d: Invalid value: "2 days": failed rule: self == duration('72h')`]);
  });
});

describe('formats that backtracked or overflowed the stack', () => {
  test.each([
    ['email', `${'a b'.repeat(20_000)}\n`],
    ['email', 'a b'.repeat(3_500_000)],
    ['email', 'a.'.repeat(5 * 1024 * 1024)],
    ['email', `a@${'a.'.repeat(5 * 1024 * 1024)}`],
    ['byte', '+'.repeat(200_001)],
    ['byte', `${'A'.repeat(1_000_000)}!`],
    ['byte', 'A'.repeat(1_000_001)],
    ['date-time', `2024-01-01${'t'.repeat(200_000)}`],
    ['hostname', `${'a.'.repeat(100_000)}!`],
  ])(
    'format %s on %# answers at once, without a RangeError',
    (format, s) => {
      const r = cpuMs(() => checkFormat(format, s));
      expect(r.value).toBe(false);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );

  test.each([
    ['email', 'a@example.com', true],
    ['email', 'Jane Doe <jane@example.com>', true],
    ['email', 'jane@', false],
    ['byte', 'aGVsbG8=', true],
    ['byte', 'aGVsbG8', false],
    ['date-time', '2024-01-01T10:20:30Z', true],
    ['date-time', '2024-01-01T10:20:30.5+01:00', true],
    ['date-time', '2024-01-01T24:00:00Z', false],
    ['date-time', '2024-01-01T10:20:30Zt', true],
    ['hostname', 'example.com', true],
    ['uuid', 'A987FBC9-4BED-3078-CF07-9141BA07C9F3', true],
    ['rgbcolor', 'rgb(1, 2, 3)', true],
    ['rgbcolor', 'rgb(1,\u00a02, 3)', false],
  ])('format %s: %j is %s', (format, s, ok) => {
    expect(checkFormat(format, s)).toBe(ok);
  });
});

describe('the CEL format library on megabyte values', () => {
  test.each(['dns1123Subdomain', 'dns1123Label', 'dns1035Label', 'qualifiedName', 'labelValue'])(
    'format.%s() validates 10 MB of labels without a RangeError',
    (name) => {
      const rule = `!format.${name}().validate(self).hasValue()`;
      const r = cpuMs(() => validate(stringRule(rule), { s: `${'a.'.repeat(5 * 1024 * 1024)}!` }));
      expect(r.value.errors.map(formatFieldError)[0]).toMatch(/^s: Invalid value: "a\.a\.a\.a/);
      expect(r.value.unchecked).toEqual([]);
      expect(r.ms).toBeLessThan(CEILING_MS);
    },
    TIMEOUT,
  );
});

describe('depth', () => {
  const nested = (levels: number, make: (inner: unknown) => unknown): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < levels; i++) v = make(v);
    return v;
  };
  const open: ValidationSchema = {
    type: 'object',
    properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'has(self.a) || self.size() >= 0' }] } },
  };

  // The object and `spec` are two levels: `spec.a` holds the rest.
  test.each([
    ['objects', (inner: unknown) => ({ a: inner }), '{'],
    ['arrays', (inner: unknown) => [inner], '['],
  ])(
    '%s 1,001 to 10,000 levels deep are validated; one more level than the decoder allows is its error',
    (_kind, make, opening) => {
      for (const levels of [1_001, 5_000, 9_998]) expect(validate(open, { spec: { a: nested(levels, make) } })).toMatchObject({ valid: true, errors: [], unchecked: [] });
      const tooDeep = validate(open, { spec: { a: nested(9_999, make) } });
      expect(tooDeep.errors.map(formatFieldError)).toEqual([`<nil>: Invalid value: invalid character '${opening}' exceeded max depth`]);
    },
    TIMEOUT,
  );

  test('a deep value in an error message is printed without recursion', () => {
    const schema: ValidationSchema = { type: 'object', properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, enum: [{ a: 1 }] } } };
    const deep = nested(9_000, (inner) => ({ a: inner }));
    const errors = errorsOf(schema, { spec: deep });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^spec: Unsupported value: \{"a":\{"a":/);
  });

  test('an old object deeper than the decoder allows is refused too', () => {
    const r = validate(open, { spec: {} }, { oldObject: { spec: nested(10_000, (inner) => ({ a: inner })) } });
    expect(r.errors.map(formatFieldError)).toEqual(["<nil>: Invalid value: invalid character '{' exceeded max depth"]);
  });
});

describe('CEL over a map whose keys are JavaScript property names', () => {
  const KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

  test.each([
    ['a map of strings', { type: 'object', additionalProperties: { type: 'string' } }],
    ['an object that keeps unknown fields', { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }],
  ])('%s with those keys is evaluated, not refused', (_what, labels) => {
    const rule = `self.size() == ${KEYS.length} && self.all(k, self[k] == k + '!') && 'constructor' in self && self.constructor == 'constructor!' && self['__proto__'] == '__proto__!'`;
    const schema: ValidationSchema = { type: 'object', properties: { labels: { ...labels, 'x-kubernetes-validations': [{ rule }] } } };
    const obj = JSON.parse(`{"labels":{${KEYS.map((k) => `"${k}":"${k}!"`).join(',')}}}`) as unknown;
    expect(validate(schema, obj)).toEqual({ valid: true, errors: [], unchecked: [] });
    const wrong = JSON.parse('{"labels":{"constructor":"x"}}') as unknown;
    expect(errorsOf(schema, wrong)).toEqual([`labels: Invalid value: failed rule: ${rule}`]);
  });

  test('a property named constructor is a field like any other', () => {
    const schema: ValidationSchema = {
      type: 'object',
      properties: { spec: { type: 'object', properties: { constructor: { type: 'string' }, toString: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: "self.constructor == 'c' && self.toString == 1" }] } },
    };
    expect(validate(schema, JSON.parse('{"spec":{"constructor":"c","toString":1}}'))).toEqual({ valid: true, errors: [], unchecked: [] });
  });
});
