/**
 * Pointing `admissionregistration.k8s.io/v1` Mutating- and ValidatingWebhookConfigurations (as `kubegen webhook`
 * and controller-gen write them) at a running admission server: the CA bundle that signs its certificate, and
 * where it listens — a URL (a server run locally or under envtest: the API server calls `clientConfig.url`) or a
 * Service in the cluster.
 *
 * `patchWebhookConfigurations(docs, target)` returns patched copies and never modifies `docs`. Documents that are
 * not webhook configurations are returned as copies, unchanged. With `url`, each webhook's `clientConfig` becomes
 * `{ url: <url><service path>, caBundle }` (the path the marker gave, `/` when none); with `service`, the Service
 * reference's name, namespace and port are replaced and its path kept. URLs are built with the URL API (never by
 * concatenation), so a path cannot change the host. Throws for a webhook with neither a service nor a url, a path that
 * is not a URL path (`/` then RFC 3986 path characters, no `.` or `..` segments), or a `url` that is not https with a
 * host and without user information, query or fragment.
 */
import { cloneJSON, isJsonObject, type JsonObject } from '../../meta/json';
import { getOwn, setOwn } from '../../meta/own';

export interface WebhookTarget {
  /** PEM CA certificate(s) that sign the server's certificate (PEM text or bytes). */
  caBundle: string | Buffer;
  /** Base URL of a server the API server reaches directly, e.g. `https://127.0.0.1:9443`. */
  url?: string;
  /** A Service in front of the server. */
  service?: { name: string; namespace: string; port?: number };
}

const KINDS = new Set(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);

/** Whether `doc` is a Mutating- or ValidatingWebhookConfiguration of admissionregistration.k8s.io/v1. */
export function isWebhookConfiguration(doc: unknown): doc is JsonObject {
  return isJsonObject(doc) && getOwn(doc, 'apiVersion') === 'admissionregistration.k8s.io/v1' && KINDS.has(String(getOwn(doc, 'kind')));
}

/** Copies of `docs` whose webhooks point at `target` (see the module contract). */
export function patchWebhookConfigurations<T>(docs: readonly T[], target: WebhookTarget): T[] {
  if ((target.url === undefined) === (target.service === undefined)) throw new Error('webhook target: give exactly one of url and service');
  const base = target.url === undefined ? undefined : targetBase(target.url);
  const caBundle = Buffer.isBuffer(target.caBundle) ? target.caBundle.toString('base64') : Buffer.from(target.caBundle, 'utf8').toString('base64');
  return docs.map((doc) => {
    const copy = cloneJSON(doc);
    if (!isWebhookConfiguration(copy)) return copy;
    const name = getOwn(copy, 'metadata');
    const webhooks = getOwn(copy, 'webhooks');
    if (!Array.isArray(webhooks)) return copy;
    for (const w of webhooks) {
      if (!isJsonObject(w)) continue;
      const client = getOwn(w, 'clientConfig');
      const config = isJsonObject(client) ? client : {};
      const service = getOwn(config, 'service');
      const existingUrl = getOwn(config, 'url');
      const where = `webhook ${String(getOwn(w, 'name'))} of ${String(isJsonObject(name) ? getOwn(name, 'name') : '?')}`;
      if (!isJsonObject(service) && typeof existingUrl !== 'string') throw new Error(`${where} has neither clientConfig.service nor clientConfig.url`);
      if (!isJsonObject(service) && !URL.canParse(String(existingUrl))) throw new Error(`${where}: clientConfig.url is not a URL`);
      const pathOf = isJsonObject(service) ? getOwn(service, 'path') : new URL(String(existingUrl)).pathname;
      const path = typeof pathOf === 'string' && pathOf !== '' ? pathOf : '/';
      if (!isUrlPath(path)) throw new Error(`${where}: path ${JSON.stringify(path)} is not a URL path (/ then RFC 3986 path characters, no . or .. segments)`);
      const next: JsonObject = {};
      // exactly one of the two (checked above)
      if (base !== undefined) next.url = withPath(base, path);
      else if (target.service !== undefined) {
        const s = target.service;
        next.service = { name: s.name, namespace: s.namespace, path, ...(s.port !== undefined ? { port: s.port } : {}) };
      }
      next.caBundle = caBundle;
      setOwn(w, 'clientConfig', next);
    }
    return copy;
  });
}

/** The target's base URL: https, a host, no user information, query or fragment (the API server refuses those). */
function targetBase(url: string): URL {
  const u = URL.canParse(url) ? new URL(url) : undefined;
  if (u === undefined || u.protocol !== 'https:' || u.host === '' || u.username !== '' || u.password !== '' || u.search !== '' || u.hash !== '' || url.includes('?') || url.includes('#')) {
    throw new Error(`webhook target: url must be https://host[:port][/path], without user information, query or fragment: ${JSON.stringify(url)}`);
  }
  return u;
}

/** `/` then RFC 3986 path characters (pchar and `/`), with no `.` or `..` segment, percent-encoded or not. */
function isUrlPath(path: string): boolean {
  if (!/^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/.test(path)) return false;
  return !path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** The base URL with `path` appended to its own path, built with the URL API; the origin cannot change. */
function withPath(base: URL, path: string): string {
  const out = new URL(base.href);
  out.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  if (out.origin !== base.origin || out.username !== '' || out.search !== '' || out.hash !== '') throw new Error(`webhook target: ${JSON.stringify(path)} would change the URL's origin`);
  return out.href;
}
