/**
 * kubegen in a user's project: `npm pack` kubegen and @kubegen/runtime, `npm i -D` both tarballs into a fresh
 * project outside the repository (every other dependency from the registry, as a user gets them), and run the
 * installed CLI there with `npx kubegen` on the Node.js that runs this test: the marker reference, `crd --stdout`
 * on a small API (the same bytes as the repository's CLI), `generate` and `generate --verify`, and a bad marker
 * reported as one `file:line:column` line. This proves that every module the packed CLI needs at run time is a
 * declared dependency and every file it reads is in the tarball. No control plane is used.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { renderMarkerReference } from '../../generator/markers';
import { pack } from './support/shell';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
/** The Node.js running this test first on PATH, so `npx` and the CLI run on it too (CI runs this on 20, 22 and 24). */
const ENV: NodeJS.ProcessEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` };

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function sh(cmd: string, args: string[], cwd: string): Promise<Result> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

async function ok(cmd: string, args: string[], cwd: string): Promise<string> {
  const r = await sh(cmd, args, cwd);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const DOC_TS = `// +groupName=shop.example.dev
export {};
`;

const ORDER_TS = `import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Order is a customer's order.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Order extends TypeMeta {
  metadata?: ObjectMeta;
  spec: OrderSpec;
  status?: OrderStatus;
}

export interface OrderSpec {
  /** +kubebuilder:validation:MinLength=1 */
  item: string;
  /**
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:default=1
   */
  quantity?: int32;
}

export interface OrderStatus {
  phase?: 'Pending' | 'Shipped';
}

/** +kubebuilder:object:root=true */
export interface OrderList extends TypeMeta {
  metadata?: ListMeta;
  items: Order[];
}
`;

describe('kubegen installed from its npm tarball into a fresh project', () => {
  let tmp: string;
  let project: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-install-'));
    // the tarballs carry dist/: make sure it is current (incremental, fast when built)
    await ok(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    const kubegenTgz = await pack(REPO, tmp);

    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, 'apis/shop/v1'), { recursive: true });
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'shop', version: '0.0.0', private: true }, null, 2) + '\n');
    fs.writeFileSync(path.join(project, 'apis/shop/v1/doc.ts'), DOC_TS);
    fs.writeFileSync(path.join(project, 'apis/shop/v1/order.ts'), ORDER_TS);
    fs.writeFileSync(path.join(project, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'generated', packageName: '@shop/{group}' }, null, 2) + '\n');
    await ok('npm', ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', runtimeTgz, kubegenTgz], project);
  }, 600_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('installs kubegen and its dependencies into the project, on the Node.js of this run', async () => {
    for (const dep of ['kubegen', '@kubegen/runtime', 'ajv', 'ajv-formats', 'typescript', 'handlebars', 'yargs']) {
      expect([dep, fs.realpathSync(path.join(project, 'node_modules', dep)).startsWith(fs.realpathSync(project))]).toEqual([dep, true]);
    }
    expect((await ok('node', ['--version'], project)).trim()).toBe(process.version);
  });

  it('npx kubegen markers prints the marker reference', async () => {
    expect(await ok('npx', ['--no', 'kubegen', 'markers', '--format', 'markdown'], project)).toBe(renderMarkerReference('markdown'));
  }, 120_000);

  it('npx kubegen crd --stdout prints the CRD the repository CLI prints', async () => {
    const installed = await ok('npx', ['--no', 'kubegen', 'crd', '--apis', 'apis', '--stdout'], project);
    const fromRepo = await ok(process.execPath, [path.join(REPO, 'bin/kubegen.js'), 'crd', '--apis', 'apis', '--stdout'], project);
    expect(installed).toContain('name: orders.shop.example.dev');
    expect(installed).toContain('default: 1');
    expect(installed).toBe(fromRepo);
  }, 120_000);

  it('npx kubegen generate writes the generated package, and --verify finds it current', async () => {
    const generated = path.join(project, 'generated/shop.example.dev');
    const out = await ok('npx', ['--no', 'kubegen', 'generate'], project);
    expect(out).toMatch(/wrote \d+/);
    for (const f of ['crds/shop.example.dev_orders.yaml', 'src/v1/types.ts', 'src/v1/client.ts', 'src/v1/deepcopy.ts', 'src/v1/defaults.ts', 'src/clientset.ts', 'tsconfig.json']) {
      expect([f, fs.existsSync(path.join(generated, f))]).toEqual([f, true]);
    }
    const pkg = JSON.parse(fs.readFileSync(path.join(generated, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string>; devDependencies?: Record<string, string> };
    const kubegen = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };
    expect(pkg.name).toBe('@shop/shop.example.dev');
    expect(pkg.dependencies['@kubegen/runtime']).toBe(kubegen.version);
    expect(pkg.devDependencies?.typescript).toBe(kubegen.dependencies.typescript);
    expect(await ok('npx', ['--no', 'kubegen', 'generate', '--verify'], project)).toMatch(/up to date/);
  }, 120_000);

  it('reports a bad marker as one file:line:column line and writes nothing', async () => {
    const bad = path.join(tmp, 'bad');
    fs.mkdirSync(path.join(bad, 'apis/shop/v1'), { recursive: true });
    fs.writeFileSync(path.join(bad, 'apis/shop/v1/doc.ts'), DOC_TS);
    fs.writeFileSync(path.join(bad, 'apis/shop/v1/order.ts'), ORDER_TS.replace('+kubebuilder:validation:MinLength=1', '+kubebuilder:validation:MinLenght=1'));
    const r = await sh(path.join(project, 'node_modules/.bin/kubegen'), ['crd', '--apis', 'apis', '--out', 'crds'], bad);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^apis\/shop\/v1\/order\.ts:\d+:\d+ - error KG\d+: unknown marker "\+kubebuilder:validation:MinLenght"/m);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(path.join(bad, 'crds'))).toBe(false);
  }, 120_000);
});
