/**
 * The order objects are applied and deleted in, as Helm's `InstallOrder` (kubectl applies in input order; a set
 * that creates its own namespaces and kinds needs this): Namespaces, then what pods need (quotas, service accounts,
 * secrets, config maps, storage), CustomResourceDefinitions, RBAC, Services, workloads, APIServices and webhook
 * configurations, and last every kind not listed — custom resources, which need their CRDs established and their
 * webhooks ready.
 *
 * Deletion is the exact reverse: custom resources first, while their operator still runs to process their
 * finalizers, then the webhook configurations (so no request is sent to a webhook being removed), workloads, RBAC,
 * CRDs, and Namespaces last. Within one kind, input order is kept (a stable sort).
 */

/** Kinds by install rank (Helm's InstallOrder, with its list kinds left out: lists are flattened when read). */
export const INSTALL_ORDER: readonly string[] = [
  'PriorityClass',
  'Namespace',
  'NetworkPolicy',
  'ResourceQuota',
  'LimitRange',
  'PodSecurityPolicy',
  'PodDisruptionBudget',
  'ServiceAccount',
  'Secret',
  'ConfigMap',
  'StorageClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
  'Service',
  'DaemonSet',
  'Pod',
  'ReplicationController',
  'ReplicaSet',
  'Deployment',
  'HorizontalPodAutoscaler',
  'StatefulSet',
  'Job',
  'CronJob',
  'IngressClass',
  'Ingress',
  'APIService',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
];

const RANK = new Map(INSTALL_ORDER.map((kind, i) => [kind, i]));

/** The install rank of a kind; every kind not listed ranks after all listed ones. */
export function installRank(kind: string): number {
  return RANK.get(kind) ?? INSTALL_ORDER.length;
}

/** True for a kind applied after the webhook configurations: a kind not in {@link INSTALL_ORDER} (custom resources). */
export function isAfterWebhooks(kind: string): boolean {
  return !RANK.has(kind);
}

/** A new array in install order (stable). */
export function sortForInstall<T>(items: readonly T[], kindOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: installRank(kindOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.item);
}

/** A new array in delete order: install ranks reversed, input order kept within a kind (stable). */
export function sortForDelete<T>(items: readonly T[], kindOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: installRank(kindOf(item)) }))
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .map((x) => x.item);
}

/** The runs of consecutive items of one install rank, in order (`items` sorted by rank): the phases of a delete. */
export function rankPhases<T>(items: readonly T[], kindOf: (item: T) => string): T[][] {
  const phases: T[][] = [];
  let current: T[] = [];
  let rank: number | undefined;
  for (const item of items) {
    const r = installRank(kindOf(item));
    if (r !== rank) {
      current = [];
      phases.push(current);
      rank = r;
    }
    current.push(item);
  }
  return phases;
}
