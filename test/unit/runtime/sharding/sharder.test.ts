/**
 * The sharder: the decision table of one object (assign, drain, move, wait), then the sharder over a fake API
 * server with an injected clock — assignment onto the ready shards, the drain handshake when a shard joins (drain
 * label, the old shard's acknowledgement, the new assignment), lease loss (an expired shard Lease acquired by the
 * sharder, its objects moved at once), a released Lease, owned objects with their owner, memory in proportion to the
 * work (only unassigned objects watched; a ring change pages through a list; an expired continue token listed on
 * from, not restarted), a conflict read again, and bad configuration.
 */
import { setFlagsFromString } from 'node:v8';
import { getMaxListeners } from 'node:events';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../../runtime/src/client/types';
import { formatMicroTime, leaseResource, type Lease, type LeaseList } from '../../../../runtime/src/leaderelection/lease';
import { StatusError } from '../../../../runtime/src/errors/errors';
import { noopLogger } from '../../../../runtime/src/log';
import { drainLabel, LABEL_RING, SHARDER_IDENTITY, shardLabel } from '../../../../runtime/src/sharding/names';
import { controllerKey, HashRing, objectKey } from '../../../../runtime/src/sharding/ring';
import { assignmentOf, Sharder, sharderView, type SharderOptions } from '../../../../runtime/src/sharding/sharder';
import type { ShardState } from '../../../../runtime/src/sharding/shards';
import { Fake } from '../../../../runtime/src/testing/fake';
import { settle, until } from '../../helpers/cache';

const RING = 'widgets';
const SL = shardLabel(RING);
const DL = drainLabel(RING);
const NS = 'apps';
const T0 = Date.UTC(2026, 0, 1);

describe('assignmentOf', () => {
  const ring = new HashRing(['a', 'b']);
  const key = Array.from({ length: 50 }, (_, i) => `k${i}`).find((k) => ring.shardFor(k) === 'b') ?? '';
  const states = new Map<string, ShardState>([['a', 'ready'], ['b', 'ready'], ['x', 'dead'], ['e', 'expired']]);
  it.each([
    { name: 'unassigned → assign', labels: {}, controlled: false, want: { action: 'assign', to: 'b' } },
    { name: 'on its shard → none', labels: { [SL]: 'b' }, controlled: false, want: { action: 'none' } },
    { name: 'on a ready shard that is not the choice → drain', labels: { [SL]: 'a' }, controlled: false, want: { action: 'drain', from: 'a' } },
    { name: 'already drained → wait for the acknowledgement', labels: { [SL]: 'a', [DL]: 'true' }, controlled: false, want: { action: 'none' } },
    { name: 'on an expired (not yet dead) shard → drain (it stays on the ring until dead)', labels: { [SL]: 'e' }, controlled: false, want: { action: 'drain', from: 'e' } },
    { name: 'on a dead shard → move at once', labels: { [SL]: 'x' }, controlled: false, want: { action: 'move', from: 'x', to: 'b' } },
    { name: 'on an unknown shard → move at once', labels: { [SL]: 'gone' }, controlled: false, want: { action: 'move', from: 'gone', to: 'b' } },
    { name: 'drained but its shard died → move at once', labels: { [SL]: 'x', [DL]: 'true' }, controlled: false, want: { action: 'move', from: 'x', to: 'b' } },
    { name: 'controlled, on a ready shard → move at once (the owner is the synchronisation point)', labels: { [SL]: 'a' }, controlled: true, want: { action: 'move', from: 'a', to: 'b' } },
  ])('$name', ({ labels, controlled, want }) => {
    expect(assignmentOf(labels, key, controlled, ring, RING, states)).toEqual(want);
  });

  it('does nothing without a key (not sharded) or without shards', () => {
    expect(assignmentOf({}, undefined, false, ring, RING, states)).toEqual({ action: 'none' });
    expect(assignmentOf({}, key, false, new HashRing([]), RING, states)).toEqual({ action: 'none' });
  });
});

describe('sharderView (what the sharder caches of an object)', () => {
  const owner = { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w-1', uid: 'u1', controller: true, blockOwnerDeletion: true };
  const other = { apiVersion: 'v1', kind: 'Secret', name: 's', uid: 'u2' };
  const full: KubeObject & { data: Record<string, string> } = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'cm',
      namespace: NS,
      uid: 'u3',
      resourceVersion: '42',
      generation: 3,
      labels: { [SL]: 'a', [DL]: 'true', app: 'x', [shardLabel('other-ring')]: 'b' },
      annotations: { big: 'y'.repeat(1000) },
      ownerReferences: [other, owner],
      finalizers: ['f'],
      managedFields: [{ manager: 'm', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: {} }],
    },
    data: { k: 'v' },
  };
  const protoLabels: Record<string, string> = { [SL]: 'b' };
  Object.defineProperty(protoLabels, '__proto__', { value: 'x', enumerable: true, configurable: true, writable: true });
  it.each([
    {
      name: 'keeps name, namespace, resourceVersion, the ring\'s labels and the controller reference; drops the rest',
      given: full,
      want: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: NS, resourceVersion: '42', labels: { [SL]: 'a', [DL]: 'true' }, ownerReferences: [owner] } },
    },
    {
      name: 'no labels of the ring, no controller: neither labels nor owner references',
      given: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', resourceVersion: '7', labels: { app: 'x' }, ownerReferences: [other] } },
      want: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', resourceVersion: '7' } },
    },
    { name: 'no metadata', given: { apiVersion: 'v1', kind: 'ConfigMap', data: {} }, want: { apiVersion: 'v1', kind: 'ConfigMap' } },
    {
      name: 'a label named __proto__ is data, not kept (not the ring\'s)',
      given: { metadata: { name: 'p', labels: protoLabels } },
      want: { metadata: { name: 'p', labels: { [SL]: 'b' } } },
    },
  ])('$name', ({ given, want }) => {
    const before = structuredClone(given);
    const got = sharderView(given, RING);
    expect(got).toEqual(want);
    expect(Object.getPrototypeOf(got.metadata?.labels ?? {})).toBe(Object.prototype);
    expect(given).toEqual(before); // the input is not changed
  });

  it('is built with fast properties, not copied and cut down (a deleted property leaves V8 a dictionary-mode object, ≈1.5× the memory a held view costs)', () => {
    setFlagsFromString('--allow-natives-syntax');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a V8 intrinsic is callable only from code compiled after the flag
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: unknown) => boolean; // cast-ok: a V8 intrinsic, compiled from text
    // the check itself: a copy with a property deleted (but the last one added) is in dictionary mode
    const cut: Record<string, unknown> = { ...full };
    Reflect.deleteProperty(cut, 'metadata');
    expect(hasFastProperties(cut)).toBe(false);
    const view = sharderView(full, RING);
    expect(hasFastProperties(view)).toBe(true);
    expect(hasFastProperties(view.metadata)).toBe(true);
  });

  it('gives the same decisions as the whole object (assignment and controller key)', () => {
    const ring = new HashRing(['a', 'b']);
    const states = new Map<string, ShardState>([['a', 'ready'], ['b', 'ready']]);
    const view = sharderView(full, RING);
    expect(assignmentOf(view.metadata?.labels, 'k', true, ring, RING, states)).toEqual(assignmentOf(full.metadata?.labels, 'k', true, ring, RING, states));
    expect(controllerKey(view, new Set(['example.com/Widget']))).toBe(controllerKey(full, new Set(['example.com/Widget'])));
  });
});

const widgets: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'widgets', kind: 'Widget', listKind: 'WidgetList', namespaced: true };
const parts: ResourceDescriptor = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', listKind: 'ConfigMapList', namespaced: true };

/** Runs before each write of the sharder's (its `patch` calls), with the request's signal. */
type BeforePatch = (signal: AbortSignal | undefined) => Promise<void>;

function setup(extra: Partial<SharderOptions> = {}, beforePatch?: BeforePatch) {
  const clock = new FakeClock(T0);
  const fake = new Fake({ clock: () => new Date(clock.now()) });
  /** The metrics reported, `<name>{<labels>}` → value (counters summed, gauges last set). */
  const metrics = new Map<string, number>();
  const id = (name: string, labels: Readonly<Record<string, string>>): string => `${name}${JSON.stringify(labels)}`;
  const mgr = {
    clock,
    logger: noopLogger,
    metrics: {
      count: (name: string, labels: Readonly<Record<string, string>>, delta = 1) => void metrics.set(id(name, labels), (metrics.get(id(name, labels)) ?? 0) + delta),
      gauge: (name: string, labels: Readonly<Record<string, string>>, value: number) => void metrics.set(id(name, labels), value),
    },
    clientFor: <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, ns = '') => {
      const client = fake.client<T, TList>(d, d.namespaced ? ns : '');
      if (beforePatch === undefined) return client;
      const patch = client.patch.bind(client);
      client.patch = async (name, type, body, opts, ...sub) => {
        await beforePatch(opts?.signal);
        return patch(name, type, body, opts, ...sub);
      };
      return client;
    },
  };
  const sharder = new Sharder(mgr, { ring: RING, kinds: [{ kind: widgets, controlled: [parts] }], leaseNamespace: NS, leaderElection: 'manager', ...extra });
  const leases = fake.client<Lease, LeaseList>(leaseResource, NS);
  const objects = fake.client<KubeObject>(widgets, NS);
  const configMaps = fake.client<KubeObject>(parts, NS);
  const stop = new AbortController();
  /** A shard's Lease, held and renewed now (durations in seconds). */
  const renew = async (name: string, holder = name, seconds = 10): Promise<void> => {
    const now = formatMicroTime(clock.now());
    const spec = { holderIdentity: holder, leaseDurationSeconds: seconds, acquireTime: now, renewTime: now };
    try {
      const l = await leases.get(name);
      await leases.update({ ...l, spec: { ...l.spec, ...spec } });
    } catch {
      await leases.create({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: NS, labels: { [LABEL_RING]: RING } }, spec });
    }
  };
  const labelsOf = async (): Promise<Map<string, Record<string, string>>> =>
    new Map((await objects.list()).items.map((o) => [o.metadata?.name ?? '', o.metadata?.labels ?? {}]));
  /** Steps the clock, letting the informers and workers run in between. */
  const advance = async (ms: number, step = 250): Promise<void> => {
    for (let t = 0; t < ms; t += step) {
      clock.step(Math.min(step, ms - t));
      await settle(10);
    }
  };
  return { clock, fake, sharder, leases, objects, configMaps, stop, renew, labelsOf, advance, metrics };
}

const NAMES = Array.from({ length: 40 }, (_, i) => `w-${i}`);

async function createWidgets(env: ReturnType<typeof setup>): Promise<void> {
  for (const name of NAMES) await env.objects.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace: NS } });
}

/** What the ring with `shards` assigns each widget to. */
function expected(shards: string[]): Map<string, string> {
  const ring = new HashRing(shards);
  return new Map(NAMES.map((n) => [n, ring.shardFor(objectKey('example.com', 'Widget', NS, n))]));
}

/** A shard acknowledging every drain of its objects (what the builder's shard reconciler does). */
async function acknowledge(env: ReturnType<typeof setup>, shard: string): Promise<number> {
  let n = 0;
  for (const o of (await env.objects.list()).items) {
    const labels = o.metadata?.labels ?? {};
    if (labels[SL] !== shard || !Object.hasOwn(labels, DL)) continue;
    await env.objects.patch(o.metadata?.name ?? '', 'application/merge-patch+json', JSON.stringify({ metadata: { labels: { [SL]: null, [DL]: null } } }));
    n++;
  }
  return n;
}

describe('Sharder over a fake API server', () => {
  it('has every worker\'s write listen on its signal at once (as fetch does) within the signal\'s listener bound', async () => {
    // Node warns MaxListenersExceededWarning (a leak, it says) past an AbortSignal's bound, EventTarget's default 10
    let inFlight = 0;
    let most = 0;
    let bound = Infinity;
    // each write listens on its signal until a few turns later, so the ten workers' writes overlap
    const env = setup({}, async (signal) => {
      const onAbort = (): void => undefined;
      if (signal === undefined) throw new Error('a write without a signal');
      signal.addEventListener('abort', onAbort);
      bound = Math.min(bound, getMaxListeners(signal));
      most = Math.max(most, ++inFlight);
      await settle(20);
      inFlight--;
      signal.removeEventListener('abort', onAbort);
    });
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    env.stop.abort();
    await run;
    expect(most).toBe(10); // concurrentMoves' default
    // the writes, the stop listener, the informers' requests and the Lease writes fit
    expect(bound).toBeGreaterThanOrEqual(most + 1 + 2 * 2 + 1);
  });

  it('assigns every object to the ready shards as the ring says; a ring of one takes everything', async () => {
    const env = setup();
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    const labels = await env.labelsOf();
    expect(new Set([...labels.values()].map((l) => l[SL]))).toEqual(new Set(['a']));
    expect(env.sharder.members).toEqual(['a']);
    env.stop.abort();
    await run;
  });

  it('a joining shard gets its objects by the drain handshake: drain label, acknowledgement, then the new shard', async () => {
    const env = setup();
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    await env.renew('b');
    const want = expected(['a', 'b']);
    const toB = NAMES.filter((n) => want.get(n) === 'b');
    expect(toB.length).toBeGreaterThan(0);
    await until(() => env.sharder.stats.drains === toB.length, 'drains', 5_000);
    // drained, not moved: still on a, with the drain label, until a lets go
    let labels = await env.labelsOf();
    for (const n of toB) expect(labels.get(n)).toEqual({ [SL]: 'a', [DL]: 'true' });
    for (const n of NAMES.filter((x) => want.get(x) === 'a')) expect(labels.get(n)).toEqual({ [SL]: 'a' });
    await env.advance(2_000);
    labels = await env.labelsOf();
    expect(toB.filter((n) => labels.get(n)?.[SL] === 'b')).toEqual([]);
    // a acknowledges: the sharder assigns b
    expect(await acknowledge(env, 'a')).toBe(toB.length);
    await until(() => env.sharder.stats.assignments === NAMES.length + toB.length, 'reassignments', 5_000);
    labels = await env.labelsOf();
    for (const n of NAMES) expect(labels.get(n)).toEqual({ [SL]: want.get(n) });
    env.stop.abort();
    await run;
  });

  it('lease loss: a shard that stops renewing is acquired by the sharder after its lease duration, and its objects move at once', async () => {
    const env = setup();
    await env.renew('a', 'a', 10);
    await env.renew('b', 'b', 10);
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    const before = expected(['a', 'b']);
    // a keeps renewing, b is gone
    for (let t = 0; t < 9_000; t += 3_000) {
      await env.advance(3_000);
      await env.renew('a', 'a', 10);
    }
    expect(env.sharder.stats.acquired).toBe(0);
    expect((await env.leases.get('b')).spec?.holderIdentity).toBe('b');
    await env.advance(1_500);
    await env.renew('a', 'a', 10);
    await until(() => env.sharder.stats.acquired === 1, 'acquisition', 5_000);
    const b = await env.leases.get('b');
    expect(b.spec?.holderIdentity).toBe(SHARDER_IDENTITY);
    expect(b.spec?.leaseDurationSeconds).toBe(20);
    await until(() => env.sharder.stats.moves === NAMES.filter((n) => before.get(n) === 'b').length, 'moves', 5_000);
    const labels = await env.labelsOf();
    for (const n of NAMES) expect(labels.get(n)).toEqual({ [SL]: 'a' });
    expect(env.sharder.stats.drains).toBe(0);
    expect(env.sharder.members).toEqual(['a']);
    env.stop.abort();
    await run;
  });

  it('a shard that renewed in time is not acquired (expiry is measured from when the sharder saw the renewal)', async () => {
    const env = setup();
    await env.renew('a', 'a', 10);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.members.length === 1, 'ring', 5_000);
    for (let i = 0; i < 6; i++) {
      await env.advance(5_000);
      await env.renew('a', 'a', 10);
    }
    expect(env.sharder.stats.acquired).toBe(0);
    expect(env.sharder.members).toEqual(['a']);
    env.stop.abort();
    await run;
  });

  it('a released Lease (graceful stop) is dead at once: its objects move without a drain; after a minute the Lease is deleted', async () => {
    const env = setup();
    await env.renew('a');
    await env.renew('b');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    const onB = NAMES.filter((n) => expected(['a', 'b']).get(n) === 'b').length;
    await env.renew('b', '', 1);
    await until(() => env.sharder.stats.moves === onB, 'moves', 5_000);
    expect(env.sharder.stats.drains).toBe(0);
    expect(env.sharder.stats.acquired).toBe(0);
    for (let t = 0; t < 62_000; t += 2_000) {
      await env.advance(2_000, 1_000);
      await env.renew('a');
    }
    await expect(env.leases.get('b')).rejects.toMatchObject({ code: 404 });
    env.stop.abort();
    await run;
  });

  it('assigns an owned object with its owner (by the controller\'s key), and leaves objects without such a controller alone', async () => {
    const env = setup();
    await env.renew('a');
    await env.renew('b');
    await createWidgets(env);
    const owner = NAMES[3] ?? '';
    await env.configMaps.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owned', namespace: NS, ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: owner, uid: 'u', controller: true }] } });
    await env.configMaps.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'loose', namespace: NS } });
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length + 1, 'assignments', 5_000);
    expect((await env.configMaps.get('owned')).metadata?.labels).toEqual({ [SL]: expected(['a', 'b']).get(owner) });
    expect((await env.configMaps.get('loose')).metadata?.labels).toBeUndefined();
    env.stop.abort();
    await run;
  });

  it('owned objects move with their owner: at once to the shard a joining shard drains the owner to, and back when it stops; the writes counted in the metrics', async () => {
    const env = setup();
    await env.renew('a');
    await createWidgets(env);
    // one owned ConfigMap per widget, named after it
    for (const name of NAMES) {
      await env.configMaps.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NS, ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name, uid: `u-${name}`, controller: true }] } });
    }
    const ownedLabels = async (): Promise<Map<string, Record<string, string>>> =>
      new Map((await env.configMaps.list()).items.map((o) => [o.metadata?.name ?? '', o.metadata?.labels ?? {}]));
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === 2 * NAMES.length, 'assignments', 5_000);
    for (const l of (await ownedLabels()).values()) expect(l).toEqual({ [SL]: 'a' });

    // b joins: the owners are drained (a acknowledges), their owned objects move at once — never drained themselves
    await env.renew('b');
    const want = expected(['a', 'b']);
    const toB = NAMES.filter((n) => want.get(n) === 'b');
    await until(() => env.sharder.stats.drains === toB.length && env.sharder.stats.moves === toB.length, 'drains of owners, moves of owned objects', 5_000);
    let owned = await ownedLabels();
    for (const n of NAMES) expect(owned.get(n)).toEqual({ [SL]: want.get(n) });
    expect(await acknowledge(env, 'a')).toBe(toB.length);
    await until(() => env.sharder.stats.assignments === 2 * NAMES.length + toB.length, 'owners reassigned', 5_000);
    const owners = await env.labelsOf();
    owned = await ownedLabels();
    for (const n of NAMES) expect(owned.get(n)).toEqual(owners.get(n));

    // b stops gracefully (its Lease released): owners and owned objects move back to a at once
    await env.renew('b', '', 1);
    await until(() => env.sharder.stats.moves === 3 * toB.length, 'moves back', 5_000);
    owned = await ownedLabels();
    for (const [n, l] of await env.labelsOf()) {
      expect(l).toEqual({ [SL]: 'a' });
      expect(owned.get(n)).toEqual({ [SL]: 'a' });
    }
    // the metrics (upstream's names): every write counted by kind, the ring's members as a gauge
    const count = (name: string, resource: string, group: string) => env.metrics.get(`${name}${JSON.stringify({ controllerring: RING, group, resource })}`);
    expect(count('controller_sharding_assignments_total', 'widgets', 'example.com')).toBe(NAMES.length + toB.length);
    expect(count('controller_sharding_assignments_total', 'configmaps', '')).toBe(NAMES.length);
    expect(count('controller_sharding_drains_total', 'widgets', 'example.com')).toBe(toB.length);
    expect(count('controller_sharding_drains_total', 'configmaps', '')).toBeUndefined();
    expect(count('controller_sharding_movements_total', 'widgets', 'example.com')).toBe(toB.length);
    expect(count('controller_sharding_movements_total', 'configmaps', '')).toBe(2 * toB.length);
    expect(env.metrics.get(`kube_controllerring_status_available_shards${JSON.stringify({ controllerring: RING })}`)).toBe(1);
    expect(env.metrics.get(`controller_sharding_ring_calculations_total${JSON.stringify({ controllerring: RING })}`)).toBeGreaterThanOrEqual(3);
    env.stop.abort();
    await run;
    expect(env.metrics.get(`kube_controllerring_status_available_shards${JSON.stringify({ controllerring: RING })}`)).toBe(0);
  });

  it('holds memory in proportion to the work: it watches only unassigned objects, and nothing once all are assigned', async () => {
    const env = setup();
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    await until(() => env.sharder.heldObjects === 0, 'assigned objects leaving the cache', 5_000);
    // its watches of the ring's kinds ask for the objects without the shard label only
    const watches = env.fake.actions().filter((a) => a.verb === 'watch' && a.resource.resource !== 'leases');
    expect(watches.length).toBeGreaterThanOrEqual(2);
    for (const w of watches) expect(w.verb === 'watch' ? w.options.labelSelector : undefined).toBe(`!${SL}`);
    // a new object is assigned from that watch, and leaves it
    await env.objects.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'late', namespace: NS } });
    await until(() => env.sharder.stats.assignments === NAMES.length + 1, 'the new object assigned', 5_000);
    expect((await env.objects.get('late')).metadata?.labels).toEqual({ [SL]: 'a' });
    await until(() => env.sharder.heldObjects === 0, 'the new object leaving the cache', 5_000);
    env.stop.abort();
    await run;
  });

  /**
   * 600 unassigned widgets and a sharder paging by 50 with a bound of 100 (10 writes at once), recording the most
   * objects it held at any write: a watch of the unassigned objects started before its first resync would hold all 600.
   */
  const manyUnassigned = async (extra: Partial<SharderOptions> = {}) => {
    const held = { most: 0 };
    const seen: { sharder?: Sharder } = {};
    const env = setup({ pageSize: 50, ...extra }, () => {
      held.most = Math.max(held.most, seen.sharder?.heldObjects ?? 0);
      return Promise.resolve();
    });
    seen.sharder = env.sharder;
    const many = Array.from({ length: 600 }, (_, i) => `m-${i}`);
    for (const name of many) await env.objects.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace: NS } });
    return { env, many, held };
  };
  const widgetReads = (env: ReturnType<typeof setup>) => env.fake.actions().filter((a) => a.resource.resource === 'widgets' && (a.verb === 'list' || a.verb === 'watch'));

  /** The first resync assigns the 600 holding at most its bound, then the watch starts and assigns a new object. */
  const assignedByFirstResync = async ({ env, many, held }: Awaited<ReturnType<typeof manyUnassigned>>): Promise<void> => {
    await until(() => env.sharder.stats.assignments === many.length, 'assignments', 50_000);
    expect(held.most).toBeGreaterThan(0);
    // the bound, and the page that filled it
    expect(held.most).toBeLessThanOrEqual(100 + 50);
    const widgetCalls = widgetReads(env);
    // every page of the first resync (600 in pages of 50) before the watch, whose list then finds nothing unassigned
    expect(widgetCalls.slice(0, 12).every((a) => a.verb === 'list' && a.options.limit === 50)).toBe(true);
    expect(widgetCalls.findIndex((a) => a.verb === 'watch')).toBeGreaterThanOrEqual(12);
    // and a new object is still assigned from that watch
    await until(() => env.sharder.heldObjects === 0, 'the cache empty', 5_000);
    await env.objects.create({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'late', namespace: NS } });
    await until(() => env.sharder.stats.assignments === many.length + 1, 'the new object assigned', 5_000);
  };

  it('a ring over many existing objects: the first resync assigns them holding at most its bound, and the watch of unassigned objects starts after it', async () => {
    const many = await manyUnassigned();
    await many.env.renew('a');
    const run = many.env.sharder.start(many.env.stop.signal);
    await assignedByFirstResync(many);
    many.env.stop.abort();
    await run;
  });

  it('a ring with no shard yet over many existing objects: nothing is watched before the first shard arrives, whose resync assigns them holding at most its bound', async () => {
    // the leader may start before any shard announced itself (replicas started together): the ring is empty, nothing
    // can be assigned, and a watch started then would hold all 600 until the first shard came
    const many = await manyUnassigned();
    const { env } = many;
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.fake.actions().some((a) => a.verb === 'watch' && a.resource.resource === 'leases'), 'the Leases watched', 5_000);
    await settle();
    expect(widgetReads(env)).toEqual([]);
    expect(env.sharder.heldObjects).toBe(0);
    await env.renew('a');
    await assignedByFirstResync(many);
    env.stop.abort();
    await run;
  });

  it('a resync whose continue token expires lists on from the token the 410 names (the latest revision), not from the first object, and still holds at most its bound', async () => {
    // a resync paced by its writes outlives a continue token at scale (the apiserver compacts etcd every 5 minutes):
    // the third page's token is found expired once, and the 410 names the token to list on with
    const made: { fake?: Fake; many?: Awaited<ReturnType<typeof manyUnassigned>> } = {};
    const expiredTokens: string[] = [];
    const metadataClients = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, ns: string) => {
      if (made.fake === undefined) throw new Error('no fake yet');
      const client = made.fake.client<T, TList>(d, ns);
      if (d.resource !== 'widgets') return client;
      // the writes go through these clients: record what the sharder holds at each, as the setup's clients do
      const patch = client.patch.bind(client);
      client.patch = async (...args) => {
        const held = made.many?.held;
        if (held) held.most = Math.max(held.most, made.many?.env.sharder.heldObjects ?? 0);
        return patch(...args);
      };
      const list = client.list.bind(client);
      let pages = 0;
      client.list = async (opts) => {
        if (opts?.continue !== undefined && ++pages === 2) {
          expiredTokens.push(opts.continue);
          const message = 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';
          throw new StatusError({ code: 410, reason: 'Expired', message, metadata: { continue: opts.continue } });
        }
        return list(opts);
      };
      return client;
    };
    const many = await manyUnassigned({ metadataClients });
    made.fake = many.env.fake;
    made.many = many;
    await many.env.renew('a');
    const run = many.env.sharder.start(many.env.stop.signal);
    await assignedByFirstResync(many);
    expect(expiredTokens).toHaveLength(1);
    // one resync: the expiry did not fail it; its 12 pages (the expired request is not the fake's) before the watch,
    // the first without a token — never a restart from the first object
    expect(many.env.sharder.stats.resyncs).toBe(1);
    const lists = widgetReads(many.env).filter((a) => a.verb === 'list' && a.options.limit === 50);
    expect(lists.filter((a) => a.verb === 'list' && a.options.continue === undefined)).toHaveLength(1);
    many.env.stop.abort();
    await run;
  });

  it('a resync whose continue token expires with no token to list on fails, and is retried after its backoff', async () => {
    const made: { fake?: Fake } = {};
    let expiries = 0;
    const metadataClients = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, ns: string) => {
      if (made.fake === undefined) throw new Error('no fake yet');
      const client = made.fake.client<T, TList>(d, ns);
      if (d.resource !== 'widgets') return client;
      const list = client.list.bind(client);
      client.list = async (opts) => {
        if (opts?.continue !== undefined && expiries === 0) {
          expiries++;
          throw new StatusError({ code: 410, reason: 'Expired', message: 'The provided continue parameter is too old to display a consistent list result.' });
        }
        return list(opts);
      };
      return client;
    };
    const env = setup({ pageSize: 7, metadataClients });
    made.fake = env.fake;
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.resyncs === 1 && expiries === 1, 'the first resync failing', 5_000);
    // the retry comes after the backoff (5 s), on the injected clock
    await env.advance(6_000);
    await until(() => env.sharder.stats.resyncs === 2 && env.sharder.stats.assignments === NAMES.length, 'the retry assigning every object', 5_000);
    env.stop.abort();
    await run;
  });

  it('with metadataClients, its lists, watches and writes of the ring\'s kinds go through them (a write gets the metadata back)', async () => {
    const used = new Set<string>();
    const made: { fake?: Fake } = {};
    const metadataClients = <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, ns: string) => {
      if (made.fake === undefined) throw new Error('no fake yet');
      const client = made.fake.client<T, TList>(d, ns);
      const record = <A extends unknown[], R>(verb: string, fn: (...args: A) => R) => (...args: A): R => {
        used.add(`${d.resource} ${verb}`);
        return fn(...args);
      };
      client.list = record('list', client.list.bind(client));
      client.watch = record('watch', client.watch.bind(client));
      client.patch = record('patch', client.patch.bind(client));
      return client;
    };
    const env = setup({ metadataClients });
    made.fake = env.fake;
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    expect([...used].sort()).toEqual(['configmaps list', 'configmaps watch', 'widgets list', 'widgets patch', 'widgets watch']);
    env.stop.abort();
    await run;
  });

  it('a ring change pages through the objects (limit and continue) to drain and move them', async () => {
    const env = setup({ pageSize: 7 });
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    const resyncs = env.sharder.stats.resyncs;
    env.fake.clearActions();
    await env.renew('b');
    const toB = NAMES.filter((n) => expected(['a', 'b']).get(n) === 'b');
    await until(() => env.sharder.stats.drains === toB.length, 'drains', 5_000);
    expect(env.sharder.stats.resyncs).toBe(resyncs + 1);
    const lists = env.fake.actions().filter((a) => a.verb === 'list' && a.resource.resource === 'widgets');
    // 40 widgets in pages of 7: 6 pages, the first without a continue token
    expect(lists.map((a) => (a.verb === 'list' ? [a.options.limit, a.options.continue === undefined] : []))).toEqual([[7, true], ...Array.from({ length: 5 }, () => [7, false])]);
    expect(lists.every((a) => a.verb === 'list' && a.options.labelSelector === undefined)).toBe(true);
    env.stop.abort();
    await run;
  });

  it('a write that conflicts (decided on a stale page) reads the object again and decides anew', async () => {
    let bumps = 0;
    const env = setup({}, async () => {
      // before the first drain: someone else changes the object, so the sharder's resourceVersion is stale
      if (bumps++ !== NAMES.length) return;
      for (const o of (await env.objects.list()).items) {
        await env.objects.patch(o.metadata?.name ?? '', 'application/merge-patch+json', JSON.stringify({ metadata: { annotations: { touched: 'yes' } } }));
      }
    });
    await env.renew('a');
    await createWidgets(env);
    const run = env.sharder.start(env.stop.signal);
    await until(() => env.sharder.stats.assignments === NAMES.length, 'assignments', 5_000);
    await env.renew('b');
    const toB = NAMES.filter((n) => expected(['a', 'b']).get(n) === 'b');
    // every conflicting drain is retried (rate limited) on the object read again
    for (let i = 0; i < 20 && env.sharder.stats.drains < toB.length; i++) await env.advance(1_000);
    expect(env.sharder.stats.drains).toBe(toB.length);
    expect(env.fake.actions().some((a) => a.verb === 'get' && a.resource.resource === 'widgets')).toBe(true);
    const labels = await env.labelsOf();
    for (const n of toB) expect(labels.get(n)).toEqual({ [SL]: 'a', [DL]: 'true' });
    env.stop.abort();
    await run;
  });

  it.each([
    { given: { ring: 'Bad_Ring' }, want: 'sharding: invalid ring name "Bad_Ring": must be a DNS-1123 label: lowercase alphanumeric characters or \'-\', starting and ending with an alphanumeric character' },
    { given: { ring: '' }, want: 'sharding: invalid ring name "": must not be empty' },
    { given: { ring: 'x'.repeat(64) }, want: `sharding: invalid ring name "${'x'.repeat(64)}": must be no more than 63 characters (it has 64)` },
    { given: { leaseNamespace: '' }, want: 'sharding: leaseNamespace must name the namespace of the shard Leases' },
    { given: { kinds: [] }, want: 'sharding: ring widgets has no kinds to shard' },
    { given: { syncPeriodMs: -1 }, want: 'sharding: syncPeriodMs must be a positive number of milliseconds, got -1' },
    { given: { pageSize: 0.5 }, want: 'sharding: pageSize must be a positive integer, got 0.5' },
    { given: { pageSize: 0 }, want: 'sharding: pageSize must be a positive integer, got 0' },
  ])('refuses bad configuration in one line: $want', ({ given, want }) => {
    const clock = new FakeClock(T0);
    const fake = new Fake();
    const mgr = { clock, logger: noopLogger, clientFor: <T extends KubeObject, TList extends KubeList<T> = KubeList<T>>(d: ResourceDescriptor<T, TList>, ns = '') => fake.client<T, TList>(d, ns) };
    expect(() => new Sharder(mgr, { ring: RING, kinds: [{ kind: widgets }], leaseNamespace: NS, ...given })).toThrow(want);
  });
});
