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
 * Both sides alike: MaxConcurrentReconciles C, no client-side rate limit (kubegen's REST client has none; the peer sets
 * client-go's QPS and Burst to 100,000, as it would otherwise throttle at controller-runtime's 20/30), each side's own
 * default transport (kubegen: HTTP/1.1, a keep-alive connection per request in flight; client-go: HTTP/2, one
 * connection), each side's default queue (the priority queue) and cache transform (kubegen drops managedFields;
 * controller-runtime 0.25 keeps them unless DefaultTransform says otherwise).
 *
 * Environment: BENCH_CONTROLLER_N (default 1000), BENCH_CONTROLLER_ROUNDS (default 5),
 * BENCH_CONTROLLER_CONCURRENCY (MaxConcurrentReconciles, default 4), BENCH_CONTROLLER_TRACE=1 (the kubegen child
 * reports its failed reconciles by reason on standard error), BENCH_CONTROLLER_REQUESTS=1 (after each converge, the
 * requests the apiserver served meanwhile, by verb, resource and code, from its `apiserver_request_total` counters, with
 * the apiserver's mean time per write request, and the mean time the controller saw its writes take).
 * BENCH_CONTROLLER_CLIENTS (default `kubegen,controller-runtime`: which controllers run; `floor` adds floor.js, the same
 * writes without a controller — one list, then C workers creating each ConfigMap and writing each status through the
 * REST client — so kubegen / floor shows the controller's own share of the converge), BENCH_CONTROLLER_NODE_ARGS
 * (extra node flags of the Node children, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * Each converge line also shows the CPU time the Node children spent from the first reconcile on (`converge CPU`).
 * The first argument, when given, is N (`npm run bench -- controller 10000`).
 */
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { parse } = require('yaml');
const { buildGoPeer } = require('../gopeer');
const { median, range } = require('../stats');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const N = Number(process.argv[2] ?? process.env.BENCH_CONTROLLER_N ?? 1000);
if (!Number.isInteger(N) || N < 1) {
  console.error(`bench controller: the object count must be a positive integer, not ${JSON.stringify(process.argv[2] ?? process.env.BENCH_CONTROLLER_N)}`);
  process.exit(2);
}
const REQUESTS = Boolean(process.env.BENCH_CONTROLLER_REQUESTS);
const ROUNDS = Number(process.env.BENCH_CONTROLLER_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONTROLLER_CONCURRENCY ?? 4);
const GROUP = 'stable.example.com';
const PLURAL = 'crontabs';
const generatedPackage = path.join(root, 'generated', GROUP);
const CLIENTS = (process.env.BENCH_CONTROLLER_CLIENTS ?? 'kubegen,controller-runtime').split(',');
if (CLIENTS.length === 0 || CLIENTS.some((c) => c !== 'kubegen' && c !== 'controller-runtime' && c !== 'floor') || new Set(CLIENTS).size !== CLIENTS.length) {
  console.error(`bench controller: BENCH_CONTROLLER_CLIENTS names kubegen, controller-runtime and/or floor, each once, not ${JSON.stringify(process.env.BENCH_CONTROLLER_CLIENTS)}`);
  process.exit(2);
}
const NODE_ARGS = (process.env.BENCH_CONTROLLER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');


async function pool(n, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < n) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
}

/** The CPU time (user + system, ms) process `pid` used so far, from /proc (Linux); undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 on Linux)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** One controller process until it reports every object reconciled: its `done` line. */
function runController(client, ctx, namespace) {
  const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${namespace}`, `--n=${N}`, `--concurrency=${CONCURRENCY}`];
  const proc =
    client === 'controller-runtime'
      ? spawn(ctx.goBinary, flags.map((f) => f.replace(/^--kubeconfig=/, '--kubeconfig-file=').replace(/^--/, '-')), { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] })
      : spawn(process.execPath, [...NODE_ARGS, path.join(__dirname, client === 'floor' ? 'floor.js' : 'kubegen.js'), ...flags], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  return new Promise((resolve, reject) => {
    // 300 s per 1,000 objects (at least 300 s): a loaded machine converges 10,000 at a few dozen reconciles/s
    const limitS = Math.max(300, Math.ceil(N * 0.3));
    const timer = setTimeout(() => reject(new Error(`${client}: not done within ${limitS} s`)), limitS * 1000);
    void exited.then((code) => reject(new Error(`${client} exited (${code}) before it was done`)));
    readline.createInterface({ input: proc.stdout }).on('line', (line) => {
      const msg = JSON.parse(line);
      if (msg.event === 'done') {
        clearTimeout(timer);
        resolve({ ...msg, cpuMs: cpuMsOf(proc.pid) });
      }
    });
  }).finally(async () => {
    proc.stdin.end();
    const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  });
}

/**
 * The apiserver's `apiserver_request_total` counters (`VERB resource[/subresource] code` → count) and the sums and counts
 * of its `apiserver_request_duration_seconds` (`time VERB resource[/subresource]` → seconds, `n VERB …` → requests).
 */
async function requestCounts(rest) {
  const text = await rest.requestText({ method: 'GET', path: '/metrics' });
  const out = new Map();
  const add = (key, v) => out.set(key, (out.get(key) ?? 0) + v);
  for (const line of text.split('\n')) {
    const total = line.startsWith('apiserver_request_total{');
    const sum = line.startsWith('apiserver_request_duration_seconds_sum{');
    const count = line.startsWith('apiserver_request_duration_seconds_count{');
    if (!total && !sum && !count) continue;
    const labels = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const what = `${labels.verb} ${labels.resource}${labels.subresource ? `/${labels.subresource}` : ''}`;
    const v = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (total) add(`${what} ${labels.code}`, v);
    else add(`${sum ? 'time' : 'n'} ${what}`, v);
  }
  return out;
}

/**
 * What `after` counted beyond `before`, for the resources of the benchmark: `VERB resource code ×count` items, then the
 * apiserver's mean time per request of each write (`VERB resource x.x ms`).
 */
function requestDelta(before, after) {
  const delta = (k) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const ours = (k) => /\b(crontabs|configmaps)\b/.test(k);
  const counts = [...after.keys()]
    .filter((k) => !k.startsWith('time ') && !k.startsWith('n ') && ours(k) && delta(k) > 0)
    .sort()
    .map((k) => `${k} ×${delta(k)}`);
  const times = [...after.keys()]
    .filter((k) => k.startsWith('n ') && ours(k) && !/^n (WATCH|LIST|GET) /.test(k) && delta(k) > 0)
    .sort()
    .map((k) => `${k.slice(2)} ${((delta(`time ${k.slice(2)}`) / delta(k)) * 1000).toFixed(1)} ms`);
  return `${counts.join(', ')}; apiserver mean time: ${times.join(', ')}`;
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
  const goBinary = CLIENTS.includes('controller-runtime') ? buildGoPeer(__dirname, 'controller') : undefined;
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

    const results = { converge: Object.fromEntries(CLIENTS.map((c) => [c, []])), steady: Object.fromEntries(CLIENTS.map((c) => [c, []])) };
    for (let round = 0; round < ROUNDS; round++) {
      for (const client of round % 2 ? [...CLIENTS].reverse() : CLIENTS) {
        const namespace = await freshNamespace();
        const before = REQUESTS ? await requestCounts(rest) : undefined;
        const converge = await runController(client, ctx, namespace);
        if (before) {
          console.log(`  ${client} converge requests: ${requestDelta(before, await requestCounts(rest))}`);
          const mean = (ms, n) => (n > 0 ? `${(ms / n).toFixed(1)} ms` : '-');
          console.log(`  ${client} client-side mean time: createOrUpdate that wrote ${mean(converge.createOrUpdateMs, converge.createOrUpdates)}, status update ${mean(converge.statusMs, converge.statuses)} (×${converge.statuses})${converge.loopDelayMeanMs !== undefined ? `; event loop delay mean ${converge.loopDelayMeanMs.toFixed(1)} ms, p99 ${converge.loopDelayP99Ms.toFixed(1)} ms` : ''}`);
        }
        await checkConverged(rest, namespace);
        // the floor has no steady pass: it has no controller to find everything in order
        const steady = client === 'floor' ? undefined : await runController(client, ctx, namespace);
        const c = N / (converge.ms / 1000);
        results.converge[client].push(c);
        if (steady) results.steady[client].push(N / (steady.ms / 1000));
        const cpu = converge.cpuMs !== undefined ? `, process CPU ${converge.cpuMs.toFixed(0)} ms${converge.cpuBeforeMs !== undefined ? ` (converge CPU ${(converge.cpuMs - converge.cpuBeforeMs).toFixed(0)} ms)` : ''}` : '';
        console.log(
          `round ${round + 1}/${ROUNDS} ${client.padEnd(18)}: converge ${c.toFixed(0)} reconciles/s (${converge.reconciles} reconciles in ${converge.ms.toFixed(0)} ms${cpu})${steady ? `, steady ${(N / (steady.ms / 1000)).toFixed(0)} reconciles/s (${steady.ms.toFixed(0)} ms)` : ''}`,
        );
      }
    }
    console.log(`\nmedians over ${ROUNDS} rounds [ranges], ${N} objects:`);
    const peers = CLIENTS.includes('kubegen') && CLIENTS.includes('controller-runtime');
    for (const phase of ['converge', 'steady']) {
      const cols = CLIENTS.filter((c) => results[phase][c].length > 0).map((c) => `${c} ${median(results[phase][c]).toFixed(0)} reconciles/s [${range(results[phase][c])}]`);
      const ratio = peers ? `   ratio ${(median(results[phase].kubegen) / median(results[phase]['controller-runtime'])).toFixed(2)} (goal ≥ 1.0)` : '';
      console.log(`  ${phase.padEnd(9)} ${cols.join('   ')}${ratio}`);
    }
    if (CLIENTS.includes('floor')) {
      for (const c of CLIENTS.filter((c) => c !== 'floor')) {
        const perRound = results.converge[c].map((k, i) => k / results.converge.floor[i]);
        console.log(`  converge ${c} / floor: ${(median(results.converge[c]) / median(results.converge.floor)).toFixed(2)}, per round ${perRound.map((r) => r.toFixed(2)).join(' ')}`);
      }
    }
    const kg = CLIENTS.includes('kubegen') ? median(results.converge.kubegen) : NaN;
    if (peers) {
      // each round's two converges ran back to back: their ratio is the least disturbed by the machine's other load
      const perRound = results.converge.kubegen.map((k, i) => k / results.converge['controller-runtime'][i]);
      console.log(`  converge ratio per round: ${perRound.map((r) => r.toFixed(2)).join(' ')} (≥ 1.0 in ${perRound.filter((r) => r >= 1).length} of ${ROUNDS})`);
      console.log(`RESULT controller reconciles_per_s=${kg.toFixed(0)} ratio=${(kg / median(results.converge['controller-runtime'])).toFixed(2)} goal=1.0`);
    } else if (CLIENTS.includes('kubegen')) {
      console.log(`RESULT controller reconciles_per_s=${kg.toFixed(0)}`);
    }
  } finally {
    await rest.close();
    await cp.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
