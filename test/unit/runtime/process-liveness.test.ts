/**
 * Awaited runtime work keeps Node alive; a running manager keeps it alive until stopped (issue 24, item 4).
 *
 * Each case runs a small CommonJS script (test/unit/runtime/liveness/) over the built runtime in a fresh node. The
 * API server it talks to runs HERE, in the test process, so nothing in the child holds its event loop but the
 * runtime itself: before the rule, each of these scripts exited silently with status 0 part-way through (its
 * pending work was an unref'd timer and nothing else).
 */
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../..');
const SCRIPTS = path.join(__dirname, 'liveness');
let DIST: string;

beforeAll(async () => {
  // The children run a private build of the runtime's sources, not runtime/dist: another test (runtime-lean) or an
  // `npm run build` may rewrite runtime/dist while they load it. Under node_modules/ so its imports resolve. Type
  // errors are `tsc --noEmit`'s to report; the JavaScript is emitted regardless, and its absence fails here.
  const cache = path.join(REPO, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  DIST = fs.mkdtempSync(path.join(cache, 'kubegen-liveness-'));
  const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
  const flags = ['--outDir', DIST, '--composite', 'false', '--incremental', 'false', '--declaration', 'false', '--sourceMap', 'false'];
  const built = await promisify(execFile)(process.execPath, [tsc, '-p', 'runtime/tsconfig.json', ...flags], { cwd: REPO }).then(
    () => '',
    (err: unknown) => (typeof err === 'object' && err !== null && 'stdout' in err && typeof err.stdout === 'string' ? err.stdout : ''),
  );
  if (!fs.existsSync(path.join(DIST, 'index.js'))) throw new Error(`the runtime did not build:\n${built}`);
}, 180_000);

afterAll(() => fs.rmSync(DIST, { recursive: true, force: true }));

/** How the fake API server answers a request: given the response, how often it was asked (from 1) and its body. */
type Route = (res: http.ServerResponse, count: number, body: string) => void;

interface FakeApiServer {
  url: string;
  /** Requests per `METHOD path?watch`. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

/** A fake API server on 127.0.0.1; `routes` by `METHOD path` (`?watch` appended for watches). */
async function fakeApiServer(routes: Record<string, Route>): Promise<FakeApiServer> {
  const counts = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = `${req.method} ${url.pathname}${url.searchParams.get('watch') === 'true' ? '?watch' : ''}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    const route = routes[key];
    if (!route) {
      json(res, 404, status(404, 'NotFound', `no route ${key}`));
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => route(res, count, body));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, code: number, body: unknown): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function status(code: number, reason: string, message: string): unknown {
  return { apiVersion: 'v1', kind: 'Status', status: 'Failure', reason, code, message };
}

/** An open watch that sends `events` and then stays open until the client goes. */
function openWatch(res: http.ServerResponse, events: unknown[] = []): void {
  res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  for (const e of events) res.write(`${JSON.stringify(e)}\n`);
}

const configMap = (name: string, rv: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', resourceVersion: rv } });
const configMapList = (rv: string, items: unknown[]) => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: { resourceVersion: rv }, items });

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a liveness script; `during(child)` runs once it printed `waitFor` (when given). */
function runScript(script: string, args: string[], env: Record<string, string>, control?: { waitFor: string; during: (child: ReturnType<typeof spawn>) => Promise<void> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(SCRIPTS, script), ...args], {
      env: { PATH: process.env['PATH'] ?? '', RUNTIME_DIST: DIST, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let triggered = false;
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (control && !triggered && stdout.includes(control.waitFor)) {
        triggered = true;
        control.during(child).catch(reject);
      }
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('awaited work keeps the process alive until it is done', () => {
  const CRD = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
  const CMS = '/api/v1/configmaps';
  it.each([
    {
      name: 'installCRDs polling until Established (the server establishes the CRD on the 4th poll)',
      script: 'install-crds.js',
      routes: (): Record<string, Route> => ({
        [`POST ${CRD}`]: (res, _n, body) => json(res, 201, JSON.parse(body)),
        [`GET ${CRD}/widgets.example.com`]: (res, n) =>
          json(res, 200, {
            apiVersion: 'apiextensions.k8s.io/v1',
            kind: 'CustomResourceDefinition',
            metadata: { name: 'widgets.example.com', resourceVersion: String(n) },
            status: { conditions: n >= 4 ? [{ type: 'Established', status: 'True' }] : [] },
          }),
      }),
      want: { stdout: 'done: widgets.example.com established\n', counts: { [`GET ${CRD}/widgets.example.com`]: 4 } },
    },
    {
      name: 'waitForCacheSync while the server refuses the first two lists (the reflector backs off)',
      script: 'cache-sync.js',
      routes: (): Record<string, Route> => ({
        [`GET ${CMS}`]: (res, n) => (n <= 2 ? json(res, 403, status(403, 'Forbidden', 'configmaps is forbidden')) : json(res, 200, configMapList('7', [configMap('a', '7')]))),
        [`GET ${CMS}?watch`]: (res) => openWatch(res),
      }),
      want: { stdout: 'done: synced [["/v1/configmaps",true]] with ns/a\n', counts: { [`GET ${CMS}`]: 3 } },
    },
    {
      name: 'a watch: the first watch is refused, the object awaited arrives on the watch after the backoff',
      script: 'watch.js',
      routes: (): Record<string, Route> => ({
        [`GET ${CMS}`]: (res) => json(res, 200, configMapList('7', [])),
        [`GET ${CMS}?watch`]: (res, n) => (n === 1 ? json(res, 403, status(403, 'Forbidden', 'watch is forbidden')) : openWatch(res, [{ type: 'ADDED', object: configMap('late', '8') }])),
      }),
      want: { stdout: 'done: saw ns/late\n', counts: { [`GET ${CMS}?watch`]: 2 } },
    },
  ])('$name', async ({ script, routes, want }) => {
    const server = await fakeApiServer(routes());
    try {
      const run = await runScript(script, [], { SERVER: server.url });
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: want.stdout, stderr: '' });
      for (const [key, n] of Object.entries(want.counts)) expect([key, server.counts.get(key)]).toEqual([key, n]);
    } finally {
      await server.close();
    }
  });

  it.each([
    { name: 'clockSleep on realClock', want: 'true' },
    { name: 'abortableSleep', want: 'undefined' },
    { name: 'retryOnError backing off', want: '3' },
    { name: 'a delaying queue: get() of an item added after a delay', want: '"x"' },
    { name: 'a rate-limited requeue', want: '"x"' },
    { name: "leader election retrying until another holder's lease expires", want: '"me after 3 or more tries"' },
  ])('a backoff sleep: $name', async ({ name, want }) => {
    const run = await runScript('sleep.js', [name], {});
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: `done: ${name} → ${want}\n`, stderr: '' });
  });
});

describe('a running manager keeps the process alive until stopped', () => {
  it('is still running long after start; SIGTERM (aborting its signal) stops it gracefully with status 0', async () => {
    const ALIVE_MS = 1500;
    let aliveAfterWait: boolean | undefined;
    const run = await runScript('manager.js', [], {}, {
      waitFor: 'running\n',
      during: async (child) => {
        // wait ALIVE_MS, or less if the child exits first (it did, before the rule: at once, with status 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ALIVE_MS);
          child.once('exit', () => { clearTimeout(timer); resolve(); });
        });
        aliveAfterWait = child.exitCode === null && child.signalCode === null;
        child.kill('SIGTERM');
      },
    });
    expect({ aliveAfterWait, code: run.code, signal: run.signal, stdout: run.stdout, stderr: run.stderr }).toEqual({
      aliveAfterWait: true,
      code: 0,
      signal: null,
      stdout: 'running\nrunnable stopping\ndone: stopped gracefully\n',
      stderr: '',
    });
  });
});
