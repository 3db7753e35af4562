/**
 * The pieces composed as a controller would compose them: a factory's informer feeds keys to a rate-limiting
 * queue, two workers reconcile from the lister and write through the (fake) client, failures retry with backoff
 * on the fake clock, deletes arrive as NotFound from the lister.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { SharedInformerFactory } from '../../../../runtime/src/cache/factory';
import { Lister, type NamespacedLister } from '../../../../runtime/src/cache/lister';
import { deletionHandlingMetaNamespaceKeyFunc, metaNamespaceKeyFunc, splitMetaNamespaceKey } from '../../../../runtime/src/cache/store';
import { isNotFound } from '../../../../runtime/src/errors/errors';
import { newRateLimitingQueue } from '../../../../runtime/src/workqueue/rate_limiting_queue';
import { settle, setup, until, widget, widgets, type Widget } from '../../helpers/cache';

it('reconciles every widget once per change, retries failures with backoff, and sees deletions', async () => {
  const { client, ns, fake } = setup();
  await ns.create(widget('a'));
  await ns.create(widget('flaky'));
  const clock = new FakeClock();
  const factory = new SharedInformerFactory({ clock, reflector: { random: () => 0, watchTimeoutSeconds: 0, onError: () => {} } });
  const informer = factory.informerFor<Widget>(widgets, client);
  const lister: NamespacedLister<Widget> = new Lister<Widget>(informer.getIndexer(), { group: widgets.group, resource: widgets.resource });
  const queue = newRateLimitingQueue<string>({ clock });
  informer.addEventHandler({
    onAdd: (w) => queue.add(metaNamespaceKeyFunc(w)),
    onUpdate: (_o, w) => queue.add(metaNamespaceKeyFunc(w)),
    onDelete: (w) => queue.add(deletionHandlingMetaNamespaceKeyFunc(w)),
  });

  const log: string[] = [];
  let flakyFailures = 2;
  const reconcile = async (key: string): Promise<void> => {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let w: Widget;
    try {
      w = lister.namespace(namespace).get(name);
    } catch (err) {
      if (isNotFound(err)) return void log.push(`gone ${key}`);
      throw err;
    }
    if (name === 'flaky' && flakyFailures-- > 0) throw new Error('transient');
    if (w.metadata?.annotations?.reconciled) return;
    await ns.update({ ...w, metadata: { ...w.metadata, annotations: { reconciled: 'yes' } } });
    log.push(`reconciled ${key} at ${clock.now()}`);
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      const { item: key, shutdown } = await queue.get();
      if (shutdown) return;
      try {
        await reconcile(key);
        queue.forget(key);
      } catch {
        queue.addRateLimited(key);
      } finally {
        queue.done(key);
      }
    }
  };

  const controller = new AbortController();
  factory.start(controller.signal);
  await factory.waitForCacheSync(controller.signal);
  const workers = [worker(), worker()];
  await until(() => log.includes('reconciled ns/a at 0'), 'a');
  expect(queue.numRequeues('ns/flaky')).toBe(1);
  clock.step(5);
  await settle();
  clock.step(10);
  await until(() => log.includes('reconciled ns/flaky at 15'), 'flaky after two retries (5ms, then 10ms)');
  expect(queue.numRequeues('ns/flaky')).toBe(0);

  await ns.delete('a');
  await until(() => log.includes('gone ns/a'), 'delete');
  expect((await ns.get('flaky')).metadata?.annotations).toEqual({ reconciled: 'yes' });
  expect(fake.actions().filter((a) => a.verb === 'update')).toHaveLength(2);

  await queue.shutDownWithDrain();
  await Promise.all(workers);
  await factory.shutdown();
});
