/**
 * The manager and the builder over a fake API server: builder errors with controller-runtime's messages,
 * for / owns / watches routing, event filters, graceful stop, leader-only controllers and lost leadership,
 * probes and metrics endpoints.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { controllerManagedBy } from '../../../../runtime/src/controller/builder';
import { enqueueRequestsFromMapFunc } from '../../../../runtime/src/controller/handlers';
import { newInternalError } from '../../../../runtime/src/errors';
import { noopLogger } from '../../../../runtime/src/log';
import { prometheusMetrics } from '../../../../runtime/src/observe';
import { Manager, parseBindAddress, stripManagedFields } from '../../../../runtime/src/controller/manager';
import { generationChangedPredicate, newPredicateFuncs } from '../../../../runtime/src/controller/predicates';
import type { Request } from '../../../../runtime/src/controller/reconcile';
import type { KubeObject } from '../../../../runtime/src/client/types';
import { eventResource, type EventsV1Event, type EventsV1EventList } from '../../../../runtime/src/events/types';
import { leaseResource, type Lease, type LeaseList } from '../../../../runtime/src/leaderelection/lease';
import { clusters, configMaps, deferred, fakeServer, settle, until, widget, widgets, type Widget, type WidgetList } from '../../helpers/operator';

// This file starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

function manager(extra: Partial<ConstructorParameters<typeof Manager>[0]> = {}) {
  const server = fakeServer();
  const mgr = new Manager({ clients: server.clients, logger: noopLogger, ...extra });
  return { ...server, mgr };
}

const key = (r: Request): string => `${r.namespace}/${r.name}`;

describe('builder errors (controller-runtime messages)', () => {
  const reconcile = (): void => undefined;
  it.each([
    {
      name: 'For twice',
      given: (m: Manager) => controllerManagedBy(m).for(widgets).for(configMaps),
      want: 'For(...) should only be called once, could not assign multiple objects for reconciliation',
    },
    { name: 'Owns without For', given: (m: Manager) => controllerManagedBy(m).owns(configMaps), want: 'Owns() can only be used together with For()' },
    {
      name: 'no watches',
      given: (m: Manager) => controllerManagedBy(m).named('x'),
      want: 'there are no watches configured, controller will never get triggered. Use For(), Owns(), Watches() or WatchesRawSource() to set them up',
    },
    {
      name: 'Watches without For or Named',
      given: (m: Manager) => controllerManagedBy(m).watches(configMaps, enqueueRequestsFromMapFunc(() => [])),
      want: 'one of For() or Named() must be called',
    },
  ])('$name', ({ given, want }) => {
    const { mgr } = manager();
    expect(() => given(mgr).build(reconcile)).toThrow(want);
  });

  it('names a controller after the lowercase kind of For, and refuses a duplicate name', () => {
    const { mgr } = manager();
    expect(controllerManagedBy(mgr).for(widgets).build(reconcile).name).toBe('widget');
    expect(() => controllerManagedBy(mgr).for(widgets).build(reconcile)).toThrow(
      'controller with name widget already exists. Controller names must be unique to avoid multiple controllers reporting the same metric. This validation can be disabled via the SkipNameValidation option',
    );
    expect(controllerManagedBy(mgr).for(widgets).named('widget-2').build(reconcile).name).toBe('widget-2');
  });

  it('maxConcurrentReconciles: the option, else the manager\'s groupKindConcurrency of the For kind, else 1', () => {
    const { mgr } = manager({ controller: { groupKindConcurrency: { 'Widget.example.com': 7 } } });
    expect(controllerManagedBy(mgr).for(widgets).build(reconcile).maxConcurrentReconciles).toBe(7);
    expect(controllerManagedBy(mgr).for(widgets).named('b').withOptions({ maxConcurrentReconciles: 2 }).build(reconcile).maxConcurrentReconciles).toBe(2);
    expect(controllerManagedBy(mgr).for(configMaps).build(reconcile).maxConcurrentReconciles).toBe(1);
  });

  it('parses bind addresses; "0" disables', () => {
    expect(parseBindAddress('0')).toBeUndefined();
    expect(parseBindAddress(':8080')).toEqual({ host: undefined, port: 8080 });
    expect(parseBindAddress('[::1]:9')).toEqual({ host: '::1', port: 9 });
    expect(() => parseBindAddress('8080x')).toThrow('invalid bind address "8080x": want host:port');
  });
});

describe('a running manager', () => {
  it('routes for / owns / watches events to requests, with the event filter before per-watch predicates', async () => {
    const { mgr, fake } = manager();
    const seen: string[] = [];
    controllerManagedBy(mgr)
      .for<Widget>(widgets, { predicates: [generationChangedPredicate(noopLogger)] })
      .owns(configMaps)
      .watches(clusters, enqueueRequestsFromMapFunc((c: KubeObject) => [{ namespace: 'ns', name: c.metadata?.labels?.widget ?? '' }]))
      .withEventFilter(newPredicateFuncs((o) => o.metadata?.labels?.skip !== 'true'))
      .complete((req) => void seen.push(key(req)));
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await mgr.elected();
    const ws = fake.client<Widget, WidgetList>(widgets, 'ns');
    await ws.create(widget('a'));
    await ws.create(widget('skipped', 'ns', { metadata: { name: 'skipped', namespace: 'ns', labels: { skip: 'true' } } }));
    await until(() => seen.includes('ns/a'), 'for');
    // a metadata-only change does not pass generationChanged
    const a = await ws.get('a');
    await ws.update({ ...a, metadata: { ...a.metadata, annotations: { touched: 'yes' } } });
    await fake.client(configMaps, 'ns').create({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cm', namespace: 'ns', ownerReferences: [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'owner', uid: 'u', controller: true }] },
    });
    await until(() => seen.includes('ns/owner'), 'owns');
    await fake.client(clusters).create({ apiVersion: 'example.com/v1', kind: 'Cluster', metadata: { name: 'c1', labels: { widget: 'mapped' } } });
    await until(() => seen.includes('ns/mapped'), 'watches');
    await settle();
    expect(seen.sort()).toEqual(['ns/a', 'ns/mapped', 'ns/owner']);
    stop.abort();
    await run;
  });

  it('reads through a cached lister of kinds registered before start, and refuses unregistered kinds after', async () => {
    const { mgr, fake } = manager({ cache: { transform: stripManagedFields } });
    await fake.client<Widget, WidgetList>(widgets, 'ns').create({ ...widget('w'), metadata: { name: 'w', namespace: 'ns', managedFields: [{ manager: 'kubectl' }] } });
    const widgetsLister = mgr.lister<Widget>(widgets);
    mgr.addReadyzCheck('informers', mgr.cacheSyncChecker());
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => widgetsLister.list().length === 1);
    expect(widgetsLister.namespace('ns').get('w').metadata?.managedFields).toBeUndefined();
    expect(() => mgr.lister(configMaps)).toThrow('the cache has no informer for /v1/configmaps: ask for its lister (or watch the kind) before the manager starts');
    stop.abort();
    await run;
  });

  it.each([
    { name: 'one namespace', cache: { namespace: 'ns' }, want: ['ns/a', 'ns/b'] },
    { name: 'a label selector', cache: { labelSelector: 'team=x' }, want: ['ns/a', 'other/c'] },
    { name: 'cluster-wide', cache: {}, want: ['ns/a', 'ns/b', 'other/c'] },
  ])('the cache watches $name', async ({ cache, want }) => {
    const { mgr, fake } = manager({ cache });
    const seen: string[] = [];
    controllerManagedBy(mgr).for(widgets).complete((req) => void seen.push(key(req)));
    for (const [ns, n, team] of [['ns', 'a', 'x'], ['ns', 'b', 'y'], ['other', 'c', 'x']] as const) {
      await fake.client<Widget, WidgetList>(widgets, ns).create({ ...widget(n, ns), metadata: { name: n, namespace: ns, labels: { team } } });
    }
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => seen.length >= want.length);
    await settle();
    expect(seen.sort()).toEqual(want);
    stop.abort();
    await run;
  });

  it('graceful stop: in-flight reconciles finish before start resolves; past the grace period their signal aborts', async () => {
    const clock = new FakeClock(0);
    const { mgr, fake } = manager({ clock, gracefulShutdownTimeoutMs: 5_000 });
    const gate = deferred();
    const events: string[] = [];
    controllerManagedBy(mgr)
      .for(widgets)
      .complete(async (req, signal) => {
        events.push(`start ${req.name}`);
        signal.addEventListener('abort', () => events.push('aborted'));
        await Promise.race([gate.promise, new Promise((r) => signal.addEventListener('abort', r))]);
        events.push(`end ${req.name}`);
      });
    await fake.client(widgets, 'ns').create(widget('a'));
    const stop = new AbortController();
    let result: unknown = 'pending';
    const run = mgr.start(stop.signal).then(
      () => (result = 'resolved'),
      (e: unknown) => (result = e instanceof Error ? e.message : String(e)),
    );
    await until(() => events.includes('start a'));
    stop.abort();
    await settle();
    clock.step(4_999);
    await settle();
    expect(result).toBe('pending');
    expect(events).toEqual(['start a']);
    clock.step(1);
    await run;
    expect(events).toEqual(['start a', 'aborted', 'end a']);
    expect(result).toBe('failed waiting for all runnables to end within grace period of 5s: context deadline exceeded');
  });

  it('graceful stop within the grace period resolves cleanly', async () => {
    const clock = new FakeClock(0);
    const { mgr, fake } = manager({ clock });
    const gate = deferred();
    const done: string[] = [];
    controllerManagedBy(mgr)
      .for(widgets)
      .complete(async (req) => {
        await gate.promise;
        done.push(req.name);
      });
    await fake.client(widgets, 'ns').create(widget('a'));
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await settle(20);
    stop.abort();
    await settle();
    gate.resolve();
    await expect(run).resolves.toBeUndefined();
    expect(done).toEqual(['a']);
  });

  it('runs leader-only controllers only while leading; losing the lease stops them at once and start rejects', async () => {
    const T0 = Date.UTC(2026, 0, 1);
    const clock = new FakeClock(T0);
    const { mgr, fake } = manager({
      clock,
      leaderElection: { id: 'op', namespace: 'ops', identity: 'me', random: () => 0 },
    });
    // someone else holds the lease
    await fake.client<Lease, LeaseList>(leaseResource, 'ops').create({
      metadata: { name: 'op', namespace: 'ops' },
      spec: { holderIdentity: 'other', leaseDurationSeconds: 15, leaseTransitions: 0 },
    });
    const events: string[] = [];
    controllerManagedBy(mgr)
      .for(widgets)
      .complete(async (req, signal) => {
        events.push(`reconcile ${req.name}@${clock.now() - T0}`);
        await new Promise((r) => signal.addEventListener('abort', r));
        events.push(`aborted@${clock.now() - T0}`);
      });
    const nonLeader: string[] = [];
    mgr.add({ start: async (signal) => void nonLeader.push(`started, aborted=${signal.aborted}`), needLeaderElection: () => false });
    await fake.client(widgets, 'ns').create(widget('a'));
    const stop = new AbortController();
    let failure: string | undefined;
    const run = mgr.start(stop.signal).catch((e: unknown) => (failure = e instanceof Error ? e.message : String(e)));
    await settle(20);
    expect(nonLeader).toEqual(['started, aborted=false']);
    expect(events).toEqual([]);
    for (let t = 0; t < 16_000; t += 1_000) {
      clock.step(1_000);
      await settle();
    }
    await until(() => events.length === 1, 'elected');
    expect(events).toEqual(['reconcile a@16000']);
    // the apiserver stops answering lease writes: at the renew deadline the controller is aborted at once
    fake.prependReactor('update', 'leases', () => new Promise(() => undefined));
    fake.prependReactor('get', 'leases', () => new Promise(() => undefined));
    for (let t = 0; t < 14_000 && failure === undefined; t += 1_000) {
      clock.step(1_000);
      await settle();
    }
    await run;
    expect(failure).toBe('leader election lost');
    expect(events).toEqual(['reconcile a@16000', 'aborted@28000']);
    // the lock reported both transitions on the Lease (events.k8s.io); their actions differ, so they are two events
    const leaseEvents = (await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ops').list()).items;
    expect(leaseEvents.map((e) => [e.type, e.reason, e.action, e.note, e.regarding?.kind, e.regarding?.name, e.series]).sort()).toEqual([
      ['Normal', 'LeaderElection', 'BecameLeader', 'me became leader', 'Lease', 'op', undefined],
      ['Normal', 'LeaderElection', 'StoppedLeading', 'me stopped leading', 'Lease', 'op', undefined],
    ]);
  });

  it('both recorders write their events before start resolves', async () => {
    const { mgr, fake } = manager({ hostname: 'host-1' });
    const modern = mgr.getEventRecorder('widget-controller');
    const legacy = mgr.getEventRecorderFor('widget-controller');
    controllerManagedBy(mgr)
      .for(widgets)
      .complete(async (req) => {
        const w = await fake.client<Widget, WidgetList>(widgets, req.namespace).get(req.name);
        modern.eventf(w, undefined, 'Normal', 'Seen', 'Reconcile', 'events.k8s.io');
        legacy.eventf(w, 'Normal', 'Seen', 'core/v1');
      });
    await fake.client<Widget, WidgetList>(widgets, 'ns').create(widget('a'));
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => fake.actions().some((a) => a.verb === 'create' && a.resource.resource === 'events'));
    stop.abort();
    await run;
    const created = fake.actions().filter((a) => a.verb === 'create' && a.resource.resource === 'events');
    expect(created.map((a) => `${a.resource.group || 'core'}:${(a as { object: { note?: string; message?: string } }).object.note ?? (a as { object: { message?: string } }).object.message}`).sort()).toEqual([
      'core:core/v1',
      'events.k8s.io:events.k8s.io',
    ]);
  });

  it('refuses leader election without an id', () => {
    expect(() => new Manager({ clients: fakeServer().clients, leaderElection: { id: '' } })).toThrow('LeaderElectionID must be configured');
  });

  it('without a namespace outside a cluster, leader election fails with controller-runtime\'s message', async () => {
    const { mgr } = manager({ leaderElection: { id: 'op' } });
    await expect(mgr.start(AbortSignal.timeout(5_000))).rejects.toThrow(
      'unable to find leader election namespace: not running in-cluster, please specify LeaderElectionNamespace',
    );
  });

  it('a failing runnable stops the manager with its error', async () => {
    const { mgr } = manager();
    mgr.add({ start: async () => Promise.reject(new Error('cache sync timed out')) });
    await expect(mgr.start(new AbortController().signal)).rejects.toThrow('cache sync timed out');
  });
});

describe('probes and metrics over HTTP', () => {
  it('serves /healthz and /readyz with controller-runtime texts; checks cannot be added after start', async () => {
    const { mgr } = manager({ healthProbeBindAddress: '127.0.0.1:0' });
    let ready = false;
    mgr.addHealthzCheck('ping', () => undefined);
    mgr.addReadyzCheck('cache', () => {
      if (!ready) throw new Error('not synced');
    });
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => mgr.healthProbeAddress !== undefined);
    const get = async (p: string) => {
      const res = await fetch(`http://${mgr.healthProbeAddress}${p}`);
      return { status: res.status, body: await res.text(), type: res.headers.get('content-type') };
    };
    expect(await get('/healthz')).toEqual({ status: 200, body: 'ok', type: 'text/plain; charset=utf-8' });
    expect(await get('/readyz')).toEqual({ status: 500, body: '[-]cache failed: reason withheld\nhealthz check failed\n', type: 'text/plain; charset=utf-8' });
    expect(await get('/readyz/cache')).toMatchObject({ status: 500, body: 'internal server error: not synced\n' });
    ready = true;
    expect(await get('/readyz?verbose')).toMatchObject({ status: 200, body: '[+]cache ok\nhealthz check passed\n' });
    expect((await get('/nothing')).status).toBe(404);
    expect(() => mgr.addHealthzCheck('late', () => undefined)).toThrow('unable to add new checker because healthz endpoint has already been created');
    expect(() => mgr.addReadyzCheck('late', () => undefined)).toThrow('unable to add new checker because readyz endpoint has already been created');
    stop.abort();
    await run;
  });

  it('serves controller-runtime metric names on /metrics', async () => {
    const { mgr, fake } = manager({ metrics: { bindAddress: '127.0.0.1:0' } });
    let failures = 1;
    controllerManagedBy(mgr)
      .for(widgets)
      .complete(() => {
        if (failures-- > 0) throw new Error('once');
      });
    await fake.client(widgets, 'ns').create(widget('a'));
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => mgr.metricsAddress !== undefined);
    let body = '';
    for (let i = 0; i < 100 && !body.includes('controller_runtime_reconcile_total{controller="widget",result="success"} 1'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      body = await (await fetch(`http://${mgr.metricsAddress}/metrics`)).text();
    }
    for (const line of [
      'controller_runtime_reconcile_total{controller="widget",result="success"} 1',
      'controller_runtime_reconcile_total{controller="widget",result="error"} 1',
      'controller_runtime_reconcile_total{controller="widget",result="requeue"} 0',
      'controller_runtime_reconcile_total{controller="widget",result="requeue_after"} 0',
      'controller_runtime_reconcile_errors_total{controller="widget"} 1',
      'controller_runtime_terminal_reconcile_errors_total{controller="widget"} 0',
      'controller_runtime_max_concurrent_reconciles{controller="widget"} 1',
      'controller_runtime_active_workers{controller="widget"} 0',
      'workqueue_retries_total{name="widget",controller="widget"} 1',
      'workqueue_depth{name="widget",controller="widget",priority="0"} 0',
    ]) {
      expect(body).toContain(line);
    }
    for (const name of [
      'controller_runtime_reconcile_time_seconds_bucket',
      'controller_runtime_reconcile_timeouts_total',
      'workqueue_adds_total',
      'workqueue_queue_duration_seconds_bucket',
      'workqueue_work_duration_seconds_bucket',
      'workqueue_unfinished_work_seconds',
      'workqueue_longest_running_processor_seconds',
    ]) {
      expect(body).toContain(name);
    }
    expect(body.match(/controller_runtime_reconcile_time_seconds_bucket\{[^}]*\}/g)).toHaveLength(41); // 40 buckets + +Inf
    stop.abort();
    await run;
  });

  it("the cache's stage counters reach the manager's /metrics (one Metrics for everything it runs)", async () => {
    const { mgr, fake } = manager({ metrics: { bindAddress: '127.0.0.1:0' }, cache: { reflector: { initialList: 'ListWatch' } } });
    let failures = 1;
    fake.prependReactor('list', 'widgets', () => (failures-- > 0 ? { error: newInternalError('etcd is down') } : undefined));
    controllerManagedBy(mgr).for(widgets).complete(() => undefined);
    const stop = new AbortController();
    const run = mgr.start(stop.signal);
    await until(() => mgr.metricsAddress !== undefined);
    const want = 'kubegen_watcher_errors_total{name="reflector example.com/v1/widgets",phase="list",reason="Status"} 1';
    let body = '';
    for (let i = 0; i < 100 && !body.includes(want); i++) {
      await new Promise((r) => setTimeout(r, 20));
      body = await (await fetch(`http://${mgr.metricsAddress}/metrics`)).text();
    }
    expect(body).toContain(want);
    stop.abort();
    await run;
  });

  it('prometheusMetrics counts stage counters by the label keys of their first call, and never throws', async () => {
    const m = prometheusMetrics();
    m.count('kubegen_test_total', { name: 'a', phase: 'list' });
    m.count('kubegen_test_total', { phase: 'list', name: 'a' }, 2);
    // other label keys than the first call's: dropped, not thrown
    expect(() => { m.count('kubegen_test_total', { other: 'x' }); }).not.toThrow();
    // a name that is not a metric name: dropped, not thrown
    expect(() => { m.count('not a name', { a: 'b' }); }).not.toThrow();
    const { body } = await m.exposition();
    expect(body).toContain('kubegen_test_total{name="a",phase="list"} 3');
    expect(body).not.toContain('other="x"');
  });

  it('prometheusMetrics sets stage gauges (the last value wins) by the label keys of their first call, and never throws', async () => {
    const m = prometheusMetrics();
    m.gauge?.('kubegen_test_members', { controllerring: 'r' }, 3);
    m.gauge?.('kubegen_test_members', { controllerring: 'r' }, 2);
    expect(() => { m.gauge?.('kubegen_test_members', { other: 'x' }, 1); }).not.toThrow();
    expect(() => { m.gauge?.('not a name', { a: 'b' }, 1); }).not.toThrow();
    const { body } = await m.exposition();
    expect(body).toContain('# TYPE kubegen_test_members gauge');
    expect(body).toContain('kubegen_test_members{controllerring="r"} 2');
    expect(body).not.toContain('other="x"');
  });
});
