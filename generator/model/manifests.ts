/**
 * The manifest model: the RBAC rules and admission webhooks an operator declares with `+kubebuilder:rbac`,
 * `+kubebuilder:webhook` and `+kubebuilder:webhookconfiguration` markers, and the APIServices of an aggregated
 * API server declared with `+kubegen:apiservice` (or the `apiservice` key of kubegen.config.json), anywhere under
 * the scanned paths.
 *
 * Contract:
 * - Plain, serialisable data built by `generator/load/manifests.ts`; nothing here refers to a parser type.
 * - Each entry is one marker occurrence with its arguments as written (a left-out optional argument is absent)
 *   and the span of its `+`, in source order (files sorted by path, then by position). The arguments' types are
 *   the markers' own (`RbacArgs` …, `generator/markers/definitions/crd.ts`): the model imports the markers, never
 *   the reverse.
 * - Normalisation (`core` → `""`, merging, sorting, defaults) and the argument checks that need the whole set are
 *   the emitters' business (`generator/emit/rbac.ts`, `generator/emit/webhook.ts`); emitters never mutate this.
 */
import type { RbacArgs, WebhookArgs, WebhookConfigurationArgs } from '../markers/definitions/crd';
import type { Int, SourceSpan } from './types';

/** One `+kubebuilder:rbac` marker (controller-tools pkg/rbac `Rule`): its arguments and the span of its `+`. */
export interface RbacRuleDecl extends RbacArgs {
  span: SourceSpan;
}

/** One `+kubebuilder:webhook` marker (controller-tools pkg/webhook `Config`): its arguments and the span of its `+`. */
export interface WebhookDecl extends WebhookArgs {
  span: SourceSpan;
}

/** One `+kubebuilder:webhookconfiguration` marker: the name of the Mutating- or ValidatingWebhookConfiguration. */
export interface WebhookConfigurationDecl extends WebhookConfigurationArgs {
  span: SourceSpan;
}

/**
 * One `+kubegen:apiservice` marker or configuration entry: an `apiregistration.k8s.io/v1` APIService that
 * registers an extension apiserver for one group/version. The TLS choice is as written: `caBundle` (PEM text, or
 * base64 of PEM; a marker's `caBundleFile=` is read by the loader into it), `insecureSkipTLSVerify`, and
 * `caBundleInjected` (an injector writes the bundle into the object: none is written).
 */
export interface ApiServiceDecl {
  group: string;
  version: string;
  service: { name: string; namespace: string; port?: Int };
  groupPriorityMinimum: Int;
  versionPriority: Int;
  caBundle?: string;
  insecureSkipTLSVerify?: boolean;
  caBundleInjected?: boolean;
  /** Where it was declared: a marker's `+`, or a configuration entry (`kubegen.config.json: apiservice.apiServices[0]`). */
  origin: { kind: 'marker'; span: SourceSpan } | { kind: 'config'; at: string };
}

export interface ManifestModel {
  rbacRules: RbacRuleDecl[];
  webhooks: WebhookDecl[];
  webhookConfigurations: WebhookConfigurationDecl[];
  apiServices: ApiServiceDecl[];
}
