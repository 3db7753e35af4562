/**
 * The consistent-hash ring (kubernetes-controller-sharding's `consistenthash.Ring`) and the hash keys of objects.
 *
 * Contract:
 * - `HashRing` places `tokensPerNode` virtual nodes (default 100) per shard at `hash("<shard>-<i>")` and maps a key
 *   to the shard of the first token at or after `hash(key)`, wrapping around; an empty ring maps every key to `''`;
 * - the ring depends only on its SET of shards: the order they are given in and duplicates do not matter;
 * - the hash is upstream's (`consistenthash.DefaultHash`, cespare/xxhash's `Sum64`): XXH64 with seed 0 of the key's
 *   UTF-8 bytes, an unsigned 64-bit `bigint` — the same on every platform, process and run (assignments must not
 *   change when a sharder restarts or fails over), and the same as upstream's, so a ring of the same shard names maps
 *   every key as upstream's sharder does (test/unit/runtime/sharding/ring.test.ts pins values computed with Go);
 * - adding one shard to N moves only the keys the new shard's tokens take over — about 1/(N+1) of them — and every
 *   moved key moves TO the new shard; removing one moves only the removed shard's keys;
 * - hash keys (upstream's `key.ForObject` / `key.ForController`): `<group>/<Kind>/<namespace>/<name>` of the object,
 *   and for an object with a controller owner reference the same key of its controller, so owned objects land on
 *   their owner's shard. The version is left out: an object keeps its shard across API versions.
 */

import type { ObjectMeta } from '../meta/types';

/** A stable 64-bit hash of a string (see the module doc). */
export type HashFunc = (key: string) => bigint;

const MASK = (1n << 64n) - 1n;
const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;
const rotl = (x: bigint, r: bigint): bigint => ((x << r) | (x >> (64n - r))) & MASK;
const mul = (a: bigint, b: bigint): bigint => (a * b) & MASK;
const round = (acc: bigint, lane: bigint): bigint => mul(rotl((acc + mul(lane, P2)) & MASK, 31n), P1);
const mergeRound = (acc: bigint, v: bigint): bigint => (mul(acc ^ round(0n, v), P1) + P4) & MASK;

/** XXH64 with seed 0 of the UTF-8 bytes of `key` (cespare/xxhash's `Sum64String`, upstream's ring hash). */
export function xxhash64(key: string): bigint {
  const b = Buffer.from(key, 'utf8');
  const len = b.length;
  let i = 0;
  let h: bigint;
  if (len >= 32) {
    let v1 = (P1 + P2) & MASK;
    let v2 = P2;
    let v3 = 0n;
    let v4 = (MASK + 1n - P1) & MASK;
    for (; i + 32 <= len; i += 32) {
      v1 = round(v1, b.readBigUInt64LE(i));
      v2 = round(v2, b.readBigUInt64LE(i + 8));
      v3 = round(v3, b.readBigUInt64LE(i + 16));
      v4 = round(v4, b.readBigUInt64LE(i + 24));
    }
    h = (rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n)) & MASK;
    h = mergeRound(mergeRound(mergeRound(mergeRound(h, v1), v2), v3), v4);
  } else {
    h = P5;
  }
  h = (h + BigInt(len)) & MASK;
  for (; i + 8 <= len; i += 8) h = (mul(rotl(h ^ round(0n, b.readBigUInt64LE(i)), 27n), P1) + P4) & MASK;
  if (i + 4 <= len) {
    h = (mul(rotl(h ^ mul(BigInt(b.readUInt32LE(i)), P1), 23n), P2) + P3) & MASK;
    i += 4;
  }
  for (; i < len; i++) h = mul(rotl(h ^ mul(BigInt(b[i] ?? 0), P5), 11n), P1);
  h ^= h >> 33n;
  h = mul(h, P2);
  h ^= h >> 29n;
  h = mul(h, P3);
  return h ^ (h >> 32n);
}

/** Upstream's default number of virtual nodes per shard. */
export const DEFAULT_TOKENS_PER_NODE = 100;

/** See the module doc. */
export class HashRing {
  private readonly tokens: bigint[] = [];
  private readonly owners: string[] = [];
  private readonly hash: HashFunc;
  /** The shards on the ring, sorted. */
  readonly nodes: readonly string[];

  constructor(nodes: Iterable<string>, opts: { tokensPerNode?: number; hash?: HashFunc } = {}) {
    const hash = opts.hash ?? xxhash64;
    const perNode = opts.tokensPerNode !== undefined && opts.tokensPerNode > 0 ? Math.floor(opts.tokensPerNode) : DEFAULT_TOKENS_PER_NODE;
    this.nodes = [...new Set(nodes)].sort();
    const placed: Array<{ token: bigint; node: string }> = [];
    for (const node of this.nodes) for (let i = 0; i < perNode; i++) placed.push({ token: hash(`${node}-${i}`), node });
    // ties (a hash collision) go to the smaller shard name, whatever order the shards came in
    placed.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
    for (const p of placed) {
      this.tokens.push(p.token);
      this.owners.push(p.node);
    }
    this.hash = hash;
  }

  get isEmpty(): boolean {
    return this.tokens.length === 0;
  }

  /** The shard of `key`; `''` when the ring is empty. */
  shardFor(key: string): string {
    const n = this.tokens.length;
    if (n === 0) return '';
    const h = this.hash(key);
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.tokens[mid] ?? 0n) < h) lo = mid + 1;
      else hi = mid;
    }
    return this.owners[lo === n ? 0 : lo] ?? '';
  }

  /** Whether `other` has the same shards (so every key maps the same). */
  sameMembers(other: HashRing): boolean {
    return this.nodes.length === other.nodes.length && this.nodes.every((n, i) => other.nodes[i] === n);
  }
}

/** The parts of an object a hash key is made of. */
export interface KeyedObject {
  apiVersion?: string;
  kind?: string;
  metadata?: Pick<ObjectMeta, 'name' | 'namespace' | 'ownerReferences'>;
}

/** The group of an `apiVersion` (`apps/v1` → `apps`, `v1` → `''`). */
export function groupOf(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}

/** `<group>/<Kind>/<namespace>/<name>`: the hash key of an object of that kind and name. */
export function objectKey(group: string, kind: string, namespace: string, name: string): string {
  return `${group}/${kind}/${namespace}/${name}`;
}

/**
 * The hash key of an object owned by its controller: its controller's key, or `undefined` when it has no
 * controller reference whose group and kind are one of `ownerKinds` (`<group>/<Kind>`; such an object is not
 * sharded).
 */
export function controllerKey(obj: KeyedObject, ownerKinds: ReadonlySet<string>): string | undefined {
  for (const ref of obj.metadata?.ownerReferences ?? []) {
    if (ref.controller !== true) continue;
    const group = groupOf(ref.apiVersion);
    if (!ownerKinds.has(`${group}/${ref.kind}`) || ref.name === '') return undefined;
    return objectKey(group, ref.kind, obj.metadata?.namespace ?? '', ref.name);
  }
  return undefined;
}
