import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import * as runtime from '../../../../runtime/src/webhook';
import { conversionGenerator } from '../../../../generator/emit/conversion';
import { deepcopyGenerator } from '../../../../generator/emit/deepcopy';
import { defaultsGenerator } from '../../../../generator/emit/defaults';
import { ModelIndex } from '../../../../generator/render';
import { schemaArbitrary } from '../../helpers/arbitrary';
import { RUNTIME_MODULES, moduleLoader, renderTypes, tempDir, typeCheck, writeFiles } from '../../helpers/generated';
import { typeSchema } from '../../helpers/schema';
import { loadApiModel } from '../../../../generator/pipeline';
import type { ApiModel } from '../../../../generator/model/types';
import type { Diagnostic } from '../../../../generator/diagnostics';
import { runGenerator } from '../../../../generator/emit/shared/execute';
import { present } from '../../helpers/present';

jest.setTimeout(60_000);

const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
const GROUP = 'stable.example.com';
const VERSIONS = ['v1', 'v1alpha1', 'v1beta1'];
/** The golden conversion case: CronTab in v1alpha1, v1beta1 and v1 (the hub), with hand-written conversions. */
const CASE = path.resolve(__dirname, '../../../golden/conversion');
const CASE_APIS = path.join(CASE, 'apis', GROUP);

/** The case's model, from its apis/ folder; `edit` first changes a copy of the folder (given its group folder). */
function loadCase(edit?: (groupDir: string) => void): ApiModel {
  let cwd = CASE;
  if (edit) {
    cwd = tempDir('conversion-case');
    fs.cpSync(path.join(CASE, 'apis'), path.join(cwd, 'apis'), { recursive: true });
    edit(path.join(cwd, 'apis', GROUP));
  }
  const { model, diagnostics } = loadApiModel(path.join(cwd, 'apis'), cwd);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return model;
}

type Obj = Record<string, unknown>;

describe('conversion emitter', () => {
  const model = loadCase();
  const index = new ModelIndex(model);
  const result = runGenerator(conversionGenerator, model, { manualModule: (pkg) => `@manual/${pkg.version}` });
  const deepcopy = runGenerator(deepcopyGenerator, model, {});
  const load = moduleLoader([...result.files, ...deepcopy.files, ...renderTypes(model)], {
    ...RUNTIME_MODULES,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a golden case's module loaded by path at run time (the converters under test)
    '@manual/v1beta1': require(path.join(CASE_APIS, 'v1beta1/conversion')) as unknown,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a golden case's module loaded by path at run time (the converters under test)
    '@manual/v1alpha1': require(path.join(CASE_APIS, 'v1alpha1/conversion')) as unknown,
  });
  const group = load(`${GROUP}/conversion`) as { convert(obj: object, v: string): Obj; converters: runtime.GroupConverters };

  /** Objects of a version: schema-valid, with unknown fields everywhere, apiVersion and kind set. */
  const objects = (version: string) =>
    schemaArbitrary(typeSchema(index, `${GROUP}/${version}`, 'CronTab'), { unknownFields: true }).map((o) => ({ ...(o as Obj), apiVersion: `${GROUP}/${version}`, kind: 'CronTab' }));

  /**
   * The case's v1 fields that v1alpha1 (or, for `resources`, v1beta1) lacks: kept in the annotation, each a warning
   * (KG5103); the fields meant for one version only (`v1Only`, `alphaOnly`, `betaOnly`, `betaNote`) are marked
   * `+k8s:conversion-gen=false`, and the renamed `cronSpec` / `schedule` have hand-written functions: no warning.
   */
  const EXPECTED_WARNINGS = [
    'v1 CronTab.status → v1alpha1',
    'v1 CronTabSpec.replicas → v1alpha1',
    'v1 CronTabSpec.timeout → v1alpha1',
    'v1 CronTabSpec.policy → v1alpha1',
    'v1 CronTabSpec.template → v1alpha1',
    'v1 CronTabSpec.selector → v1alpha1',
    'v1 CronTabSpec.env → v1alpha1',
    'v1 Container.resources → v1beta1',
  ];
  const warnings = (ds: Diagnostic[]) =>
    ds.map((d) => {
      expect([d.severity, d.code]).toEqual(['warning', 'KG5103']);
      const [, field, to] = /^field (\S+ \S+) has no counterpart in (\S+) /.exec(d.message)!;
      return `${field} → ${to}`;
    });

  it('generates with a warning for each field only one side declares; with deepcopy and defaults, type-checked against the hand-written functions', () => {
    expect(warnings(result.diagnostics)).toEqual(EXPECTED_WARNINGS);
    expect(result.files.map((f) => f.path).sort()).toEqual(['conversion.ts', 'v1alpha1/conversion.ts', 'v1beta1/conversion.ts']);
    const dir = tempDir('conversion');
    const files = runGenerator(conversionGenerator, model, {
      manualModule: (pkg) => path.relative(path.join(dir, GROUP, 'src', pkg.version), path.join(CASE_APIS, pkg.version, 'conversion')),
    }).files;
    const paths = writeFiles(dir, [...files, ...deepcopy.files, ...runGenerator(defaultsGenerator, model, {}).files, ...renderTypes(model)]);
    expect(typeCheck(paths)).toEqual([]);
  });

  it('lets the compiler check the field names it switches on (of either version: a misspelt label fails to type-check)', () => {
    const dir = tempDir('conversion-misspelt');
    const files = runGenerator(conversionGenerator, model, {
      manualModule: (pkg: { version: string }) => path.relative(path.join(dir, GROUP, 'src', pkg.version), path.join(CASE_APIS, pkg.version, 'conversion')),
    }).files.map((f) => {
      if (f.path !== 'v1beta1/conversion.ts') return f;
      const label = "    switch (key) {\n      case 'name' satisfies keyof (hub.Container & Container):\n";
      expect(f.contents).toContain(label);
      return { ...f, contents: f.contents.replace(label, label.replace("'name'", "'nmae'")) };
    });
    const paths = writeFiles(dir, [...files, ...deepcopy.files, ...renderTypes(model)]);
    // the union's member order is the compiler's (the order it met the literals), not part of the contract
    const [error, ...others] = typeCheck(paths);
    expect(others).toEqual([]);
    const union = /v1beta1\/conversion\.ts:45:19 Type '"nmae"' does not satisfy the expected type '([^']*)'/.exec(present(error, 'the type error'))?.[1];
    expect(union?.split(' | ').sort()).toEqual(['"betaNote"', '"image"', '"name"', '"resources"']);
  });

  it('copies the hand-written conversions into the generated package, type-checked against the generated types', () => {
    const r = runGenerator(conversionGenerator, model, {});
    expect(warnings(r.diagnostics)).toEqual(EXPECTED_WARNINGS);
    expect(r.files.map((f) => f.path).sort()).toEqual(['conversion.ts', 'v1alpha1/conversion.manual.ts', 'v1alpha1/conversion.ts', 'v1beta1/conversion.manual.ts', 'v1beta1/conversion.ts']);
    const manual = r.files.find((f) => f.path === 'v1beta1/conversion.manual.ts')!.contents;
    expect(manual).toContain("import type { CronTabSpec } from './types';");
    expect(manual).toContain("import type { CronTabSpec as HubCronTabSpec } from '../v1/types';");
    expect(r.files.find((f) => f.path === 'v1beta1/conversion.ts')!.contents).toContain("from './conversion.manual';");
    const paths = writeFiles(tempDir('conversion-copy'), [...r.files, ...deepcopy.files, ...renderTypes(model)]);
    expect(typeCheck(paths)).toEqual([]);
  });

  it('rejects hand-written conversions that import values or modules outside the API files', () => {
    const m = loadCase((dir) => {
      const file = path.join(dir, 'v1beta1', 'conversion.ts');
      fs.writeFileSync(file, `import { helper } from './util';\nimport type { X } from '../../other/v1/x';\nimport { z } from 'zod';\n${fs.readFileSync(file, 'utf8')}`);
    });
    const r = runGenerator(conversionGenerator, m, {});
    expect(r.files).toEqual([]);
    expect(r.diagnostics.filter((d) => d.code !== 'KG5103').map((d) => `${d.span?.line}: ${d.message}`)).toEqual([
      '1: apis/stable.example.com/v1beta1/conversion.ts: hand-written conversions may only import types from API files (use `import type`): ./util',
      "2: apis/stable.example.com/v1beta1/conversion.ts: hand-written conversions may only import from API files of their group's versions, not ../../other/v1/x",
    ]);
  });

  for (const a of VERSIONS) {
    for (const b of VERSIONS) {
      if (a === b) continue;
      it(`${a} → ${b} → ${a} returns the original exactly`, () => {
        fc.assert(
          fc.property(objects(a), (obj) => {
            const snapshot = structuredClone(obj);
            const there = group.convert(obj, `${GROUP}/${b}`);
            expect(there.apiVersion).toBe(`${GROUP}/${b}`);
            const back = group.convert(there, `${GROUP}/${a}`);
            expect(back).toStrictEqual(obj);
            expect(obj).toStrictEqual(snapshot); // input untouched
          }),
          { numRuns: RUNS },
        );
      });
    }
  }

  it('a → b → c → a through every version returns the original', () => {
    fc.assert(
      fc.property(objects('v1beta1'), (obj) => {
        const a1 = group.convert(obj, `${GROUP}/v1alpha1`);
        const hub = group.convert(a1, `${GROUP}/v1`);
        expect(group.convert(hub, `${GROUP}/v1beta1`)).toStrictEqual(obj);
      }),
      { numRuns: RUNS },
    );
  });

  const beta = {
    apiVersion: `${GROUP}/v1beta1`,
    kind: 'CronTab',
    metadata: { name: 'a', labels: { x: 'y' } },
    spec: { cronSpec: '* * * * *', image: 'i', timeout: '30s', betaOnly: 'b', template: { containers: [{ name: 'c', image: 'i', betaNote: 'n' }] }, future: { z: 1 } },
  };

  it('converts fields by name, calls the hand-written functions, keeps source-only fields in an annotation', () => {
    const hub = group.convert(beta, `${GROUP}/v1`) as { metadata: { annotations: Record<string, string> }; spec: Obj };
    expect(hub.spec).toEqual({ schedule: '* * * * *', image: 'i', timeout: 30, template: { containers: [{ name: 'c', image: 'i' }] }, future: { z: 1 } });
    expect(Object.keys(hub.metadata.annotations)).toEqual(['conversion.kubegen.io/v1beta1-fields']);
    expect(JSON.parse(present(hub.metadata.annotations['conversion.kubegen.io/v1beta1-fields'], 'the v1beta1-fields annotation'))).toEqual({
      c: { spec: { f: { betaOnly: 'b' }, c: { template: { c: { containers: { c: { '0': { f: { betaNote: 'n' } } } } } } } } },
      a: 1,
    });
    expect(group.convert(hub, `${GROUP}/v1beta1`)).toEqual(beta);
  });

  it('an update through the hub keeps the spoke-only fields', () => {
    const hub = group.convert(beta, `${GROUP}/v1`) as { spec: Obj };
    hub.spec.image = 'new';
    const back = group.convert(hub, `${GROUP}/v1beta1`) as { spec: Obj };
    expect(back.spec.image).toBe('new');
    expect(back.spec.betaOnly).toBe('b');
  });

  it('converts lists item by item', () => {
    const list = { apiVersion: `${GROUP}/v1beta1`, kind: 'CronTabList', metadata: {}, items: [beta, beta] };
    const out = group.convert(list, `${GROUP}/v1`) as { apiVersion: string; items: Obj[] };
    expect(out.apiVersion).toBe(`${GROUP}/v1`);
    expect(out.items.map((i) => i.apiVersion)).toEqual([`${GROUP}/v1`, `${GROUP}/v1`]);
    expect(group.convert(out, `${GROUP}/v1beta1`)).toEqual(list);
  });

  it('throws ConversionError for objects it cannot convert', () => {
    expect(() => group.convert({ apiVersion: 'other.io/v1', kind: 'CronTab' }, `${GROUP}/v1`)).toThrow(runtime.ConversionError);
    expect(() => group.convert({ apiVersion: `${GROUP}/v1`, kind: 'Nope' }, `${GROUP}/v1beta1`)).toThrow(/kind Nope/);
    expect(() => group.convert({ apiVersion: `${GROUP}/v1`, kind: 'CronTab' }, `${GROUP}/v2`)).toThrow(/not served in version v2/);
    expect(() => group.convert({ ...beta, spec: { ...beta.spec, timeout: 'soon' } }, `${GROUP}/v1`)).toThrow(/invalid timeout/);
  });

  it('is deterministic', () => {
    expect(runGenerator(conversionGenerator, model, { manualModule: (pkg) => `@manual/${pkg.version}` }).files).toEqual(result.files);
  });

  it('warns about a hand-written function that matches no field', () => {
    const m = loadCase((dir) => {
      fs.appendFileSync(path.join(dir, 'v1beta1', 'conversion.ts'), '\nexport function convert_v1beta1_CronTabSpec_cronSpek_To_v1(): void {}\n');
    });
    const r = runGenerator(conversionGenerator, m, {});
    expect(r.diagnostics.filter((d) => d.code !== 'KG5103').map(({ severity, code, message }) => ({ severity, code, message }))).toEqual([
      {
        severity: 'warning',
        code: 'KG5101',
        message:
          'apis/stable.example.com/v1beta1/conversion.ts exports convert_v1beta1_CronTabSpec_cronSpek_To_v1, which matches no field of a type converted between v1beta1 and the hub; hand-written functions are named convert_<fromVersion>_<FromType>_<field>_To_<toVersion>',
      },
    ]);
    expect(r.files.length).toBe(5);
  });

  // Without the hand-written functions generation fails, naming each field and function: test/invalid/conversion-missing-manual.
});
