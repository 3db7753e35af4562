/**
 * Hostile input for `kubegen import` (fast-check; `KUBEGEN_FUZZ_RUNS` sets the runs): arbitrary text, arbitrary JSON
 * and schema-shaped documents with `__proto__` / `constructor` keys give either API files or one-line problems naming
 * the file — never an exception — and leave `Object.prototype` untouched; whatever is accepted round-trips through
 * `kubegen crd` (no "does not give this back" warning from the importer's self-check); valid schemas the input
 * language can express import without error, and the TypeScript written for them loads back to the same CRDs.
 */
import { runGenerator } from '../../../../generator/emit/shared/execute';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { crdGenerator } from '../../../../generator/emit/crd';
import { importCrds, importOpenApi, formatProblem } from '../../../../generator/import-check';
import { generateCrdFiles } from '../../../../generator/pipeline';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

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
      const text = (JSON.stringify(v) as string | undefined) ?? 'null';
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

/** Structurally valid schemas the input language can express: each must import without error and round-trip. */
const word = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/);
const doc = fc.option(fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 .,:`'"*/-]{0,20}[A-Za-z0-9.]$/), { minLength: 1, maxLength: 3 }).map((l) => l.join('\n')), { nil: undefined });
const withDoc = (a: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(a, doc).map(([s, d]) => (d === undefined ? s : { ...s, description: d }));
const validSchema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: withDoc(
    fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record(
        {
          type: fc.constant('string'),
          format: fc.constantFrom('date-time', 'byte', 'uri', 'email'),
          maxLength: fc.nat(64),
          pattern: fc.constantFrom('^[a-z]+$', '^\\d{3}`x`$', 'a,b;c\\}', '"q"'),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('string'), enum: fc.uniqueArray(word, { minLength: 1, maxLength: 4 }) }),
      fc.record({ type: fc.constant('integer'), format: fc.constantFrom('int32', 'int64'), minimum: fc.integer({ min: -5, max: 5 }) }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constant('number'), maximum: fc.double({ min: -10, max: 10, noNaN: true }) }, { requiredKeys: ['type'] }),
      fc.record({ type: fc.constant('boolean') }),
      fc.constant({ 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] }),
      fc.constant({ 'x-kubernetes-preserve-unknown-fields': true }),
      fc.record({ type: fc.constant('array'), items: tie('node'), 'x-kubernetes-list-type': fc.constant('atomic'), maxItems: fc.nat(9) }, { requiredKeys: ['type', 'items'] }),
      fc.record({ type: fc.constant('object'), additionalProperties: tie('node'), 'x-kubernetes-map-type': fc.constantFrom('atomic', 'granular') }, { requiredKeys: ['type', 'additionalProperties'] }),
      fc
        .tuple(fc.dictionary(fc.oneof(word, fc.constantFrom('__proto__', 'constructor', 'dash-name')), tie('node'), { minKeys: 1, maxKeys: 4 }), fc.array(fc.nat(), { maxLength: 2 }), fc.option(fc.constant([{ rule: 'self == self', message: 'm' }]), { nil: undefined }))
        .map(([properties, picks, rules]) => {
          const names = Object.keys(properties);
          const required = [...new Set(picks.map((i) => names[i % names.length]))];
          const s: Record<string, unknown> = { type: 'object', properties };
          if (required.length > 0) s.required = required;
          if (rules) s['x-kubernetes-validations'] = rules;
          return s;
        }),
    ),
  ),
})).node;

test('valid schemas the input language can express import without error and round-trip', () => {
  fc.assert(
    fc.property(fc.dictionary(word, validSchema, { minKeys: 1, maxKeys: 3 }), (props) => {
      const r = importCrds([{ file: 'fuzz.yaml', text: crd({ type: 'object', properties: { spec: { type: 'object', properties: props } } }) }]);
      expect(r.problems.filter((p) => p.severity === 'error' || p.message.startsWith('kubegen crd does not give')).map(formatProblem)).toEqual([]);
      expect(r.files.length).toBeGreaterThan(0);
    }),
    { numRuns: RUNS },
  );
});

test('the emitted TypeScript loads back to the same CRDs as the in-process model', () => {
  fc.assert(
    fc.property(fc.dictionary(word, validSchema, { minKeys: 1, maxKeys: 3 }), (props) => {
      const r = importCrds([{ file: 'fuzz.yaml', text: crd({ type: 'object', properties: { spec: { type: 'object', properties: props } } }) }]);
      const inProcess = runGenerator(crdGenerator, r.model, {}).files;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-import-fuzz-'));
      try {
        for (const f of r.files) {
          fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
          fs.writeFileSync(path.join(dir, f.path), f.contents);
        }
        expect(generateCrdFiles(dir).map((f) => f.contents)).toEqual(inProcess.map((f) => f.contents));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }),
    { numRuns: Math.max(5, Math.ceil(RUNS / 20)) },
  );
});
