/**
 * The typed watcher errors (`watcherError`: what a list, a watch or the store threw, classified once) and the
 * logger and metrics hooks of reflectors and informers (nothing is written to the console).
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { SharedIndexInformer } from '../../../../runtime/src/cache/informer';
import { Reflector, WatcherProtocolError, watcherError, type WatcherError, type WatcherPhase } from '../../../../runtime/src/cache/reflector';
import { newStore } from '../../../../runtime/src/cache/store';
import { newGone, newInternalError, newResourceExpired, newTooManyRequests, StatusError } from '../../../../runtime/src/errors/errors';
import { newLogger, type LogFields, type Logger } from '../../../../runtime/src/log';
import type { Metrics } from '../../../../runtime/src/observe';
import { ResponseDecodeError } from '../../../../runtime/src/rest/client';
import { WatchDecodeError, WatchFrameTooLargeError } from '../../../../runtime/src/watch/decoder';
import { setup, until, widget, type Widget } from '../../helpers/cache';

/** A `{ reason, code? }` summary of a classified error, and the original error it must carry. */
function summary(e: WatcherError): { reason: string; code?: number } {
  return e.reason === 'Status' ? { reason: e.reason, code: e.code } : { reason: e.reason };
}

describe('watcherError', () => {
  const tooLarge = new StatusError({
    code: 504,
    reason: 'Timeout',
    message: 'Too large resource version',
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }] },
  });
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6443'), { code: 'ECONNREFUSED' });
  const cases: Array<{ name: string; given: { err: unknown; phase: WatcherPhase }; want: { reason: string; code?: number } }> = [
    { name: '410 Gone', given: { err: newGone('too old'), phase: 'watch' }, want: { reason: 'Expired' } },
    { name: '410 Expired on a list', given: { err: newResourceExpired('expired'), phase: 'list' }, want: { reason: 'Expired' } },
    { name: '504 ResourceVersionTooLarge', given: { err: tooLarge, phase: 'watch-start' }, want: { reason: 'Expired' } },
    { name: '500', given: { err: newInternalError('etcd is down'), phase: 'list' }, want: { reason: 'Status', code: 500 } },
    { name: '429', given: { err: newTooManyRequests('slow down'), phase: 'watch' }, want: { reason: 'Status', code: 429 } },
    { name: 'a frame over the limit', given: { err: new WatchFrameTooLargeError(1024), phase: 'watch' }, want: { reason: 'FrameTooLarge' } },
    { name: 'a frame that is not an event', given: { err: new WatchDecodeError('not a watch event'), phase: 'watch' }, want: { reason: 'Decode' } },
    {
      name: 'a list body that is not JSON',
      given: { err: new ResponseDecodeError('GET', '/apis/x/v1/widgets', 200, 'text/html', '<html>', new SyntaxError('x')), phase: 'list' },
      want: { reason: 'Decode' },
    },
    { name: 'a refused connection', given: { err: refused, phase: 'list' }, want: { reason: 'Network' } },
    { name: 'a list without resourceVersion', given: { err: new WatcherProtocolError('no resourceVersion'), phase: 'list' }, want: { reason: 'Protocol' } },
    { name: 'a store that threw', given: { err: new Error('cannot transform'), phase: 'apply' }, want: { reason: 'Apply' } },
  ];
  it.each(cases)('$name → $want.reason', ({ given, want }) => {
    const got = watcherError(given.err, given.phase);
    expect(summary(got)).toEqual(want);
    expect(got.error).toBe(given.err);
  });

  it('wraps a thrown non-Error as a Network error that keeps it as its cause', () => {
    const got = watcherError('socket hang up', 'watch');
    expect(got.reason).toBe('Network');
    expect(got.error).toBeInstanceOf(Error);
    expect((got.error as Error).message).toBe('socket hang up');
    expect((got.error as Error).cause).toBe('socket hang up');
  });
});

/** A logger (verbosity 0) and metrics that record what they get; an error record's error is in `values.error`. */
function recorders() {
  const entries: Array<{ level: string; msg: string; values: LogFields }> = [];
  const logger: Logger = newLogger({
    enabled: (v) => v <= 0,
    write: (r) => void entries.push({ level: r.level, msg: r.msg, values: r.level === 'error' ? { ...r.fields, error: r.error } : r.fields }),
  });
  const counts = new Map<string, number>();
  const metrics: Metrics = { count: (name, labels, delta = 1) => void counts.set(`${name}${JSON.stringify(labels)}`, (counts.get(`${name}${JSON.stringify(labels)}`) ?? 0) + delta) };
  return { entries, logger, counts, metrics };
}

describe('logger and metrics hooks', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn');
    error = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  it('a reflector counts every failure by phase and reason and logs it as key-values on the injected logger', async () => {
    const s = setup();
    await s.ns.create(widget('a'));
    let failuresLeft = 2;
    s.fake.prependReactor('list', 'widgets', () => (failuresLeft-- > 0 ? { error: newInternalError('etcd is down') } : undefined));
    const r = recorders();
    const clock = new FakeClock();
    const reflector = new Reflector<Widget>(s.client, newStore<Widget>(), { name: 'widgets', clock, random: () => 0, initialList: 'ListWatch', watchTimeoutSeconds: 0, logger: r.logger, metrics: r.metrics });
    const controller = new AbortController();
    const run = reflector.run(controller.signal);
    for (let i = 1; i <= 2; i++) {
      await until(() => r.entries.length === i && clock.pendingTimers === 1, `failure ${i}`);
      clock.step(60_000);
    }
    await until(() => reflector.hasSynced(), 'sync');
    controller.abort();
    await run;
    expect(r.counts).toEqual(new Map([['kubegen_watcher_errors_total{"name":"widgets","phase":"list","reason":"Status"}', 2]]));
    expect(r.entries.map((e) => ({ ...e, values: { ...e.values, error: (e.values.error as Error).message } }))).toEqual(
      [800, 1600].map((retryInMs) => ({
        level: 'error',
        msg: 'watch failed',
        values: { watcher: 'widgets', phase: 'list', reason: 'Status', error: 'Internal error occurred: etcd is down', next: 'relist', retryInMs },
      })),
    );
  });

  it('an informer counts and logs handler failures, and hands its logger and metrics to its reflector', async () => {
    const s = setup();
    await s.ns.create(widget('a'));
    const r = recorders();
    const informer = new SharedIndexInformer<Widget>(s.client, {
      clock: new FakeClock(),
      logger: r.logger,
      metrics: r.metrics,
      reflector: { name: 'widgets', random: () => 0, initialList: 'ListWatch', watchTimeoutSeconds: 0 },
    });
    informer.addEventHandler({
      onAdd: () => {
        throw new Error('handler bug');
      },
    });
    const controller = new AbortController();
    const run = informer.run(controller.signal);
    await until(() => r.entries.length === 1, 'handler failure');
    expect(r.entries[0]).toMatchObject({ level: 'error', msg: 'an event handler failed', values: { informer: 'widgets' } });
    expect((r.entries[0]!.values.error as Error).message).toBe('handler bug');
    expect(r.counts.get('kubegen_informer_handler_errors_total{"name":"widgets"}')).toBe(1);
    const failing = new SharedIndexInformer<Widget>(s.client, {
      clock: new FakeClock(),
      logger: r.logger,
      metrics: r.metrics,
      transform: () => {
        throw new Error('cannot transform');
      },
      reflector: { name: 'failing', random: () => 0, initialList: 'ListWatch', watchTimeoutSeconds: 0 },
    });
    const run2 = failing.run(controller.signal);
    await until(() => r.counts.has('kubegen_watcher_errors_total{"name":"failing","phase":"apply","reason":"Apply"}'), 'apply failure');
    expect(r.entries.some((e) => e.level === 'error' && e.values.watcher === 'failing' && e.values.reason === 'Apply' && e.values.next === 'event skipped')).toBe(true);
    controller.abort();
    await Promise.all([run, run2]);
  });
});
