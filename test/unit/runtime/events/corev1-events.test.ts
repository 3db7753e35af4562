/** The core/v1 recorder and client-go's EventCorrelator: de-duplication, aggregation, spam filter, retries. */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { CoreEventBroadcaster, EventCorrelator, coreEventResource, type CoreEvent, type CoreEventList } from '../../../../runtime/src/events/corev1';
import { newBadRequest } from '../../../../runtime/src/errors/errors';
import { Fake } from '../../../../runtime/src/testing/fake';
import { expectTwoTransportRetries, recordingLogger, widget } from '../../helpers/operator';

const T0 = Date.UTC(2026, 0, 1);
const obj = { ...widget('w'), metadata: { name: 'w', namespace: 'ns', uid: 'u1' } };

function event(message: string, extra: Partial<CoreEvent> = {}): CoreEvent {
  return {
    metadata: { name: `w.${message}`, namespace: 'ns' },
    involvedObject: { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'ns', name: 'w', uid: 'u1' },
    reason: 'Failed',
    message,
    type: 'Warning',
    count: 1,
    firstTimestamp: '2026-01-01T00:00:00Z',
    lastTimestamp: '2026-01-01T00:00:00Z',
    source: { component: 'c', host: 'h' },
    reportingComponent: 'c',
    reportingInstance: 'h',
    ...extra,
  };
}

describe('EventCorrelator', () => {
  it('an identical event becomes a patch of count, lastTimestamp and message to the first name', () => {
    const c = new EventCorrelator({ clock: new FakeClock(T0) });
    expect(c.correlate(event('same'))).toMatchObject({ skip: false, event: { count: 1 } });
    // the correlator remembers its own observation: the repeat patches the first occurrence's name
    const second = c.correlate({ ...event('same'), metadata: { name: 'w.later', namespace: 'ns' } });
    expect(second.event.metadata.name).toBe('w.same');
    expect(second.patch).toEqual({ count: 2, lastTimestamp: '2026-01-01T00:00:00Z', message: 'same' });
  });

  it('counts repeats with the server\'s answers', () => {
    const c = new EventCorrelator({ clock: new FakeClock(T0) });
    const first = c.correlate(event('same'));
    c.updateState({ ...first.event, metadata: { ...first.event.metadata, resourceVersion: '5' } });
    const second = c.correlate({ ...event('same'), metadata: { name: 'w.other', namespace: 'ns' }, lastTimestamp: '2026-01-01T00:00:09Z' });
    expect(second.event.metadata).toEqual({ name: 'w.same', namespace: 'ns', resourceVersion: '5' });
    expect(second.patch).toEqual({ count: 2, lastTimestamp: '2026-01-01T00:00:09Z', message: 'same' });
  });

  it('the 10th distinct message within 600 s becomes "(combined from similar events): …", then counts on it', () => {
    const clock = new FakeClock(T0);
    const c = new EventCorrelator({ clock });
    const messages: string[] = [];
    for (let i = 1; i <= 11; i++) {
      const r = c.correlate(event(`m${i}`));
      messages.push(`${r.event.message}${r.patch ? ` #${r.patch.count}` : ''}`);
      clock.step(1_000);
    }
    expect(messages.slice(0, 9)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    expect(messages[9]).toBe('(combined from similar events): m10');
    expect(messages[10]).toBe('(combined from similar events): m11 #2');
    // 600 s of quiet: the aggregation window starts over
    clock.step(601_000);
    expect(c.correlate(event('m12')).event.message).toBe('m12');
  });

  it('a source may burst 25 events about an object, then 1 per 300 s', () => {
    const clock = new FakeClock(T0);
    const c = new EventCorrelator({ clock });
    const skipped = Array.from({ length: 27 }, (_, i) => c.correlate(event('x', { reason: `R${i % 5}` })).skip);
    expect(skipped.filter((s) => !s)).toHaveLength(25);
    expect(skipped.slice(25)).toEqual([true, true]);
    clock.step(299_000);
    expect(c.correlate(event('y')).skip).toBe(true);
    clock.step(1_000);
    expect(c.correlate(event('y')).skip).toBe(false);
    // another object has its own bucket
    expect(c.correlate(event('z', { involvedObject: { kind: 'Widget', namespace: 'ns', name: 'other' } })).skip).toBe(false);
  });
});

describe('CoreEventBroadcaster', () => {
  function setup() {
    const clock = new FakeClock(T0);
    const fake = new Fake();
    const rec = recordingLogger();
    const b = new CoreEventBroadcaster({ clientFor: (ns) => fake.client<CoreEvent, CoreEventList>(coreEventResource, ns), clock, logger: rec.logger, random: () => 0.5 });
    return { clock, fake, rec, b, recorder: b.newRecorder('widget-controller', 'host-1') };
  }

  it('creates, then patches the count of a repeated event; a deleted one is created again', async () => {
    const { fake, b, clock, recorder } = setup();
    recorder.eventf(obj, 'Normal', 'Synced', 'all good');
    await b.flush();
    const events = fake.client<CoreEvent, CoreEventList>(coreEventResource, 'ns');
    const [first] = (await events.list()).items;
    expect(first).toMatchObject({
      involvedObject: { kind: 'Widget', name: 'w', namespace: 'ns', uid: 'u1' },
      reason: 'Synced',
      message: 'all good',
      type: 'Normal',
      count: 1,
      firstTimestamp: '2026-01-01T00:00:00Z',
      source: { component: 'widget-controller', host: 'host-1' },
      reportingComponent: 'widget-controller',
      reportingInstance: 'host-1',
    });
    clock.step(5_000);
    recorder.eventf(obj, 'Normal', 'Synced', 'all good');
    await b.flush();
    expect((await events.get(first!.metadata.name!)).count).toBe(2);
    expect((await events.get(first!.metadata.name!)).lastTimestamp).toBe('2026-01-01T00:00:05Z');
    await events.delete(first!.metadata.name!);
    recorder.eventf(obj, 'Normal', 'Synced', 'all good');
    await b.flush();
    const again = (await events.list()).items;
    expect(again.map((e) => [e.metadata.name, e.count])).toEqual([[first!.metadata.name, 3]]);
  });

  it('retries transport errors (first wait random), never API rejections; drops unsupported types', async () => {
    const { fake, b, clock, recorder, rec } = setup();
    // the first retry after 10 s × 0.5 (the random factor pinned by the test's setup)
    await expectTwoTransportRetries(fake, clock, b, () => recorder.eventf(obj, 'Warning', 'Oops', 'x'), 5_000);
    fake.prependReactor('create', 'events', () => ({ error: newBadRequest('bad') }));
    fake.clearActions();
    recorder.eventf(obj, 'Warning', 'Other', 'y');
    await b.flush();
    expect(fake.actions()).toHaveLength(1);
    recorder.eventf(obj, 'Info', 'Other', 'y');
    expect(rec.records.map((r) => r.msg)).toContain("Unsupported event type: 'Info'");
  });
});
