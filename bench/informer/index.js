'use strict';
/**
 * Informer benchmark: N (10,000) CronTabs (stable.example.com/v1) in one namespace of one real control plane, and
 * three informers over them, each in a fresh process, alternating in every round:
 *   - kubegen: the committed `generated/stable.example.com` package's shared informer factory, CronTab informer
 *     and lister (kubegen.js), with its catch-up policy (runtime/src/cache/catchup.ts: after a stall it may relist
 *     instead of replaying); and kubegen-replay, the same with the policy off (`catchUp: false`: it always replays, as
 *     client-go does), whose CPU per event is the replay's;
 *   - client-go: a dynamic SharedIndexInformer over unstructured objects and its dynamic lister (go/main.go, built
 *     once per source into ~/.cache/kubegen/bench);
 *   - client-node: @kubernetes/client-node's makeInformer over CustomObjectsApi (client-node.js).
 *
 * Per process (the protocol is in protocol.js):
 *   1. initial sync: from starting the informer to synced, in the process (after its modules are loaded);
 *      paged lists (500 a page; client-node lists in one request) — and, in separate processes, streaming lists
 *      (WatchList: `sendInitialEvents`) for kubegen and client-go when the apiserver serves them: the default of both
 *      (client-go's WatchListClient feature is on since 1.35, kubegen's `initialList` is `'StreamingList'`). The
 *      paged lists are what each client does without streaming lists, the same request for both: kubegen
 *      (`initialList: 'ListWatch'`, `listSemantic: 'Any'` by default) and client-go's reflector (WatchListClient off)
 *      ask for `resourceVersion=0&limit=500`, which the apiserver answers from its watch cache in one response, the
 *      limit ignored. Phase `consistent` (default on) adds, per round, a kubegen process listing with a consistent
 *      read (`listSemantic: 'MostRecent'`: 20 pages of 500), which client-go's reflector never does on its first list:
 *      reported, with no goal. The `sync floor` row measures both requests without decoding;
 *   2. watch catch-up: the process is paused (SIGSTOP), N merge patches land (each object's spec.schedule set to a
 *      new marker), the process is resumed (SIGCONT): events/s = N / (resume → the handler saw the N-th marked
 *      update). While paused the apiserver may drop the watch as unresponsive; re-watching is part of catching up.
 *      Also reported: the child's CPU time per event while catching up (user + system, from arming to caught up),
 *      which a busy machine disturbs far less than the wall-clock rate. kubegen reports whether its informer chose to
 *      relist (`kubegen_watcher_catchup_relists_total`); then a short stall: SHORT (100) objects change while it is
 *      paused, which it must replay, not relist;
 *   3. lister get: median ns per namespaced `get(name)` over batches of 1,000 shuffled names;
 *   4. peak RSS: VmHWM of the process (/proc/<pid>/status) before it exits (and, reported apart, right after sync).
 * And in each round the floors of a sync (floor.js, fresh processes too): the time to merely receive the bytes of the
 * consistent paged list (500 a page, what kubegen asks for with `listSemantic: 'MostRecent'`) and of the
 * `resourceVersion=0` list (what both ask for by default without streaming lists; the apiserver serves it from its
 * watch cache in one response) and, when streaming lists are measured, of the streaming list (until the bookmark that
 * ends its initial events: the pace the apiserver writes it at, event by event), with no decoding; and the watch floors floor-bytes, floor-parse and floor-store go
 * through the same steps as the informers. The `ceilings` lines relate them to the goals: a goal beyond a floor is
 * beyond any client on this machine. For catch-up they compare both the rates and the CPU time per event: a rate
 * moves with how fast the apiserver sends (the floors' rates range several-fold between rounds), the CPU per event
 * much less, and an informer cannot spend less of it than a floor that does part of its work.
 * Prints medians over ROUNDS rounds, each goal's ratio of medians (which decides it) with the same ratio taken round
 * by round (its median, range, and in how many rounds the goal held). The goals: catch-up ≥ 1.5× client-go's and
 * ≥ 1.0× client-node's (client-node relists, by accident: its watch request is aborted during the pause); the replay's
 * CPU per event (kubegen-replay) ≤ 1.05× floor-store's; the short stall replayed in every round; streaming-list sync
 * ≤ 0.6× client-go's; peak RSS ≤ 1.0× and lister get p50 ≤ 1.0× client-go's. It prints the catch-up ratio to client-go
 * and ends with
 *   RESULT informer events_per_s=<kubegen catch-up> ratio=<kubegen / client-node catch-up> goal=1.0
 *
 * Environment: BENCH_INFORMER_N (objects, default 10000), BENCH_INFORMER_ROUNDS (default 5: single rounds on a shared 2-core machine vary by ±30%),
 * BENCH_INFORMER_CONCURRENCY (patches in flight, default 32), BENCH_INFORMER_NODE_ARGS (node flags of the Node children,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 * BENCH_INFORMER_SHORT (objects changed in the short stall, default 100; 0: none).
 * For iterating on one part (the goals' lines are then printed for the measured peers only, and the RESULT line only
 * when kubegen, client-go, client-node and the catch-up phase ran): BENCH_INFORMER_CLIENTS (comma-separated, of kubegen,
 * kubegen-replay, client-go, client-node and the watch floors floor-bytes, floor-parse and floor-store (floor.js: the
 * watch's bytes received; parsed; parsed and kept in a Map — no informer); default kubegen, kubegen-replay, client-go,
 * client-node and floor-store; and, to compare the transports in one run,
 * kubegen-h1 and kubegen-h2: the kubegen child over HTTP/1.1 and over HTTP/2 (`transport.http2`), each with its own
 * goals' lines and streaming-list sync), BENCH_INFORMER_PHASES (comma-separated subset of `full` (paged sync,
 * catch-up, lister, RSS), `sync` (paged sync and the RSS right after it only: no catch-up, no lister), `streaming`
 * (streaming-list sync), `floor` (the sync floors) and `consistent` (kubegen's sync with a consistent read); default
 * `full,streaming,floor,consistent`), BENCH_INFORMER_STREAMING=0
 * (no streaming-list processes), BENCH_INFORMER_TRACE (non-empty: every child logs on standard error each list and
 * watch request it opens and each watch that ends, with a timestamp, plus the count of marked updates seen every
 * second while catching up).
 */
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { spawn } = require('node:child_process');
const { parse } = require('yaml');
const { buildGoPeer } = require('../gopeer');
const { median, range } = require('../stats');
const { pool, installCollection } = require('../cluster');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));

const N = Number(process.env.BENCH_INFORMER_N ?? 10_000);
const ROUNDS = Number(process.env.BENCH_INFORMER_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_INFORMER_CONCURRENCY ?? 32);
const GROUP = 'stable.example.com';
const VERSION = 'v1';
const PLURAL = 'crontabs';
const NAMESPACE = 'bench';
const generatedPackage = path.join(root, 'generated', GROUP);
const DEFAULT_CLIENTS = ['kubegen', 'kubegen-replay', 'client-go', 'client-node', 'floor-store'];
/**
 * kubegen-h1 and kubegen-h2: the kubegen child over HTTP/1.1 and over HTTP/2, to compare the transports in one run;
 * floor-bytes and floor-parse: the watch floors below floor-store (not run by default: each adds a process a round);
 * kubegen-relist: the kubegen child whose catch-up policy relists after any stall it sees (`relistRatio` and
 * `minBacklog` at their least), which measures a warm relist against the replay — what the policy's default
 * `relistRatio` is calibrated from.
 */
const ALL_CLIENTS = [...DEFAULT_CLIENTS, 'floor-bytes', 'floor-parse', 'kubegen-h1', 'kubegen-h2', 'kubegen-relist'];
/** The short stall after the catch-up (kubegen children with the catch-up policy on): this many changed objects. */
const SHORT = Number(process.env.BENCH_INFORMER_SHORT ?? 100);
/** Clients whose informer runs the catch-up policy (they may relist): the short stall is theirs. */
const catchesUp = (client) => client === 'kubegen' || client.startsWith('kubegen-h');
const CLIENTS = process.env.BENCH_INFORMER_CLIENTS ? process.env.BENCH_INFORMER_CLIENTS.split(',').map((c) => c.trim()) : DEFAULT_CLIENTS;
for (const c of CLIENTS) if (!ALL_CLIENTS.includes(c)) throw new Error(`BENCH_INFORMER_CLIENTS: unknown client ${JSON.stringify(c)} (one of ${ALL_CLIENTS.join(', ')})`);
const PHASES = new Set(process.env.BENCH_INFORMER_PHASES ? process.env.BENCH_INFORMER_PHASES.split(',').map((p) => p.trim()) : ['full', 'streaming', 'floor', 'consistent']);
for (const p of PHASES) if (!['full', 'sync', 'streaming', 'floor', 'consistent'].includes(p)) throw new Error(`BENCH_INFORMER_PHASES: unknown phase ${JSON.stringify(p)} (full, sync, streaming, floor, consistent)`);
const SYNC_ONLY = PHASES.has('sync') && !PHASES.has('full');
const STREAMING = process.env.BENCH_INFORMER_STREAMING !== '0' && PHASES.has('streaming');

const name = (i) => `crontab-${String(i).padStart(5, '0')}`;

/** A child process speaking protocol.js: `next(event)` resolves with its next line of that event. */
class Child {
  constructor(client, ctx, streaming, extra = []) {
    const flags = [`--kubeconfig=${ctx.kubeconfig}`, `--namespace=${NAMESPACE}`, `--group=${GROUP}`, `--version=${VERSION}`, `--resource=${PLURAL}`];
    const env = { ...process.env };
    let cmd;
    let argv;
    if (client === 'client-go') {
      cmd = ctx.goBinary;
      argv = flags.map((f) => f.replace(/^--/, '-'));
      env.KUBE_FEATURE_WatchListClient = streaming ? 'true' : 'false';
    } else {
      cmd = process.execPath;
      const nodeArgs = process.env.BENCH_INFORMER_NODE_ARGS ? process.env.BENCH_INFORMER_NODE_ARGS.split(' ') : [];
      const floor = /^floor-(.*)$/.exec(client);
      const h = /^kubegen-h([12])$/.exec(client);
      const replay = client === 'kubegen-replay';
      const relist = client === 'kubegen-relist';
      const script = floor ? 'floor.js' : h || replay || relist ? 'kubegen.js' : `${client}.js`;
      argv = [
        ...nodeArgs,
        path.join(__dirname, script),
        ...flags,
        `--streaming=${streaming}`,
        ...(floor ? [`--floor=${floor[1]}`] : []),
        ...(h ? [`--http2=${h[1] === '2'}`] : []),
        ...(replay ? ['--catch-up=false'] : []),
        ...(relist ? ['--catch-up=relist'] : []),
        ...extra,
      ];
    }
    this.client = client;
    this.proc = spawn(cmd, argv, { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = [];
    this.waiting = undefined;
    this.exited = new Promise((resolve) => this.proc.once('exit', (code, signal) => resolve({ code, signal })));
    this.exited.then(({ code, signal }) => {
      const w = this.waiting;
      this.waiting = undefined;
      w?.reject(new Error(`${client} child exited (${code ?? signal}) while the bench waited for "${w.event}"`));
    });
    readline.createInterface({ input: this.proc.stdout }).on('line', (line) => {
      const msg = JSON.parse(line);
      if (this.waiting && this.waiting.event === msg.event) {
        const w = this.waiting;
        this.waiting = undefined;
        clearTimeout(w.timer);
        w.resolve(msg);
      } else this.lines.push(msg);
    });
  }

  next(event, timeoutMs = 300_000) {
    const i = this.lines.findIndex((m) => m.event === event);
    if (i >= 0) return Promise.resolve(this.lines.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new Error(`${this.client}: no "${event}" within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiting = { event, resolve, reject, timer };
    });
  }

  send(line) {
    this.proc.stdin.write(`${line}\n`);
  }

  peakRssMiB() {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.proc.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  }

  async exit() {
    this.send('exit');
    const t = setTimeout(() => {
      console.log(`${this.client} did not exit within 10 s of "exit": killed`);
      this.proc.kill('SIGKILL');
    }, 10_000);
    await this.exited;
    clearTimeout(t);
  }
}

let markers = 0;

/**
 * One stall of `child`: armed for `n` marked updates, paused (SIGSTOP) while the first `n` objects are patched, resumed
 * (SIGCONT); its events/s (resume → the n-th marked update reached the handler), CPU µs per event, and its `caughtUp`.
 */
async function stall(child, ctx, n) {
  // spec.schedule must look like a cron line (five fields), and differ from every earlier marker
  const marker = `${++markers} ${process.pid} * * *`;
  child.send(`expect ${n} ${marker}`);
  await child.next('armed');
  child.proc.kill('SIGSTOP');
  const body = { spec: { schedule: marker } };
  await pool(n, CONCURRENCY, (i) =>
    ctx.rest.requestVoid({ method: 'PATCH', path: `/apis/${GROUP}/${VERSION}/namespaces/${NAMESPACE}/${PLURAL}/${name(i)}`, body, contentType: 'application/merge-patch+json' }),
  );
  const resumed = Date.now();
  if (process.env.BENCH_INFORMER_TRACE) console.log(`[bench ${resumed}] ${child.client} resumed`);
  child.proc.kill('SIGCONT');
  const caught = await child.next('caughtUp');
  return { eventsPerS: n / (Math.max(1, caught.at - resumed) / 1000), cpuUsPerEvent: (caught.cpuMs * 1000) / n, caught };
}

/**
 * Sync, catch-up (N changed objects), lister and peak RSS of one fresh process; for a client with the catch-up policy,
 * whether it relisted to catch up, and a short stall after it (SHORT changed objects), which must replay.
 */
async function fullRun(client, ctx) {
  const child = new Child(client, ctx, false);
  try {
    const synced = await child.next('synced');
    if (synced.objects !== N) throw new Error(`${client} synced ${synced.objects} objects, expected ${N}`);
    const syncRssMiB = child.peakRssMiB();
    if (SYNC_ONLY) return { syncMs: synced.ms, syncRssMiB };
    const long = await stall(child, ctx, N);
    const short = catchesUp(client) && SHORT > 0 ? await stall(child, ctx, SHORT) : undefined;
    child.send('lister');
    const lister = await child.next('lister');
    const rss = child.peakRssMiB();
    return {
      syncMs: synced.ms,
      syncRssMiB,
      eventsPerS: long.eventsPerS,
      cpuUsPerEvent: long.cpuUsPerEvent,
      relists: long.caught.relists,
      ...(short ? { shortEventsPerS: short.eventsPerS, shortRelists: short.caught.relists - (long.caught.relists ?? 0) } : {}),
      listerNs: lister.p50ns,
      rssMiB: rss,
    };
  } finally {
    await child.exit();
  }
}

/** The initial sync of one fresh process listing with a streaming list. */
async function streamingSync(client, ctx) {
  return syncOnly(new Child(client, ctx, true));
}

/** The initial sync of one fresh kubegen process listing with a consistent read, page after page (listSemantic `MostRecent`). */
async function consistentSync(ctx) {
  return syncOnly(new Child('kubegen', ctx, false, ['--list-semantic=MostRecent']));
}

/** The lists of the sync floors, by floor.js' `--list`. */
const FLOOR_LISTS = { paged: 'consistent paged list', rv0: 'resourceVersion=0 list', streaming: 'streaming list' };

/** The time of one fresh floor.js process receiving the list's bytes (`list`: `paged`, `rv0` or `streaming`). */
async function floorSync(list, ctx) {
  return syncOnly(new Child('floor', ctx, false, [`--list=${list}`]));
}

/** The sync time of `child`, which then exits. */
async function syncOnly(child) {
  const client = child.client;
  try {
    const synced = await child.next('synced');
    if (synced.objects !== N) throw new Error(`${client} synced ${synced.objects} objects, expected ${N}`);
    return synced.ms;
  } finally {
    await child.exit();
  }
}

/** Whether the apiserver serves streaming lists (the WatchList feature): a watch with sendInitialEvents. */
async function watchListEnabled(rest) {
  const q = new URLSearchParams({ watch: 'true', sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true', timeoutSeconds: '1', limit: '1' });
  try {
    await rest.requestVoid({ method: 'GET', path: `/apis/${GROUP}/${VERSION}/namespaces/${NAMESPACE}/${PLURAL}`, query: q });
    return true;
  } catch (err) {
    console.log(`streaming list refused: ${err.message}`);
    return false;
  }
}

async function main() {
  const goBinary = buildGoPeer(__dirname, 'informer');
  if (!fs.existsSync(path.join(generatedPackage, 'dist', 'index.js'))) throw new Error('build the generated packages first (npm run build)');
  const cp = await testing.startControlPlane({ log: () => {} });
  const rest = runtime.createRestClient(runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }));
  try {
    console.log(`control plane ready in ${(cp.startupMs / 1000).toFixed(1)} s at ${cp.url}; node ${process.version}`);
    const crd = parse(fs.readFileSync(path.join(generatedPackage, 'crds', `${GROUP}_${PLURAL}.yaml`), 'utf8'));
    const collection = await installCollection(rest, crd, { group: GROUP, version: VERSION, plural: PLURAL, namespace: NAMESPACE });
    const t0 = Date.now();
    await pool(N, CONCURRENCY, (i) =>
      rest.requestVoid({
        method: 'POST',
        path: collection,
        body: {
          apiVersion: `${GROUP}/${VERSION}`,
          kind: 'CronTab',
          metadata: { name: name(i), labels: { app: 'bench', shard: String(i % 16) } },
          spec: { schedule: '*/5 * * * *', image: 'registry.example.com/cron/job:1.2.3', replicas: (i % 5) + 1, timeZone: 'Etc/UTC' },
        },
      }),
    );
    console.log(`created ${N} CronTabs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const streaming = STREAMING && CLIENTS.includes('kubegen') && CLIENTS.includes('client-go') && (await watchListEnabled(rest));
    console.log(`streaming lists (WatchList): ${streaming ? 'served by the apiserver, measured for kubegen and client-go' : 'not measured'}`);

    const ctx = { kubeconfig: cp.kubeconfigPath, goBinary, rest };
    const full = Object.fromEntries(CLIENTS.map((c) => [c, []]));
    // kubegen-replay lists as kubegen does: no streaming-list process of its own
    const streamClients = streaming ? CLIENTS.filter((c) => (c.startsWith('kubegen') && c !== 'kubegen-replay' && c !== 'kubegen-relist') || c === 'client-go') : [];
    const stream = Object.fromEntries(streamClients.map((c) => [c, []]));
    const floors = { paged: [], rv0: [], streaming: [] };
    const consistent = [];
    const runConsistent = PHASES.has('consistent') && CLIENTS.includes('kubegen');
    const runFull = PHASES.has('full') || PHASES.has('sync');
    for (let round = 0; round < ROUNDS; round++) {
      const order = CLIENTS.map((_, i) => CLIENTS[(i + round) % CLIENTS.length]);
      for (const client of runFull ? order : []) {
        const r = await fullRun(client, ctx);
        full[client].push(r);
        console.log(
          SYNC_ONLY
            ? `round ${round + 1}/${ROUNDS} ${client.padEnd(11)}: sync ${r.syncMs.toFixed(0)} ms, RSS after sync ${r.syncRssMiB.toFixed(0)} MiB`
            : `round ${round + 1}/${ROUNDS} ${client.padEnd(11)}: sync ${r.syncMs.toFixed(0)} ms, catch-up ${r.eventsPerS.toFixed(0)} events/s (CPU ${r.cpuUsPerEvent.toFixed(1)} µs/event${r.relists === undefined ? '' : r.relists ? ', relisted' : ', replayed'})` +
                (r.shortRelists === undefined ? '' : `, short stall (${SHORT} of ${N}) ${r.shortEventsPerS.toFixed(0)} events/s ${r.shortRelists ? 'RELISTED' : 'replayed'}`) +
                `, lister get ${r.listerNs.toFixed(0)} ns, peak RSS ${r.rssMiB.toFixed(0)} MiB (${r.syncRssMiB.toFixed(0)} after sync)`,
        );
      }
      for (const client of round % 2 ? [...streamClients].reverse() : streamClients) {
        const ms = await streamingSync(client, ctx);
        stream[client].push(ms);
        console.log(`round ${round + 1}/${ROUNDS} ${client.padEnd(11)}: streaming-list sync ${ms.toFixed(0)} ms`);
      }
      if (runConsistent) {
        const ms = await consistentSync(ctx);
        consistent.push(ms);
        console.log(`round ${round + 1}/${ROUNDS} kubegen    : sync with a consistent read (listSemantic MostRecent, 20 pages) ${ms.toFixed(0)} ms`);
      }
      for (const list of PHASES.has('floor') ? ['paged', 'rv0', ...(streaming ? ['streaming'] : [])] : []) {
        const ms = await floorSync(list, ctx);
        floors[list].push(ms);
        console.log(`round ${round + 1}/${ROUNDS} floor      : bytes of the ${FLOOR_LISTS[list]} in ${ms.toFixed(0)} ms`);
      }
    }

    const ran = PHASES.has('full') || PHASES.has('sync') ? CLIENTS : [];
    const m = (client, key) => (full[client]?.length ? median(full[client].map((r) => r[key])) : NaN);
    const rg = (client, key, d = 0) => range(full[client].map((r) => r[key]), d);
    console.log(`\nmedians over ${ROUNDS} rounds (ranges in brackets), ${N} objects:`);
    const row = (label, key, unit, d = 0) => {
      if (ran.length) console.log(`  ${label.padEnd(22)}` + ran.map((c) => `${c} ${m(c, key).toFixed(d)} ${unit} [${rg(c, key, d)}]`).join('   '));
    };
    row('sync (paged, rv=0)', 'syncMs', 'ms');
    if (streaming) console.log(`  ${'sync (streaming list)'.padEnd(22)}` + streamClients.map((c) => `${c} ${median(stream[c]).toFixed(0)} ms [${range(stream[c])}]`).join('   '));
    if (runConsistent) console.log(`  ${'sync (consistent)'.padEnd(22)}kubegen ${median(consistent).toFixed(0)} ms [${range(consistent)}]   (listSemantic MostRecent: 20 pages; client-go's reflector never lists so first)`);
    if (PHASES.has('floor')) {
      const streamed = floors.streaming.length ? `   streaming list ${median(floors.streaming).toFixed(0)} ms [${range(floors.streaming)}]` : '';
      console.log(`  ${'sync floor (bytes)'.padEnd(22)}paged ${median(floors.paged).toFixed(0)} ms [${range(floors.paged)}]   resourceVersion=0 ${median(floors.rv0).toFixed(0)} ms [${range(floors.rv0)}]${streamed}`);
    }
    if (!SYNC_ONLY) {
      row('catch-up', 'eventsPerS', 'events/s');
      row('catch-up CPU', 'cpuUsPerEvent', 'µs/event', 1);
      row('lister get p50', 'listerNs', 'ns');
      row('peak RSS', 'rssMiB', 'MiB');
    }
    row('RSS after sync', 'syncRssMiB', 'MiB');
    if (!CLIENTS.includes('kubegen')) return;
    const has = (peer) => ran.includes(peer);
    const meets = (value, op, target) => (op === '≤' ? value <= target : value >= target);
    // a ratio round by round (both processes ran in the same round, so a busier or quieter spell of the machine moves
    // both): its median, range and how often it held, beside the ratio of the medians that decides a goal
    const ratioOf = (a, b, key) => m(a, key) / m(b, key);
    const byRound = (a, b, key) => full[a].map((r, i) => r[key] / full[b][i][key]);
    const roundsNote = (rounds, op, target, held) =>
      rounds.length > 1 ? `   [by round: median ${median(rounds).toFixed(2)}, ${range(rounds, 2)}, ${held} in ${rounds.filter((r) => meets(r, op, target)).length} of ${rounds.length}]` : '';
    /** The goals' lines of the kubegen child `self` (after sync, only the sync's with BENCH_INFORMER_PHASES=sync). */
    const ratios = (self) => {
      const ratio = (key, peer) => ratioOf(self, peer, key);
      const paired = (key, peer) => byRound(self, peer, key);
      const goal = (label, value, op, target, rounds = []) =>
        console.log(`  ${label.padEnd(44)} ${Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)} (goal ${op} ${target}) ${meets(value, op, target) ? 'met' : 'MISSED'}${roundsNote(rounds, op, target, 'met')}`}`);
      const streamMedian = (c) => (stream[c]?.length ? median(stream[c]) : NaN);
      console.log(`ratios (${self} / peer):`);
      // both clients' default is the streaming list (client-go's WatchListClient is on since 1.35); without it both
      // list with the same request (resourceVersion=0, from the watch cache); the consistent read has no goal
      if (streaming && stream[self]) goal('sync, streaming (the default), / client-go', streamMedian(self) / streamMedian('client-go'), '≤', 0.6, stream[self].map((ms, i) => ms / stream['client-go'][i]));
      if (has('client-go')) goal('sync, paged (rv=0, both), / client-go', ratio('syncMs', 'client-go'), '≤', 0.6, paired('syncMs', 'client-go'));
      if (has('client-go') && runConsistent && self === 'kubegen') console.log(`  ${'sync, consistent read, / client-go rv=0'.padEnd(44)} ${(median(consistent) / m('client-go', 'syncMs')).toFixed(2)} (no goal)`);
      if (has('client-go') && SYNC_ONLY) goal('RSS after sync / client-go (no goal; peak below)', ratio('syncRssMiB', 'client-go'), '≤', 1.0);
      if (SYNC_ONLY) return;
      if (has('client-go')) goal('catch-up / client-go', ratio('eventsPerS', 'client-go'), '≥', 1.5, paired('eventsPerS', 'client-go'));
      if (has('client-node')) goal('catch-up / client-node', ratio('eventsPerS', 'client-node'), '≥', 1.0, paired('eventsPerS', 'client-node'));
      if (catchesUp(self)) {
        const rounds = full[self];
        console.log(`  ${'catch-up relisted (chosen, not forced)'.padEnd(44)} in ${rounds.filter((r) => r.relists > 0).length} of ${rounds.length} rounds`);
        const replayed = rounds.filter((r) => r.shortRelists === 0).length;
        console.log(
          `  ${`short stall (${SHORT} of ${N}) replayed`.padEnd(44)} in ${replayed} of ${rounds.length} rounds (goal: all) ${replayed === rounds.length ? 'met' : 'MISSED'}` +
            `   [${median(rounds.map((r) => r.shortEventsPerS)).toFixed(0)} events/s, ${range(rounds.map((r) => r.shortEventsPerS))}]`,
        );
      }
      if (self === 'kubegen-replay' && has('floor-store')) {
        goal('replay CPU per event / floor-store', ratio('cpuUsPerEvent', 'floor-store'), '≤', 1.05, paired('cpuUsPerEvent', 'floor-store'));
      }
      if (has('client-go')) goal('peak RSS / client-go', ratio('rssMiB', 'client-go'), '≤', 1.0, paired('rssMiB', 'client-go'));
      if (has('client-go')) goal('lister get p50 / client-go', ratio('listerNs', 'client-go'), '≤', 1.0, paired('listerNs', 'client-go'));
    };
    // kubegen (the runtime's default transport), then each transport variant measured beside it
    for (const self of CLIENTS.filter((c) => c.startsWith('kubegen'))) ratios(self);
    if (SYNC_ONLY && !floors.streaming.length) return;
    // what no client can beat on this machine: receiving the bytes (and parsing them) with no cache and no handler
    const ceiling = (label, value, op, target, rounds = []) => {
      if (Number.isNaN(value)) return;
      console.log(`  ${label.padEnd(44)} ${value.toFixed(2)} ${meets(value, op, target) ? `(a goal of ${op} ${target} is within it)` : `(a goal of ${op} ${target} is beyond it)`}${roundsNote(rounds, op, target, 'within')}`);
    };
    const ceilings = [];
    // the pace the apiserver writes a streaming list at, against client-go's streaming-list sync in the same round
    if (floors.streaming.length && stream['client-go']) {
      ceilings.push(() => ceiling('floor: streaming list bytes / client-go sync', median(floors.streaming) / median(stream['client-go']), '≤', 0.6, floors.streaming.map((ms, i) => ms / stream['client-go'][i])));
    }
    if (has('client-go') && PHASES.has('floor')) {
      ceilings.push(() => ceiling('floor: rv=0 list bytes / client-go sync', median(floors.rv0) / m('client-go', 'syncMs'), '≤', 0.6));
      ceilings.push(() => ceiling('floor: consistent pages bytes / client-go sync', median(floors.paged) / m('client-go', 'syncMs'), '≤', 0.6));
    }
    for (const f of ['floor-bytes', 'floor-parse', 'floor-store']) if (has(f) && has('client-node')) ceilings.push(() => ceiling(`floor: ${f} catch-up / client-node`, ratioOf(f, 'client-node', 'eventsPerS'), '≥', 1.5, byRound(f, 'client-node', 'eventsPerS')));
    // CPU per event: how much cheaper than client-node's a client doing only part of an informer's work is
    for (const f of ['floor-parse', 'floor-store']) if (has(f) && has('client-node')) ceilings.push(() => ceiling(`floor: client-node / ${f} catch-up CPU per event`, ratioOf('client-node', f, 'cpuUsPerEvent'), '≥', 1.5, byRound('client-node', f, 'cpuUsPerEvent')));
    for (const f of ['floor-parse', 'floor-store']) if (has(f)) ceilings.push(() => ceiling(`kubegen catch-up / ${f}`, ratioOf('kubegen', f, 'eventsPerS'), '≥', 1, byRound('kubegen', f, 'eventsPerS')));
    if (ceilings.length) {
      console.log('ceilings (the same run; no goal):');
      for (const c of ceilings) c();
    }
    if (SYNC_ONLY) return;
    if (has('client-go') && has('kubegen') && has('client-node')) {
      console.log(`catch-up kubegen / client-go ${ratioOf('kubegen', 'client-go', 'eventsPerS').toFixed(2)} (goal ≥ 1.5)`);
      console.log(`RESULT informer events_per_s=${m('kubegen', 'eventsPerS').toFixed(0)} ratio=${ratioOf('kubegen', 'client-node', 'eventsPerS').toFixed(2)} goal=1.0`);
    }
  } finally {
    await rest.close();
    await cp.stop();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}

module.exports = { fullRun, streamingSync, floorSync, Child };
