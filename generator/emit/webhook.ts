/**
 * The webhook emitter: `manifests.yaml` with a MutatingWebhookConfiguration then a ValidatingWebhookConfiguration
 * (each only when it has webhooks), as controller-gen v0.21's webhook generator writes them
 * (pkg/webhook/parser.go): default names `mutating-webhook-configuration` / `validating-webhook-configuration`
 * unless a `+kubebuilder:webhookconfiguration` names them, webhooks sorted by name, a `path` becoming a reference
 * to the Service `webhook-service` in `system` (overridable), `core` → `""`, operations, failurePolicy,
 * matchPolicy, sideEffects and reinvocationPolicy in their API spelling (written in any case), no webhooks → no
 * file.
 *
 * Every argument controller-gen checks is an error at the marker (timeoutSeconds outside 1–30, sideEffects
 * missing, `Some` or `Unknown`, path and url both or neither, webhookVersions other than v1, an empty
 * admissionReviewVersions, an unknown matchPolicy); so is a `path` or `url` the apiserver refuses (a path is `/` and
 * DNS-1123 segments — no `..`, `@`, `?`, whitespace; a url is https with a host and no user information, query or
 * fragment), and what controller-gen passes through or drops silently
 * and the apiserver then rejects or never sees: an unknown failurePolicy, reinvocationPolicy or operation,
 * reinvocationPolicy on a validating webhook, service arguments next to `url`, a port outside 1–65535, empty
 * groups/versions/resources, `*` next to other verbs, a name that is not a lowercase domain of at least three
 * segments, two webhooks of one kind with one name, two configuration names for one kind (controller-gen: the
 * last package wins), and a configuration name for a kind without webhooks (a warning).
 */
import { DiagnosticBag } from '../diagnostics';
import type { ManifestModel, WebhookConfigurationDecl, WebhookDecl } from '../model/manifests';
import { webhookPathErrors, webhookUrlErrors } from '../model/names';
import type { Int } from '../model/types';
import { marshalYamlV2 } from '../yaml/yamlv2';
import { compareBytes } from './shared/manifest-util';
import type { GeneratorResult } from './shared/types';
import { present } from '../core/invariant';

export const WEBHOOK_FILE = 'manifests.yaml';
export const DEFAULT_SERVICE_NAME = 'webhook-service';
export const DEFAULT_SERVICE_NAMESPACE = 'system';
const DEFAULT_NAMES = { mutating: 'mutating-webhook-configuration', validating: 'validating-webhook-configuration' } as const;

export interface WebhookOptions {
  /** Text written before the first document (e.g. a license header), as controller-gen's headerFile. */
  header?: string;
}

/** admissionregistration/v1 MutatingWebhook / ValidatingWebhook, with Go's `omitempty` applied. */
export interface Webhook {
  admissionReviewVersions: string[];
  clientConfig: { service: { name: string; namespace: string; path: string; port?: Int } } | { url: string };
  failurePolicy: string;
  matchPolicy?: string;
  name: string;
  reinvocationPolicy?: string;
  rules: Array<{ apiGroups?: string[]; apiVersions?: string[]; operations?: string[]; resources?: string[] }>;
  sideEffects: string;
  timeoutSeconds?: Int;
}

export interface WebhookConfiguration {
  apiVersion: 'admissionregistration.k8s.io/v1';
  kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration';
  metadata: { name: string };
  webhooks: Webhook[];
}

/** `manifests.yaml` for the model's webhook markers, or no file when there are none (or they have errors, reported into `bag`). */
export function generateWebhooks(model: ManifestModel, options: WebhookOptions = {}, bag: DiagnosticBag = new DiagnosticBag()): GeneratorResult {
  const errors = bag.errorCount;
  const configurations = buildWebhookConfigurations(model, bag);
  if (bag.errorCount > errors || configurations.length === 0) return { files: [], diagnostics: bag.items };
  const contents = (options.header ?? '') + configurations.map((c) => `---\n${marshalYamlV2(c)}`).join('');
  return { files: [{ path: WEBHOOK_FILE, contents }], diagnostics: bag.items };
}

/** The configurations (mutating first), each with its webhooks sorted by name; errors go to `bag`. */
export function buildWebhookConfigurations(model: ManifestModel, bag: DiagnosticBag): WebhookConfiguration[] {
  const names = configurationNames(model.webhookConfigurations, bag);
  const out: WebhookConfiguration[] = [];
  for (const mutating of [true, false]) {
    const decls = model.webhooks.filter((w) => w.mutating === mutating);
    const kind = mutating ? 'MutatingWebhookConfiguration' : 'ValidatingWebhookConfiguration';
    const named = names.get(mutating);
    if (decls.length === 0) {
      if (named) bag.report('unused-webhook-configuration', `+kubebuilder:webhookconfiguration names the ${kind}, but there is no ${mutating ? 'mutating' : 'validating'} webhook; nothing is generated for it`, named.span);
      continue;
    }
    const seen = new Map<string, WebhookDecl>();
    const webhooks: Webhook[] = [];
    for (const d of decls) {
      const first = seen.get(d.name);
      if (first) bag.report('duplicate-webhook', `invalid +kubebuilder:webhook: the ${kind} already has a webhook named "${d.name}"`, d.span, { related: [{ span: first.span, message: `the first webhook named "${d.name}"` }] });
      else seen.set(d.name, d);
      const w = toWebhook(d, bag);
      if (w) webhooks.push(w);
    }
    webhooks.sort((a, b) => compareBytes(a.name, b.name));
    const name = named?.name || DEFAULT_NAMES[mutating ? 'mutating' : 'validating'];
    out.push({ apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks });
  }
  return out;
}

/** The `+kubebuilder:webhookconfiguration` per kind (true: mutating); a second one for a kind is an error. */
function configurationNames(decls: readonly WebhookConfigurationDecl[], bag: DiagnosticBag): Map<boolean, WebhookConfigurationDecl> {
  const out = new Map<boolean, WebhookConfigurationDecl>();
  for (const d of decls) {
    const first = out.get(d.mutating);
    if (first) {
      const which = d.mutating ? 'mutating' : 'validating';
      bag.report('duplicate-webhook', `duplicate ${which} +kubebuilder:webhookconfiguration; name each configuration once`, d.span, {
        related: [{ span: first.span, message: `the first ${which} +kubebuilder:webhookconfiguration` }],
      });
    } else out.set(d.mutating, d);
  }
  return out;
}

const OPERATIONS = ['CREATE', 'UPDATE', 'DELETE', 'CONNECT', '*'];
const FAILURE_POLICIES = ['Fail', 'Ignore'];
const MATCH_POLICIES = ['Exact', 'Equivalent'];
const SIDE_EFFECTS = ['None', 'NoneOnDryRun'];
const REINVOCATION_POLICIES = ['Never', 'IfNeeded'];
const SUPPORTED_WEBHOOK_VERSIONS = ['v1'];

/** The API spelling of a value written in any case (controller-gen compares lower-cased). */
function canonical(value: string, allowed: readonly string[]): string | undefined {
  return allowed.find((a) => a.toLowerCase() === value.toLowerCase());
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** The apiserver's IsFullyQualifiedName: a DNS-1123 subdomain (at most 253 characters) of at least three labels. */
function isFullyQualifiedName(name: string): boolean {
  return name.length <= 253 && DNS_SUBDOMAIN.test(name) && name.split('.').length >= 3;
}

/** One webhook, or undefined after reporting every problem with its marker. */
function toWebhook(d: WebhookDecl, bag: DiagnosticBag): Webhook | undefined {
  const problems: string[] = [];
  const oneOf = (what: string, value: string, allowed: readonly string[]) => {
    const c = canonical(value, allowed);
    if (c === undefined) problems.push(`${what} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
    return c;
  };

  for (const v of d.webhookVersions ?? []) {
    if (!SUPPORTED_WEBHOOK_VERSIONS.includes(v)) problems.push(`unsupported webhook version ${JSON.stringify(v)}: only v1 configurations are generated`);
  }
  // an empty path or url is not given
  const path = d.path || undefined;
  const url = d.url || undefined;
  if ((path === undefined) === (url === undefined)) problems.push(`exactly one of path and url is required (${path !== undefined ? 'both are' : 'neither is'} given)`);
  if (path !== undefined) for (const e of webhookPathErrors(path)) problems.push(`path ${JSON.stringify(d.path)} would be refused by the API server: ${e}`);
  if (url !== undefined) {
    for (const e of webhookUrlErrors(url)) problems.push(`url ${JSON.stringify(d.url)} would be refused by the API server: ${e}`);
    const service = (['serviceName', 'serviceNamespace', 'servicePort'] as const).filter((k) => d[k] !== undefined);
    if (service.length > 0) problems.push(`${service.join(', ')} ${service.length === 1 ? 'applies' : 'apply'} to a service reference (path), not to url`);
  }
  if (d.servicePort !== undefined && (d.servicePort < 1 || d.servicePort > 65535)) problems.push(`servicePort must be between 1 and 65535 (got ${d.servicePort})`);
  const failurePolicy = oneOf('failurePolicy', d.failurePolicy, FAILURE_POLICIES);
  const matchPolicy = d.matchPolicy ? oneOf('matchPolicy', d.matchPolicy, MATCH_POLICIES) : undefined;
  let sideEffects: string | undefined;
  if (d.sideEffects === undefined || d.sideEffects === '') problems.push('sideEffects is required for v1 webhook configurations: None or NoneOnDryRun');
  else if (['some', 'unknown'].includes(d.sideEffects.toLowerCase())) problems.push(`sideEffects must not be ${d.sideEffects} for v1 webhook configurations: None or NoneOnDryRun`);
  else sideEffects = oneOf('sideEffects', d.sideEffects, SIDE_EFFECTS);
  if (d.timeoutSeconds !== undefined && (d.timeoutSeconds < 1 || d.timeoutSeconds > 30)) problems.push(`timeoutSeconds must be between 1 and 30 seconds (got ${d.timeoutSeconds})`);
  if (d.admissionReviewVersions.length === 0) problems.push('admissionReviewVersions must list at least one AdmissionReview version (e.g. v1)');
  let reinvocationPolicy: string | undefined;
  if (d.reinvocationPolicy !== undefined) {
    if (!d.mutating) problems.push('reinvocationPolicy applies to mutating webhooks only (this one has mutating=false)');
    else reinvocationPolicy = oneOf('reinvocationPolicy', d.reinvocationPolicy, REINVOCATION_POLICIES);
  }
  const operations = d.verbs.map((v) => {
    const op = canonical(v, OPERATIONS);
    if (op === undefined) problems.push(`verb ${JSON.stringify(v)} is not an admission operation: create, update, delete, connect or *`);
    return op ?? v;
  });
  for (const [what, list] of [['groups', d.groups], ['versions', d.versions], ['resources', d.resources], ['verbs', d.verbs]] as const) {
    if (list.length === 0) problems.push(`${what} must list at least one value`);
  }
  if (operations.length > 1 && operations.includes('*')) problems.push('verb * must be the only verb when present');
  if (!isFullyQualifiedName(d.name)) problems.push(`name ${JSON.stringify(d.name)} must be a lowercase domain name with at least three segments separated by dots (e.g. vwidget.apps.example.com)`);

  for (const p of problems) bag.report('invalid-webhook', `invalid +kubebuilder:webhook: ${p}`, d.span);
  // each of these undefined is a problem reported above
  if (problems.length > 0 || failurePolicy === undefined || sideEffects === undefined) return undefined;

  const clientConfig: Webhook['clientConfig'] =
    path !== undefined
      ? {
          service: {
            name: d.serviceName || DEFAULT_SERVICE_NAME,
            namespace: d.serviceNamespace || DEFAULT_SERVICE_NAMESPACE,
            path,
            ...(d.servicePort !== undefined ? { port: d.servicePort } : {}),
          },
        }
      : { url: present(url, `the url of webhook ${d.name}`) };
  const webhook: Webhook = {
    admissionReviewVersions: [...d.admissionReviewVersions],
    clientConfig,
    failurePolicy,
    name: d.name,
    rules: [{ apiGroups: d.groups.map((g) => (g === 'core' ? '' : g)), apiVersions: [...d.versions], operations, resources: [...d.resources] }],
    sideEffects,
  };
  if (matchPolicy) webhook.matchPolicy = matchPolicy;
  if (reinvocationPolicy) webhook.reinvocationPolicy = reinvocationPolicy;
  if (d.timeoutSeconds !== undefined) webhook.timeoutSeconds = d.timeoutSeconds;
  return webhook;
}
