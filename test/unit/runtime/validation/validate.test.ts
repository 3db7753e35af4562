/**
 * The client-side validator (`@kubegen/runtime/validation`) as unit tables: a schema, an object, and the errors the
 * apiserver returned for that object (recorded from kube-apiserver 1.37 with `dryRun=All` creates; the e2e agreement
 * test, test/e2e/validation-agreement.test.ts, checks the same against the live apiserver at scale).
 */
import fc from 'fast-check';
import { createValidator, formatFieldError, MAX_DEPTH, goFloat, goQuote, goValue, toStatusCause, validate, type ValidationSchema } from '../../../../runtime/src/validation';
import { checkFormat } from '../../../../runtime/src/validation/formats';
import { present } from '../../helpers/present';

const NOT_CHECKED = '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

const PROBE: ValidationSchema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      required: ['r'],
      properties: {
        r: { type: 'integer', minimum: 1 },
        s: { type: 'string', maxLength: 3, pattern: '^a' },
        e: { type: 'string', enum: ['a', 'b'] },
        l: { type: 'array', maxItems: 2, items: { type: 'integer', maximum: 5 } },
        m: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string', minLength: 2 } },
        set: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
        lm: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['k'],
          items: { type: 'object', required: ['k'], properties: { k: { type: 'string' }, v: { type: 'integer' } } },
        },
        n: { type: 'number', multipleOf: 0.5, exclusiveMaximum: true, maximum: 10 },
        ios: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }], pattern: '^x' },
        d: { type: 'string', format: 'date-time' },
        u: { type: 'string', format: 'uuid' },
        nl: { type: 'string', nullable: true },
        ne: { type: 'string', nullable: true, enum: ['a'] },
        b: { type: 'boolean' },
        i32: { type: 'integer', format: 'int32' },
        dd: { type: 'integer', default: 5, minimum: 3 },
        em: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
        c: {
          type: 'object',
          properties: { x: { type: 'integer' } },
          'x-kubernetes-validations': [
            { rule: 'self.x > 1', message: 'x big' },
            { rule: 'self.x < 10', messageExpression: "'x is big'", reason: 'FieldValueForbidden', fieldPath: '.x' },
          ],
        },
        li: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              a: {
                type: 'string',
                'x-kubernetes-validations': [{ rule: 'self != "bad"' }, { rule: 'self != "req"', reason: 'FieldValueRequired', message: 'need' }, { rule: 'self != "dup"', reason: 'FieldValueDuplicate', message: 'dup' }],
              },
            },
          },
        },
        t: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'immutable' }] },
      },
    },
  },
};

/** given: the `spec` of an object; want: the apiserver's causes as `field: message` lines, sorted. */
const TABLE: Array<{ name: string; given: unknown; want: string[] }> = [
  { name: 'valid', given: { r: 1 }, want: [] },
  { name: 'minimum', given: { r: 0 }, want: ['spec.r: Invalid value: 0: spec.r in body should be greater than or equal to 1'] },
  { name: 'required', given: {}, want: [NOT_CHECKED, 'spec.r: Required value'] },
  { name: 'null is absent', given: { r: null }, want: [NOT_CHECKED, 'spec.r: Required value'] },
  { name: 'wrong type', given: { r: 'a' }, want: [NOT_CHECKED, 'spec.r: Invalid value: "string": spec.r in body must be of type integer: "string"'] },
  {
    name: 'fraction for an integer',
    given: { r: 1.5 },
    want: [NOT_CHECKED, '<nil>: Invalid value: "": Checked value must be of type integer (default format) in spec.r', 'spec.r: Invalid value: "number": spec.r in body must be of type integer: "number"'],
  },
  { name: 'too long stops the string checks', given: { r: 1, s: 'bbbb' }, want: [NOT_CHECKED, 'spec.s: Too long: may not be more than 3 bytes'] },
  { name: 'pattern', given: { r: 1, s: 'b' }, want: ["spec.s: Invalid value: \"b\": spec.s in body should match '^a'"] },
  { name: 'enum', given: { r: 1, e: 'c' }, want: [NOT_CHECKED, 'spec.e: Unsupported value: "c": supported values: "a", "b"'] },
  { name: 'items and maxItems', given: { r: 1, l: [1, 2, 7] }, want: [NOT_CHECKED, 'spec.l: Too many: 3: must have at most 2 items', 'spec.l[2]: Invalid value: 7: spec.l[2] in body should be less than or equal to 5'] },
  {
    name: 'maxProperties and values',
    given: { r: 1, m: { a: 'x', b: 'yy' } },
    want: [NOT_CHECKED, 'spec.m.a: Invalid value: "x": spec.m.a in body should be at least 2 chars long', 'spec.m: Too many: 2: must have at most 1 item'],
  },
  { name: 'set duplicate', given: { r: 1, set: ['a', 'a'] }, want: ['spec.set[1]: Duplicate value: "a"'] },
  { name: 'map duplicate', given: { r: 1, lm: [{ k: 'a' }, { k: 'a', v: 1 }] }, want: ['spec.lm[1]: Duplicate value: {"k":"a"}'] },
  // validateListSet reports a repeated value once, at its second occurrence; a list map stops at an item that is not an object.
  { name: 'set values repeated: each reported once', given: { r: 1, set: ['a', 'a', 'a', 'b', 'b'] }, want: ['spec.set[1]: Duplicate value: "a"', 'spec.set[4]: Duplicate value: "b"'] },
  { name: 'map key repeated: reported once', given: { r: 1, lm: [{ k: 'a' }, { k: 'a', v: 1 }, { k: 'a', v: 2 }] }, want: ['spec.lm[1]: Duplicate value: {"k":"a"}'] },
  {
    name: 'map items without their key: unspecified keys are equal',
    given: { r: 1, lm: [{ v: 1 }, { v: 2 }, { v: 3 }] },
    want: [NOT_CHECKED, 'spec.lm[0].k: Required value', 'spec.lm[1].k: Required value', 'spec.lm[1]: Duplicate value: {}', 'spec.lm[2].k: Required value'],
  },
  {
    name: 'map item that is not an object: the list map reports only the first',
    given: { r: 1, lm: ['x', { k: 'a' }, 'y', { k: 'a' }] },
    want: [
      NOT_CHECKED,
      'spec.lm[0]: Invalid value: "string": spec.lm[0] in body must be of type object: "string"',
      'spec.lm[0]: Invalid value: "x": must be an object for an array of list-type map',
      'spec.lm[2]: Invalid value: "string": spec.lm[2] in body must be of type object: "string"',
    ],
  },
  {
    name: 'map item that is null: its key is unspecified',
    given: { r: 1, lm: [null, { k: 'a' }, { k: 'a' }] },
    want: [NOT_CHECKED, 'spec.lm[0]: Invalid value: "null": spec.lm[0] in body must be of type object: "null"', 'spec.lm[2]: Duplicate value: {"k":"a"}'],
  },
  {
    name: 'multipleOf and exclusive maximum',
    given: { r: 1, n: 10.25 },
    want: ['spec.n: Invalid value: 10.25: spec.n in body should be a multiple of 0.5', 'spec.n: Invalid value: 10.25: spec.n in body should be less than 10'],
  },
  { name: 'integer value, fractional multipleOf (kube-openapi truncates the factor)', given: { r: 1, n: 2 }, want: ['spec.n: Invalid value: 2: factor MultipleOf declared for spec.n must be positive: 0'] },
  { name: 'int-or-string pattern', given: { r: 1, ios: 'y' }, want: ["spec.ios: Invalid value: \"y\": spec.ios in body should match '^x'"] },
  { name: 'int-or-string int', given: { r: 1, ios: 3 }, want: [] },
  {
    name: 'int-or-string bool',
    given: { r: 1, ios: true },
    want: [
      NOT_CHECKED,
      '<nil>: Invalid value: "": "spec.ios" must validate at least one schema (anyOf)',
      'spec.ios: Invalid value: "boolean": spec.ios in body must be of type integer,string: "boolean"',
      'spec.ios: Invalid value: "boolean": spec.ios in body must be of type integer: "boolean"',
    ],
  },
  { name: 'date-time', given: { r: 1, d: 'x' }, want: [NOT_CHECKED, 'spec.d: Invalid value: "x": spec.d in body must be of type date-time: "x"'] },
  { name: 'uuid', given: { r: 1, u: 'x' }, want: [NOT_CHECKED, 'spec.u: Invalid value: "x": spec.u in body must be of type uuid: "x"'] },
  { name: 'nullable', given: { r: 1, nl: null }, want: [] },
  { name: 'nullable enum', given: { r: 1, ne: null }, want: [NOT_CHECKED, 'spec.ne: Unsupported value: null: supported values: "a"'] },
  { name: 'boolean', given: { r: 1, b: 'true' }, want: [NOT_CHECKED, 'spec.b: Invalid value: "string": spec.b in body must be of type boolean: "string"'] },
  { name: 'int32 range', given: { r: 1, i32: 2147483648 }, want: ['<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.i32'] },
  {
    name: 'fraction for an int32',
    given: { r: 1, i32: 1.5 },
    want: [NOT_CHECKED, '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.i32', 'spec.i32: Invalid value: "float64": spec.i32 in body must be of type int32: "float64"'],
  },
  { name: 'default replaces null', given: { r: 1, dd: null }, want: [] },
  { name: 'embedded resource', given: { r: 1, em: {} }, want: [NOT_CHECKED, 'spec.em.apiVersion: Required value', 'spec.em.kind: Required value'] },
  { name: 'rule with message', given: { r: 1, c: { x: 0 } }, want: ['spec.c: Invalid value: x big'] },
  { name: 'rule with reason, fieldPath, messageExpression', given: { r: 1, c: { x: 20 } }, want: ['spec.c.x: Forbidden: x is big'] },
  {
    name: 'rule evaluation error',
    given: { r: 1, c: {} },
    want: ['spec.c: Invalid value: "object": no such key: x evaluating rule: self.x < 10', 'spec.c: Invalid value: "object": no such key: x evaluating rule: x big'],
  },
  { name: 'rules with schema errors that do not block', given: { r: 0, c: { x: 0 } }, want: ['spec.c: Invalid value: x big', 'spec.r: Invalid value: 0: spec.r in body should be greater than or equal to 1'] },
  {
    name: 'rule reasons on scalars',
    given: { r: 1, li: [{ a: 'bad' }, { a: 'req' }, { a: 'dup' }] },
    want: ['spec.li[0].a: Invalid value: "bad": failed rule: self != "bad"', 'spec.li[1].a: Required value: need', 'spec.li[2].a: Duplicate value: "dup"'],
  },
  { name: 'transition rules skipped on create', given: { r: 1, t: 3 }, want: [] },
  { name: 'object for a string', given: 'x', want: [NOT_CHECKED, 'spec: Invalid value: "string": spec in body must be of type object: "string"'] },
  { name: 'null object dropped', given: null, want: [] },
];

function lines(spec: unknown, options = {}): string[] {
  return validate(PROBE, { apiVersion: 'probe.kubegen.io/v1', kind: 'Probe', metadata: { name: 'p' }, ...(spec === undefined ? {} : { spec }) }, options).errors.map(formatFieldError).sort();
}

describe('validate: the apiserver verdicts, error by error', () => {
  test.each(TABLE.map((row) => [row.name, row] as const))('%s', (_name, row) => {
    expect(lines(row.given)).toEqual([...row.want].sort());
  });
});

describe('updates', () => {
  const old = { apiVersion: 'probe.kubegen.io/v1', kind: 'Probe', metadata: { name: 'p' }, spec: { r: 1, t: 3 } };
  test.each([
    { given: { r: 1, t: 3 }, want: [] },
    { given: { r: 1, t: 4 }, want: ['spec.t: Invalid value: 4: immutable'] },
  ])('transition rule on $given.t', ({ given, want }) => {
    expect(lines(given, { oldObject: old })).toEqual(want);
  });
});

describe('subresources', () => {
  const schema: ValidationSchema = {
    type: 'object',
    properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } }, status: { type: 'object', properties: { size: { type: 'integer', minimum: 0 } } } },
  };
  const scale = { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size' };
  test.each([
    { name: 'status dropped on create', given: { spec: { size: 1 }, status: { size: -1 } }, want: [] },
    { name: 'negative replicas', given: { spec: { size: -1 } }, want: ['.spec.size: Invalid value: -1: should be a non-negative integer'] },
    { name: 'replicas beyond int32', given: { spec: { size: 2 ** 31 } }, want: ['.spec.size: Invalid value: 2147483648: should be less than or equal to 2147483647'] },
    {
      name: 'replicas of the wrong type',
      given: { spec: { size: 'text' } },
      want: ['.spec.size: Invalid value: 0: .spec.size accessor error: text is of the type string, expected int64', 'spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"'],
    },
  ])('$name', ({ given, want }) => {
    const validator = createValidator(schema, { statusSubresource: true, scale });
    expect(validator({ apiVersion: 'x/v1', kind: 'X', metadata: { name: 'x' }, ...given }).errors.map(formatFieldError).sort()).toEqual(want);
  });
});

describe('error values as Go prints them', () => {
  test.each([
    { given: 0, want: '0' },
    { given: -7, want: '-7' },
    { given: 10.25, want: '10.25' },
    { given: 1234567.5, want: '1.2345675e+06' },
    { given: 0.00001, want: '1e-05' },
    { given: 'a"b\n', want: '"a\\"b\\n"' },
    { given: null, want: 'null' },
    { given: { k: 'a' }, want: '{"k":"a"}' },
    { given: true, want: 'true' },
  ])('$given → $want', ({ given, want }) => {
    expect(goValue(given)).toBe(want);
  });
  test('goFloat and goQuote', () => {
    expect(goFloat(1e6)).toBe('1e+06');
    expect(goFloat(123456)).toBe('123456');
    expect(goQuote('é\u0001')).toBe('"é\\x01"');
  });
  test('a status cause', () => {
    const [e] = validate(PROBE, { spec: { r: 0 } }).errors;
    expect(toStatusCause(present(e, 'the error'))).toEqual({ reason: 'FieldValueInvalid', message: 'Invalid value: 0: spec.r in body should be greater than or equal to 1', field: 'spec.r' });
    expect(e).toMatchObject({ type: 'FieldValueInvalid', field: 'spec.r', badValue: 0, detail: 'spec.r in body should be greater than or equal to 1' });
  });
});

describe('formats', () => {
  test.each([
    ['byte', 'YWJj', true],
    ['byte', '', false],
    ['byte', '!!', false],
    ['date', '2020-01-01', true],
    ['date', '2020-13-01', false],
    ['date', '2021-02-29', false],
    ['date-time', '2024-01-02T03:04:05Z', true],
    ['date-time', '2024-01-02T03:04:05.123+02:00', true],
    ['date-time', '2024-01-02 03:04:05Z', false],
    ['duration', '1h5m', true],
    ['duration', '5x', false],
    ['email', 'someone@example.com', true],
    ['email', 'x', false],
    ['email', 'DJA&2@ J', true],
    ['email', 'Bob <bob@example.com>', true],
    ['email', 'k k', false],
    ['email', '', false],
    ['hostname', 'example.com', true],
    ['hostname', '-x', false],
    ['ipv4', '10.0.0.1', true],
    ['ipv4', '1.2.3', false],
    ['ipv4', '010.0.0.1', false],
    ['ipv6', 'fd00::1', true],
    ['ipv6', 'x', false],
    ['cidr', '10.0.0.0/24', true],
    ['cidr', '10.0.0.0/33', false],
    ['mac', '00:11:22:33:44:55', true],
    ['mac', 'x', false],
    ['uri', 'https://example.com/x', true],
    ['uri', 'x', false],
    ['uri', '::', false],
    ['uuid', '0b0c7a3e-8f6e-4c1b-9a2d-000000000000', true],
    ['uuid', 'x', false],
    ['password', 'anything', true],
    ['unknown-format', 'anything', true],
  ] as const)('%s %j → %s', (format, value, want) => {
    expect(checkFormat(format, value)).toBe(want);
  });
});

describe('untrusted input', () => {
  test('the object is never changed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (spec) => {
        const obj = { apiVersion: 'probe.kubegen.io/v1', kind: 'Probe', metadata: { name: 'p' }, spec };
        const before = JSON.stringify(obj);
        validate(PROBE, obj);
        expect(JSON.stringify(obj)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
  test('__proto__ is an ordinary key, and never reaches a prototype', () => {
    const obj = JSON.parse('{"spec":{"r":1,"m":{"__proto__":"x"}}}') as Record<string, unknown>;
    expect(validate(PROBE, obj).errors.map(formatFieldError)).toEqual(['spec.m.__proto__: Invalid value: "x": spec.m.__proto__ in body should be at least 2 chars long']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
  test('inherited properties are not fields', () => {
    expect(validate(PROBE, { spec: Object.create({ r: 1 }) as object }).errors.map(formatFieldError)).toContain('spec.r: Required value');
  });
  test('a non-object is refused with one error', () => {
    expect(validate(PROBE, [] as unknown).errors.map(formatFieldError)).toEqual(['<nil>: Invalid value: an object must be a JSON object']);
  });
  test("nesting is bounded as the apiserver's decoder bounds it: 10,000 levels, then its error", () => {
    const nested = (levels: number): unknown => {
      let deep: unknown = 1;
      for (let i = 0; i < levels; i++) deep = { a: deep };
      return deep;
    };
    const schema: ValidationSchema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    // The object itself is one level: `spec` and its chain make the rest.
    expect(validate(schema, { spec: nested(MAX_DEPTH - 1) })).toMatchObject({ valid: true, errors: [] });
    expect(validate(schema, { spec: nested(MAX_DEPTH) }).errors.map(formatFieldError)).toEqual(["<nil>: Invalid value: invalid character '{' exceeded max depth"]);
  });
});

describe('rules kubegen does not evaluate client-side', () => {
  test('are reported as unchecked, never guessed', () => {
    const schema: ValidationSchema = { type: 'object', properties: { q: { type: 'string', 'x-kubernetes-validations': [{ rule: 'url(self) == url(self)' }] } } };
    const r = validate(schema, { q: 'https://example.com/' });
    expect(r).toMatchObject({ valid: true, errors: [], unchecked: ['q: url(self) == url(self)'] });
  });
  test('a matches() pattern only RE2 reads is evaluated as RE2', () => {
    const schema: ValidationSchema = { type: 'object', properties: { s: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.matches('(?i)^abc$')" }] } } };
    expect(validate(schema, { s: 'ABC' })).toMatchObject({ valid: true, errors: [], unchecked: [] });
    expect(validate(schema, { s: 'ABD' }).errors.map(formatFieldError)).toEqual([`s: Invalid value: "ABD": failed rule: self.matches('(?i)^abc$')`]);
  });
});
