/**
 * Generated informers and listers against a real kube-apiserver. A small API written for this file (its own group)
 * goes through the kubegen pipeline twice: its CRD is applied, and its package sources (types, clientset, listers,
 * informers, index modules) are generated into a temporary directory and loaded as they are — so what runs is the
 * generated code, over the runtime's factory, reflector and informer.
 *
 * - the informer syncs; a handler receives create, update and delete in order; the lister sees them;
 * - the informer does not silently stop when its watch ends: with a 1 s server-side watch timeout, events made
 *   after each re-watch still arrive, each watch resuming from the last resourceVersion seen;
 * - a watch answered with 410 (the first watch is redirected to resourceVersion 1, older than the apiserver's
 *   watch cache) makes it relist: changes made while it was blind arrive as an add and a tombstone delete, and
 *   later events still arrive.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import {
  fromOptions,
  isGone,
  isResourceExpired,
  type ClientConfig,
  type KubeList,
  type ListOptions,
  type Watch,
  type WatchOptions,
} from '@kubegen/runtime';
import type {
  DeletedFinalStateUnknown,
  NamespacedLister,
  SharedIndexInformer,
  SharedInformerFactory,
  SharedInformerFactoryOptions,
  WatcherError,
  WatcherPhase,
} from '@kubegen/runtime/cache';
import { generateAll, generateCrdFiles, loadApiModel } from '../../generator/pipeline';
import { applyCrd, type Crd } from './support/crds';
import { useE2e } from './support/namespace';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);

const GROUP = 'cache.e2e.kubegen.io';

const API = `
import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Gizmo is the kind the informer end-to-end tests watch.
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface Gizmo extends TypeMeta {
  metadata?: ObjectMeta;
  spec: GizmoSpec;
}

/** +kubebuilder:object:root=true */
export interface GizmoList extends TypeMeta {
  metadata?: ListMeta;
  items: Gizmo[];
}

export interface GizmoSpec {
  size: int32;
}
`;

interface Gizmo {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; resourceVersion?: string; labels?: Record<string, string> };
  spec: { size: number };
}

/** The client of one kind, as the generated `GizmoClient` has it (the verbs these tests use). */
interface GizmoClient {
  create(obj: Gizmo): Promise<Gizmo>;
  get(name: string): Promise<Gizmo>;
  update(obj: Gizmo): Promise<Gizmo>;
  delete(name: string): Promise<unknown>;
  list(opts: ListOptions): Promise<KubeList<Gizmo>>;
  watch(opts: WatchOptions): Promise<Watch<Gizmo>>;
}
interface CacheV1Interface {
  gizmos(namespace: string): GizmoClient;
}
interface GizmoInformer {
  informer(): SharedIndexInformer<Gizmo>;
  lister(): NamespacedLister<Gizmo>;
}
interface CacheV1Informers {
  gizmos(): GizmoInformer;
}
/** What the tests use of the generated package (its `src/index.ts`). */
interface GeneratedPackage {
  CacheClientset: new (config: ClientConfig) => { cacheV1(): CacheV1Interface; rest: { close(): Promise<void> } };
  newSharedInformerFactory(cs: unknown, options?: SharedInformerFactoryOptions): SharedInformerFactory & { cacheV1(): CacheV1Informers };
  v1: { cacheV1Informers(factory: SharedInformerFactory, client: CacheV1Interface): CacheV1Informers };
}

let pkg: GeneratedPackage;
let clientset: ReturnType<typeof newClientset>;
/** Closes the clientset once beforeAll has made it (afterAll runs when beforeAll failed earlier too). */
let closeClientset = (): Promise<void> => Promise.resolve();
let crdName: string;
/** The resource, as the CRD names it. */
let plural: string;
let generatedDir: string;

function newClientset() {
  const { url, ca, token } = e2e.connection;
  return new pkg.CacheClientset(fromOptions({ server: url, ca, token }));
}

function gizmo(name: string, size = 1): Gizmo {
  return { apiVersion: `${GROUP}/v1`, kind: 'Gizmo', metadata: { name }, spec: { size } };
}

/** A handler that records what it receives, as `add x`, `add x (initial)`, `update x 1->2`, `delete x`, `delete x (tombstone)`. */
function recorder() {
  const events: string[] = [];
  const nameOf = (o: Gizmo | DeletedFinalStateUnknown<Gizmo>) => ('obj' in o ? `${o.obj.metadata?.name} (tombstone)` : o.metadata?.name);
  return {
    events,
    handler: {
      onAdd: (o: Gizmo, initial: boolean) => void events.push(`add ${o.metadata?.name}${initial ? ' (initial)' : ''}`),
      onUpdate: (old: Gizmo, o: Gizmo) => void events.push(`update ${o.metadata?.name} ${old.spec.size}->${o.spec.size}`),
      onDelete: (o: Gizmo | DeletedFinalStateUnknown<Gizmo>) => void events.push(`delete ${nameOf(o)}`),
    },
  };
}

async function until(what: string, cond: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The version client with every list and watch call of its gizmo clients recorded, and optionally rewritten. */
function recordingClient(real: CacheV1Interface, rewriteWatch?: (opts: WatchOptions, call: number) => Promise<WatchOptions>) {
  const lists: ListOptions[] = [];
  const watches: WatchOptions[] = [];
  const client: CacheV1Interface = {
    gizmos(namespace: string): GizmoClient {
      const c = real.gizmos(namespace);
      return Object.assign(Object.create(c) as GizmoClient, {
        list: (opts: ListOptions) => {
          lists.push(opts);
          return c.list(opts);
        },
        watch: async (opts: WatchOptions) => {
          watches.push(opts);
          return c.watch(rewriteWatch ? await rewriteWatch(opts, watches.length) : opts);
        },
      });
    },
  };
  return { client, lists, watches };
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-informer-e2e-'));
  try {
    fs.mkdirSync(path.join(dir, GROUP, 'v1'), { recursive: true });
    fs.writeFileSync(path.join(dir, GROUP, 'v1', 'doc.ts'), `// +groupName=${GROUP}\n`);
    fs.writeFileSync(path.join(dir, GROUP, 'v1', 'gizmo.ts'), API);
    const [file] = generateCrdFiles(dir);
    const crd = parse(present(file, 'the generated CRD').contents) as Crd;
    crdName = crd.metadata.name;
    plural = crd.spec.names.plural;
    expect((await applyCrd(e2e.kube, crd)).status).toBe(201);

    const { model, diagnostics } = loadApiModel(dir);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const out = generateAll(model, { packageName: '@kubegen-e2e/{group}', crd: {}, generators: ['types', 'clientset', 'listers', 'informers', 'package'] });
    expect(out.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    generatedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-informer-e2e-out-'));
    for (const f of out.files) {
      fs.mkdirSync(path.dirname(path.join(generatedDir, f.path)), { recursive: true });
      fs.writeFileSync(path.join(generatedDir, f.path), f.contents);
    }
    expect(fs.existsSync(path.join(generatedDir, GROUP, 'src/v1/informers.ts'))).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package was generated into a temporary directory by this run: its path is known only now
    pkg = require(path.join(generatedDir, GROUP, 'src/index.ts')) as GeneratedPackage;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const cs = newClientset();
  clientset = cs;
  closeClientset = () => cs.rest.close();
  await e2e.kube.eventually('gizmos to be served', async () =>
    (await clientset.cacheV1().gizmos(e2e.namespace).list({}).then(() => true, () => false)) ? true : undefined,
  );
});

afterAll(async () => {
  if (generatedDir) fs.rmSync(generatedDir, { recursive: true, force: true });
  if (crdName) await e2e.kube.request('DELETE', `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`).catch(() => undefined);
  await closeClientset();
});

/**
 * Runs `body` with a recorder on `informer`, once `factory` is started and its caches synced (`synced`: what
 * `waitForCacheSync` reported); then stops and shuts the factory down, also when `body` fails.
 */
async function withRecordedInformer(
  factory: ReturnType<typeof factoryFor>,
  informer: { informer(): { addEventHandler(h: ReturnType<typeof recorder>['handler']): unknown } },
  body: (rec: ReturnType<typeof recorder>, synced: Map<string, boolean>) => Promise<void>,
): Promise<void> {
  const rec = recorder();
  informer.informer().addEventHandler(rec.handler);
  const controller = new AbortController();
  try {
    factory.start(controller.signal);
    await body(rec, await factory.waitForCacheSync(controller.signal));
  } finally {
    controller.abort();
    await factory.shutdown();
  }
}

/** Each test works in its own label, so informers of different tests never see each other's objects. */
function factoryFor(test: string, options: SharedInformerFactoryOptions = {}) {
  return pkg.newSharedInformerFactory(clientset, {
    namespace: e2e.namespace,
    tweakListOptions: () => ({ labelSelector: `test=${test}` }),
    ...options,
  });
}

function labelled(test: string, name: string, size = 1): Gizmo {
  const g = gizmo(name, size);
  g.metadata!.labels = { test };
  return g;
}

test('the generated informer syncs, receives create, update and delete in order, and its lister follows', async () => {
  const gizmos = clientset.cacheV1().gizmos(e2e.namespace);
  await gizmos.create(labelled('order', 'seeded', 1));
  const factory = factoryFor('order', { reflector: { watchTimeoutSeconds: 60 } });
  const informer = factory.cacheV1().gizmos();
  await withRecordedInformer(factory, informer, async (rec, synced) => {
    expect([...synced.entries()]).toEqual([[`${GROUP}/v1/${plural}`, true]]);
    const lister = informer.lister();
    expect(lister.namespace(e2e.namespace).get('seeded').spec.size).toBe(1);

    await gizmos.create(labelled('order', 'a', 1));
    await until('a in the lister', () => lister.list('test=order').length === 2);
    const a = await gizmos.get('a');
    await gizmos.update({ ...a, spec: { size: 2 } });
    await until('a updated', () => lister.namespace(e2e.namespace).get('a').spec.size === 2);
    await gizmos.delete('a');
    await until('a deleted', () => lister.list().length === 1);
    await until('four events', () => rec.events.length >= 4);
    expect(rec.events).toEqual(['add seeded (initial)', 'add a', 'update a 1->2', 'delete a']);
    expect(lister.namespace(e2e.namespace).list().map((g) => g.metadata?.name)).toEqual(['seeded']);
    expect(() => lister.namespace(e2e.namespace).get('a')).toThrow(`${plural}.${GROUP} "a" not found`);
  });
});

test('by default the informer lists with a streaming list, as client-go since 1.35: no LIST request, the objects come as initial events', async () => {
  const gizmos = clientset.cacheV1().gizmos(e2e.namespace);
  await gizmos.create(labelled('streaming', 's1', 1));
  await gizmos.create(labelled('streaming', 's2', 2));
  const factory = factoryFor('streaming', { reflector: { watchTimeoutSeconds: 60 } });
  const recording = recordingClient(clientset.cacheV1());
  const informer = pkg.v1.cacheV1Informers(factory, recording.client).gizmos();
  await withRecordedInformer(factory, informer, async (rec, synced) => {
    expect([...synced.values()]).toEqual([true]);
    expect(recording.lists).toHaveLength(0);
    expect(recording.watches[0]).toMatchObject({ sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: true });
    expect(rec.events.slice().sort()).toEqual(['add s1 (initial)', 'add s2 (initial)']);
    // the same watch goes on after the initial events
    await gizmos.create(labelled('streaming', 's3', 3));
    await until('add s3', () => rec.events.length === 3);
    expect(rec.events[2]).toBe('add s3');
    expect(recording.watches).toHaveLength(1);
  });
});

test('the informer does not stop when its watch ends: events after each re-watch arrive', async () => {
  const gizmos = clientset.cacheV1().gizmos(e2e.namespace);
  const factory = factoryFor('rewatch', { reflector: { initialList: 'ListWatch', watchTimeoutSeconds: 1 } });
  const recording = recordingClient(clientset.cacheV1());
  const informer = pkg.v1.cacheV1Informers(factory, recording.client).gizmos();
  await withRecordedInformer(factory, informer, async (rec) => {
    await until('the first watch', () => recording.watches.length >= 1);

    // one change per watch: each is made only once the previous watch has ended and a new one started
    await gizmos.create(labelled('rewatch', 'r', 1));
    await until('add r', () => rec.events.length === 1);
    await until('a second watch', () => recording.watches.length >= 2, 10_000);
    const r = await gizmos.get('r');
    await gizmos.update({ ...r, spec: { size: 2 } });
    await until('update r', () => rec.events.length === 2);
    const beforeDelete = recording.watches.length;
    await until('a third watch', () => recording.watches.length > beforeDelete, 10_000);
    await gizmos.delete('r');
    await until('delete r', () => rec.events.length === 3);

    expect(rec.events).toEqual(['add r', 'update r 1->2', 'delete r']);
    expect(recording.lists).toHaveLength(1); // a clean end of a watch never relists
    expect(recording.watches.every((w) => w.timeoutSeconds === 1 && w.labelSelector === 'test=rewatch')).toBe(true);
    // each watch resumes where the previous stopped: resourceVersions never go back
    const rvs = recording.watches.map((w) => Number(w.resourceVersion));
    expect(rvs).toEqual([...rvs].sort((x, y) => x - y));
    expect(informer.lister().list()).toEqual([]);
  });
});

test('a 410 on the watch makes the informer relist: changes made meanwhile arrive, later events too', async () => {
  const gizmos = clientset.cacheV1().gizmos(e2e.namespace);
  await gizmos.create(labelled('gone', 'gone-seeded', 1));
  const errors: Array<{ err: WatcherError; phase: WatcherPhase; relist: boolean }> = [];
  const factory = factoryFor('gone', {
    reflector: { initialList: 'ListWatch', watchTimeoutSeconds: 60, onError: (err, info) => errors.push({ err, phase: info.phase, relist: info.relist }) },
  });
  // The first watch: first change the collection behind the informer's back, then watch from resourceVersion 1,
  // which the apiserver's watch cache no longer holds.
  const recording = recordingClient(clientset.cacheV1(), async (opts, call) => {
    if (call !== 1) return opts;
    await gizmos.create(labelled('gone', 'meanwhile', 1));
    await gizmos.delete('gone-seeded');
    return { ...opts, resourceVersion: '1' };
  });
  const informer = pkg.v1.cacheV1Informers(factory, recording.client).gizmos();
  await withRecordedInformer(factory, informer, async (rec) => {
    await until('the relist', () => recording.lists.length >= 2, 20_000);
    await until('the relist to be applied', () => rec.events.length >= 3);
    expect(errors.map((e) => ({ gone: e.err.reason === 'Expired' && (isGone(e.err.error) || isResourceExpired(e.err.error)), phase: e.phase, relist: e.relist }))).toEqual([
      { gone: true, phase: expect.stringMatching(/^watch/) as unknown, relist: true },
    ]);
    expect(rec.events.slice(0, 3).sort()).toEqual(['add gone-seeded (initial)', 'add meanwhile', 'delete gone-seeded (tombstone)']);

    await gizmos.create(labelled('gone', 'after', 1));
    await until('add after', () => rec.events.length === 4);
    expect(rec.events[3]).toBe('add after');
    expect(
      informer
        .lister()
        .list()
        .map((g) => g.metadata?.name)
        .sort(),
    ).toEqual(['after', 'meanwhile']);
  });
});
