'use strict';
/**
 * Admission benchmark, large bodies (issue 23, item 5): how long `/healthz` takes to answer while six 7 MiB
 * AdmissionReviews are in flight. A 7 MiB review of many small values takes seconds of CPU to parse; a server that
 * parses it in one go (`JSON.parse` and a depth walk on 'end') answers nothing meanwhile — not `/healthz`, so the
 * kubelet's probes fail — and requests still arriving time out (408).
 *
 * Servers, each in a fresh process serving the same certificate and the same validating rule (bench/admission's):
 * - `kubegen`: the runtime's AdmissionServer (runtime/dist, bench/admission/server.js), which parses bodies in
 *   slices, large ones taking turns;
 * - `node-https`: the named peer, a plain node:https server that parses synchronously (./peer.js) — what kubegen's
 *   server did before the fix.
 * For each: six concurrent POSTs of the same 7 MiB review (each on its own connection), and meanwhile a probe that
 * sends `GET /healthz` on a new TLS connection (as the kubelet does) every 25 ms after the previous answer, from the
 * first byte sent until the last review is answered. The probe runs in a process of its own (./probe.js), as the
 * kubelet does: in the bench process its latencies included this process's own event loop encrypting the uploads
 * (the first probes measured 300-400 ms that way). Reported per server: the probes' latency p50 / max, the number
 * of probes, the reviews' answers (200 / 408 / …) and the time until the last one.
 *
 * Ends with `RESULT admission-large healthz_max_ms=<kubegen max> ratio=<kubegen max / node-https max> goal=100`:
 * the goal is on healthz_max_ms (≤ 100 ms); the ratio compares with the peer measured in the same run.
 *
 * Environment: BENCH_ADMISSION_LARGE_ROUNDS (default 1; servers alternate who goes first, the max over rounds is
 * reported), BENCH_ADMISSION_LARGE_REVIEWS (default 6), BENCH_ADMISSION_LARGE_MIB (default 7).
 */
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { fork, spawn } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const ROUNDS = Number(process.env.BENCH_ADMISSION_LARGE_ROUNDS ?? 1);
const REVIEWS = Number(process.env.BENCH_ADMISSION_LARGE_REVIEWS ?? 6);
const MIB = Number(process.env.BENCH_ADMISSION_LARGE_MIB ?? 7);
const PATH = '/validate-stable-example-com-v1-crontab';
const PROBE_GAP_MS = 25;

/** A review of `MIB` MiB (at most; the server's limit is 7 MiB): a CronTab whose spec holds many small objects. */
function reviewBody() {
  const object = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'large', namespace: 'default' }, spec: { schedule: '*/5 * * * *', replicas: 3, items: [] } };
  const head = JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: { uid: '0d0a9a6b-6d7e-4c55-9b7a-3c1d2e4f5a6b', kind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' }, resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' }, operation: 'CREATE', userInfo: { username: 'bench' }, object },
  });
  const unit = '{"a":[]}';
  const count = Math.floor((MIB * 1024 * 1024 - head.length - 16) / (unit.length + 1));
  return Buffer.from(head.replace('"items":[]', `"items":[${Array(count).fill(unit).join(',')}]`));
}

function startServer(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`${args[0]} did not start: ${err}`)), 60_000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited with ${code}: ${err}`));
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

function request(port, ca, method, urlPath, body) {
  return new Promise((resolve) => {
    const req = https.request({ host: '127.0.0.1', port, method, path: urlPath, ca, agent: false, headers: body ? { 'Content-Type': 'application/json' } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (e) => resolve({ status: 0, error: e.message }));
    });
    req.on('error', (e) => resolve({ status: 0, error: e.message }));
    req.end(body);
  });
}

/** The p-th percentile (nearest rank) of `xs`. */
function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

async function measure(name, files, body) {
  const args = name === 'kubegen' ? [path.join(root, 'bench', 'admission', 'server.js'), files.dir, '0'] : [path.join(__dirname, 'peer.js'), files.dir, '0'];
  const { child, port } = await startServer(args);
  try {
    const ca = files.ca;
    for (let i = 0; i < 3; i++) await request(port, ca, 'GET', '/healthz');
    // the probe runs in a process of its own, as the kubelet does: here its timings would include this process's
    // event loop encrypting the uploads
    const prober = fork(path.join(__dirname, 'probe.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const probed = new Promise((resolve, reject) => {
      prober.once('message', (m) => resolve(m.latencies.map((x) => (x < 0 ? Infinity : x))));
      prober.once('exit', (code) => reject(new Error(`the probe process exited with ${code} before reporting`)));
    });
    prober.send({ type: 'start', port, ca, gapMs: PROBE_GAP_MS });
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: REVIEWS }, () => request(port, ca, 'POST', PATH, body)));
    const tookS = (performance.now() - t0) / 1000;
    prober.send({ type: 'stop' });
    const latencies = await probed;
    const statuses = {};
    for (const a of answers) {
      const allowed = a.status === 200 && JSON.parse(a.body).response?.allowed === true;
      const key = a.status === 200 ? (allowed ? '200 allowed' : '200 denied') : String(a.status || `error ${a.error}`);
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
    return { latencies, statuses, tookS };
  } finally {
    await stop(child);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-admission-large-'));
  try {
    const certs = testing.makeServingCertificates({ hosts: ['127.0.0.1', 'localhost'] });
    testing.writeServingCertificates(dir, certs);
    const files = { dir, ca: certs.caCert };
    const body = reviewBody();
    console.log(`${REVIEWS} concurrent reviews of ${(body.length / 1024 / 1024).toFixed(2)} MiB each, /healthz probed every ${PROBE_GAP_MS} ms meanwhile, ${ROUNDS} round(s), ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}`);
    const all = { kubegen: [], 'node-https': [] };
    const maxes = { kubegen: [], 'node-https': [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ['kubegen', 'node-https'] : ['node-https', 'kubegen'];
      for (const name of order) {
        const m = await measure(name, files, body);
        all[name].push(...m.latencies);
        maxes[name].push(Math.max(...m.latencies));
        const answered = Object.entries(m.statuses).map(([k, v]) => `${v}× ${k}`).join(', ');
        console.log(
          `round ${round + 1}/${ROUNDS} ${name.padEnd(10)}: /healthz p50 ${percentile(m.latencies, 50).toFixed(1)} ms, max ${Math.max(...m.latencies).toFixed(1)} ms over ${m.latencies.length} probes; reviews: ${answered}; last answered after ${m.tookS.toFixed(1)} s`,
        );
      }
    }
    const kg = Math.max(...maxes.kubegen);
    const peer = Math.max(...maxes['node-https']);
    console.log(`/healthz while ${REVIEWS} large reviews are in flight: kubegen p50 ${percentile(all.kubegen, 50).toFixed(1)} ms max ${kg.toFixed(1)} ms; node-https (synchronous parse) p50 ${percentile(all['node-https'], 50).toFixed(1)} ms max ${peer.toFixed(1)} ms (goal: kubegen max ≤ 100 ms)`);
    console.log(`RESULT admission-large healthz_max_ms=${kg.toFixed(1)} ratio=${(kg / peer).toFixed(3)} goal=100`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
