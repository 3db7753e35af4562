/**
 * The runtime's entry points: `runtime/package.json` exports, the jest mapping to the sources, the generator's table
 * of which entry each generated import comes from, and a root that stays small.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RUNTIME_IMPORTS, runtimeModuleOf } from '../../../generator/render/runtime';
import * as root from '../../../runtime/src';
import { typeCheck, tempDir, writeFiles } from '../helpers/generated';

// This file loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../..');
const SUBPATHS = ['client', 'cache', 'workqueue', 'webhook', 'webhook/admission', 'testing', 'internal', 'log'];
const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'runtime/package.json'), 'utf8')) as { exports: Record<string, unknown> };

describe('runtime entry points', () => {
  it.each(SUBPATHS)('@kubegen/runtime/%s is exported (types + default) and resolves to its sources in tests', (sub) => {
    expect(pkg.exports[`./${sub}`]).toEqual({ types: `./dist/${sub}/index.d.ts`, default: `./dist/${sub}/index.js` });
    expect(fs.existsSync(path.join(REPO, 'runtime/src', sub, 'index.ts'))).toBe(true);
    // jest's moduleNameMapper: the package name loads the very module of the sources
    expect(require(`@kubegen/runtime/${sub}`)).toBe(require(path.join(REPO, 'runtime/src', sub, 'index.ts')));
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
