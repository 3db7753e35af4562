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
 *   logger throws.
 * - Two threads. The HTTPS server — TLS, HTTP, connections, time limits, reading bodies, the probes — runs in a
 *   serving thread (./front, a worker with its own event loop and heap); this thread (the handler thread) parses the
 *   bodies it hands over and runs the handlers. Bodies are parsed in slices of a few milliseconds (./json-body): a
 *   large body (7 MiB of small values takes seconds of CPU to parse) a slice per turn of the event loop, one at a
 *   time in arrival order, so small requests are served meanwhile; the depth limit is checked while parsing. A body
 *   whose client went away is no longer parsed.
 * - `GET /healthz` and `GET /readyz` → 200 `ok`, answered by the serving thread, so the collections of V8 while a
 *   large body's tree is built here and the turns a probe's TLS handshake takes do not add up; a watchdog keeps them
 *   honest: this thread stores a heartbeat every 50 ms, and when it is older than `stallThresholdMs` (this thread's
 *   event loop stuck) they answer 500 `the handler thread's event loop has not turned for N ms (threshold T ms)`.
 *   With `probes` (given at construction: the manager's checks), GET and HEAD on paths without a route are answered
 *   here by `probes` — and by the serving thread with that 500 when this thread is stalled beyond the threshold. Unknown paths → 404; other methods → 405; other content types → 415; an empty body
 *   or one that is not JSON → 400 `body is not JSON: …`; a body over `maxRequestBytes` → 413 (the connection is closed after a lingering read of the rest, up to 5 s, so the client reads the answer); a body
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
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { defaultLogger } from '../log/default';
import { safeLogger, type Logger } from '../observe/logger';
import { describeThrown, thrownInstanceOf } from '../observe/thrown';
import { readCertificateFile, readCertificateFileSync } from './certfile';
import { oneLine, PROBE_PATHS, type FromFront, type FrontConfig, type ToFront } from './front';
import { JsonBodyError, JsonBodyScheduler } from './json-body';

export { oneLine } from './front';

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
   * How long this thread's event loop may go without a turn before the probes fail (500). The probes are answered by
   * the serving thread (see the module doc), so a busy event loop here does not delay them, and a stuck one still
   * fails them. Default 5000 ms: a loop that has not turned for 5 s is stuck, where a busy node's collections of a
   * large heap alone stalled it beyond 1 s (the kubelet's default probe timeout) in the admission-large benchmark.
   */
  stallThresholdMs?: number;
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

/** How often this thread stores its heartbeat for the serving thread (at most; a quarter of `stallThresholdMs` when less). */
const HEARTBEAT_MS = 50;

/** The compiled program of the serving thread, when running from the TypeScript sources (see `startFront`). */
let frontFromSources: string | undefined;

/**
 * Starts the serving thread (./front). From the compiled package, `front.js` beside this file; from the TypeScript
 * sources (the unit tests run them through ts-jest, and a worker cannot load `.ts`), `front.ts` compiled on the fly
 * with the TypeScript compiler — the module imports nothing but Node's, so it compiles alone.
 */
function startFront(config: FrontConfig): Worker {
  const compiled = path.join(__dirname, 'front.js');
  if (fs.existsSync(compiled)) return new Worker(compiled, { workerData: config });
  if (frontFromSources === undefined) {
    const source = path.join(__dirname, 'front.ts');
    const ts = createRequire(__filename)('typescript') as typeof import('typescript');
    frontFromSources = ts.transpileModule(fs.readFileSync(source, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 }, fileName: source }).outputText;
  }
  return new Worker(frontFromSources, { eval: true, workerData: config });
}

/** A request on the handler thread: parsed and handled, or waiting for its answer (`gone` aborts it). */
interface Open {
  gone: AbortController;
}

export class WebhookServer {
  private readonly routes = new Map<string, Route>();
  private readonly options: ResolvedOptions;
  private cert: string | Buffer;
  private key: string | Buffer;
  /** The serving thread, while listening. */
  private front?: Worker;
  /** What the serving thread reported once listening: its address and connection cap. */
  private serving?: { address: AddressInfo; maxConnections: number };
  private frontClosed?: () => void;
  private readonly heartbeat = new SharedArrayBuffer(8);
  private beat?: NodeJS.Timeout;
  /** Requests the serving thread sent and this thread has not answered, by id. */
  private readonly open = new Map<number, Open>();
  private watchers: fs.FSWatcher[] = [];
  private poll?: NodeJS.Timeout;
  private reloading?: Promise<void>;
  private readonly bodies = new JsonBodyScheduler();

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
      stallThresholdMs: options.stallThresholdMs ?? 5000,
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
    this.post({ t: 'route', path: urlPath });
    return this;
  }

  /** The registered paths, sorted. */
  get paths(): string[] {
    return [...this.routes.keys()].sort();
  }

  /** Starts serving (the serving thread); resolves with the bound address once listening. */
  async listen(): Promise<AddressInfo> {
    if (this.front) throw new Error('webhook server is already listening');
    const o = this.options;
    const config: FrontConfig = {
      kubegenWebhookFront: true,
      cert: this.cert,
      key: this.key,
      host: o.host,
      port: o.port,
      requestTimeoutMs: o.requestTimeoutMs,
      keepAliveTimeoutMs: o.keepAliveTimeoutMs,
      maxConnections: o.maxConnections,
      maxRequestBytes: o.maxRequestBytes,
      routes: [...this.routes.keys()],
      forwardProbes: o.probes !== undefined,
      heartbeat: this.heartbeat,
      stallThresholdMs: o.stallThresholdMs,
    };
    this.startHeartbeat();
    const front = startFront(config);
    this.front = front;
    try {
      this.serving = await new Promise<{ address: AddressInfo; maxConnections: number }>((resolve, reject) => {
        front.on('message', (m: FromFront) => {
          if (m.t === 'listening') resolve({ address: m.address, maxConnections: m.maxConnections });
          else if (m.t === 'failed') reject(Object.assign(new Error(m.message), m.code === undefined ? {} : { code: m.code }));
          else this.receive(m);
        });
        front.once('error', reject);
        front.once('exit', (code) => {
          reject(new Error(`webhook server: the serving thread exited with code ${code}`));
          this.frontExited();
        });
      });
      front.on('error', (e) => { this.options.logger.error(e, 'the serving thread failed'); });
    } catch (e) {
      this.front = undefined;
      this.stopHeartbeat();
      await front.terminate();
      throw e;
    }
    this.watchCertificate();
    return this.serving.address;
  }

  /** The bound address, once listening. */
  get address(): AddressInfo | undefined {
    return this.front ? this.serving?.address : undefined;
  }

  /** Replaces the serving certificate (for rotation) without restarting; new connections use it. */
  setCertificate(cert: string | Buffer, key: string | Buffer): void {
    // validate before swapping: a bad pair throws here and the old one stays in service
    tls.createSecureContext({ cert, key });
    this.cert = cert;
    this.key = key;
    this.post({ t: 'cert', cert, key });
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
    const front = this.front;
    if (!front) return;
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    await new Promise<void>((resolve) => {
      this.frontClosed = resolve;
      this.post({ t: 'close', timeoutMs: this.options.closeTimeoutMs });
    });
    this.front = undefined;
    this.frontClosed = undefined;
    this.stopHeartbeat();
    for (const o of this.open.values()) o.gone.abort(new Error('the server closed'));
    this.open.clear();
    await front.terminate();
    await this.reloading;
  }

  private post(m: ToFront): void {
    this.front?.postMessage(m);
  }

  /** The handler thread's heartbeat, which the serving thread's probes look at (see ./front). */
  private startHeartbeat(): void {
    const beat = new BigInt64Array(this.heartbeat);
    const now = () => { Atomics.store(beat, 0, process.hrtime.bigint()); };
    now();
    this.beat = setInterval(now, Math.max(1, Math.min(HEARTBEAT_MS, Math.floor(this.options.stallThresholdMs / 4))));
    this.beat.unref();
  }

  private stopHeartbeat(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = undefined;
  }

  /** The serving thread went away (closed, or crashed): what it had sent is dropped. */
  private frontExited(): void {
    this.frontClosed?.();
    for (const o of this.open.values()) o.gone.abort(new Error('the serving thread exited'));
    this.open.clear();
  }

  private receive(m: FromFront): void {
    switch (m.t) {
      case 'body':
        // invalid UTF-8 becomes U+FFFD, as a StringDecoder makes it
        this.handleBody(m.id, m.path, Buffer.from(m.body).toString('utf8'));
        return;
      case 'probe':
        this.probe(m.id, m.path, m.query);
        return;
      case 'gone':
        this.open.get(m.id)?.gone.abort(new Error('the client went away'));
        this.open.delete(m.id);
        return;
      case 'log':
        this.options.logger.info(m.message, m.values);
        return;
      case 'closed':
        this.frontClosed?.();
        return;
      default:
        return;
    }
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

  /** A body the serving thread read for a route: parsed in slices (./json-body), then handled. */
  private handleBody(id: number, urlPath: string, text: string): void {
    const route = this.routes.get(urlPath);
    const gone = new AbortController();
    this.open.set(id, { gone });
    if (!route) { this.reply(id, 404, 'not found\n'); return; }
    // a client that goes away stops the parse of its body
    this.bodies.parse(text, this.options.maxDepth, gone.signal).then(
      (body) => { this.run(id, route, body); },
      (e: unknown) => {
        if (gone.signal.aborted) return;
        if (!(e instanceof JsonBodyError)) this.failed(id, e);
        else if (e.tooDeep) this.reply(id, 400, `body ${e.message}\n`);
        else this.reply(id, 400, `body is not JSON: ${e.message}\n`);
      },
    );
  }

  /** A GET or HEAD the serving thread forwarded (there are `probes`): their answer, the server's own, or 404. */
  private probe(id: number, url: string, query: string): void {
    this.open.set(id, { gone: new AbortController() });
    const own = () => {
      if (!PROBE_PATHS.includes(url)) { this.reply(id, 404, 'not found\n'); return; }
      this.reply(id, 200, 'ok\n');
    };
    const probes = this.options.probes;
    if (!probes) { own(); return; }
    let answer: Promise<ProbeAnswer | undefined>;
    try {
      answer = probes(url, new URLSearchParams(query));
    } catch (e) {
      answer = Promise.reject(e);
    }
    Promise.resolve(answer).then(
      (a) => {
        if (!a) { own(); return; }
        this.send(id, a.status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(a.body) }, a.body);
      },
      (e: unknown) => { this.reply(id, 500, `internal server error: ${oneLine(describeThrown(e))}\n`); },
    );
  }

  private run(id: number, route: Route, body: unknown): void {
    const gone = this.open.get(id)?.gone;
    if (!gone) return;
    const controller = new AbortController();
    let done = false;
    const onGone = () => { if (!done) controller.abort(gone.signal.reason); };
    gone.signal.addEventListener('abort', onGone, { once: true });
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      gone.signal.removeEventListener('abort', onGone);
      const reason = new Error(`the handler did not answer within ${this.options.handlerTimeoutMs} ms`);
      controller.abort(reason);
      this.options.logger.error(reason, 'handler timed out', { handlerTimeoutMs: this.options.handlerTimeoutMs });
      if (route.onTimeout) this.json(id, route.onTimeout(body), route, body);
      else this.reply(id, 504, `${reason.message}\n`);
    }, this.options.handlerTimeoutMs);
    timer.unref();
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      gone.signal.removeEventListener('abort', onGone);
      fn();
    };
    let result: unknown;
    try {
      result = route.handle(body, { signal: controller.signal });
    } catch (e) {
      finish(() => { this.failed(id, e, route, body); });
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (value: unknown) => { finish(() => { this.json(id, value, route, body); }); },
        (e: unknown) => { finish(() => { this.failed(id, e, route, body); }); },
      );
    } else finish(() => { this.json(id, result, route, body); });
  }

  /**
   * Answers a handler's failure: `ReviewError` → 400; anything else → the route's `onError` answer, or 500. Never
   * throws, whatever `e` is (its text is `describeThrown`'s).
   */
  private failed(id: number, e: unknown, route?: Route, body?: unknown): void {
    const message = describeThrown(e);
    if (thrownInstanceOf(e, ReviewError)) { this.reply(id, 400, `${message}\n`); return; }
    this.options.logger.error(e, 'handler failed');
    if (route?.onError) {
      let answer: unknown;
      try {
        answer = route.onError(body, message);
      } catch (again) {
        this.reply(id, 500, `internal error: ${message}; answering it: ${describeThrown(again)}\n`); return;
      }
      this.json(id, answer);
      return;
    }
    this.reply(id, 500, `internal error: ${message}\n`);
  }

  /** Sends `value` as JSON (200); one that cannot be encoded is a failure of the route (see `failed`). */
  private json(id: number, value: unknown, route?: Route, body?: unknown): void {
    if (!this.open.has(id)) return;
    let json: string;
    try {
      // a value of user code: a BigInt, a cycle, a throwing toJSON or getter, nesting deeper than the stack
      json = JSON.stringify(value);
    } catch (e) {
      this.failed(id, new Error(`the response cannot be encoded: ${describeThrown(e)}`), route, body); return;
    }
    if (typeof json !== 'string') { this.failed(id, new Error('the response cannot be encoded: it is not a JSON value'), route, body); return; }
    this.send(id, 200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) }, json);
  }

  private reply(id: number, status: number, text: string): void {
    if (!this.open.has(id)) return;
    if (status >= 400 && status !== 404) this.options.logger.info('answered an error', { status, answer: text.trim() });
    this.send(id, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }, text);
  }

  /** The answer of request `id`, to the serving thread (once: a request answered or gone is not answered again). */
  private send(id: number, status: number, headers: Record<string, string | number>, body: string): void {
    if (!this.open.delete(id)) return;
    this.post({ t: 'reply', id, status, headers, body });
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

function sameBytes(a: Buffer, b: string | Buffer): boolean {
  return a.equals(typeof b === 'string' ? Buffer.from(b, 'utf8') : b);
}

/**
 * Whether JSON `value` nests objects and arrays more than `max` levels deep (iterative: any depth is fine). Bodies are
 * checked while they are parsed (./json-body); this is the definition that check is tested against.
 */
export function nestsDeeper(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let popped = stack.pop(); popped !== undefined; popped = stack.pop()) {
    const [v, depth] = popped;
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
const DURATION_OPTIONS = ['certPollIntervalMs', 'closeTimeoutMs', 'requestTimeoutMs', 'handlerTimeoutMs', 'keepAliveTimeoutMs', 'stallThresholdMs'] as const;

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
