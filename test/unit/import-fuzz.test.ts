/**
 * Hostile input for `kubegen import` (fast-check; `KUBEGEN_FUZZ_RUNS` sets the runs): arbitrary text, arbitrary JSON
 * and schema-shaped documents with `__proto__` / `constructor` keys give either API files or one-line problems naming
 * the file — never an exception — and leave `Object.prototype` untouched; whatever is accepted round-trips through
 * `kubegen crd` (no "does not give this back" warning from the importer's self-check).
 */
import fc from 'fast-check';
import { importCrds, importOpenApi, formatProblem } from '../../generator/import';

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);

const key = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toString', 'type', 'properties', 'items', 'required', 'enum', 'default', 'x-kubernetes-validations', 'x-kubernetes-list-type', 'additionalProperties', 'description', 'format', 'nullable'),
  fc.string({ maxLength: 8 }),
);
const schema: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constantFrom('object', 'string', 'integer', 'array', 'number', 'boolean', 'nope') }),
    fc.dictionary(key, fc.oneof(fc.jsonValue({ maxDepth: 2 }), tie('node')), { maxKeys: 5 }),
    fc.record({ type: fc.constant('object'), properties: fc.dictionary(key, tie('node'), { maxKeys: 4 }), required: fc.array(key, { maxLength: 3 }) }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.constant('array'), items: tie('node') }),
  ),
})).node;

function crd(root: unknown): string {
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.fuzz.example.com' },
    spec: { group: 'fuzz.example.com', names: { kind: 'Thing', plural: 'things' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: root } }] },
  });
}

function check(run: () => { files: unknown[]; problems: Parameters<typeof formatProblem>[0][] }): void {
  const before = Object.getOwnPropertyNames(Object.prototype).sort();
  const r = run();
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  for (const p of r.problems) {
    expect(formatProblem(p)).not.toContain('\n');
    expect(p.file.startsWith('fuzz.yaml')).toBe(true);
  }
  // whatever is accepted comes back from kubegen crd (the importer's own round-trip check stays silent)
  expect(r.problems.filter((p) => p.message.startsWith('kubegen crd does not give')).map(formatProblem)).toEqual([]);
  if (r.problems.some((p) => p.severity === 'error')) expect(r.files).toEqual([]);
  else expect(r.files.length).toBeGreaterThan(0);
}

test('arbitrary text', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => check(() => importCrds([{ file: 'fuzz.yaml', text }]))),
    { numRuns: RUNS },
  );
});

test('arbitrary JSON documents', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
      const text = JSON.stringify(v) ?? 'null';
      check(() => importCrds([{ file: 'fuzz.yaml', text }]));
      check(() => importOpenApi([{ file: 'fuzz.yaml', text }]));
    }),
    { numRuns: RUNS },
  );
});

test('CRDs with schema-shaped hostile schemas', () => {
  fc.assert(
    fc.property(schema, (root) => check(() => importCrds([{ file: 'fuzz.yaml', text: crd(root) }]))),
    { numRuns: RUNS },
  );
});

test('CRDs whose spec has hostile properties', () => {
  fc.assert(
    fc.property(fc.dictionary(key, schema, { maxKeys: 4 }), (props) =>
      check(() => importCrds([{ file: 'fuzz.yaml', text: crd({ type: 'object', properties: { spec: { type: 'object', properties: props } } }) }])),
    ),
    { numRuns: RUNS },
  );
});
