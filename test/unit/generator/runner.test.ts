/**
 * The one generation runner (generator/pipeline.ts `runGeneration`): what each command chooses, one load per run
 * (the API model once, every manifest path set in one scan, each file once), generators skipped when the APIs they
 * read failed to load, strict runs, the output rules (generator/output.ts), and `--watch` running the same runner
 * with its caches.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../generator/cli';
import { IncrementalGenerator } from '../../../generator/cli/watch';
import { loadConfig } from '../../../generator/config';
import { EmitCache } from '../../../generator/emit/shared/execute';
import * as loadModule from '../../../generator/load';
import * as manifestLoadModule from '../../../generator/load/manifests';
import { applyOutputRule } from '../../../generator/output';
import * as pipeline from '../../../generator/pipeline';
import { runGeneration, type RunConfig, type RunGenerator } from '../../../generator/pipeline';
import { configuredGenerators, configuredRun } from '../../../generator/run-generators';
import type { OutputSet } from '../../../generator/write';
import { testKind } from '../helpers/apis';
import { present } from '../helpers/present';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine.
jest.setTimeout(120_000);

const CONTROLLER = `// +kubebuilder:rbac:groups=a.example.com,resources=apples,verbs=get;list;watch

/** Reconciles apples. */
export function reconcile(): void {}
`;

/** A project: one API group, a controller with an rbac marker, and a configuration with the given keys. */
function project(config: Record<string, unknown> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-runner-'));
  const pkg = path.join(dir, 'apis', 'a.example.com', 'v1');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'doc.ts'), '// +groupName=a.example.com\n');
  fs.writeFileSync(path.join(pkg, 'apple.ts'), testKind('Apple', '  size?: string;\n'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'controller.ts'), CONTROLLER);
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out', generators: ['crd', 'types'], ...config }));
  return dir;
}

const MANIFEST_KEYS = {
  rbac: { paths: ['src'], output: 'config/rbac' },
  webhook: { paths: ['src'], output: 'config/webhook' },
};

function recorder() {
  const io = { out: '', err: '' };
  return { io, sink: { out: (s: string) => (io.out += s), err: (s: string) => (io.err += s) } };
}

const dirs: string[] = [];
function tmp(config?: Record<string, unknown>): string {
  const dir = project(config);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  jest.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the generators each command chooses', () => {
  function chosen(argv: string[], dir: string): Promise<{ code: number; names: string[][]; configs: RunConfig[] }> {
    const spy = jest.spyOn(pipeline, 'runGeneration');
    const { sink } = recorder();
    return main(argv, sink, dir).then((code) => ({ code, names: spy.mock.calls.map(([c]) => c.generators.map((g) => g.name)), configs: spy.mock.calls.map(([c]) => c) }));
  }

  it.each<[string, string[], string[]]>([
    ['crd', ['crd', '--apis', 'apis', '--stdout'], ['crd']],
    ['docs', ['docs', '--apis', 'apis', '--out', 'docs'], ['docs']],
    ['rbac', ['rbac', '--paths', 'src', '--stdout'], ['rbac']],
    ['webhook', ['webhook', '--paths', 'src', '--out', 'hooks'], ['webhook']],
    ['apiservice', ['apiservice', '--paths', 'src', '--out', 'reg'], ['apiservice']],
    ['generate', ['generate'], ['packages']],
  ])('kubegen %s runs one run of %j', async (_name, argv, want) => {
    const dir = tmp();
    const { names, configs } = await chosen(argv, dir);
    expect(names).toEqual([want]);
    expect(present(configs[0], 'the run').cwd).toBe(dir);
  });

  it('kubegen generate adds a generator per manifest key and the deploy tree, in that order', async () => {
    const dir = tmp({ ...MANIFEST_KEYS, apiservice: { paths: ['src'], output: 'config/apiservice' }, deploy: { name: 'fruit' } });
    expect(configuredGenerators(loadConfig(dir)).map((g) => g.name)).toEqual(['packages', 'rbac', 'webhook', 'apiservice', 'deploy']);
    const { code, names, configs } = await chosen(['generate', '--strict'], dir);
    expect(names).toEqual([['packages', 'rbac', 'webhook', 'apiservice', 'deploy']]);
    expect(configs[0]).toMatchObject({ apis: path.join(dir, 'apis'), root: dir, strict: true });
    // strict: the webhook and apiservice keys find no markers, a warning each, so nothing is written
    expect(code).toBe(1);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  });
});

describe('one load per run', () => {
  it('loads the API model once and scans every manifest path set in one pass, each file once', () => {
    const dir = tmp({ ...MANIFEST_KEYS, deploy: { name: 'fruit', paths: ['src'] } });
    // a marker controller-gen would not read, in a file under the rbac, webhook and deploy paths
    fs.writeFileSync(path.join(dir, 'src', 'misplaced.ts'), '/** +kubebuilder:rbac:groups=x,resources=y,verbs=get */\nexport const x = 1;\n');
    const apiLoads = jest.spyOn(loadModule, 'loadApiModel');
    const manifestLoads = jest.spyOn(manifestLoadModule, 'loadManifestDeclarations');
    const result = runGeneration(configuredRun(loadConfig(dir), dir, false));
    expect(apiLoads).toHaveBeenCalledTimes(1);
    expect(manifestLoads).toHaveBeenCalledTimes(1);
    expect(present(manifestLoads.mock.calls[0], 'the manifest load')[0].sets).toEqual([[path.join(dir, 'src')], [path.join(dir, 'src')], [path.join(dir, 'src')]]);
    expect(result.diagnostics.filter((d) => d.code === 'KG2009').map((d) => `${d.span?.file}:${d.span?.line}`)).toEqual(['src/misplaced.ts:1']);
    expect(result.ok).toBe(false);
  });

  it('runs the generators that do not read the APIs when the APIs fail to load, reporting both', () => {
    const dir = tmp(MANIFEST_KEYS);
    fs.writeFileSync(path.join(dir, 'apis', 'a.example.com', 'v1', 'apple.ts'), testKind('Apple', '  // +kubebuilder:validation:Minimum=oops\n  size?: number;\n'));
    const result = runGeneration(configuredRun(loadConfig(dir), dir, false));
    expect(result.ok).toBe(false);
    expect(result.outputs.map((o) => o.generator)).toEqual(['rbac', 'webhook']);
    expect(present(result.outputs[0], 'the rbac output').set.files.map((f) => f.path)).toEqual(['role.yaml']);
    expect(result.diagnostics.some((d) => d.severity === 'error' && d.span?.file === 'apis/a.example.com/v1/apple.ts')).toBe(true);
    expect(result.diagnostics.some((d) => d.severity === 'warning' && d.message.startsWith('no +kubebuilder:webhook markers under src'))).toBe(true);
  });

  it('gives the API model only to a generator that declares it reads the APIs', () => {
    const dir = tmp();
    const sneaky: RunGenerator = { name: 'sneaky', generate: (ctx) => [{ outDir: dir, files: [{ path: String(ctx.model.groups.length), contents: '' }], owned: [] }] };
    const reads: RunGenerator = { name: 'reads', readsApis: true, generate: (ctx) => [{ outDir: dir, files: ctx.model.groups.map((g) => ({ path: g.name, contents: '' })), owned: [] }] };
    expect(runGeneration({ cwd: dir, apis: path.join(dir, 'apis'), root: dir, generators: [reads], strict: false }).outputs[0]?.set.files.map((f) => f.path)).toEqual(['a.example.com']);
    expect(() => runGeneration({ cwd: dir, apis: path.join(dir, 'apis'), root: dir, generators: [reads, sneaky], strict: false })).toThrow('internal: generator sneaky reads the API model without declaring readsApis');
  });

  it('turns every warning into an error of the same code when strict', () => {
    const dir = tmp({ webhook: MANIFEST_KEYS.webhook });
    const lax = runGeneration(configuredRun(loadConfig(dir), dir, false));
    const strict = runGeneration(configuredRun(loadConfig(dir), dir, true));
    expect(lax.ok).toBe(true);
    expect(lax.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(strict.diagnostics.map((d) => `warning ${d.code}`));
    expect(strict.diagnostics.map((d) => d.severity)).toEqual(['error']);
    expect(strict.ok).toBe(false);
  });
});

describe('output rules', () => {
  const sets = (dir: string): OutputSet[] => [
    { outDir: path.join(dir, 'one'), files: [{ path: 'a.yaml', contents: 'a: 1\n' }, { path: 'sub/b.yaml', contents: 'b: 2\n' }], owned: [] },
    { outDir: path.join(dir, 'two'), files: [{ path: 'c.yaml', contents: 'c: 3\n' }], owned: [] },
  ];

  it('memory: every file by absolute path, nothing printed or written', async () => {
    const dir = tmp();
    const { io, sink } = recorder();
    const files = new Map<string, string>();
    expect(await applyOutputRule(sink, sets(dir), { kind: 'memory', files })).toBe(0);
    expect([...files]).toEqual([
      [path.join(dir, 'one', 'a.yaml'), 'a: 1\n'],
      [path.join(dir, 'one', 'sub', 'b.yaml'), 'b: 2\n'],
      [path.join(dir, 'two', 'c.yaml'), 'c: 3\n'],
    ]);
    expect(io).toEqual({ out: '', err: '' });
    expect(fs.existsSync(path.join(dir, 'one'))).toBe(false);
  });

  it('stdout: the contents in order, nothing written', async () => {
    const dir = tmp();
    const { io, sink } = recorder();
    expect(await applyOutputRule(sink, sets(dir), { kind: 'stdout' })).toBe(0);
    expect(io).toEqual({ out: 'a: 1\nb: 2\nc: 3\n', err: '' });
    expect(fs.existsSync(path.join(dir, 'two'))).toBe(false);
  });

  it('directory writes every set, then verify finds it up to date; verify reports a difference and writes nothing', async () => {
    const dir = tmp();
    const before = recorder();
    expect(await applyOutputRule(before.sink, sets(dir), { kind: 'verify' })).toBe(1);
    expect(before.io.err).toContain(`kubegen: 2 file(s) differ from what would be generated in ${path.join(dir, 'one')}; run kubegen without --verify\n`);
    expect(fs.existsSync(path.join(dir, 'one'))).toBe(false);
    const write = recorder();
    expect(await applyOutputRule(write.sink, sets(dir), { kind: 'directory' })).toBe(0);
    expect(write.io.out).toBe(`kubegen: wrote 2, unchanged 0 in ${path.join(dir, 'one')}\nkubegen: wrote 1, unchanged 0 in ${path.join(dir, 'two')}\n`);
    expect(fs.readFileSync(path.join(dir, 'one', 'sub', 'b.yaml'), 'utf8')).toBe('b: 2\n');
    const after = recorder();
    expect(await applyOutputRule(after.sink, sets(dir), { kind: 'verify' })).toBe(0);
    expect(after.io.out).toBe(`kubegen: 2 files up to date in ${path.join(dir, 'one')}\nkubegen: 1 files up to date in ${path.join(dir, 'two')}\n`);
  });
});

describe('--watch', () => {
  it('runs the same runner as kubegen generate, with the caches it keeps between runs', () => {
    const dir = tmp(MANIFEST_KEYS);
    const spy = jest.spyOn(pipeline, 'runGeneration');
    const gen = new IncrementalGenerator(loadConfig(dir), dir, recorder().sink);
    expect(gen.run().ok).toBe(true);
    expect(gen.run().ok).toBe(true);
    expect(spy).toHaveBeenCalledTimes(2);
    const [firstCall, secondCall] = spy.mock.calls;
    const [first, caches1] = present(firstCall, 'the first run');
    const [, caches2] = present(secondCall, 'the second run');
    expect(first.generators.map((g) => g.name)).toEqual(['packages', 'rbac', 'webhook']);
    expect(caches1?.load).toBeInstanceOf(loadModule.LoadCache);
    expect(caches1?.emit).toBeInstanceOf(EmitCache);
    expect(caches2?.load).toBe(caches1?.load);
    expect(caches2?.emit).toBe(caches1?.emit);
    expect(fs.readFileSync(path.join(dir, 'config', 'rbac', 'role.yaml'), 'utf8')).toContain('- apples');
  });
});
