'use strict';
/**
 * `npm run bench -- apiserver`: an aggregated API server's requests per second THROUGH kube-apiserver's aggregator,
 * `@kubegen/apiserver` serving the wardle sample (kubegen.js: examples/wardle-apiserver, its generated package and CRDs
 * with no storage code of its own, and the sample's BanFlunder plugin) against k8s.io/sample-apiserver v0.37.2 built from its module (go/main.go, bench/gopeer.js). One control plane
 * started for aggregation (envtest's `aggregation` option); both servers use its etcd and the same serving
 * certificate, listen on the same address and port behind one Service + EndpointSlice and the APIServices of
 * wardle.example.com v1alpha1 / v1beta1, and run one at a time in fresh processes, alternating first in every round.
 * Both delegate authentication and authorization to the control plane; the load is the admin (system:masters, so
 * neither asks a SubjectAccessReview per request). Both run BanFlunder on every create (sample-apiserver over an
 * informer's lister, kubegen's plugin over a read of the store); sample-apiserver also runs NamespaceLifecycle and the
 * webhook and policy admission plugins, with nothing registered for them.
 *
 * Per server and round, in a namespace of its own, the generated wardle clientset with C (16) requests in flight on
 * Flunders of v1alpha1 (sample-apiserver's storage version; kubegen stores v1beta1 and converts):
 *   create N, get N, list the namespace L (20) times in pages of 100, update N with a watch open (done when the watch
 *   has delivered all N MODIFIED events), delete N.
 * ops/s = requests / time, per phase and in all. Prints medians and ranges and ends with
 *   RESULT apiserver ops_per_s=<kubegen, all phases> ratio=<kubegen / sample-apiserver> goal=0.5
 *
 * Environment: BENCH_APISERVER_N (default 1000; or the first argument), BENCH_APISERVER_ROUNDS (default 3),
 * BENCH_APISERVER_CONCURRENCY (default 16), BENCH_APISERVER_SERVERS (default `kubegen,sample-apiserver`).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { execFileSync, spawn } = require('node:child_process');
const { buildGoPeer } = require('../gopeer');
const { pool } = require('../cluster');
const { median, range } = require('../stats');

const root = path.resolve(__dirname, '..', '..');
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));
const { createRestClient, fromOptions } = require(path.join(root, 'runtime', 'dist', 'client', 'index.js'));
const wardle = require(path.join(root, 'generated', 'wardle.example.com'));

function positive(name, raw, fallback) {
  const v = Number(raw ?? fallback);
  if (!Number.isInteger(v) || v < 1) {
    console.error(`bench apiserver: ${name} must be a positive integer, not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return v;
}
const N = positive('the object count', process.argv[2] ?? process.env.BENCH_APISERVER_N, 1000);
const ROUNDS = positive('BENCH_APISERVER_ROUNDS', process.env.BENCH_APISERVER_ROUNDS, 3);
const CONCURRENCY = positive('BENCH_APISERVER_CONCURRENCY', process.env.BENCH_APISERVER_CONCURRENCY, 16);
const LISTS = 20;
const PAGE = 100;
const SERVERS = (process.env.BENCH_APISERVER_SERVERS ?? 'kubegen,sample-apiserver').split(',');
if (SERVERS.length === 0 || SERVERS.some((s) => s !== 'kubegen' && s !== 'sample-apiserver')) {
  console.error(`bench apiserver: BENCH_APISERVER_SERVERS names kubegen and/or sample-apiserver, not ${JSON.stringify(process.env.BENCH_APISERVER_SERVERS)}`);
  process.exit(2);
}
const GROUP = 'wardle.example.com';
const SERVICE = 'wardle-apiserver';
const SERVICE_NS = 'kubegen-bench-apiserver';

async function post(rest, p, body) {
  return rest.request({ method: 'POST', path: p, body });
}

/** Starts one server process; resolves when it listens (kubegen prints `ready`; sample-apiserver is polled). */
function startServer(name, o) {
  const logFile = path.join(o.dir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  let child;
  if (name === 'kubegen') {
    const args = JSON.stringify({ host: o.host, port: o.port, etcd: o.etcd, url: o.url, ca: o.ca, token: o.token, cert: o.cert, key: o.key });
    child = spawn(process.execPath, [path.join(__dirname, 'kubegen.js'), args], { stdio: ['ignore', 'pipe', out] });
  } else {
    child = spawn(
      o.peer,
      [
        `--secure-port=${o.port}`,
        `--bind-address=${o.host}`,
        `--tls-cert-file=${o.certFile}`,
        `--tls-private-key-file=${o.keyFile}`,
        `--etcd-servers=${o.etcd}`,
        `--kubeconfig=${o.kubeconfig}`,
        `--authentication-kubeconfig=${o.kubeconfig}`,
        `--authorization-kubeconfig=${o.kubeconfig}`,
      ],
      { stdio: ['ignore', 'pipe', out] },
    );
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    exited.then(({ code, signal }) => reject(new Error(`${name} exited (${signal ?? code}) before it was ready:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`)));
    if (name === 'kubegen') {
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        if (line === 'ready') resolve();
      });
    } else {
      child.stdout.resume();
      resolve();
    }
  });
  return {
    ready,
    async stop() {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(t);
      fs.closeSync(out);
    },
  };
}

/** Waits until a list of the namespace's Flunders through the aggregator answers (the APIService is Available). */
async function untilServed(flunders) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await flunders.list({ limit: 1 });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

function flunder(i) {
  return { apiVersion: `${GROUP}/v1alpha1`, kind: 'Flunder', metadata: { name: `f${i}` }, spec: { reference: `r${i}`, referenceType: 'Flunder' } };
}

async function timed(requests, fn) {
  const t0 = process.hrtime.bigint();
  await fn();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  return { requests, s };
}

/** One server's load in `namespace`: the phases' request counts and seconds. */
async function load(cs, namespace) {
  const flunders = cs.wardleV1alpha1().flunders(namespace);
  await untilServed(flunders);
  const phases = {};
  phases.create = await timed(N, () => pool(N, CONCURRENCY, (i) => flunders.create(flunder(i))));
  const got = new Array(N);
  phases.get = await timed(N, () => pool(N, CONCURRENCY, async (i) => { got[i] = await flunders.get(`f${i}`); }));
  let pages = 0;
  let rv = '';
  phases.list = await timed(LISTS * Math.ceil(N / PAGE), () =>
    pool(LISTS, Math.min(LISTS, CONCURRENCY), async () => {
      let cont;
      let seen = 0;
      do {
        const page = await flunders.list({ limit: PAGE, continue: cont });
        pages++;
        seen += page.items.length;
        rv = page.metadata?.resourceVersion ?? rv;
        cont = page.metadata?.continue || undefined;
      } while (cont);
      if (seen !== N) throw new Error(`a list saw ${seen} Flunders, not ${N}`);
    }),
  );
  phases.list.requests = pages;
  const watch = await flunders.watch({ resourceVersion: rv });
  let modified = 0;
  const delivered = (async () => {
    for await (const e of watch) {
      if (e.type === 'MODIFIED' && ++modified === N) return;
    }
    throw new Error(`the watch ended after ${modified} of ${N} MODIFIED events`);
  })();
  phases.update = await timed(N, async () => {
    await pool(N, CONCURRENCY, (i) => flunders.update({ ...got[i], spec: { reference: `u${i}`, referenceType: 'Flunder' } }));
    await delivered;
  });
  watch.stop();
  phases.delete = await timed(N, () => pool(N, CONCURRENCY, (i) => flunders.delete(`f${i}`)));
  return phases;
}

async function main() {
  const peer = SERVERS.includes('sample-apiserver') ? buildGoPeer(__dirname, 'apiserver') : undefined;
  if (SERVERS.includes('kubegen')) {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'examples', 'wardle-apiserver')], { stdio: 'inherit' });
  }
  const cp = await testing.startControlPlane({ log: () => {}, aggregation: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-apiserver-'));
  const admin = createRestClient(fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }));
  try {
    const host = testing.endpointAddress('the aggregated apiserver');
    const port = await testing.freePort(host);
    const certs = testing.makeServingCertificates({ hosts: [`${SERVICE}.${SERVICE_NS}.svc`, host] });
    const certFile = path.join(dir, 'tls.crt');
    const keyFile = path.join(dir, 'tls.key');
    fs.writeFileSync(certFile, certs.cert);
    fs.writeFileSync(keyFile, certs.key, { mode: 0o600 });

    await post(admin, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: SERVICE_NS } });
    await post(admin, `/api/v1/namespaces/${SERVICE_NS}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: SERVICE }, spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP' }] } });
    await post(admin, `/apis/discovery.k8s.io/v1/namespaces/${SERVICE_NS}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: `${SERVICE}-local`, labels: { 'kubernetes.io/service-name': SERVICE } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [host], conditions: { ready: true } }],
      ports: [{ name: 'https', port, protocol: 'TCP' }],
    });
    for (const [i, version] of ['v1alpha1', 'v1beta1'].entries()) {
      await post(admin, '/apis/apiregistration.k8s.io/v1/apiservices', {
        apiVersion: 'apiregistration.k8s.io/v1',
        kind: 'APIService',
        metadata: { name: `${version}.${GROUP}` },
        spec: { group: GROUP, version, groupPriorityMinimum: 1000, versionPriority: 15 - i, service: { namespace: SERVICE_NS, name: SERVICE, port: 443 }, caBundle: Buffer.from(certs.caCert).toString('base64') },
      });
    }
    const cs = new wardle.WardleClientset({ server: cp.url, tls: { ca: cp.ca }, headers: () => ({ authorization: `Bearer ${cp.token}` }) });
    const options = { dir, host, port, etcd: cp.etcdUrl, url: cp.url, ca: cp.ca, token: cp.token, cert: certs.cert, key: certs.key, certFile, keyFile, kubeconfig: cp.kubeconfigPath, peer };

    console.log(`bench apiserver: ${N} Flunders, ${ROUNDS} rounds, ${CONCURRENCY} requests in flight, through kube-apiserver's aggregator at ${cp.url} to ${host}:${port}`);
    const results = Object.fromEntries(SERVERS.map((s) => [s, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? SERVERS : [...SERVERS].reverse();
      for (const name of order) {
        const namespace = `bench-${name}-${round}`;
        await post(admin, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
        const server = startServer(name, options);
        try {
          await server.ready;
          const phases = await load(cs, namespace);
          const requests = Object.values(phases).reduce((a, p) => a + p.requests, 0);
          const s = Object.values(phases).reduce((a, p) => a + p.s, 0);
          results[name].push({ phases, all: requests / s });
          console.log(
            `round ${round + 1} ${name.padEnd(16)} ${(requests / s).toFixed(0).padStart(6)} ops/s  ` +
              Object.entries(phases).map(([k, p]) => `${k} ${(p.requests / p.s).toFixed(0)}/s`).join('  '),
          );
        } finally {
          await server.stop();
        }
      }
    }

    console.log('\nmedians (ops/s; range over rounds):');
    for (const name of SERVERS) {
      const all = results[name].map((r) => r.all);
      const perPhase = Object.keys(results[name][0]?.phases ?? {}).map((k) => `${k} ${median(results[name].map((r) => r.phases[k].requests / r.phases[k].s)).toFixed(0)}`);
      console.log(`  ${name.padEnd(16)} ${median(all).toFixed(0).padStart(6)} ${range(all)}   ${perPhase.join('  ')}`);
    }
    if (SERVERS.length === 2) {
      const ours = median(results.kubegen.map((r) => r.all));
      const theirs = median(results['sample-apiserver'].map((r) => r.all));
      const wins = results.kubegen.filter((r, i) => r.all / (results['sample-apiserver'][i]?.all ?? Infinity) >= 0.5).length;
      console.log(`kubegen / sample-apiserver ≥ 0.5 in ${wins} of ${ROUNDS} rounds`);
      console.log(`RESULT apiserver ops_per_s=${ours.toFixed(0)} ratio=${(ours / theirs).toFixed(2)} goal=0.5`);
    }
  } finally {
    await admin.close();
    await cp.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`bench apiserver: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  process.exit(1);
});
