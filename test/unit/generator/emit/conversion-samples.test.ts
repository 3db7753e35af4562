/**
 * Lossless conversion for the sample APIs, through the converters committed in `generated/<group>/src`: for every
 * multi-version kind of `apis/` and every ordered pair of its versions (A, B), an object of A converted to B and back
 * is the original exactly, unknown fields included — `A → hub → A`, `hub → A → hub`, and spoke → spoke through the
 * hub. Objects come from each version's own CRD schema (fast-check). `KUBEGEN_FUZZ_RUNS` sets the cases per pair.
 */
import * as path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { generateCrdFiles } from '../../../../generator/pipeline';
import type { JSONSchemaProps } from '../../../../generator/core/schema';
import { schemaArbitrary } from '../../helpers/arbitrary';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
const REPO = path.resolve(__dirname, '..', '..', '..', '..');

interface Crd {
  spec: { group: string; names: { kind: string }; versions: Array<{ name: string; storage: boolean; schema: { openAPIV3Schema: JSONSchemaProps } }> };
}

const multiVersion = generateCrdFiles(path.join(REPO, 'apis'))
  .map((f) => parse(f.contents) as Crd)
  .filter((c) => c.spec.versions.length > 1);

type Convert = (obj: object, desiredAPIVersion: string) => object;

function converterOf(group: string): Convert {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a generated package module chosen at run time by path
  return (require(path.join(REPO, 'generated', group, 'src', 'conversion')) as { convert: Convert }).convert;
}

test('the samples have multi-version kinds to convert', () => {
  expect(multiVersion.map((c) => `${c.spec.names.kind}.${c.spec.group}`).sort()).toEqual([
    'CronTab.stable.example.com',
    'Fischer.wardle.example.com',
    'Flunder.wardle.example.com',
  ]);
});

describe.each(multiVersion.map((c) => [`${c.spec.names.kind}.${c.spec.group}`, c] as const))('%s', (_name, crd) => {
  const { group } = crd.spec;
  const kind = crd.spec.names.kind;
  const convert = converterOf(group);
  const objects = (version: string) => {
    const schema = crd.spec.versions.find((v) => v.name === version)!.schema.openAPIV3Schema;
    // `metadata` is `{type: object}` in the CRD: give the object a realistic one (the annotations carry lost fields).
    return fc
      .tuple(schemaArbitrary(schema, { unknownFields: true }), fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }))
      .map(([o, annotations]) => ({
        ...(o as Record<string, unknown>),
        apiVersion: `${group}/${version}`,
        kind,
        metadata: { name: 'x', namespace: 'ns', annotations },
      }));
  };
  const pairs = crd.spec.versions.flatMap((a) => crd.spec.versions.filter((b) => b !== a).map((b) => [a.name, b.name] as const));

  test.each(pairs)('%s → %s → back is lossless', (from, to) => {
    fc.assert(
      fc.property(objects(from), (obj) => {
        const before = structuredClone(obj);
        const there = convert(obj, `${group}/${to}`) as { apiVersion: string };
        expect(there.apiVersion).toBe(`${group}/${to}`);
        expect(convert(there, `${group}/${from}`)).toEqual(before);
        expect(obj).toEqual(before); // the input is not modified
      }),
      { numRuns: RUNS },
    );
  });
});

test('the renamed CronTab field crosses versions through the hand-written functions', () => {
  const convert = converterOf('stable.example.com');
  const beta = {
    apiVersion: 'stable.example.com/v1beta1',
    kind: 'CronTab',
    metadata: { name: 'c' },
    spec: { cronSpec: '*/5 * * * *', image: 'busybox', suspendOnFailure: true },
  };
  const v1 = convert(beta, 'stable.example.com/v1') as { spec: Record<string, unknown>; metadata: { annotations?: Record<string, string> } };
  expect(v1.spec).toEqual({ schedule: '*/5 * * * *', image: 'busybox' });
  expect(Object.keys(v1.metadata.annotations ?? {})).toEqual(['conversion.kubegen.io/v1beta1-fields']);
  const withZone = { ...v1, spec: { ...v1.spec, timeZone: 'Etc/UTC' } };
  const back = convert(withZone, 'stable.example.com/v1beta1') as { spec: Record<string, unknown> };
  expect(back.spec).toEqual({ cronSpec: '*/5 * * * *', image: 'busybox', suspendOnFailure: true });
  const again = convert(back, 'stable.example.com/v1') as { spec: Record<string, unknown> };
  expect(again.spec).toEqual({ schedule: '*/5 * * * *', image: 'busybox', timeZone: 'Etc/UTC' });
});
