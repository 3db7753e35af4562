/**
 * The shard side of sharding (kubernetes-controller-sharding's `pkg/shard`): what a sharded controller does —
 * the builder's `withSharding({ ring, shardName, leaseNamespace })` wires it.
 *
 * Contract:
 * - a shard holds its Lease (name = holder = `shardName`, labelled with the ring) with the leader elector's
 *   semantics (`leaseDurationMs` default 15 s, `renewDeadlineMs` 10 s, `retryPeriodMs` 2 s); it reconciles only
 *   while it holds it. A shard that cannot renew within the renew deadline has lost it: its reconciles' signal
 *   aborts AT ONCE and the controller's runnable rejects with `shard lease <namespace>/<name> lost` (the manager
 *   stops; the process should exit, as on lost leader election). The sharder sees the Lease expire only after the
 *   full lease duration, later than the shard stopped;
 * - on graceful stop the controller finishes its in-flight reconciles first, THEN the Lease is released (holder
 *   `''`), so the sharder moves the shard's objects at once and no successor starts before this shard ended;
 * - the informers of the controller's `for` and `owns` kinds watch only `shard.alpha.sharding.timebertt.dev/<ring>=
 *   <shardName>` (the manager's per-kind selector, ANDed with `cache.labelSelector`): a shard caches its share;
 * - drains are acknowledged before any reconcile (the builder's wrapper, ../controller/sharded.ts, over `shardDecision`) (upstream's sharded `Reconciler`): the object is read from the
 *   shard's cache; not there, or assigned to another shard → nothing; carrying the drain label → the shard
 *   removes both labels (a merge patch conditional on the cached resourceVersion) and does NOT reconcile it; else
 *   the user's reconciler runs. Events of drained objects pass the `for` predicates whatever the user's are
 *   (`shardPredicate`), so a drain is never filtered away;
 * - a sharded controller does not wait for manager leader election; a ring of one shard behaves as one leader.
 */

import type { Clock } from '../clock/clock';
import type { KubeObject } from '../client/types';
import { LeaderElector } from '../leaderelection/leaderelection';
import { LeaseLock } from '../leaderelection/resourcelock';
import type { Logger } from '../log';
import { checkDuration, checkName, drainLabel, LABEL_RING, shardLabel, ShardingConfigError } from './names';

export interface ShardOptions {
  /** The ring (a DNS-1123 label). */
  ring: string;
  /** This shard's name: its Lease's name and holder, the shard label's value (a DNS-1123 label; e.g. the pod name). */
  shardName: string;
  /** The namespace of the shard Leases. */
  leaseNamespace: string;
  /** Default 15 s. */
  leaseDurationMs?: number;
  /** Default 10 s; less than `leaseDurationMs`. */
  renewDeadlineMs?: number;
  /** Default 2 s. */
  retryPeriodMs?: number;
  /** A number in [0, 1) for the retry jitter; default `Math.random`. */
  random?: () => number;
}

/** Shard options, checked and defaulted. */
export type ResolvedShardOptions = Required<Omit<ShardOptions, 'random'>> & Pick<ShardOptions, 'random'>;

/** Checks the options (one `ShardingConfigError` naming the bad field) and fills in the defaults. */
export function checkShardOptions(opts: ShardOptions): ResolvedShardOptions {
  const ring = checkName('ring name', opts.ring);
  const shardName = checkName('shard name', opts.shardName);
  if (typeof opts.leaseNamespace !== 'string' || opts.leaseNamespace === '') {
    throw new ShardingConfigError('sharding: leaseNamespace must name the namespace of the shard Leases');
  }
  const leaseDurationMs = checkDuration('leaseDurationMs', opts.leaseDurationMs ?? 15_000);
  const renewDeadlineMs = checkDuration('renewDeadlineMs', opts.renewDeadlineMs ?? 10_000);
  const retryPeriodMs = checkDuration('retryPeriodMs', opts.retryPeriodMs ?? 2_000);
  if (leaseDurationMs % 1000 !== 0) throw new ShardingConfigError(`sharding: leaseDurationMs must be whole seconds (a Lease holds seconds), got ${leaseDurationMs}`);
  if (renewDeadlineMs >= leaseDurationMs) throw new ShardingConfigError('sharding: renewDeadlineMs must be less than leaseDurationMs');
  return { ring, shardName, leaseNamespace: opts.leaseNamespace, leaseDurationMs, renewDeadlineMs, retryPeriodMs, ...(opts.random ? { random: opts.random } : {}) };
}

/** Whether an object carries the drain label of `ring`. */
export function isDrained(obj: KubeObject | undefined, ring: string): boolean {
  const labels = obj?.metadata?.labels;
  return labels !== undefined && Object.hasOwn(labels, drainLabel(ring));
}

/** What the drain check decided for one request. */
export type ShardDecision = 'reconcile' | 'not-ours' | 'drain';

/** The drain check of one cached object (see the module doc). */
export function shardDecision(obj: KubeObject | undefined, ring: string, shardName: string): ShardDecision {
  const labels = obj?.metadata?.labels;
  if (labels === undefined || !Object.hasOwn(labels, shardLabel(ring)) || labels[shardLabel(ring)] !== shardName) return 'not-ours';
  return isDrained(obj, ring) ? 'drain' : 'reconcile';
}

/** What a shard's Lease needs from its manager. */
export interface ShardLeaseDeps {
  leaseClient(namespace: string): ConstructorParameters<typeof LeaseLock>[0]['client'];
  clock: Clock;
  logger: Logger;
}

/** The error a shard's runnable rejects with when its Lease is lost. */
export class ShardLeaseLostError extends Error {
  override readonly name = 'ShardLeaseLostError';
}

/**
 * Runs `body` (the sharded controller) while this shard holds its Lease: see the module doc. Resolves after a
 * graceful stop (`signal`), rejects with `ShardLeaseLostError` when the Lease is lost, or with `body`'s error.
 */
export async function runShard(
  deps: ShardLeaseDeps,
  opts: ResolvedShardOptions,
  body: (stop: AbortSignal, abort: AbortSignal) => Promise<void>,
  signal: AbortSignal,
  abort: AbortSignal,
): Promise<void> {
  const lock = new LeaseLock({
    client: deps.leaseClient(opts.leaseNamespace),
    namespace: opts.leaseNamespace,
    name: opts.shardName,
    identity: opts.shardName,
    labels: { [LABEL_RING]: opts.ring },
  });
  let bodyRun: Promise<{ error: unknown } | undefined> | undefined;
  let leadingNow: (() => void) | undefined;
  const leading = new Promise<void>((resolve) => { leadingNow = resolve; });
  const elector = new LeaderElector({
    lock,
    name: `shard ${opts.ring}/${opts.shardName}`,
    leaseDurationMs: opts.leaseDurationMs,
    renewDeadlineMs: opts.renewDeadlineMs,
    retryPeriodMs: opts.retryPeriodMs,
    releaseOnCancel: true,
    clock: deps.clock,
    logger: deps.logger,
    ...(opts.random ? { random: opts.random } : {}),
    callbacks: {
      onStartedLeading: (lead) => {
        bodyRun = body(AbortSignal.any([signal, lead]), AbortSignal.any([abort, lead])).then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
        leadingNow?.();
      },
      onStoppedLeading: () => undefined,
    },
  });
  const electorStop = new AbortController();
  const electorRun = elector.run(electorStop.signal);
  const stopped = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => { resolve(); }, { once: true });
  });
  const first = await Promise.race([leading.then(() => 'lead' as const), stopped.then(() => 'stop' as const), electorRun.then(() => 'ended' as const)]);
  if (first !== 'lead' || bodyRun === undefined) {
    electorStop.abort();
    await electorRun;
    return;
  }
  deps.logger.info('shard acquired its lease', { ring: opts.ring, shard: opts.shardName });
  const outcome = await bodyRun;
  // the body ended: a graceful stop, its own failure, or the lease lost (its signals aborted). Release after it ended.
  electorStop.abort();
  await electorRun;
  if (outcome) throw outcome.error;
  if (!signal.aborted) throw new ShardLeaseLostError(`shard lease ${opts.leaseNamespace}/${opts.shardName} lost: it could not be renewed within ${opts.renewDeadlineMs / 1000}s`);
}
