/**
 * The HTTP transport under the REST client: one request in, status + headers + a streamed body out.
 *
 * It is an interface so that unit tests run without sockets (see `testing/fake` and the tests' scripted
 * transports). `UndiciTransport` is the real one: a keep-alive `undici.Pool` to the one apiserver origin, with
 * the TLS options of the configuration (an `undici.ProxyAgent` when a proxy is configured); undici is loaded
 * when the first request is made.
 *
 * Contract: `request` resolves once the status line and headers have arrived; the body is read by iterating
 * `body` (chunks of bytes, in order, ending when the server closes the response) or by `text()`; a response
 * whose body is not wanted must be `discard()`ed so the connection returns to the pool. An aborted `signal`
 * rejects a pending `request` and ends the body iteration with an error.
 */

import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type * as Undici from 'undici';

let undiciModule: typeof Undici | undefined;
/** undici, loaded with the first connection: importing the runtime does not pay for it (~75 ms, ~19 MB RSS). */
function undici(): typeof Undici {
  undiciModule ??= require('undici') as typeof Undici;
  return undiciModule;
}

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportRequest {
  method: HttpMethod;
  /** Path and query, starting with `/`. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** A long-lived streamed response (a watch): no idle timeout on the body. */
  stream?: boolean;
}

export interface TransportResponse {
  status: number;
  /** Header names in lower case; repeated headers as arrays. */
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array>;
  /**
   * The same body as a Node `Readable`, when the transport has one (Node's HTTP client): a watch reads it by its
   * `'data'` events, synchronously per chunk (`ReadableWatch`). Read it or `body`, not both.
   */
  readable?: Readable;
  text(): Promise<string>;
  discard(): Promise<void>;
}

export interface Transport {
  request(req: TransportRequest): Promise<TransportResponse>;
  /** Closes idle connections; pending requests finish. */
  close(): Promise<void>;
}

/**
 * A transport failure with a Node-style `code` — `UND_ERR_HEADERS_TIMEOUT`, `UND_ERR_BODY_TIMEOUT`,
 * `UND_ERR_CONNECT_TIMEOUT`, `ECONNRESET`, `ETIMEDOUT` ... — the same for every transport: the REST client retries by
 * code.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A response body as UTF-8 text (decoded once, after the last chunk: a character split across chunks stays whole). */
export async function readBodyText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
  }
  const [first, second] = chunks;
  return first !== undefined && second === undefined ? first.toString('utf8') : Buffer.concat(chunks, length).toString('utf8');
}

/** Reads and drops a response body, so that its connection (or stream) is free again. */
export async function discardBody(body: Readable): Promise<void> {
  if (body.readableEnded) return;
  body.resume();
  await finished(body);
}

/** TLS settings of a connection. Verification is on unless `rejectUnauthorized` is `false`. */
export interface TlsOptions {
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  rejectUnauthorized?: boolean;
  /** SNI / verification name when it differs from the server host (kubeconfig `tls-server-name`). */
  servername?: string;
}

/** `tls` as the options of a TLS connection (Node's `tls.connect`, https.Agent, undici's `connect`): verifying by default. */
export function tlsConnectOptions(tls: TlsOptions = {}): TlsOptions & { rejectUnauthorized: boolean } {
  return {
    ...(tls.ca !== undefined ? { ca: tls.ca } : {}),
    ...(tls.cert !== undefined ? { cert: tls.cert } : {}),
    ...(tls.key !== undefined ? { key: tls.key } : {}),
    ...(tls.servername !== undefined ? { servername: tls.servername } : {}),
    rejectUnauthorized: tls.rejectUnauthorized !== false,
  };
}

/** The host of an origin URL as a socket connects to it (an IPv6 literal without its brackets). */
export function originHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export interface UndiciTransportOptions {
  tls?: TlsOptions;
  /**
   * Maximum concurrent connections to the server (default: unlimited). Every open watch holds a connection, so a
   * limit below the number of watches a process keeps open would queue all other requests behind them.
   */
  connections?: number;
  /** Negotiate HTTP/2 through ALPN (default false: a pool of HTTP/1.1 keep-alive connections). */
  allowH2?: boolean;
  /** Idle time before a keep-alive connection is closed (default 30s). */
  keepAliveTimeoutMs?: number;
  /** Time to wait for response headers (default 60s). */
  headersTimeoutMs?: number;
  /** Maximum idle time between body chunks of a non-streamed response (default 60s). */
  bodyTimeoutMs?: number;
  /** An `http://` or `https://` proxy to tunnel through (HTTP CONNECT), e.g. kubeconfig `proxy-url`. */
  proxy?: string;
}

/** A keep-alive connection pool to one apiserver. */
export class UndiciTransport implements Transport {
  private dispatcher: Undici.Dispatcher | undefined;
  private closed = false;
  private readonly headersTimeout: number;
  private readonly bodyTimeout: number;

  /** `origin` is scheme, host and port (`https://10.0.0.1:6443`); paths come with each request. */
  constructor(
    private readonly origin: string,
    private readonly opts: UndiciTransportOptions = {},
  ) {
    new URL(origin); // a malformed origin fails here, not at the first request
    if (opts.proxy !== undefined) new URL(opts.proxy);
    this.headersTimeout = opts.headersTimeoutMs ?? 60_000;
    this.bodyTimeout = opts.bodyTimeoutMs ?? 60_000;
  }

  /** The pool (or proxy agent), made with the first request. */
  private connect(): Undici.Dispatcher {
    if (this.dispatcher) return this.dispatcher;
    if (this.closed) throw new Error('UndiciTransport: closed');
    const { Pool, ProxyAgent } = undici();
    const opts = this.opts;
    const connect = tlsConnectOptions(opts.tls);
    const pool = {
      connections: opts.connections ?? null,
      allowH2: opts.allowH2 ?? false,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? 30_000,
    };
    this.dispatcher =
      opts.proxy !== undefined
        ? new ProxyAgent({ ...pool, uri: opts.proxy, requestTls: connect })
        : new Pool(this.origin, { ...pool, connect });
    return this.dispatcher;
  }

  async request(req: TransportRequest): Promise<TransportResponse> {
    const res = await this.connect().request({
      origin: this.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
      headersTimeout: this.headersTimeout,
      bodyTimeout: req.stream ? 0 : this.bodyTimeout,
    });
    const body = res.body;
    return {
      status: res.statusCode,
      headers: res.headers,
      body,
      text: () => body.text(),
      discard: async () => {
        await body.dump();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.dispatcher?.close();
  }
}
