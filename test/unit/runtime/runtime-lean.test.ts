/**
 * The built runtime (runtime/dist) in child processes: requiring it loads none of its dependencies
 * (client-node, undici, yaml); a token kubeconfig never loads client-node; an exec kubeconfig runs a real exec
 * plugin through the real @kubernetes/client-node (a dev dependency here, an optional peer for users).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from '../helpers/generated';

// This file spawns processes: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../../..');
const DIST = path.join(REPO, 'runtime/dist/index.js');

let dir: string;

beforeAll(async () => {
  // the child processes use dist/: make sure it is current (incremental, fast when built)
  await run(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-b', 'runtime'], { cwd: REPO });
  dir = tempDir('runtime-lean');
}, 180_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `script` (CommonJS, `runtime` bound to the built runtime) in a fresh node; its stdout parsed as JSON. */
async function child(script: string, env: NodeJS.ProcessEnv = {}): Promise<Record<string, unknown>> {
  const prelude = `const runtime = require(${JSON.stringify(DIST)});
const loaded = () => Object.keys(require.cache).filter((f) => f.includes('node_modules')).map((f) => f.replace(/.*node_modules\\//, '').split('/').slice(0, f.includes('node_modules/@') ? 2 : 1).join('/')).filter((v, i, a) => a.indexOf(v) === i).sort();
`;
  const { stdout } = await run(process.execPath, ['-e', `${prelude}(async () => {${script}})().catch((e) => { console.log(JSON.stringify({ error: e.message })); });`], {
    cwd: dir,
    env: { PATH: process.env['PATH'], HOME: path.join(dir, 'home'), ...env },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the built runtime stays lean', () => {
  it('require() loads no dependency', async () => {
    expect(await child(`console.log(JSON.stringify({ loaded: loaded(), exports: typeof runtime.loadFromDefault }))`)).toEqual({ loaded: [], exports: 'function' });
  });

  it('a token kubeconfig loads yaml, not client-node; the first request loads no dependency (Node\'s HTTP client)', async () => {
    const kc = path.join(dir, 'token.yaml');
    fs.writeFileSync(kc, 'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n');
    const got = await child(
      `const config = await runtime.loadFromDefault();
       const rest = runtime.createRestClient(config, { sleep: async () => undefined });
       const before = loaded();
       await rest.request({ method: 'GET', path: '/version', timeoutMs: 2000 }).catch(() => undefined);
       await rest.close();
       console.log(JSON.stringify({ before, after: loaded(), headers: await config.headers() }));`,
      { KUBECONFIG: kc },
    );
    expect(got).toEqual({ before: ['yaml'], after: ['yaml'], headers: { authorization: 'Bearer t' } });
  });

  it('no kubeconfig at all: the one-line message, not the one of client-node', async () => {
    expect(await child(`await runtime.loadFromDefault();`)).toEqual({ error: 'no kubeconfig found (looked in $KUBECONFIG, ~/.kube/config, in-cluster)' });
  });

  it('an exec user runs its plugin through the real client-node', async () => {
    const plugin = path.join(dir, 'bin', 'cred.js');
    fs.mkdirSync(path.dirname(plugin), { recursive: true });
    fs.writeFileSync(
      plugin,
      `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'exec-' + process.argv[2] } }));\n`,
    );
    const kc = path.join(dir, 'exec.yaml');
    fs.writeFileSync(
      kc,
      'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]\n' +
        `users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: ${JSON.stringify(process.execPath)}, args: [bin/cred.js, abc], interactiveMode: Never}}}]\n` +
        'contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n',
    );
    const got = await child(`const config = await runtime.loadFromDefault(); console.log(JSON.stringify({ headers: await config.headers() }));`, { KUBECONFIG: kc });
    expect(got).toEqual({ headers: { authorization: 'Bearer exec-abc' } });
  });

  it('the operator subpaths load no dependency; prometheusMetrics() loads prom-client (an optional peer)', async () => {
    const dist = path.dirname(DIST);
    const got = await child(
      `const controller = require(${JSON.stringify(path.join(dist, 'controller/index.js'))});
       for (const sub of ['controllerutil', 'leaderelection', 'events']) require(${JSON.stringify(dist)} + '/' + sub + '/index.js');
       const before = loaded();
       let after;
       try { controller.prometheusMetrics(); after = loaded(); } catch (e) { after = e.message; }
       console.log(JSON.stringify({ before, after }));`,
    );
    expect(got.before).toEqual([]);
    expect(got.after).toEqual(expect.arrayContaining(['prom-client']));
  });
});
