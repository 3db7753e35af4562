/**
 * The HTTPS stage every kubegen webhook stands on (the conversion webhook and the admission server): JSON in, JSON
 * out, with the limits an endpoint the API server calls needs, and serving certificates that can be rotated.
 *
 * Contract:
 * - `route(path, handler)` registers a JSON endpoint: `POST <path>` with `Content-Type: application/json`; the body is
 *   parsed (untrusted: the handler must read it by own keys), checked against `maxDepth`, and handed to the handler
 *   with an `AbortSignal` that fires after `handlerTimeoutMs` or when the client goes away. The handler's value is
 *   answered as JSON with 200; a thrown `ReviewError` → 400 with its message; anything else thrown (any value at
 *   all: its text is `describeThrown`'s), or an answer that cannot be encoded as JSON → the route's `onError` answer
 *   (200: the admission server's is a denial, the conversion webhook's a failed conversion), or 500
 *   `internal error: …` for a route without one. The server never crashes on a request, and never on what its
 *   `log` throws.
 * - Bodies are parsed in slices of a few milliseconds (./json-body): a large body (7 MiB of small values takes
 *   seconds of CPU to parse) is parsed a slice per turn of the event loop, taking turns with the other large bodies
 *   in flight, so `/healthz`, new connections and small requests are served meanwhile; the depth limit is checked
 *   while parsing. A body whose client went away is no longer parsed.
 * - `GET /healthz` and `GET /readyz` → 200 `ok` (or what `probes` answers: the manager's checks). Unknown paths → 404; other methods → 405; other content types → 415; an empty body
 *   or one that is not JSON → 400 `body is not JSON: …`; a body over `maxRequestBytes` → 413 (the connection is closed); a body
 *   nested deeper than `maxDepth` → 400.
 * - Time limits: a request (headers and body) must arrive within `requestTimeoutMs` (headers within
 *   `min(requestTimeoutMs, 60 s)`), else Node answers 408 and closes the connection: slow clients cannot hold a
 *   connection for long. The TLS handshake must end within `requestTimeoutMs` too (Node's default is 120 s: a
 *   connection that never starts TLS was held that long). Idle keep-alive connections close after
 *   `keepAliveTimeoutMs`.
 * - At most `maxConnections` connections are open at once (default 1024); further ones are closed as they come
 *   (logged at most once per 10 s). Go's http.Server and controller-runtime have no such cap.
 * - Certificates: given as PEM (`cert`, `key`) or as files (`certFile`, `keyFile`). Files are watched (`fs.watch`
 *   on their directories, which also sees Kubernetes' symlink swaps of a mounted Secret) and polled every
 *   `certPollIntervalMs` as a fallback; a change is loaded into the running server (`setSecureContext`) for new
 *   connections, without a restart. A pair that does not load (a half-written file, a key that does not match) keeps
 *   the previous one and is retried on the next change or poll. `onCertificate` hears every attempt. Files are read
 *   bounded and without blocking (./certfile): a FIFO, a device (`/dev/zero`), a directory or a file over 1 MiB is
 *   refused with a one-line error (at construction: thrown; on reload: logged, the old pair kept).
 * - `close()` stops accepting connections, lets in-flight requests finish (up to `closeTimeoutMs`), then closes
 *   every connection and stops watching the certificate files.
 */
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { StringDecoder } from 'node:string_decoder';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultLogger } from '../log/default';
import { safeLogger, type Logger } from '../observe/logger';
import { describeThrown, thrownInstanceOf } from '../observe/thrown';
import { readCertificateFile, readCertificateFileSync } from './certfile';
import { JsonBodyError, JsonBodyScheduler } from './json-body';

export interface WebhookServerOptions {
  /** PEM certificate chain of the server (or `certFile`). */
  cert?: string | Buffer;
  /** PEM private key of the server (or `keyFile`). */
  key?: string | Buffer;
  /** File holding the PEM certificate chain, reloaded when it changes (with `keyFile`). */
  certFile?: string;
  /** File holding the PEM private key, reloaded when it changes (with `certFile`). */
  keyFile?: string;
  /** How often the certificate files are re-read in case a change was not seen by `fs.watch`. Default 10000 ms. */
  certPollIntervalMs?: number;
  /** Hears each load of the certificate files after the first: `error` set when the new pair was refused. */
  onCertificate?: (event: { loaded: boolean; error?: string }) => void;
  /** Address to listen on. Default `0.0.0.0`. */
  host?: string;
  /** Port to listen on; 0 picks a free one. Default 9443. */
  port?: number;
  /** Largest accepted request body in bytes. Default 3 MiB. */
  maxRequestBytes?: number;
  /** Deepest accepted nesting of the body's JSON (objects and arrays). Default 1000. */
  maxDepth?: number;
  /** How long `close()` waits for in-flight requests before closing their connections. Default 5000 ms. */
  closeTimeoutMs?: number;
  /** Time allowed to receive a whole request (the API server gives a webhook at most 30 s). Default 30000 ms. */
  requestTimeoutMs?: number;
  /** Time a handler may take before its signal aborts (it is then answered by the route's `onTimeout`). Default 30000 ms. */
  handlerTimeoutMs?: number;
  /** How long an idle keep-alive connection stays open. Default 60000 ms. */
  keepAliveTimeoutMs?: number;
  /** Most connections open at once; further ones are closed as they come. Default 1024. */
  maxConnections?: number;
  /**
   * Where the server reports (the one `Logger` of `@kubegen/runtime/log`): an info record per rejected request and
   * refused connection burst, an error record per failed or timed-out handler and certificate that does not load,
   * values as fields (`status`, `certFile` …), never in the message. A manager hands its logger named `webhook`.
   * Default `defaultLogger().withName('webhook')`. What the logger throws is dropped.
   */
  logger?: Logger;
  /**
   * Answers a GET or HEAD on a path no route has (the manager serves its `/healthz` and `/readyz` checks here);
   * `undefined` falls back to the server's own `/healthz` and `/readyz` (200 `ok`), then 404. What it throws is a 500.
   */
  probes?: (path: string, query: URLSearchParams) => Promise<ProbeAnswer | undefined>;
}

/** A plain-text answer of `probes`. */
export interface ProbeAnswer {
  status: number;
  body: string;
}

/** Where endpoints are registered: a `WebhookServer`, or the `DefaultWebhookServer` that makes one when it starts. */
export interface RouteTarget {
  route(path: string, route: Route): unknown;
}

/** What a route's handler gets besides the body. */
export interface RouteContext {
  /** Aborts after `handlerTimeoutMs`, or when the client disconnects. */
  signal: AbortSignal;
}

export interface Route {
  /** Answers a parsed body; its value is sent as JSON (200). Throw `ReviewError` for a 400. */
  handle(body: unknown, context: RouteContext): unknown;
  /** The JSON answered when the handler has not finished within `handlerTimeoutMs` (default: 504 text). */
  onTimeout?(body: unknown): unknown;
  /**
   * The JSON answered (200) when the handler threw something other than a `ReviewError`, or its answer cannot be
   * encoded; `message` is the text of what was thrown. Default: 500 `internal error: <message>`.
   */
  onError?(body: unknown, message: string): unknown;
}

/** A request body that is not what the endpoint accepts (answered with 400 and the message). */
export class ReviewError extends Error {
  override readonly name = 'ReviewError';
}

type ResolvedOptions = Required<Omit<WebhookServerOptions, 'cert' | 'key' | 'certFile' | 'keyFile' | 'onCertificate' | 'logger' | 'probes'>> &
  Pick<WebhookServerOptions, 'onCertificate' | 'certFile' | 'keyFile' | 'probes'> & { logger: Logger };

/** The paths the server answers itself (GET): they cannot be routes. */
const PROBE_PATHS: readonly string[] = ['/healthz', '/readyz'];

export class WebhookServer {
  private readonly routes = new Map<string, Route>();
  private readonly options: ResolvedOptions;
  private cert: string | Buffer;
  private key: string | Buffer;
  private server?: https.Server;
  private inFlight = 0;
  private idle?: () => void;
  private watchers: fs.FSWatcher[] = [];
  private poll?: NodeJS.Timeout;
  private reloading?: Promise<void>;
  private readonly bodies = new JsonBodyScheduler();
  /** Request body bytes received in this turn of the event loop, over all requests (see `budgetRead`). */
  private turnBytes = 0;
  /** Requests paused for the rest of this turn, resumed in the next. */
  private readonly pausedBodies = new Set<IncomingMessage>();
  private resumeScheduled = false;
  private lastDropLogged = -Infinity;

  constructor(options: WebhookServerOptions) {
    const fromFiles = options.certFile !== undefined || options.keyFile !== undefined;
    if (fromFiles && (options.certFile === undefined || options.keyFile === undefined)) throw new Error('webhook server: give both certFile and keyFile');
    if (fromFiles === (options.cert !== undefined || options.key !== undefined)) throw new Error('webhook server: give cert and key, or certFile and keyFile');
    if (!fromFiles && (options.cert === undefined || options.key === undefined)) throw new Error('webhook server: give both cert and key');
    this.cert = options.cert ?? (options.certFile ? readCertificateFileSync(options.certFile) : '');
    this.key = options.key ?? (options.keyFile ? readCertificateFileSync(options.keyFile) : '');
    checkDurations(options);
    const timeout = options.requestTimeoutMs ?? 30_000;
    this.options = {
      certFile: options.certFile,
      keyFile: options.keyFile,
      certPollIntervalMs: options.certPollIntervalMs ?? 10_000,
      onCertificate: options.onCertificate,
      host: options.host ?? '0.0.0.0',
      port: options.port ?? 9443,
      maxRequestBytes: options.maxRequestBytes ?? 3 * 1024 * 1024,
      maxDepth: options.maxDepth ?? 1000,
      closeTimeoutMs: options.closeTimeoutMs ?? 5000,
      requestTimeoutMs: timeout,
      handlerTimeoutMs: options.handlerTimeoutMs ?? 30_000,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 60_000,
      maxConnections: options.maxConnections ?? 1024,
      logger: safeLogger(options.logger ?? defaultLogger().withName('webhook')),
      probes: options.probes,
    };
  }

  /** Registers a JSON endpoint at `path` (exact match, query ignored). */
  route(urlPath: string, route: Route): this {
    if (!urlPath.startsWith('/')) throw new Error(`webhook server: path must start with "/": ${urlPath}`);
    if (PROBE_PATHS.includes(urlPath)) throw new Error(`webhook server: ${urlPath} is served by the server itself`);
    if (this.routes.has(urlPath)) throw new Error(`webhook server: a handler is already registered at ${urlPath}`);
    this.routes.set(urlPath, route);
    return this;
  }

  /** The registered paths, sorted. */
  get paths(): string[] {
    return [...this.routes.keys()].sort();
  }

  /** Starts serving; resolves with the bound address once listening. */
  async listen(): Promise<AddressInfo> {
    if (this.server) throw new Error('webhook server is already listening');
    const timeout = this.options.requestTimeoutMs;
    const server = https.createServer(
      {
        cert: this.cert,
        key: this.key,
        minVersion: 'TLSv1.2',
        requestTimeout: timeout,
        headersTimeout: Math.min(timeout, 60_000),
        handshakeTimeout: timeout,
        keepAliveTimeout: this.options.keepAliveTimeoutMs,
        // how often those timeouts are checked (Node's default, 30 s, would let a slow client hold a connection twice as long)
        connectionsCheckingInterval: Math.max(50, Math.min(timeout / 10, 30_000)),
      },
      (req, res) => {
        this.handle(req, res);
      },
    );
    server.maxConnections = this.options.maxConnections;
    server.on('drop', () => {
      const now = Date.now();
      if (now - this.lastDropLogged < 10_000) return;
      this.lastDropLogged = now;
      this.options.logger.info('refused connections: too many are open', { maxConnections: this.options.maxConnections });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.watchCertificate();
    return this.address!;
  }

  /** The bound address, once listening. */
  get address(): AddressInfo | undefined {
    const a = this.server?.address();
    return a !== null && typeof a === 'object' ? a : undefined;
  }

  /** Replaces the serving certificate (for rotation) without restarting; new connections use it. */
  setCertificate(cert: string | Buffer, key: string | Buffer): void {
    // validate before swapping: a bad pair throws here and the old one stays in service
    tls.createSecureContext({ cert, key });
    this.cert = cert;
    this.key = key;
    this.server?.setSecureContext({ cert, key, minVersion: 'TLSv1.2' });
  }

  /**
   * Re-reads `certFile` and `keyFile` and loads them when they changed (what the watcher and the poll call).
   * Resolves once done; a pair that does not load is reported to `onCertificate` and the old one kept.
   */
  reloadCertificate(): Promise<void> {
    const { certFile, keyFile } = this.options;
    if (certFile === undefined || keyFile === undefined) return Promise.resolve();
    // one reload at a time; a change seen during one is picked up by the next call
    this.reloading ??= (async () => {
      try {
        const [cert, key] = await Promise.all([readCertificateFile(certFile), readCertificateFile(keyFile)]);
        if (sameBytes(cert, this.cert) && sameBytes(key, this.key)) return;
        try {
          this.setCertificate(cert, key);
          this.options.logger.info('loaded a new serving certificate', { certFile });
          this.options.onCertificate?.({ loaded: true });
        } catch (e) {
          const error = `the certificate in ${certFile} and key in ${keyFile} do not load: ${describeThrown(e)}`;
          this.options.logger.error(e, 'the serving certificate and key do not load', { certFile, keyFile });
          this.options.onCertificate?.({ loaded: false, error });
        }
      } catch (e) {
        const error = `reading the serving certificate: ${describeThrown(e)}`;
        this.options.logger.error(e, 'reading the serving certificate failed', { certFile, keyFile });
        this.options.onCertificate?.({ loaded: false, error });
      } finally {
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }

  /** Stops accepting connections, waits for in-flight requests (up to `closeTimeoutMs`), then closes all connections. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => { resolve(); }));
    server.closeIdleConnections();
    if (this.inFlight > 0) {
      await Promise.race([
        new Promise<void>((resolve) => (this.idle = resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, this.options.closeTimeoutMs).unref()),
      ]);
    }
    server.closeAllConnections();
    await closed;
    await this.reloading;
  }

  private watchCertificate(): void {
    const { certFile, keyFile } = this.options;
    if (certFile === undefined || keyFile === undefined) return;
    const reload = () => { void this.reloadCertificate(); };
    for (const dir of new Set([path.dirname(path.resolve(certFile)), path.dirname(path.resolve(keyFile))])) {
      try {
        const w = fs.watch(dir, { persistent: false }, reload);
        // a watcher that fails (the directory went away) leaves the poll in charge
        w.on('error', () => { w.close(); });
        this.watchers.push(w);
      } catch {
        // no inotify (some container file systems): the poll below still sees changes
      }
    }
    this.poll = setInterval(reload, this.options.certPollIntervalMs).unref();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.inFlight++;
    res.once('close', () => {
      if (--this.inFlight === 0 && this.idle) {
        this.idle();
        this.idle = undefined;
      }
    });
    if (!this.server) res.setHeader('Connection', 'close');
    const [url, query = ''] = splitOnce(req.url ?? '/', '?');
    const route = this.routes.get(url);
    if (!route) { this.probe(req, res, url, query); return; }
    if (req.method !== 'POST') { this.reply(res, 405, 'method not allowed\n', { Allow: 'POST' }); return; }
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') { this.reply(res, 415, 'content type must be application/json\n'); return; }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > this.options.maxRequestBytes) { this.tooLarge(req, res); return; }
    // Decoded chunk by chunk as it arrives: decoding a 7 MiB body at its end (Buffer.concat, then toString) took
    // 50-70 ms in one callback, and the 'end' callbacks of bodies arriving together run back to back (one tick
    // queue), holding /healthz for hundreds of milliseconds.
    const decoder = new StringDecoder('utf8');
    const pieces: string[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (chunk: Buffer) => {
      if (aborted) return;
      size += chunk.length;
      if (size > this.options.maxRequestBytes) {
        aborted = true;
        pieces.length = 0;
        this.tooLarge(req, res);
        return;
      }
      pieces.push(decoder.write(chunk));
      this.budgetRead(req, chunk.length);
    });
    req.on('end', () => {
      if (aborted) return;
      if (size === 0) { this.reply(res, 400, 'body is not JSON: the body is empty\n'); return; }
      pieces.push(decoder.end());
      const text = pieces.join('');
      pieces.length = 0;
      // a client that goes away stops the parse of its body
      const gone = new AbortController();
      const onGone = () => { gone.abort(new Error('the client went away')); };
      res.once('close', onGone);
      this.bodies.parse(text, this.options.maxDepth, gone.signal).then(
        (body) => {
          res.off('close', onGone);
          this.run(route, body, res);
        },
        (e: unknown) => {
          res.off('close', onGone);
          if (gone.signal.aborted) return;
          if (!(e instanceof JsonBodyError)) this.failed(res, e);
          else if (e.tooDeep) this.reply(res, 400, `body ${e.message}\n`);
          else this.reply(res, 400, `body is not JSON: ${e.message}\n`);
        },
      );
    });
    req.on('error', () => res.destroy());
  }

  /**
   * Bounds the body bytes taken in per turn of the event loop. libuv reads a readable socket up to 32 times per
   * turn (2 MiB of TLS records, each decrypted and handed to JS), so six large uploads arriving together held one
   * turn for 60-150 ms before any parse began, and `/healthz` — a TLS handshake of several turns — waited behind
   * each. Past {@link READ_BUDGET_PER_TURN} in a turn, a request is paused (its socket stops reading once the
   * stream's buffer is full) and resumed in the next turn, after the probes and handshakes of this one.
   */
  private budgetRead(req: IncomingMessage, bytes: number): void {
    if (!this.resumeScheduled) {
      // the turn's count starts with its first bytes and ends in its check phase
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

  /** A request for a path without a route: the probes, the server's own `/healthz` and `/readyz`, or 404. */
  private probe(req: IncomingMessage, res: ServerResponse, url: string, query: string): void {
    const get = req.method === 'GET' || req.method === 'HEAD';
    const own = () => {
      if (!PROBE_PATHS.includes(url)) { this.reply(res, 404, 'not found\n'); return; }
      if (!get) { this.reply(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' }); return; }
      this.reply(res, 200, 'ok\n');
    };
    const probes = this.options.probes;
    if (!probes || !get) { own(); return; }
    let answer: Promise<ProbeAnswer | undefined>;
    try {
      answer = probes(url, new URLSearchParams(query));
    } catch (e) {
      answer = Promise.reject(e);
    }
    Promise.resolve(answer).then(
      (a) => {
        if (!a) { own(); return; }
        if (res.destroyed || res.headersSent) return;
        res.writeHead(a.status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(a.body) });
        res.end(req.method === 'HEAD' ? undefined : a.body);
      },
      (e: unknown) => { this.reply(res, 500, `internal server error: ${oneLine(describeThrown(e))}\n`); },
    );
  }

  private run(route: Route, body: unknown, res: ServerResponse): void {
    const controller = new AbortController();
    let done = false;
    const onClose = () => { if (!done) controller.abort(new Error('the client went away')); };
    res.once('close', onClose);
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      const reason = new Error(`the handler did not answer within ${this.options.handlerTimeoutMs} ms`);
      controller.abort(reason);
      this.options.logger.error(reason, 'handler timed out', { handlerTimeoutMs: this.options.handlerTimeoutMs });
      if (route.onTimeout) this.json(res, route.onTimeout(body), route, body);
      else this.reply(res, 504, `${reason.message}\n`);
    }, this.options.handlerTimeoutMs);
    timer.unref();
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      res.off('close', onClose);
      fn();
    };
    let result: unknown;
    try {
      result = route.handle(body, { signal: controller.signal });
    } catch (e) {
      finish(() => { this.failed(res, e, route, body); });
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (value: unknown) => { finish(() => { this.json(res, value, route, body); }); },
        (e: unknown) => { finish(() => { this.failed(res, e, route, body); }); },
      );
    } else finish(() => { this.json(res, result, route, body); });
  }

  /**
   * Answers a handler's failure: `ReviewError` → 400; anything else → the route's `onError` answer, or 500. Never
   * throws, whatever `e` is (its text is `describeThrown`'s).
   */
  private failed(res: ServerResponse, e: unknown, route?: Route, body?: unknown): void {
    const message = describeThrown(e);
    if (thrownInstanceOf(e, ReviewError)) { this.reply(res, 400, `${message}\n`); return; }
    this.options.logger.error(e, 'handler failed');
    if (route?.onError) {
      let answer: unknown;
      try {
        answer = route.onError(body, message);
      } catch (again) {
        this.reply(res, 500, `internal error: ${message}; answering it: ${describeThrown(again)}\n`); return;
      }
      this.json(res, answer);
      return;
    }
    this.reply(res, 500, `internal error: ${message}\n`);
  }

  /** Sends `value` as JSON (200); one that cannot be encoded is a failure of the route (see `failed`). */
  private json(res: ServerResponse, value: unknown, route?: Route, body?: unknown): void {
    if (res.destroyed || res.headersSent) return;
    let json: string;
    try {
      // a value of user code: a BigInt, a cycle, a throwing toJSON or getter, nesting deeper than the stack
      json = JSON.stringify(value);
    } catch (e) {
      this.failed(res, new Error(`the response cannot be encoded: ${describeThrown(e)}`), route, body); return;
    }
    if (typeof json !== 'string') { this.failed(res, new Error('the response cannot be encoded: it is not a JSON value'), route, body); return; }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  }

  private tooLarge(req: IncomingMessage, res: ServerResponse): void {
    this.options.logger.info('rejected a request body over the limit', { maxRequestBytes: this.options.maxRequestBytes });
    res.setHeader('Connection', 'close');
    this.reply(res, 413, `request body is larger than ${this.options.maxRequestBytes} bytes\n`);
    req.resume();
  }

  private reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
    if (res.destroyed || res.headersSent) return;
    if (status >= 400 && status !== 404) this.options.logger.info('answered an error', { status, answer: text.trim() });
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }
}

/**
 * A webhook served by its own `WebhookServer` (the conversion webhook, the admission server): the serving half —
 * listen, address, certificates, close — delegated to the stage, the endpoints added by the subclass.
 */
export class ServedWebhook {
  protected readonly server: WebhookServer;

  constructor(options: WebhookServerOptions) {
    this.server = new WebhookServer(options);
  }

  /** Starts serving; resolves with the bound address once listening. */
  listen(): Promise<AddressInfo> {
    return this.server.listen();
  }

  /** The bound address, once listening. */
  get address(): AddressInfo | undefined {
    return this.server.address;
  }

  /** Replaces the serving certificate (for rotation) without restarting. */
  setCertificate(cert: string | Buffer, key: string | Buffer): void {
    this.server.setCertificate(cert, key);
  }

  /** Re-reads the certificate files (when served from files); the watcher does this on change. */
  reloadCertificate(): Promise<void> {
    return this.server.reloadCertificate();
  }

  /** Stops accepting connections, lets in-flight requests finish (up to `closeTimeoutMs`), then closes. */
  close(): Promise<void> {
    return this.server.close();
  }
}

/** Request body bytes the server takes in per turn of the event loop before pausing the requests that go on. */
const READ_BUDGET_PER_TURN = 256 * 1024;

/** Text for one log line: line breaks (`\r`, `\n`, U+2028, U+2029) escaped, so a message cannot forge lines. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1));
}

function splitOnce(text: string, separator: string): [string, string?] {
  const i = text.indexOf(separator);
  return i < 0 ? [text] : [text.slice(0, i), text.slice(i + 1)];
}

function sameBytes(a: Buffer, b: string | Buffer): boolean {
  return a.equals(typeof b === 'string' ? Buffer.from(b, 'utf8') : b);
}

/**
 * Whether JSON `value` nests objects and arrays more than `max` levels deep (iterative: any depth is fine). Bodies are
 * checked while they are parsed (./json-body); this is the definition that check is tested against.
 */
export function nestsDeeper(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    const children = Array.isArray(v) ? v : Object.keys(v).map((k) => (v as Record<string, unknown>)[k]);
    for (const c of children) if (typeof c === 'object' && c !== null) stack.push([c, depth + 1]);
  }
  return false;
}

/** A value from a request, for a one-line message: strings cut at 100 characters, control characters escaped. */
export function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 100 ? `${v.slice(0, 100)}…` : v).slice(1, -1);
  return v === undefined ? 'undefined' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;
}

/** The options that set a Node timer or timeout: a value past a timer's range would fire every millisecond instead. */
const DURATION_OPTIONS = ['certPollIntervalMs', 'closeTimeoutMs', 'requestTimeoutMs', 'handlerTimeoutMs', 'keepAliveTimeoutMs'] as const;

/** Node's largest timer delay (2³¹−1 ms, 24.8 days): a longer one is taken as 1 ms, with a TimeoutOverflowWarning. */
const MAX_DURATION_MS = 2 ** 31 - 1;

/** Refuses (throws) a duration option of `options` that is not a whole number of milliseconds from 1 to 2³¹−1. */
export function checkDurations(options: WebhookServerOptions): void {
  for (const key of DURATION_OPTIONS) checkDuration(key, options[key]);
}

/** Refuses a duration option that is not a whole number of milliseconds from 1 to {@link MAX_DURATION_MS}. */
function checkDuration(key: string, value: number | undefined): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < 1 || value > MAX_DURATION_MS) {
    throw new Error(`webhook server: ${key} must be a whole number of milliseconds from 1 to ${MAX_DURATION_MS}, not ${String(value)}`);
  }
}
