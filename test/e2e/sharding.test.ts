/**
 * Sharded controllers on a real API server (issue 28 item 2): three replica PROCESSES of
 * test/e2e/fixtures/sharding/replica.js (a manager with the ring's sharder and a `withSharding` controller of
 * ShardWidgets, on the built runtime) share 3,000 objects; each reconciles only its share. `kill -9` of one moves its
 * objects to the others once its Lease expires; a fourth replica joining takes its share over by the drain
 * handshake. Every tenth object owns a ConfigMap its reconcile creates (300 in all): the sharder puts it on its
 * owner's shard, and it moves with its owner — at every step each owned ConfigMap carries its owner's shard label.
 * The replicas' reconcile audits (start and end of every reconcile, across processes) show no object
 * reconciled by two shards at once. Waits are on conditions with generous limits; the measured times are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Kube } from './support/kube';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, singleVersionCrd } from './support/crds';
import { sh } from './support/shell';

jest.setTimeout(300_000);

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const REPLICA = path.join(__dirname, 'fixtures/sharding/replica.js');
const GROUP = 'sharding-e2e.kubegen.dev';
const CRD_NAME = `shardwidgets.${GROUP}`;
const RING = 'widgets';
const SHARD_LABEL = `shard.alpha.sharding.timebertt.dev/${RING}`;
const DRAIN_LABEL = `drain.alpha.sharding.timebertt.dev/${RING}`;
const OBJECTS = 3_000;
/** Every tenth object (a name ending in 0) owns a ConfigMap `<name>-owned` (replica.js). */
const OWNED = OBJECTS / 10;
/** The replicas' shard Lease duration (replica.js). */
const LEASE_MS = 5_000;
const METADATA_LIST = 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io,application/json';

interface Replica {
  name: string;
  child: ChildProcess;
  stderr: string[];
  exited: Promise<number | null>;
}

/** One reconcile of one object by one shard. */
interface Interval {
  shard: string;
  key: string;
  start: number;
  end: number;
}

describe('sharded controllers: 3 replicas, 3,000 objects, kill -9, a fourth joins', () => {
  let tmp: string;
  let audit: string;
  const replicas = new Map<string, Replica>();
  /** When each killed replica died (wall clock, ms): its unfinished reconciles end there. */
  const killedAt = new Map<string, number>();

  const start = (name: string): Replica => {
    const child = spawn(process.execPath, [REPLICA, name, e2e.namespace, RING, GROUP, audit], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr: string[] = [];
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr.push(chunk);
      if (stderr.length > 400) stderr.splice(0, 200);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { resolve(code); }));
    const r = { name, child, stderr, exited };
    replicas.set(name, r);
    return r;
  };

  const tails = (): string => [...replicas.values()].map((r) => `--- ${r.name} (exit ${String(r.child.exitCode)}):\n${r.stderr.join('').split('\n').slice(-8).join('\n')}`).join('\n');

  /** Every object's shard label (`''`: none) and whether it is drained. */
  const assignments = async (): Promise<Map<string, { shard: string; drained: boolean }>> => {
    const res = await e2e.kube.get<{ items: Array<{ metadata: { namespace: string; name: string; labels?: Record<string, string> } }> }>(
      `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/shardwidgets`,
      { headers: { accept: METADATA_LIST } },
    );
    if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
    return new Map(res.body.items.map((o) => [`${o.metadata.namespace}/${o.metadata.name}`, { shard: o.metadata.labels?.[SHARD_LABEL] ?? '', drained: Object.hasOwn(o.metadata.labels ?? {}, DRAIN_LABEL) }]));
  };

  /** Owned ConfigMaps whose shard label is not their owner's (`[]` once all OWNED exist and follow their owners). */
  const ownedAstray = async (owners: Map<string, { shard: string }>): Promise<string[]> => {
    const res = await e2e.kube.get<{ items: Array<{ metadata: { name: string; labels?: Record<string, string>; ownerReferences?: Array<{ name: string; controller?: boolean }> } }> }>(
      `/api/v1/namespaces/${e2e.namespace}/configmaps`,
      { headers: { accept: METADATA_LIST } },
    );
    if (res.status !== 200) throw new Error(`list configmaps: ${res.status} ${JSON.stringify(res.body)}`);
    const owned = res.body.items.filter((c) => c.metadata.name.endsWith('-owned'));
    const out = owned.length === OWNED ? [] : [`${owned.length} of ${OWNED} owned ConfigMaps exist`];
    for (const c of owned) {
      const owner = c.metadata.ownerReferences?.find((r) => r.controller)?.name ?? '';
      const want = owners.get(`${e2e.namespace}/${owner}`)?.shard;
      const have = c.metadata.labels?.[SHARD_LABEL] ?? '';
      if (have !== want || Object.hasOwn(c.metadata.labels ?? {}, DRAIN_LABEL)) out.push(`${c.metadata.name} on ${JSON.stringify(have)}, its owner ${owner} on ${JSON.stringify(want)}`);
    }
    return out;
  };

  /** The audit so far, paired into intervals (an unfinished reconcile ends when its process was killed, else now). */
  const intervals = (): Interval[] => {
    const open = new Map<string, number>();
    const out: Interval[] = [];
    for (const line of fs.readFileSync(audit, 'utf8').split('\n')) {
      const [kind, shard, key, t] = line.split(' ');
      if (!shard || !key || !t) continue;
      const id = `${shard} ${key}`;
      if (kind === 'S') open.set(id, Number(t));
      else if (kind === 'E') {
        out.push({ shard, key, start: open.get(id) ?? Number(t), end: Number(t) });
        open.delete(id);
      }
    }
    for (const [id, s] of open) {
      const [shard = '', key = ''] = id.split(' ');
      out.push({ shard, key, start: s, end: killedAt.get(shard) ?? Date.now() });
    }
    return out;
  };

  /** The last shard that reconciled each object (by start time). */
  const lastReconciler = (all: readonly Interval[]): Map<string, Interval> => {
    const last = new Map<string, Interval>();
    for (const i of all) if ((last.get(i.key)?.start ?? -Infinity) < i.start) last.set(i.key, i);
    return last;
  };

  /**
   * Waits until every object is assigned to one of `shards`, none is drained, the last reconcile of every object
   * was by its shard (after `since`, for the objects in `moved`), and every owned ConfigMap is on its owner's shard;
   * returns the assignments.
   */
  const settled = async (what: string, shards: readonly string[], since = 0, moved: ReadonlySet<string> = new Set()): Promise<Map<string, { shard: string; drained: boolean }>> => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      for (const r of replicas.values()) if (r.child.exitCode !== null && !killedAt.has(r.name)) throw new Error(`replica ${r.name} exited:\n${tails()}`);
      const a = await assignments();
      const byKey = lastReconciler(intervals());
      const wrong = [...a].filter(([key, v]) => {
        const rec = byKey.get(key);
        return !shards.includes(v.shard) || v.drained || rec?.shard !== v.shard || (moved.has(key) && rec.start < since);
      });
      const astray = a.size === OBJECTS && wrong.length === 0 ? await ownedAstray(a) : ['(not checked yet)'];
      if (a.size === OBJECTS && wrong.length === 0 && astray.length === 0) return a;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}: ${a.size} objects, ${wrong.length} not settled, e.g. ${JSON.stringify(wrong.slice(0, 3))}; owned: ${astray.slice(0, 3).join('; ')}\n${tails()}`);
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  };

  /** Waits until the shards hold their Leases (before objects are created, so the first assignment is the final one). */
  const shardsReady = async (names: readonly string[]): Promise<void> => {
    await e2e.kube.eventually(
      `the shard Leases of ${names.join(', ')}`,
      async () => {
        for (const r of replicas.values()) if (r.child.exitCode !== null) throw new Error(`replica ${r.name} exited:\n${tails()}`);
        const res = await e2e.kube.get<{ items: Array<{ metadata: { name: string }; spec?: { holderIdentity?: string } }> }>(
          `/apis/coordination.k8s.io/v1/namespaces/${e2e.namespace}/leases?labelSelector=${encodeURIComponent(`alpha.sharding.timebertt.dev/controllerring=${RING}`)}`,
        );
        const held = new Set(res.body.items.filter((l) => l.spec?.holderIdentity === l.metadata.name).map((l) => l.metadata.name));
        return names.every((n) => held.has(n)) ? true : undefined;
      },
      120_000,
    );
  };

  const shares = (a: Map<string, { shard: string }>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const v of a.values()) out[v.shard] = (out[v.shard] ?? 0) + 1;
    return out;
  };

  beforeAll(async () => {
    // the replicas run the built runtime: make sure dist/ is current (incremental, fast when built)
    await sh(process.execPath, [TSC, '-b', 'tsconfig.build.json'], REPO);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-sharding-'));
    audit = path.join(tmp, 'audit.log');
    fs.writeFileSync(audit, '');
    const crd = singleVersionCrd(GROUP, 'ShardWidget', { type: 'object', properties: { spec: { type: 'object', properties: { n: { type: 'integer' } } } } });

    const applied = await applyCrd(e2e.kube, crd);
    expect(applied.error).toBeUndefined();
  });

  afterAll(async () => {
    // graceful stop: each shard releases its Lease after its last reconcile
    for (const r of replicas.values()) if (r.child.exitCode === null) r.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all([...replicas.values()].map((r) => r.exited)), new Promise((res) => (timer = setTimeout(res, 20_000)))]);
    clearTimeout(timer);
    for (const r of replicas.values()) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    // useE2e's afterAll (registered first, so run first) has closed e2e.kube: a client of this hook's own
    const kube = new Kube(e2e.connection);
    await deleteCrd(kube, CRD_NAME).finally(() => kube.close());
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('assigns every object to one shard, moves a killed shard\'s objects, rebalances onto a new one, never two at once', async () => {
    for (const name of ['shard-a', 'shard-b', 'shard-c']) start(name);
    await shardsReady(['shard-a', 'shard-b', 'shard-c']);
    // 3,000 concurrent creates (50 at a time)
    const names = Array.from({ length: OBJECTS }, (_, i) => `w-${String(i).padStart(4, '0')}`);
    const creating = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < names.length) {
          const name = names[next++];
          const res = await e2e.kube.post(`/apis/${GROUP}/v1/namespaces/${e2e.namespace}/shardwidgets`, { apiVersion: `${GROUP}/v1`, kind: 'ShardWidget', metadata: { name }, spec: { n: 1 } });
          if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }),
    );

    const created = Date.now();
    const createdInMs = created - creating;

    // 1. every object assigned and reconciled by its shard, and only by it
    const first = await settled('3 shards to share the objects', ['shard-a', 'shard-b', 'shard-c']);
    const assignedInMs = Date.now() - created;
    const share1 = shares(first);
    for (const s of ['shard-a', 'shard-b', 'shard-c']) expect(share1[s] ?? 0).toBeGreaterThan(OBJECTS / 10);
    for (const i of intervals()) expect(first.get(i.key)?.shard).toBe(i.shard);

    // 2. kill -9 one: its objects move to the others once its Lease expires
    const victim = replicas.get('shard-b');
    const sharderLease = await e2e.kube.get<{ spec?: { holderIdentity?: string } }>(`/apis/coordination.k8s.io/v1/namespaces/${e2e.namespace}/leases/sharder-${RING}`);
    const victimLedSharder = sharderLease.body.spec?.holderIdentity === 'shard-b';
    const owned = new Set([...first].filter(([, v]) => v.shard === 'shard-b').map(([k]) => k));
    victim?.child.kill('SIGKILL');
    const killed = Date.now();
    killedAt.set('shard-b', killed);
    await victim?.exited;
    // when the sharder declares the killed shard dead (acquires its Lease), watched beside the wait
    let deadAt: number | undefined;
    const watching = (async () => {
      while (deadAt === undefined && Date.now() - killed < 180_000) {
        const l = await e2e.kube.get<{ spec?: { holderIdentity?: string } }>(`/apis/coordination.k8s.io/v1/namespaces/${e2e.namespace}/leases/shard-b`);
        if (l.status === 200 && l.body.spec?.holderIdentity !== 'shard-b') deadAt = Date.now();
        else await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const second = await settled('the killed shard\'s objects to move', ['shard-a', 'shard-c'], killed, owned);
    const movedInMs = Date.now() - killed;
    await watching;
    expect(deadAt).toBeDefined();
    const deadInMs = (deadAt ?? killed) - killed;
    for (const [k, v] of first) if (!owned.has(k)) expect(second.get(k)?.shard).toBe(v.shard);

    // 3. a fourth replica joins: it takes its share over (drained from the others)
    start('shard-d');
    const joined = Date.now();
    const beforeJoin = second;
    // wait until shard-d holds objects, then until everything settled again
    const third = await (async () => {
      for (;;) {
        const a = await settled('the ring with the fourth shard to settle', ['shard-a', 'shard-c', 'shard-d']);
        if ((shares(a)['shard-d'] ?? 0) > OBJECTS / 10) return a;
        if (Date.now() - joined > 180_000) throw new Error(`shard-d got no share: ${JSON.stringify(shares(a))}\n${tails()}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const rebalancedInMs = Date.now() - joined;
    // only objects moved to the new shard moved: consistent hashing
    for (const [k, v] of third) if (v.shard !== 'shard-d') expect(beforeJoin.get(k)?.shard).toBe(v.shard);

    // 4. the audit across all processes: no object reconciled by two shards at once
    const all = intervals();
    const byKey = new Map<string, Interval[]>();
    for (const i of all) byKey.set(i.key, [...(byKey.get(i.key) ?? []), i]);
    const overlapping: Array<[Interval, Interval]> = [];
    for (const list of byKey.values()) {
      list.sort((x, y) => x.start - y.start);
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1];
        const cur = list[i];
        if (prev && cur && cur.start < prev.end) overlapping.push([prev, cur]);
      }
    }
    expect(overlapping).toEqual([]);
    expect(all.length).toBeGreaterThanOrEqual(OBJECTS + owned.size);

    console.log(
      `sharding e2e: ${OBJECTS} objects created in ${createdInMs} ms, all assigned and reconciled ${assignedInMs} ms later (shares ${JSON.stringify(share1)}); ` +
        `after kill -9 of shard-b (${owned.size} objects, lease ${LEASE_MS} ms${victimLedSharder ? ', it led the sharder' : ''}) declared dead after ${deadInMs} ms, all moved and reconciled after ${movedInMs} ms; ` +
        `shard-d joined and the ring rebalanced in ${rebalancedInMs} ms (shares ${JSON.stringify(shares(third))}); ` +
        `${all.length} reconciles audited, 0 overlapping; ${OWNED} owned ConfigMaps on their owners' shards at every step`,
    );
  });
});
