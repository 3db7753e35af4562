/**
 * The serving thread of a `WebhookServer` (./server): the HTTPS server itself — TLS, HTTP, connections, time limits,
 * request bodies — runs in a worker thread with its own event loop and heap, and answers the probes there; the
 * handler's thread (the main one) only parses bodies and runs handlers. This module is that worker's program: it
 * runs when loaded as the worker started by ./server, and does nothing when imported.
 *
 * Why a thread of its own (issue 23, item 5): on the handler's thread a `/healthz` probe waited behind whatever that
 * thread did — the young-generation collections of V8 while a large body's tree is built (25-45 ms each: the tree
 * is all alive), and a new TLS connection needs two or three turns of the event loop — so the probe's latency was
 * several of those pauses (max 81-123 ms, over the 100 ms goal, under six 7 MiB reviews). Here the probe's handshake
 * and answer take turns of an event loop that does nothing long, on a heap of its own that the body's tree does not
 * fill. Uploads are decrypted here too.
 *
 * Contract with ./server (messages, {@link ToFront} and {@link FromFront}):
 * - started with a {@link FrontConfig} as `workerData`; answers `listening` (the bound address) or `failed` (the
 *   listen error, with its code);
 * - `POST <route>` with `Content-Type: application/json`: the body is read (at most `maxRequestBytes`, else 413 and
 *   the connection closed — after a lingering read of the rest, {@link lingerOnClose}; at most {@link READ_BUDGET_PER_TURN} bytes of all uploads per turn) and sent as `body`, its
 *   bytes transferred (not copied; the handler thread decodes them as UTF-8); the handler thread answers with `reply`. A client that goes
 *   away before its answer is reported as `gone`. Other methods → 405, other content types → 415, an empty body → 400,
 *   unknown paths → the probes (below), else 404; the routes are those of `config.routes` and later `route` messages;
 * - probes: `GET`/`HEAD` `/healthz` and `/readyz` are answered here, `ok`, as long as the handler's thread is alive:
 *   it stores a heartbeat (`process.hrtime`, shared memory) every few tens of milliseconds, and when the last one is
 *   older than `stallThresholdMs` the probe is answered 500 `the handler thread's event loop has not turned for N ms`
 *   — a liveness probe stays honest: a thread stuck in a loop fails it, as it did when the probe ran on that thread.
 *   With `forwardProbes` (a manager's checks) a GET or HEAD on a path without a route is sent as `probe` and answered
 *   with the handler thread's `reply`; when that thread is stalled beyond the threshold, with a 500 as above;
 * - `close` stops accepting connections, lets the requests in flight finish (up to `timeoutMs`), then closes every
 *   connection and answers `closed`; `cert` loads a new certificate pair for new connections;
 * - `log` carries one info record for the handler thread's logger (rejected requests, refused connections): a fixed
 *   message and its values as fields.
 */
import * as https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';

/** What the serving thread is started with. */
export interface FrontConfig {
  /** Marks the worker data as a serving thread's (the module does nothing otherwise). */
  kubegenWebhookFront: true;
  cert: string | Uint8Array;
  key: string | Uint8Array;
  host: string;
  port: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxRequestBytes: number;
  routes: string[];
  /** Send GET/HEAD on paths without a route to the handler thread (`probe`) instead of answering them here. */
  forwardProbes: boolean;
  /** One BigInt64: the handler thread's last heartbeat, `process.hrtime.bigint()` (ns). */
  heartbeat: SharedArrayBuffer;
  /** A heartbeat older than this fails the probes. */
  stallThresholdMs: number;
}

/** Messages from the handler thread to the serving thread. */
export type ToFront =
  | { t: 'route'; path: string }
  | { t: 'cert'; cert: string | Uint8Array; key: string | Uint8Array }
  | { t: 'reply'; id: number; status: number; headers: Record<string, string | number>; body: string }
  | { t: 'close'; timeoutMs: number };

/** Messages from the serving thread to the handler thread. */
export type FromFront =
  | { t: 'listening'; address: AddressInfo; maxConnections: number }
  | { t: 'failed'; message: string; code?: string }
  | { t: 'body'; id: number; path: string; body: ArrayBuffer }
  | { t: 'probe'; id: number; path: string; query: string }
  | { t: 'gone'; id: number }
  | { t: 'log'; message: string; values: Record<string, string | number> }
  | { t: 'closed' };

/** The paths the server answers itself (GET): they cannot be routes. */
export const PROBE_PATHS: readonly string[] = ['/healthz', '/readyz'];

/** Request body bytes taken in per turn of the event loop before pausing the requests that go on. */
export const READ_BUDGET_PER_TURN = 256 * 1024;

/** How old the handler thread's heartbeat is, in ms, by `now` (ns, `process.hrtime.bigint()`'s clock). */
export function heartbeatAgeMs(heartbeat: BigInt64Array, now: bigint = process.hrtime.bigint()): number {
  return Number(now - Atomics.load(heartbeat, 0)) / 1e6;
}

/** The text of a failed probe when the handler thread's last heartbeat is `ageMs` old, past `thresholdMs`. */
export function stalledText(ageMs: number, thresholdMs: number): string {
  return `the handler thread's event loop has not turned for ${Math.round(ageMs)} ms (threshold ${thresholdMs} ms)\n`;
}

/** Text for one log line: line breaks (`\r`, `\n`, U+2028, U+2029) escaped, so a message cannot forge lines. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/** The serving thread's server (exported for tests that drive it over a `MessageChannel` in one thread). */
export class Front {
  private readonly routes: Set<string>;
  private readonly heartbeat: BigInt64Array;
  readonly server: https.Server;
  private nextId = 1;
  /** Requests sent to the handler thread and not answered yet (bodies and forwarded probes). */
  private readonly pending = new Map<number, { req: IncomingMessage; res: ServerResponse }>();
  private inFlight = 0;
  private idle?: () => void;
  private closing = false;
  private lastDropLogged = -Infinity;
  private turnBytes = 0;
  private readonly pausedBodies = new Set<IncomingMessage>();
  private resumeScheduled = false;

  constructor(
    private readonly config: FrontConfig,
    private readonly port: MessagePort,
  ) {
    this.routes = new Set(config.routes);
    this.heartbeat = new BigInt64Array(config.heartbeat);
    const timeout = config.requestTimeoutMs;
    const server = https.createServer(
      {
        cert: pem(config.cert),
        key: pem(config.key),
        minVersion: 'TLSv1.2',
        requestTimeout: timeout,
        headersTimeout: Math.min(timeout, 60_000),
        handshakeTimeout: timeout,
        keepAliveTimeout: config.keepAliveTimeoutMs,
        // how often those timeouts are checked (Node's default, 30 s, would let a slow client hold a connection twice as long)
        connectionsCheckingInterval: Math.max(50, Math.min(timeout / 10, 30_000)),
      },
      (req, res) => {
        this.handle(req, res);
      },
    );
    server.maxConnections = config.maxConnections;
    server.on('drop', () => {
      const now = performance.now();
      if (now - this.lastDropLogged < 10_000) return;
      this.lastDropLogged = now;
      this.log('refused connections: too many are open', { maxConnections: config.maxConnections });
    });
    this.server = server;
    port.on('message', (m: ToFront) => {
      this.receive(m);
    });
    server.once('error', (e: NodeJS.ErrnoException) => {
      this.send({ t: 'failed', message: e.message, ...(e.code === undefined ? {} : { code: e.code }) });
    });
    server.listen(config.port, config.host, () => {
      const address = server.address() as AddressInfo;
      this.send({ t: 'listening', address: { address: address.address, family: address.family, port: address.port }, maxConnections: server.maxConnections });
    });
  }

  private send(m: FromFront): void {
    this.port.postMessage(m);
  }

  private log(message: string, values: Record<string, string | number>): void {
    this.send({ t: 'log', message, values });
  }

  private receive(m: ToFront): void {
    switch (m.t) {
      case 'route':
        this.routes.add(m.path);
        return;
      case 'cert':
        this.server.setSecureContext({ cert: pem(m.cert), key: pem(m.key), minVersion: 'TLSv1.2' });
        return;
      case 'reply': {
        const r = this.pending.get(m.id);
        if (!r) return;
        this.pending.delete(m.id);
        this.write(r.req, r.res, m.status, m.headers, m.body);
        return;
      }
      case 'close':
        void this.close(m.timeoutMs);
        return;
    }
  }

  private async close(timeoutMs: number): Promise<void> {
    this.closing = true;
    const server = this.server;
    const closed = new Promise<void>((resolve) => server.close(() => { resolve(); }));
    server.closeIdleConnections();
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (this.idle = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
    this.send({ t: 'closed' });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.inFlight++;
    res.once('close', () => {
      if (--this.inFlight === 0 && this.idle) {
        this.idle();
        this.idle = undefined;
      }
    });
    if (this.closing) res.setHeader('Connection', 'close');
    const [url, query = ''] = splitOnce(req.url ?? '/', '?');
    if (!this.routes.has(url)) { this.probe(req, res, url, query); return; }
    if (req.method !== 'POST') { this.reply(res, 405, 'method not allowed\n', { Allow: 'POST' }); return; }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') { this.reply(res, 415, 'content type must be application/json\n'); return; }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > this.config.maxRequestBytes) { this.tooLarge(req, res); return; }
    // kept as bytes (outside V8's heap: this thread's collections do not copy them) and handed over whole, without a
    // copy; the handler thread decodes them (tens of milliseconds for 7 MiB, which no probe waits for any more)
    const chunks: Buffer[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > this.config.maxRequestBytes) {
        aborted = true;
        chunks.length = 0;
        this.tooLarge(req, res);
        return;
      }
      chunks.push(chunk);
      this.budgetRead(req, chunk.length);
    });
    req.on('end', () => {
      if (aborted) return;
      if (size === 0) { this.reply(res, 400, 'body is not JSON: the body is empty\n'); return; }
      const body = new Uint8Array(size);
      let offset = 0;
      for (const c of chunks) {
        body.set(c, offset);
        offset += c.length;
      }
      chunks.length = 0;
      this.forward(req, res, (id) => ({ t: 'body', id, path: url, body: body.buffer }), [body.buffer]);
    });
    req.on('error', () => res.destroy());
  }

  /** Sends a request to the handler thread; its `reply` answers it, a client going away first is reported. */
  private forward(req: IncomingMessage, res: ServerResponse, message: (id: number) => FromFront, transfer: ArrayBuffer[] = []): number {
    const id = this.nextId++;
    this.pending.set(id, { req, res });
    res.once('close', () => {
      if (this.pending.delete(id)) this.send({ t: 'gone', id });
    });
    this.port.postMessage(message(id), transfer);
    return id;
  }

  /**
   * Bounds the body bytes taken in per turn of the event loop. libuv reads a readable socket up to 32 times per
   * turn (2 MiB of TLS records, each decrypted and handed to JS), so six large uploads arriving together held one
   * turn for 60-150 ms, and a probe — a TLS handshake of several turns — waited behind each. Past
   * {@link READ_BUDGET_PER_TURN} in a turn, a request is paused and resumed in the next turn.
   */
  private budgetRead(req: IncomingMessage, bytes: number): void {
    if (!this.resumeScheduled) {
      this.resumeScheduled = true;
      setImmediate(() => {
        this.resumeScheduled = false;
        this.turnBytes = 0;
        const paused = [...this.pausedBodies];
        this.pausedBodies.clear();
        for (const r of paused) if (!r.destroyed) r.resume();
      });
    }
    this.turnBytes += bytes;
    if (this.turnBytes <= READ_BUDGET_PER_TURN) return;
    req.pause();
    this.pausedBodies.add(req);
  }

  /** How long the handler thread has not turned, when past the threshold; else undefined. */
  private stalledMs(): number | undefined {
    const age = heartbeatAgeMs(this.heartbeat);
    return age > this.config.stallThresholdMs ? age : undefined;
  }

  /** A request for a path without a route: the forwarded probes, the server's own `/healthz` and `/readyz`, or 404. */
  private probe(req: IncomingMessage, res: ServerResponse, url: string, query: string): void {
    const get = req.method === 'GET' || req.method === 'HEAD';
    if (this.config.forwardProbes && get) {
      const stalled = this.stalledMs();
      if (stalled !== undefined) { this.reply(res, 500, stalledText(stalled, this.config.stallThresholdMs), {}, req); return; }
      const id = this.forward(req, res, (i) => ({ t: 'probe', id: i, path: url, query }));
      // the handler thread may stall after it got the probe: then the probe fails here, not at the kubelet's timeout
      const watch = setInterval(() => {
        if (!this.pending.has(id)) { clearInterval(watch); return; }
        const late = this.stalledMs();
        if (late === undefined) return;
        clearInterval(watch);
        this.pending.delete(id);
        this.reply(res, 500, stalledText(late, this.config.stallThresholdMs), {}, req);
      }, Math.max(10, this.config.stallThresholdMs / 4));
      watch.unref();
      return;
    }
    if (!PROBE_PATHS.includes(url)) { this.reply(res, 404, 'not found\n'); return; }
    if (!get) { this.reply(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' }); return; }
    const stalled = this.stalledMs();
    if (stalled !== undefined) { this.reply(res, 500, stalledText(stalled, this.config.stallThresholdMs), {}, req); return; }
    this.reply(res, 200, 'ok\n', {}, req);
  }

  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    this.log('rejected a request body over the limit', { maxRequestBytes: this.config.maxRequestBytes });
    res.setHeader('Connection', 'close');
    lingerOnClose(req.socket, Math.min(LINGER_MS, this.config.requestTimeoutMs));
    this.reply(res, 413, `request body is larger than ${this.config.maxRequestBytes} bytes\n`);
    req.resume();
  }

  /** A plain-text answer (a `HEAD` request gets its headers only); 4xx and 5xx other than 404 are logged. */
  private reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}, req?: IncomingMessage): void {
    if (res.destroyed || res.headersSent) return;
    if (status >= 400 && status !== 404) this.log('answered an error', { status, answer: text.trim() });
    this.write(req, res, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers }, text);
  }

  private write(req: IncomingMessage | undefined, res: ServerResponse, status: number, headers: Record<string, string | number>, body: string): void {
    if (res.destroyed || res.headersSent) return;
    res.writeHead(status, headers);
    res.end(req?.method === 'HEAD' ? undefined : body);
  }
}

/** How long a connection closed in the middle of an upload keeps reading (and discarding) it: {@link lingerOnClose}. */
export const LINGER_MS = 5_000;

/**
 * A lingering close, as Go's net/http does after answering a request whose body it did not read (`closeWriteAndWait`)
 * and Apache's `lingering_close`: when Node closes `socket` after the answer (`Connection: close`), it sends its FIN
 * and goes on reading and discarding what the client still uploads — until the client closes its side too, or for
 * at most `ms` — and only then closes. Closed at once, the kernel answers the client's next segment with a reset,
 * and a reset makes the client's kernel drop the answer it has not read yet: the client would see ECONNRESET (or
 * EPIPE) instead of the 413 (seen with a 50 MB upload on a busy machine). The discarded bytes cost a read and a TLS
 * decryption each, bounded by the time.
 */
function lingerOnClose(socket: Socket, ms: number): void {
  // Node's HTTP server closes a connection whose answer said `Connection: close` with `socket.destroySoon()` (end,
  // then destroy when the end is written); on this one socket that becomes: end, then destroy when the client ends
  // or the time is up
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => { clearTimeout(timer); });
    this.once('end', () => this.destroy());
    this.resume();
  };
}

function pem(v: string | Uint8Array): string | Buffer {
  return typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

function splitOnce(text: string, separator: string): [string, string?] {
  const i = text.indexOf(separator);
  return i < 0 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}

function isFrontConfig(data: unknown): data is FrontConfig {
  return typeof data === 'object' && data !== null && (data as Partial<FrontConfig>).kubegenWebhookFront === true;
}

if (parentPort && isFrontConfig(workerData)) new Front(workerData, parentPort);
