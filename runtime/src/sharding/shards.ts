/**
 * Shards as their Leases tell (kubernetes-controller-sharding's `leases` package), seen by the sharder.
 *
 * A shard announces itself with a Lease named after it, labelled `alpha.sharding.timebertt.dev/controllerring:
 * <ring>`, that it holds (holder = its own name) and renews. The sharder reads each Lease as one state:
 * - `ready`: held by the shard and renewed within its `leaseDurationSeconds`;
 * - `expired`: held by the shard but not renewed for `leaseDurationSeconds`. The sharder then acquires the Lease
 *   (holder `shardlease-controller`), which makes it `dead`; until that write succeeds the shard stays on the ring;
 * - `dead`: released by the shard (holder `''`, a graceful stop) or acquired by the sharder: off the ring, its
 *   objects move at once;
 * - `orphaned`: dead for a minute: the sharder deletes the Lease.
 * `ready` and `expired` shards are the ring's members (upstream's `IsAvailable`).
 *
 * Expiry is measured on the SHARDER's clock, as the leader elector measures a leader's lease: from when the sharder
 * saw the Lease's `renewTime` change (`renewedAt`) plus its duration, never by comparing the shard's timestamps to
 * the sharder's clock — a clock offset between the two cannot make a live shard look dead. A shard stops
 * reconciling when it cannot renew within its renew deadline (shorter than the lease duration, see ./shard), so by
 * the time the sharder sees its Lease expire the shard has stopped: no object is reconciled by two shards.
 */

import type { Lease } from '../leaderelection/lease';

export type ShardState = 'ready' | 'expired' | 'dead' | 'orphaned';

/** How long a dead shard's Lease is kept before the sharder deletes it (upstream's leaseTTL). */
export const ORPHAN_AFTER_MS = 60_000;

/** One shard of a ring. */
export interface Shard {
  name: string;
  state: ShardState;
  /** Milliseconds (sharder's clock) until the state changes by time alone; `Infinity` when it never does. */
  nextChangeInMs: number;
}

/** The state of a shard's Lease at `now`, its `renewTime` having been seen to change at `renewedAt` (both sharder clock). */
export function shardOf(lease: Lease, renewedAt: number, now: number): Shard {
  const name = lease.metadata?.name ?? '';
  const holder = lease.spec?.holderIdentity ?? '';
  const durationMs = (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
  if (holder === '' || holder !== name) {
    const left = renewedAt + Math.max(durationMs, 0) + ORPHAN_AFTER_MS - now;
    return left <= 0 ? { name, state: 'orphaned', nextChangeInMs: Infinity } : { name, state: 'dead', nextChangeInMs: left };
  }
  const left = renewedAt + durationMs - now;
  return left <= 0 ? { name, state: 'expired', nextChangeInMs: Infinity } : { name, state: 'ready', nextChangeInMs: left };
}

/** Whether a shard in `state` is on the ring. */
export function isAvailable(state: ShardState): boolean {
  return state === 'ready' || state === 'expired';
}
