/**
 * `Sharder`: assigns the objects of a ring to its shards (kubernetes-controller-sharding's sharder, in its
 * webhook-free mode): a runnable that runs in every replica and works in the one that leads.
 *
 * Contract:
 * - add it with `mgr.add(sharder)`; leader election: its own Lease `sharder-<ring>` in `leaseNamespace` (default), or the manager's
 *   (`leaderElection: 'manager'`); only the leader watches anything. On losing it the work stops and the replica
 *   stands by again;
 * - membership: the shard Leases of the ring (see ./shards for their states). Expiry is timed on this sharder's
 *   clock; an expired Lease is acquired (holder `shardlease-controller`, twice the duration, conditional on the
 *   resourceVersion seen: a shard that renewed in between wins), which makes the shard dead; a Lease dead for a
 *   minute is deleted. The ring is made of the ready and expired shards, and only after the Leases have synced;
 * - assignment: every object of the ring's `kinds` is keyed by `<group>/<Kind>/<namespace>/<name>`, every object of
 *   their `controlled` kinds by its controller's key (one of the ring's kinds; without such a controller it is not
 *   sharded), and goes to the shard the ring maps the key to, by setting `shard.alpha.sharding.timebertt.dev/<ring>`;
 * - moves: an object whose shard is no longer the ring's choice is DRAINED while that shard is on the ring (the drain
 *   label is set; the shard acknowledges by removing both labels; the sharder then assigns the new shard), so it is
 *   never reconciled by two shards at once. A controlled object, an unassigned one, or one whose shard is dead or
 *   unknown moves at once (upstream's rule: the controller object is the synchronisation point). Every write is a
 *   merge patch conditional on the resourceVersion the decision was made on; after a conflict the object is read
 *   again (one GET of its metadata) and decided anew (a second conflict retries it rate limited);
 * - memory in proportion to the work, not to the ring's objects (upstream's sharder caches no sharded object either:
 *   its webhook assigns, its controller pages through a list on a ring change): the leader WATCHES only the objects
 *   WITHOUT the ring's shard label (selector `!shard.alpha.sharding.timebertt.dev/<ring>`; new ones, and drained ones
 *   once their shard acknowledged) — an assigned object leaves that cache; that watch starts once the first resync
 *   after gaining the lead has ended (objects that exist are assigned by it, bounded, not all held by the watch's
 *   first list; a ring with no member yet resyncs when its first shard arrives, and is not watched before) — and on
 *   every change of the ring's
 *   members, every `syncPeriodMs` (default 5 min) and, backing off from 5 s, after a failed resync, it RESYNCS: lists
 *   every object of the ring's kinds page by page (`pageSize`, default 500; a consistent read, not resourceVersion=0,
 *   which a watch cache may answer unpaged; when a continue token expires — a resync paced by its writes outlives the
 *   apiserver's 5-minute compaction — it lists on from the next object with the token the 410 names, at the latest
 *   revision) and queues those that must be assigned, drained or moved, holding at most
 *   max(100, 10 × `concurrentMoves`) of them (the next page waits) and at most `concurrentMoves` (default 10) writes
 *   at once. Both read metadata only (`metadataClients`, e.g. `restMetadataClientFactory(rest)`, through which the
 *   writes also get only the metadata back; without it objects are cut down as they arrive) and keep of an object only what it decides and writes on (`sharderView`). A
 *   controlled object without a controller of the ring's kinds is never assigned, so it stays in the unassigned cache;
 *   `heldObjects` counts what the leader holds;
 * - metrics (through the manager's sink, upstream's names, labels `controllerring` and `group`/`resource`):
 *   `controller_sharding_assignments_total`, `controller_sharding_movements_total`, `controller_sharding_drains_total`
 *   (each write that succeeded), `controller_sharding_ring_calculations_total` (each ring computed from the Leases)
 *   and the gauge `kube_controllerring_status_available_shards` (the ring's members; 0 when this replica stops leading);
 * - everything is timed on the injected clock and stops when `start`'s signal aborts.
 */

import { setMaxListeners } from 'node:events';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { isAborted, type Clock, type ClockTimer } from '../clock/clock';
import { SharedInformerFactory } from '../cache/factory';
import type { SharedIndexInformer } from '../cache/informer';
import type { KubeList, KubeObject, ResourceClient, ResourceDescriptor } from '../client/types';
import { inconsistentContinueOf, isConflict, isNotFound } from '../errors/errors';
import { LeaderElector } from '../leaderelection/leaderelection';
import { formatMicroTime, leaseResource, type Lease, type LeaseList } from '../leaderelection/lease';
import { LeaseLock } from '../leaderelection/resourcelock';
import type { Logger } from '../log';
import type { Metrics } from '../observe/metrics';
import { newRateLimitingQueue, type RateLimitingWorkQueue } from '../workqueue';
import { checkCount, checkDuration, checkName, drainLabel, ringLeaseSelector, SHARDER_IDENTITY, shardLabel, ShardingConfigError } from './names';
import { controllerKey, HashRing, objectKey, type KeyedObject } from './ring';
import { isAvailable, shardOf, type Shard, type ShardState } from './shards';

/** Makes the client of a kind in a namespace (the manager's `ClientFactory`). */
export type SharderClientFactory = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, namespace: string) => ResourceClient<T, TList>;

/** A kind of the ring (its typed descriptor), with the kinds its objects control. */
export interface RingKind {
  kind: ResourceDescriptor;
  controlled?: readonly ResourceDescriptor[];
}

export interface SharderOptions {
  /** The ring (a DNS-1123 label). */
  ring: string;
  kinds: readonly RingKind[];
  /** The namespace of the shard Leases (and of the sharder's own Lease). */
  leaseNamespace: string;
  /** Watch the sharded objects of this namespace only; default all. */
  namespace?: string;
  /** Default: its own Lease with these timings (defaults 15 s / 10 s / 2 s). */
  leaderElection?: 'manager' | { leaseDurationMs?: number; renewDeadlineMs?: number; retryPeriodMs?: number; identity?: string };
  /** The clients listing and watching the sharded kinds' metadata; default the manager's, cut down to metadata. */
  metadataClients?: SharderClientFactory;
  /** Default 5 minutes. */
  syncPeriodMs?: number;
  /** Default 10. */
  concurrentMoves?: number;
  /** The page size of a resync's lists; default 500. */
  pageSize?: number;
  /** Virtual nodes per shard; default 100. */
  tokensPerNode?: number;
}

/** What the sharder needs from its manager (a `Manager` fits). */
export interface SharderManager {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Where the sharder's metrics go (a `Manager`'s sink); none when absent. */
  readonly metrics?: Metrics;
  clientFor<T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, namespace?: string): ResourceClient<T, TList>;
}

/** What one object needs, as the sharder decides it (see the module doc). */
export type Assignment =
  | { action: 'none' }
  | { action: 'assign'; to: string }
  | { action: 'drain'; from: string }
  | { action: 'move'; from: string; to: string };

/**
 * The decision for one object: `key` its hash key (`undefined`: not sharded), `controlled` whether it is keyed by
 * its controller, `states` the shards' states.
 */
export function assignmentOf(
  labels: Readonly<Record<string, string>> | undefined,
  key: string | undefined,
  controlled: boolean,
  ring: HashRing,
  ringName: string,
  states: ReadonlyMap<string, ShardState>,
): Assignment {
  if (key === undefined) return { action: 'none' };
  const to = ring.shardFor(key);
  if (to === '') return { action: 'none' };
  const sl = shardLabel(ringName);
  const from = labels !== undefined && Object.hasOwn(labels, sl) ? (labels[sl] ?? '') : '';
  if (from === to) return { action: 'none' };
  if (from === '') return { action: 'assign', to };
  const fromState = states.get(from);
  if (!controlled && fromState !== undefined && isAvailable(fromState)) {
    return labels !== undefined && Object.hasOwn(labels, drainLabel(ringName)) ? { action: 'none' } : { action: 'drain', from };
  }
  return { action: 'move', from, to };
}

/** Counters of the sharder's writes. */
export interface SharderStats {
  assignments: number;
  drains: number;
  moves: number;
  /** Shard Leases acquired because they expired. */
  acquired: number;
  /** Ring recalculations that changed its members. */
  ringChanges: number;
  /** Resyncs started (paged lists of every object of the ring). */
  resyncs: number;
}

interface WatchedKind {
  descriptor: ResourceDescriptor;
  /** Keyed by its controller (a `controlled` kind). */
  controlled: boolean;
  /** The kind's (metadata) client in the sharder's namespace (all by default): its cache's and a resync's lists. */
  lister: ResourceClient<KubeObject, KubeList<KubeObject>>;
  /** Its objects without the ring's shard label. */
  informer: SharedIndexInformer<KubeObject>;
}

/** Expired continue tokens a resync lists on from in a row (each 410 names the next); past that it fails. */
const MAX_EXPIRED_CONTINUES = 3;

/** A wake-up: `next()` resolves at the following `notify()`. */
class Signal {
  private waiters: (() => void)[] = [];
  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** See the module doc. */
export class Sharder {
  readonly ring: string;
  readonly stats: SharderStats = { assignments: 0, drains: 0, moves: 0, acquired: 0, ringChanges: 0, resyncs: 0 };
  private readonly opts: SharderOptions;
  private readonly log: Logger;
  private readonly syncPeriodMs: number;
  private readonly concurrentMoves: number;
  private readonly pageSize: number;
  /** While leading: the views of objects queued by a resync or read again after a conflict, until written. */
  private pending: Map<string, KubeObject> | undefined;
  /** While leading: the kinds and their caches of unassigned objects. */
  private watchedKinds: readonly WatchedKind[] = [];
  private readonly election: { leaseDurationMs: number; renewDeadlineMs: number; retryPeriodMs: number; identity: string } | undefined;
  private hashRing = new HashRing([]);
  private states = new Map<string, ShardState>();
  private leading = false;

  constructor(
    private readonly mgr: SharderManager,
    opts: SharderOptions,
  ) {
    this.ring = checkName('ring name', opts.ring);
    if (typeof opts.leaseNamespace !== 'string' || opts.leaseNamespace === '') {
      throw new ShardingConfigError('sharding: leaseNamespace must name the namespace of the shard Leases');
    }
    if (!Array.isArray(opts.kinds) || opts.kinds.length === 0) throw new ShardingConfigError(`sharding: ring ${opts.ring} has no kinds to shard`);
    this.syncPeriodMs = checkDuration('syncPeriodMs', opts.syncPeriodMs ?? 300_000);
    this.concurrentMoves = Math.floor(checkDuration('concurrentMoves', opts.concurrentMoves ?? 10));
    this.pageSize = checkCount('pageSize', opts.pageSize ?? 500);
    const le = opts.leaderElection;
    if (le === 'manager') this.election = undefined;
    else {
      const leaseDurationMs = checkDuration('leaderElection.leaseDurationMs', le?.leaseDurationMs ?? 15_000);
      const renewDeadlineMs = checkDuration('leaderElection.renewDeadlineMs', le?.renewDeadlineMs ?? 10_000);
      const retryPeriodMs = checkDuration('leaderElection.retryPeriodMs', le?.retryPeriodMs ?? 2_000);
      this.election = { leaseDurationMs, renewDeadlineMs, retryPeriodMs, identity: le?.identity ?? `${hostname()}_${randomUUID()}` };
    }
    this.opts = opts;
    this.log = mgr.logger.withName('sharder').withValues({ ring: this.ring });
  }

  /** Whether this replica's sharder leads (and works). */
  get isLeading(): boolean {
    return this.leading;
  }

  /** The objects this replica's sharder holds: the unassigned ones cached and those queued by a resync. */
  get heldObjects(): number {
    let n = this.pending?.size ?? 0;
    for (const w of this.watchedKinds) n += w.informer.getIndexer().size;
    return n;
  }

  /** The ring's members as last computed. */
  get members(): readonly string[] {
    return this.hashRing.nodes;
  }

  needLeaderElection(): boolean {
    return this.election === undefined;
  }

  async start(signal: AbortSignal): Promise<void> {
    const election = this.election;
    if (!election) {
      await this.lead(signal);
      return;
    }
    const lock = new LeaseLock({
      client: this.mgr.clientFor(leaseResource, this.opts.leaseNamespace),
      namespace: this.opts.leaseNamespace,
      name: `sharder-${this.ring}`,
      identity: election.identity,
    });
    // stand by, lead, and stand by again after a lost lease, until stopped
    while (!signal.aborted) {
      let work: Promise<void> = Promise.resolve();
      const elector = new LeaderElector({
        lock,
        name: `sharder-${this.ring}`,
        leaseDurationMs: election.leaseDurationMs,
        renewDeadlineMs: election.renewDeadlineMs,
        retryPeriodMs: election.retryPeriodMs,
        releaseOnCancel: true,
        clock: this.mgr.clock,
        logger: this.log,
        callbacks: {
          onStartedLeading: (lead) => {
            work = this.lead(AbortSignal.any([signal, lead])).catch((err: unknown) => { this.log.error(err, 'sharder failed'); });
          },
          onStoppedLeading: () => undefined,
        },
      });
      await elector.run(signal);
      await work;
    }
  }

  /** The leader's work, until `outer` aborts. */
  private async lead(outer: AbortSignal): Promise<void> {
    // Every write in flight (up to concurrentMoves), each informer's list or watch, a resync's list, the Lease writes
    // and `stop` below listen on this signal, as fetch does on a request's signal: more than EventTarget's default of 10
    // listeners is the design here, not a leak (Node warned MaxListenersExceededWarning at 11), so the bound is raised.
    const signal = AbortSignal.any([outer]);
    const kindCount = this.opts.kinds.reduce((n, rk) => n + 1 + (rk.controlled?.length ?? 0), 0);
    setMaxListeners(this.concurrentMoves + 2 * kindCount + 16, signal);
    const clock = this.mgr.clock;
    const log = this.log;
    this.leading = true;
    log.info('sharder leads');
    const queue: RateLimitingWorkQueue<string> = newRateLimitingQueue<string>({ name: `sharder-${this.ring}`, clock });
    const leases = new SharedInformerFactory({ namespace: this.opts.leaseNamespace, clock, logger: log, tweakListOptions: () => ({ labelSelector: ringLeaseSelector(this.ring) }) });
    const ns = this.opts.namespace ?? '';
    const ring = this.ring;
    // the objects without the ring's shard label only: an assigned object leaves this cache (its watch says DELETED)
    const unassigned = new SharedInformerFactory({
      namespace: ns,
      clock,
      logger: log,
      transform: <T extends KubeObject>(obj: T): T => sharderView(obj, ring),
      tweakListOptions: () => ({ labelSelector: `!${shardLabel(ring)}` }),
    });
    const watched: WatchedKind[] = [];
    const ownerKinds = new Set<string>();
    const pending = new Map<string, KubeObject>();
    this.pending = pending;
    this.watchedKinds = watched;
    const room = new Signal();
    const wake = new Signal();
    let resyncWanted = false;
    let timer: ClockTimer | undefined;
    let resyncTimer: ClockTimer | undefined;
    const stop = (): void => {
      queue.shutDown();
      if (timer !== undefined) clock.clearTimer(timer);
      if (resyncTimer !== undefined) clock.clearTimer(resyncTimer);
      room.notify();
      wake.notify();
    };
    signal.addEventListener('abort', stop, { once: true });
    /** Asks for a resync (a paged list of every object of the ring), now or after `afterMs`. */
    const requestResync = (afterMs = 0): void => {
      if (signal.aborted) return;
      if (afterMs > 0) {
        if (resyncTimer !== undefined) clock.clearTimer(resyncTimer);
        resyncTimer = clock.setTimer(() => { resyncTimer = undefined; requestResync(); }, afterMs, { keepAlive: false });
        return;
      }
      resyncWanted = true;
      wake.notify();
    };
    try {
      // the kinds
      const seen = new Set<string>();
      const addKind = (descriptor: ResourceDescriptor, controlled: boolean): void => {
        const key = `${descriptor.group}/${descriptor.resource}`;
        if (seen.has(key)) return;
        seen.add(key);
        const lister = this.readerOf(descriptor, ns);
        watched.push({ descriptor, controlled, lister, informer: unassigned.informerFor(descriptor, lister) });
      };
      for (const rk of this.opts.kinds) {
        ownerKinds.add(`${rk.kind.group}/${rk.kind.kind}`);
        addKind(rk.kind, false);
      }
      for (const rk of this.opts.kinds) for (const c of rk.controlled ?? []) addKind(c, true);

      // membership
      const leaseInformer = leases.informerFor(leaseResource, this.mgr.clientFor(leaseResource, this.opts.leaseNamespace));
      const renewedAt = new Map<string, { mark: string; at: number }>();
      const acquiring = new Set<string>();
      const leaseClient = this.mgr.clientFor<Lease, LeaseList>(leaseResource, this.opts.leaseNamespace);
      let synced = false;
      const recompute = (): void => {
        if (!synced || signal.aborted) return;
        const now = clock.now();
        const shards: Shard[] = [];
        const names = new Set<string>();
        for (const lease of leaseInformer.getIndexer().list()) {
          const name = lease.metadata?.name ?? '';
          names.add(name);
          const mark = `${lease.spec?.holderIdentity ?? ''}|${lease.spec?.renewTime ?? ''}|${lease.spec?.leaseDurationSeconds ?? ''}`;
          const r = renewedAt.get(name);
          if (r?.mark !== mark) renewedAt.set(name, { mark, at: now });
          shards.push(shardOf(lease, renewedAt.get(name)?.at ?? now, now));
        }
        for (const name of [...renewedAt.keys()]) if (!names.has(name)) renewedAt.delete(name);
        this.states = new Map(shards.map((s) => [s.name, s.state]));
        for (const s of shards) {
          if (s.state === 'expired') this.acquire(s.name, leaseInformer, leaseClient, acquiring, signal);
          if (s.state === 'orphaned') this.deleteOrphan(s.name, leaseClient, acquiring, signal);
        }
        const next = new HashRing(shards.filter((s) => isAvailable(s.state)).map((s) => s.name), this.opts.tokensPerNode !== undefined ? { tokensPerNode: this.opts.tokensPerNode } : {});
        this.mgr.metrics?.count('controller_sharding_ring_calculations_total', { controllerring: this.ring });
        this.mgr.metrics?.gauge?.('kube_controllerring_status_available_shards', { controllerring: this.ring }, next.nodes.length);
        if (!next.sameMembers(this.hashRing)) {
          this.hashRing = next;
          this.stats.ringChanges++;
          log.info('ring changed', { members: next.nodes, states: Object.fromEntries(this.states) });
          // the unassigned objects at once, every other object by a resync
          for (let i = 0; i < watched.length; i++) {
            const w = watched[i];
            if (w) for (const key of w.informer.getIndexer().listKeys()) queue.add(`${i}|${key}`);
          }
          requestResync();
        }
        if (timer !== undefined) clock.clearTimer(timer);
        const soonest = Math.min(...shards.map((s) => s.nextChangeInMs));
        timer = Number.isFinite(soonest) ? clock.setTimer(recompute, soonest + 1, { keepAlive: false }) : undefined;
      };
      let microtask = false;
      const soon = (): void => {
        if (microtask) return;
        microtask = true;
        queueMicrotask(() => {
          microtask = false;
          recompute();
        });
      };
      leaseInformer.addEventHandler({ onAdd: soon, onUpdate: soon, onDelete: soon });
      leases.start(signal);
      if (!(await leaseInformer.waitForSync(signal))) return;
      synced = true;
      recompute();

      // unassigned objects: watched once the first resync has ended — the first to run, which waits for the ring to
      // have members (asked for by the ring's computation above when it has them, else by the change that brings the
      // first). The first resync assigns the objects that exist, holding at most `pendingBound` of them; a watch
      // started before it would hold a view of every unassigned one at once (all of them, when a ring starts over
      // existing objects; with no shard yet, none of them can be assigned) — and the old-space garbage they leave
      // once assigned
      for (let i = 0; i < watched.length; i++) {
        const w = watched[i];
        if (!w) continue;
        const onObject = (obj: Readonly<KubeObject>): void => {
          if (this.decide(w, obj, ownerKinds).action !== 'none') queue.add(`${i}|${objectStoreKey(obj)}`);
        };
        w.informer.addEventHandler({ onAdd: onObject, onUpdate: (_old, obj) => { onObject(obj); } });
      }
      let firstResyncEnded: () => void = () => undefined;
      const firstResync = new Promise<void>((resolve) => (firstResyncEnded = resolve));
      const watchUnassigned = async (): Promise<void> => {
        await Promise.race([firstResync, new Promise<void>((resolve) => { signal.addEventListener('abort', () => { resolve(); }, { once: true }); })]);
        if (isAborted(signal)) return;
        unassigned.start(signal);
        for (const w of watched) if (!(await w.informer.waitForSync(signal))) return;
        log.info('sharder synced', { kinds: watched.map((w) => `${w.descriptor.group}/${w.descriptor.resource}`), members: this.hashRing.nodes });
      };

      // resyncs: on a ring change, every syncPeriodMs, and again (backing off) after a failed one
      const pendingBound = Math.max(100, 10 * this.concurrentMoves);
      let failures = 0;
      const resyncs = async (): Promise<void> => {
        while (!signal.aborted) {
          if (!resyncWanted) {
            await wake.next();
            continue;
          }
          resyncWanted = false;
          if (this.hashRing.nodes.length === 0) continue;
          try {
            const found = await this.resync(watched, ownerKinds, pendingBound, room, queue, signal);
            failures = 0;
            log.v(1).info('resync done', found);
            requestResync(this.syncPeriodMs);
          } catch (err) {
            if (isAborted(signal)) return;
            failures++;
            const backoff = Math.min(this.syncPeriodMs, 5_000 * 2 ** Math.min(failures - 1, 16));
            log.error(err, 'resync failed', { retryInMs: backoff });
            requestResync(backoff);
          }
          firstResyncEnded();
        }
      };

      // workers
      const worker = async (): Promise<void> => {
        for (;;) {
          const { item, shutdown } = await queue.get();
          if (shutdown) return;
          // the view this attempt decides on; a resync may pend a newer one meanwhile, which stays for the next attempt
          const view = pending.get(item);
          try {
            if (await this.process(item, watched, ownerKinds, signal)) {
              queue.forget(item);
              if (view !== undefined && pending.get(item) === view) pending.delete(item);
              room.notify();
            } else queue.addRateLimited(item);
          } catch (err) {
            if (!isAborted(signal)) log.error(err, 'sharder write failed', { item });
            queue.addRateLimited(item);
          } finally {
            queue.done(item);
          }
        }
      };
      await Promise.all([resyncs(), watchUnassigned(), ...Array.from({ length: this.concurrentMoves }, worker)]);
    } finally {
      stop();
      signal.removeEventListener('abort', stop);
      await Promise.all([leases.shutdown(), unassigned.shutdown()]);
      this.pending = undefined;
      this.watchedKinds = [];
      this.leading = false;
      this.hashRing = new HashRing([]);
      this.mgr.metrics?.gauge?.('kube_controllerring_status_available_shards', { controllerring: this.ring }, 0);
      log.info('sharder stopped leading');
    }
  }

  /**
   * One resync: lists every object of the ring's kinds page by page (`pageSize`, a consistent read: a page holds what
   * it holds and the next is asked for once its objects are queued) and queues those that must be assigned, drained or
   * moved, keeping their views in `pending` until written — waiting while `pending` holds `bound` of them.
   */
  private async resync(
    watched: readonly WatchedKind[],
    ownerKinds: ReadonlySet<string>,
    bound: number,
    room: Signal,
    queue: RateLimitingWorkQueue<string>,
    signal: AbortSignal,
  ): Promise<{ listed: number; queued: number }> {
    const pending = this.pending;
    let listed = 0;
    let queued = 0;
    if (pending === undefined) return { listed, queued };
    this.stats.resyncs++;
    for (let i = 0; i < watched.length; i++) {
      const w = watched[i];
      if (!w) continue;
      // page by page, by hand rather than listPages: a page (its decoded objects, managedFields and all) must be
      // garbage before the wait for room below, not held by a suspended generator until the next page is asked for —
      // a page that lives across that wait survives the young generation and leaves old-space garbage (measured:
      // +22 MiB of old space in the replica leading the sharder while a resync ran, 10,000 objects)
      let token: string | undefined;
      /** Continue tokens found expired in a row (the 410's own token expired too): past a few, the resync fails. */
      let expired = 0;
      do {
        {
          let page: KubeList<KubeObject>;
          try {
            page = await w.lister.list({ limit: this.pageSize, signal, ...(token !== undefined ? { continue: token } : {}) });
          } catch (err) {
            // paced by its writes, a resync of many objects outlives its continue token (the apiserver compacts etcd
            // every 5 minutes; measured: 100,000 objects assigned in ≈15 minutes): it lists on from the next key at
            // the latest revision, as the 410 offers — a resync needs no single snapshot (each object is decided on
            // its own view; a stale one conflicts and is read again), and restarting would page from the first object
            const next = token !== undefined && expired < MAX_EXPIRED_CONTINUES ? inconsistentContinueOf(err) : undefined;
            if (next === undefined) throw err;
            expired++;
            this.log.v(2).info('resync: continue token expired, listing on from the next object at the latest revision', { resource: w.descriptor.resource });
            token = next;
            continue;
          }
          expired = 0;
          const next = page.metadata?.continue;
          token = next !== undefined && next !== '' ? next : undefined;
          for (const obj of page.items) {
            listed++;
            const view = sharderView(obj, this.ring);
            if (this.decide(w, view, ownerKinds).action === 'none') continue;
            const item = `${i}|${objectStoreKey(view)}`;
            pending.set(item, view);
            queue.add(item);
            queued++;
          }
        }
        while (pending.size >= bound && !signal.aborted) await room.next();
        if (signal.aborted) return { listed, queued };
      } while (token !== undefined);
    }
    return { listed, queued };
  }

  private decide(w: WatchedKind, obj: Readonly<KeyedObject & KubeObject>, ownerKinds: ReadonlySet<string>): Assignment {
    const meta = obj.metadata;
    const key = w.controlled
      ? controllerKey(obj, ownerKinds)
      : objectKey(w.descriptor.group, w.descriptor.kind, meta?.namespace ?? '', meta?.name ?? '');
    return assignmentOf(meta?.labels, key, w.controlled, this.hashRing, this.ring, this.states);
  }

  /**
   * One object's assignment, decided on its view found by a resync or read after a conflict (`pending`), else on the
   * unassigned cache's. A conflict (a stale view: a resync's page, the cache before its event) reads the object again
   * (one GET of its metadata) and decides anew at once; false when it must be retried, rate limited: a write failed,
   * or conflicted twice (its fresh view then pending).
   */
  private async process(item: string, watched: readonly WatchedKind[], ownerKinds: ReadonlySet<string>, signal: AbortSignal): Promise<boolean> {
    const bar = item.indexOf('|');
    const w = watched[Number(item.slice(0, bar))];
    const key = item.slice(bar + 1);
    let obj = this.pending?.get(item) ?? w?.informer.getIndexer().getByKey(key);
    if (!w) return true;
    for (let attempt = 1; ; attempt++) {
      const name = obj?.metadata?.name;
      if (!obj?.metadata || !name) return true;
      const a = this.decide(w, obj, ownerKinds);
      if (a.action === 'none') return true;
      const result = await this.write(w, obj.metadata, a, signal);
      if (result === 'done') return true;
      let fresh: KubeObject;
      try {
        fresh = await this.readerOf(w.descriptor, obj.metadata.namespace ?? '').get(name, { signal });
      } catch (err) {
        if (isNotFound(err)) return true;
        throw err;
      }
      obj = sharderView(fresh, this.ring);
      if (attempt >= 2) {
        this.pending?.set(item, obj);
        return false;
      }
    }
  }

  /** The (metadata) client of a kind in a namespace. */
  private readerOf(d: ResourceDescriptor, namespace: string): ResourceClient<KubeObject, KubeList<KubeObject>> {
    const ns = d.namespaced ? namespace : '';
    return this.opts.metadataClients ? this.opts.metadataClients(d, ns) : this.mgr.clientFor(d, ns);
  }

  /** Writes one decision (see the module doc): `conflict` when `meta`'s resourceVersion is stale, else `done`. */
  private async write(w: WatchedKind, meta: NonNullable<KubeObject['metadata']>, a: Exclude<Assignment, { action: 'none' }>, signal: AbortSignal): Promise<'done' | 'conflict'> {
    const sl = shardLabel(this.ring);
    const dl = drainLabel(this.ring);
    const labels: Record<string, string | null> =
      a.action === 'drain' ? { [dl]: 'true' } : { [sl]: a.to, ...(meta.labels && Object.hasOwn(meta.labels, dl) ? { [dl]: null } : {}) };
    const body = JSON.stringify({ metadata: { resourceVersion: meta.resourceVersion, labels } });
    const name = meta.name ?? '';
    // answered with the object's metadata only when the clients are metadataClients: a PATCH's answer is negotiated as a GET's
    const client = this.readerOf(w.descriptor, meta.namespace ?? '');
    try {
      await client.patch(name, 'application/merge-patch+json', body, { signal });
    } catch (err) {
      if (isNotFound(err)) return 'done';
      if (isConflict(err)) return 'conflict';
      throw err;
    }
    if (a.action === 'assign') this.stats.assignments++;
    else if (a.action === 'drain') this.stats.drains++;
    else this.stats.moves++;
    const metric = a.action === 'assign' ? 'controller_sharding_assignments_total' : a.action === 'drain' ? 'controller_sharding_drains_total' : 'controller_sharding_movements_total';
    this.mgr.metrics?.count(metric, { controllerring: this.ring, group: w.descriptor.group, resource: w.descriptor.resource });
    this.log.v(1).info(a.action, { namespace: meta.namespace, name, ...a });
    return 'done';
  }

  /** Acquires an expired shard Lease (making the shard dead), unless the shard renewed in between. */
  private acquire(name: string, informer: SharedIndexInformer<Lease>, client: ResourceClient<Lease, LeaseList>, busy: Set<string>, signal: AbortSignal): void {
    const lease = informer.getIndexer().getByKey(`${this.opts.leaseNamespace}/${name}`);
    if (!lease || busy.has(name)) return;
    busy.add(name);
    const now = formatMicroTime(this.mgr.clock.now());
    const spec = lease.spec ?? {};
    const next: Lease = {
      ...lease,
      spec: {
        ...spec,
        holderIdentity: SHARDER_IDENTITY,
        leaseDurationSeconds: 2 * (spec.leaseDurationSeconds ?? 15),
        acquireTime: now,
        renewTime: now,
        leaseTransitions: (spec.leaseTransitions ?? 0) + 1,
      },
    };
    this.log.info('shard lease expired: acquiring it, the shard is dead', { shard: name });
    client
      .update(next, { signal })
      .then(
        () => { this.stats.acquired++; },
        (err: unknown) => { if (!isConflict(err) && !isAborted(signal)) this.log.error(err, 'acquiring an expired shard lease failed', { shard: name }); },
      )
      .finally(() => busy.delete(name));
  }

  /** Deletes the Lease of a shard dead for a minute. */
  private deleteOrphan(name: string, client: ResourceClient<Lease, LeaseList>, busy: Set<string>, signal: AbortSignal): void {
    if (busy.has(name)) return;
    busy.add(name);
    client
      .delete(name, { signal })
      .then(
        () => { this.log.info('deleted orphaned shard lease', { shard: name }); },
        (err: unknown) => { if (!isNotFound(err) && !isAborted(signal)) this.log.error(err, 'deleting an orphaned shard lease failed', { shard: name }); },
      )
      .finally(() => busy.delete(name));
  }
}

/**
 * What the sharder keeps of an object of its ring (its informers' transform): `apiVersion`, `kind`, and of the
 * metadata `name`, `namespace`, `resourceVersion`, the ring's shard and drain labels (when set) and the controller
 * reference (when there is one) — all that assignment, drains and the writes' preconditions read. Everything else
 * (the spec, annotations, managedFields, other labels and owners) is dropped; `obj` is not changed.
 */
export function sharderView<T extends KubeObject>(obj: T, ring: string): T {
  // built anew, not copied with the rest deleted: a deleted property leaves V8 an object in dictionary mode (637 bytes
  // per held object with the views copied, 413 built anew, their store and queue entries included)
  const view: KubeObject = {};
  if (obj.apiVersion !== undefined) view.apiVersion = obj.apiVersion;
  if (obj.kind !== undefined) view.kind = obj.kind;
  // a T cut down to the fields every KubeObject has: what the sharder's informers (of T) hold and hand out
  const out = view as T; // cast-ok: a view of a T, with T's apiVersion and kind and the metadata below
  const meta = obj.metadata;
  if (meta === undefined) return out;
  const m: NonNullable<KubeObject['metadata']> = {};
  if (meta.name !== undefined) m.name = meta.name;
  if (meta.namespace !== undefined) m.namespace = meta.namespace;
  if (meta.resourceVersion !== undefined) m.resourceVersion = meta.resourceVersion;
  const labels = meta.labels;
  if (labels !== undefined) {
    const kept: Record<string, string> = {};
    for (const l of [shardLabel(ring), drainLabel(ring)]) {
      const v = Object.hasOwn(labels, l) ? labels[l] : undefined;
      if (v !== undefined) kept[l] = v;
    }
    if (Object.keys(kept).length > 0) m.labels = kept;
  }
  const controller = meta.ownerReferences?.find((r) => r.controller === true);
  if (controller !== undefined) m.ownerReferences = [controller];
  view.metadata = m;
  return out;
}

/** `namespace/name` (or `name`): the store key of an object. */
function objectStoreKey(obj: Readonly<KubeObject>): string {
  const meta = obj.metadata;
  const name = meta?.name ?? '';
  return meta?.namespace ? `${meta.namespace}/${name}` : name;
}
