/**
 * The REST client: one apiserver, JSON in and out, errors as `StatusError`, bounded retries.
 *
 * Retry rules (written down because client-go's are subtle and ours are deliberately narrower):
 * - 429 TooManyRequests is retried for every verb: the apiserver (max-in-flight, API priority and fairness)
 *   rejects before the request is processed, so a retry cannot apply a write twice. This is what client-go does.
 * - 500, 502, 503, 504 are retried for GET and HEAD only. client-go also retries writes that get a 5xx *with*
 *   `Retry-After`; we do not, because a write that timed out on the server (504) may still have been applied.
 * - Connection failures (reset, refused, socket closed, connect/headers timeout) are retried for GET and HEAD only.
 * - The delay is the response's `Retry-After` (seconds or an HTTP date, capped at `maxRetryAfterMs`) when
 *   present, else `baseDelayMs · 2ⁿ` capped at `maxDelayMs`, plus up to `jitter` of itself (never above
 *   `maxDelayMs`). At most `maxRetries` retries; then the last response becomes the error.
 * - A call's `timeoutMs` bounds the whole call, retries and body included; an aborted or timed-out call rejects
 *   with the signal's reason (`AbortError` / `TimeoutError`) and is never retried.
 * - A watch is retried only while connecting; once the stream is open, failures end it.
 *
 * Every response's `Warning` headers go to `onWarning`, retried attempts included.
 *
 * A 2xx response whose body is not JSON (a proxy's login page, a truncated body) is a `ResponseDecodeError` naming
 * the request (method, path), the status, the content type and the first bytes of the body.
 */

import { finished } from 'node:stream/promises';
import { errorFromResponse } from '../errors/errors';
import { abortableSleep } from '../errors/retry';
import { CLOSE_BRACE, lastNonSpace } from './jsonbytes';
import { ListDecoder } from './listdecoder';
import { continueTokenOf, continueTokenOfTail } from './listmeta';
import type { HttpMethod, Transport, TransportResponse } from './transport';
import { createLoggingWarningHandler, parseWarningHeaders, type WarningHandler } from './warnings';
import { DEFAULT_USER_AGENT } from './version';

export interface RetryPolicy {
  /** Retries after the first attempt (default 5; 0 disables retries). */
  maxRetries: number;
  /** First backoff delay (default 100ms). */
  baseDelayMs: number;
  /** Upper bound of a backoff delay (default 5s). */
  maxDelayMs: number;
  /** Upper bound of an honoured `Retry-After` (default 60s). */
  maxRetryAfterMs: number;
  /** Fraction of random jitter added to a backoff delay (default 0.2). */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxRetries: 5,
  baseDelayMs: 100,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 60_000,
  jitter: 0.2,
});

/** What the REST client produces headers from on every attempt (bearer tokens that rotate, exec plugins). */
export type HeaderSource = () => Record<string, string> | Promise<Record<string, string>>;

export interface RestClientOptions {
  /** The apiserver URL; a path prefix (`https://host/k8s/clusters/c1`) is kept. */
  server: string;
  transport: Transport;
  /** Default `kubegen/<version> (node <version>)`. */
  userAgent?: string;
  /** Authorization and other headers, asked for on every attempt. */
  headers?: HeaderSource;
  /** Default per-call timeout in ms (0 or absent: none; a watch is never timed out this way). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Default: `createLoggingWarningHandler()`, each distinct warning once as an info record of `defaultLogger()`. */
  onWarning?: WarningHandler;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

/** One call. `body` is JSON-encoded unless it is already a string. */
export interface RestRequest {
  method: HttpMethod;
  /** Path without query, e.g. from `resourcePath`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  /** Default `application/json` when there is a body. */
  contentType?: string;
  /**
   * The `Accept` header, default `application/json`; e.g. `application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1`
   * for the metadata of objects only, or the aggregated discovery document first (discovery).
   */
  accept?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Bytes of a body kept for a `ResponseDecodeError` of a decoded-while-read list (200 characters of up to 4 bytes). */
const DECODE_ERROR_BYTES = 801;
/** Bytes at the end of a list searched for its metadata (a custom resource list's ListMeta is well under this). */
const TAIL_BYTES = 4096;

/** What `requestList` reports while the list arrives. Neither may throw. */
export interface ListRequestHooks {
  /** The elements of `items`, in order and each once, as they are decoded; the resolved list holds the same objects. */
  onItems?: (items: unknown[]) => void;
  /** The list's continue token, as soon as its bytes show it (not called for the last page, nor when they do not). */
  onContinue?: (token: string) => void;
}
const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(['GET', 'HEAD']);
const RETRIABLE_5XX: ReadonlySet<number> = new Set([500, 502, 503, 504]);
const RETRIABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function header(res: TransportResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A 2xx response whose body is not JSON. */
export class ResponseDecodeError extends Error {
  override readonly name = 'ResponseDecodeError';
  constructor(
    readonly method: string,
    /** The URL path of the request, without its query. */
    readonly path: string,
    readonly status: number,
    /** The response's `Content-Type`, `''` when absent. */
    readonly contentType: string,
    /** The first (at most 200) characters of the body. */
    readonly bodyStart: string,
    cause: unknown,
  ) {
    super(
      `${method} ${path}: the server responded with ${status} and a body that is not JSON ` +
        `(content-type ${contentType === '' ? 'none' : JSON.stringify(contentType)}): ${JSON.stringify(bodyStart)}`,
      { cause },
    );
  }
}

/** Combines an optional caller signal and an optional timeout into one signal. */
function callSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  const timeout = timeoutMs && timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
  if (signal && timeout) return AbortSignal.any([signal, timeout]);
  return signal ?? timeout;
}

export class RestClient {
  readonly server: string;
  private readonly prefix: string;
  private readonly transport: Transport;
  private readonly userAgent: string;
  private readonly headerSource: HeaderSource | undefined;
  private readonly timeoutMs: number;
  private readonly policy: RetryPolicy;
  private readonly onWarning: WarningHandler;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(opts: RestClientOptions) {
    const url = new URL(opts.server);
    this.server = opts.server;
    this.prefix = url.pathname.replace(/\/+$/, '');
    this.transport = opts.transport;
    this.userAgent = opts.userAgent ?? DEFAULT_USER_AGENT;
    this.headerSource = opts.headers;
    this.timeoutMs = opts.timeoutMs ?? 0;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.onWarning = opts.onWarning ?? createLoggingWarningHandler();
    this.sleep = opts.sleep ?? abortableSleep;
    this.random = opts.random ?? Math.random;
    this.now = opts.now ?? Date.now;
  }

  /** Sends a request and decodes its JSON body (`undefined` for an empty body). */
  async request<R>(req: RestRequest): Promise<R> {
    const signal = callSignal(req.signal, req.timeoutMs ?? this.timeoutMs);
    const res = await this.send(req, signal, false);
    const text = await this.read(res, signal);
    if (text === '') return undefined as R;
    try {
      return JSON.parse(text) as R;
    } catch (err) {
      throw this.decodeError(req, res, text, err);
    }
  }

  /**
   * Sends a list request and decodes its JSON body while it arrives (`ListDecoder`): each element of `items` is parsed
   * soon after its bytes are in and handed to `hooks.onItems`. Resolves with the whole list, as `request` would
   * (`undefined` for an empty body).
   *
   * The bytes are read ahead of the decoding: each chunk is queued as it comes off the socket and the queue is decoded
   * once the chunks at hand are read (`setImmediate`). So a page's continue token is seen as soon as its bytes are in
   * — in the head of a built-in list, in the last bytes of a custom resource list — and `hooks.onContinue` gets it
   * while the page is still being decoded: a pager requests the next page meanwhile (a hint; the decoded list's
   * `metadata.continue` is authoritative).
   */
  async requestList<R>(req: RestRequest, hooks: ListRequestHooks = {}): Promise<R> {
    const signal = callSignal(req.signal, req.timeoutMs ?? this.timeoutMs);
    const res = await this.send(req, signal, false);
    const onContinue = hooks.onContinue;
    let tokenSeen = false;
    const seeToken = (token: string | undefined): void => {
      if (tokenSeen || token === undefined) return;
      tokenSeen = true;
      if (token !== '') onContinue?.(token);
    };
    const decoder = new ListDecoder({
      ...(hooks.onItems ? { onItems: hooks.onItems } : {}),
      ...(onContinue
        ? {
            onHead: (head: Buffer) => {
              seeToken(continueTokenOf(head));
            },
          }
        : {}),
    });
    /** The first bytes of the body, for an error message. */
    const start: Buffer[] = [];
    let length = 0;
    /** The last chunks, at least `TAIL_BYTES` of them unless the body is shorter: for the continue token. */
    const recent: Buffer[] = [];
    let recentLength = 0;
    /** The last byte other than white space so far closes an object: the body may be complete. */
    let closed = false;
    const queue: Buffer[] = [];
    let scheduled = false;
    const drain = (): void => {
      scheduled = false;
      for (const chunk of queue) decoder.push(chunk);
      queue.length = 0;
    };
    const receive = (chunk: Buffer): void => {
      if (length < DECODE_ERROR_BYTES) start.push(chunk.subarray(0, DECODE_ERROR_BYTES - length));
      length += chunk.length;
      queue.push(chunk);
      if (onContinue && !tokenSeen) {
        // a list that ends with its metadata: the token is in the last bytes, once they end the list's object
        recent.push(chunk);
        recentLength += chunk.length;
        for (let head = recent[0]; head !== undefined && recentLength - head.length >= TAIL_BYTES; head = recent[0]) {
          recent.shift();
          recentLength -= head.length;
        }
        const last = lastNonSpace(chunk);
        if (last >= 0) closed = chunk[last] === CLOSE_BRACE;
        if (closed) seeToken(continueTokenOfTail((recent.length === 1 ? chunk : Buffer.concat(recent, recentLength)).subarray(-TAIL_BYTES)));
      }
      if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    };
    try {
      if (res.readable) {
        res.readable.on('data', receive);
        await finished(res.readable);
      } else {
        for await (const chunk of res.body) receive(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      }
    } catch (err) {
      queue.length = 0;
      if (signal?.aborted) throw signal.reason;
      throw err;
    }
    drain();
    if (length === 0) return undefined as R;
    try {
      return decoder.end() as R;
    } catch (err) {
      throw this.decodeError(req, res, Buffer.concat(start).toString('utf8'), err);
    }
  }

  private decodeError(req: RestRequest, res: TransportResponse, text: string, cause: unknown): ResponseDecodeError {
    const start = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return new ResponseDecodeError(req.method, this.prefix + req.path, res.status, header(res, 'content-type') ?? '', start, cause);
  }

  /** Sends a request whose response is text (`pods/log`): the body as it is, not decoded. */
  async requestText(req: RestRequest): Promise<string> {
    const signal = callSignal(req.signal, req.timeoutMs ?? this.timeoutMs);
    const res = await this.send(req, signal, false);
    return this.read(res, signal);
  }

  /** Sends a request whose response body is not needed. */
  async requestVoid(req: RestRequest): Promise<void> {
    const signal = callSignal(req.signal, req.timeoutMs ?? this.timeoutMs);
    const res = await this.send(req, signal, false);
    await res.discard();
  }

  /**
   * Opens a streamed response (a watch): resolves with the 2xx response whose body the caller iterates. Only
   * `req.signal` applies — `timeoutMs` is ignored, use the server-side `timeoutSeconds`.
   */
  stream(req: RestRequest): Promise<TransportResponse> {
    return this.send(req, req.signal, true);
  }

  /** Closes the transport's idle connections. */
  close(): Promise<void> {
    return this.transport.close();
  }

  private async read(res: TransportResponse, signal: AbortSignal | undefined): Promise<string> {
    try {
      return await res.text();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw err;
    }
  }

  private async send(req: RestRequest, signal: AbortSignal | undefined, stream: boolean): Promise<TransportResponse> {
    const query = req.query?.toString();
    const path = this.prefix + req.path + (query ? `?${query}` : '');
    const body = req.body === undefined ? undefined : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const headers: Record<string, string> = {
        accept: req.accept ?? 'application/json',
        'user-agent': this.userAgent,
      };
      if (body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
      if (this.headerSource) {
        for (const [k, v] of Object.entries(await this.headerSource())) headers[k.toLowerCase()] = v;
      }
      let res: TransportResponse;
      try {
        res = await this.transport.request({ method: req.method, path, headers, body, signal, stream });
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        const delay = this.delayAfterError(req.method, err, attempt);
        if (delay === undefined) throw err;
        await this.sleep(delay, signal);
        continue;
      }
      for (const w of parseWarningHeaders(res.headers['warning'])) this.onWarning(w, { method: req.method, path });
      if (res.status >= 200 && res.status < 300) return res;
      const delay = this.delayAfterResponse(req.method, res, attempt);
      if (delay !== undefined) {
        await res.discard().catch(() => undefined);
        await this.sleep(delay, signal);
        continue;
      }
      const text = await this.read(res, signal);
      throw errorFromResponse(res.status, text, { method: req.method, path });
    }
  }

  /** The backoff before retry number `attempt + 1` (0-based attempt that just failed). */
  backoff(attempt: number): number {
    const p = this.policy;
    const d = Math.min(p.maxDelayMs, p.baseDelayMs * Math.pow(2, attempt));
    return Math.min(p.maxDelayMs, d + d * p.jitter * this.random());
  }

  private retryAfter(res: TransportResponse): number | undefined {
    const v = header(res, 'retry-after');
    if (v === undefined) return undefined;
    let ms: number;
    if (/^\s*\d+\s*$/.test(v)) {
      ms = Number(v) * 1000;
    } else {
      const at = Date.parse(v);
      if (Number.isNaN(at)) return undefined;
      ms = Math.max(0, at - this.now());
    }
    return Math.min(ms, this.policy.maxRetryAfterMs);
  }

  private delayAfterResponse(method: HttpMethod, res: TransportResponse, attempt: number): number | undefined {
    if (attempt >= this.policy.maxRetries) return undefined;
    const retriable = res.status === 429 || (RETRIABLE_5XX.has(res.status) && SAFE_METHODS.has(method));
    if (!retriable) return undefined;
    return this.retryAfter(res) ?? this.backoff(attempt);
  }

  private delayAfterError(method: HttpMethod, err: unknown, attempt: number): number | undefined {
    if (attempt >= this.policy.maxRetries || !SAFE_METHODS.has(method)) return undefined;
    const code = errorCode(err);
    return code !== undefined && RETRIABLE_CODES.has(code) ? this.backoff(attempt) : undefined;
  }
}
