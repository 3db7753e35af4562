/**
 * `kubegen init` / `kubegen create api` and the `source` output layout: the scaffold's checks, its package.json
 * merge, what it writes into a project (and what it refuses to overwrite), and that a scaffolded project's API
 * generates into `src/generated/<group>/` as TypeScript its own strict `tsc` compiles together with its test.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ts from 'typescript';
import { RUNTIME_PATHS } from '../../helpers/generated';
import { checkApiScaffold, mergePackageJson, moduleFormatOf, scaffoldApi, scaffoldProjectFiles, type ProjectScaffold } from '../../../../generator/scaffold';
import { generateAll, loadApiModel, ownedDirs, placeFile } from '../../../../generator/pipeline';
import { runCli as run, readTree as tree } from '../../helpers/scaffold';

// This file loads TypeScript programs and runs kubegen commands: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REPO = path.resolve(__dirname, '../../../..');

const project: ProjectScaffold = { projectName: 'shop', kubegenVersion: '1.2.3', runtimeVersion: '1.2.3', toolVersions: { typescript: '~6.0', jest: '^30.0.0' }, peerVersions: { 'prom-client': '^15.1.3' }, format: 'commonjs' };

describe('checkApiScaffold', () => {
  it.each([
    [{ group: 'shop.example.dev', version: 'v1', kind: 'Order' }, []],
    [{ group: 'shop', version: 'v1', kind: 'Order' }, ['--group: "shop" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev']],
    [{ group: 'Shop.example.dev', version: 'v1', kind: 'Order' }, ['--group: "Shop.example.dev" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev']],
    [{ group: '../victim.io', version: 'v1', kind: 'Order' }, ['--group: "../victim.io" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev']],
    [{ group: 'shop.example.dev', version: 'V1', kind: 'Order' }, ['--version: "V1" must look like v1, v2beta1 or v1alpha2']],
    [{ group: 'shop.example.dev', version: 'v1beta', kind: 'Order' }, ['--version: "v1beta" must look like v1, v2beta1 or v1alpha2']],
    [{ group: 'shop.example.dev', version: 'v2alpha3', kind: 'order' }, ['--kind: "order" must be an UpperCamelCase name of letters and digits, e.g. Order']],
    [{ group: 'shop.example.dev', version: 'v1', kind: 'Or/der' }, ['--kind: "Or/der" must be an UpperCamelCase name of letters and digits, e.g. Order']],
  ])('%j', (given, want) => {
    expect(checkApiScaffold(given)).toEqual(want);
  });
});

describe('mergePackageJson', () => {
  it('creates a package.json when the project has none', () => {
    expect(mergePackageJson(undefined, project)).toEqual({
      name: 'shop',
      version: '0.1.0',
      private: true,
      scripts: {
        generate: 'kubegen generate',
        verify: 'kubegen generate --verify',
        build: 'tsc -p tsconfig.build.json',
        test: 'jest',
        'install-crds': 'kubegen apply -k config/crd',
        'uninstall-crds': 'kubegen apply -k config/crd --delete',
        deploy: 'kubegen apply -k config/default --prune --applyset shop',
        undeploy: 'kubegen apply -k config/default --delete --applyset shop',
        run: 'kubegen run',
      },
      dependencies: { '@kubegen/runtime': '^1.2.3', 'prom-client': '^15.1.3' },
      devDependencies: { jest: '^30.0.0', kubegen: '^1.2.3', typescript: '~6.0' },
    });
  });

  it("keeps what the project has and replaces only npm's placeholder test script", () => {
    const given = {
      name: 'mine',
      scripts: { build: 'make', test: 'echo "Error: no test specified" && exit 1' },
      devDependencies: { kubegen: 'file:../kubegen-1.2.3.tgz', typescript: '5.9.0' },
      dependencies: { '@kubegen/runtime': 'file:../runtime.tgz' },
    };
    const got = mergePackageJson(given, project);
    expect(got.scripts).toMatchObject({ build: 'make', test: 'jest', generate: 'kubegen generate', verify: 'kubegen generate --verify', run: 'kubegen run' });
    expect(got.devDependencies).toEqual({ jest: '^30.0.0', kubegen: 'file:../kubegen-1.2.3.tgz', typescript: '5.9.0' });
    expect(got.dependencies).toEqual({ '@kubegen/runtime': 'file:../runtime.tgz', 'prom-client': '^15.1.3' });
    expect(given.scripts.test).toBe('echo "Error: no test specified" && exit 1'); // input not mutated
  });

  it('an ES-module project (type: module) runs jest on VM modules; its type is read as data', () => {
    const given = { name: 'esm', type: 'module' };
    expect(moduleFormatOf(given)).toBe('module');
    expect(moduleFormatOf({ type: 'commonjs' })).toBe('commonjs');
    expect(moduleFormatOf(JSON.parse('{"__proto__":{"type":"module"}}') as Record<string, unknown>)).toBe('commonjs');
    expect(moduleFormatOf(undefined)).toBe('commonjs');
    expect(mergePackageJson(given, { ...project, format: 'module' }).scripts).toMatchObject({ test: 'node --experimental-vm-modules node_modules/jest/bin/jest.js' });
  });

  it('keeps a user test script and a __proto__ key as data', () => {
    const given = JSON.parse('{"scripts":{"test":"vitest","__proto__":{"x":"1"}}}') as Record<string, unknown>;
    const got = mergePackageJson(given, project);
    const scripts = got.scripts as Record<string, unknown>;
    expect(scripts.test).toBe('vitest');
    expect(Object.hasOwn(scripts, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(scripts)).toBe(Object.prototype);
  });
});

describe('the jest setup and test of each module format', () => {
  const api = { group: 'shop.example.dev', version: 'v1', kind: 'Order' };
  const file = (files: Array<{ path: string; contents: string }>, p: string) => files.find((f) => f.path === p)!.contents;

  it('CommonJS: module.exports, ts-jest, cel-js compiled with compiler options of its own; the test uses __dirname', () => {
    const jest = file(scaffoldProjectFiles(project), 'jest.config.js');
    expect(jest).toContain('module.exports = {');
    expect(jest).not.toContain('useESM');
    expect(jest).toContain(`'/node_modules/@marcbachmann/cel-js/.+\\\\.js$': ['ts-jest', { tsconfig: { allowJs: true, isolatedModules: true, module: 'commonjs', target: 'es2022' } }]`);
    expect(jest).toContain(`transformIgnorePatterns: ['/node_modules/(?!@marcbachmann/cel-js/)']`);
    const test = file(scaffoldApi(api), 'test/shop.example.dev.test.ts');
    expect(test).toContain(`from '../src/generated/shop.example.dev/fake';`);
    expect(test).toContain('path.join(__dirname, ');
  });

  it('ES modules: export default, useESM, .js specifiers mapped to sources; the test imports by file name and uses import.meta', () => {
    const jest = file(scaffoldProjectFiles({ ...project, format: 'module' }), 'jest.config.js');
    expect(jest).toContain('export default {');
    expect(jest).toContain(`extensionsToTreatAsEsm: ['.ts'],`);
    expect(jest).toContain(`moduleNameMapper: { '^(\\\\.{1,2}/.*)\\\\.js$': '$1' },`);
    expect(jest).toContain(`['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', useESM: true }]`);
    expect(jest).toContain('@marcbachmann/cel-js');
    const test = file(scaffoldApi(api, 'module'), 'test/shop.example.dev.test.ts');
    expect(test).toContain(`from '../src/generated/shop.example.dev/fake/index.js';`);
    expect(test).toContain(`import { fileURLToPath } from 'node:url';`);
    expect(test).toContain('path.join(path.dirname(fileURLToPath(import.meta.url)), ');
  });
});

describe('kubegen init / create api', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-init-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('scaffolds a project with an API into a directory that has a package.json', async () => {
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'shop', version: '1.0.0' }));
    const r = await run(['init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], dir);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(Object.keys(tree(dir)).sort()).toEqual([
      '.dockerignore',
      '.gitignore',
      'Dockerfile',
      'README.md',
      'apis/shop.example.dev/v1/doc.ts',
      'apis/shop.example.dev/v1/order.ts',
      'config/samples/kustomization.yaml',
      'config/samples/shop.example.dev_v1_order.yaml',
      'jest.config.js',
      'kubegen.config.json',
      'package.json',
      'src/main.ts',
      'test/shop.example.dev.test.ts',
      'tsconfig.build.json',
      'tsconfig.json',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'kubegen.config.json'), 'utf8'))).toEqual({ apis: 'apis', output: 'src/generated', layout: 'source', deploy: { name: 'shop' } });
    expect(fs.readFileSync(path.join(dir, 'apis/shop.example.dev/v1/doc.ts'), 'utf8')).toContain('// +groupName=shop.example.dev');
    expect(fs.readFileSync(path.join(dir, 'apis/shop.example.dev/v1/order.ts'), 'utf8')).toContain('export interface Order extends TypeMeta {');
  });

  it('keeps existing project files, and refuses to overwrite an API', async () => {
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{"mine":true}\n');
    const first = await run(['init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], dir);
    expect(first.code).toBe(0);
    expect(first.out).toContain('kept      tsconfig.json (exists)');
    expect(fs.readFileSync(path.join(dir, 'tsconfig.json'), 'utf8')).toBe('{"mine":true}\n');
    const before = tree(dir);
    const again = await run(['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], dir);
    // the same API again: nothing changes; the kind's file edited by the user: refused
    expect(again).toMatchObject({ code: 0, err: '' });
    expect(tree(dir)).toEqual(before);
    fs.appendFileSync(path.join(dir, 'apis/shop.example.dev/v1/order.ts'), '// mine\n');
    const edited = tree(dir);
    const refused = await run(['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], dir);
    expect(refused).toEqual({ code: 1, out: '', err: 'kubegen: apis/shop.example.dev/v1/order.ts exists with other contents; not overwriting (--force overwrites)\n' });
    expect(tree(dir)).toEqual(edited);
  });

  it.each([
    [['create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'order'], 'kubegen: --kind: "order" must be an UpperCamelCase name of letters and digits, e.g. Order\n'],
    [['init', '--group', 'shop.example.dev'], 'kubegen: --group, --version and --kind go together: give all three\n'],
    [['init', '--group', '../../x', '--version', 'v1', '--kind', 'X'], 'kubegen: --group: "../../x" must be a lower-case DNS subdomain with at least one dot, e.g. shop.example.dev\n'],
  ])('%j is refused and writes nothing', async (argv, err) => {
    const r = await run(argv, dir);
    expect(r).toEqual({ code: 1, out: '', err });
    expect(tree(dir)).toEqual({});
  });

  it('a malformed package.json is a one-line error naming the file', async () => {
    fs.writeFileSync(path.join(dir, 'package.json'), '{ nope');
    const r = await run(['init'], dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^kubegen: .*package\.json: not valid JSON: .*\n$/);
    expect(Object.keys(tree(dir))).toEqual(['package.json']);
  });
});

describe('the source layout', () => {
  it('places sources directly under <group>/ and writes no package files', () => {
    const { model, diagnostics } = loadApiModel(path.join(REPO, 'apis'), REPO);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const src = generateAll(model, { packageName: '@x/{group}', crd: {}, layout: 'source' }).files.map((f) => f.path);
    const pkg = generateAll(model, { packageName: '@x/{group}', crd: {} }).files.map((f) => f.path);
    expect(src).toContain('stable.example.com/v1/types.ts');
    expect(src).toContain('stable.example.com/crds/stable.example.com_crontabs.yaml');
    expect(src.filter((p) => /\/(package\.json|tsconfig\.json|README\.md)$/.test(p))).toEqual([]);
    // the same sources as the package layout, one directory up
    expect(src.sort()).toEqual(pkg.filter((p) => !/^[^/]+\/(package\.json|tsconfig\.json|README\.md)$/.test(p)).map((p) => p.replace(/^([^/]+)\/src\//, '$1/')).sort());
    expect(ownedDirs(model, 'source')).toEqual(model.groups.map((g) => g.name));
    expect(placeFile({ path: 'v1/types.ts', contents: '', group: 'g.io', role: 'source' }, 'source')).toBe('g.io/v1/types.ts');
  });

  it('a scaffolded project generates code that compiles with its own strict tsconfig, test included', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-init-tsc-'));
    try {
      expect((await run(['init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order'], dir)).code).toBe(0);
      const gen = await run(['generate'], dir);
      expect(gen).toMatchObject({ code: 0, err: '' });
      const files = Object.keys(tree(dir));
      expect(files).toContain('src/generated/shop.example.dev/crds/shop.example.dev_orders.yaml');
      expect(files).toContain('src/generated/shop.example.dev/fake/index.ts');
      const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } })!;
      const program = ts.createProgram({
        rootNames: config.fileNames,
        options: {
          ...config.options,
          // the runtime comes from its sources in this repository, outside the project (TypeScript 6 roots at the tsconfig)
          rootDir: path.parse(dir).root,
          noEmit: true,
          typeRoots: [path.join(REPO, 'node_modules/@types')],
          // src/main.ts imports the manager and the logger too
          paths: { ...RUNTIME_PATHS, ...Object.fromEntries(['controller', 'log'].map((e) => [`@kubegen/runtime/${e}`, [path.join(REPO, 'runtime/src', e, 'index.ts')]])) },
        },
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      expect(problems).toEqual([]);
      expect(config.fileNames.some((f) => f.endsWith('test/shop.example.dev.test.ts'))).toBe(true);
      // regenerating changes nothing; --verify agrees
      expect((await run(['generate', '--verify'], dir)).code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
