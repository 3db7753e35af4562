/**
 * Values that are hard to keep exact: `__proto__` / `constructor` / `prototype` as JSON field names and as keys
 * of defaults (kept as data, never a prototype), and int64 defaults beyond 2^53 (exact, as in Go). The golden
 * case test/golden/hostile-values proves the CRD equal to controller-gen's where controller-gen is exact.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { Cursor, parseArgValue } from '../../generator/markers/grammar';
import { jsLiteral } from '../../generator/render';
import { cloneJson, parseJsonExact } from '../../generator/core/json';
import type { JSONSchemaProps } from '../../generator/core/schema';
import { kubegen, project, remove, typeCheckGenerated } from './compiler-support';
import { present } from '../unit/helpers/present';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

function api(fields: string): string {
  return `import type { ObjectMeta, TypeMeta, float64, int64 } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface Keys {
  __proto__?: string;
  constructor?: string;
  prototype?: string;
}

export interface WidgetSpec {
${fields}
}
`;
}

/** `kubegen crd --stdout` on the fields; the spec's properties, parsed keeping big integers exact. */
async function specSchema(fields: string): Promise<{ code: number; err: string; props: Record<string, JSONSchemaProps> }> {
  const dir = project(api(fields));
  try {
    const r = await kubegen(['crd', '--apis', 'apis', '--stdout'], dir);
    if (r.code !== 0) return { code: r.code, err: r.err, props: {} };
    const crd = parse(r.out, { intAsBigInt: true }) as { spec: { versions: Array<{ schema: { openAPIV3Schema: JSONSchemaProps } }> } };
    const spec = present(crd.spec.versions[0]?.schema.openAPIV3Schema.properties?.spec, 'the CRD\'s spec schema');
    return { code: r.code, err: r.err, props: present(spec.properties, 'the properties of spec') };
  } finally {
    remove(dir);
  }
}

afterEach(() => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
    ['__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', '__proto__', 'constructor', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf'].sort(),
  );
});

describe('__proto__, constructor and prototype as field names', () => {
  it('are schema properties like any other', async () => {
    const r = await specSchema('  keys?: Keys;');
    expect(r.err).toBe('');
    const keys = present(r.props.keys?.properties, 'the properties of keys');
    expect(Object.keys(keys)).toEqual(['__proto__', 'constructor', 'prototype']);
    for (const k of Object.keys(keys)) expect(keys[k]).toEqual({ type: 'string' });
  });

  it('give types that type-check', async () => {
    const dir = project(api('  keys?: Keys;'));
    try {
      const r = await kubegen(['generate'], dir);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const types = fs.readFileSync(path.join(dir, 'generated/ex.example.com/src/v1/types.ts'), 'utf8');
      expect(types).toContain("  ['__proto__']?: string;\n  constructor?: string;\n  prototype?: string;");
      expect(typeCheckGenerated(path.join(dir, 'generated'))).toBe('');
    } finally {
      remove(dir);
    }
  }, 120_000);
});

describe('__proto__ keys in defaults', () => {
  // want: the default as JSON text, keys in the CRD's order (never an object literal: `{ __proto__: … }` would set a prototype)
  const rows: Array<{ given: string; want: string }> = [
    { given: '+default={"__proto__": {"polluted": "yes"}, "a": 1}', want: '{"__proto__":{"polluted":"yes"},"a":1}' },
    { given: '+kubebuilder:default={__proto__: {polluted: yes}, constructor: x}', want: '{"__proto__":{"polluted":"yes"},"constructor":"x"}' },
    { given: '+kubebuilder:default={prototype: 1, a: {__proto__: 2}}', want: '{"a":{"__proto__":2},"prototype":1}' },
  ];

  test.each(rows)('$given is kept as own keys in the CRD', async ({ given, want }) => {
    const r = await specSchema(`  /** ${given} */\n  data?: unknown;`);
    expect(r.err).toBe('');
    const got = r.props.data?.default;
    expect(JSON.stringify(got, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v))).toBe(want);
    expect(Object.hasOwn(got as object, '__proto__') || Object.hasOwn((got as { a: object }).a, '__proto__')).toBe(true);
  });

  it('is kept by the grammar and by every copy as an own key, never as a prototype', () => {
    const v = parseArgValue({ kind: 'any' }, new Cursor('{__proto__: {polluted: yes}}')) as Record<string, unknown>;
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect((v as { polluted?: unknown }).polluted).toBeUndefined();
    const copy = cloneJson(v);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":"yes"}}');
  });

  it('is an own key of the object the generated defaulter assigns', () => {
    const literal = jsLiteral(parseJsonExact('{"__proto__": {"polluted": "yes"}, "a": 1}'));
    expect(literal).toBe("{ ['__proto__']: { polluted: 'yes' }, a: 1 }");
    // evaluated in the test's own realm (jest's module context), as the generated defaulter's module is: its objects
    // share this realm's Object.prototype
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating the generated literal as code is what this test checks
    const evaluate = new Function(`return ${literal};`) as () => unknown;
    const value = evaluate() as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('int64 defaults beyond 2^53', () => {
  const rows: Array<{ given: string; want: bigint | number }> = [
    { given: '/** +kubebuilder:default=9007199254740993 */\n  n?: int64;', want: 9007199254740993n },
    { given: '/** +kubebuilder:default=-9223372036854775808 */\n  n?: int64;', want: -9223372036854775808n },
    { given: '/** +kubebuilder:default=9223372036854775807 */\n  n?: int64;', want: 9223372036854775807n },
    // controller-gen reads +default JSON into float64 and writes 9007199254740992 here; kubegen keeps the integer
    { given: '/** +default=9007199254740993 */\n  n?: int64;', want: 9007199254740993n },
    // ... but on a float64 field the JSON number is Go's float64, as controller-gen writes it
    { given: '/** +default=9007199254740993 */\n  n?: float64;', want: 9007199254740992n },
    // +kubebuilder:default parses an integer literal as Go's int, exact whatever the field
    { given: '/** +kubebuilder:default=9007199254740993 */\n  n?: float64;', want: 9007199254740993n },
    { given: '/** +default=100000000000000000000 */\n  n?: float64;', want: 1e20 },
  ];
  test.each(rows)('$given', async ({ given, want }) => {
    const r = await specSchema(`  ${given}`);
    expect(r.err).toBe('');
    expect(r.props.n?.default).toBe(want);
  });

  it('keeps every item of a list default exact', async () => {
    const r = await specSchema('  /** +kubebuilder:default={9007199254740993, 1} */\n  n?: int64[];');
    expect(r.props.n?.default).toEqual([9007199254740993n, 1n]);
  });

  const errors: Array<{ given: string; want: string }> = [
    {
      given: '/** +kubebuilder:default=9223372036854775808 */\n  n?: int64;',
      want: ':16:28 - error KG2003: invalid +kubebuilder:default: integer 9223372036854775808 does not fit int64 (Go\'s strconv.Atoi: value out of range)',
    },
    // +default JSON reads an integer beyond int64 as Go's float64, which an int64 field refuses
    { given: '/** +default=99999999999999999999 */\n  n?: int64;', want: ':16:7 - error KG4003: default value of "n" does not match its own schema: (value) must match format "int64"' },
    { given: '/** +kubebuilder:default=1.5 */\n  n?: int64;', want: ':16:7 - error KG4003: default value of "n" does not match its own schema: (value) must be integer' },
    { given: '/** +kubebuilder:default=1e19 */\n  n?: int64;', want: ':16:7 - error KG4003: default value of "n" does not match its own schema: (value) must match format "int64"' },
  ];
  test.each(errors)('$given is a located error', async ({ given, want }) => {
    const r = await specSchema(`  ${given}`);
    expect(r.err).toBe(`apis/ex.example.com/v1/types.ts${want}\n\nFound 1 error.\n`);
    expect(r.code).toBe(1);
  });

  it('refuses a default nested too deeply instead of overflowing the stack', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const r = await specSchema(`  /** +default=${deep} */\n  n?: unknown;`);
    expect(r.err).toBe('apis/ex.example.com/v1/types.ts:16:81 - error KG2003: invalid +default: invalid JSON: JSON nested deeper than 64 levels\n\nFound 1 error.\n');
    expect(r.code).toBe(1);
    const braces = await specSchema(`  /** +kubebuilder:default=${'{'.repeat(100_000)} */\n  n?: unknown;`);
    expect(braces.err).toBe('apis/ex.example.com/v1/types.ts:16:92 - error KG2003: invalid +kubebuilder:default: value nested deeper than 64 levels\n\nFound 1 error.\n');
    expect(braces.code).toBe(1);
  });
});

describe('properties: JSON with special keys at any depth', () => {
  const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
  const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'), fc.string({ maxLength: 6 }));
  const { json } = fc.letrec((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).filter((b) => !Number.isSafeInteger(Number(b))),
      fc.string({ maxLength: 8 }),
      fc.array(tie('json'), { maxLength: 4 }),
      fc.uniqueArray(fc.tuple(key, tie('json')), { maxLength: 5, selector: ([k]) => k }).map((entries) => {
        const o = Object.create(null) as Record<string, unknown>;
        for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
        return o;
      }),
    ),
  }));
  /** JSON text of a value with bigints as exact digits. */
  const text = (v: unknown): string => {
    if (typeof v === 'bigint') return v.toString();
    if (Array.isArray(v)) return `[${v.map(text).join(',')}]`;
    if (v !== null && typeof v === 'object') return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${text((v as Record<string, unknown>)[k])}`).join(',')}}`;
    return JSON.stringify(v);
  };

  it('+default JSON parses to the same keys and exact numbers, and copies keep them', () => {
    fc.assert(
      fc.property(json, (v) => {
        const parsed = parseJsonExact(text(v));
        expect(text(parsed)).toBe(text(v));
        expect(text(cloneJson(parsed))).toBe(text(v));
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
      }),
      { numRuns: RUNS },
    );
  });

  it('every parsed object keeps its keys as own data, with no prototype to reach', () => {
    fc.assert(
      fc.property(json, (v) => {
        const walk = (x: unknown): void => {
          if (Array.isArray(x)) {
            x.forEach(walk);
            return;
          }
          if (x === null || typeof x !== 'object') return;
          expect(Object.getPrototypeOf(x)).toBeNull();
          for (const k of Object.keys(x)) walk((x as Record<string, unknown>)[k]);
        };
        walk(parseJsonExact(text(v)));
      }),
      { numRuns: RUNS },
    );
  });
});
