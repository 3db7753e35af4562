import fc from 'fast-check';
import { RestClient, type RestClientOptions } from '../../../../runtime/src/rest/client';
import {
  deleteBody,
  getQuery,
  listQuery,
  patchQuery,
  watchQuery,
  writeQuery,
} from '../../../../runtime/src/rest/options';
import { resourcePath } from '../../../../runtime/src/rest/paths';
import { parseWarningHeaders, type Warning } from '../../../../runtime/src/rest/warnings';
import { DEFAULT_USER_AGENT } from '../../../../runtime/src/rest/version';
import { isNotFound, isServiceUnavailable, isTooManyRequests, StatusError } from '../../../../runtime/src/errors/errors';
import { json, ScriptedTransport, type Responder } from '../../helpers/transport';

function client(transport: ScriptedTransport, extra: Partial<RestClientOptions> = {}): { rest: RestClient; sleeps: number[] } {
  const sleeps: number[] = [];
  const rest = new RestClient({
    server: 'https://k8s.example:6443',
    transport,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
    onWarning: () => undefined,
    ...extra,
  });
  return { rest, sleeps };
}

const unavailable: Responder = { status: 503, body: '' };

describe('query strings for every option', () => {
  const table: Array<{ name: string; given: URLSearchParams; want: string }> = [
    { name: 'get empty', given: getQuery(), want: '' },
    { name: 'get rv', given: getQuery({ resourceVersion: '0' }), want: 'resourceVersion=0' },
    {
      name: 'list all',
      given: listQuery({
        labelSelector: 'app=web,tier in (a,b)',
        fieldSelector: 'metadata.name=x',
        resourceVersion: '10',
        resourceVersionMatch: 'NotOlderThan',
        limit: 2,
        continue: 'tok',
        timeoutSeconds: 30,
      }),
      want:
        'labelSelector=app%3Dweb%2Ctier+in+%28a%2Cb%29&fieldSelector=metadata.name%3Dx&resourceVersion=10&resourceVersionMatch=NotOlderThan&limit=2&continue=tok&timeoutSeconds=30',
    },
    {
      name: 'list with LabelSelector object',
      given: listQuery({ labelSelector: { matchLabels: { b: '2', a: '1' }, matchExpressions: [{ key: 'c', operator: 'Exists' }] } }),
      want: 'labelSelector=a%3D1%2Cb%3D2%2Cc',
    },
    {
      name: 'watch',
      given: watchQuery({ resourceVersion: '5', allowWatchBookmarks: true, timeoutSeconds: 60, sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' }),
      want: 'resourceVersion=5&resourceVersionMatch=NotOlderThan&timeoutSeconds=60&watch=true&allowWatchBookmarks=true&sendInitialEvents=true',
    },
    { name: 'watch minimal', given: watchQuery(), want: 'watch=true' },
    { name: 'create', given: writeQuery({ dryRun: true, fieldManager: 'me', fieldValidation: 'Strict' }), want: 'dryRun=All&fieldManager=me&fieldValidation=Strict' },
    { name: 'create false dryRun', given: writeQuery({ dryRun: false }), want: '' },
    { name: 'apply', given: patchQuery({ fieldManager: 'me', force: true }), want: 'fieldManager=me&force=true' },
    { name: 'patch no force', given: patchQuery({ force: false, fieldValidation: 'Warn' }), want: 'fieldValidation=Warn' },
  ];
  it.each(table)('$name', ({ given, want }) => {
    expect(given.toString()).toBe(want);
  });

  it('delete options go in the body', () => {
    expect(deleteBody()).toBeUndefined();
    expect(deleteBody({ signal: new AbortController().signal })).toBeUndefined();
    expect(
      deleteBody({ gracePeriodSeconds: 0, propagationPolicy: 'Foreground', dryRun: true, preconditions: { uid: 'u', resourceVersion: '7' } }),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      gracePeriodSeconds: 0,
      propagationPolicy: 'Foreground',
      dryRun: ['All'],
      preconditions: { uid: 'u', resourceVersion: '7' },
    });
  });

  it('paths', () => {
    expect(resourcePath({ group: '', version: 'v1', resource: 'pods' })).toBe('/api/v1/pods');
    expect(resourcePath({ group: 'stable.example.com', version: 'v1', resource: 'crontabs', namespace: 'ns', name: 'a b', subresources: ['status'] })).toBe(
      '/apis/stable.example.com/v1/namespaces/ns/crontabs/a%20b/status',
    );
    expect(() => resourcePath({ group: '', version: 'v1', resource: 'pods', name: '../x' })).toThrow(TypeError);
    expect(() => resourcePath({ group: '', version: 'v1', resource: 'pods', name: '' })).toThrow(TypeError);
  });
});

describe('requests', () => {
  it('sends JSON with user agent, accept, auth headers and the server path prefix', async () => {
    const t = new ScriptedTransport(json({ ok: 1 }));
    const { rest } = client(t, { server: 'https://h:1/prefix/', headers: async () => ({ Authorization: 'Bearer t' }) });
    const got = await rest.request<{ ok: number }>({ method: 'POST', path: '/api/v1/x', query: new URLSearchParams('a=1'), body: { b: 2 } });
    expect(got).toEqual({ ok: 1 });
    const req = t.requests[0]!;
    expect(req.path).toBe('/prefix/api/v1/x?a=1');
    expect(req.body).toBe('{"b":2}');
    expect(req.headers).toMatchObject({
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': DEFAULT_USER_AGENT,
      authorization: 'Bearer t',
    });
    expect(DEFAULT_USER_AGENT).toMatch(/^kubegen\/\d+\.\d+\.\d+ \(node \d+\.\d+\.\d+\)$/);
  });

  it('a custom content type for patches; no content type without a body', async () => {
    const t = new ScriptedTransport(json({}), json({}));
    const { rest } = client(t);
    await rest.request({ method: 'PATCH', path: '/p', body: '[]', contentType: 'application/json-patch+json' });
    await rest.request({ method: 'GET', path: '/g' });
    expect(t.requests[0]!.headers['content-type']).toBe('application/json-patch+json');
    expect(t.requests[0]!.body).toBe('[]');
    expect(t.requests[1]!.headers['content-type']).toBeUndefined();
  });

  it('errors become StatusErrors', async () => {
    const t = new ScriptedTransport(json({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'x not found' }, 404));
    const { rest } = client(t);
    const err = await rest.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatusError);
    expect(isNotFound(err)).toBe(true);
  });

  it('surfaces every Warning header to the handler', async () => {
    const warnings: Warning[] = [];
    const t = new ScriptedTransport({
      status: 200,
      body: '{}',
      headers: { warning: ['299 - "v1beta1 is deprecated"', '299 - "unknown field \\"spec.foo\\"", 299 - "second"'] },
    });
    const { rest } = client(t, { onWarning: (w) => void warnings.push(w) });
    await rest.request({ method: 'GET', path: '/x' });
    expect(warnings.map((w) => w.text)).toEqual(['v1beta1 is deprecated', 'unknown field "spec.foo"', 'second']);
    expect(parseWarningHeaders('garbage')).toEqual([]);
  });
});

describe('retry rules', () => {
  it('429 with Retry-After is retried for a POST after the given seconds', async () => {
    const t = new ScriptedTransport({ status: 429, body: '', headers: { 'retry-after': '2' } }, json({ done: true }, 201));
    const { rest, sleeps } = client(t);
    await expect(rest.request({ method: 'POST', path: '/x', body: {} })).resolves.toEqual({ done: true });
    expect(sleeps).toEqual([2000]);
    expect(t.requests).toHaveLength(2);
    expect(t.requests[1]!.body).toBe('{}');
  });

  it('429 with an HTTP-date Retry-After waits until then, capped', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const t = new ScriptedTransport(
      { status: 429, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' } },
      { status: 429, headers: { 'retry-after': '3600' } },
      json({}),
    );
    const { rest, sleeps } = client(t, { now: () => now });
    await rest.request({ method: 'GET', path: '/x' });
    expect(sleeps).toEqual([3000, 60_000]);
  });

  it('429 without Retry-After backs off exponentially', async () => {
    const t = new ScriptedTransport({ status: 429 }, { status: 429 }, { status: 429 }, json({}));
    const { rest, sleeps } = client(t);
    await rest.request({ method: 'DELETE', path: '/x' });
    expect(sleeps).toEqual([100, 200, 400]);
  });

  it.each(['GET', 'HEAD'] as const)('5xx on %s is retried', async (method) => {
    const t = new ScriptedTransport(unavailable, { status: 500 }, { status: 502 }, { status: 504, headers: { 'retry-after': '1' } }, json({}));
    const { rest, sleeps } = client(t);
    await rest.request({ method, path: '/x' });
    expect(t.requests).toHaveLength(5);
    expect(sleeps).toEqual([100, 200, 400, 1000]);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('5xx on %s is not retried, even with Retry-After', async (method) => {
    const t = new ScriptedTransport({ status: 503, body: '', headers: { 'retry-after': '1' } });
    const { rest, sleeps } = client(t);
    const err = await rest.request({ method, path: '/x', body: {} }).catch((e: unknown) => e);
    expect(isServiceUnavailable(err)).toBe(true);
    expect(t.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('501 and 4xx other than 429 are not retried', async () => {
    for (const status of [400, 401, 403, 404, 409, 410, 422, 501]) {
      const t = new ScriptedTransport({ status });
      const { rest } = client(t);
      await expect(rest.request({ method: 'GET', path: '/x' })).rejects.toBeInstanceOf(StatusError);
      expect(t.requests).toHaveLength(1);
    }
  });

  it('gives up after maxRetries with the last response as the error', async () => {
    const t = new ScriptedTransport(...Array.from({ length: 4 }, () => ({ status: 429 })));
    const { rest, sleeps } = client(t, { retry: { maxRetries: 3 } });
    const err = await rest.request({ method: 'GET', path: '/x' }).catch((e: unknown) => e);
    expect(isTooManyRequests(err)).toBe(true);
    expect(t.requests).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
  });

  it('backoff is bounded by maxDelayMs, jitter included (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 0.9999, noNaN: true }), fc.integer({ min: 1, max: 10_000 }), (attempt, r, max) => {
        const rest = new RestClient({ server: 'https://h', transport: new ScriptedTransport(), random: () => r, retry: { maxDelayMs: max, baseDelayMs: 100 } });
        const d = rest.backoff(attempt);
        return d >= Math.min(max, 100) && d <= max;
      }),
    );
  });

  it('connection errors are retried for GET, not for POST', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const t1 = new ScriptedTransport({ error: reset }, { error: { message: 'x', cause: { code: 'UND_ERR_SOCKET' } } }, json({ a: 1 }));
    const { rest: r1 } = client(t1);
    await expect(r1.request({ method: 'GET', path: '/x' })).resolves.toEqual({ a: 1 });
    const t2 = new ScriptedTransport({ error: reset });
    const { rest: r2 } = client(t2);
    await expect(r2.request({ method: 'POST', path: '/x', body: {} })).rejects.toBe(reset);
    const t3 = new ScriptedTransport({ error: Object.assign(new Error('cert'), { code: 'CERT_HAS_EXPIRED' }) });
    const { rest: r3 } = client(t3);
    await expect(r3.request({ method: 'GET', path: '/x' })).rejects.toThrow('cert');
    expect(t3.requests).toHaveLength(1);
  });

  it('asks the header source again on every attempt (rotating tokens)', async () => {
    let n = 0;
    const t = new ScriptedTransport({ status: 429 }, json({}));
    const { rest } = client(t, { headers: () => ({ authorization: `Bearer t${++n}` }) });
    await rest.request({ method: 'GET', path: '/x' });
    expect(t.requests.map((r) => r.headers.authorization)).toEqual(['Bearer t1', 'Bearer t2']);
  });
});

describe('abort and timeouts', () => {
  it('an aborted signal rejects before sending', async () => {
    const t = new ScriptedTransport(json({}));
    const { rest } = client(t);
    const ac = new AbortController();
    ac.abort(new Error('cancelled'));
    await expect(rest.request({ method: 'GET', path: '/x', signal: ac.signal })).rejects.toThrow('cancelled');
    expect(t.requests).toHaveLength(0);
  });

  it('abort during a retry wait rejects with the reason and stops retrying', async () => {
    const t = new ScriptedTransport(unavailable, unavailable);
    const ac = new AbortController();
    const rest = new RestClient({
      server: 'https://h',
      transport: t,
      onWarning: () => undefined,
      sleep: async () => {
        ac.abort(new Error('stop'));
        throw ac.signal.reason;
      },
    });
    await expect(rest.request({ method: 'GET', path: '/x', signal: ac.signal })).rejects.toThrow('stop');
    expect(t.requests).toHaveLength(1);
  });

  it('timeoutMs rejects with a TimeoutError and covers the retries', async () => {
    const t = new ScriptedTransport(unavailable, unavailable, unavailable, unavailable);
    const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, retry: { baseDelayMs: 50 } });
    const err = await rest.request({ method: 'GET', path: '/x', timeoutMs: 30 }).catch((e: unknown) => e);
    expect((err as Error).name).toBe('TimeoutError');
    expect(t.requests.length).toBeLessThan(3);
  });

  it('the transport sees the abort signal', async () => {
    const t = new ScriptedTransport(json({}));
    const { rest } = client(t);
    const ac = new AbortController();
    await rest.request({ method: 'GET', path: '/x', signal: ac.signal });
    expect(t.requests[0]!.signal).toBeDefined();
  });
});
