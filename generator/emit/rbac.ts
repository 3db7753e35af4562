/**
 * The RBAC emitter: `role.yaml` with one ClusterRole (rules without a namespace) and one Role per namespace and
 * role name, as controller-gen v0.21's rbac generator writes them (pkg/rbac/parser.go `GenerateRoles`):
 *
 * 1. rules are bucketed per (namespace, `roleName=` or the generator's role name);
 * 2. each marker becomes one rule per resource (a marker without resources stays one rule), `core` → `""`;
 * 3. every list is de-duplicated and sorted (byte order); rules with equal (groups, resources, resourceNames,
 *    urls) merge their verbs, then rules equal but for the resources merge resources, then groups, then urls;
 * 4. rules are ordered by `groups + resources + resourceNames + urls` (lists `&`-joined, byte order), and only
 *    then a rule whose verbs contain `*` gets exactly `['*']`;
 * 5. objects are ordered by (namespace, name), so the ClusterRoles come first; every document starts with `---`;
 *    no rules → no file.
 *
 * Where controller-gen's result depends on Go's map order, kubegen is deterministic and says so:
 * - two merged rules that end with the same (groups, resources, resourceNames, urls) but different verbs — one
 *   of them is dropped at random by controller-gen — are merged here (their verbs united);
 * - rules the apiserver rejects are errors at their marker: no verbs, resources without groups (controller-gen
 *   merges them with core-group rules and prints `apiGroups` or not at random), urls together with groups,
 *   resources or resourceNames, urls in a namespaced Role, and a rule with neither resources nor urls.
 */
import { DiagnosticBag } from '../diagnostics';
import type { ManifestModel, RbacRuleDecl } from '../model/manifests';
import { marshalYamlV2 } from '../yaml/yamlv2';
import type { GeneratorResult, VirtualFile } from './shared/types';
import { compareBytes, uniqueSorted } from './shared/manifest-util';

export const DEFAULT_ROLE_NAME = 'manager-role';
export const RBAC_FILE = 'role.yaml';

export interface RbacOptions {
  /** The name of the generated (Cluster)Roles unless a marker says `roleName=` (default `manager-role`). */
  roleName?: string;
  /** Text written before the first document (e.g. a license header), as controller-gen's headerFile. */
  header?: string;
}

/** rbac/v1 PolicyRule, with Go's `omitempty` applied (only `verbs` is always present). */
export interface PolicyRule {
  apiGroups?: string[];
  nonResourceURLs?: string[];
  resourceNames?: string[];
  resources?: string[];
  verbs: string[];
}

export interface RoleObject {
  apiVersion: 'rbac.authorization.k8s.io/v1';
  kind: 'ClusterRole' | 'Role';
  metadata: { name: string; namespace?: string };
  rules: PolicyRule[];
}

/** `role.yaml` for the model's rbac markers, or no file when there are none (or they have errors, reported into `bag`). */
export function generateRbac(model: ManifestModel, options: RbacOptions = {}, bag: DiagnosticBag = new DiagnosticBag()): GeneratorResult {
  const errors = bag.errorCount;
  const roles = buildRoles(model.rbacRules, options.roleName ?? DEFAULT_ROLE_NAME, bag);
  if (bag.errorCount > errors || roles.length === 0) return { files: [], diagnostics: bag.items };
  const contents = (options.header ?? '') + roles.map((r) => `---\n${marshalYamlV2(r)}`).join('');
  const files: VirtualFile[] = [{ path: RBAC_FILE, contents }];
  return { files, diagnostics: bag.items };
}

/** A rule while merging: every list de-duplicated and sorted; `groups` undefined when the marker had none. */
interface WorkRule {
  groups?: string[];
  resources: string[];
  resourceNames: string[];
  urls: string[];
  verbs: string[];
}

/** The (Cluster)Roles of a set of rbac markers, in controller-gen's order; errors go to `bag`. */
export function buildRoles(decls: readonly RbacRuleDecl[], defaultRoleName: string, bag: DiagnosticBag): RoleObject[] {
  const buckets = new Map<string, { namespace: string; roleName: string; rules: WorkRule[] }>();
  for (const d of decls) {
    if (!checkRule(d, bag)) continue;
    const namespace = d.namespace ?? '';
    const roleName = d.roleName || defaultRoleName;
    const key = JSON.stringify([namespace, roleName]);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { namespace, roleName, rules: [] }));
    const groups = d.groups === undefined ? undefined : uniqueSorted(d.groups.map((g) => (g === 'core' ? '' : g)));
    const base = { groups, resourceNames: uniqueSorted(d.resourceNames ?? []), urls: uniqueSorted(d.urls ?? []), verbs: uniqueSorted(d.verbs) };
    const resources = d.resources ?? [];
    if (resources.length === 0) bucket.rules.push({ ...base, resources: [] });
    else for (const r of resources) bucket.rules.push({ ...base, resources: [r] });
  }
  const ordered = [...buckets.values()].sort((a, b) => compareBytes(a.namespace, b.namespace) || compareBytes(a.roleName, b.roleName));
  const out: RoleObject[] = [];
  for (const b of ordered) {
    const rules = normalizeRules(b.rules);
    if (rules.length === 0) continue;
    const metadata = b.namespace === '' ? { name: b.roleName } : { name: b.roleName, namespace: b.namespace };
    out.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: b.namespace === '' ? 'ClusterRole' : 'Role', metadata, rules });
  }
  return out;
}

/** The apiserver's PolicyRule validation (pkg/apis/rbac/validation), per marker; false when the rule is rejected. */
function checkRule(d: RbacRuleDecl, bag: DiagnosticBag): boolean {
  const problems: string[] = [];
  const has = (xs?: string[]) => xs !== undefined && xs.length > 0;
  if (!has(d.verbs)) problems.push('verbs must list at least one verb');
  if (has(d.urls)) {
    if (has(d.groups) || has(d.resources) || has(d.resourceNames)) problems.push('a rule cannot apply to both non-resource urls and groups, resources or resourceNames');
    if (d.namespace) problems.push(`non-resource urls cannot be granted by a namespaced Role (namespace=${d.namespace})`);
  } else {
    if (!has(d.resources)) problems.push('a rule needs resources (or non-resource urls)');
    if (!has(d.groups)) problems.push('a resource rule needs groups (write groups=core or groups="" for the core API group)');
  }
  for (const p of problems) bag.report('invalid-rbac-rule', `invalid +kubebuilder:rbac: ${p}`, d.span);
  return problems.length === 0;
}

const join = (xs: readonly string[] | undefined) => (xs ?? []).join('&');
const ruleKey = (r: WorkRule) => `${join(r.groups)} + ${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.urls)}`;

/** controller-gen's NormalizeRules, with insertion order wherever Go iterates a map. */
export function normalizeRules(input: readonly WorkRule[]): PolicyRule[] {
  // Merge verbs of rules with the same key.
  let rules = mergeInto(input.map(copyRule));
  // Then resources, groups and urls of rules equal in everything else.
  rules = mergeAlong(rules, (r) => `${join(r.groups)} + ${join(r.resourceNames)} + ${join(r.urls)} + ${join(r.verbs)}`, 'resources');
  rules = mergeAlong(rules, (r) => `${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.urls)} + ${join(r.verbs)}`, 'groups');
  rules = mergeAlong(rules, (r) => `${join(r.groups)} + ${join(r.resources)} + ${join(r.resourceNames)} + ${join(r.verbs)}`, 'urls');
  const sorted = rules.map((r) => ({ r, key: ruleKey(r) })).sort((a, b) => compareBytes(a.key, b.key));
  return sorted.map(({ r }) => {
    const rule: PolicyRule = { verbs: r.verbs.includes('*') ? ['*'] : [...r.verbs] };
    if (r.groups && r.groups.length > 0) rule.apiGroups = [...r.groups];
    if (r.urls.length > 0) rule.nonResourceURLs = [...r.urls];
    if (r.resourceNames.length > 0) rule.resourceNames = [...r.resourceNames];
    if (r.resources.length > 0) rule.resources = [...r.resources];
    return rule;
  });
}

function copyRule(r: WorkRule): WorkRule {
  return { groups: r.groups && [...r.groups], resources: [...r.resources], resourceNames: [...r.resourceNames], urls: [...r.urls], verbs: [...r.verbs] };
}

/**
 * Rules keyed by ruleKey; a rule whose key is taken unites its verbs into the first one. Each key's verbs are
 * gathered in a Set and sorted once, so n rules cost O(n log n), not a sort per merged rule.
 */
function mergeInto(rules: readonly WorkRule[]): WorkRule[] {
  const byKey = new Map<string, { first: WorkRule; verbs: Set<string> | undefined }>();
  for (const r of rules) {
    const key = ruleKey(r);
    const entry = byKey.get(key);
    if (!entry) byKey.set(key, { first: r, verbs: undefined });
    else {
      entry.verbs ??= new Set(entry.first.verbs);
      for (const v of r.verbs) entry.verbs.add(v);
    }
  }
  return [...byKey.values()].map(({ first, verbs }) => {
    if (verbs) first.verbs = uniqueSorted([...verbs]);
    return first;
  });
}

/**
 * Groups rules by `keyOf` and unites `field` within each group into its first rule (sorted once per group, as
 * controller-gen's pairwise `removeDupAndSort` would end), then re-keys them. `groups` stays undefined only when
 * no rule of the group has one.
 */
function mergeAlong(rules: readonly WorkRule[], keyOf: (r: WorkRule) => string, field: 'resources' | 'groups' | 'urls'): WorkRule[] {
  const groups = new Map<string, WorkRule[]>();
  for (const r of rules) {
    const key = keyOf(r);
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const merged: WorkRule[] = [];
  for (const [first, ...others] of groups.values()) {
    if (first === undefined) continue; // never: each list starts with the rule that made it
    if (others.length > 0) {
      const united = new Set<string>();
      let defined = false;
      for (const r of [first, ...others]) {
        const values = r[field];
        if (values === undefined) continue;
        defined = true;
        for (const v of values) united.add(v);
      }
      if (field === 'groups') first.groups = defined ? uniqueSorted([...united]) : undefined;
      else first[field] = uniqueSorted([...united]);
    }
    merged.push(first);
  }
  return mergeInto(merged);
}
