/**
 * The runtime declares the Lease and Event types its leader election and event recorders write, because it cannot
 * depend on `@kubegen/api` (which depends on the runtime). This file makes their relationship to `@kubegen/api`'s
 * generated types checked rather than hoped:
 *
 * - at compile time (`tsc --noEmit -p tsconfig.json` type-checks test/, both packages through their published
 *   declarations): each runtime type and its `@kubegen/api` twin are mutually assignable, and `@kubegen/api`'s
 *   typed clients are the clients the runtime takes (`LeaseLockClient`, `EventsV1EventClient`, `CoreEventClient`);
 *   the `@ts-expect-error` line shows the check can fail;
 * - at run time: the resource descriptors are equal, and a `LeaseLock` and an `EventBroadcaster` run over
 *   `@kubegen/api`'s fake clientsets, their writes read back as `@kubegen/api` objects.
 */
import { CoordinationV1Client, leaseResource as apiLeaseResource, type Lease as ApiLease, type LeaseList as ApiLeaseList } from '@kubegen/api/coordination/v1';
import { Clientset as CoordinationFake } from '@kubegen/api/coordination/fake';
import { eventResource as apiEventResource, type Event as ApiEvent, type EventClient as ApiEventClient, type EventList as ApiEventList } from '@kubegen/api/events/v1';
import { Clientset as EventsFake } from '@kubegen/api/events/fake';
import { eventResource as apiCoreEventResource, type Event as ApiCoreEvent, type EventClient as ApiCoreEventClient, type EventList as ApiCoreEventList } from '@kubegen/api/core/v1';
import { LeaseLock, leaseResource, type Lease, type LeaseList, type LeaseLockClient } from '@kubegen/runtime/leaderelection';
import {
  EventBroadcaster,
  coreEventResource,
  eventResource,
  type CoreEvent,
  type CoreEventClient,
  type CoreEventList,
  type EventsV1Event,
  type EventsV1EventClient,
  type EventsV1EventList,
} from '@kubegen/runtime/events';

/** `true` exactly when `A` and `B` are assignable to each other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Compile-time checks: a `false` type does not accept `true`.
const mutual = {
  lease: true satisfies Mutual<Lease, ApiLease>,
  leaseList: true satisfies Mutual<LeaseList, ApiLeaseList>,
  event: true satisfies Mutual<EventsV1Event, ApiEvent>,
  eventList: true satisfies Mutual<EventsV1EventList, ApiEventList>,
  coreEvent: true satisfies Mutual<CoreEvent, ApiCoreEvent>,
  coreEventList: true satisfies Mutual<CoreEventList, ApiCoreEventList>,
};
// @ts-expect-error the check fails for a type that differs in one field's type
const differs = true satisfies Mutual<Lease, ApiLease & { spec?: { holderIdentity?: number } }>;

// @kubegen/api's typed clients are the clients the runtime takes.
const clients = {
  lease: (c: CoordinationV1Client, namespace: string): LeaseLockClient => c.leases(namespace),
  event: (c: ApiEventClient): EventsV1EventClient => c,
  coreEvent: (c: ApiCoreEventClient): CoreEventClient => c,
};

describe("the runtime's Lease and Event types and @kubegen/api's", () => {
  it('are mutually assignable (checked by tsc; every check compiled to true)', () => {
    expect(mutual).toEqual({ lease: true, leaseList: true, event: true, eventList: true, coreEvent: true, coreEventList: true });
    expect(differs).toBe(true);
  });

  it('name the same resources', () => {
    expect({ ...leaseResource }).toEqual({ ...apiLeaseResource });
    expect({ ...eventResource }).toEqual({ ...apiEventResource });
    expect({ ...coreEventResource }).toEqual({ ...apiCoreEventResource });
  });

  it("a LeaseLock over @kubegen/api's Lease client writes a Lease @kubegen/api reads", async () => {
    const fake = new CoordinationFake();
    const leases = fake.coordinationV1().leases('kube-system');
    const lock = new LeaseLock({ client: leases, namespace: 'kube-system', name: 'my-operator', identity: 'pod-a' });
    const t = Date.UTC(2026, 0, 1);
    await lock.create({ holderIdentity: 'pod-a', leaseDurationSeconds: 15, acquireTime: t, renewTime: t, leaderTransitions: 0 });
    await lock.update({ holderIdentity: 'pod-a', leaseDurationSeconds: 15, acquireTime: t, renewTime: t + 2000, leaderTransitions: 0 });
    const stored: ApiLease = await leases.get('my-operator');
    expect(stored.spec).toEqual({
      holderIdentity: 'pod-a',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-01T00:00:00.000000Z',
      renewTime: '2026-01-01T00:00:02.000000Z',
      leaseTransitions: 0,
    });
    expect((await lock.get()).record.holderIdentity).toBe('pod-a');
  });

  it("an EventBroadcaster over @kubegen/api's Event client writes an Event @kubegen/api reads", async () => {
    const fake = new EventsFake();
    const b = new EventBroadcaster({ clientFor: (ns) => clients.event(fake.eventsV1().events(ns)), hostname: 'host-1' });
    const stop = new AbortController();
    b.start(stop.signal);
    b.newRecorder('widget-controller').eventf({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns' } }, undefined, 'Normal', 'Created', 'Reconcile', 'made it');
    await b.flush();
    stop.abort();
    const { items }: ApiEventList = await fake.eventsV1().events('ns').list();
    expect(items.map((e: ApiEvent) => [e.reportingController, e.reason, e.note, e.regarding?.name])).toEqual([['widget-controller', 'Created', 'made it', 'cm']]);
  });
});
