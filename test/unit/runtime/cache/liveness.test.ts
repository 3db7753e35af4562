/**
 * The process-liveness rule of the clock (runtime/src/cache/clock.ts), stage by stage: awaited timers keep the
 * process alive, a running informer or manager holds it until stopped, housekeeping ticks do not. On `realClock`
 * through Node's own count of ref'd handles; on `FakeClock` through its `holds` and `keepAliveTimers`.
 * test/unit/runtime/process-liveness.test.ts checks the same in real child processes.
 */
import { clockSleep, FakeClock, realClock } from '../../../../runtime/src/clock/clock';
import { SharedInformerFactory } from '../../../../runtime/src/cache/factory';
import { SharedIndexInformer } from '../../../../runtime/src/cache/informer';
import type { ListerWatcher } from '../../../../runtime/src/cache/reflector';
import { noopLogger } from '../../../../runtime/src/log';
import { noopLogger as quiet } from '../../../../runtime/src/observe';
import { Manager } from '../../../../runtime/src/controller/manager';
import { EventBroadcaster } from '../../../../runtime/src/events/recorder';
import { newDelayingQueue } from '../../../../runtime/src/workqueue/delaying_queue';
import { installCRDs, type CrdClients, type CustomResourceDefinition } from '../../../../runtime/src/testing/crds';
import { settle, setup, until, widgets, type Widget } from '../../helpers/cache';

/** Ref'd Node timers (what keeps the process alive), as Node counts them. */
const refTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('realClock: what keeps the process alive', () => {
  it.each([
    { name: 'a timer (awaited work, the default)', given: () => { const t = realClock.setTimer(() => undefined, 60_000); return () => { realClock.clearTimer(t); }; }, want: 1 },
    { name: 'a timer with keepAlive: false (housekeeping)', given: () => { const t = realClock.setTimer(() => undefined, 60_000, { keepAlive: false }); return () => { realClock.clearTimer(t); }; }, want: 0 },
    { name: 'a hold', given: () => { const h = realClock.hold(); return () => { h.release(); }; }, want: 1 },
    {
      name: 'a clockSleep',
      given: () => {
        const ac = new AbortController();
        void clockSleep(realClock, 60_000, ac.signal);
        return () => { ac.abort(); };
      },
      want: 1,
    },
  ])('$name: $want ref\'d handle(s) while pending, none once cleared', ({ given, want }) => {
    const before = refTimers();
    const undo = given();
    expect(refTimers() - before).toBe(want);
    undo();
    expect(refTimers()).toBe(before);
  });

  it('a hold released twice releases once (and leaves other holds alone)', () => {
    const before = refTimers();
    const a = realClock.hold();
    const b = realClock.hold();
    a.release();
    a.release();
    expect(refTimers() - before).toBe(1);
    b.release();
    expect(refTimers()).toBe(before);
  });
});

describe('FakeClock: each stage follows the rule', () => {
  it('a running informer holds the process until stopped; its resync tick and its catch-up lag timer do not keep it alive', async () => {
    const clock = new FakeClock();
    const { client } = setup();
    const informer = new SharedIndexInformer<Widget>(client, { clock, resyncPeriodMs: 60_000, logger: quiet });
    informer.addEventHandler({});
    const stop = new AbortController();
    const run = informer.run(stop.signal);
    expect(await informer.waitForSync(stop.signal)).toBe(true);
    // the resync tick, and the watch's lag timer (the catch-up policy, ./catchup.ts) once the watch is open
    await until(() => clock.pendingTimers === 2, 'the watch and its lag timer');
    expect({ holds: clock.holds, pending: clock.pendingTimers, keepAlive: clock.keepAliveTimers }).toEqual({ holds: 1, pending: 2, keepAlive: 0 });
    stop.abort();
    await run;
    expect({ holds: clock.holds, pending: clock.pendingTimers }).toEqual({ holds: 0, pending: 0 });
  });

  it('a started factory holds the process once per running informer until shutdown()', async () => {
    const clock = new FakeClock();
    const { client } = setup();
    const factory = new SharedInformerFactory({ clock });
    factory.informerFor(widgets, client);
    factory.start(new AbortController().signal);
    expect(clock.holds).toBe(1);
    await factory.shutdown();
    expect(clock.holds).toBe(0);
  });

  it("a reflector's backoff after a failed list is awaited work: it keeps the process alive", async () => {
    const clock = new FakeClock();
    let lists = 0;
    // the initial list is a streaming one (a watch) by default: both fail as a refused connection
    const refused = (): Promise<never> => { lists++; return Promise.reject(new Error('connection refused')); };
    const lw: ListerWatcher<Widget> = { list: refused, watch: refused };
    const informer = new SharedIndexInformer<Widget>(lw, { clock, logger: quiet, reflector: { onError: () => undefined } });
    const stop = new AbortController();
    const run = informer.run(stop.signal);
    await until(() => clock.pendingTimers === 1, 'the backoff sleep');
    expect({ lists, holds: clock.holds, keepAlive: clock.keepAliveTimers }).toEqual({ lists: 1, holds: 1, keepAlive: 1 });
    stop.abort();
    await run;
    expect({ holds: clock.holds, pending: clock.pendingTimers }).toEqual({ holds: 0, pending: 0 });
  });

  it('a started manager holds the process until its signal aborts, and its informers while they run', async () => {
    const clock = new FakeClock();
    const { fake } = setup();
    const mgr = new Manager({ clients: (d, ns) => fake.client(d, ns), clock, logger: noopLogger });
    mgr.lister(widgets);
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await mgr.elected();
    await until(() => clock.holds === 2, 'the manager and its informer holding');
    stop.abort();
    await running;
    expect(clock.holds).toBe(0);
  });

  it("an event broadcaster's periodic series ticks are housekeeping: pending, never keeping the process alive", () => {
    const clock = new FakeClock();
    const { fake } = setup();
    const broadcaster = new EventBroadcaster({ clientFor: (ns) => fake.client({ group: 'events.k8s.io', version: 'v1', resource: 'events', kind: 'Event', namespaced: true }, ns), clock, logger: noopLogger });
    const stop = new AbortController();
    broadcaster.start(stop.signal);
    expect({ pending: clock.pendingTimers, keepAlive: clock.keepAliveTimers }).toEqual({ pending: 2, keepAlive: 0 });
    stop.abort();
    expect(clock.pendingTimers).toBe(0);
  });

  it("a delaying queue's delay keeps the process alive (a worker awaits the item); shutDown clears it", () => {
    const clock = new FakeClock();
    const q = newDelayingQueue<string>({ clock });
    q.addAfter('x', 10_000);
    expect(clock.keepAliveTimers).toBe(1);
    q.shutDown();
    expect(clock.pendingTimers).toBe(0);
  });

  it("installCRDs' poll sleep keeps the process alive until the CRD is Established", async () => {
    const clock = new FakeClock();
    let gets = 0;
    const crd: CustomResourceDefinition = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' } };
    const clients = {
      crds: {
        create: (c: CustomResourceDefinition) => Promise.resolve(c),
        get: () => {
          gets++;
          return Promise.resolve({ ...crd, status: { conditions: gets >= 2 ? [{ type: 'Established', status: 'True' }] : [] } });
        },
      },
    } as unknown as CrdClients; // cast-ok: installCRDs calls only create and get here
    const installing = installCRDs(clients, { crds: [crd], clock, pollIntervalMs: 100 });
    await until(() => clock.pendingTimers === 1, 'the poll sleep');
    expect({ gets, keepAlive: clock.keepAliveTimers }).toEqual({ gets: 1, keepAlive: 1 });
    clock.step(100);
    await installing;
    expect({ gets, pending: clock.pendingTimers }).toEqual({ gets: 2, pending: 0 });
    await settle();
  });

  it('a fake clock holds nothing real: its holds are counts, released once', () => {
    const clock = new FakeClock();
    const before = refTimers();
    const h = clock.hold();
    expect({ holds: clock.holds, real: refTimers() - before }).toEqual({ holds: 1, real: 0 });
    h.release();
    h.release();
    expect(clock.holds).toBe(0);
  });
});
