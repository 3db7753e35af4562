'use strict';
/**
 * Controller benchmark: the same minimal operator on @kubegen/runtime (kubegen.js) and on controller-runtime
 * (go/main.go, built once per source into ~/.cache/kubegen/bench), on N (1,000) CronTabs of one real control plane,
 * each run in a fresh process, alternating in every round. The operator: For(CronTab) with the generation-changed
 * predicate, Owns(ConfigMap), MaxConcurrentReconciles C (4); a reconcile reads the CronTab from the cache,
 * createOrUpdates its ConfigMap (read from the cache; labels, data from the spec, a controller reference) and sets
 * status.lastScheduleTime when it differs. Per client and round, in a namespace of its own with N new CronTabs:
 *   1. converge: a fresh process reconciles N new objects (a ConfigMap created and a status written for each):
 *      reconciles/s = N / (first reconcile start → every object reconciled successfully once);
 *   2. steady: another fresh process over the converged namespace: every reconcile finds everything in order and
 *      writes nothing (the cache, the queue and the reconcile's reads and comparisons): N / the same span.
 * Converging writes 2 N objects, so it is bound by the apiserver as much as by the controller; the steady pass
 * shows the controller's own cost. Prints medians and ranges and ends with
 *   RESULT controller reconciles_per_s=<kubegen converge> ratio=<kubegen / controller-runtime converge> goal=1.0
 *
 * Environment: BENCH_CONTROLLER_N (default 1000), BENCH_CONTROLLER_ROUNDS (default 3),
 * BENCH_CONTROLLER_CONCURRENCY (MaxConcurrentReconciles, default 4), BENCH_CONTROLLER_TRACE=1 (the kubegen child
 * reports its failed reconciles by reason on standard error).
 */
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { parse } = require('yaml');
const { buildGoPeer } = require('../gopeer');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const N = Number(process.env.BENCH_CONTROLLER_N ?? 1000);
const ROUNDS = Number(process.env.BENCH_CONTROLLER_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONTROLLER_CONCURRENCY ?? 4);
const GROUP = 'stable.example.com';
const PLURAL = 'crontabs';
const generatedPackage = path.join(root, 'generated', GROUP);
const CLIENTS = ['kubegen', 'controller-runtime'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

async function pool(n, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < n) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
}

/** One controller process until it reports every object reconciled: its `done` line. */
function runController(client, ctx, namespace) {
  const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${namespace}`, `--n=${N}`, `--concurrency=${CONCURRENCY}`];
  const proc =
    client === 'controller-runtime'
      ? spawn(ctx.goBinary, flags.map((f) => f.replace(/^--kubeconfig=/, '--kubeconfig-file=').replace(/^--/, '-')), { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] })
      : spawn(process.execPath, [path.join(__dirname, 'kubegen.js'), ...flags], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${client}: not done within 300 s`)), 300_000);
    void exited.then((code) => reject(new Error(`${client} exited (${code}) before it was done`)));
    readline.createInterface({ input: proc.stdout }).on('line', (line) => {
      const msg = JSON.parse(line);
      if (msg.event === 'done') {
        clearTimeout(timer);
        resolve(msg);
      }
    });
  }).finally(async () => {
    proc.stdin.end();
    const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  });
}

/** Checks that the namespace converged: N ConfigMaps controlled by their CronTab, N statuses set. */
async function checkConverged(rest, namespace) {
  const cms = await rest.request({ method: 'GET', path: `/api/v1/namespaces/${namespace}/configmaps`, query: new URLSearchParams({ labelSelector: 'app.kubernetes.io/managed-by=crontab-controller' }) });
  const cts = await rest.request({ method: 'GET', path: `/apis/${GROUP}/v1/namespaces/${namespace}/${PLURAL}` });
  const owned = cms.items.filter((cm) => cm.metadata.ownerReferences?.some((r) => r.controller && r.kind === 'CronTab' && r.name === cm.metadata.name)).length;
  const statuses = cts.items.filter((ct) => ct.status?.lastScheduleTime).length;
  if (owned !== N || statuses !== N) throw new Error(`${namespace} did not converge: ${owned} owned ConfigMaps, ${statuses} statuses of ${N}`);
}

async function main() {
  const goBinary = buildGoPeer(__dirname, 'controller');
  if (!fs.existsSync(path.join(generatedPackage, 'dist', 'index.js'))) throw new Error('build the generated packages first (npm run build)');
  const cp = await testing.startControlPlane({ log: () => {} });
  const rest = runtime.createRestClient(runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }));
  try {
    console.log(`control plane ready in ${(cp.startupMs / 1000).toFixed(1)} s at ${cp.url}; node ${process.version}; ${N} objects, MaxConcurrentReconciles ${CONCURRENCY}`);
    const crd = parse(fs.readFileSync(path.join(generatedPackage, 'crds', `${GROUP}_${PLURAL}.yaml`), 'utf8'));
    await rest.request({ method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd });
    const ctx = { kubeconfig: cp.kubeconfigPath, goBinary };
    let namespaces = 0;
    const freshNamespace = async () => {
      const namespace = `bench-${++namespaces}`;
      await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
      const collection = `/apis/${GROUP}/v1/namespaces/${namespace}/${PLURAL}`;
      for (let i = 0; ; i++) {
        try {
          await pool(N, 32, (j) =>
            rest.requestVoid({
              method: 'POST',
              path: collection,
              body: { apiVersion: `${GROUP}/v1`, kind: 'CronTab', metadata: { name: `crontab-${j}` }, spec: { schedule: '*/5 * * * *', image: 'registry.example.com/cron/job:1.2.3', replicas: (j % 5) + 1 } },
            }).catch((err) => {
              if (!runtime.isAlreadyExists(err)) throw err;
            }),
          );
          return namespace;
        } catch (err) {
          if (i > 50) throw err; // the CRD may not be served yet
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };

    const results = { converge: { kubegen: [], 'controller-runtime': [] }, steady: { kubegen: [], 'controller-runtime': [] } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const client of round % 2 ? [...CLIENTS].reverse() : CLIENTS) {
        const namespace = await freshNamespace();
        const converge = await runController(client, ctx, namespace);
        await checkConverged(rest, namespace);
        const steady = await runController(client, ctx, namespace);
        const c = N / (converge.ms / 1000);
        const s = N / (steady.ms / 1000);
        results.converge[client].push(c);
        results.steady[client].push(s);
        console.log(
          `round ${round + 1}/${ROUNDS} ${client.padEnd(18)}: converge ${c.toFixed(0)} reconciles/s (${converge.reconciles} reconciles in ${converge.ms.toFixed(0)} ms), steady ${s.toFixed(0)} reconciles/s (${steady.ms.toFixed(0)} ms)`,
        );
      }
    }
    console.log(`\nmedians over ${ROUNDS} rounds [ranges], ${N} objects:`);
    for (const phase of ['converge', 'steady']) {
      const kg = median(results[phase].kubegen);
      const cr = median(results[phase]['controller-runtime']);
      console.log(
        `  ${phase.padEnd(9)} kubegen ${kg.toFixed(0)} reconciles/s [${range(results[phase].kubegen)}]   controller-runtime ${cr.toFixed(0)} reconciles/s [${range(results[phase]['controller-runtime'])}]   ratio ${(kg / cr).toFixed(2)} (goal ≥ 1.0)`,
      );
    }
    const kg = median(results.converge.kubegen);
    const cr = median(results.converge['controller-runtime']);
    console.log(`RESULT controller reconciles_per_s=${kg.toFixed(0)} ratio=${(kg / cr).toFixed(2)} goal=1.0`);
  } finally {
    await rest.close();
    await cp.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
