/**
 * controllerutil: owner references (rules and messages), finalizers (conflict-safe on the server),
 * createOrUpdate / createOrPatch, ignoreNotFound, applyObject; over the fake clientset.
 */
import type { KubeList, KubeObject } from '../../../../runtime/src/client/types';
import {
  addFinalizer,
  applyObject,
  containsFinalizer,
  createOrPatch,
  createOrUpdate,
  ensureFinalizer,
  ensureFinalizerRemoved,
  hasOwnerReference,
  ignoreNotFound,
  removeFinalizer,
  setControllerReference,
  setOwnerReference,
} from '../../../../runtime/src/controllerutil/controllerutil';
import { newConflict, newNotFound } from '../../../../runtime/src/errors/errors';
import { configMaps, fakeServer, widget, widgets, type Widget, type WidgetList } from '../../helpers/operator';

const owner = (name: string, namespace?: string, kind = 'Widget', apiVersion = 'example.com/v1'): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}), uid: `uid-${name}` },
});
const child = (namespace?: string, refs?: NonNullable<KubeObject['metadata']>['ownerReferences']): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'child', ...(namespace ? { namespace } : {}), ...(refs ? { ownerReferences: refs } : {}) },
});

describe('owner references', () => {
  it.each([
    {
      name: 'adds a controller reference with blockOwnerDeletion',
      given: { owner: owner('w', 'ns'), object: child('ns') },
      want: { refs: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'uid-w', blockOwnerDeletion: true, controller: true }] },
    },
    {
      name: 'a cluster-scoped owner of a namespaced object is fine',
      given: { owner: owner('c', undefined, 'Cluster'), object: child('ns') },
      want: { refs: [{ apiVersion: 'example.com/v1', kind: 'Cluster', name: 'c', uid: 'uid-c', blockOwnerDeletion: true, controller: true }] },
    },
    {
      name: 'replaces its own reference of another version (group + kind + name), keeping others',
      given: {
        owner: owner('w', 'ns', 'Widget', 'example.com/v2'),
        object: child('ns', [
          { apiVersion: 'v1', kind: 'Secret', name: 's', uid: 'x' },
          { apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'old', controller: true },
        ]),
      },
      want: {
        refs: [
          { apiVersion: 'v1', kind: 'Secret', name: 's', uid: 'x' },
          { apiVersion: 'example.com/v2', kind: 'Widget', name: 'w', uid: 'uid-w', blockOwnerDeletion: true, controller: true },
        ],
      },
    },
    {
      name: 'refuses a second controller',
      given: { owner: owner('w', 'ns'), object: child('ns', [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'd', uid: 'd', controller: true }]) },
      want: { error: 'Object ns/child is already owned by another Deployment controller d' },
    },
    {
      name: 'refuses a namespaced owner of a cluster-scoped object',
      given: { owner: owner('w', 'ns'), object: child() },
      want: { error: "cluster-scoped resource must not have a namespace-scoped owner, owner's namespace ns" },
    },
    {
      name: 'refuses an owner in another namespace',
      given: { owner: owner('w', 'a'), object: child('b') },
      want: { error: "cross-namespace owner references are disallowed, owner's namespace a, obj's namespace b" },
    },
  ])('setControllerReference $name', ({ given, want }) => {
    if ('error' in want) {
      const before = JSON.stringify(given.object);
      expect(() => setControllerReference(given.owner, given.object)).toThrow(want.error);
      expect(JSON.stringify(given.object)).toBe(before);
    } else {
      setControllerReference(given.owner, given.object);
      expect(given.object.metadata?.ownerReferences).toEqual(want.refs);
    }
  });

  it('setOwnerReference adds no flags, and after setControllerReference for the same owner drops controller: true', () => {
    const o = child('ns');
    setControllerReference(owner('w', 'ns'), o);
    setOwnerReference(owner('w', 'ns'), o);
    expect(o.metadata?.ownerReferences).toEqual([{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: 'uid-w' }]);
    expect(hasOwnerReference(owner('w', 'ns'), o)).toBe(true);
    expect(() => setOwnerReference(owner('w', 'a'), child('b'))).toThrow("cross-namespace owner references are disallowed, owner's namespace a, obj's namespace b");
  });

  it('takes the owner\'s apiVersion and kind from a descriptor when the object lacks them', () => {
    const o = child('ns');
    expect(() => setControllerReference({ metadata: { name: 'w', namespace: 'ns', uid: 'u' } }, o)).toThrow('the owner ns/w has no apiVersion and kind: pass its descriptor');
    setControllerReference({ metadata: { name: 'w', namespace: 'ns', uid: 'u' } }, o, widgets);
    expect(o.metadata?.ownerReferences?.[0]).toMatchObject({ apiVersion: 'example.com/v1', kind: 'Widget' });
  });
});

describe('finalizers', () => {
  it.each([
    { name: 'add when absent', given: [] as string[], op: 'add', want: { changed: true, finalizers: ['f'] } },
    { name: 'add when present', given: ['f'], op: 'add', want: { changed: false, finalizers: ['f'] } },
    { name: 'remove every occurrence', given: ['f', 'g', 'f'], op: 'remove', want: { changed: true, finalizers: ['g'] } },
    { name: 'remove when absent', given: ['g'], op: 'remove', want: { changed: false, finalizers: ['g'] } },
  ])('$name', ({ given, op, want }) => {
    const o: KubeObject = { metadata: { name: 'o', finalizers: [...given] } };
    expect(op === 'add' ? addFinalizer(o, 'f') : removeFinalizer(o, 'f')).toBe(want.changed);
    expect(o.metadata?.finalizers).toEqual(want.finalizers);
    expect(containsFinalizer(o, 'f')).toBe(want.finalizers.includes('f'));
  });

  it('ensureFinalizer re-reads and retries on 409 Conflict, never losing a concurrent change', async () => {
    const { fake } = fakeServer({ allowUnconditionalUpdate: false });
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    const stale = await ws.create(widget('w'));
    // someone else writes first: our copy is stale
    await ws.update({ ...stale, metadata: { ...stale.metadata, labels: { other: 'writer' } } });
    const sleeps: number[] = [];
    const { changed, object } = await ensureFinalizer(ws, stale, 'example.com/cleanup', { sleep: async (ms) => void sleeps.push(ms) });
    expect(changed).toBe(true);
    expect(object.metadata?.finalizers).toEqual(['example.com/cleanup']);
    expect(object.metadata?.labels).toEqual({ other: 'writer' });
    expect(sleeps).toHaveLength(1);
    expect(fake.actions().map((a) => a.verb)).toEqual(['create', 'update', 'update', 'get', 'update']);
    // already there: no write, but the server is asked (the given copy could be stale: issue 23)
    fake.clearActions();
    expect((await ensureFinalizer(ws, object, 'example.com/cleanup')).changed).toBe(false);
    expect(fake.actions().map((a) => a.verb)).toEqual(['get']);
  });

  it('ensureFinalizerRemoved finishes a deletion, and treats NotFound as done', async () => {
    const { fake } = fakeServer({ allowUnconditionalUpdate: false });
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create({ ...widget('w'), metadata: { name: 'w', namespace: 'ns', finalizers: ['f'] } });
    await ws.delete('w');
    const deleting = await ws.get('w');
    expect(deleting.metadata?.deletionTimestamp).toBeDefined();
    expect((await ensureFinalizerRemoved(ws, deleting, 'f')).changed).toBe(true);
    await expect(ws.get('w')).rejects.toThrow('widgets.example.com "w" not found');
    expect(await ensureFinalizerRemoved(ws, deleting, 'f')).toEqual({ changed: false, object: undefined });
  });

  it('gives up after the retries with the last conflict', async () => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create(widget('w'));
    fake.prependReactor('update', 'widgets', () => ({ error: newConflict({ group: 'example.com', resource: 'widgets' }, 'w', 'always stale') }));
    await expect(ensureFinalizer(ws, await ws.get('w'), 'f', { sleep: async () => undefined })).rejects.toThrow('always stale');
    expect(fake.actions().filter((a) => a.verb === 'update')).toHaveLength(5);
  });
});

describe('createOrUpdate / createOrPatch', () => {
  const setSize = (size: number) => (w: Widget) => {
    w.spec = { ...w.spec, size };
  };

  it.each([
    { name: 'missing → created', seed: undefined, mutate: setSize(3), want: { result: 'created', size: 3, writes: ['create'] } },
    { name: 'different → updated', seed: 1, mutate: setSize(3), want: { result: 'updated', size: 3, writes: ['update'] } },
    { name: 'same → unchanged, no write', seed: 3, mutate: setSize(3), want: { result: 'unchanged', size: 3, writes: [] } },
  ])('createOrUpdate: $name', async ({ seed, mutate, want }) => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    if (seed !== undefined) await ws.create({ ...widget('w'), spec: { size: seed } });
    fake.clearActions();
    const r = await createOrUpdate(ws, widget('w'), mutate);
    expect(r.result).toBe(want.result);
    expect(r.object.spec?.size).toBe(want.size);
    expect(fake.actions().filter((a) => a.verb !== 'get').map((a) => a.verb)).toEqual(want.writes);
  });

  it('createOrUpdate compares semantically: a Quantity written another way is unchanged', async () => {
    const { fake } = fakeServer();
    const cms = fake.client<KubeObject & { spec?: unknown }, KubeList<KubeObject & { spec?: unknown }>>(configMaps, 'ns');
    await cms.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'q', namespace: 'ns' }, spec: { resources: { limits: { memory: '1Gi' } } } });
    const r = await createOrUpdate(cms, { metadata: { name: 'q', namespace: 'ns' } }, (o) => {
      o.spec = { resources: { limits: { memory: '1024Mi' } } };
    });
    expect(r.result).toBe('unchanged');
  });

  it('MutateFn cannot rename', async () => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await expect(
      createOrUpdate(ws, widget('w'), (w) => {
        w.metadata!.name = 'other';
      }),
    ).rejects.toThrow('MutateFn cannot mutate object name and/or object namespace');
    await ws.create(widget('w'));
    await expect(
      createOrPatch(ws, widget('w'), (w) => {
        w.metadata!.namespace = 'elsewhere';
      }),
    ).rejects.toThrow('MutateFn cannot mutate object name and/or object namespace');
  });

  it.each([
    { name: 'spec only → updated', mutate: (w: Widget) => void (w.spec = { size: 9 }), want: { result: 'updated', patches: [''] } },
    { name: 'status only → updatedStatusOnly', mutate: (w: Widget) => void (w.status = { ready: true }), want: { result: 'updatedStatusOnly', patches: ['status'] } },
    {
      name: 'both → updatedStatus',
      mutate: (w: Widget) => {
        w.spec = { size: 9 };
        w.status = { ready: true };
      },
      want: { result: 'updatedStatus', patches: ['', 'status'] },
    },
    { name: 'nothing → unchanged', mutate: () => undefined, want: { result: 'unchanged', patches: [] } },
  ])('createOrPatch: $name', async ({ mutate, want }) => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create({ ...widget('w'), spec: { size: 1 } });
    fake.clearActions();
    const r = await createOrPatch(ws, widget('w'), mutate);
    expect(r.result).toBe(want.result);
    const patches = fake.actions().filter((a) => a.verb === 'patch');
    expect(patches.map((a) => a.subresource)).toEqual(want.patches);
    const stored = await ws.get('w');
    if (want.result !== 'unchanged' && want.result !== 'updatedStatusOnly') expect(stored.spec).toEqual({ size: 9 });
    if (want.result === 'updatedStatus' || want.result === 'updatedStatusOnly') expect(stored.status).toEqual({ ready: true });
    // a merge patch carries only what changed
    if (want.patches[0] === '') expect(JSON.parse(String((patches[0] as { patch: unknown }).patch))).toEqual({ spec: { size: 9 } });
  });

  it('createOrPatch creates a missing object', async () => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    expect((await createOrPatch(ws, widget('n'), (w) => void (w.spec = { size: 2 }))).result).toBe('created');
    expect((await ws.get('n')).spec).toEqual({ size: 2 });
  });
});

describe('ignoreNotFound and applyObject', () => {
  it('ignoreNotFound swallows only NotFound', async () => {
    await expect(Promise.reject(newNotFound({ group: '', resource: 'pods' }, 'p')).catch(ignoreNotFound)).resolves.toBeUndefined();
    await expect(Promise.reject(new Error('boom')).catch(ignoreNotFound)).rejects.toThrow('boom');
  });

  it('applyObject sends a server-side apply without server-populated fields or status, forced', async () => {
    const { fake } = fakeServer();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    const read = await ws.create({ ...widget('w'), spec: { size: 1 } });
    fake.clearActions();
    await applyObject(ws, { ...read, spec: { size: 5 }, status: { ready: true } }, 'my-operator');
    const [action] = fake.actions();
    expect(action).toMatchObject({ verb: 'patch', patchType: 'application/apply-patch+yaml', options: { fieldManager: 'my-operator', force: true } });
    expect((action as { patch: unknown }).patch).toEqual({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w', namespace: 'ns' }, spec: { size: 5 } });
    expect((await ws.get('w')).spec).toEqual({ size: 5 });
  });
});
