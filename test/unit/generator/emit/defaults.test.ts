import { defaultsGenerator } from '../../../../generator/emit/defaults';
import { RUNTIME_MODULES, moduleLoader, renderTypes, tempDir, typeCheck, writeFiles } from '../../helpers/generated';
import { loadGoldenModel } from '../../helpers/golden';
import { runGenerator } from '../../../../generator/emit/shared/execute';
import type { Field } from '../../../../generator/model/types';
import { present } from '../../helpers/present';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

type Fn = (obj: unknown) => unknown;

describe('defaults emitter', () => {
  // defaults at every level; its exact output is pinned by the golden case
  const model = loadGoldenModel('defaults-levels');
  const result = runGenerator(defaultsGenerator, model, {});
  const load = moduleLoader([...result.files, ...renderTypes(model)], RUNTIME_MODULES);
  const mod = load('apps.example.com/v1/defaults') as Record<string, Fn>;
  const exported = (name: string) => present(mod[name], `the exported ${name}`);
  const setDefaultsApp = exported('setDefaultsApp');
  const setObjectDefaults = exported('setObjectDefaults');
  const spec = (s: unknown) => setDefaultsApp({ kind: 'App', spec: s }) as { spec: Record<string, unknown> };

  const ALL = {
    replicas: 1,
    policy: 'Allow',
    suspend: false,
    tags: [],
    priority: 5,
    strategy: { type: 'Rolling', maxSurge: '25%' },
    config: { a: { b: [1, 2] } },
    'odd-name': "it's \\ \"odd\"\n",
  };

  it('emits defaults.ts, type-checked, deterministic', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.path)).toEqual(['v1/defaults.ts']);
    expect(runGenerator(defaultsGenerator, model, {}).files).toEqual(result.files);
    const paths = writeFiles(tempDir('defaults'), [...result.files, ...renderTypes(model)]);
    expect(typeCheck(paths)).toEqual([]);
  });

  it('lets the compiler check the field names it reads (a misspelt key fails to type-check)', () => {
    const file = result.files[0]!;
    expect(file.contents).toContain("'replicas' satisfies keyof AppSpec");
    const misspelt = { ...file, contents: file.contents.replace("'replicas' satisfies keyof AppSpec", "'replicaz' satisfies keyof AppSpec") };
    const paths = writeFiles(tempDir('defaults-misspelt'), [misspelt, ...renderTypes(model)]);
    expect(typeCheck(paths)).toEqual([expect.stringContaining(`Type '"replicaz"' does not satisfy the expected type 'keyof AppSpec'`)]);
  });

  const table: Array<{ name: string; given: unknown; want: unknown }> = [
    { name: 'absent fields get their defaults; {} on an array is []; +default JSON applies', given: {}, want: ALL },
    { name: 'present values are kept', given: { replicas: 3, tags: ['a'], strategy: { type: 'Recreate', maxSurge: 2 }, config: 7 }, want: { ...ALL, replicas: 3, tags: ['a'], strategy: { type: 'Recreate', maxSurge: 2 }, config: 7 } },
    { name: 'a nullable field keeps an explicit null', given: { suspend: null }, want: { ...ALL, suspend: null } },
    { name: 'an explicit null on a non-nullable field is defaulted', given: { replicas: null, policy: null }, want: ALL },
    { name: 'a defaulted parent gets its nested defaults; a present parent too', given: { strategy: { maxSurge: 1 } }, want: { ...ALL, strategy: { maxSurge: 1, type: 'Rolling' } } },
    { name: 'nested defaults of an absent parent without default do not apply', given: {}, want: ALL },
    { name: 'nested defaults of a present inline parent apply', given: { template: {} }, want: { ...ALL, template: { labels: { app: 'x' } } } },
    {
      name: 'defaults inside list items (and lists of lists)',
      given: { containers: [{ name: 'a' }, { name: 'b', imagePullPolicy: 'Always', ports: [[{ port: 1 }], [{ port: 2, protocol: 'UDP' }]] }, null, 'x'] },
      want: { ...ALL, containers: [{ name: 'a', imagePullPolicy: 'IfNotPresent' }, { name: 'b', imagePullPolicy: 'Always', ports: [[{ port: 1, protocol: 'TCP' }], [{ port: 2, protocol: 'UDP' }]] }, null, 'x'] },
    },
    { name: 'defaults inside map values', given: { env: { A: { name: 'A' }, B: { name: 'B', value: 'b' } } }, want: { ...ALL, env: { A: { name: 'A', value: '' }, B: { name: 'B', value: 'b' } } } },
    { name: 'unknown fields are kept', given: { future: { x: 1 } }, want: { ...ALL, future: { x: 1 } } },
  ];
  for (const { name, given, want } of table) {
    it(name, () => {
      const obj = spec(structuredClone(given));
      expect(obj.spec).toEqual(want);
    });
  }

  it('does not default inside an absent spec, and returns the same object', () => {
    const obj = { kind: 'App', status: {} };
    expect(setDefaultsApp(obj)).toBe(obj);
    expect(obj).toEqual({ kind: 'App', status: {} });
  });

  it('default values are fresh on each application', () => {
    const a = spec({});
    const b = spec({});
    expect(a.spec.config).toEqual(b.spec.config);
    expect(a.spec.config).not.toBe(b.spec.config);
    ((a.spec.config as { a: { b: number[] } }).a.b).push(3);
    expect(b.spec.config).toEqual({ a: { b: [1, 2] } });
    expect(spec({}).spec.config).toEqual({ a: { b: [1, 2] } });
  });

  it('lists default their items; setObjectDefaults dispatches on kind', () => {
    const list = { kind: 'AppList', items: [{ kind: 'App', spec: {} }, { kind: 'App' }] };
    setObjectDefaults(list);
    expect(present(list.items[0], 'the first item').spec).toEqual(ALL);
    expect(list.items[1]).toEqual({ kind: 'App' });
    const other = { kind: 'Other', spec: {} };
    setObjectDefaults(other);
    expect(other).toEqual({ kind: 'Other', spec: {} });
  });

  it('is idempotent', () => {
    const once = spec({ containers: [{ name: 'a' }] });
    const twice = setDefaultsApp(structuredClone(once));
    expect(twice).toEqual(once);
  });
});

describe('defaults emitter on a value that is not JSON', () => {
  // The front ends refuse such a default (`+default=1e999` is KG2003: out of range for float64), so only a model
  // built by other means can carry one; the emitter still reports KG5006 at the field instead of writing `Infinity`.
  it('reports default-not-json at the field and writes no assignment for it', () => {
    const model = loadGoldenModel('defaults-levels');
    const field = findField(model.packages, 'replicas');
    if (!field?.default) throw new Error('the defaults-levels golden has a defaulted replicas field');
    field.default = { ...field.default, value: Number.POSITIVE_INFINITY };
    const result = runGenerator(defaultsGenerator, model, {});
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['KG5006', 'default of field replicas is not a JSON value: not a JSON number: Infinity'],
    ]);
    expect(result.diagnostics[0]?.span).toEqual(field.span);
    expect(result.files.map((f) => f.contents).join('')).not.toContain('Infinity');
  });
});

/** The first field named `name` with a default, anywhere in the model (fields sit at any depth of a TypeRef). */
function findField(node: unknown, name: string): Field | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const f = node as Partial<Field>;
  if (f.name === name && f.default !== undefined && f.type !== undefined) return node as Field;
  for (const v of Object.values(node)) {
    const found = findField(v, name);
    if (found) return found;
  }
  return undefined;
}
