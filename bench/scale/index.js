'use strict';
/**
 * Scale benchmark (issue 28, acceptance `npm run bench -- scale [N]`): N CronTabs (default 100,000; the first
 * argument or BENCH_SCALE_N lowers it) in one namespace of one real control plane (etcd's backend quota raised to
 * 8 GiB). The objects (./crontab.js, BENCH_SCALE_OBJECT): `realistic` by default — a CronTab of the bench's own CRD
 * (bench.kubegen.dev, a structural schema, installed by the bench) whose spec carries a job template with a pod
 * template of two containers, as a batch/v1 CronJob does, ≈3 KB of JSON — because the goals are about what caching an
 * object costs, and with toy objects Node's ≈58 MiB base and the metadata outweigh it: a shard of 3 is base + cache/3,
 * so "≤ 0.4× one replica" needs a cache of ≥ 9× the base, and "metadata-only ≤ 0.3× full" a spec several times the
 * metadata, as real CronJobs, Deployments and Pods (2–5 KB) have; `small` — the sample CronTab of stable.example.com
 * (spec = schedule, image, replicas, timeZone; ≈80% metadata), the objects of the measurements before. The first line
 * says which; every client (client-go, kubegen full, metadata-only, the sharded controllers) reads the same objects.
 * Then, in fresh processes alternating in every round (BENCH_SCALE_ROUNDS, default 3):
 *   - kubegen: the manager's cache of whole CronTabs (`mgr.informerFor`) with its default transform (managedFields
 *     dropped) — kubegen.js --form=full;
 *   - client-go: a dynamic SharedIndexInformer with controller-runtime's TransformStripManagedFields — go/main.go,
 *     built once per source into ~/.cache/kubegen/bench;
 *   - kubegen-metadata: the manager's metadata-only cache of CronTabs (`mgr.metadataInformerFor`, the
 *     PartialObjectMetadata media type), same transform — kubegen.js --form=metadata.
 * Each reports its initial sync time (from starting the cache to synced, in the process) and its peak RSS (Node's
 * maxRSS, Go's VmHWM), then its live heap after a full collection (Node's heapUsed, Go's HeapAlloc) less the same
 * before the cache started: per cached object, the cache's own cost without the process's base (Node's ~58 MiB
 * dominates the peak RSS of small caches) — printed beside the goals, not one of them. Goals: kubegen sync ≤ 1.0× client-go's, peak RSS ≤ 0.8× client-go's; metadata-only peak RSS
 * ≤ 0.3× kubegen's full objects.
 *
 * Sharded (@kubegen/runtime/sharding): a CronTab controller (controller.js: For(CronTab), MaxConcurrentReconciles
 * BENCH_SCALE_SHARDED_CONCURRENCY, default 1 as the runtime's and controller-runtime's default; per object and epoch
 * BENCH_SCALE_SHARDED_WORK_MS, default 10, of work outside the apiserver — a wait, as for an external system — and one
 * status write) runs as ONE unsharded replica and as a ring of 3 shard replicas (withSharding, each running the
 * ring's Sharder, which works in the replica that leads it), all four started once, fresh, beside each other. Once the
 * sharder has labelled every CronTab and each shard's cache holds its share, each round (BENCH_SCALE_SHARDED_ROUNDS,
 * default 3, the order alternating; BENCH_SCALE_SHARDED_FIRST=ring starts with the ring) hands the unsharded replica
 * an epoch and then the 3 shards another, and prints where each replica's memory was at its peak RSS so far
 * (process.memoryUsage(), V8's heap spaces, the phase, the sharder's held objects): converge =
 * first reconcile start → every object written (across the 3 processes: the earliest start → the latest end, on the
 * machine's one clock). Sharding spreads a controller's own work; it does not make the one apiserver faster, so
 * without work outside the apiserver (BENCH_SCALE_SHARDED_WORK_MS=0) a loaded machine's apiserver is the bound of both
 * (measured: 3 shards 1.05–1.6× one replica at 10,000 objects, load average 11–12). Goals: total converge of the ring ≤ 0.5× the unsharded replica's, each shard replica's peak RSS
 * ≤ 0.4× the unsharded replica's (the sharder's leader pages through a list on a ring change, holding a bounded number
 * of views, and watches the CronTabs still to be assigned once its first resync has ended; it watched them from the
 * start before, holding a view of every CronTab — 100,815 at once at 100,000, and a peak ≈60 MiB above the other
 * shards). What a replica's peak RSS is made of (the peak reports; 10,000 and 30,000 realistic CronTabs, Node 20):
 * ≈50 MiB outside V8's heap (RSS − heapTotal − external: the binary, the isolate, malloc) and V8's young generation,
 * grown to its 2 × 16 MiB semi-spaces by any busy replica — ≈80 MiB a process has whatever it caches — plus the old
 * space, ≈6 KB per cached CronTab. The unsharded replica peaks in its initial sync (30,000: 280 MiB, old space 177),
 * a shard in its status-write epoch (10,346 objects: 164 MiB, old space 72), the sharder's leader while it assigns
 * (its cache of unassigned views at the start; a heap snapshot after the epoch: +0.9 MiB live over an equal shard).
 * So with a fixed F per process and a cache C in the unsharded replica, the largest shard (share s) is at most
 * 0.4× the replica only when F + s·C ≤ 0.4·(F + C), i.e. C ≥ F·0.6 / (0.4 − s): with s = 0.354 (the largest share of
 * upstream's ring over these names, 3 shards) C ≥ 13·F ≈ 1.0 GiB — so at 10,000 and 30,000 (0.72, 0.62) it cannot
 * hold. At 100,000 the shards carry less garbage in proportion than the unsharded replica (measured, one round, quiet
 * machine, load average 1.4–2.0: unsharded 766 MiB in its status-write epoch, old space 638; the shards 303 / 299 /
 * 305 MiB, each in its epoch, the leader no larger than the others): 0.40, converge 0.41 (1,790 s against 741 s). A
 * second round (load average 1.4–2.4): unsharded 1,050 MiB in its initial sync (old space 920: where V8 collects the
 * sync's garbage moves the unsharded peak by hundreds of MiB), the shards 351 / 301 / 309: 0.33, converge 0.41 (1,954 s
 * against 796 s) — the leader at 351 in its sync, having held up to 43,000 views: its ring had no member yet when it
 * took the lead, and it watched the unassigned CronTabs at once (since fixed: with no shard yet it watches nothing,
 * and the first shard's resync assigns them, bounded). A third round after that fix (load average 1.9–2.4; the
 * apiserver at 12.9 GiB RSS and 118% CPU by the end): converge 0.43 (2,592 s against 1,112 s), memory 0.32 (288 / 300 /
 * 366 MiB against 1,162, the unsharded replica again at its peak in its initial sync, old space 1,030) — but the leader
 * again held up to 51,927 views: its first resync, paced by its writes over ≈15 minutes, ended early (a second resync
 * was counted while 64,000 of 100,000 were assigned; etcd had compacted past the resync's first page meanwhile) and
 * the watch of unassigned CronTabs then listed the ≈52,000 still unassigned. Since then a resync lists on from an
 * expired continue token with the token the 410 names (not measured at 100,000 yet).
 * BENCH_SCALE_PARTS (default `informer,sharded`) picks the parts.
 *
 * Last line: `RESULT scale rss_mib=<kubegen median peak RSS> ratio=<kubegen / client-go peak RSS> goal=0.8`.
 */
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { buildGoPeer } = require('../gopeer');
const { median, range } = require('../stats');
const { pool, installCollection } = require('../cluster');
const { shape } = require('./crontab');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const argN = process.argv[2] !== undefined ? Number(process.argv[2].replace(/_/g, '')) : undefined;
const N = argN ?? Number(process.env.BENCH_SCALE_N ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 64);
const OBJECT = process.env.BENCH_SCALE_OBJECT ?? 'realistic';
const SHAPE = shape(OBJECT, root);
if (SHAPE === undefined) {
  process.stderr.write(`bench scale: BENCH_SCALE_OBJECT names realistic or small, not ${JSON.stringify(OBJECT)}\n`);
  process.exit(2);
}
const { group: GROUP, version: VERSION, plural: PLURAL, kind: KIND } = SHAPE;
const NAMESPACE = 'bench-scale';
const CLIENTS = ['kubegen', 'client-go', 'kubegen-metadata'];
const PARTS = (process.env.BENCH_SCALE_PARTS ?? 'informer,sharded').split(',');
const SHARDED_ROUNDS = Number(process.env.BENCH_SCALE_SHARDED_ROUNDS ?? 3);
const SHARDED_CONCURRENCY = Number(process.env.BENCH_SCALE_SHARDED_CONCURRENCY ?? 1);
const SHARDED_WORK_MS = Number(process.env.BENCH_SCALE_SHARDED_WORK_MS ?? 10);
/** BENCH_SCALE_SHARDED_FIRST=ring: the first round converges the ring first (the order alternates from there). */
const SHARDED_RING_FIRST = process.env.BENCH_SCALE_SHARDED_FIRST === 'ring';
const SHARDS = ['shard-0', 'shard-1', 'shard-2'];
/**
 * The shard and sharder Leases' duration (renewed within 2/3 of it). Default 60 s, not the runtime's 15 s: at 50,000
 * objects on 2 cores at load average ~20, a shard replica busy with the sharder's 50,000 label moves did not renew
 * its Lease within 10 s and exited (lease lost), as it must.
 */
const SHARD_LEASE_S = Number(process.env.BENCH_SCALE_SHARD_LEASE_S ?? 60);
const RING = 'bench-scale';
if (PARTS.length === 0 || PARTS.some((p) => p !== 'informer' && p !== 'sharded')) {
  process.stderr.write(`bench scale: BENCH_SCALE_PARTS names informer and/or sharded, not ${JSON.stringify(process.env.BENCH_SCALE_PARTS)}\n`);
  process.exit(2);
}

if (!Number.isInteger(N) || N < 1) {
  process.stderr.write(`bench scale: N must be a positive integer, got ${JSON.stringify(process.argv[2] ?? process.env.BENCH_SCALE_N)}\n`);
  process.exit(2);
}


/** Runs one client in a fresh process; resolves with its `synced` line. */
function measure(client, ctx) {
  const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${NAMESPACE}`, `--group=${GROUP}`, `--version=${VERSION}`, `--resource=${PLURAL}`];
  const [cmd, argv] = client === 'client-go'
    ? [ctx.goBinary, flags]
    : [process.execPath, ['--expose-gc', path.join(__dirname, 'kubegen.js'), ...flags, `--kind=${KIND}`, `--form=${client === 'kubegen-metadata' ? 'metadata' : 'full'}`]];
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

/**
 * One replica of the sharded part's controller (controller.js) in a fresh process: `send(line)` writes to its standard
 * input, `next(event, test?)` resolves with its next such line, `cacheObjects` is what it last said its cache holds,
 * `stop()` closes its standard input and waits for its exit (SIGKILL after 30 s).
 */
function startReplica(name, ctx, shard) {
  const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${NAMESPACE}`, `--group=${GROUP}`, `--version=${VERSION}`, `--concurrency=${SHARDED_CONCURRENCY}`, `--work-ms=${SHARDED_WORK_MS}`, `--cache-sync-timeout-s=${Math.ceil(readyLimitMs() / 1000)}`, ...(shard ? [`--ring=${RING}`, `--shard=${shard}`, `--lease-s=${SHARD_LEASE_S}`] : [])];
  const child = spawn(process.execPath, [path.join(__dirname, 'controller.js'), ...flags], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => (err = (err + c).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const waiting = [];
  const r = {
    name,
    cacheObjects: 0,
    /** Its exit code once it exited (a replica must not exit before `stop`). */
    exitCode: undefined,
    send: (line) => child.stdin.write(`${line}\n`),
    next: (event, test = () => true) => new Promise((resolve, reject) => waiting.push({ event, test, resolve, reject })),
    async stop() {
      child.stdin.end();
      const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(kill);
    },
    tail: () => err.trim().split('\n').slice(-3).join(' | '),
  };
  void exited.then((code) => {
    r.exitCode = code ?? 'signal';
    for (const w of waiting.splice(0)) w.reject(new Error(`${name} exited (${code}): ${r.tail()}`));
  });
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const msg = JSON.parse(line);
    if (msg.event === 'cache') r.cacheObjects = msg.objects;
    const i = waiting.findIndex((w) => w.event === msg.event && w.test(msg));
    if (i >= 0) waiting.splice(i, 1)[0].resolve(msg);
  });
  return r;
}

/**
 * How long the sharded part waits for the caches (and a replica's controller for its cache sync): 5 minutes, 10 ms
 * per object beyond (a 100,000 run's unsharded replica outlasted the runtime's 2-minute default at load average 8).
 */
function readyLimitMs() {
  return Math.max(300_000, N * 10);
}

/** Runs `create` until it succeeds or answers AlreadyExists; any other failure is retried 4 times, 1 s apart. */
async function retryCreate(create) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if (runtime.isAlreadyExists(err)) return undefined;
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/**
 * Polls `check` every 250 ms until it holds, at most `limitMs`; `what` names it in the error. Fails at once when one
 * of `replicas` exited (with the end of its standard error), and prints their cache sizes every 30 s.
 */
async function until(what, limitMs, check, replicas = []) {
  const deadline = Date.now() + limitMs;
  let nextReport = Date.now() + 30_000;
  while (!check()) {
    const gone = replicas.find((r) => r.exitCode !== undefined);
    if (gone) throw new Error(`${gone.name} exited (${gone.exitCode}) while waiting for ${what}: ${gone.tail()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    if (replicas.length > 0 && Date.now() > nextReport) {
      nextReport += 30_000;
      console.log(`  waiting for ${what}: caches ${replicas.map((r) => `${r.name} ${r.cacheObjects}`).join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Prints where each replica's memory was at its highest RSS so far (its `report`): process.memoryUsage(), V8's heap
 * spaces, the phase (sync or an epoch), its cache and, for the replica leading the sharder, what the sharder held.
 */
async function reportPeaks(replicas) {
  const reports = await Promise.all(replicas.map((r) => {
    const next = r.next('report');
    r.send('report');
    return next;
  }));
  for (const [i, { peak: p }] of reports.entries()) {
    console.log(`    ${replicas[i].name} at its peak RSS (sampled every 250 ms, MiB): rss ${p.rss}, heap ${p.heapUsed} used of ${p.heapTotal} (${p.spaces}), external ${p.external} (array buffers ${p.arrayBuffers}); during ${p.phase}, cache ${p.cache}${p.sharderLeads ? `; leads the sharder (held ${p.held} then, at most ${p.sharderHeldMax}; ${JSON.stringify(p.sharderStats)})` : ''}`);
  }
  return reports;
}

/** The sharded part (see the module doc); prints its rounds and medians. */
async function sharded(ctx) {
  console.log(`\nsharded: 1 unsharded replica and a ring of ${SHARDS.length} shards, MaxConcurrentReconciles ${SHARDED_CONCURRENCY} each, ${SHARDED_WORK_MS} ms of work outside the apiserver per write, ${SHARDED_ROUNDS} rounds`);
  const single = startReplica('unsharded', ctx);
  const shards = SHARDS.map((s) => startReplica(s, ctx, s));
  const all = [single, ...shards];
  // where each replica's memory peaked so far, every BENCH_SCALE_REPORT_S (default 300) seconds of a long run as well
  let reporting = Promise.resolve();
  const periodic = setInterval(() => {
    reporting = reporting.then(() => {
      console.log(`  peaks so far (${new Date().toISOString()}):`);
      return reportPeaks(all);
    }).catch(() => undefined);
  }, Number(process.env.BENCH_SCALE_REPORT_S ?? 300) * 1000);
  try {
    const t0 = Date.now();
    const limitMs = readyLimitMs();
    await until(`the unsharded replica's cache of ${N}`, limitMs, () => single.cacheObjects === N, all);
    // the sharder labels every CronTab, a shard's cache fills as it does: wait until the shares add up and hold still
    let last = '';
    let stillSince = Date.now();
    await until(`the shards' caches to hold ${N} between them`, limitMs, () => {
      const now = shards.map((r) => r.cacheObjects).join(' ');
      if (now !== last) [last, stillSince] = [now, Date.now()];
      return shards.reduce((n, r) => n + r.cacheObjects, 0) === N && shards.every((r) => r.cacheObjects > 0) && Date.now() - stillSince > 3000;
    }, all);
    console.log(`  ready in ${((Date.now() - t0) / 1000).toFixed(1)} s; shares ${shards.map((r) => `${r.name} ${r.cacheObjects}`).join(', ')}`);
    const results = { single: [], ring: [] };
    let epoch = Math.floor(Date.now() / 1000) % 100_000; // a target no earlier run of this cluster wrote
    const converge = async (replicas) => {
      const k = ++epoch;
      const done = replicas.map((r) => r.next('converged', (m) => m.epoch === k));
      for (const r of replicas) r.send(`epoch ${k}`);
      const ms = await Promise.all(done);
      const objects = ms.reduce((n, m) => n + m.objects, 0);
      if (objects !== N) throw new Error(`epoch ${k} converged ${objects} objects, not ${N}`);
      const failures = {};
      for (const m of ms) for (const [k, v] of Object.entries(m.failures)) failures[k] = (failures[k] ?? 0) + v;
      return {
        ms: Math.max(...ms.map((m) => m.endMs)) - Math.min(...ms.map((m) => m.startMs)),
        each: ms.map((m) => m.endMs - m.startMs),
        rssMiB: ms.map((m) => m.rssMiB),
        peaks: ms.map((m) => m.peak),
        writes: ms.reduce((n, m) => n + m.writes, 0),
        failures,
      };
    };
    for (let round = 0; round < SHARDED_ROUNDS; round++) {
      for (const which of (round + (SHARDED_RING_FIRST ? 1 : 0)) % 2 ? ['ring', 'single'] : ['single', 'ring']) {
        const r = await converge(which === 'single' ? [single] : shards);
        results[which].push(r);
        console.log(`  round ${round + 1}/${SHARDED_ROUNDS} ${which === 'single' ? 'unsharded' : `${SHARDS.length} shards `}: converge ${r.ms.toFixed(0)} ms (${(N / (r.ms / 1000)).toFixed(0)} objects/s${r.each.length > 1 ? `; each ${r.each.map((x) => x.toFixed(0)).join(' / ')} ms` : ''}; ${r.writes} writes${Object.keys(r.failures).length > 0 ? `, failed ${JSON.stringify(r.failures)}` : ''}), peak RSS so far ${r.rssMiB.map((x) => x.toFixed(0)).join(' / ')} MiB; load average ${os.loadavg()[0].toFixed(1)}`);
        reporting = reporting.then(() => reportPeaks(all));
        await reporting;
      }
    }
    const singleMs = median(results.single.map((r) => r.ms));
    const ringMs = median(results.ring.map((r) => r.ms));
    const perRound = results.ring.map((r, i) => r.ms / results.single[i].ms);
    // peak RSS: each process's maxRSS over its whole life, asked at the end (a shard's last converge line is older than
    // the unsharded replica's when the ring went last, and the sharder's leader resyncs meanwhile)
    const final = await (reporting = reporting.then(() => reportPeaks(all)));
    const singleRss = final[0].rssMiB;
    const shardRss = final.slice(1).map((r) => r.rssMiB);
    console.log(`  converge median: unsharded ${singleMs.toFixed(0)} ms, ${SHARDS.length} shards ${ringMs.toFixed(0)} ms; ratio ${(ringMs / singleMs).toFixed(2)} (per round ${perRound.map((x) => x.toFixed(2)).join(', ')}; goal ≤ 0.5)`);
    console.log(`  peak RSS: unsharded ${singleRss.toFixed(0)} MiB, shards ${shardRss.map((x) => x.toFixed(0)).join(' / ')} MiB; largest shard / unsharded ${(Math.max(...shardRss) / singleRss).toFixed(2)} (goal ≤ 0.4)`);
  } finally {
    clearInterval(periodic);
    await reporting;
    await Promise.all(all.map((r) => r.stop()));
  }
}

async function main() {
  const goBinary = PARTS.includes('informer') ? buildGoPeer(__dirname, 'scale') : undefined;
  // 100,000 CronTabs with their managedFields are ~0.3 GiB in etcd, its history more: the 2 GiB default quota is tight
  const cp = await testing.startControlPlane({ log: () => {}, etcdFlags: { 'quota-backend-bytes': String(8 * 1024 ** 3) } });
  const rest = runtime.createRestClient(runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }));
  try {
    const bytes = JSON.stringify(SHAPE.object(0, NAMESPACE)).length;
    console.log(`control plane ready in ${(cp.startupMs / 1000).toFixed(1)} s; node ${process.version}; N=${N}, ${ROUNDS} rounds; objects: ${SHAPE.name} ${KIND}s of ${GROUP} (BENCH_SCALE_OBJECT; ≈${bytes} B of JSON each as sent)`);
    const collection = await installCollection(rest, SHAPE.crd, { group: GROUP, version: VERSION, plural: PLURAL, namespace: NAMESPACE });
    const t0 = Date.now();
    let created = 0;
    const step = Math.max(10_000, Math.ceil(N / 10));
    await pool(N, CONCURRENCY, async (i) => {
      // a create the loaded apiserver did not answer in time is sent again (5 tries); AlreadyExists: the first one took
      await retryCreate(() => rest.requestVoid({
        method: 'POST',
        path: collection,
        body: SHAPE.object(i, NAMESPACE),
      }));
      if (++created % step === 0 && created < N) console.log(`  created ${created} in ${((Date.now() - t0) / 1000).toFixed(0)} s; load average ${os.loadavg()[0].toFixed(1)}`);
    });
    console.log(`created ${N} CronTabs in ${((Date.now() - t0) / 1000).toFixed(1)} s (${CONCURRENCY} in flight)`);

    const ctx = { kubeconfig: cp.kubeconfigPath, goBinary };
    const result = PARTS.includes('informer') ? await informers(ctx) : undefined;
    if (PARTS.includes('sharded')) await sharded(ctx);
    // the informer part's RESULT line, last
    if (result !== undefined) console.log(result);
  } finally {
    await rest.close();
    await cp.stop();
  }
}

/**
 * The informer part (see the module doc): kubegen, client-go and kubegen-metadata caches, fresh processes; resolves
 * with the RESULT line.
 */
async function informers(ctx) {
  const results = Object.fromEntries(CLIENTS.map((c) => [c, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const client of CLIENTS.map((_, i) => CLIENTS[(i + round) % CLIENTS.length])) {
      const r = await measure(client, ctx);
      results[client].push(r);
      console.log(`round ${round + 1}/${ROUNDS} ${client.padEnd(16)}: sync ${r.ms.toFixed(0)} ms, peak RSS ${r.rssMiB.toFixed(0)} MiB; load average ${os.loadavg()[0].toFixed(1)}`);
    }
  }
  const med = (c, k) => median(results[c].map((r) => r[k]));
  for (const c of CLIENTS) {
    console.log(`${c.padEnd(16)}: sync median ${med(c, 'ms').toFixed(0)} ms (${range(results[c].map((r) => r.ms))}), peak RSS median ${med(c, 'rssMiB').toFixed(0)} MiB (${range(results[c].map((r) => r.rssMiB))})`);
  }
  // the cache's own cost per object, without the process's base and the sync's garbage: live heap after a full GC
  const perObject = (c) => median(results[c].map((r) => ((r.heapMiB - r.baseHeapMiB) * 2 ** 20) / N));
  console.log(`live heap per cached object (after a full GC; median): ${CLIENTS.map((c) => `${c} ${perObject(c).toFixed(0)} B`).join(', ')}; kubegen / client-go ${(perObject('kubegen') / perObject('client-go')).toFixed(2)}, metadata-only / full ${(perObject('kubegen-metadata') / perObject('kubegen')).toFixed(2)}`);
  const syncRatio = med('kubegen', 'ms') / med('client-go', 'ms');
  const rssRatio = med('kubegen', 'rssMiB') / med('client-go', 'rssMiB');
  const metaRatio = med('kubegen-metadata', 'rssMiB') / med('kubegen', 'rssMiB');
  const perRound = (a, b, k) => results[a].map((r, i) => r[k] / results[b][i][k]);
  console.log(`sync kubegen / client-go: ${syncRatio.toFixed(2)} (per round ${perRound('kubegen', 'client-go', 'ms').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 1.0)`);
  console.log(`peak RSS kubegen / client-go: ${rssRatio.toFixed(2)} (per round ${perRound('kubegen', 'client-go', 'rssMiB').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 0.8)`);
  console.log(`peak RSS metadata-only / full objects (kubegen): ${metaRatio.toFixed(2)} (per round ${perRound('kubegen-metadata', 'kubegen', 'rssMiB').map((x) => x.toFixed(2)).join(', ')}; goal ≤ 0.3)`);
  console.log(`objects: ${SHAPE.name} (BENCH_SCALE_OBJECT)`);
  return `RESULT scale rss_mib=${med('kubegen', 'rssMiB').toFixed(0)} ratio=${rssRatio.toFixed(2)} goal=0.8`;
}

main().catch((err) => {
  process.stderr.write(`bench scale: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
