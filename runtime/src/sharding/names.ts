/**
 * The sharding protocol's names (kubernetes-controller-sharding's `alpha.sharding.timebertt.dev` labels) and the
 * checks of ring and shard names.
 *
 * The labels are upstream's, not a kubegen prefix of our own: they ARE the protocol between a sharder and its
 * shards (the ring label on shard Leases, the shard and drain labels on objects), so with the same names a kubegen
 * controller runs as a shard under upstream's sharder (its webhook mode), and kubegen's sharder drives shards built
 * with upstream's Go library. A second prefix would split one protocol into two that do not talk.
 *
 * Names (upstream's constraints, checked once when a ring, shard or sharder is configured):
 * - a ring name is a DNS-1123 label (lowercase alphanumerics and `-`, at most 63): it is a label value on the shard
 *   Leases and the name part of the shard and drain label keys;
 * - a shard name is a DNS-1123 label too: it names the shard's Lease (a DNS subdomain) and is the shard label's
 *   value (at most 63 characters).
 */

/** The prefix of every sharding label. */
export const SHARDING_PREFIX = 'alpha.sharding.timebertt.dev/';
/** On a shard Lease: the ring the shard belongs to. */
export const LABEL_RING = `${SHARDING_PREFIX}controllerring`;
/** The holder the sharder writes into the Lease of a shard it declares dead. */
export const SHARDER_IDENTITY = 'shardlease-controller';

/** The label naming the shard an object of `ring` is assigned to. */
export function shardLabel(ring: string): string {
  return `shard.${SHARDING_PREFIX}${ring}`;
}

/** The label by which the sharder asks an object's shard to let it go (the drain handshake). */
export function drainLabel(ring: string): string {
  return `drain.${SHARDING_PREFIX}${ring}`;
}

/** The label selector of the shard Leases of `ring`. */
export function ringLeaseSelector(ring: string): string {
  return `${LABEL_RING}=${ring}`;
}

/** The label selector of the objects assigned to `shard` in `ring` (what a shard's informers watch). */
export function shardSelector(ring: string, shard: string): string {
  return `${shardLabel(ring)}=${shard}`;
}

/** A configuration error of sharding: bad names or options, thrown before anything runs. */
export class ShardingConfigError extends Error {
  override readonly name = 'ShardingConfigError';
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Throws a `ShardingConfigError` naming `what` when `name` is not a DNS-1123 label; returns it. */
export function checkName(what: 'ring name' | 'shard name', name: unknown): string {
  const fail = (shown: string, problem: string): never => {
    throw new ShardingConfigError(`sharding: invalid ${what} ${shown}: ${problem}`);
  };
  if (typeof name !== 'string') return fail(name === null ? 'null' : typeof name, 'must be a string');
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  if (name === '') return fail(shown, 'must not be empty');
  if (name.length > 63) return fail(shown, `must be no more than 63 characters (it has ${name.length})`);
  if (!DNS1123_LABEL.test(name)) {
    return fail(shown, "must be a DNS-1123 label: lowercase alphanumeric characters or '-', starting and ending with an alphanumeric character");
  }
  return name;
}

/** Throws a `ShardingConfigError` unless `ms` is a positive finite number. */
export function checkDuration(what: string, ms: unknown): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) {
    throw new ShardingConfigError(`sharding: ${what} must be a positive number of milliseconds, got ${typeof ms === 'number' ? String(ms) : typeof ms}`);
  }
  return ms;
}

/** Throws a `ShardingConfigError` unless `n` is a positive integer (a count, such as a list's page size). */
export function checkCount(what: string, n: unknown): number {
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
    throw new ShardingConfigError(`sharding: ${what} must be a positive integer, got ${typeof n === 'number' ? String(n) : typeof n}`);
  }
  return n;
}
