/**
 * The runtime's entry points: `runtime/package.json` exports (the one list of the runtime's subpaths), the jest
 * mapping to the sources derived from it, the table of docs/runtime.md checked against it, the generator's table of
 * which entry each generated import comes from, and a root that stays small.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RUNTIME_IMPORTS, runtimeModuleOf } from '../../../generator/render/runtime';
import * as root from '../../../runtime/src';
import { typeCheck, tempDir, writeFiles } from '../helpers/generated';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'runtime/package.json'), 'utf8')) as { exports: Record<string, unknown> };
/** Every entry of the runtime with its built file (`dist/<file>`, without extension): package.json's `exports`. */
const ENTRIES = Object.entries(pkg.exports).flatMap(([subpath, target]) => {
  if (subpath === './package.json') return [];
  const types = (target as { types?: unknown }).types;
  const file = typeof types === 'string' ? /^\.\/dist\/(.+)\.d\.ts$/.exec(types)?.[1] : undefined;
  return [{ specifier: subpath === '.' ? '@kubegen/runtime' : `@kubegen/runtime/${subpath.slice(2)}`, subpath, file, target }];
});

describe('runtime entry points', () => {
  it('the exports name the entries generated code imports from, and more', () => {
    const specifiers = ENTRIES.map((e) => e.specifier);
    for (const [entry] of RUNTIME_IMPORTS) expect(specifiers).toContain(entry === '' ? '@kubegen/runtime' : `@kubegen/runtime/${entry}`);
    expect(specifiers).toEqual(expect.arrayContaining(['@kubegen/runtime/log', '@kubegen/runtime/controller', '@kubegen/runtime/webhook/spec']));
  });

  it.each(ENTRIES)('$specifier is exported (types + default) and resolves to its sources in tests', ({ specifier, file, target }) => {
    expect(file).toBeDefined();
    expect(target).toEqual({ types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` });
    const source = path.join(REPO, 'runtime/src', `${file}.ts`);
    expect(fs.existsSync(source)).toBe(true);
    // jest's moduleNameMapper (derived from the exports): the package name loads the very module of the sources
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module jest resolves for a name known at run time only
    expect(require(specifier)).toBe(require(source));
  });

  it('docs/runtime.md has one row per entry, and no row for anything else', () => {
    const doc = fs.readFileSync(path.join(REPO, 'docs/runtime.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Entry points'), doc.indexOf('\n## ', doc.indexOf('## Entry points') + 1));
    const rows = [...section.matchAll(/^\| `(@kubegen\/runtime[^`]*)` \|/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual(ENTRIES.map((e) => e.specifier).sort());
  });

  it('every name generated code imports exists in the entry the generator imports it from', () => {
    const lines = RUNTIME_IMPORTS.flatMap(([, names]) => names.map((n) => `export type { ${n} as re_${n} } from '${runtimeModuleOf('@kubegen/runtime', n)}';`));
    const dir = tempDir('runtime-entries');
    const files = writeFiles(dir, [{ path: 'imports.ts', contents: `${lines.join('\n')}\n` }]);
    expect(lines.length).toBeGreaterThan(40);
    expect(typeCheck(files)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    { given: 'copyFlat', want: '@kubegen/runtime/internal' },
    { given: 'setOwn', want: '@kubegen/runtime/internal' },
    { given: 'SharedInformerFactory', want: '@kubegen/runtime/cache' },
    { given: 'expandLister', want: '@kubegen/runtime/cache' },
    { given: 'TypedClient', want: '@kubegen/runtime/client' },
    { given: 'GroupConverters', want: '@kubegen/runtime/webhook' },
    { given: 'FakeClientset', want: '@kubegen/runtime/testing' },
    { given: 'AdmissionServer', want: '@kubegen/runtime/webhook/admission' },
    { given: 'ObjectMeta', want: '@kubegen/runtime' },
  ])('generated code imports $given from $want', ({ given, want }) => {
    expect(runtimeModuleOf('@kubegen/runtime', given)).toBe(want);
  });

  it('keeps the root small: no internal helper, cache, work queue, webhook or fake in it', () => {
    const notInRoot = ['copyFlat', 'jsonView', 'asDeclared', 'setOwn', 'getOwn', 'finishConversion', 'LostFields', 'expandLister', 'SharedInformerFactory', 'Lister', 'WorkQueue', 'ConversionWebhook', 'AdmissionServer', 'convertObject', 'Fake', 'FakeClientset'];
    expect(notInRoot.filter((n) => Object.hasOwn(root, n))).toEqual([]);
    const inRoot = ['TypedClient', 'createRestClient', 'loadFromDefault', 'StatusError', 'isNotFound', 'cloneJSON', 'deepCopyObjectMeta', 'textLogger'];
    expect(inRoot.filter((n) => !Object.hasOwn(root, n))).toEqual([]);
  });
});
