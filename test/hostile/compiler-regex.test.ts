/**
 * Patterns are RE2 (Go's regexp, as the apiserver compiles them), matched in linear time: a default is checked
 * against its pattern without backtracking, every RE2 spelling is accepted with and without a default, and
 * what RE2 lacks is refused with Go's own message.
 */
import { checkPattern } from '../../generator/markers';
import { validateAgainst, validateDefault } from '../../generator/schema/validate';
import type { JSONSchemaProps } from '../../generator/core/schema';
import { parse } from 'yaml';
import { kubegen, project, remove } from './compiler-support';

// This file runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

/** The `pattern` of `spec.name` in the CRD printed by `kubegen crd --stdout`. */
function namePattern(yamlText: string): unknown {
  const crd = parse(yamlText) as { spec: { versions: Array<{ schema: { openAPIV3Schema: JSONSchemaProps } }> } };
  return crd.spec.versions[0]?.schema.openAPIV3Schema.properties?.spec?.properties?.name?.pattern;
}

function api(field: string): string {
  return `import type { ObjectMeta, TypeMeta } from '@kubegen/runtime';

/** +kubebuilder:object:root=true */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: WidgetSpec;
}

export interface WidgetSpec {
${field}
}
`;
}

async function crd(field: string): Promise<{ code: number; out: string; err: string; ms: number }> {
  const dir = project(api(field));
  try {
    return await kubegen(['crd', '--apis', 'apis', '--stdout'], dir);
  } finally {
    remove(dir);
  }
}

describe('catastrophic backtracking', () => {
  it('checks `^(a+)+$` against forty `a`s and `!` quickly, with a located verdict', async () => {
    const r = await crd(`  /**
   * +kubebuilder:validation:Pattern=\`^(a+)+$\`
   * +kubebuilder:default="${'a'.repeat(40)}!"
   */
  name?: string;`);
    expect(r.err).toBe(
      `apis/ex.example.com/v1/types.ts:12:6 - error KG4003: default value of "name" does not match its own schema: (value) must match pattern "^(a+)+$"\n\nFound 1 error.\n`,
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.ms).toBeLessThan(10_000);
  });

  it('matches a long input against nested repetition in linear time', () => {
    const schema: JSONSchemaProps = { type: 'string', pattern: '^(a+)+$', default: `${'a'.repeat(100_000)}!` };
    const start = performance.now();
    expect(validateDefault(schema)).toBe('(value) must match pattern "^(a+)+$"');
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('reports a default check that overruns its budget instead of waiting for it', () => {
    const schema: JSONSchemaProps = { type: 'string', pattern: '^a+$', default: 'aaa' };
    expect(validateDefault(schema, 0)).toBe('checking the default against its schema did not finish within 0 ms');
    expect(validateDefault(schema)).toBeUndefined();
  });
});

describe('RE2 spellings', () => {
  const rows: Array<{ given: { pattern: string; matching: string; notMatching: string } }> = [
    { given: { pattern: '(?i)^[a-z]+$', matching: 'ABC', notMatching: 'AB1' } },
    { given: { pattern: '\\A[a-z]+\\z', matching: 'abc', notMatching: 'abc\n' } },
    { given: { pattern: '^(?P<year>[0-9]{4})-[0-9]{2}$', matching: '2024-01', notMatching: '24-01' } },
    { given: { pattern: '^[[:alpha:]]+$', matching: 'abc', notMatching: 'ab1' } },
    { given: { pattern: '^\\Qa.b*\\E$', matching: 'a.b*', notMatching: 'axbb' } },
    { given: { pattern: '^\\pL+$', matching: 'Größe', notMatching: 'x1' } },
    { given: { pattern: '^\\p{Greek}+$', matching: 'Ωμέγα', notMatching: 'omega' } },
    { given: { pattern: '^(?<name>[a-z]+)$', matching: 'abc', notMatching: 'ABC' } },
    { given: { pattern: '(?s)^a.b$', matching: 'a\nb', notMatching: 'ab' } },
  ];

  test.each(rows)('$given.pattern is accepted without a default', async ({ given }) => {
    const r = await crd(`  /** +kubebuilder:validation:Pattern=\`${given.pattern}\` */\n  name?: string;`);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(namePattern(r.out)).toBe(given.pattern);
  });

  test.each(rows)('$given.pattern is accepted with a default it matches', async ({ given }) => {
    const r = await crd(`  /**\n   * +kubebuilder:validation:Pattern=\`${given.pattern}\`\n   * +default=${JSON.stringify(given.matching)}\n   */\n  name?: string;`);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  test.each(rows)('$given.pattern refuses a default it does not match, with RE2 semantics', ({ given }) => {
    expect(validateDefault({ type: 'string', pattern: given.pattern, default: given.matching })).toBeUndefined();
    expect(validateDefault({ type: 'string', pattern: given.pattern, default: given.notMatching })).toBe(`(value) must match pattern "${given.pattern}"`);
  });

  it('runs patternProperties on RE2 too', () => {
    const schema = { type: 'object', patternProperties: { '(?i)^x-': { type: 'integer' } } } as unknown as JSONSchemaProps;
    expect(validateAgainst(schema, { 'X-a': 1 })).toEqual([]);
    expect(validateAgainst(schema, { 'X-a': 'no' })).toEqual(['/X-a must be integer']);
  });
});

describe('what RE2 lacks', () => {
  const rows: Array<{ given: string; want: string }> = [
    { given: '^(?=.*[0-9])[a-z0-9]+$', want: 'error parsing regexp: invalid or unsupported Perl syntax: `(?=`' },
    { given: 'a(?!b)', want: 'error parsing regexp: invalid or unsupported Perl syntax: `(?!`' },
    { given: '(?<=a)b', want: 'error parsing regexp: invalid named capture: `(?<=a)b`' },
    { given: '(a)\\1', want: 'error parsing regexp: invalid escape sequence: `\\1`' },
    { given: '(?<n>a)\\k<n>', want: 'error parsing regexp: invalid escape sequence: `\\k`' },
  ];
  test.each(rows)('$given', async ({ given, want }) => {
    expect(checkPattern(given)).toBe(want);
    for (const withDefault of [false, true]) {
      const r = await crd(`  /**\n   * +kubebuilder:validation:Pattern=\`${given}\`${withDefault ? '\n   * +default="a"' : ''}\n   */\n  name?: string;`);
      expect(r.err).toBe(`apis/ex.example.com/v1/types.ts:11:38 - error KG2003: invalid +kubebuilder:validation:Pattern: invalid regular expression ${JSON.stringify(given)}: ${want}\n\nFound 1 error.\n`);
      expect(r.code).toBe(1);
    }
  });
});
