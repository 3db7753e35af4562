/**
 * `NodeHttpTransport`: HTTP/1.1 over a keep-alive `https.Agent` (`http.Agent` for an `http://` server) of Node's own
 * HTTP client — the default transport, and `NodeHttp2Transport`'s to a server that does not offer HTTP/2 (see
 * `createTransport`).
 *
 * Why Node's client rather than undici: it is part of the Node binary, so the first request pays no module loading.
 * undici costs ~40–75 ms and ~10 MiB RSS when it is loaded with the first request (measured with the informer
 * benchmark, bench/informer: an informer's initial sync and the process's peak memory), and is not faster over one
 * keep-alive HTTP/1.1 connection.
 *
 * It keeps the `Transport` contract (transport.ts) and the undici transport's timeouts and error codes:
 * - `headersTimeoutMs` bounds the wait for the response headers (the socket idle that long): the request fails with
 *   an error of code `UND_ERR_HEADERS_TIMEOUT` (retried for GET, as undici's);
 * - `bodyTimeoutMs` bounds the idle time between body chunks of a non-streamed response: the body iteration ends with
 *   an error of code `UND_ERR_BODY_TIMEOUT`; a streamed response (a watch) has none;
 * - an aborted `signal` rejects a pending request with the signal's reason and ends a body iteration with an error;
 * - `close()` closes idle connections and resolves once the requests in flight finished (their connections are then
 *   closed too); a request after `close()` throws.
 */

import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import { TransportError, discardBody, originHost, readBodyText, tlsConnectOptions, type Transport, type TransportRequest, type TransportResponse, type UndiciTransportOptions } from './transport';

/** Options of `NodeHttpTransport` (`UndiciTransportOptions` without `allowH2` and `proxy`). */
export type NodeHttpTransportOptions = Omit<UndiciTransportOptions, 'allowH2' | 'proxy'>;

/** The headers of a response: lower-case names, a repeated header as an array. */
function responseHeaders(res: http.IncomingMessage): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = Object.create(null) as Record<string, string | string[] | undefined>;
  // rawHeaders alternates names and values
  let name: string | undefined;
  for (const entry of res.rawHeaders) {
    if (name === undefined) {
      name = entry.toLowerCase();
      continue;
    }
    const prev = out[name];
    out[name] = prev === undefined ? entry : Array.isArray(prev) ? [...prev, entry] : [prev, entry];
    name = undefined;
  }
  return out;
}

/** A keep-alive connection pool of Node's HTTP client to one apiserver; see the module doc. */
export class NodeHttpTransport implements Transport {
  private readonly agent: http.Agent;
  private readonly secure: boolean;
  private readonly host: string;
  private readonly port: number;
  private readonly headersTimeout: number;
  private readonly bodyTimeout: number;
  private closed = false;
  private inFlight = 0;
  private drained: (() => void) | undefined;

  /** `origin` is scheme, host and port (`https://10.0.0.1:6443`); paths come with each request. */
  constructor(origin: string, opts: NodeHttpTransportOptions = {}) {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`NodeHttpTransport: unsupported scheme in ${JSON.stringify(origin)}`);
    this.secure = url.protocol === 'https:';
    this.host = originHost(url);
    this.port = url.port === '' ? (this.secure ? 443 : 80) : Number(url.port);
    this.headersTimeout = opts.headersTimeoutMs ?? 60_000;
    this.bodyTimeout = opts.bodyTimeoutMs ?? 60_000;
    const pool: http.AgentOptions = {
      keepAlive: true,
      maxSockets: opts.connections ?? Infinity,
      // the idle time of a free connection before the agent closes it
      timeout: opts.keepAliveTimeoutMs ?? 30_000,
      scheduling: 'lifo',
    };
    this.agent = this.secure ? new https.Agent({ ...pool, ...tlsConnectOptions(opts.tls) }) : new http.Agent(pool);
    // connections freed after close() are not kept
    this.agent.on('free', (socket: Socket) => {
      if (this.closed) socket.destroy();
    });
  }

  request(req: TransportRequest): Promise<TransportResponse> {
    if (this.closed) return Promise.reject(new Error('NodeHttpTransport: closed'));
    const signal = req.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    return new Promise<TransportResponse>((resolve, reject) => {
      const options: http.RequestOptions = { agent: this.agent, host: this.host, port: this.port, method: req.method, path: req.path, headers };
      const r = (this.secure ? https : http).request(options);
      this.inFlight++;
      let settled = false;
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        signal?.removeEventListener('abort', onAbort);
        if (--this.inFlight === 0) this.drained?.();
      };
      const onAbort = (): void => {
        r.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted', { cause: signal?.reason }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      let headersArrived = false;
      // one listener for both timeouts (a listener passed to setTimeout would stay for the body's)
      r.on('timeout', () => {
        r.destroy(
          headersArrived
            ? new TransportError(`no response body data within ${this.bodyTimeout} ms`, 'UND_ERR_BODY_TIMEOUT')
            : new TransportError(`no response headers within ${this.headersTimeout} ms`, 'UND_ERR_HEADERS_TIMEOUT'),
        );
      });
      r.setTimeout(this.headersTimeout);
      r.once('close', finish);
      r.on('error', (err) => {
        if (settled) return; // after the headers, errors end the body iteration
        settled = true;
        reject(signal?.aborted ? signal.reason : err);
      });
      r.once('response', (res: http.IncomingMessage) => {
        settled = true;
        headersArrived = true;
        r.setTimeout(req.stream ? 0 : this.bodyTimeout);
        // an error of the request after the headers (abort, timeout, reset) ends the body with it
        r.on('error', (err) => {
          if (!res.destroyed) res.destroy(err);
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: responseHeaders(res),
          body: res,
          readable: res,
          text: () => readBodyText(res),
          discard: () => discardBody(res),
        });
      });
      r.end(req.body);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.destroyFree();
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    this.agent.destroy();
  }

  private destroyFree(): void {
    for (const sockets of Object.values(this.agent.freeSockets)) for (const s of sockets ?? []) s.destroy();
  }
}
