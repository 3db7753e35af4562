import { Agent, request } from 'undici';
import type { E2eConnection } from './connection';

/** A response of {@link Kube.request}: status, headers, and the body parsed as JSON when it is JSON. */
export interface KubeResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  /** The `Warning` headers the server sent, split into their texts. */
  warnings: string[];
}

/** Options for one request. */
export interface KubeRequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Default `application/json`; patches pass e.g. `application/merge-patch+json`. */
  contentType?: string;
  /** Bearer token instead of the admin token; `null` sends no Authorization header. */
  token?: string | null;
}

/** A deliberately small HTTP client for e2e tests against the shared control plane (the real client is tested separately). */
export class Kube {
  private readonly agent: Agent;

  constructor(private readonly connection: Pick<E2eConnection, 'url' | 'ca' | 'token'>) {
    this.agent = new Agent({ connect: { ca: connection.ca }, keepAliveTimeout: 1000 });
  }

  async request<T = unknown>(method: string, path: string, options: KubeRequestOptions = {}): Promise<KubeResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.token === undefined ? this.connection.token : options.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await request(`${this.connection.url}${path}`, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: this.agent,
    });
    const text = await res.body.text();
    const type = String(res.headers['content-type'] ?? '');
    const warningHeader = res.headers.warning;
    const warnings = (Array.isArray(warningHeader) ? warningHeader : warningHeader ? [warningHeader] : []).map((w) =>
      w.replace(/^\d{3} \S+ "?/, '').replace(/"$/, ''),
    );
    return {
      status: res.statusCode,
      headers: res.headers,
      body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
      warnings,
    };
  }

  get<T = unknown>(path: string, options?: KubeRequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body: unknown, options?: KubeRequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = unknown>(path: string, body: unknown, options?: KubeRequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = unknown>(path: string, body: unknown, options?: KubeRequestOptions) {
    return this.request<T>('PATCH', path, { contentType: 'application/merge-patch+json', ...options, body });
  }
  delete<T = unknown>(path: string, options?: KubeRequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  /** Polls `check` every 100 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
  async eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
