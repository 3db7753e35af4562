import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildKubeconfig, parseDuration, resolveControlPlaneBinaries } from '../../../../runtime/src/testing';
import { etcdVersionOf, stagingModules } from '../../../../runtime/src/testing/binaries';
import { withFileLock } from '../../../../runtime/src/testing/lock';

// This file spawns processes: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

describe('parseDuration (envtest timeout variables)', () => {
  test.each([
    { given: undefined, want: undefined },
    { given: '', want: undefined },
    { given: '20', want: 20_000 },
    { given: '90s', want: 90_000 },
    { given: '1m30s', want: 90_000 },
    { given: '500ms', want: 500 },
    { given: '1h', want: 3_600_000 },
  ])('$given → $want', ({ given, want }) => expect(parseDuration(given)).toBe(want));

  test('rejects garbage', () => expect(() => parseDuration('soon')).toThrow(/invalid duration "soon"/));
});

describe('build inputs derived from the Kubernetes release', () => {
  test('stagingModules lists the ./staging replacements, sorted, nothing else', () => {
    const goMod = [
      'module k8s.io/kubernetes',
      'require k8s.io/api v0.0.0',
      'replace (',
      '\tk8s.io/client-go => ./staging/src/k8s.io/client-go',
      '\tk8s.io/api => ./staging/src/k8s.io/api',
      '\tgithub.com/foo/bar => github.com/foo/bar v1.2.3',
      ')',
      'replace k8s.io/kms => ./staging/src/k8s.io/kms',
    ].join('\n');
    expect(stagingModules(goMod)).toEqual(['k8s.io/api', 'k8s.io/client-go', 'k8s.io/kms']);
  });

  test('etcdVersionOf reads build/dependencies.yaml', () => {
    expect(etcdVersionOf({ dependencies: [{ name: 'golang' }, { name: 'etcd', version: '3.7.0' }] })).toBe('3.7.0');
    expect(() => etcdVersionOf({ dependencies: [] })).toThrow(/does not list an etcd version/);
  });
});

describe('resolveControlPlaneBinaries', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-unit-'));
    for (const name of ['kube-apiserver', 'etcd']) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('TEST_ASSET_* come first', async () => {
    const env = { TEST_ASSET_KUBE_APISERVER: path.join(dir, 'kube-apiserver'), TEST_ASSET_ETCD: path.join(dir, 'etcd'), KUBEBUILDER_ASSETS: '/nowhere' };
    await expect(resolveControlPlaneBinaries({ env, build: false })).resolves.toEqual({
      kubeApiServer: env.TEST_ASSET_KUBE_APISERVER,
      etcd: env.TEST_ASSET_ETCD,
      source: 'environment',
    });
  });

  test('then KUBEBUILDER_ASSETS', async () => {
    const got = await resolveControlPlaneBinaries({ env: { KUBEBUILDER_ASSETS: dir }, build: false });
    expect(got).toEqual({ kubeApiServer: path.join(dir, 'kube-apiserver'), etcd: path.join(dir, 'etcd'), source: 'environment' });
  });

  test('a variable naming a missing file is an error, not a fall-through', async () => {
    await expect(resolveControlPlaneBinaries({ env: { TEST_ASSET_ETCD: '/no/such/etcd' }, build: false })).rejects.toThrow(
      'TEST_ASSET_ETCD=/no/such/etcd: /no/such/etcd does not exist or is not executable',
    );
  });

  test('then the cache, laid out <cache>/k8s/<version>-<os>-<arch>', async () => {
    const assets = path.join(dir, 'k8s', '1.2.3-linux-amd64');
    fs.mkdirSync(assets, { recursive: true });
    for (const name of ['kube-apiserver', 'etcd']) fs.copyFileSync(path.join(dir, name), path.join(assets, name));
    const got = await resolveControlPlaneBinaries({ env: {}, cacheDir: dir, kubernetesVersion: '1.2.3', build: false });
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(got).toEqual({ kubeApiServer: path.join(assets, 'kube-apiserver'), etcd: path.join(assets, 'etcd'), source: 'cache', directory: assets });
    }
  });

  test('without binaries and without Go: an error that says what to install or set', async () => {
    const attempt = resolveControlPlaneBinaries({ env: {}, cacheDir: dir, kubernetesVersion: '1.2.3', goBinary: path.join(dir, 'no-go'), log: () => undefined });
    await expect(attempt).rejects.toThrow(/is not installed[\s\S]*install Go[\s\S]*KUBEBUILDER_ASSETS[\s\S]*TEST_ASSET_KUBE_APISERVER and TEST_ASSET_ETCD/);
  });
});

describe('withFileLock', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-unit-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('excludes concurrent holders and removes the lock file afterwards', async () => {
    const lock = path.join(dir, 'x.lock');
    const events: string[] = [];
    const hold = (name: string) =>
      withFileLock(
        lock,
        async () => {
          events.push(`${name}+`);
          await new Promise((r) => setTimeout(r, 50));
          events.push(`${name}-`);
        },
        { pollIntervalMs: 10 },
      );
    await Promise.all([hold('a'), hold('b')]);
    expect([events.join(' ')]).toContainEqual(expect.stringMatching(/^(a\+ a- b\+ b-|b\+ b- a\+ a-)$/));
    expect(fs.existsSync(lock)).toBe(false);
  });

  test('takes over a lock whose holder process is gone', async () => {
    const lock = path.join(dir, 'x.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), since: 'then' }));
    await expect(withFileLock(lock, async () => 'done', { pollIntervalMs: 10 })).resolves.toBe('done');
  });
});

test('buildKubeconfig: one cluster, one token user, one current context', () => {
  const config = buildKubeconfig({ server: 'https://127.0.0.1:1', ca: 'PEM', token: 't' });
  expect(config).toMatchObject({
    clusters: [{ name: 'kubegen-envtest', cluster: { server: 'https://127.0.0.1:1', 'certificate-authority-data': Buffer.from('PEM').toString('base64') } }],
    users: [{ name: 'kubegen-envtest-admin', user: { token: 't' } }],
    contexts: [{ name: 'kubegen-envtest', context: { cluster: 'kubegen-envtest', user: 'kubegen-envtest-admin' } }],
    'current-context': 'kubegen-envtest',
  });
});
