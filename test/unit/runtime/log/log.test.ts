/**
 * `@kubegen/runtime/log`: the one logger of the runtime — its two encodings (zap production JSON, zap console
 * text), its levels (controller-runtime's `--zap-log-level`), the default logger every component falls back to,
 * the cost of a disabled level, and the apiserver's `Warning` headers logged through it.
 */
import { Writable } from 'node:stream';
import {
  createLogger,
  defaultLogger,
  newLogger,
  parseLogFormat,
  parseLogLevel,
  setDefaultLogger,
  textLogger,
  type LogRecord,
  type Logger,
} from '@kubegen/runtime/log';
import { jsonLogger as controllerJsonLogger, type Logger as ControllerLogger } from '../../../../runtime/src/log';
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { Manager } from '../../../../runtime/src/controller/manager';
import { DeferredDiscoveryRESTMapper } from '../../../../runtime/src/discovery/restmapper';
import { newInternalError } from '../../../../runtime/src/errors/errors';
import { RestClient } from '../../../../runtime/src/rest/client';
import { createLoggingWarningHandler } from '../../../../runtime/src/rest/warnings';
import { ScriptedTransport } from '../../helpers/transport';
import { fakeServer, until, widgets } from '../../helpers/operator';

/** A stream keeping what is written, line by line. */
function sink(): { stream: Writable; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').slice(0, -1) };
}

/** 2026-12-05T10:00:00.000Z */
const T0 = Date.UTC(2026, 11, 5, 10, 0, 0);
const clock = { now: () => T0 };

/** A logger writing records to an array, at `verbosity`. */
function recording(verbosity = 0): { logger: Logger; records: LogRecord[] } {
  const records: LogRecord[] = [];
  return { records, logger: newLogger({ enabled: (v) => v <= verbosity, write: (r) => void records.push(r) }) };
}

describe('createLogger: text (zap console encoding)', () => {
  it.each([
    {
      name: 'a named info record with fields',
      log: (l: Logger) => l.withName('controller').withName('crontab').info('Reconciling', { name: 'a', namespace: 'ns' }),
      want: '2026-12-05T10:00:00.000Z\tINFO\tcontroller.crontab\tReconciling\t{"name":"a","namespace":"ns"}',
    },
    { name: 'no name, no fields', log: (l: Logger) => l.info('Starting manager'), want: '2026-12-05T10:00:00.000Z\tINFO\tStarting manager' },
    {
      name: 'an error record: the error last in the JSON',
      log: (l: Logger) => l.withValues({ controller: 'crontab' }).error(new Error('boom'), 'Reconciler error', { name: 'b' }),
      want: '2026-12-05T10:00:00.000Z\tERROR\tReconciler error\t{"controller":"crontab","name":"b","error":"boom"}',
    },
    {
      name: 'a debug record at V(1)',
      log: (l: Logger) => l.v(1).info('Reconcile successful'),
      want: '2026-12-05T10:00:00.000Z\tDEBUG(1)\tReconcile successful',
    },
    {
      name: 'line breaks and escapes in name and message cannot forge a record',
      log: (l: Logger) => l.withName('a\nb').info('x\n2026-12-05T10:00:00.000Z\tERROR\tforged\u001b[31m\u2028'),
      want: '2026-12-05T10:00:00.000Z\tINFO\ta\\nb\tx\\n2026-12-05T10:00:00.000Z\\tERROR\\tforged\\u001b[31m\\u2028',
    },
    {
      name: 'values JSON cannot hold are described',
      log: (l: Logger) => l.info('odd', { n: 10n, s: Symbol('s'), e: new TypeError('bad') }),
      want: '2026-12-05T10:00:00.000Z\tINFO\todd\t{"n":"10","s":"Symbol(s)","e":"bad"}',
    },
    {
      name: 'fields JSON cannot encode (a cycle) keep the record',
      log: (l: Logger) => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        l.info('cyclic', { cyclic });
      },
      want: '2026-12-05T10:00:00.000Z\tINFO\tcyclic\t{"error":"unserialisable log fields"}',
    },
  ])('$name', ({ log, want }) => {
    const out = sink();
    log(createLogger({ format: 'text', level: 'debug', stream: out.stream, clock }));
    expect(out.lines()).toEqual([want]);
  });
});

describe('createLogger: json (zap production encoding)', () => {
  it('writes level, ts (seconds), logger, msg, fields and error', () => {
    const out = sink();
    const log = createLogger({ stream: out.stream, clock, level: 'debug' }).withName('events');
    log.info('Event written', { reason: 'Created' });
    log.v(1).info('Patched series');
    log.error('a string thrown', 'Unable to write event');
    expect(out.lines().map((l) => JSON.parse(l) as unknown)).toEqual([
      { level: 'info', ts: T0 / 1000, logger: 'events', msg: 'Event written', reason: 'Created' },
      { level: 'debug(1)', ts: T0 / 1000, logger: 'events', msg: 'Patched series' },
      { level: 'error', ts: T0 / 1000, logger: 'events', msg: 'Unable to write event', error: 'a string thrown' },
    ]);
  });

  it('is the same logger the controller entry point has always exported', () => {
    const lines: string[] = [];
    const l: ControllerLogger = controllerJsonLogger({ write: (x) => void lines.push(x), now: () => 1 });
    l.info('x');
    expect(lines).toEqual(['{"level":"info","ts":1,"msg":"x"}\n']);
  });
});

describe('levels (controller-runtime --zap-log-level)', () => {
  it.each([
    { level: 'error' as const, want: ['ERROR e'] },
    { level: 'info' as const, want: ['INFO v0', 'ERROR e'] },
    { level: undefined, want: ['INFO v0', 'ERROR e'] },
    { level: 'debug' as const, want: ['INFO v0', 'DEBUG(1) v1', 'ERROR e'] },
    { level: 0, want: ['INFO v0', 'ERROR e'] },
    { level: 3, want: ['INFO v0', 'DEBUG(1) v1', 'DEBUG(3) v3', 'ERROR e'] },
  ])('$level', ({ level, want }) => {
    const out = sink();
    const log = createLogger({ format: 'text', stream: out.stream, clock, ...(level === undefined ? {} : { level }) });
    log.info('v0');
    log.v(1).info('v1');
    log.v(3).info('v3');
    log.v(4).info('v4');
    log.error(undefined, 'e');
    expect(out.lines().map((l) => l.split('\t').slice(1).join(' '))).toEqual(want);
  });

  it.each([
    { given: 'error', want: 'error' },
    { given: 'info', want: 'info' },
    { given: 'debug', want: 'debug' },
    { given: '0', want: 0 },
    { given: '5', want: 5 },
  ])('parseLogLevel($given)', ({ given, want }) => {
    expect(parseLogLevel(given)).toBe(want);
  });

  it.each(['warn', 'INFO', '-1', '1.5', '', ' 1', '9999999'])('parseLogLevel(%j) is refused with one line naming it', (given) => {
    expect(() => parseLogLevel(given)).toThrow(new TypeError(`invalid log level ${JSON.stringify(given)}: want error, info, debug or a verbosity (a non-negative integer)`));
  });

  it('parseLogFormat takes json and text only', () => {
    expect(parseLogFormat('json')).toBe('json');
    expect(parseLogFormat('text')).toBe('text');
    expect(() => parseLogFormat('console')).toThrow('invalid log format "console": want json or text');
  });

  it('createLogger refuses a bad level or format before writing anything', () => {
    const out = sink();
    expect(() => createLogger({ stream: out.stream, level: -1 })).toThrow('invalid log level -1: a verbosity is a non-negative integer');
    expect(() => createLogger({ stream: out.stream, level: 'warn' as 'info' })).toThrow('invalid log level "warn"');
    expect(() => createLogger({ stream: out.stream, format: 'yaml' as 'json' })).toThrow('invalid log format "yaml": want json or text');
    expect(out.lines()).toEqual([]);
  });
});

describe('cost and safety', () => {
  it('a disabled level builds no record and reads no field', () => {
    let reads = 0;
    const fields = {
      get costly(): string {
        reads++;
        return 'x';
      },
    };
    const { logger, records } = recording(0);
    const quiet = logger.v(2);
    expect(quiet.enabled()).toBe(false);
    quiet.info('dropped', fields);
    expect(records).toEqual([]);
    expect(reads).toBe(0);
    expect(logger.enabled()).toBe(true);
    logger.info('kept', fields);
    expect(records.map((r) => r.msg)).toEqual(['kept']);
  });

  it('v(0) and negative steps are the receiver; names and values never change the receiver', () => {
    const { logger, records } = recording(0);
    expect(logger.v(0)).toBe(logger);
    expect(logger.v(-3)).toBe(logger);
    const named = logger.withName('a').withValues({ k: 1 });
    named.info('x');
    logger.info('y');
    expect(records.map(({ logger: name, msg, fields }) => ({ name, msg, fields }))).toEqual([
      { name: 'a', msg: 'x', fields: { k: 1 } },
      { name: '', msg: 'y', fields: {} },
    ]);
  });

  it('a stream that throws on write loses the line, never the caller', () => {
    const broken = new Writable({ write: (_c, _e, cb) => cb() });
    broken.write = () => {
      throw new Error('EPIPE');
    };
    const log = createLogger({ format: 'text', stream: broken });
    expect(() => log.info('x')).not.toThrow();
    expect(() => log.error(new Error('y'), 'z')).not.toThrow();
  });

  it('a clock giving NaN writes the epoch, not "Invalid Date" or a throw', () => {
    const lines: string[] = [];
    textLogger({ write: (l) => void lines.push(l), now: () => Number.NaN }).info('x');
    expect(lines).toEqual(['1970-01-01T00:00:00.000Z\tINFO\tx\n']);
  });
});

describe('setDefaultLogger', () => {
  afterEach(() => setDefaultLogger(createLogger({ stream: sink().stream })));

  it('routes loggers derived from defaultLogger() before and after the call to the logger set', () => {
    const early = defaultLogger().withName('leaderelection').withValues({ lock: 'ns/l' }).v(1);
    const first = recording(1);
    setDefaultLogger(first.logger);
    early.info('acquired');
    defaultLogger().withName('events').error('x', 'failed');
    const second = recording(0);
    setDefaultLogger(second.logger);
    early.info('dropped at V(0)');
    expect(early.enabled()).toBe(false);
    defaultLogger().info('root');
    expect(first.records.map(({ level, v, logger, msg, fields }) => ({ level, v, logger, msg, fields }))).toEqual([
      { level: 'info', v: 1, logger: 'leaderelection', msg: 'acquired', fields: { lock: 'ns/l' } },
      { level: 'error', v: 0, logger: 'events', msg: 'failed', fields: {} },
    ]);
    expect(second.records.map((r) => r.msg)).toEqual(['root']);
  });
});

describe("the apiserver's Warning headers", () => {
  afterEach(() => setDefaultLogger(createLogger({ stream: sink().stream })));

  it('are info records of KubeAPIWarningLogger, each text once by default; codes other than 299 and empty texts dropped', () => {
    const { logger, records } = recording(0);
    const h = createLoggingWarningHandler({ logger });
    const req = { method: 'GET', path: '/api/v1/pods' };
    h({ code: 299, agent: '-', text: 'v1 ComponentStatus is deprecated' }, req);
    h({ code: 299, agent: '-', text: 'v1 ComponentStatus is deprecated' }, req);
    h({ code: 299, agent: '-', text: 'unknown field "spec.foo"' }, req);
    h({ code: 199, agent: '-', text: 'miscellaneous' }, req);
    h({ code: 299, agent: '-', text: '' }, req);
    expect(records.map(({ level, logger: name, msg }) => ({ level, name, msg }))).toEqual([
      { level: 'info', name: 'KubeAPIWarningLogger', msg: 'v1 ComponentStatus is deprecated' },
      { level: 'info', name: 'KubeAPIWarningLogger', msg: 'unknown field "spec.foo"' },
    ]);
    const all = recording(0);
    const every = createLoggingWarningHandler({ logger: all.logger, deduplicate: false });
    every({ code: 299, agent: '-', text: 'again' }, req);
    every({ code: 299, agent: '-', text: 'again' }, req);
    expect(all.records).toHaveLength(2);
  });

  it('deduplication remembers a bounded number of texts (the oldest are forgotten)', () => {
    const { logger, records } = recording(0);
    const h = createLoggingWarningHandler({ logger });
    const req = { method: 'GET', path: '/' };
    for (let i = 0; i <= 4096; i++) h({ code: 299, agent: '-', text: `w${i}` }, req);
    h({ code: 299, agent: '-', text: 'w4096' }, req); // remembered
    h({ code: 299, agent: '-', text: 'w0' }, req); // forgotten: logged again
    expect(records).toHaveLength(4098);
    expect(records[4097]!.msg).toBe('w0');
  });

  it("a RestClient given no handler logs them through the default logger, never process.emitWarning", async () => {
    const { logger, records } = recording(0);
    setDefaultLogger(logger);
    const emit = jest.spyOn(process, 'emitWarning');
    try {
      const t = new ScriptedTransport(
        { headers: { warning: ['299 - "policy/v1beta1 PodSecurityPolicy is deprecated"', '299 - "second"'] }, body: '{}' },
        { headers: { warning: '299 - "second"' }, body: '{}' },
      );
      const rest = new RestClient({ server: 'https://h', transport: t, sleep: async () => undefined });
      await rest.request({ method: 'GET', path: '/a' });
      await rest.request({ method: 'GET', path: '/b' });
      expect(records.map((r) => `${r.logger}: ${r.msg}`)).toEqual([
        'KubeAPIWarningLogger: policy/v1beta1 PodSecurityPolicy is deprecated',
        'KubeAPIWarningLogger: second',
      ]);
      expect(emit).not.toHaveBeenCalled();
    } finally {
      emit.mockRestore();
    }
  });
});

describe('discovery', () => {
  it('the REST mapper logs a refresh after a miss and a reset at V(4), through the logger it is given', async () => {
    const { logger, records } = recording(4);
    let reads = 0;
    const m = new DeferredDiscoveryRESTMapper(
      {
        serverGroups: () => {
          reads++;
          return Promise.resolve([]);
        },
        serverResourcesForGroupVersion: () => Promise.resolve(undefined),
      },
      { logger },
    );
    await expect(m.restMapping({ group: 'example.com', kind: 'Widget' })).rejects.toThrow('no matches for kind "Widget" in group "example.com"');
    m.reset();
    expect(reads).toBe(2);
    expect(records.map(({ v, logger: name, msg, fields }) => ({ v, name, msg, fields }))).toEqual([
      { v: 4, name: 'restmapper', msg: 'no match in the cached discovery: reading the group again', fields: { group: 'example.com' } },
      { v: 4, name: 'restmapper', msg: 'discovery cache reset', fields: {} },
    ]);
  });
});

describe('the manager', () => {
  it("its informers' reflectors log through the manager's logger (named cache), as client-go logs a failed list", async () => {
    const { logger, records } = recording(0);
    const { fake, clients } = fakeServer();
    let failures = 1;
    fake.prependReactor('list', 'widgets', () => (failures-- > 0 ? { error: newInternalError('etcd is down') } : undefined));
    const clock = new FakeClock();
    const mgr = new Manager({ clients, clock, logger, cache: { reflector: { initialList: 'ListWatch' } } });
    mgr.lister(widgets);
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    try {
      await until(() => records.some((r) => r.logger === 'cache'), `the failed list logged: ${JSON.stringify(records.map((r) => [r.logger, r.msg]))}`);
    } finally {
      stop.abort();
      await running;
    }
    const cache = records.filter((r) => r.logger === 'cache');
    expect(cache.map(({ level, msg, fields }) => ({ level, msg, fields }))).toEqual([
      { level: 'error', msg: 'watch failed', fields: { watcher: 'reflector example.com/v1/widgets', phase: 'list', reason: 'Status', next: 'relist', retryInMs: expect.any(Number) as number } },
    ]);
    expect((cache[0]!.error as Error).message).toBe('Internal error occurred: etcd is down');
  });
});
