/**
 * The RBAC a manager with `webhookServer.selfManagedCertificates` needs, as data: the generated `config/rbac` writes
 * these same rules (a Role in the operator's namespace for the certificate Secret, and cluster rules for the webhook
 * configurations and CRDs whose `caBundle` it keeps current).
 *
 * - `namespaced`: rules of a Role in the namespace of the Secret (`selfManagedCertificates.namespace`): the manager
 *   reads and watches its Secret, creates it when absent and rotates it (update, with a resourceVersion precondition).
 * - `cluster`: rules of a ClusterRole: it watches the Validating- and MutatingWebhookConfigurations and the
 *   CustomResourceDefinitions, and patches `caBundle` into the webhooks and conversion webhooks that name its Service.
 *
 * Rules are rbac/v1 PolicyRules with Go's `omitempty` applied, groups, resources and verbs sorted.
 */

/** An rbac/v1 PolicyRule (only the fields these rules use). */
export interface CertificatesPolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

/** See the module doc. */
export const SELF_MANAGED_CERTIFICATES_RBAC: {
  readonly namespaced: readonly CertificatesPolicyRule[];
  readonly cluster: readonly CertificatesPolicyRule[];
} = Object.freeze({
  namespaced: Object.freeze([
    { apiGroups: [''], resources: ['secrets'], verbs: ['create', 'get', 'list', 'patch', 'update', 'watch'] },
  ]),
  cluster: Object.freeze([
    {
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
      verbs: ['get', 'list', 'patch', 'update', 'watch'],
    },
    { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['get', 'list', 'patch', 'update', 'watch'] },
  ]),
});
