'use strict';
/**
 * The controller child of the scale benchmark's sharded part: one replica of a CronTab controller on @kubegen/runtime
 * — unsharded (no `--shard`: its cache holds every CronTab of the namespace), or one shard of the ring `--ring`
 * (`--shard=<name>`: the builder's `withSharding`, and the ring's `Sharder`, which works in the replica that leads it;
 * the shard's cache holds only the CronTabs the sharder assigned to it).
 *
 * The controller: For(CronTab) with the generation-changed predicate, MaxConcurrentReconciles `--concurrency`; a
 * reconcile reads the CronTab from the cache and, once an epoch was given, when status.lastScheduleTime differs from
 * the epoch's time, waits `--work-ms` (the work of a reconcile outside the apiserver: an external system it asks, a
 * wait, not CPU) and sets it (one status write per object and epoch). The epochs come on standard input, one line
 * `epoch <k>` each: the replica then enqueues every CronTab of its cache (a raw source), and once each of them was
 * reconciled successfully for epoch k it prints
 *   {"event":"converged","epoch":k,"startMs":<wall clock of the epoch's first reconcile start>,"endMs":<wall clock of
 *    its last success>,"objects":<CronTabs of the cache at the epoch's start>,"writes":<status writes>,
 *    "failures":{<reason>:<failed status writes>},"rssMiB":<peak RSS>,"peak":{…}}
 * where "peak" is where its memory was at its highest RSS (process.memoryUsage() and V8's heap spaces sampled every
 * 250 ms, MiB, with the phase then and, in a shard, whether its sharder leads and what it held); a line `report`
 * prints {"event":"report","rssMiB":…,"peak":…} at once. Before that, and whenever its cache's size changes (checked
 * every 250 ms), it prints {"event":"cache","objects":<n>}.
 * It stops gracefully when its standard input closes (a shard releases its Lease after its last reconcile).
 *
 * The CronTabs are those of `--group` and `--version` (plural `crontabs`, with a status subresource: the sample
 * stable.example.com/v1 or the bench's own bench.kubegen.dev/v1, see ./crontab.js).
 *
 *   node controller.js --kubeconfig=<file> --namespace=<ns> --group=<g> --version=<v> --concurrency=<c> --work-ms=<ms> [--cache-sync-timeout-s=<s>] [--ring=<ring> --shard=<name> [--lease-s=<s>]]
 */
const { createRestClient, isNotFound, loadFromDefault } = require('@kubegen/runtime');
const { Manager, controllerManagedBy, generationChangedPredicate, noopLogger, restClientFactory, restMetadataClientFactory } = require('@kubegen/runtime/controller');
const { Sharder } = require('@kubegen/runtime/sharding');
const readline = require('node:readline');
const v8 = require('node:v8');
const { args } = require('../informer/protocol'); // the bench children's `--key=value` arguments

const print = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
const wallMs = () => performance.timeOrigin + performance.now();
/** The status.lastScheduleTime of epoch k: a whole second of 2000-01-01 (RFC 3339, as the apiserver keeps it). */
const epochTime = (k) => new Date(Date.UTC(2000, 0, 1) + k * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function main() {
  const a = args();
  const namespace = a.namespace;
  const workMs = Number(a['work-ms'] ?? 0);
  const cronTabResource = { group: a.group, version: a.version, resource: 'crontabs', kind: 'CronTab', listKind: 'CronTabList', namespaced: true, subresources: { status: true } };
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }));
  const mgr = new Manager({
    clients: restClientFactory(rest),
    metadataClients: restMetadataClientFactory(rest),
    cache: { namespace },
    logger: noopLogger,
  });
  const sharded = a.shard !== undefined;
  // the shard's and the sharder's Leases: `--lease-s` seconds, renewed within two thirds of it (default 15 s / 10 s)
  const leaseMs = Number(a['lease-s'] ?? 15) * 1000;
  const leases = { leaseDurationMs: leaseMs, renewDeadlineMs: Math.round((leaseMs * 2) / 3), retryPeriodMs: Math.min(2000, Math.round(leaseMs / 5)) };
  let sharder;
  if (sharded) {
    mgr.add(
      (sharder = new Sharder(mgr, {
        ring: a.ring,
        kinds: [{ kind: cronTabResource }],
        leaseNamespace: namespace,
        namespace,
        metadataClients: restMetadataClientFactory(rest),
        leaderElection: { identity: a.shard, ...leases },
        concurrentMoves: 50,
      })),
    );
  }
  /**
   * Where the memory is at the peak: process.memoryUsage() every 250 ms, the sample of the highest RSS kept (MiB),
   * with what the process was doing then (`phase`: sync before the first epoch, else the epoch) and, in a shard
   * replica, whether its sharder led and how many objects it held.
   */
  let peak;
  let sharderHeldMax = 0;
  const sample = () => {
    const m = process.memoryUsage();
    const held = sharder?.heldObjects ?? 0;
    if (held > sharderHeldMax) sharderHeldMax = held;
    if (peak === undefined || m.rss > peak.rss) {
      const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name.replace(/_space$/, ''), x.space_size]));
      peak = { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spaces, phase: epoch === undefined ? 'sync' : `epoch ${epoch.k}`, cache: indexer?.size ?? 0, held };
    }
  };
  const peakSample = () => {
    sample();
    const mib = (x) => Math.round(x / 2 ** 20);
    const spaces = Object.entries(peak.spaces).filter(([, v]) => v >= 2 ** 20).map(([k, v]) => `${k} ${mib(v)}`).join(', ');
    return { rss: mib(peak.rss), heapTotal: mib(peak.heapTotal), heapUsed: mib(peak.heapUsed), external: mib(peak.external), arrayBuffers: mib(peak.arrayBuffers), spaces, phase: peak.phase, cache: peak.cache, held: peak.held, sharderLeads: sharder?.isLeading ?? false, sharderHeldMax, sharderStats: sharder?.stats };
  };
  let indexer;
  /** The CronTabs of the cache (a shard's share): read once the builder narrowed the kind's cache (`withSharding`). */
  let cronTabs;

  /** The epoch being converged: its target, the keys to reconcile, those done, its first start and its writes. */
  let epoch;
  const reconcile = async ({ namespace: ns, name }, signal) => {
    if (epoch === undefined) return;
    const e = epoch;
    e.startMs ??= wallMs();
    let ct;
    try {
      ct = cronTabs.namespace(ns).get(name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (ct.status?.lastScheduleTime !== e.want) {
      // the reconcile's work outside the apiserver (an external system it asks), which one replica does one at a time
      if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
      const update = structuredClone(ct);
      update.apiVersion = `${a.group}/${a.version}`;
      update.kind = 'CronTab';
      update.status = { ...update.status, lastScheduleTime: e.want };
      try {
        await mgr.clientFor(cronTabResource, ns).updateStatus(update, { signal });
      } catch (err) {
        const reason = err?.reason || err?.name || 'error';
        e.failures[reason] = (e.failures[reason] ?? 0) + 1;
        throw err;
      }
      e.writes++;
    }
    const key = `${ns}/${name}`;
    if (e.keys.has(key) && !e.done.has(key)) {
      e.done.add(key);
      if (e.done.size === e.keys.size) finish(e);
    }
  };
  const finish = (e) => print({ event: 'converged', epoch: e.k, startMs: e.startMs ?? wallMs(), endMs: wallMs(), objects: e.keys.size, writes: e.writes, failures: e.failures, rssMiB: process.resourceUsage().maxRSS / 1024, peak: peakSample() });

  /** A raw source: each `epoch <k>` line of standard input enqueues every CronTab of the cache. */
  const epochs = {
    start(queue, signal) {
      const lines = readline.createInterface({ input: process.stdin });
      lines.on('line', (line) => {
        if (line.trim() === 'report') return print({ event: 'report', rssMiB: process.resourceUsage().maxRSS / 1024, peak: peakSample() });
        const m = /^epoch (\d+)$/.exec(line.trim());
        if (!m) return;
        const k = Number(m[1]);
        const objects = cronTabs.list();
        epoch = { k, want: epochTime(k), keys: new Set(objects.map((o) => `${o.metadata.namespace}/${o.metadata.name}`)), done: new Set(), startMs: undefined, writes: 0, failures: {} };
        if (objects.length === 0) finish(epoch);
        for (const o of objects) queue.add({ namespace: o.metadata.namespace, name: o.metadata.name });
      });
      signal.addEventListener('abort', () => lines.close(), { once: true });
      return { hasSynced: () => true, waitForSync: async () => true };
    },
    toString: () => 'epochs from standard input',
  };

  let b = controllerManagedBy(mgr)
    .named('crontab')
    .for(cronTabResource, { predicates: [generationChangedPredicate(noopLogger)] })
    .watchesRawSource(epochs)
    // the initial list of 100,000 CronTabs on a loaded machine outlasts the runtime's (controller-runtime's) 2 minutes
    .withOptions({ maxConcurrentReconciles: Number(a.concurrency), cacheSyncTimeoutMs: Number(a['cache-sync-timeout-s'] ?? 120) * 1000 });
  if (sharded) b = b.withSharding({ ring: a.ring, shardName: a.shard, leaseNamespace: namespace, ...leases });
  b.complete(reconcile);
  cronTabs = mgr.lister(cronTabResource);
  indexer = mgr.informerFor(cronTabResource).getIndexer();

  const stop = new AbortController();
  process.stdin.on('end', () => stop.abort());
  let reported = -1;
  const sizes = setInterval(() => {
    sample();
    const n = indexer.size;
    if (n !== reported) print({ event: 'cache', objects: (reported = n) });
  }, 250);
  await mgr.start(stop.signal);
  clearInterval(sizes);
  await rest.close();
}

main().catch((err) => {
  process.stderr.write(`scale controller child: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
