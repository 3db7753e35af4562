/**
 * kubegen in a user's project, as a user gets it: `npm pack` kubegen and `@kubegen/runtime`, install both from the
 * tarballs into a fresh project outside the repository (which already has a package.json), then
 * `npx kubegen init --group shop.example.dev --version v1 --kind Order`, `npm install`, `npx kubegen generate`,
 * `npx tsc --noEmit --strict -p .`, `npm test` (the scaffolded jest snapshot test), and a program compiled by the
 * project's own build (src/ → dist/, beside the scaffolded operator's src/main.ts) that creates an Order through the
 * generated clientset on the run's control plane. Then the scaffolded operator itself: `create api --controller` for the
 * kind, `npm run build`, and `node dist/main.js` against the control plane reconciles the Order, answers its health
 * probe, and stops on SIGTERM with exit status 0.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import { useE2e } from './support/namespace';
import { pack, sh } from './support/shell';

const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

const e2e = useE2e(__filename);

const MAIN = `
import { ShopClientset } from './generated/shop.example.dev';
import type { Order } from './generated/shop.example.dev/v1';

async function main(): Promise<void> {
  const namespace = process.argv[2]!;
  const cs = await ShopClientset.fromKubeConfig();
  const order: Order = { apiVersion: 'shop.example.dev/v1', kind: 'Order', metadata: { name: 'first' }, spec: { image: 'nginx:1.27' } };
  const created = await cs.shopV1().orders(namespace).create(order);
  const listed = await cs.shopV1().orders(namespace).list();
  process.stdout.write(JSON.stringify({ uid: created.metadata?.uid, replicas: created.spec.replicas, listed: listed.items.map((o) => o.metadata?.name) }) + '\\n');
}

main().catch((err: unknown) => {
  process.stderr.write(String(err instanceof Error ? err.message : err) + '\\n');
  process.exit(1);
});
`;

describe('a fresh project: npm i -D kubegen, kubegen init, generate, tsc, npm test', () => {
  let tmp: string;
  let project: string;
  const npx = (args: string[]) => sh('npx', ['--no-install', ...args], project);

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-fresh-'));
    // the tarballs carry dist/: make sure it is current (incremental, fast when built)
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    const kubegenTgz = await pack(REPO, tmp);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    project = path.join(tmp, 'shop');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'shop', version: '1.0.0', private: true }, null, 2) + '\n');
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', kubegenTgz, runtimeTgz], project);
  }, 600_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('kubegen init scaffolds the project and the Order API', async () => {
    const { stdout } = await npx(['kubegen', 'init', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order']);
    expect(stdout).toMatch(/^created +apis\/shop\.example\.dev\/v1\/order\.ts$/m);
    const pj = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
    expect(pj.scripts).toMatchObject({ generate: 'kubegen generate', verify: 'kubegen generate --verify', test: 'jest' });
    expect(pj.devDependencies.kubegen).toMatch(/^file:/); // the tarball the user installed stays
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], project);
  }, 600_000);

  it('kubegen generate writes the source layout; the strict build and the scaffolded jest test pass', async () => {
    const { stdout } = await npx(['kubegen', 'generate']);
    // the generated code; with `deploy` in kubegen.config.json also the deploy tree, on a line of its own
    expect(stdout).toMatch(/^kubegen: wrote \d+, unchanged 0 in .*src\/generated\n/);
    expect(fs.existsSync(path.join(project, 'src/generated/shop.example.dev/v1/client.ts'))).toBe(true);
    await npx(['tsc', '--noEmit', '--strict', '-p', '.']);
    const test = await sh('npm', ['test', '--', '--ci=false'], project);
    expect(test.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    expect(test.stderr).toMatch(/Snapshots:\s+1 written/);
    const again = await sh('npm', ['test', '--', '--ci'], project);
    expect(again.stderr).toMatch(/Snapshots:\s+1 passed/);
    await sh('npm', ['run', 'verify'], project);
  }, 600_000);

  it("the project's own build compiles a program whose generated client talks to the control plane", async () => {
    fs.writeFileSync(path.join(project, 'src/create-order.ts'), MAIN);
    await sh('npm', ['run', 'build'], project);
    const crd = parse(fs.readFileSync(path.join(project, 'src/generated/shop.example.dev/crds/shop.example.dev_orders.yaml'), 'utf8')) as { metadata: { name: string } };
    const created = await e2e.kube.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    expect([201, 409]).toContain(created.status);
    const listPath = `/apis/shop.example.dev/v1/namespaces/${e2e.namespace}/orders`;
    await e2e.kube.eventually('the orders resource to be served', async () => ((await e2e.kube.get(listPath)).status === 200 ? true : undefined));
    const { stdout } = await sh(process.execPath, ['dist/create-order.js', e2e.namespace], project, { ...process.env, KUBECONFIG: e2e.connection.kubeconfigPath });
    // replicas comes back defaulted by the apiserver from the generated CRD's schema
    expect(JSON.parse(stdout)).toEqual({ uid: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, replicas: 1, listed: ['first'] });
  }, 300_000);

  it('the scaffolded operator reconciles the Order on the control plane and stops on SIGTERM with status 0', async () => {
    const created = await npx(['kubegen', 'create', 'api', '--group', 'shop.example.dev', '--version', 'v1', '--kind', 'Order', '--resource=false', '--controller']);
    expect(created.stdout).toMatch(/^updated +src\/main\.ts$/m);
    await npx(['kubegen', 'generate']);
    await sh('npm', ['run', 'build'], project);
    const child = spawn(process.execPath, ['dist/main.js', '--kubeconfig', e2e.connection.kubeconfigPath, '--health-probe-bind-address', '127.0.0.1:0', '--log-format', 'json'], { cwd: project });
    let logs = '';
    child.stdout.on('data', (b: Buffer) => (logs += b.toString()));
    child.stderr.on('data', (b: Buffer) => (logs += b.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { resolve(code); }));
    try {
      // the Order the previous test created, reconciled by the scaffolded reconciler
      await e2e.kube.eventually('the operator to reconcile the Order', () => Promise.resolve(/"msg":"reconciling Order"[^\n]*"name":"first"/.test(logs) ? true : undefined), 120_000);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const records = logs.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string });
    expect(records.map((r) => r.msg)).toEqual(expect.arrayContaining(['starting manager', 'received a signal, stopping', 'manager stopped']));
  }, 600_000);
});
