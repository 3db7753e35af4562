/**
 * The consumer test: a generated package is usable as a published npm package. `npm pack` the runtime and
 * `generated/stable.example.com`, install both from the tarballs into a fresh temporary project, compile a small
 * program against them with `tsc --strict`, and run it against the run's control plane (the CRD applied from the
 * installed package's `crds/` first): create, get and list a CronTab with the generated clientset, see a typed
 * NotFound, and use the generated fake clientset. The installed package also rebuilds on its own from its `src/`
 * and `tsconfig.json`.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { useE2e } from './support/namespace';
import { pack } from './support/shell';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');
const PACKAGE_DIR = path.join(REPO, 'generated/stable.example.com');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');

const e2e = useE2e(__filename);

async function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

const PROGRAM = `
import { isNotFound, type WatchEvent } from '@kubegen/runtime';
import { StableClientset, type StableInterface } from '@kubegen-generated/stable.example.com';
import type { CronTab, CronTabList } from '@kubegen-generated/stable.example.com/v1';
import { CronTabGVR, GroupVersion } from '@kubegen-generated/stable.example.com/v1';
import { newSimpleClientset } from '@kubegen-generated/stable.example.com/fake';

function cronTab(name: string, namespace: string): CronTab {
  return {
    apiVersion: \`\${GroupVersion.group}/\${GroupVersion.version}\`,
    kind: 'CronTab',
    metadata: { name, namespace, labels: { app: 'consumer' } },
    spec: { schedule: '* * * * */5', image: 'busybox', replicas: 2 },
  };
}

async function exercise(cs: StableInterface, namespace: string): Promise<{ created: string; got: number; listed: string[]; notFound: boolean }> {
  const client = cs.stableV1().cronTabs(namespace);
  const created: CronTab = await client.create(cronTab('consumer', namespace));
  const got: CronTab = await client.get('consumer');
  const list: CronTabList = await client.list({ labelSelector: 'app=consumer' });
  let notFound = false;
  try {
    await client.get('missing');
  } catch (err) {
    notFound = isNotFound(err);
  }
  return {
    created: created.metadata?.uid ?? '',
    got: got.spec.replicas ?? 0,
    listed: list.items.map((i) => i.metadata?.name ?? ''),
    notFound,
  };
}

async function main(): Promise<void> {
  const namespace = process.argv[2]!;
  const real = await StableClientset.fromKubeConfig();
  const fake = newSimpleClientset();
  const events: Array<WatchEvent<CronTab>['type']> = [];
  const w = await fake.stableV1().cronTabs(namespace).watch();
  const results = { resource: CronTabGVR.resource, real: await exercise(real, namespace), fake: await exercise(fake, namespace) };
  for await (const e of w) {
    events.push(e.type);
    break;
  }
  w.stop();
  process.stdout.write(JSON.stringify({ ...results, fakeActions: fake.actions().map((a) => a.verb), events }) + '\\n');
}

main().catch((err: unknown) => {
  process.stderr.write(String(err instanceof Error ? err.stack : err) + '\\n');
  process.exit(1);
});
`;

describe('a generated package installed from its npm tarball', () => {
  let tmp: string;
  let project: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-consumer-'));
    // the tarballs carry dist/: make sure it is current (incremental, fast when built)
    await sh(process.execPath, [TSC, '-b', 'runtime'], REPO);
    await sh(process.execPath, [TSC, '-p', 'tsconfig.json'], PACKAGE_DIR);
    const runtimeTgz = await pack(path.join(REPO, 'runtime'), tmp);
    const packageTgz = await pack(PACKAGE_DIR, tmp);

    project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, 'src'), { recursive: true });
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'kubegen-consumer', version: '0.0.0', private: true }, null, 2));
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            target: 'ES2022',
            lib: ['ES2023'],
            module: 'nodenext',
            moduleResolution: 'nodenext',
            outDir: 'dist',
            rootDir: 'src',
            skipLibCheck: false,
            types: ['node'],
          },
          include: ['src'],
        },
        null,
        2,
      ),
    );
    fs.writeFileSync(path.join(project, 'src/main.ts'), PROGRAM);
    // the packages under test from their tarballs; @types/node from the registry (the compiler is kubegen's)
    const typesNode = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['@types/node'];
    await sh('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', runtimeTgz, packageTgz, `@types/node@${typesNode}`], project);
  }, 600_000);

  afterAll(() => {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('installs the generated package with its CRDs, sources and declarations', () => {
    const installed = path.join(project, 'node_modules/@kubegen-generated/stable.example.com');
    for (const f of ['package.json', 'README.md', 'crds/stable.example.com_crontabs.yaml', 'dist/index.d.ts', 'dist/fake/index.js', 'dist/v1/client.d.ts']) {
      expect(fs.existsSync(path.join(installed, f))).toBe(true);
    }
    expect(fs.realpathSync(path.join(project, 'node_modules/@kubegen/runtime')).startsWith(project)).toBe(true);
  });

  it('compiles a consumer program with tsc --strict', async () => {
    await sh(process.execPath, [TSC, '-p', 'tsconfig.json', '--strict'], project);
    expect(fs.existsSync(path.join(project, 'dist/main.js'))).toBe(true);
  }, 300_000);

  it('builds the installed package on its own from its sources and tsconfig', async () => {
    const installed = path.join(project, 'node_modules/@kubegen-generated/stable.example.com');
    const outDir = path.join(tmp, 'rebuild');
    await sh(process.execPath, [TSC, '-p', path.join(installed, 'tsconfig.json'), '--outDir', outDir], project);
    expect(fs.readFileSync(path.join(outDir, 'v1/client.d.ts'), 'utf8')).toBe(fs.readFileSync(path.join(installed, 'dist/v1/client.d.ts'), 'utf8'));
  }, 300_000);

  it('runs it against the control plane', async () => {
    const crdFile = path.join(project, 'node_modules/@kubegen-generated/stable.example.com/crds/stable.example.com_crontabs.yaml');
    const crd = parse(fs.readFileSync(crdFile, 'utf8')) as { metadata: { name: string } };
    const created = await e2e.kube.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    expect([201, 409]).toContain(created.status);
    const listPath = `/apis/stable.example.com/v1/namespaces/${e2e.namespace}/crontabs`;
    await e2e.kube.eventually('the crontabs resource to be served', async () => ((await e2e.kube.get(listPath)).status === 200 ? true : undefined));

    const stdout = await sh(process.execPath, ['dist/main.js', e2e.namespace], project, { ...process.env, KUBECONFIG: e2e.connection.kubeconfigPath });
    const result = JSON.parse(stdout) as {
      resource: string;
      real: { created: string; got: number; listed: string[]; notFound: boolean };
      fake: { created: string; got: number; listed: string[]; notFound: boolean };
      fakeActions: string[];
      events: string[];
    };
    expect(result.resource).toBe('crontabs');
    expect(result.real).toEqual({ created: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, got: 2, listed: ['consumer'], notFound: true });
    expect(result.fake).toEqual({ created: expect.any(String) as unknown, got: 2, listed: ['consumer'], notFound: true });
    expect(result.fakeActions).toEqual(['watch', 'create', 'get', 'list', 'get']);
    expect(result.events).toEqual(['ADDED']);

    // the object really is on the server
    const onServer = await e2e.kube.get<{ spec: { replicas: number } }>(`${listPath}/consumer`);
    expect(onServer.status).toBe(200);
    expect(onServer.body.spec.replicas).toBe(2);
  }, 120_000);
});
