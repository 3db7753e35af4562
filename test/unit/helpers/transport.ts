/** A scripted Transport for unit tests: records requests, answers from a queue of responses. */

import type { Transport, TransportRequest, TransportResponse } from '../../../runtime/src/rest/transport';

export interface Scripted {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** A string body, or chunks streamed in order. */
  body?: string | Uint8Array[];
  /** Throw this instead of answering. */
  error?: unknown;
  /** Keep the body open until the request's signal aborts (a watch the server never ends). */
  hang?: boolean;
}

export type Responder = Scripted | ((req: TransportRequest) => Scripted);

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new Error('aborted');
}

export function response(s: Scripted, signal?: AbortSignal): TransportResponse {
  const chunks: Uint8Array[] = typeof s.body === 'string' ? [Buffer.from(s.body)] : (s.body ?? []);
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const c of chunks) {
      if (signal?.aborted) throw abortError(signal);
      await Promise.resolve();
      yield c;
    }
    if (s.hang && signal) {
      await new Promise<void>((_, reject) => {
        if (signal.aborted) reject(abortError(signal));
        signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
      });
    }
  }
  return {
    status: s.status ?? 200,
    headers: Object.fromEntries(Object.entries(s.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    body: body(),
    text: async () => Buffer.concat(chunks).toString('utf8'),
    discard: async () => undefined,
  };
}

export class ScriptedTransport implements Transport {
  readonly requests: TransportRequest[] = [];
  private readonly queue: Responder[];
  constructor(...responses: Responder[]) {
    this.queue = responses;
  }
  push(...responses: Responder[]): void {
    this.queue.push(...responses);
  }
  async request(req: TransportRequest): Promise<TransportResponse> {
    this.requests.push(req);
    if (req.signal?.aborted) throw abortError(req.signal);
    const next = this.queue.shift();
    if (!next) throw new Error(`unexpected request ${req.method} ${req.path}`);
    const s = typeof next === 'function' ? next(req) : next;
    // a scripted failure is any value, as what a transport rejects with may be
    if (s.error !== undefined) throw s.error as unknown;
    return response(s, req.signal);
  }
  async close(): Promise<void> {}
}

export function json(value: unknown, status = 200, headers: Record<string, string> = {}): Scripted {
  return { status, body: JSON.stringify(value), headers: { 'content-type': 'application/json', ...headers } };
}
