/**
 * What `NodeHttp2Transport` does beyond the transport contract (the contract itself is the table of
 * http-transports.test.ts): one connection for concurrent requests, another at the server's stream limit, HTTP/1.1
 * when the server does not offer HTTP/2, timeouts, the ping health check, GOAWAY, keep-alive and close — against
 * loopback TLS servers.
 */
import http2 from 'node:http2';
import https from 'node:https';
import * as net from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { NodeHttp2Transport } from '../../../../runtime/src/rest/http2-transport';
import type { TransportRequest } from '../../../../runtime/src/rest/transport';
import { makeTestCertificates, type TestCertificates } from '../../helpers/tls';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

let certs: TestCertificates;
let server: http2.Http2SecureServer;
let origin: string;
const sockets = new Set<Socket>();
/** The server's connections, in the order they opened. */
const accepted: Socket[] = [];
let opened = 0;
const sessions: http2.ServerHttp2Session[] = [];
/** The paths whose server streams closed (their responses sent in full), for the requests that track it. */
const serverClosed = new Set<string>();
/** Ends the responses of `/gate` requests, oldest first. */
const gates: Array<() => void> = [];

const get = (path: string, more: Partial<TransportRequest> = {}): TransportRequest => ({ method: 'GET', path, headers: {}, ...more });

async function listen(s: net.Server): Promise<number> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

/** Polls `f` until it holds, for up to 2 s; returns whether it did. */
async function eventually(f: () => boolean): Promise<boolean> {
  for (let i = 0; i < 400 && !f(); i++) await new Promise((r) => setTimeout(r, 5));
  return f();
}

beforeAll(async () => {
  certs = makeTestCertificates();
  server = http2.createSecureServer({ cert: certs.cert, key: certs.key, settings: { maxConcurrentStreams: 3 } });
  server.on('session', (s) => sessions.push(s));
  server.on('sessionError', () => undefined);
  server.on('connection', (socket: Socket) => {
    opened++;
    accepted.push(socket);
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined); // a client that resets its stream
    const path = headers[':path'] ?? '';
    if (path === '/silent') return;
    if (path === '/stall') {
      stream.respond({ ':status': 200 });
      stream.write('{"items":[');
      return;
    }
    if (path === '/end-then-close') {
      stream.respond({ ':status': 200 });
      stream.end('{"items":[]}');
      stream.once('close', () => serverClosed.add(path));
      return;
    }
    if (path === '/gate') {
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      gates.push(() => stream.end('{"gate":true}'));
      return;
    }
    let body = '';
    stream.on('data', (c: Buffer) => (body += c.toString()));
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': 'application/json', 'x-method': headers[':method'] ?? '' });
      stream.end(JSON.stringify({ path, body }));
    });
  });
  origin = `https://127.0.0.1:${await listen(server)}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  while (gates.length) gates.shift()!();
});

describe('NodeHttp2Transport', () => {
  it('speaks HTTP/2 and carries concurrent requests on one connection', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    const before = opened;
    const texts = await Promise.all([1, 2, 3].map(async (i) => (await t.request(get(`/a${i}`))).text()));
    expect(texts.map((x) => (JSON.parse(x) as { path: string }).path)).toEqual(['/a1', '/a2', '/a3']);
    expect(t.protocol).toBe('h2');
    expect(opened - before).toBe(1);
    const res = await t.request({ method: 'POST', path: '/p', headers: { 'content-type': 'application/json' }, body: '{"é":1}' });
    expect(res.headers['x-method']).toBe('POST');
    expect(res.headers[':status']).toBeUndefined();
    expect(JSON.parse(await res.text())).toEqual({ path: '/p', body: '{"é":1}' });
    await t.close();
  });

  it("opens another connection when the server's SETTINGS_MAX_CONCURRENT_STREAMS are taken", async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    await (await t.request(get('/warm'))).text(); // the server's settings have arrived
    const before = opened;
    const open = await Promise.all([1, 2, 3, 4].map(() => t.request(get('/gate'))));
    expect(opened - before).toBe(1);
    for (const g of gates.splice(0)) g();
    expect(await Promise.all(open.map((r) => r.text()))).toEqual(Array(4).fill('{"gate":true}'));
    await t.close();
  });

  it('uses HTTP/1.1 from then on when the server does not offer HTTP/2', async () => {
    const h1 = https.createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ version: req.httpVersion }));
    });
    const t = new NodeHttp2Transport(`https://127.0.0.1:${await listen(h1)}`, { tls: { ca: certs.ca } });
    expect(JSON.parse(await (await t.request(get('/v'))).text())).toEqual({ version: '1.1' });
    expect(t.protocol).toBe('http/1.1');
    expect(JSON.parse(await (await t.request(get('/v'))).text())).toEqual({ version: '1.1' });
    await t.close();
    h1.closeAllConnections();
    await new Promise<void>((resolve) => h1.close(() => resolve()));
  });

  it('fails with ECONNREFUSED (retried for GET by the REST client) when nothing listens, and with a TLS error for an untrusted server', async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t = new NodeHttp2Transport(`https://127.0.0.1:${port}`);
    await expect(t.request(get('/x'))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const untrusting = new NodeHttp2Transport(origin);
    await expect(untrusting.request(get('/x'))).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    await Promise.all([t.close(), untrusting.close()]);
  });

  it('fails a request without headers within headersTimeoutMs, and a body idle for bodyTimeoutMs; a stream has no idle limit', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca }, headersTimeoutMs: 50, bodyTimeoutMs: 50 });
    await expect(t.request(get('/silent'))).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    await expect((await t.request(get('/stall'))).text()).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
    const streamed = await t.request(get('/gate', { stream: true }));
    const text = streamed.text();
    await new Promise((r) => setTimeout(r, 150));
    gates.shift()!();
    expect(await text).toBe('{"gate":true}');
    await t.close();
  });

  it('an abort before or after the headers rejects with the reason', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    const before = new AbortController();
    const pending = t.request(get('/silent', { signal: before.signal }));
    setTimeout(() => before.abort(new Error('stop waiting')), 20);
    await expect(pending).rejects.toThrow('stop waiting');
    const after = new AbortController();
    const reading = (await t.request(get('/stall', { signal: after.signal }))).text();
    after.abort(new Error('enough'));
    await expect(reading).rejects.toThrow('enough');
    await t.close();
  });

  it('pings a connection that reads nothing and closes it with ETIMEDOUT when the ping is not answered', async () => {
    // a TCP relay whose connections can be frozen: a server that no longer answers
    const relayed: Socket[] = [];
    const relay = net.createServer((client) => {
      const upstream = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('error', () => undefined);
      upstream.on('error', () => undefined);
      relayed.push(client, upstream);
    });
    const t = new NodeHttp2Transport(`https://127.0.0.1:${await listen(relay)}`, { tls: { ca: certs.ca, servername: 'localhost' }, readIdleTimeoutMs: 40, pingTimeoutMs: 40 });
    const watch = await t.request(get('/gate', { stream: true }));
    const body = watch.text();
    // answered pings keep an idle stream open
    await new Promise((r) => setTimeout(r, 200));
    expect(gates.length).toBe(1);
    for (const socket of relayed) socket.pause();
    await expect(body).rejects.toMatchObject({ code: 'ETIMEDOUT', message: expect.stringContaining('ping') as string });
    // the next request opens a new connection
    expect((JSON.parse(await (await t.request(get('/x'))).text()) as { path: string }).path).toBe('/x');
    await t.close();
    for (const socket of relayed) socket.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  it('a connection that closes fails the responses under way with ECONNRESET, and the requests waiting for their headers', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    const before = opened;
    const watch = await t.request(get('/stall', { stream: true }));
    const chunks: string[] = [];
    watch.readable!.on('data', (c: Buffer) => chunks.push(c.toString()));
    const ended = new Promise<string>((resolve) => {
      watch.readable!.once('end', () => resolve('end'));
      watch.readable!.once('error', (err: Error & { code?: string }) => resolve(`error ${err.code}`));
    });
    const waiting = t.request(get('/silent'));
    expect(await eventually(() => chunks.length > 0)).toBe(true);
    expect(opened - before).toBe(1);
    accepted[before]!.destroy(); // the server's side of the one connection, without a GOAWAY
    // Node alone would end the cut response as if it were complete, and leave the waiting request pending
    expect(await ended).toBe('error ECONNRESET');
    await expect(waiting).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(chunks.join('')).toBe('{"items":[');
    await t.close();
  });

  it('a response whose end arrived before its connection closed is not failed as cut short, though unread', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    const before = opened;
    const res = await t.request(get('/end-then-close', { stream: true }));
    const readable = res.readable;
    if (readable === undefined) throw new Error('a streamed response has a readable');
    readable.pause();
    const errors: string[] = [];
    readable.on('error', (err: Error & { code?: string }) => errors.push(err.code ?? err.message));
    expect(await eventually(() => serverClosed.has('/end-then-close'))).toBe(true);
    // the connection drops while the whole response (its END_STREAM included) waits unread in the client's buffer
    accepted[before]?.destroy();
    expect(await eventually(() => readable.destroyed)).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    // Node drops the unread data with the connection, but the transport does not report the response as cut short
    expect(errors).toEqual([]);
    await t.close();
  });

  it('after a GOAWAY, new requests go to a new connection and the streams in flight finish', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca } });
    const inFlight = await t.request(get('/gate'));
    const session = sessions[sessions.length - 1]!;
    const before = opened;
    session.close(); // GOAWAY, then closes once its streams are done
    await eventually(() => t.protocol === 'h2' && opened === before); // the GOAWAY frame travels
    await new Promise((r) => setTimeout(r, 20));
    expect((JSON.parse(await (await t.request(get('/after'))).text()) as { path: string }).path).toBe('/after');
    expect(opened - before).toBe(1);
    gates.shift()!();
    expect(await inFlight.text()).toBe('{"gate":true}');
    await t.close();
  });

  it('closes a connection idle for keepAliveTimeoutMs; close() waits for the requests in flight; a request after it rejects', async () => {
    const t = new NodeHttp2Transport(origin, { tls: { ca: certs.ca }, keepAliveTimeoutMs: 50 });
    const first = opened;
    await (await t.request(get('/a'))).text();
    expect(opened - first).toBe(1);
    expect(await eventually(() => accepted[first]!.destroyed)).toBe(true);
    const busy = await t.request(get('/gate'));
    expect(opened - first).toBe(2);
    const second = accepted[first + 1]!;
    let closed = false;
    const closing = t.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100)); // longer than the keep-alive time: the stream keeps it
    expect(closed).toBe(false);
    expect(second.destroyed).toBe(false);
    gates.shift()!();
    expect(await busy.text()).toBe('{"gate":true}');
    await closing;
    expect(await eventually(() => second.destroyed)).toBe(true);
    await expect(t.request(get('/a'))).rejects.toThrow('closed');
  });

  it('rejects an origin that is not https', () => {
    expect(() => new NodeHttp2Transport('http://127.0.0.1:1')).toThrow('unsupported scheme');
  });
});
