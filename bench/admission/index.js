'use strict';
/**
 * Admission benchmark: AdmissionReview requests per second over TLS, kubegen's AdmissionServer (runtime/dist, run by
 * server.js) against controller-runtime v0.25's webhook server (go/main.go `serve`), on the same validating handler
 * (CronTab: replicas at most 10, a schedule required), driven by the same load generator (go/main.go `load`: N
 * keep-alive HTTP/1.1 connections POSTing one AdmissionReview for a fixed time; every answer must be 200 and
 * allowed). Each measurement starts a fresh server process; rounds alternate which server goes first, and each
 * server's figure is the median over rounds. The Go program is built once per source hash into
 * ~/.cache/kubegen/bench (modules from the Go proxy).
 *
 * With `taskset` and at least two CPUs, each server is pinned to CPU 0 and the load generator to CPU 1, so both
 * servers get the same CPU budget (one core: Node serves JavaScript on one thread) and the load generator does not
 * compete with them; BENCH_ADMISSION_PIN=0 runs unpinned.
 *
 * Ends with `RESULT admission requests_per_s=<kubegen> ratio=<kubegen/controller-runtime> goal=0.8`.
 *
 * Environment: BENCH_ADMISSION_ROUNDS (default 3), BENCH_ADMISSION_SECONDS (per measurement, default 5),
 * BENCH_ADMISSION_CONCURRENCY (default 16), BENCH_ADMISSION_PIN (default 1).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawn, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const ROUNDS = Number(process.env.BENCH_ADMISSION_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_ADMISSION_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_ADMISSION_CONCURRENCY ?? 16);
const PATH = '/validate-stable-example-com-v1-crontab';
const GO_DIR = path.join(__dirname, 'go');

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function canPin() {
  if (process.env.BENCH_ADMISSION_PIN === '0' || os.availableParallelism() < 2) return false;
  return spawnSync('taskset', ['-c', '0', 'true']).status === 0;
}

/** The Go program, built once per hash of its sources into the cache outside the repository. */
function goBinary() {
  const hash = crypto.createHash('sha256');
  for (const f of ['go.mod', 'go.sum', 'main.go']) hash.update(fs.readFileSync(path.join(GO_DIR, f)));
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'kubegen', 'bench');
  const bin = path.join(dir, `admission-bench-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(bin)) return bin;
  fs.mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  execFileSync('go', ['build', '-o', `${bin}.tmp`, '.'], { cwd: GO_DIR, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOFLAGS: '-mod=mod' } });
  fs.renameSync(`${bin}.tmp`, bin);
  console.log(`built the controller-runtime peer in ${((Date.now() - t0) / 1000).toFixed(1)} s (${bin})`);
  return bin;
}

function freePort() {
  const net = require('node:net');
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts a server process; resolves once it printed `listening`. */
function startServer(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${err}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('listening')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code}: ${err}`));
    });
  });
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

function runLoad(bin, pin, port, files, seconds) {
  const args = ['load', `-url=https://127.0.0.1:${port}${PATH}`, `-ca=${files.caFile}`, `-body=${files.bodyFile}`, `-c=${CONCURRENCY}`, `-duration=${seconds}s`];
  const r = pin ? spawnSync('taskset', ['-c', '1', bin, ...args], { encoding: 'utf8' }) : spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`load generator failed: ${r.stderr}`);
  const { requests, seconds: took, errors } = JSON.parse(r.stdout.trim());
  if (errors > 0) throw new Error(`load generator saw ${errors} failed requests`);
  return requests / took;
}

/** One measurement on a fresh server process: warm-up, then the timed load. */
async function measure(name, bin, pin, files) {
  const port = await freePort();
  const server =
    name === 'kubegen'
      ? [process.execPath, [path.join(__dirname, 'server.js'), files.dir, String(port)]]
      : [bin, ['serve', `-cert-dir=${files.dir}`, `-port=${port}`]];
  const [command, args] = pin ? ['taskset', ['-c', '0', ...server.flat()]] : server;
  const child = await startServer(command, args);
  try {
    runLoad(bin, pin, port, files, 1);
    return runLoad(bin, pin, port, files, SECONDS);
  } finally {
    await stop(child);
  }
}

function reviewBody() {
  const object = {
    apiVersion: 'stable.example.com/v1',
    kind: 'CronTab',
    metadata: {
      name: 'bench',
      namespace: 'default',
      uid: '6e1a3f52-4c1b-4b8e-9d2a-0f1e2d3c4b5a',
      resourceVersion: '12345',
      generation: 1,
      creationTimestamp: '2026-01-01T00:00:00Z',
      labels: { app: 'bench', tier: 'batch' },
      annotations: { 'example.com/owner': 'team-a' },
    },
    spec: { schedule: '*/5 * * * *', image: 'busybox:1.36', replicas: 3, timeZone: 'Etc/UTC' },
  };
  return JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: '0d0a9a6b-6d7e-4c55-9b7a-3c1d2e4f5a6b',
      kind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' },
      resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' },
      requestKind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' },
      requestResource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' },
      name: 'bench',
      namespace: 'default',
      operation: 'CREATE',
      userInfo: { username: 'system:admin', groups: ['system:masters', 'system:authenticated'] },
      object,
      oldObject: null,
      dryRun: false,
      options: { apiVersion: 'meta.k8s.io/v1', kind: 'CreateOptions' },
    },
  });
}

async function main() {
  const bin = goBinary();
  const pin = canPin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-admission-'));
  try {
    const certs = testing.makeServingCertificates({ hosts: ['127.0.0.1', 'localhost'] });
    const written = testing.writeServingCertificates(dir, certs);
    const bodyFile = path.join(dir, 'review.json');
    fs.writeFileSync(bodyFile, reviewBody());
    const files = { dir, caFile: written.caFile, bodyFile };
    console.log(`${ROUNDS} rounds × ${SECONDS} s, ${CONCURRENCY} keep-alive connections, ${pin ? 'servers pinned to CPU 0, load generator to CPU 1' : 'unpinned'}`);
    const results = { kubegen: [], 'controller-runtime': [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['kubegen', 'controller-runtime'] : ['controller-runtime', 'kubegen'];
      for (const name of order) results[name].push(await measure(name, bin, pin, files));
      console.log(`round ${round + 1}/${ROUNDS}: kubegen ${results.kubegen[round].toFixed(0)} req/s, controller-runtime ${results['controller-runtime'][round].toFixed(0)} req/s`);
    }
    const kg = median(results.kubegen);
    const cr = median(results['controller-runtime']);
    console.log(`median: kubegen AdmissionServer ${kg.toFixed(0)} req/s, controller-runtime webhook server ${cr.toFixed(0)} req/s, kubegen/controller-runtime = ${(kg / cr).toFixed(2)} (goal ≥ 0.8)`);
    console.log(`RESULT admission requests_per_s=${kg.toFixed(0)} ratio=${(kg / cr).toFixed(2)} goal=0.8`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
