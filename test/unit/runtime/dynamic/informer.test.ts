/**
 * DynamicSharedInformerFactory over the fake dynamic client: one informer per resource, synced from a list, kept
 * up to date by the watch, read through its lister; a factory of one namespace, and one narrowed by a label selector.
 */
import { DynamicSharedInformerFactory } from '../../../../runtime/src/dynamic';
import { FakeDynamicClient } from '../../../../runtime/src/testing/fake';
import type { Unstructured } from '../../../../runtime/src/client/dynamic';
import { isNotFound } from '../../../../runtime/src/errors';
import { noopLogger } from '../../../../runtime/src/log';
import { names, until } from '../../helpers/cache';

const gvr = { group: 'example.com', version: 'v1', resource: 'widgets' };
const w = (name: string, ns: string, labels: Record<string, string> = {}): Unstructured => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace: ns, labels } });

function client(): FakeDynamicClient {
  return new FakeDynamicClient({ allowUnconditionalUpdate: true, objects: [w('a', 'ns', { app: 'web' }), w('b', 'other', { app: 'db' })] });
}

describe('DynamicSharedInformerFactory', () => {
  it('syncs, follows the watch, and serves a lister', async () => {
    const dyn = client();
    const factory = new DynamicSharedInformerFactory(dyn, { logger: noopLogger });
    const generic = factory.forResource(gvr);
    expect(factory.forResource(gvr).informer()).toBe(generic.informer());
    const seen: string[] = [];
    generic.informer().addEventHandler({ onAdd: (o) => { seen.push(`add ${o.metadata?.name ?? ''}`); }, onDelete: () => { seen.push('delete'); } });
    const stop = new AbortController();
    factory.start(stop.signal);
    expect([...(await factory.waitForCacheSync(stop.signal))]).toEqual([['example.com/v1/widgets', true]]);
    expect(names(generic.lister().list())).toEqual(['a', 'b']);
    await dyn.resource(gvr).namespace('ns').create(w('c', 'ns'));
    await until(() => generic.lister().namespace('ns').list().length === 2, 'c in the cache');
    expect(generic.lister().namespace('ns').get('c').kind).toBe('Widget');
    await dyn.resource(gvr).namespace('other').delete('b');
    await until(() => seen.includes('delete'), 'the delete');
    expect(isNotFound(captured(() => generic.lister().namespace('other').get('b')))).toBe(true);
    stop.abort();
    await factory.shutdown();
  });

  it('watches one namespace, narrowed by tweakListOptions', async () => {
    const dyn = client();
    await dyn.resource(gvr).namespace('ns').create(w('c', 'ns', { app: 'db' }));
    const factory = new DynamicSharedInformerFactory(dyn, { namespace: 'ns', tweakListOptions: () => ({ labelSelector: 'app=web' }), logger: noopLogger });
    const generic = factory.forResource(gvr);
    const stop = new AbortController();
    factory.start(stop.signal);
    await factory.waitForCacheSync(stop.signal);
    expect(names(generic.lister().list())).toEqual(['a']);
    expect(dyn.actions().filter((a) => a.verb === 'list' || a.verb === 'watch').every((a) => a.namespace === 'ns')).toBe(true);
    stop.abort();
    await factory.shutdown();
  });
});

function captured(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
