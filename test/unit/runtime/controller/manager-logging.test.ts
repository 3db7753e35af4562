/**
 * One operator logs in one format: a manager given a JSON logger hands it (named, with the manager's key/values) to
 * everything it runs — the informer factory and its reflectors, the controllers, both event recorders, the leader
 * elector — so every line it writes is a JSON record carrying the manager's values, whatever stage wrote it.
 */
import { Writable } from 'node:stream';
import { controllerManagedBy, Manager } from '../../../../runtime/src/controller';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { newInternalError } from '../../../../runtime/src/errors';
import { createLogger } from '../../../../runtime/src/log';
import { fakeServer, settle, until, widget, widgets } from '../../helpers/operator';

// This file runs a manager with timers and a fake clock: a generous timeout for a loaded machine.
jest.setTimeout(60_000);

/** A stream keeping every line written to it. */
function lineStream(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      const parts = (partial + String(chunk)).split('\n');
      partial = parts.pop() ?? '';
      lines.push(...parts);
      done();
    },
  });
  return { stream, lines };
}

describe('a manager with a JSON logger', () => {
  it('every line its cache, reflectors, controllers, events and leader election write is JSON with its values', async () => {
    const { fake, clients } = fakeServer();
    const clock = new FakeClock(Date.parse('2026-12-05T10:00:00Z'));
    const { stream, lines } = lineStream();
    const logger = createLogger({ format: 'json', level: 10, stream, clock }).withValues({ operator: 'widgets-op' });
    // the first list of widgets fails: the reflector reports it and retries
    let listFailures = 1;
    fake.prependReactor('list', 'widgets', () => (listFailures-- > 0 ? { error: newInternalError('etcd is down') } : undefined));
    await fake.client(widgets, 'ns').create(widget('a'));
    const mgr = new Manager({
      clients,
      logger,
      clock,
      hostname: 'pod-1',
      cache: { reflector: { initialList: 'ListWatch' } },
      leaderElection: { id: 'widgets-op', namespace: 'ns', identity: 'pod-1', random: () => 0 },
    });
    const reconciled: string[] = [];
    const recorder = mgr.getEventRecorderFor('widget-controller');
    controllerManagedBy(mgr)
      .for(widgets)
      .build((req) => {
        reconciled.push(req.name);
        const obj = widget(req.name);
        // a valid event is written; an event type that is neither Normal nor Warning is dropped with a log line
        recorder.eventf(obj, 'Normal', 'Seen', 'reconciled');
        recorder.eventf(obj, 'Bogus', 'Seen', 'dropped');
        mgr.getEventRecorder('widget-controller').eventf(obj, undefined, 'Bogus', 'Seen', 'Reconcile', 'dropped');
      });

    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    // let the reflector's retry after the failed list come due
    for (let i = 0; i < 50 && reconciled.length === 0; i++) {
      await settle();
      clock.step(1000);
    }
    await until(() => reconciled.includes('a'), 'reconciled a');
    await settle();
    stop.abort();
    await running;

    expect(lines.length).toBeGreaterThan(5);
    const records = lines.map((line) => {
      let parsed: unknown;
      expect(() => (parsed = JSON.parse(line) as unknown)).not.toThrow();
      return parsed as Record<string, unknown>;
    });
    // every record: zap's JSON keys, the manager's values
    const offenders = records.filter((r) => r.operator !== 'widgets-op' || typeof r.msg !== 'string' || typeof r.ts !== 'number' || typeof r.level !== 'string');
    expect(offenders).toEqual([]);
    // and the stages wrote: the reflector (its failed list), the controller, both recorders, the leader elector
    const loggers = new Set(records.map((r) => (typeof r.logger === 'string' ? r.logger : '')));
    expect([...loggers].filter((l) => l.startsWith('cache')).length).toBeGreaterThan(0);
    expect(records.some((r) => (typeof r.logger === 'string' ? r.logger : '').startsWith('cache') && r.level === 'error' && String(r.error).includes('etcd is down'))).toBe(true);
    expect([...loggers].some((l) => l.includes('events'))).toBe(true);
    expect([...loggers].some((l) => l.includes('leaderelection'))).toBe(true);
    expect(records.some((r) => r.controller === 'widget')).toBe(true);
  });
});
