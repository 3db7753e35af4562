/**
 * The generator contract: generators are started once per run over one generation context; the executor owns the
 * loop over groups (by name) and their versions (in the group's order), places every file, and tells each generator
 * the source modules produced before it; views of the model are computed once per run; options come from one
 * resolved configuration, typed per generator.
 */
import * as path from 'node:path';
import { configure, createGenerationContext, execute, runGenerators } from '../../../../../generator/emit/shared/execute';
import type { GeneratedFile, Generator, GroupTarget } from '../../../../../generator/emit/shared/types';
import { generatorByName, generators, type GenerationConfig } from '../../../../../generator/generators';
import { generateAll, loadApiModel } from '../../../../../generator/pipeline';
import { loadGoldenModel } from '../../../helpers/golden';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../../..');
const { model } = loadApiModel(path.join(REPO, 'apis'), REPO);
const EXT = loadApiModel(path.join(REPO, 'test/golden/client-ext/apis'), REPO).model;

/** A generator that records what the executor hands it and writes one file per version and per group. */
function recorder(name: string, calls: string[], seen: Map<string, readonly string[]> = new Map()): Generator<{ suffix: string }> {
  return {
    name,
    start(_ctx, options) {
      calls.push(`start ${name}`);
      return {
        version(gv): GeneratedFile[] {
          calls.push(`${name} ${gv.group}/${gv.version}`);
          return [{ path: `${name}${options.suffix}`, contents: gv.version }];
        },
        group(group: GroupTarget): GeneratedFile[] {
          calls.push(`${name} ${group.name}`);
          seen.set(`${name} ${group.name}`, [...group.sources]);
          return [{ path: `${name}.json`, contents: group.name, role: 'package' }];
        },
      };
    },
  };
}

describe('execute', () => {
  it('starts each generator once, then per group in name order its versions in the group order, then the group', () => {
    const calls: string[] = [];
    execute(createGenerationContext(model), [configure(recorder('a', calls), { suffix: '.ts' })]);
    const groups = [...model.groups].map((g) => g.name).sort();
    const want = ['start a'];
    for (const g of groups) {
      const versions = model.groups.find((x) => x.name === g)!.versions.filter((v) => !model.packages.find((p) => p.id === v.package)!.skip);
      want.push(...versions.map((v) => `a ${g}/${v.version}`), `a ${g}`);
    }
    expect(calls).toEqual(want);
  });

  it('places version files under <version>/ with group and role, and group files as they are', () => {
    const files = execute(createGenerationContext(model), [configure(recorder('a', []), { suffix: '.ts' })]);
    expect(files).toContainEqual({ path: 'v1beta1/a.ts', contents: 'v1beta1', group: 'stable.example.com', role: 'source' });
    expect(files).toContainEqual({ path: 'a.json', contents: 'stable.example.com', group: 'stable.example.com', role: 'package' });
  });

  it('tells a generator the source modules the generators before it produced for the group, not its own', () => {
    const seen = new Map<string, readonly string[]>();
    execute(createGenerationContext(model), [configure(recorder('a', [], seen), { suffix: '.ts' }), configure(recorder('b', [], seen), { suffix: '.ts' })]);
    expect(seen.get('a stable.example.com')).toEqual([]);
    const versions = createGenerationContext(model).versions.filter((gv) => gv.group === 'stable.example.com');
    expect(versions.length).toBeGreaterThan(1);
    expect(seen.get('b stable.example.com')).toEqual(versions.map((gv) => `${gv.version}/a.ts`));
  });

  it('gives the package generator the modules of the generators that ran before it, whatever they were', () => {
    const config: GenerationConfig = { crd: {}, package: { packageName: '@x/{group}', version: '1.0.0', runtimeVersion: '1.0.0', nodeEngines: '>=20' }, validation: {} };
    const run = (names: string[]) =>
      runGenerators(model, names.map((n) => generatorByName(n)!.configure(config))).files.find((f) => f.group === 'stable.example.com' && f.path === 'v1/index.ts')!.contents;
    expect(run(['types', 'package'])).toMatch(/export \* from '\.\/types';\n$/);
    expect(run(['types', 'deepcopy', 'clientset', 'package'])).toMatch(/export \* from '\.\/client';\nexport \* from '\.\/deepcopy';\nexport \* from '\.\/types';\n$/);
    expect(run(['package', 'types'])).not.toMatch(/types/);
  });
});

describe('the generation context', () => {
  it('computes each view once per run', () => {
    const ctx = createGenerationContext(model);
    expect(ctx.clients).toBe(ctx.clients);
    expect(ctx.caches).toBe(ctx.caches);
    expect(ctx.versions).toBe(ctx.versions);
    expect(ctx.index).toBe(ctx.index);
  });

  it('reports a +genclient:method that cannot be generated once, however many generators use the clients', () => {
    const names = ['clientset', 'fake', 'listers', 'informers', 'package'];
    const config: GenerationConfig = { crd: {}, package: { packageName: '@x/{group}', version: '1.0.0', runtimeVersion: '1.0.0', nodeEngines: '>=20' }, validation: {} };
    const { diagnostics } = runGenerators(EXT, names.map((n) => generatorByName(n)!.configure(config)));
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "KG5102 Widget: +genclient:method=ApplyEviction is not generated: kubegen binds extension methods to the runtime client's verbs and the scale/status subresources only",
    ]);
  });
});

describe('the registry', () => {
  it('names every generator once, in the order kubegen runs them, the package generator last', () => {
    const names = generators.map((g) => g.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('crd');
    expect(names[names.length - 1]).toBe('package');
  });

  it('leaves the opt-in docs generator out of the default run; named, it writes <group>/docs/<group>.md', () => {
    expect(generators.filter((g) => g.optIn).map((g) => g.name)).toEqual(['docs']);
    const model = loadGoldenModel('kind-markers');
    const paths = (names?: string[]) => generateAll(model, { generators: names, packageName: '@x/{group}', crd: {} }).files.map((f) => f.path);
    expect(paths().filter((p) => p.includes('/docs/'))).toEqual([]);
    expect(paths(['docs'])).toEqual(['toys.example.com/docs/toys.example.com.md']);
  });

  it('gives each generator its options from the resolved configuration', () => {
    const header = '# Copyright header\n';
    const { files, diagnostics } = generateAll(model, { packageName: '@acme/{group}', crd: { header }, generators: ['crd', 'types', 'package'] });
    expect(diagnostics).toEqual([]);
    const crds = files.filter((f) => f.role === 'crd');
    expect(crds.length).toBeGreaterThan(0);
    for (const f of crds) expect(f.contents.startsWith(`${header}---\n`)).toBe(true);
    expect((JSON.parse(files.find((f) => f.path === 'stable.example.com/package.json')!.contents) as { name: string }).name).toBe('@acme/stable.example.com');
  });

  it('reports an unknown generator name with the known ones', () => {
    const { diagnostics } = generateAll(model, { packageName: '@acme/{group}', crd: {}, generators: ['types', 'deepcopi'] });
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`)).toEqual([`error KG5001 unknown generator "deepcopi" (known: ${generators.map((g) => g.name).join(', ')})`]);
  });
});
