/** Probe texts exactly as controller-runtime's healthz handler writes them; the structured logger. */
import { serveHealthz, type Checker } from '../../../../runtime/src/controller/healthz';
import { jsonLogger } from '../../../../runtime/src/log';

const pass: Checker = () => undefined;
const fail: Checker = () => {
  throw new Error('cache not synced');
};
const failAsync: Checker = async () => Promise.reject(new Error('slow check failed'));

describe('serveHealthz', () => {
  it.each([
    { name: 'no checks: implicit ping', checks: {}, path: '/', query: '', want: { status: 200, body: 'ok' } },
    { name: 'no checks, verbose', checks: {}, path: '/', query: 'verbose', want: { status: 200, body: '[+]ping ok\nhealthz check passed\n' } },
    { name: 'no checks: /ping', checks: {}, path: '/ping', query: '', want: { status: 200, body: 'ok' } },
    { name: 'all pass', checks: { b: pass, a: pass }, path: '/', query: '', want: { status: 200, body: 'ok' } },
    { name: 'all pass, verbose, sorted', checks: { b: pass, a: pass }, path: '/', query: 'verbose=1', want: { status: 200, body: '[+]a ok\n[+]b ok\nhealthz check passed\n' } },
    {
      name: 'one fails: reason withheld, always verbose',
      checks: { z: pass, cache: fail, async: failAsync },
      path: '/',
      query: '',
      want: { status: 500, body: '[-]async failed: reason withheld\n[-]cache failed: reason withheld\n[+]z ok\nhealthz check failed\n' },
    },
    {
      name: 'excluded check',
      checks: { cache: fail, z: pass },
      path: '/',
      query: 'exclude=cache&verbose',
      want: { status: 200, body: '[+]cache excluded: ok\n[+]z ok\nhealthz check passed\n' },
    },
    {
      name: 'unknown exclude warns',
      checks: { z: pass },
      path: '/',
      query: 'exclude=nope&exclude=also&verbose',
      want: { status: 200, body: '[+]z ok\nwarn: some health checks cannot be excluded: no matches for "also", "nope"\nhealthz check passed\n' },
    },
    { name: 'single check passes', checks: { cache: pass }, path: '/cache', query: '', want: { status: 200, body: 'ok' } },
    { name: 'single check fails with its error', checks: { cache: fail }, path: '/cache/', query: '', want: { status: 500, body: 'internal server error: cache not synced\n' } },
    { name: 'unknown check', checks: { cache: pass }, path: '/nope', query: '', want: { status: 404, body: '404 page not found\n' } },
    { name: 'ping is implicit only without checks', checks: { cache: pass }, path: '/ping', query: '', want: { status: 404, body: '404 page not found\n' } },
  ])('$name', async ({ checks, path, query, want }) => {
    expect(await serveHealthz(new Map(Object.entries(checks)), path, new URLSearchParams(query))).toEqual(want);
  });
});

describe('jsonLogger', () => {
  it('writes one JSON line per record with names, values and verbosity; drops records above its verbosity', () => {
    const lines: string[] = [];
    const log = jsonLogger({ write: (l) => lines.push(l), verbosity: 1, now: () => 1.5 });
    const c = log.withName('controller').withName('widget').withValues({ controller: 'widget' });
    c.info('Starting workers', { 'worker count': 2 });
    c.v(1).info('Reconciling', { name: 'a' });
    c.v(5).info('Reconcile successful');
    c.error(new Error('boom'), 'Reconciler error', { name: 'b' });
    log.info('bigint', { n: 10n });
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { level: 'info', ts: 1.5, logger: 'controller.widget', msg: 'Starting workers', controller: 'widget', 'worker count': 2 },
      { level: 'debug(1)', ts: 1.5, logger: 'controller.widget', msg: 'Reconciling', controller: 'widget', name: 'a' },
      { level: 'error', ts: 1.5, logger: 'controller.widget', msg: 'Reconciler error', controller: 'widget', name: 'b', error: 'boom' },
      { level: 'info', ts: 1.5, msg: 'bigint', n: '10' },
    ]);
    expect(lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
  });

  it('survives unserialisable fields', () => {
    const lines: string[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    jsonLogger({ write: (l) => lines.push(l), now: () => 0 }).info('x', { cyclic });
    expect(JSON.parse(lines[0]!)).toEqual({ level: 'info', ts: 0, msg: 'x', error: 'unserialisable log fields' });
  });
});
