/**
 * The consistent-hash ring: upstream's hash (XXH64, values computed with Go's cespare/xxhash) and upstream's ring on
 * the same keys, assignment stability (adding a shard to N moves about 1/(N+1) of the
 * keys, all of them to the new shard; removing one moves only its keys), independence from the order shards are
 * given in, and the hash keys of objects and of controlled objects.
 */
import { controllerKey, DEFAULT_TOKENS_PER_NODE, HashRing, objectKey, xxhash64 } from '../../../../runtime/src/sharding/ring';

const KEYS = Array.from({ length: 10_000 }, (_, i) => objectKey('example.com', 'Widget', `ns-${i % 7}`, `w-${i}`));
const shards = (n: number): string[] => Array.from({ length: n }, (_, i) => `shard-${i}`);

describe('xxhash64 (upstream\'s ring hash)', () => {
  // the values of cespare/xxhash/v2 Sum64String (upstream's consistenthash.DefaultHash), computed with Go: the empty
  // input, the tails of 1 and 3 bytes, 9 bytes (one 8-byte lane and a byte), one 32-byte stripe and more, multi-byte UTF-8
  it.each([
    { given: '', want: 0xef46db3751d8e999n },
    { given: 'a', want: 0xd24ec4f1a98c6e5bn },
    { given: 'abc', want: 0x44bc2cf5ad770999n },
    { given: 'shard-0-0', want: 0x3a2acb2eecee22e4n },
    { given: 'shard-1-99', want: 0xfffad417d357846en },
    { given: 'bench.kubegen.dev/CronTab/bench-scale/crontab-000000', want: 0xe239d3930ccc9756n },
    { given: 'apps/Deployment/default/a-name-longer-than-thirty-two-bytes-for-the-stripes', want: 0x6d36c267ae13e407n },
    { given: 'example.com/Widget/ns/größe-🙂', want: 0xe179d86d9f026e2cn },
  ])('xxhash64($given)', ({ given, want }) => {
    expect(xxhash64(given)).toBe(want);
  });
});

describe('HashRing against upstream\'s ring', () => {
  // upstream's consistenthash.New(nil, 100, "shard-0", "shard-1", "shard-2").Hash(key), computed with Go on the same keys
  const ring = new HashRing(['shard-2', 'shard-0', 'shard-1']);
  it.each([
    { name: 'crontab-000000', want: 'shard-2' },
    { name: 'crontab-000001', want: 'shard-0' },
    { name: 'crontab-000002', want: 'shard-1' },
    { name: 'crontab-012345', want: 'shard-1' },
    { name: 'crontab-099999', want: 'shard-2' },
  ])('maps $name to $want', ({ name, want }) => {
    expect(ring.shardFor(objectKey('bench.kubegen.dev', 'CronTab', 'bench-scale', name))).toBe(want);
  });

  it('splits 10,000 keys as upstream does (3018 / 3500 / 3482)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const s = ring.shardFor(objectKey('bench.kubegen.dev', 'CronTab', 'bench-scale', `crontab-${String(i).padStart(6, '0')}`));
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 'shard-0': 3018, 'shard-1': 3500, 'shard-2': 3482 });
  });
});

describe('HashRing', () => {
  it('maps every key to "" when empty', () => {
    const ring = new HashRing([]);
    expect(ring.isEmpty).toBe(true);
    expect(ring.shardFor('anything')).toBe('');
  });

  it('maps every key to the only shard of a ring of one (one leader)', () => {
    const ring = new HashRing(['only']);
    expect(new Set(KEYS.map((k) => ring.shardFor(k)))).toEqual(new Set(['only']));
  });

  it('depends on the set of shards only: order and duplicates do not matter', () => {
    const a = new HashRing(['c', 'a', 'b']);
    const b = new HashRing(['b', 'c', 'a', 'b']);
    expect(a.sameMembers(b)).toBe(true);
    expect(KEYS.map((k) => a.shardFor(k))).toEqual(KEYS.map((k) => b.shardFor(k)));
  });

  it.each([1, 2, 3, 4, 5, 8])('adding a shard to %i moves about 1/(N+1) of the keys, all to the new shard', (n) => {
    const before = new HashRing(shards(n));
    const after = new HashRing([...shards(n), 'newcomer']);
    const moved = KEYS.filter((k) => before.shardFor(k) !== after.shardFor(k));
    expect(moved.filter((k) => after.shardFor(k) !== 'newcomer')).toEqual([]);
    const fraction = moved.length / KEYS.length;
    // the ideal is 1/(N+1); 100 virtual nodes per shard keep it within these bounds (deterministic: fixed names and keys)
    expect(fraction).toBeGreaterThan(0.6 / (n + 1));
    expect(fraction).toBeLessThan(1.5 / (n + 1));
  });

  it.each([2, 3, 5])('removing one of %i shards moves only its keys', (n) => {
    const before = new HashRing(shards(n));
    const gone = `shard-${n - 1}`;
    const after = new HashRing(shards(n - 1));
    expect(KEYS.filter((k) => before.shardFor(k) !== gone && after.shardFor(k) !== before.shardFor(k))).toEqual([]);
    expect(KEYS.some((k) => before.shardFor(k) === gone)).toBe(true);
  });

  it('spreads keys over the shards (each within 0.6–1.5 of an equal share)', () => {
    const ring = new HashRing(shards(4));
    const counts = new Map<string, number>();
    for (const k of KEYS) counts.set(ring.shardFor(k), (counts.get(ring.shardFor(k)) ?? 0) + 1);
    expect(counts.size).toBe(4);
    for (const c of counts.values()) {
      expect(c).toBeGreaterThan((0.6 * KEYS.length) / 4);
      expect(c).toBeLessThan((1.5 * KEYS.length) / 4);
    }
  });

  it(`places ${DEFAULT_TOKENS_PER_NODE} virtual nodes per shard by default, tokensPerNode when given`, () => {
    const hashed: string[] = [];
    const hash = (s: string): bigint => {
      hashed.push(s);
      return xxhash64(s);
    };
    new HashRing(['a'], { hash });
    expect(hashed).toHaveLength(DEFAULT_TOKENS_PER_NODE);
    expect(hashed.slice(0, 2)).toEqual(['a-0', 'a-1']);
    hashed.length = 0;
    new HashRing(['a', 'b'], { hash, tokensPerNode: 3 });
    expect(hashed).toEqual(['a-0', 'a-1', 'a-2', 'b-0', 'b-1', 'b-2']);
  });

  it('wraps around: a key past the last token goes to the first', () => {
    const ring = new HashRing(['a', 'b'], { tokensPerNode: 1, hash: (s) => ({ 'a-0': 10n, 'b-0': 20n, low: 5n, mid: 15n, high: 25n })[s] ?? 0n });
    expect([ring.shardFor('low'), ring.shardFor('mid'), ring.shardFor('high')]).toEqual(['a', 'b', 'a']);
  });
});

describe('hash keys', () => {
  const owners = new Set(['example.com/Widget']);

  it.each([
    { given: { group: 'example.com', kind: 'Widget', namespace: 'ns', name: 'w' }, want: 'example.com/Widget/ns/w' },
    { given: { group: '', kind: 'ConfigMap', namespace: '', name: 'c' }, want: '/ConfigMap//c' },
  ])('objectKey($given) = $want', ({ given, want }) => {
    expect(objectKey(given.group, given.kind, given.namespace, given.name)).toBe(want);
  });

  it.each([
    {
      name: 'the controller of a ring kind: its key (the owned object lands on its owner\'s shard)',
      refs: [{ apiVersion: 'example.com/v2', kind: 'Widget', name: 'w', uid: 'u', controller: true }],
      want: 'example.com/Widget/ns/w',
    },
    { name: 'no controller reference: not sharded', refs: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'u' }], want: undefined },
    { name: 'a controller of another kind: not sharded', refs: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: 'u', controller: true }], want: undefined },
    { name: 'no owner references', refs: undefined, want: undefined },
  ])('controllerKey: $name', ({ refs, want }) => {
    expect(controllerKey({ metadata: { name: 'cm', namespace: 'ns', ...(refs ? { ownerReferences: refs } : {}) } }, owners)).toBe(want);
    if (want !== undefined) expect(want).toBe(objectKey('example.com', 'Widget', 'ns', 'w'));
  });
});
