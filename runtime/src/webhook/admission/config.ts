/**
 * Pointing `admissionregistration.k8s.io/v1` Mutating- and ValidatingWebhookConfigurations (as `kubegen webhook`
 * and controller-gen write them) at a running admission server: the CA bundle that signs its certificate, and
 * where it listens — a URL (a server run locally or under envtest: the API server calls `clientConfig.url`) or a
 * Service in the cluster.
 *
 * `patchWebhookConfigurations(docs, target)` returns patched copies and never modifies `docs`. Documents that are
 * not webhook configurations are returned as copies, unchanged. With `url`, each webhook's `clientConfig` becomes
 * `{ url: <url><service path>, caBundle }` (the path the marker gave, `/` when none); with `service`, the Service
 * reference's name, namespace and port are replaced and its path kept. Throws for a webhook with neither a service
 * nor a url, or a `url` that is not https.
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
  if (target.url !== undefined && !/^https:\/\/[^/]+/.test(target.url)) throw new Error(`webhook target: url must be https://host[:port]: ${target.url}`);
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
      const pathOf = isJsonObject(service) ? getOwn(service, 'path') : new URL(String(existingUrl)).pathname;
      const path = typeof pathOf === 'string' && pathOf !== '' ? pathOf : '/';
      const next: JsonObject = {};
      if (target.url !== undefined) next.url = `${target.url.replace(/\/+$/, '')}${path}`;
      else {
        const s = target.service!;
        next.service = { name: s.name, namespace: s.namespace, path, ...(s.port !== undefined ? { port: s.port } : {}) };
      }
      next.caBundle = caBundle;
      setOwn(w, 'clientConfig', next);
    }
    return copy;
  });
}
