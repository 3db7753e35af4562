/**
 * cel-go's optional list elements and map entries as a grammar extension of one cel-js environment's parser
 * (runtime/src/validation/cel-library/syntax.ts), and Go's timestamps and durations as `string()` prints them
 * (cel-library/time.ts): parsed, type-checked and evaluated, the parser's limits kept, the shared parser class left
 * alone; Go's RFC 3339 parsing and printing against a table and a round-trip property.
 */
import fc from 'fast-check';
import { Environment, Optional } from '@marcbachmann/cel-js';
import { installOptionalAggregates } from '../../../../runtime/src/validation/cel-library/syntax';
import { formatGoDuration, formatGoTimestamp, goTime, parseGoTimestamp } from '../../../../runtime/src/validation/cel-library/time';

function extended(opts: ConstructorParameters<typeof Environment>[0] = {}): Environment {
  const env = new Environment({ enableOptionalTypes: true, unlistedVariablesAreDyn: true, ...opts });
  installOptionalAggregates(env);
  return env;
}

describe('optional list elements and map entries', () => {
  const env = extended();

  test.each([
    ["['a', ?optional.none(), 'c']", ['a', 'c']],
    ["['a', ?optional.of('v'), 'c']", ['a', 'v', 'c']],
    ['[?optional.none()]', []],
    ['[?optional.of(1), 2,]', [1n, 2n]],
    ['[1, 2]', [1n, 2n]],
    ['[]', []],
    ['[?x]', ['from x']],
  ])('%s', (text, want) => {
    expect(env.evaluate(text, { x: Optional.of('from x') })).toEqual(want);
  });

  test.each([
    ["{?'k': optional.none(), 'k2': 'v2'}", { k2: 'v2' }],
    ["{?'k': optional.of('v'), 'k2': 'v2'}", { k: 'v', k2: 'v2' }],
    ["{'a': 1, ?'b': optional.of(2),}", { a: 1n, b: 2n }],
    ['{}', {}],
  ])('%s', (text, want) => {
    expect(env.evaluate(text)).toEqual(want);
  });

  /** A property of a parsed node. */
  const prop = (ast: unknown, key: string): unknown => (typeof ast === 'object' && ast !== null && key in ast ? (ast as Record<string, unknown>)[key] : undefined);

  test('records the optional positions as cel-go does, and builds cel-js’ own node when there are none', () => {
    const list = env.parse("['a', ?optional.none(), ?optional.of('c')]").ast;
    expect(prop(list, 'op')).toBe('list');
    expect(prop(list, 'optionalIndices')).toEqual([1, 2]);
    const map = env.parse("{?'a': optional.none(), 'b': 1}").ast;
    expect(prop(map, 'op')).toBe('map');
    expect(prop(map, 'optionalIndices')).toEqual([0]);
    expect(prop(env.parse('[1, 2]').ast, 'optionalIndices')).toBeUndefined();
  });

  test('type-checks the element inside its optional; a non-optional element is cel-go’s type mismatch', () => {
    expect(env.check("[?optional.of('a'), 'b']")).toMatchObject({ valid: true, type: 'list<string>' });
    expect(env.check("{?'a': optional.of(1)}")).toMatchObject({ valid: true, type: 'map<string, int>' });
    const list = env.check('[1, ?2]');
    expect(list.valid).toBe(false);
    expect(String(list.error)).toContain("expected type 'optional_type(int)' but found 'int'");
    const map = env.check("{?'a': 1}");
    expect(map.valid).toBe(false);
    expect(String(map.error)).toContain("expected type 'optional_type(int)' but found 'int'");
  });

  test('keeps cel-js’ checks of ordinary literals (homogeneous literals when asked for)', () => {
    const strict = extended({ homogeneousAggregateLiterals: true });
    expect(strict.check("[1, 'a']").valid).toBe(false);
    expect(strict.check("[?optional.of(1), 'a']").valid).toBe(true);
  });

  test('an element that is not an optional at run time is no overload', () => {
    expect(() => {
      env.evaluate('[?x]', { x: 1n });
    }).toThrow('no such overload');
  });

  test('keeps the parser’s limits', () => {
    const small = extended({ limits: { maxListElements: 3, maxMapEntries: 2 } });
    expect(small.evaluate('[?optional.of(1), 2, 3]')).toEqual([1n, 2n, 3n]);
    expect(() => small.parse('[?optional.of(1), 2, 3, 4]')).toThrow('Exceeded maxListElements (3)');
    expect(() => small.parse("{'a': 1, 'b': 2, ?'c': optional.none()}")).toThrow('Exceeded maxMapEntries (2)');
  });

  test('without optional types, a leading ? is refused as before', () => {
    const plain = new Environment({ enableOptionalTypes: false });
    installOptionalAggregates(plain);
    expect(() => plain.parse('[?x]')).toThrow('Unexpected token');
  });

  test('extends only the environments it is given: cel-js’ class, other environments and clones are unchanged', () => {
    const other = new Environment({ enableOptionalTypes: true });
    expect(() => other.parse('[?x]')).toThrow('Unexpected token');
    const clone = env.clone();
    expect(() => clone.parse('[?x]')).toThrow('Unexpected token');
    installOptionalAggregates(clone);
    installOptionalAggregates(clone);
    expect(clone.evaluate('[?optional.of(1)]')).toEqual([1n]);
  });

  test('errors inside elements keep their positions (the ternary and nested literals still parse)', () => {
    expect(env.evaluate("[true ? 1 : 2, ?(false ? optional.none() : optional.of(3)), [?optional.none()]]")).toEqual([1n, 3n, []]);
    expect(() => env.parse('[1, ?]')).toThrow('Unexpected token');
    expect(() => env.parse('[1 2]')).toThrow('Expected RBRACKET');
  });
});

describe("Go's timestamps", () => {
  test.each([
    ['2000-01-01T00:00:00Z', '2000-01-01T00:00:00Z'],
    ['2000-01-01T00:00:00.000Z', '2000-01-01T00:00:00Z'],
    ['2000-01-01T00:00:00.5+01:00', '2000-01-01T00:00:00.5+01:00'],
    ['2000-01-02T03:04:05.123456789-01:30', '2000-01-02T03:04:05.123456789-01:30'],
    ['2000-01-02T03:04:05.1234567891234Z', '2000-01-02T03:04:05.123456789Z'],
    ['2020-02-29T23:59:59Z', '2020-02-29T23:59:59Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00Z'],
    ['9999-12-31T23:59:59.999999999Z', '9999-12-31T23:59:59.999999999Z'],
    ['0099-03-01T00:00:00Z', '0099-03-01T00:00:00Z'],
  ])('%s prints as %s', (text, want) => {
    const t = parseGoTimestamp(text);
    if (!(t instanceof Date)) throw new Error(`${text} does not parse: ${t}`);
    expect(formatGoTimestamp(t)).toBe(want);
  });

  test.each([
    ['2000-13-01T00:00:00Z', 'syntax'],
    ['2019-02-29T00:00:00Z', 'syntax'],
    ['2000-01-01T24:00:00Z', 'syntax'],
    ['2000-01-01T00:00:60Z', 'syntax'],
    ['2000-01-01 00:00:00Z', 'syntax'],
    ['2000-01-01T00:00:00', 'syntax'],
    ['2000-01-01T00:00:00+24:00', 'syntax'],
    ['2000-01-01T00:00:00.Z', 'syntax'],
    ['0001-01-01T00:00:00+01:00', 'range'],
    ['9999-12-31T23:59:59-01:00', 'range'],
  ])('%s is refused (%s)', (text, why) => {
    expect(parseGoTimestamp(text)).toBe(why);
  });

  test('a Date kubegen did not make has no known offset', () => {
    expect(formatGoTimestamp(new Date(0))).toBeUndefined();
    expect(formatGoTimestamp(goTime(0, 1, 0))).toBe('1970-01-01T00:00:00.000000001Z');
  });

  test('property: every RFC 3339 time prints back as Go prints it, and no string makes the parser throw', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const arb = fc.record({
      year: fc.integer({ min: 1000, max: 9998 }).map(String),
      month: fc.integer({ min: 1, max: 12 }).map((n) => String(n).padStart(2, '0')),
      day: fc.integer({ min: 1, max: 28 }).map((n) => String(n).padStart(2, '0')),
      h: two(23),
      m: two(59),
      s: two(59),
      frac: fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }),
      zone: fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), two(23), two(59)).map(([sign, h, m]) => `${sign}${h}:${m}`)),
    });
    fc.assert(
      fc.property(arb, (p) => {
        const text = `${p.year}-${p.month}-${p.day}T${p.h}:${p.m}:${p.s}${p.frac === undefined ? '' : `.${p.frac}`}${p.zone}`;
        const t = parseGoTimestamp(text);
        if (!(t instanceof Date)) return false;
        // Go trims the fraction's trailing zeros (and drops an all-zero one) and prints a zero offset as Z.
        const frac = (p.frac ?? '').replace(/0+$/, '');
        const zone = p.zone === '+00:00' || p.zone === '-00:00' ? 'Z' : p.zone;
        return formatGoTimestamp(t) === `${p.year}-${p.month}-${p.day}T${p.h}:${p.m}:${p.s}${frac === '' ? '' : `.${frac}`}${zone}`;
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const t = parseGoTimestamp(s);
        return t === 'syntax' || t === 'range' || t instanceof Date;
      }),
    );
  });
});

describe("Go's durations in seconds (strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + \"s\")", () => {
  test.each([
    [0n, 0, '0s'],
    [1n, 500_000_000, '1.5s'],
    [-1n, -500_000_000, '-1.5s'],
    [0n, 1, '0.000000001s'],
    [61n, 500_000_000, '61.5s'],
    [-5400n, 0, '-5400s'],
    [315_576_000_000n, 0, '315576000000s'],
    [0n, 100_000, '0.0001s'],
    [123n, 456_789_012, '123.456789012s'],
  ])('%s s %s ns', (seconds, nanos, want) => {
    expect(formatGoDuration(seconds, nanos)).toBe(want);
  });

  test('property: the printed seconds read back as the float Go computes', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (total) => {
        const text = formatGoDuration(total / 1_000_000_000n, Number(total % 1_000_000_000n));
        const want = Number(total / 1_000_000_000n) + Number(total % 1_000_000_000n) / 1e9;
        return /^-?\d+(\.\d+)?s$/.test(text) && Number(text.slice(0, -1)) === want;
      }),
    );
  });
});
