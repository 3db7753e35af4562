/**
 * The order `kustomize build` prints objects in: kustomize v5's `SortOrderTransformer` run on the built objects, with
 * the root kustomization's `sortOptions`, else the `--reorder` flag's default, `legacy` (api/krusty/kustomizer.go
 * `applySortOrder`). Nested kustomizations' `sortOptions` are not read (kustomize reads only the root's).
 *
 * Legacy order: kinds listed in `orderFirst` first (in that order), kinds in `orderLast` last, every other kind in
 * between; within one rank by `group_version_kind`; within one GVK by `namespace|name` (`~X` for no namespace) as
 * one string, compared byte for byte as Go compares strings. `fifo` keeps the order the objects were built in.
 */

/** kustomize's `defaultOrderFirst` (api/internal/builtins/SortOrderTransformer.go, "DO NOT CHANGE!"). */
export const LEGACY_ORDER_FIRST: readonly string[] = [
  'Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition', 'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole',
  'RoleBinding', 'ClusterRoleBinding', 'ConfigMap', 'Secret', 'Endpoints', 'Service', 'LimitRange', 'PriorityClass', 'PersistentVolume',
  'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget',
];

/** kustomize's `defaultOrderLast`. */
export const LEGACY_ORDER_LAST: readonly string[] = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

/** A kustomization's `sortOptions`, checked. */
export type SortOptions = { order: 'fifo' } | { order: 'legacy'; orderFirst: readonly string[]; orderLast: readonly string[] };

export const DEFAULT_SORT: SortOptions = { order: 'legacy', orderFirst: LEGACY_ORDER_FIRST, orderLast: LEGACY_ORDER_LAST };

/** What the sort reads of an object: its current group, version, kind, namespace (as written) and name. */
export interface SortKey {
  group: string;
  version: string;
  kind: string;
  namespace: string;
  name: string;
}

function gvkSortString(k: SortKey): string {
  return [k.group || '~G', k.version || '~V', k.kind || '~K'].join('_');
}

/** Go's string comparison: byte for byte over UTF-8 (JavaScript's `<` compares UTF-16 code units). */
function goLess(a: string, b: string): boolean {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')) < 0;
}

/** Returns `items` in kustomize's output order (a new array; `items` is not changed). */
export function sortForOutput<T>(items: readonly T[], keyOf: (item: T) => SortKey, options: SortOptions = DEFAULT_SORT): T[] {
  if (options.order === 'fifo') return [...items];
  const rank = new Map<string, number>();
  options.orderFirst.forEach((kind, i) => { rank.set(kind, -options.orderFirst.length + i); });
  options.orderLast.forEach((kind, i) => { rank.set(kind, 1 + i); });
  const keyed = items.map((item) => {
    const k = keyOf(item);
    return { item, k, rank: rank.get(k.kind) ?? 0, gvk: gvkSortString(k), id: `${k.namespace || '~X'}|${k.name || '~N'}` };
  });
  type Keyed = (typeof keyed)[number];
  const less = (a: Keyed, b: Keyed): boolean => {
    const sameGvk = a.k.group === b.k.group && a.k.version === b.k.version && a.k.kind === b.k.kind;
    if (!sameGvk) {
      if (a.rank !== b.rank) return a.rank < b.rank;
      // kustomize puts a core Namespace after another group's Namespace kind
      if (a.k.kind === 'Namespace' && b.k.kind === 'Namespace' && (a.k.group === '' || b.k.group === '')) return goLess(b.gvk, a.gvk);
      return goLess(a.gvk, b.gvk);
    }
    return goLess(a.id, b.id);
  };
  // a total order on distinct ids (kustomize's ids are unique), so an unstable sort gives the same result as Go's
  keyed.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
  return keyed.map((x) => x.item);
}
