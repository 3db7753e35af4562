/**
 * FakeDynamicClient (client-go `dynamic/fake`): the dynamic client on a Fake's tracker — CRUD, list kinds per
 * resource, seeded objects, patch types and apply, watches, recorded actions and reactors, a Fake shared with typed
 * fake clients, and its one-line refusals.
 */
import { FakeDynamicClient, guessResourceOfKind, Fake } from '../../../../../runtime/src/testing/fake';
import { isConflict, isNotFound, newForbidden } from '../../../../../runtime/src/errors';
import type { Unstructured } from '../../../../../runtime/src/client/dynamic';
import { widgets, type Widget, type WidgetList } from '../../../helpers/cache';

const widgetsGVR = { group: 'example.com', version: 'v1', resource: 'widgets' };
const w = (name: string, ns = 'ns', extra: Record<string, unknown> = {}): Unstructured & { metadata: { name: string } } => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace: ns }, ...extra });

describe('FakeDynamicClient', () => {
  it('creates, gets, updates (conditioned on resourceVersion), lists and deletes', async () => {
    const client = new FakeDynamicClient({ listKinds: { 'example.com/v1/widgets': 'WidgetList' } });
    const c = client.resource(widgetsGVR).namespace('ns');
    const created = await c.create(w('a', 'ns', { spec: { size: 1 } }));
    expect(created.metadata?.resourceVersion).toBeTruthy();
    const got = await c.get('a');
    expect(got['spec']).toEqual({ size: 1 });
    const updated = await c.update({ ...got, spec: { size: 2 } });
    expect(updated['spec']).toEqual({ size: 2 });
    expect(isConflict(await c.update({ ...got, spec: { size: 3 } }).catch((e: unknown) => e))).toBe(true);
    await client.resource(widgetsGVR).namespace('other').create(w('b', 'other'));
    const all = await client.resource(widgetsGVR).list();
    expect(all.kind).toBe('WidgetList');
    expect(all.items.map((o) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`)).toEqual(['ns/a', 'other/b']);
    expect((await c.list()).items).toHaveLength(1);
    await c.delete('a');
    expect(isNotFound(await c.get('a').catch((e: unknown) => e))).toBe(true);
    expect(client.actions().map((a) => `${a.verb} ${a.namespace}`)).toEqual(['create ns', 'get ns', 'update ns', 'update ns', 'create other', 'list ', 'list ns', 'delete ns', 'get ns']);
  });

  it('seeds objects (their resource guessed from the kind) and patches with every patch type and apply', async () => {
    const client = new FakeDynamicClient({ objects: [w('a', 'ns', { spec: { size: 1, tags: ['x'] } })] });
    const c = client.resource(widgetsGVR).namespace('ns');
    expect((await c.get('a'))['spec']).toEqual({ size: 1, tags: ['x'] });
    await c.patch('a', 'application/json-patch+json', [{ op: 'replace', path: '/spec/size', value: 2 }]);
    await c.patch('a', 'application/merge-patch+json', { spec: { tags: ['y'] } });
    await c.patch('a', 'application/strategic-merge-patch+json', { metadata: { labels: { app: 'web' } } });
    const applied = await c.apply(w('a', 'ns', { spec: { color: 'red' } }), { fieldManager: 'me' });
    expect(applied['spec']).toEqual({ size: 2, tags: ['y'], color: 'red' });
    expect(applied.metadata?.labels).toEqual({ app: 'web' });
    const fresh = await c.apply(w('new', 'ns', { spec: { size: 9 } }), { fieldManager: 'me' });
    expect(fresh.metadata?.uid).toBeTruthy();
    expect(guessResourceOfKind('Policy')).toBe('policies');
    expect(guessResourceOfKind('Ingress')).toBe('ingresses');
  });

  it('updates status through the subresource when the resource has one', async () => {
    const client = new FakeDynamicClient({ resources: [{ ...widgets, subresources: { status: true } }], objects: [w('a', 'ns', { spec: { size: 1 } })] });
    const c = client.resource(widgetsGVR).namespace('ns');
    const got = await c.get('a');
    const after = await c.updateStatus({ ...got, spec: { size: 5 }, status: { ready: true } });
    // the status subresource changes status only
    expect(after['status']).toEqual({ ready: true });
    expect(after['spec']).toEqual({ size: 1 });
  });

  it('watches through the tracker', async () => {
    const client = new FakeDynamicClient({ listKinds: { 'example.com/v1/widgets': 'WidgetList' } });
    const c = client.resource(widgetsGVR).namespace('ns');
    const watch = await c.watch();
    await c.create(w('a'));
    const it = watch[Symbol.asyncIterator]();
    const first = await it.next();
    expect(first.done).toBe(false);
    expect(first.value).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'a' } } });
    watch.stop();
  });

  it('shares a Fake with typed fake clients: one tracker, one record of actions, the same reactors', async () => {
    const fake = new Fake({ allowUnconditionalUpdate: true });
    const typed = fake.client<Widget, WidgetList>(widgets, 'ns');
    const client = new FakeDynamicClient({ fake, resources: [widgets] });
    await typed.create({ metadata: { name: 'typed' } });
    expect((await client.resource(widgetsGVR).namespace('ns').get('typed')).kind).toBe('Widget');
    client.prependReactor('delete', 'widgets', () => ({ error: newForbidden({ group: 'example.com', resource: 'widgets' }, 'typed', 'no') }));
    await expect(client.resource(widgetsGVR).namespace('ns').delete('typed')).rejects.toThrow('forbidden');
    expect(fake.actions().map((a) => a.verb)).toEqual(['create', 'get', 'delete']);
  });

  it.each([
    { name: 'a resource with no kind registered', make: () => new FakeDynamicClient().resource(widgetsGVR), want: 'FakeDynamicClient: no kind is registered for resource "example.com/v1/widgets": pass it in resources, or in listKinds' },
    { name: 'a list kind not ending in List', make: () => new FakeDynamicClient({ listKinds: { 'example.com/v1/widgets': 'Widget' } }), want: 'FakeDynamicClient: the list kind of example.com/v1/widgets must be <Kind>List, not "Widget"' },
    { name: 'a seed without apiVersion/kind', make: () => new FakeDynamicClient({ objects: [{ metadata: { name: 'x' } }] }), want: 'FakeDynamicClient seed: object "x" has no apiVersion and no kind' },
  ])('refuses $name', ({ make, want }) => {
    expect(make).toThrow(want);
  });

  it('refuses to write an object without apiVersion/kind, recording nothing', async () => {
    const client = new FakeDynamicClient({ resources: [widgets] });
    await expect(client.resource(widgetsGVR).namespace('ns').create({ metadata: { name: 'x' } })).rejects.toThrow('create: object "x" has no apiVersion and no kind');
    expect(client.actions()).toEqual([]);
  });
});
