'use strict';
/**
 * Scale benchmark (issue 28, acceptance `npm run bench -- scale [N]`): N CronTabs (default 100,000; the first
 * argument or BENCH_SCALE_N lowers it) in one namespace of one real control plane (etcd's backend quota raised to
 * 8 GiB), then, in fresh processes alternating in every round (BENCH_SCALE_ROUNDS, default 3):
 *   - kubegen: the manager's cache of whole CronTabs (`mgr.informerFor`) with its default transform (managedFields
 *     dropped) — kubegen.js --form=full;
 *   - client-go: a dynamic SharedIndexInformer with controller-runtime's TransformStripManagedFields — go/main.go,
 *     built once per source into ~/.cache/kubegen/bench;
 *   - kubegen-metadata: the manager's metadata-only cache of CronTabs (`mgr.metadataInformerFor`, the
 *     PartialObjectMetadata media type), same transform — kubegen.js --form=metadata.
 * Each reports its initial sync time (from starting the cache to synced, in the process) and its peak RSS (Node's
 * maxRSS, Go's VmHWM). Goals: kubegen sync ≤ 1.0× client-go's, peak RSS ≤ 0.8× client-go's; metadata-only peak RSS
 * ≤ 0.3× kubegen's full objects. The sharded measurement (3 replicas, each replica's peak RSS ≤ 0.4× one
 * unsharded replica's; converge ≤ 0.5×) belongs to @kubegen/runtime/sharding: see SHARDED below.
 *
 * Last line: `RESULT scale rss_mib=<kubegen median peak RSS> ratio=<kubegen / client-go peak RSS> goal=0.8`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { parse } = require('yaml');
const { buildGoPeer } = require('../gopeer');
const { median, range } = require('../stats');
const { pool, installCollection } = require('../cluster');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const argN = process.argv[2] !== undefined ? Number(process.argv[2].replace(/_/g, '')) : undefined;
const N = argN ?? Number(process.env.BENCH_SCALE_N ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 64);
const GROUP = 'stable.example.com';
const VERSION = 'v1';
const PLURAL = 'crontabs';
const KIND = 'CronTab';
const NAMESPACE = 'bench-scale';
const CLIENTS = ['kubegen', 'client-go', 'kubegen-metadata'];

if (!Number.isInteger(N) || N < 1) {
  process.stderr.write(`bench scale: N must be a positive integer, got ${JSON.stringify(process.argv[2] ?? process.env.BENCH_SCALE_N)}\n`);
  process.exit(2);
}


/** Runs one client in a fresh process; resolves with its `synced` line. */
function measure(client, ctx) {
  const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${NAMESPACE}`, `--group=${GROUP}`, `--version=${VERSION}`, `--resource=${PLURAL}`];
  const [cmd, argv] = client === 'client-go'
    ? [ctx.goBinary, flags]
    : [process.execPath, [path.join(__dirname, 'kubegen.js'), ...flags, `--kind=${KIND}`, `--form=${client === 'kubegen-metadata' ? 'metadata' : 'full'}`]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || line === undefined) return reject(new Error(`${client} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
      const r = JSON.parse(line);
      if (r.objects !== N) return reject(new Error(`${client} synced ${r.objects} objects, expected ${N}`));
      resolve(r);
    });
  });
}

async function main() {
  const goBinary = buildGoPeer(__dirname, 'scale');
  const crdFile = path.join(root, 'generated', GROUP, 'crds', `${GROUP}_${PLURAL}.yaml`);
  // 100,000 CronTabs with their managedFields are ~0.3 GiB in etcd, its history more: the 2 GiB default quota is tight
  const cp = await testing.startControlPlane({ log: () => {}, etcdFlags: { 'quota-backend-bytes': String(8 * 1024 ** 3) } });
  const rest = runtime.createRestClient(runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }));
  try {
    console.log(`control plane ready in ${(cp.startupMs / 1000).toFixed(1)} s; node ${process.version}; N=${N}, ${ROUNDS} rounds`);
    const collection = await installCollection(rest, parse(fs.readFileSync(crdFile, 'utf8')), { group: GROUP, version: VERSION, plural: PLURAL, namespace: NAMESPACE });
    const t0 = Date.now();
    await pool(N, CONCURRENCY, (i) =>
      rest.requestVoid({
        method: 'POST',
        path: collection,
        body: {
          apiVersion: `${GROUP}/${VERSION}`,
          kind: KIND,
          metadata: { name: `crontab-${String(i).padStart(6, '0')}`, labels: { app: 'bench', shard: String(i % 16) }, annotations: { 'bench.kubegen.io/owner': `team-${i % 7}` } },
          spec: { schedule: '*/5 * * * *', image: 'registry.example.com/cron/job:1.2.3', replicas: (i % 5) + 1, timeZone: 'Etc/UTC' },
        },
      }),
    );
    console.log(`created ${N} CronTabs in ${((Date.now() - t0) / 1000).toFixed(1)} s (${CONCURRENCY} in flight)`);

    const ctx = { kubeconfig: cp.kubeconfigPath, goBinary };
    const results = Object.fromEntries(CLIENTS.map((c) => [c, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const client of CLIENTS.map((_, i) => CLIENTS[(i + round) % CLIENTS.length])) {
        const r = await measure(client, ctx);
        results[client].push(r);
        console.log(`round ${round + 1}/${ROUNDS} ${client.padEnd(16)}: sync ${r.ms.toFixed(0)} ms, peak RSS ${r.rssMiB.toFixed(0)} MiB`);
      }
    }
    const med = (c, k) => median(results[c].map((r) => r[k]));
    for (const c of CLIENTS) {
      console.log(`${c.padEnd(16)}: sync median ${med(c, 'ms').toFixed(0)} ms (${range(results[c].map((r) => r.ms))}), peak RSS median ${med(c, 'rssMiB').toFixed(0)} MiB (${range(results[c].map((r) => r.rssMiB))})`);
    }
    const syncRatio = med('kubegen', 'ms') / med('client-go', 'ms');
    const rssRatio = med('kubegen', 'rssMiB') / med('client-go', 'rssMiB');
    const metaRatio = med('kubegen-metadata', 'rssMiB') / med('kubegen', 'rssMiB');
    const perRound = (a, b, k) => results[a].map((r, i) => r[k] / results[b][i][k]);
    console.log(`sync kubegen / client-go: ${syncRatio.toFixed(2)} (per round ${perRound('kubegen', 'client-go', 'ms').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 1.0)`);
    console.log(`peak RSS kubegen / client-go: ${rssRatio.toFixed(2)} (per round ${perRound('kubegen', 'client-go', 'rssMiB').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 0.8)`);
    console.log(`peak RSS metadata-only / full objects (kubegen): ${metaRatio.toFixed(2)} (per round ${perRound('kubegen-metadata', 'kubegen', 'rssMiB').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 0.3)`);
    // Not measured yet (issue 28): 3 sharded replicas (@kubegen/runtime/sharding) over the same N CronTabs, each
    // replica's peak RSS ≤ 0.4× one unsharded replica's (results.kubegen), and the total converge time of a controller
    // over the N objects ≤ 0.5× one replica's.
    console.log('sharded (3 replicas): not measured yet (goals: each replica peak RSS ≤ 0.4× one unsharded, converge ≤ 0.5×)');
    console.log(`RESULT scale rss_mib=${med('kubegen', 'rssMiB').toFixed(0)} ratio=${rssRatio.toFixed(2)} goal=0.8`);
  } finally {
    await rest.close();
    await cp.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench scale: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
