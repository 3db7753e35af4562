/**
 * The `caBundle` of the webhooks that name a Service (cert-controller's injection, cert-manager's CA injector):
 * JSON patches that set `clientConfig.caBundle` on exactly the webhooks of a Validating- or
 * MutatingWebhookConfiguration, or the conversion webhook of a CustomResourceDefinition, whose
 * `clientConfig.service` is `{ namespace, name }` of the operator's webhook Service.
 *
 * Contract:
 * - a patch is `[]` when every matching webhook already has the bundle (nothing to write: injection is
 *   idempotent), and otherwise, per webhook to change, `test`s of the webhook's service name and namespace at its
 *   index followed by an `add` of `caBundle` (add replaces a present value). The tests make the patch fail (422)
 *   instead of writing into a webhook that moved or changed its service since the object was read; the caller
 *   reads again and recomputes;
 * - webhooks with a `url`, another Service, or no client config are never touched; a CRD's conversion only when
 *   its strategy is `Webhook`;
 * - an APIService (`apiregistration.k8s.io/v1`, whose `spec` carries `service`, `caBundle` and
 *   `insecureSkipTLSVerify` itself) gets the same tests and `add` at `/spec`, and `insecureSkipTLSVerify` removed in
 *   the same patch: the aggregator refuses an APIService with both (a self-managed aggregated apiserver's injection);
 * - objects are untrusted data: they are walked by own keys and type checks, never assumed well formed.
 */
import type { JsonPatchOperation } from '../../rest/options';

/** The webhook Service a bundle belongs to. */
export interface ServiceRef {
  namespace: string;
  name: string;
}

type Json = Record<string, unknown>;

function field(o: unknown, k: string): unknown {
  return o !== null && typeof o === 'object' && !Array.isArray(o) && Object.hasOwn(o, k) ? (o as Json)[k] : undefined;
}

/** Whether `clientConfig` names the Service. */
export function referencesService(clientConfig: unknown, ref: ServiceRef): boolean {
  const service = field(clientConfig, 'service');
  return field(service, 'namespace') === ref.namespace && field(service, 'name') === ref.name;
}

function clientConfigPatch(clientConfig: unknown, base: string, ref: ServiceRef, caBundle: string): JsonPatchOperation[] {
  if (!referencesService(clientConfig, ref) || field(clientConfig, 'caBundle') === caBundle) return [];
  return [
    { op: 'test', path: `${base}/service/namespace`, value: ref.namespace },
    { op: 'test', path: `${base}/service/name`, value: ref.name },
    { op: 'add', path: `${base}/caBundle`, value: caBundle },
  ];
}

/** The patch of a Validating- or MutatingWebhookConfiguration (see the module doc). */
export function webhookConfigurationPatch(obj: unknown, ref: ServiceRef, caBundle: string): JsonPatchOperation[] {
  const webhooks = field(obj, 'webhooks');
  if (!Array.isArray(webhooks)) return [];
  return webhooks.flatMap((w: unknown, i) => clientConfigPatch(field(w, 'clientConfig'), `/webhooks/${i}/clientConfig`, ref, caBundle));
}

/** The patch of a CustomResourceDefinition's conversion webhook (see the module doc). */
export function crdConversionPatch(obj: unknown, ref: ServiceRef, caBundle: string): JsonPatchOperation[] {
  const conversion = field(field(obj, 'spec'), 'conversion');
  if (field(conversion, 'strategy') !== 'Webhook') return [];
  return clientConfigPatch(field(field(conversion, 'webhook'), 'clientConfig'), '/spec/conversion/webhook/clientConfig', ref, caBundle);
}

/** Whether an APIService's `spec.service` is the Service. */
export function apiServiceReferencesService(obj: unknown, ref: ServiceRef): boolean {
  return referencesService(field(obj, 'spec'), ref);
}

/** The patch of an APIService naming the Service (see the module doc): verified TLS with the CA, never skipped. */
export function apiServicePatch(obj: unknown, ref: ServiceRef, caBundle: string): JsonPatchOperation[] {
  const spec = field(obj, 'spec');
  const skip = field(spec, 'insecureSkipTLSVerify') !== undefined;
  if (!referencesService(spec, ref) || (field(spec, 'caBundle') === caBundle && !skip)) return [];
  // clientConfigPatch answers [] only when the bundle is there already: then only the flag is to go
  const set = clientConfigPatch(spec, '/spec', ref, caBundle);
  const tests = set.length > 0 ? set : [
    { op: 'test' as const, path: '/spec/service/namespace', value: ref.namespace },
    { op: 'test' as const, path: '/spec/service/name', value: ref.name },
  ];
  return [...tests, ...(skip ? [{ op: 'remove' as const, path: '/spec/insecureSkipTLSVerify' }] : [])];
}

/** `caBundle` as the API carries it: the PEM's bytes in base64. */
export function caBundleOf(caCertPem: string): string {
  return Buffer.from(caCertPem, 'utf8').toString('base64');
}
