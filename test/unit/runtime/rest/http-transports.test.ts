/**
 * The real transports — Node's HTTP/1.1 client (`NodeHttpTransport`, the default), its HTTP/2 client
 * (`NodeHttp2Transport`, `http2: true`) and the undici keep-alive pool (`UndiciTransport`, for proxies) — against a loopback server,
 * HTTP/1.1 or HTTP/2 over TLS with the same handler, through one table of cases: no apiserver needed. Then what the
 * HTTP/1.1 transport implements itself (timeouts, close, discard) and `createTransport`. The HTTP/2 transport's own
 * cases are in http2-transport.test.ts.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { createRestClient, fromOptions } from '../../../../runtime/src/config/config';
import { TypedClient } from '../../../../runtime/src/client/typed';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../../runtime/src/client/types';
import { RestClient } from '../../../../runtime/src/rest/client';
import { createTransport } from '../../../../runtime/src/rest/create-transport';
import { NodeHttpTransport } from '../../../../runtime/src/rest/http-transport';
import { NodeHttp2Transport } from '../../../../runtime/src/rest/http2-transport';
import { UndiciTransport, type Transport } from '../../../../runtime/src/rest/transport';
import { makeTestCertificates } from '../../helpers/tls';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const things: ResourceDescriptor = { group: 'example.com', version: 'v1', resource: 'things', kind: 'Thing', namespaced: true };

// the handler serves HTTP/1.1 and, through Node's HTTP/2 compatibility API (the same methods), HTTP/2
type Request = http.IncomingMessage;
type Response = http.ServerResponse;

/** Writes `bytes` 3 bytes a millisecond, then ends the response. */
function writeIn3ByteChunks(res: Response, bytes: Buffer): void {
  let i = 0;
  const tick = setInterval(() => {
    res.write(bytes.subarray(i, i + 3));
    i += 3;
    if (i >= bytes.length) {
      clearInterval(tick);
      res.end();
    }
  }, 1);
}

let server: http.Server;
let origin: string;
/** The same handler served over HTTP/2 (TLS, ALPN `h2` only). */
let h2server: http2.Http2SecureServer;
let h2origin: string;
let ca: string;
const seen: Array<{ method?: string; url?: string; auth?: string; body: string }> = [];
let attempts429 = 0;
/** Ends the responses of `/gate` requests, oldest first. */
const gates: Array<() => void> = [];
const connections = new Set<Socket>();
let connectionsOpened = 0;

beforeAll(async () => {
  const handler = (req: Request, res: Response): void => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      const url = req.url ?? '';
      if (url.includes('watch=true')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const ev = (n: string): string => JSON.stringify({ type: 'ADDED', object: { metadata: { name: n } } }) + '\n';
        const bytes = Buffer.from(ev('ä') + ev('世界'));
        if (url.includes('hang')) {
          res.write(bytes);
          return; // never ends
        }
        writeIn3ByteChunks(res, bytes);
        return;
      }
      if (url.includes('/namespaces/chunkedlist/')) {
        // a custom resource list (metadata last) in 3-byte chunks, multi-byte characters split across them
        res.writeHead(200, { 'content-type': 'application/json' });
        const bytes = Buffer.from(
          JSON.stringify({ apiVersion: 'example.com/v1', items: [{ metadata: { name: 'ä' } }, { metadata: { name: '世界' } }], kind: 'ThingList', metadata: { continue: 'next', resourceVersion: '3' } }),
        );
        writeIn3ByteChunks(res, bytes);
        return;
      }
      if (url.includes('/namespaces/htmllist/')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>login</html>');
        return;
      }
      if (url.includes('busy') && attempts429++ === 0) {
        res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' });
        res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'TooManyRequests', code: 429 }));
        return;
      }
      if (req.method === 'GET' && url.includes('/missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404, message: 'things "missing" not found' }));
        return;
      }
      if (url.includes('/warn')) {
        res.setHeader('warning', ['299 - "first, with a comma"', '299 - "second"']);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      if (url.includes('/silent')) return; // never answers
      if (url.includes('/stall')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"items":['); // and never more
        return;
      }
      if (url.includes('/gate')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        if ('flushHeaders' in res) res.flushHeaders(); // HTTP/2 sends them with writeHead
        gates.push(() => res.end('{"gate":true}'));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ metadata: { name: 'x' }, items: [] }));
    });
  };
  const track = (socket: Socket): void => {
    connectionsOpened++;
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  };
  server = http.createServer(handler);
  server.on('connection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const certs = makeTestCertificates();
  ca = certs.ca;
  h2server = http2.createSecureServer({ cert: certs.cert, key: certs.key }, handler as unknown as (req: http2.Http2ServerRequest, res: http2.Http2ServerResponse) => void);
  h2server.on('connection', track);
  await new Promise<void>((resolve) => h2server.listen(0, '127.0.0.1', resolve));
  h2origin = `https://127.0.0.1:${(h2server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  for (const socket of connections) socket.destroy();
  await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), new Promise<void>((resolve) => h2server.close(() => resolve()))]);
});

/** The number of the server's open connections once it is `want` (a closed socket is seen a moment later), or after 1 s. */
async function openConnections(want: number): Promise<number> {
  for (let i = 0; i < 200 && connections.size !== want; i++) await new Promise((r) => setTimeout(r, 5));
  return connections.size;
}

describe.each([
  ['NodeHttpTransport', false, (o: string): Transport => new NodeHttpTransport(o)],
  ['UndiciTransport', false, (o: string): Transport => new UndiciTransport(o)],
  ['NodeHttp2Transport', true, (o: string): Transport => new NodeHttp2Transport(o, { tls: { ca } })],
])('%s under the REST client', (_name, overHttp2, makeTransport) => {
  let rest: RestClient;
  /** The server of this transport: HTTP/2 or HTTP/1.1. */
  let base: string;
  beforeAll(() => {
    base = overHttp2 ? h2origin : origin;
    rest = new RestClient({ server: base, transport: makeTransport(base), headers: () => ({ authorization: 'Bearer tok' }), onWarning: () => undefined });
    attempts429 = 0;
  });
  afterAll(() => rest.close());

  const client = (ns = 'ns'): TypedClient<KubeObject, KubeList<KubeObject>> => new TypedClient(rest, things, ns);

  it('round-trips JSON with the bearer token; apiVersion and kind filled from the descriptor', async () => {
    await client().create({ metadata: { name: 'x' } });
    const last = seen[seen.length - 1]!;
    expect(last).toMatchObject({ method: 'POST', url: '/apis/example.com/v1/namespaces/ns/things', auth: 'Bearer tok' });
    expect(JSON.parse(last.body)).toEqual({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } });
  });

  it('maps errors and retries 429 with Retry-After', async () => {
    await expect(client().get('missing')).rejects.toMatchObject({ reason: 'NotFound', code: 404 });
    await expect(client().get('busy')).resolves.toBeDefined();
    expect(attempts429).toBe(2);
  });

  it('decodes a list sent in 3-byte chunks as it arrives: its items and its continue token before the call resolves', async () => {
    const seenEarly: string[] = [];
    let resolved = false;
    const list = await client('chunkedlist')
      .list({ onItems: (items) => seenEarly.push(...items.map((i) => `${(i as KubeObject).metadata!.name!} ${String(resolved)}`)), onContinue: (t) => seenEarly.push(`token ${t} ${String(resolved)}`) })
      .then((l) => {
        resolved = true;
        return l;
      });
    expect(list.items.map((i) => i.metadata!.name)).toEqual(['ä', '世界']);
    expect(list.metadata).toEqual({ continue: 'next', resourceVersion: '3' });
    expect(seenEarly.sort()).toEqual(['token next false', 'ä false', '世界 false']);
  });

  it('a list whose body is not JSON is a ResponseDecodeError with the start of the body', async () => {
    await expect(client('htmllist').list()).rejects.toMatchObject({ name: 'ResponseDecodeError', status: 200, contentType: 'text/html', bodyStart: '<html>login</html>' });
  });

  it('an abort while a list arrives rejects with the reason', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('stop listing')), 30);
    await expect(rest.requestList({ method: 'GET', path: '/stall', signal: ac.signal })).rejects.toThrow('stop listing');
  });

  it('streams a watch in 3-byte chunks and ends when the server closes', async () => {
    const names: string[] = [];
    for await (const ev of await client().watch()) names.push(ev.object.metadata!.name!);
    expect(names).toEqual(['ä', '世界']);
  });

  it('aborting a watch the server keeps open ends it cleanly', async () => {
    const ac = new AbortController();
    const names: string[] = [];
    for await (const ev of await client().watch({ signal: ac.signal, fieldSelector: 'hang=1' })) {
      names.push(ev.object.metadata!.name!);
      if (names.length === 2) ac.abort();
    }
    expect(names).toEqual(['ä', '世界']);
  });

  it('keeps one connection alive across sequential requests', async () => {
    await client().list();
    const before = connectionsOpened;
    for (let i = 0; i < 3; i++) await client().list();
    expect(connectionsOpened).toBe(before);
  });

  it('hands each of a repeated Warning header to onWarning', async () => {
    const warnings: string[] = [];
    const r = new RestClient({ server: base, transport: makeTransport(base), onWarning: (w) => warnings.push(w.text) });
    await r.request({ method: 'GET', path: '/warn' });
    await r.close();
    expect(warnings).toEqual(['first, with a comma', 'second']);
  });

  it("an aborted signal rejects a request waiting for its headers with the signal's reason", async () => {
    const ac = new AbortController();
    const pending = rest.request({ method: 'GET', path: '/silent', signal: ac.signal });
    setTimeout(() => ac.abort(new Error('stop waiting')), 10);
    await expect(pending).rejects.toThrow('stop waiting');
  });
});

describe('NodeHttpTransport', () => {
  it('fails a request whose headers do not come within headersTimeoutMs with UND_ERR_HEADERS_TIMEOUT (retried for GET)', async () => {
    const t = new NodeHttpTransport(origin, { headersTimeoutMs: 30 });
    await expect(t.request({ method: 'GET', path: '/silent', headers: {} })).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    await t.close();
  });

  it('ends a body idle longer than bodyTimeoutMs with UND_ERR_BODY_TIMEOUT; a streamed body has no idle limit', async () => {
    const t = new NodeHttpTransport(origin, { bodyTimeoutMs: 30 });
    const stalled = await t.request({ method: 'GET', path: '/stall', headers: {} });
    await expect(stalled.text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    const streamed = await t.request({ method: 'GET', path: '/gate', headers: {}, stream: true });
    const text = streamed.text();
    await new Promise((r) => setTimeout(r, 100)); // more than bodyTimeoutMs without a byte
    gates.shift()!();
    expect(await text).toBe('{"gate":true}');
    await t.close();
  });

  it('an abort after the headers ends the body with the reason', async () => {
    const ac = new AbortController();
    const t = new NodeHttpTransport(origin);
    const res = await t.request({ method: 'GET', path: '/stall', headers: {}, signal: ac.signal });
    const reading = res.text();
    ac.abort(new Error('enough'));
    await expect(reading).rejects.toThrow('enough');
    await t.close();
  });

  it('close() closes idle connections at once, waits for the request in flight and closes its connection; a request after it rejects', async () => {
    const t = new NodeHttpTransport(origin);
    const busy = await t.request({ method: 'GET', path: '/gate', headers: {} });
    await (await t.request({ method: 'GET', path: '/a', headers: {} })).text();
    expect(await openConnections(2)).toBe(2); // one busy, one idle
    let closed = false;
    const closing = t.close().then(() => (closed = true));
    expect(await openConnections(1)).toBe(1);
    expect(closed).toBe(false);
    gates.shift()!();
    expect(await busy.text()).toBe('{"gate":true}');
    await closing;
    expect(await openConnections(0)).toBe(0);
    await expect(t.request({ method: 'GET', path: '/a', headers: {} })).rejects.toThrow('closed');
  });

  it('discard() drains the body, so the connection is reused', async () => {
    const t = new NodeHttpTransport(origin);
    await (await t.request({ method: 'GET', path: '/a', headers: {} })).discard();
    const before = connectionsOpened;
    await (await t.request({ method: 'GET', path: '/a', headers: {} })).discard();
    expect(connectionsOpened).toBe(before);
    await t.close();
  });

  it('rejects an origin that is neither http nor https', () => {
    expect(() => new NodeHttpTransport('ftp://127.0.0.1:1')).toThrow('unsupported scheme');
  });
});

describe('createTransport', () => {
  it("is Node's HTTP/1.1 client, HTTP/2 (falling back to HTTP/1.1) with http2: true to https, undici through a proxy", () => {
    expect(createTransport(h2origin)).toBeInstanceOf(NodeHttpTransport);
    expect(createTransport(h2origin, { http2: true })).toBeInstanceOf(NodeHttp2Transport);
    expect(createTransport(origin, { http2: true })).toBeInstanceOf(NodeHttpTransport);
    expect(createTransport(origin)).toBeInstanceOf(NodeHttpTransport);
    expect(createTransport(origin, { proxy: 'http://127.0.0.1:1' })).toBeInstanceOf(UndiciTransport);
    expect(createTransport(h2origin, { proxy: 'http://127.0.0.1:1', http2: true })).toBeInstanceOf(UndiciTransport);
  });

  it('is what createRestClient uses for a configuration', async () => {
    const rest = createRestClient(fromOptions({ server: origin, token: 'tok' }), { onWarning: () => undefined });
    await expect(rest.request({ method: 'GET', path: '/x' })).resolves.toEqual({ metadata: { name: 'x' }, items: [] });
    await rest.close();
    expect(seen[seen.length - 1]).toMatchObject({ url: '/x', auth: 'Bearer tok' });
  });
});
