/** The events.k8s.io/v1 recorder: naming, series aggregation like client-go's tools/events, retries. */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { EventBroadcaster } from '../../../../runtime/src/events/recorder';
import { eventResource, type EventsV1Event, type EventsV1EventList } from '../../../../runtime/src/events/types';
import { newBadRequest } from '../../../../runtime/src/errors/errors';
import { Fake } from '../../../../runtime/src/testing/fake';
import { expectTwoTransportRetries, recordingLogger, settle, widget } from '../../helpers/operator';

const T0 = Date.UTC(2026, 0, 1);

function setup() {
  const clock = new FakeClock(T0);
  const fake = new Fake();
  const rec = recordingLogger();
  const b = new EventBroadcaster({
    clientFor: (ns) => fake.client<EventsV1Event, EventsV1EventList>(eventResource, ns),
    clock,
    hostname: 'host-1',
    random: () => 0,
    logger: rec.logger,
  });
  const stop = new AbortController();
  b.start(stop.signal);
  return { clock, fake, b, rec, stop, recorder: b.newRecorder('widget-controller') };
}

const regarding = { ...widget('w'), metadata: { name: 'w', namespace: 'ns', uid: 'u1', resourceVersion: '7' } };
const writes = (fake: Fake) => fake.actions().filter((a) => a.verb !== 'get' && a.verb !== 'list').map((a) => (a.verb === 'patch' ? `patch ${a.name} ${JSON.stringify(a.patch)}` : a.verb));

describe('EventBroadcaster', () => {
  it('creates an event named <regarding>.<hex nanos> with the reporting controller and instance', async () => {
    const { fake, b, recorder } = setup();
    recorder.eventf(regarding, undefined, 'Normal', 'Created', 'Reconcile', 'made a ConfigMap');
    await b.flush();
    const { items } = await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ns').list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      metadata: { name: `w.${(BigInt(T0) * 1_000_000n).toString(16)}`, namespace: 'ns' },
      eventTime: '2026-01-01T00:00:00.000000Z',
      reportingController: 'widget-controller',
      reportingInstance: 'widget-controller-host-1',
      action: 'Reconcile',
      reason: 'Created',
      note: 'made a ConfigMap',
      type: 'Normal',
      regarding: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'ns', name: 'w', uid: 'u1', resourceVersion: '7' },
    });
    expect(items[0]!.series).toBeUndefined();
  });

  it('events of a cluster-scoped object go to default', async () => {
    const { fake, b, recorder } = setup();
    recorder.eventf({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }, undefined, 'Warning', 'NotReady', 'Check', 'down');
    await b.flush();
    expect((await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'default').list()).items).toHaveLength(1);
  });

  it('isomorphic events (the note is not in the key) form a series: 2nd patches count 2, later ones count in memory, flushed when idle > 6 min', async () => {
    const { fake, b, clock, recorder } = setup();
    recorder.eventf(regarding, undefined, 'Warning', 'Failed', 'Reconcile', 'attempt 1');
    await b.flush();
    const name = (await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ns').list()).items[0]!.metadata.name!;
    clock.step(1_000);
    recorder.eventf(regarding, undefined, 'Warning', 'Failed', 'Reconcile', 'attempt 2');
    await b.flush();
    clock.step(1_000);
    recorder.eventf(regarding, undefined, 'Warning', 'Failed', 'Reconcile', 'attempt 3');
    // another reason is another series
    recorder.eventf(regarding, undefined, 'Warning', 'Other', 'Reconcile', 'x');
    await b.flush();
    expect(writes(fake)).toEqual([
      'create',
      `patch ${name} {"series":{"count":2,"lastObservedTime":"2026-01-01T00:00:01.000000Z"}}`,
      'create',
    ]);
    fake.clearActions();
    // the finish check runs every 6 min; the series was last observed at 2 s: not idle long enough at 6 min
    clock.step(6 * 60_000 - 2_000);
    await b.flush();
    expect(writes(fake)).toEqual([]);
    clock.step(6 * 60_000);
    await settle();
    await b.flush();
    expect(writes(fake)).toEqual([`patch ${name} {"series":{"count":3,"lastObservedTime":"2026-01-01T00:00:02.000000Z"}}`]);
    // forgotten: the next one starts over with a new event
    fake.clearActions();
    recorder.eventf(regarding, undefined, 'Warning', 'Failed', 'Reconcile', 'attempt 4');
    await b.flush();
    expect(writes(fake)).toEqual(['create']);
  });

  it('open series are written every 30 minutes', async () => {
    const { fake, b, clock, recorder } = setup();
    for (let i = 0; i < 3; i++) {
      recorder.eventf(regarding, undefined, 'Normal', 'Synced', 'Reconcile', `n${i}`);
      await b.flush();
    }
    fake.clearActions();
    // keep the series alive past the 6-minute finish checks
    for (let m = 1; m <= 30; m++) {
      clock.step(60_000);
      recorder.eventf(regarding, undefined, 'Normal', 'Synced', 'Reconcile', 'again');
      await settle();
    }
    await b.flush();
    const w = writes(fake);
    expect(w).toHaveLength(1);
    // 3 + 29 repeats observed before the 30-minute tick (the 30th comes after it)
    expect(w[0]).toContain('"count":32,"lastObservedTime":"2026-01-01T00:29:00.000000Z"');
  });

  it('a patch of a deleted event creates it again; an unsupported type is dropped', async () => {
    const { fake, b, recorder, rec } = setup();
    recorder.eventf(regarding, undefined, 'Normal', 'A', 'Act', 'n');
    await b.flush();
    const events = fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ns');
    await events.delete((await events.list()).items[0]!.metadata.name!);
    recorder.eventf(regarding, undefined, 'Normal', 'A', 'Act', 'n');
    await b.flush();
    const items = (await events.list()).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.series).toEqual({ count: 2, lastObservedTime: '2026-01-01T00:00:00.000000Z' });
    recorder.eventf(regarding, undefined, 'Info', 'A', 'Act', 'n');
    await b.flush();
    expect(rec.records.map((r) => r.msg)).toContain("Unsupported event type: 'Info'");
  });

  it('retries transport errors 10–12.5 s apart up to 12 times; API rejections are not retried', async () => {
    const { fake, b, clock, recorder } = setup();
    await expectTwoTransportRetries(fake, clock, b, () => recorder.eventf(regarding, undefined, 'Normal', 'A', 'Act', 'n'), 10_000);
    expect((await fake.client<EventsV1Event, EventsV1EventList>(eventResource, 'ns').list()).items).toHaveLength(1);

    fake.prependReactor('create', 'events', () => ({ error: newBadRequest('note too long') }));
    fake.clearActions();
    recorder.eventf(regarding, undefined, 'Normal', 'B', 'Act', 'n');
    await b.flush();
    expect(fake.actions().filter((a) => a.verb === 'create')).toHaveLength(1);
  });
});
