/**
 * `createTransport`: the transport of a configuration.
 * - By default Node's HTTP/1.1 client (`NodeHttpTransport`), a keep-alive connection per request in flight.
 * - `http2: true`, to an `https://` apiserver: `NodeHttp2Transport` — HTTP/2 when the server offers it, as client-go
 *   does by default, else HTTP/1.1. Not the default: the apiserver serves a streaming list — every informer's first
 *   list — slower over HTTP/2, and a watch does not catch up steadily faster over it (docs/runtime.md, the transport).
 * - To an `http://` server (`kubectl proxy`): `NodeHttpTransport`; client-go does not speak HTTP/2 without TLS either.
 * - Through a `proxy` (HTTP CONNECT, kubeconfig `proxy-url`): `UndiciTransport`, HTTP/1.1 unless `http2: true`
 *   (undici's HTTP/2, negotiated through the tunnel). undici is then loaded with the first request.
 */

import { NodeHttpTransport, type NodeHttpTransportOptions } from './http-transport';
import { NodeHttp2Transport, type NodeHttp2TransportOptions } from './http2-transport';
import { UndiciTransport, type Transport, type UndiciTransportOptions } from './transport';

/** Options of `createTransport`: those of the transport it picks (`connections` bounds HTTP/1.1 connections only). */
export interface TransportOptions extends NodeHttp2TransportOptions {
  /** HTTP/2 when the server offers it (default false: HTTP/1.1 only). */
  http2?: boolean;
  /** An `http://` or `https://` proxy to tunnel through (HTTP CONNECT), e.g. kubeconfig `proxy-url`. */
  proxy?: string;
}

/** The transport to `origin` for `opts`; see the module doc. */
export function createTransport(origin: string, opts: TransportOptions = {}): Transport {
  const { http2, proxy, readIdleTimeoutMs, pingTimeoutMs, ...common } = opts;
  if (proxy !== undefined) return new UndiciTransport(origin, { ...common, proxy, allowH2: http2 === true } satisfies UndiciTransportOptions);
  if (http2 !== true || new URL(origin).protocol !== 'https:') return new NodeHttpTransport(origin, common satisfies NodeHttpTransportOptions);
  return new NodeHttp2Transport(origin, {
    ...common,
    ...(readIdleTimeoutMs !== undefined ? { readIdleTimeoutMs } : {}),
    ...(pingTimeoutMs !== undefined ? { pingTimeoutMs } : {}),
  });
}
