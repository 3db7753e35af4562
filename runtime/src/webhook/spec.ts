/**
 * `spec.conversion` of a CustomResourceDefinition for a kubegen conversion webhook. Kept apart from the webhook
 * server (no I/O, no heavy imports) so that the generator's CRD emitter and a running webhook that patches its own
 * CA into a CRD produce the same thing (`@kubegen/runtime/webhook/spec`).
 */

/** Where the API server reaches the conversion webhook: a URL, or a Service in the cluster. */
export interface ConversionWebhookClientConfig {
  /** `https://host:port/path`; exactly one of `url` and `service`. */
  url?: string;
  service?: { name: string; namespace: string; path?: string; port?: number };
  /** PEM CA bundle that signs the webhook's certificate (PEM text or bytes; base64 text is passed through). */
  caBundle?: string | Buffer;
}

/** `spec.conversion` of a CustomResourceDefinition (apiextensions.k8s.io/v1). */
export interface CustomResourceConversion {
  strategy: 'Webhook';
  webhook: {
    clientConfig: {
      url?: string;
      service?: { name: string; namespace: string; path: string; port: number };
      caBundle?: string;
    };
    conversionReviewVersions: string[];
  };
}

/**
 * `spec.conversion` for a CRD converted by a kubegen conversion webhook: strategy `Webhook`, review version `v1`,
 * and the client config — `url`, or `service` (path default `/convert`, port default 443) — with the CA bundle
 * base64-encoded. Throws for a config with neither or both of `url` and `service`, or a non-https URL.
 */
export function conversionSpec(config: ConversionWebhookClientConfig): CustomResourceConversion {
  if ((config.url === undefined) === (config.service === undefined)) throw new Error('conversion webhook: give exactly one of url and service');
  const clientConfig: CustomResourceConversion['webhook']['clientConfig'] = {};
  if (config.caBundle !== undefined) clientConfig.caBundle = encodeCABundle(config.caBundle);
  if (config.url !== undefined) {
    if (!/^https:\/\//.test(config.url)) throw new Error(`conversion webhook: url must use https: ${config.url}`);
    clientConfig.url = config.url;
  } else if (config.service !== undefined) {
    const s = config.service;
    clientConfig.service = { name: s.name, namespace: s.namespace, path: s.path ?? '/convert', port: s.port ?? 443 };
  }
  return { strategy: 'Webhook', webhook: { clientConfig, conversionReviewVersions: ['v1'] } };
}

function encodeCABundle(ca: string | Buffer): string {
  if (Buffer.isBuffer(ca)) return ca.toString('base64');
  return ca.includes('-----BEGIN') ? Buffer.from(ca, 'utf8').toString('base64') : ca;
}
