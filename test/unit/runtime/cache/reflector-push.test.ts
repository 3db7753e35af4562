/**
 * The reflector over a watch that pushes (`Watch.listen`: `ReadableWatch`, Node's HTTP client): each chunk's events
 * are applied to the store in the `'data'` event that brought them; an ERROR in the middle of a chunk applies the
 * events before it and relists (410); stop ends the run.
 */
import { PassThrough } from 'node:stream';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { Reflector, type ListerWatcher } from '../../../../runtime/src/cache/reflector';
import { CacheIndexer } from '../../../../runtime/src/cache/store';
import { ReadableWatch } from '../../../../runtime/src/watch/stream';
import type { WatchOptions } from '../../../../runtime/src/rest/options';
import { names, until, widget, type Widget } from '../../helpers/cache';
import { present } from '../../helpers/present';

const line = (type: string, name: string, rv: number, size = 1): string =>
  `${JSON.stringify({ type, object: { ...widget(name), metadata: { name, namespace: 'ns', resourceVersion: String(rv) }, spec: { size } } })}\n`;
const gone = `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Expired', code: 410, message: 'too old' } })}\n`;

/** `onWatch` sees each watch's body as it is requested (0-based). */
function harness(onWatch?: (index: number, body: PassThrough) => void) {
  const bodies: PassThrough[] = [];
  const watches: WatchOptions[] = [];
  /** The store's names when each watch was requested. */
  const storeAtWatch: string[] = [];
  let lists = 0;
  const store = new CacheIndexer<Widget>({ indexers: {} });
  const lw: ListerWatcher<Widget> = {
    list: () => {
      lists++;
      return Promise.resolve({ apiVersion: 'v1', kind: 'WidgetList', metadata: { resourceVersion: String(100 * lists) }, items: [{ ...widget('a'), metadata: { name: 'a', namespace: 'ns', resourceVersion: '1' } }] });
    },
    watch: (opts) => {
      watches.push(opts);
      storeAtWatch.push(names(store.list()).join(','));
      const body = new PassThrough();
      const controller = new AbortController();
      const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
      signal.addEventListener('abort', () => body.destroy());
      bodies.push(body);
      onWatch?.(bodies.length - 1, body);
      return Promise.resolve(new ReadableWatch<Widget>(body, controller, signal));
    },
  };
  const errors: string[] = [];
  const clock = new FakeClock();
  const reflector = new Reflector<Widget>(lw, store, {
    clock,
    random: () => 0,
    initialList: 'ListWatch',
    watchTimeoutSeconds: 0,
    // the timers these tests count are the backoffs': no catch-up lag timer (test/unit/runtime/cache/catchup.test.ts)
    catchUp: false,
    onError: (err) => errors.push(err.reason),
  });
  return {
    bodies,
    watches,
    storeAtWatch,
    store,
    reflector,
    errors,
    clock,
    lists: () => lists,
    /** The options of watch request `n` (0-based), failing the test when there was none. */
    watch: (n: number) => present(watches[n], `watch request #${n}`),
    /** The body of watch `n` (0-based), failing the test when there was none. */
    body: (n: number) => present(bodies[n], `the body of watch #${n}`),
  };
}

describe('Reflector over a pushing watch (ReadableWatch)', () => {
  it('applies a chunk of many events, a frame cut across chunks, then relists on an ERROR in the middle of a chunk', async () => {
    const h = harness();
    const controller = new AbortController();
    const run = h.reflector.run(controller.signal);
    await until(() => h.bodies.length === 1, 'watch');
    expect(h.watch(0).resourceVersion).toBe('100');
    const chunk = Array.from({ length: 200 }, (_, i) => line('ADDED', `o${i}`, 101 + i)).join('');
    h.body(0).write(chunk + line('MODIFIED', 'a', 301, 7).slice(0, 20));
    await until(() => h.store.size === 201, 'the chunk');
    expect(h.reflector.lastSyncResourceVersion).toBe('300');
    h.body(0).write(line('MODIFIED', 'a', 301, 7).slice(20) + line('DELETED', 'o0', 302) + gone + line('ADDED', 'never', 303));
    // the events before the ERROR are applied; the 410 relists after the backoff
    await until(() => h.clock.pendingTimers === 1, 'backoff');
    expect(h.store.getByKey('ns/a')?.spec?.size).toBe(7);
    expect(h.store.getByKey('ns/o0')).toBeUndefined();
    h.clock.step(60_000);
    await until(() => h.lists() === 2 && h.bodies.length === 2, 'relist');
    expect(h.errors).toEqual(['Expired']);
    expect(h.store.getByKey('ns/never')).toBeUndefined();
    expect(names(h.store.list())).toEqual(['a']);
    expect(h.watch(1).resourceVersion).toBe('200');
    controller.abort();
    await run;
    expect(h.body(1).destroyed).toBe(true);
  });

  it('a clean end of the response re-watches from the last resourceVersion', async () => {
    const h = harness();
    const controller = new AbortController();
    const run = h.reflector.run(controller.signal);
    await until(() => h.bodies.length === 1, 'watch');
    h.body(0).end(line('MODIFIED', 'a', 150, 3));
    await until(() => h.bodies.length === 2, 're-watch');
    expect(h.watch(1).resourceVersion).toBe('150');
    expect(h.store.getByKey('ns/a')?.spec?.size).toBe(3);
    expect(h.lists()).toBe(1);
    controller.abort();
    await run;
  });
});

describe('Reflector: the next watch opened as soon as a response ends (read ahead)', () => {
  it('requests the next watch from the last event of a response that ended, before the rest of its events are applied, and uses it', async () => {
    const h = harness();
    const ac = new AbortController();
    const done = h.reflector.run(ac.signal);
    await until(() => h.bodies.length === 1, 'first watch');
    // a backlog and the end of the response, read in one go (as after a stall)
    h.body(0).write(line('ADDED', 'b', 101) + line('ADDED', 'c', 102) + line('MODIFIED', 'c', 103, 2));
    h.body(0).end();
    await until(() => h.watches.length === 2, 'the next watch');
    expect(h.watch(1).resourceVersion).toBe('103');
    // requested before b and c were in the store
    expect(h.storeAtWatch[1]).toBe('a');
    await until(() => h.store.size === 3, 'the backlog applied');
    h.body(1).write(line('DELETED', 'b', 104));
    await until(() => h.store.size === 2, 'the next watch applied');
    expect(names(h.store.list())).toEqual(['a', 'c']);
    expect(h.watches).toHaveLength(2);
    expect(h.errors).toEqual([]);
    ac.abort();
    await done;
  });

  it('a watch opened ahead whose connection broke before it was used: the error is reported and it watches again from there', async () => {
    const h = harness((index, body) => {
      if (index !== 1) return;
      body.on('error', () => undefined); // as an IncomingMessage, which emits 'error' only to its listeners
      body.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    });
    const ac = new AbortController();
    const done = h.reflector.run(ac.signal);
    await until(() => h.bodies.length === 1, 'first watch');
    h.body(0).write(line('ADDED', 'b', 101) + line('ADDED', 'c', 102));
    h.body(0).end();
    await until(() => h.errors.length === 1, 'the broken watch reported');
    expect(h.errors).toEqual(['Network']);
    expect(h.watch(1).resourceVersion).toBe('102');
    h.clock.step(1000);
    await until(() => h.bodies.length === 3, 'the next watch');
    // a connection error: the same resourceVersion again, no relist
    expect(h.watch(2).resourceVersion).toBe('102');
    expect(h.lists()).toBe(1);
    h.body(2).write(line('DELETED', 'b', 103));
    await until(() => h.store.size === 2, 'the next watch applied');
    expect(names(h.store.list())).toEqual(['a', 'c']);
    ac.abort();
    await done;
  });

  it('drops the watch opened ahead when the rest of the response ends otherwise (an ERROR), and relists', async () => {
    const h = harness();
    const ac = new AbortController();
    const done = h.reflector.run(ac.signal);
    await until(() => h.bodies.length === 1, 'first watch');
    // the last frame is an event, but an ERROR comes before it: the watch ends with the 410
    h.body(0).write(line('ADDED', 'b', 101) + gone + line('ADDED', 'c', 102));
    h.body(0).end();
    await until(() => h.errors.length === 1, 'the 410');
    expect(h.errors).toEqual(['Expired']);
    expect(h.watch(1).resourceVersion).toBe('102');
    expect(present(h.watch(1).signal, 'the signal of watch #1').aborted).toBe(true);
    h.clock.step(1000);
    await until(() => h.lists() === 2, 'the relist');
    ac.abort();
    await done;
  });
});
