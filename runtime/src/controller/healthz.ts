/**
 * Health and readiness probes with controller-runtime's texts (`pkg/healthz/healthz.go`).
 *
 * Contract of `serveHealthz(checks, path, query)` (path relative to the endpoint, e.g. `/` or `/ping`):
 * - `/`: every check runs (`exclude=<name>` skips one: `[+]<name> excluded: ok`). All pass → 200 `ok` (with
 *   `?verbose`: the list, then `healthz check passed`); one fails → 500 with `[+]<name> ok` /
 *   `[-]<name> failed: reason withheld` lines sorted by name, then `healthz check failed`. Unknown excludes add
 *   `warn: some health checks cannot be excluded: no matches for "x"`. No checks → an implicit `ping`;
 * - `/<name>`: that check alone: 200 `ok`, or 500 `internal server error: <err>`; unknown → 404
 *   `404 page not found`.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeThrown } from '../observe/thrown';

/** A check: resolves (or returns) when healthy, throws (or rejects) with the reason when not. */
export type Checker = () => void | Promise<void>;

/** A checker that always passes (controller-runtime's `healthz.Ping`). */
export const ping: Checker = () => undefined;

export interface ProbeResponse {
  status: number;
  body: string;
}

/**
 * Runs a checker: `undefined` when it passed, else the text of what it threw (any value: a checker is user code). The
 * text, not the value, leaves this function: resolving a promise with a thrown object would read its `then` (a trap
 * of a Proxy, a getter), which can throw again.
 */
async function runCheck(check: Checker): Promise<string | undefined> {
  try {
    await check();
    return undefined;
  } catch (err) {
    return err === undefined || err === null ? 'check failed' : describeThrown(err);
  }
}

function cleanPath(p: string): string {
  const parts: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return `/${parts.join('/')}`;
}

/** Answers a probe request; see the module doc. */
export async function serveHealthz(checks: ReadonlyMap<string, Checker>, path: string, query: URLSearchParams): Promise<ProbeResponse> {
  const p = cleanPath(path.startsWith('/') ? path : `/${path}`);
  if (p !== '/') {
    const name = p.slice(1);
    const check = checks.size === 0 && name === 'ping' ? ping : checks.get(name);
    if (!check) return { status: 404, body: '404 page not found\n' };
    const err = await runCheck(check);
    return err === undefined ? { status: 200, body: 'ok' } : { status: 500, body: `internal server error: ${err}\n` };
  }
  const excluded = new Set(query.getAll('exclude'));
  const parts: Array<{ name: string; healthy: boolean; excluded: boolean }> = [];
  let failed = false;
  const results = await Promise.all(
    [...checks].map(async ([name, check]) => {
      if (excluded.has(name)) return { name, healthy: true, excluded: true };
      return { name, healthy: (await runCheck(check)) === undefined, excluded: false };
    }),
  );
  for (const r of results) {
    excluded.delete(r.name);
    parts.push(r);
    if (!r.healthy) failed = true;
  }
  if (checks.size === 0) parts.push({ name: 'ping', healthy: true, excluded: false });
  parts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (!failed && !query.has('verbose')) return { status: 200, body: 'ok' };
  let body = '';
  for (const c of parts) {
    if (c.excluded) body += `[+]${c.name} excluded: ok\n`;
    else if (c.healthy) body += `[+]${c.name} ok\n`;
    else body += `[-]${c.name} failed: reason withheld\n`;
  }
  if (excluded.size > 0) {
    body += `warn: some health checks cannot be excluded: no matches for ${[...excluded].sort().map((e) => JSON.stringify(e)).join(', ')}\n`;
  }
  body += failed ? 'healthz check failed\n' : 'healthz check passed\n';
  return { status: failed ? 500 : 200, body };
}

/** Writes a probe response with the headers Go's handler sets. */
export function writeProbe(res: ServerResponse, r: ProbeResponse): void {
  res.writeHead(r.status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(r.body);
}

/** Routes `/<endpoint>` and `/<endpoint>/<check>` of a request to `serveHealthz`; `undefined` when not ours. */
export async function routeProbe(endpoints: ReadonlyMap<string, ReadonlyMap<string, Checker>>, req: IncomingMessage): Promise<ProbeResponse | undefined> {
  const url = new URL(req.url ?? '/', 'http://probe');
  return routeProbePath(endpoints, url.pathname, url.searchParams);
}

/** `routeProbe` for a path and query already split (the webhook server's probes). */
export async function routeProbePath(endpoints: ReadonlyMap<string, ReadonlyMap<string, Checker>>, pathname: string, query: URLSearchParams): Promise<ProbeResponse | undefined> {
  for (const [endpoint, checks] of endpoints) {
    if (pathname === endpoint || pathname.startsWith(`${endpoint}/`)) {
      return serveHealthz(checks, pathname.slice(endpoint.length) || '/', query);
    }
  }
  return undefined;
}
