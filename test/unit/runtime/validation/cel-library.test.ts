/**
 * The Kubernetes CEL libraries of the client-side validator: the rows of test/cel/library-cases.ts with the causes
 * kube-apiserver 1.37 gave for them (the e2e test cel-library-agreement checks them against a live apiserver), the
 * declarations shared with the generator's checker, and Quantity arithmetic against an exact BigInt reference.
 */
import fc from 'fast-check';
import { validate, formatFieldError, type ValidationSchema } from '../../../../runtime/src/validation';
import { implementedSignatures, parseQuantity } from '../../../../runtime/src/validation/cel-library';
import { LIBRARY_SIGNATURES } from '../../../../runtime/src/validation/cel-library/declarations';
import { LIBRARY_SIGNATURES as CHECKER_SIGNATURES } from '../../../../generator/cel/library';
import { LIBRARY_CASES, libraryCaseObject, libraryCaseSchema } from '../../../cel/library-cases';

describe('library rows: the apiserver causes, message for message', () => {
  const schema = libraryCaseSchema();
  test.each(LIBRARY_CASES.map((c, i) => [`${c.rule} on ${JSON.stringify(c.value)}`, i, c] as const))('%s', (_name, i, c) => {
    const r = validate(schema, libraryCaseObject(i));
    expect(r.unchecked).toEqual([]);
    expect(r.errors.map((e) => `${e.field}: ${e.message}`).sort()).toEqual([...c.want].sort());
  });
});

describe('declarations', () => {
  test('the checker and the evaluator share one list, and every declared function is implemented', () => {
    expect(CHECKER_SIGNATURES).toBe(LIBRARY_SIGNATURES);
    expect(new Set(implementedSignatures())).toEqual(new Set(LIBRARY_SIGNATURES));
  });
});

/** A quantity string and its exact value as a fraction. */
const quantityArb = fc
  .tuple(
    fc.boolean(),
    fc.bigInt({ min: 0n, max: 10n ** 22n }),
    fc.stringMatching(/^[0-9]{0,6}$/),
    fc.constantFrom('', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'e-3', 'e0', 'e7', 'E12', 'Ki', 'Mi', 'Gi'),
  )
  .map(([negative, whole, frac, suffix]) => {
    const binary = suffix.endsWith('i');
    const w = binary ? whole % 1_000_000n : whole;
    const text = `${negative ? '-' : ''}${w.toString()}${frac === '' ? '' : `.${frac}`}${suffix}`;
    let num = BigInt(`${w.toString()}${frac}`) * (negative ? -1n : 1n);
    let den = 10n ** BigInt(frac.length);
    const exponents: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, '': 0, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
    const exp = exponents[suffix] ?? Number(suffix.slice(1));
    if (binary) num *= 2n ** BigInt(exp);
    else if (exp >= 0) num *= 10n ** BigInt(exp);
    else den *= 10n ** BigInt(-exp);
    return { text, num, den };
  });

const cmp = (a: { num: bigint; den: bigint }, b: { num: bigint; den: bigint }): number => {
  const x = a.num * b.den;
  const y = b.num * a.den;
  return x < y ? -1 : x > y ? 1 : 0;
};

describe('Quantity against an exact BigInt reference', () => {
  test('compareTo, isGreaterThan and == agree with the exact values', () => {
    fc.assert(
      fc.property(quantityArb, quantityArb, (a, b) => {
        const want = cmp(a, b);
        expect(parseQuantity(a.text).cmp(parseQuantity(b.text))).toBe(want);
        expect(parseQuantity(a.text).equals(parseQuantity(b.text))).toBe(want === 0);
      }),
      { numRuns: 500 },
    );
  });
  test('add and sub are exact, whichever representation they end in', () => {
    fc.assert(
      fc.property(quantityArb, quantityArb, quantityArb, (a, b, c) => {
        const sum = { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
        const diff = { num: a.num * b.den - b.num * a.den, den: a.den * b.den };
        expect(parseQuantity(a.text).plus(parseQuantity(b.text), false).cmp(parseQuantity(c.text))).toBe(cmp(sum, c));
        expect(parseQuantity(a.text).plus(parseQuantity(b.text), true).sign()).toBe(BigInt(cmp(diff, { num: 0n, den: 1n })));
      }),
      { numRuns: 500 },
    );
  });
  test('asInteger succeeds exactly on int64 amounts with a non-negative scale', () => {
    // Up to 18 digits parse to an int64 amount; from 19 on Go keeps a decimal, which is never an integer to it.
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n }), (n) => {
        expect(parseQuantity(n.toString()).asInt64()).toBe(n);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 18n, max: 2n ** 63n - 1n }), (n) => {
        expect(parseQuantity(n.toString()).asInt64()).toBeUndefined();
      }),
    );
    expect(parseQuantity('9223372036854775808').asInt64()).toBeUndefined();
    expect(parseQuantity('1.0').asInt64()).toBeUndefined();
    expect(parseQuantity('1k').asInt64()).toBe(1000n);
  });
});

describe('what stays unchecked', () => {
  test.each([
    ['url(self) == url(self)', 'https://example.com/'],
    ['"%.2f".format([1.5]) == "1.50"', 'x'],
  ])('%s', (rule, value) => {
    const schema: ValidationSchema = { type: 'object', properties: { s: { type: 'string', 'x-kubernetes-validations': [{ rule }] } } };
    expect(validate(schema, { s: value })).toMatchObject({ valid: true, errors: [], unchecked: [`s: ${rule}`] });
  });
  test('evaluated rules are no longer unchecked', () => {
    const schema: ValidationSchema = { type: 'object', properties: { q: { type: 'string', 'x-kubernetes-validations': [{ rule: 'quantity(self).isInteger()' }] } } };
    expect(validate(schema, { q: '1Gi' })).toMatchObject({ valid: true, unchecked: [] });
    expect(validate(schema, { q: '1.5' }).errors.map(formatFieldError)).toEqual(['q: Invalid value: "1.5": failed rule: quantity(self).isInteger()']);
  });
});

describe('timestamps to the nanosecond (Go time.Time)', () => {
  const schema = (rule: string): ValidationSchema => ({ type: 'object', properties: { at: { type: 'string', format: 'date-time', 'x-kubernetes-validations': [{ rule }] } } });
  const details = (rule: string, at: string): string[] => validate(schema(rule), { at }).errors.map((e) => e.detail);
  test.each([
    // moved past the last instant cel-go has, or before the first
    ["self + duration('1ns') > self", '9999-12-31T23:59:59.999999999Z', 'timestamp overflow'],
    ["self - duration('1ns') < self", '0001-01-01T00:00:00Z', 'timestamp overflow'],
    // a difference past an int64 of nanoseconds
    ["self - timestamp('0001-01-01T00:00:00Z') > duration('0s')", '9999-12-31T23:59:59Z', 'integer overflow'],
  ])('%s at %s: %s', (rule, at, message) => {
    expect(details(rule, at)).toEqual([`${message} evaluating rule: ${rule}`]);
  });
  test.each([
    ["self - duration('1ns') == timestamp('1969-12-31T23:59:59.999999999Z')", '1970-01-01T00:00:00Z'],
    ["(self - duration('1ns')).getMilliseconds() == 999 && (self - duration('1ns')).getFullYear() == 1969", '1970-01-01T00:00:00Z'],
    ["self - timestamp('1970-01-01T00:00:00.000000001Z') == duration('-2ns')", '1969-12-31T23:59:59.999999999Z'],
    ["string(self + duration('1h')) == '2000-01-01T01:00:00.000000001-05:30'", '2000-01-01T00:00:00.000000001-05:30'],
  ])('%s at %s holds', (rule, at) => {
    expect(validate(schema(rule), { at })).toMatchObject({ valid: true, errors: [], unchecked: [] });
  });
});
