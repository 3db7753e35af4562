/**
 * The consistent-hash ring (kubernetes-controller-sharding's `consistenthash.Ring`) and the hash keys of objects.
 *
 * Contract:
 * - `HashRing` places `tokensPerNode` virtual nodes (default 100) per shard at `hash("<shard>/<i>")` and maps a key
 *   to the shard of the first token at or after `hash(key)`, wrapping around; an empty ring maps every key to `''`;
 * - the ring depends only on its SET of shards: the order they are given in and duplicates do not matter;
 * - `stableHash` is the first 53 bits of the SHA-256 of the UTF-8 key: the same on every platform, process and
 *   run (assignments must not change when a sharder restarts or fails over), and an exact JavaScript number;
 * - adding one shard to N moves only the keys the new shard's tokens take over — about 1/(N+1) of them — and every
 *   moved key moves TO the new shard; removing one moves only the removed shard's keys;
 * - hash keys (upstream's `key.ForObject` / `key.ForController`): `<group>/<Kind>/<namespace>/<name>` of the object,
 *   and for an object with a controller owner reference the same key of its controller, so owned objects land on
 *   their owner's shard. The version is left out: an object keeps its shard across API versions.
 */

import { createHash } from 'node:crypto';
import type { ObjectMeta } from '../meta/types';

/** A stable 53-bit hash of a string (see the module doc). */
export type HashFunc = (key: string) => number;

/** The first 53 bits of the SHA-256 of `key` (UTF-8), as a safe integer. */
export function stableHash(key: string): number {
  const d = createHash('sha256').update(key, 'utf8').digest();
  return d.readUInt32BE(0) * 2 ** 21 + (d.readUInt32BE(4) >>> 11);
}

/** Upstream's default number of virtual nodes per shard. */
export const DEFAULT_TOKENS_PER_NODE = 100;

/** See the module doc. */
export class HashRing {
  private readonly tokens: number[] = [];
  private readonly owners: string[] = [];
  private readonly hash: HashFunc;
  /** The shards on the ring, sorted. */
  readonly nodes: readonly string[];

  constructor(nodes: Iterable<string>, opts: { tokensPerNode?: number; hash?: HashFunc } = {}) {
    const hash = opts.hash ?? stableHash;
    const perNode = opts.tokensPerNode !== undefined && opts.tokensPerNode > 0 ? Math.floor(opts.tokensPerNode) : DEFAULT_TOKENS_PER_NODE;
    this.nodes = [...new Set(nodes)].sort();
    const placed: Array<{ token: number; node: string }> = [];
    for (const node of this.nodes) for (let i = 0; i < perNode; i++) placed.push({ token: hash(`${node}/${i}`), node });
    // ties (a hash collision) go to the smaller shard name, whatever order the shards came in
    placed.sort((a, b) => a.token - b.token || (a.node < b.node ? -1 : a.node > b.node ? 1 : 0));
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
      if ((this.tokens[mid] ?? 0) < h) lo = mid + 1;
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
