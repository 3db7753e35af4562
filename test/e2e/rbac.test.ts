/**
 * `kubegen rbac` against the real apiserver's RBAC authorizer: for every golden case with rbac markers
 * (test/golden/<case>, the twins byte-equal to controller-gen), the generated ClusterRoles and Roles are
 * applied, each is bound to a ServiceAccount of its own (ClusterRoleBinding / RoleBinding), and then, asking the
 * apiserver as that ServiceAccount (impersonation + SelfSubjectAccessReview):
 *
 * - allowed: every verb of every marker on every group × resource (subresources included) × resourceName, and every
 *   non-resource URL — `*` verbs, groups and resources, `*` before a subresource and after a URL prefix by
 *   samples — in the Role's namespace, or cluster-wide for a ClusterRole;
 * - denied: the other standard verbs on the same resources, a resource and a URL next to the listed ones, a name
 *   outside resourceNames and a request without a name, and for a Role the same request in another namespace and
 *   cluster-wide — each unless another marker of the same role grants it (the oracle reads the markers, not the
 *   YAML), and only where a ServiceAccount bound to nothing is denied too (the bootstrap roles grant every
 *   authenticated user e.g. `get /version`).
 *
 * Plus real requests as the ServiceAccount: a listed resourceName is readable (404, not 403) and another is not.
 * Cluster-scoped names get a per-run suffix and each Role's namespace a per-run prefix, so runs never collide.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadAll } from 'js-yaml';
import { main } from '../../generator/cli';
import type { RoleObject } from '../../generator/emit/rbac';
import { loadManifestModel } from '../../generator/load/manifests';
import type { RbacRuleDecl } from '../../generator/model/manifests';
import { useE2e } from './support/namespace';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);
const CASES = path.join(__dirname, '..', 'golden');
const RUN = randomBytes(3).toString('hex');
const STANDARD_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
/** Samples standing for `*`. */
const ANY_VERBS = [...STANDARD_VERBS, 'escalate', 'frobnicate'];
const ANY_GROUPS = ['', 'apps', 'anything.example.com'];
const ANY_RESOURCES = ['pods', 'anythings'];

/** One access question: a resource request (namespace '' = cluster-wide) or a non-resource request. */
type Attrs =
  | { kind: 'resource'; verb: string; group: string; resource: string; subresource?: string; name?: string; namespace: string }
  | { kind: 'url'; verb: string; path: string };

interface BoundRole {
  object: RoleObject;
  /** The markers that went into it. */
  decls: RbacRuleDecl[];
  /** The namespace the Role was applied in (its own, mapped), or '' for a ClusterRole. */
  namespace: string;
  serviceAccount: string;
}

const rbacCases = fs
  .readdirSync(CASES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(CASES, e.name, 'expected', 'rbac', 'role.yaml')))
  .map((e) => e.name)
  .sort();

const mappedNamespace = (ns: string) => `e2e-rbac-${RUN}-${ns}`;
const user = (sa: string) => `system:serviceaccount:${e2e.namespace}:${sa}`;

function describeAttrs(a: Attrs): string {
  if (a.kind === 'url') return `${a.verb} ${a.path}`;
  const res = `${a.group === '' ? 'core' : a.group}/${a.resource}${a.subresource ? `/${a.subresource}` : ''}${a.name !== undefined ? ` name=${a.name}` : ''}`;
  return `${a.verb} ${res} ${a.namespace === '' ? 'cluster-wide' : `in ${a.namespace}`}`;
}

/** May the role made of `decls` (a Role in `namespace`, or a ClusterRole for '') do `a`? RBAC's matching rules, over the markers. */
function covers(decls: readonly RbacRuleDecl[], namespace: string, a: Attrs): boolean {
  if (a.kind === 'resource' && namespace !== '' && a.namespace !== namespace) return false;
  return decls.some((d) => {
    if (!d.verbs.includes(a.verb) && !d.verbs.includes('*')) return false;
    if (a.kind === 'url') return (d.urls ?? []).some((u) => u === a.path || (u.endsWith('*') && a.path.startsWith(u.slice(0, -1))));
    const groups = (d.groups ?? []).map((g) => (g === 'core' ? '' : g));
    const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
    const names = d.resourceNames ?? [];
    const resources = d.resources ?? [];
    return (
      (groups.includes(a.group) || groups.includes('*')) &&
      (resources.includes(resource) || resources.includes('*') || (a.subresource !== undefined && resources.includes(`*/${a.subresource}`))) &&
      (names.length === 0 || (a.name !== undefined && names.includes(a.name)))
    );
  });
}

/** Every request a marker lists (`*` by samples), in the role's namespace. */
function listed(d: RbacRuleDecl, namespace: string): Attrs[] {
  const verbs = d.verbs.flatMap((v) => (v === '*' ? ANY_VERBS : [v]));
  if (d.urls && d.urls.length > 0) return d.urls.flatMap((u) => verbs.map((verb): Attrs => ({ kind: 'url', verb, path: u.endsWith('*') ? `${u.slice(0, -1)}sample` : u })));
  const groups = (d.groups ?? []).flatMap((g) => (g === '*' ? ANY_GROUPS : [g === 'core' ? '' : g]));
  const resources = (d.resources ?? []).flatMap((r) => (r === '*' ? ANY_RESOURCES : r.startsWith('*/') ? ANY_RESOURCES.map((x) => `${x}${r.slice(1)}`) : [r]));
  const names: Array<string | undefined> = d.resourceNames && d.resourceNames.length > 0 ? d.resourceNames : [undefined];
  const out: Attrs[] = [];
  for (const group of groups)
    for (const r of resources)
      for (const name of names)
        for (const verb of verbs) {
          const [resource = r, subresource] = r.split('/');
          out.push({ kind: 'resource', verb, group, resource, ...(subresource ? { subresource } : {}), ...(name !== undefined ? { name } : {}), namespace });
        }
  return out;
}

/** Requests next to what a marker lists: other verbs, a neighbouring resource, name and URL, other namespaces. */
function neighbours(d: RbacRuleDecl, namespace: string): Attrs[] {
  const out: Attrs[] = [];
  for (const a of listed(d, namespace).slice(0, 1)) {
    for (const verb of STANDARD_VERBS) out.push({ ...a, verb });
    if (a.kind === 'url') {
      out.push({ ...a, path: `${a.path}-not-listed` }, { ...a, verb: 'post' });
      continue;
    }
    out.push({ ...a, resource: `${a.resource}x` }, { ...a, group: `${a.group}x.example.com` });
    if (a.name !== undefined) {
      out.push({ ...a, name: 'not-listed' });
      const { name: _, ...unnamed } = a;
      out.push(unnamed);
    }
    if (namespace !== '') out.push({ ...a, namespace: e2e.namespace }, { ...a, namespace: '' });
  }
  return out;
}

/** Asks the apiserver, as `sa`, whether it may do `a` (SelfSubjectAccessReview while impersonating the ServiceAccount). */
async function allowed(sa: string, a: Attrs): Promise<boolean> {
  const spec =
    a.kind === 'url'
      ? { nonResourceAttributes: { verb: a.verb, path: a.path } }
      : { resourceAttributes: { verb: a.verb, group: a.group, resource: a.resource, subresource: a.subresource, name: a.name, namespace: a.namespace } };
  const r = await e2e.kube.post<{ status?: { allowed?: boolean } }>(
    '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews',
    { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec },
    { headers: { 'Impersonate-User': user(sa) } },
  );
  if (r.status !== 201) throw new Error(`SelfSubjectAccessReview as ${sa}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.status?.allowed === true;
}

async function create(apiPath: string, body: object): Promise<void> {
  const r = await e2e.kube.post(apiPath, body);
  if (r.status !== 201) throw new Error(`POST ${apiPath}: ${r.status} ${JSON.stringify(r.body)}`);
}

describe.each(rbacCases)('the roles of case %s on the apiserver', (name) => {
  const caseDir = path.join(CASES, name);
  const roleNameFile = path.join(caseDir, 'role-name');
  const defaultRole = fs.existsSync(roleNameFile) ? fs.readFileSync(roleNameFile, 'utf8').trim() : 'manager-role';
  const bound: BoundRole[] = [];
  const clusterScoped: string[] = [];
  const unbound = `${name}-unbound`;

  beforeAll(async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-rbac-e2e-'));
    try {
      let err = '';
      const code = await main(['rbac', '--paths', 'apis', '--role-name', defaultRole, '--out', out], { out: () => undefined, err: (s) => (err += s) }, caseDir);
      if (code !== 0) throw new Error(`kubegen rbac failed (${code}): ${err}`);
      const objects = loadAll(fs.readFileSync(path.join(out, 'role.yaml'), 'utf8')) as RoleObject[];
      const { model } = loadManifestModel({ paths: ['apis'], cwd: caseDir });
      const namespaces = new Set(objects.flatMap((o) => (o.metadata.namespace ? [o.metadata.namespace] : [])));
      for (const ns of namespaces) await create('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: mappedNamespace(ns) } });
      await create(`/api/v1/namespaces/${e2e.namespace}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: unbound } });
      for (const [i, object] of objects.entries()) {
        const original = object.metadata;
        const decls = model.rbacRules.filter((d) => (d.namespace ?? '') === (original.namespace ?? '') && (d.roleName || defaultRole) === original.name);
        const serviceAccount = `${name}-${i}`;
        const subjects = [{ kind: 'ServiceAccount', name: serviceAccount, namespace: e2e.namespace }];
        await create(`/api/v1/namespaces/${e2e.namespace}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: serviceAccount } });
        if (original.namespace === undefined) {
          const roleName = `${original.name}-${RUN}`;
          clusterScoped.push(`clusterroles/${roleName}`, `clusterrolebindings/${roleName}`);
          await create('/apis/rbac.authorization.k8s.io/v1/clusterroles', { ...object, metadata: { name: roleName } });
          const roleRef = { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName };
          await create('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: roleName }, roleRef, subjects });
          bound.push({ object, decls, namespace: '', serviceAccount });
        } else {
          const namespace = mappedNamespace(original.namespace);
          const base = `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}`;
          await create(`${base}/roles`, { ...object, metadata: { name: original.name, namespace } });
          const roleRef = { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: original.name };
          await create(`${base}/rolebindings`, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: original.name, namespace }, roleRef, subjects });
          bound.push({ object, decls, namespace, serviceAccount });
        }
      }
      // The authorizer reads roles and bindings from its informers: wait until each binding is in effect.
      for (const b of bound) {
        const first = present(listed(present(b.decls[0], `a marker of ${b.serviceAccount}`), b.namespace)[0], `a request the first marker of ${b.serviceAccount} allows`);
        await e2e.kube.eventually(`${b.serviceAccount} to be allowed ${describeAttrs(first)}`, async () => ((await allowed(b.serviceAccount, first)) ? true : undefined));
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  afterAll(async () => {
    // Namespaced objects go with their namespaces (no namespace controller runs; they stay until the control plane stops).
    for (const p of clusterScoped) await e2e.kube.delete(`/apis/rbac.authorization.k8s.io/v1/${p}`);
  });

  it('every (Cluster)Role has markers behind it, and every marker went into a role', () => {
    expect(bound.length).toBeGreaterThan(0);
    for (const b of bound) expect(b.decls.length).toBeGreaterThan(0);
    expect(bound.reduce((n, b) => n + b.decls.length, 0)).toBe(loadManifestModel({ paths: ['apis'], cwd: caseDir }).model.rbacRules.length);
  });

  it('each ServiceAccount may do every verb of every rule of its role', async () => {
    const refused: string[] = [];
    let checked = 0;
    for (const b of bound) {
      for (const d of b.decls) {
        for (const a of listed(d, b.namespace)) {
          checked++;
          if (!(await allowed(b.serviceAccount, a))) refused.push(`${b.object.kind} ${b.object.metadata.name}: ${describeAttrs(a)} (${d.span.file}:${d.span.line})`);
        }
      }
    }
    expect(refused).toEqual([]);
    // at least one access per verb of every marker (a small role checks few; the rbac case checks hundreds)
    expect(checked).toBeGreaterThanOrEqual(bound.reduce((n, b) => n + b.decls.reduce((m, d) => m + d.verbs.length, 0), 0));
  });

  it('and nothing next to them that its markers do not grant', async () => {
    const granted: string[] = [];
    let checked = 0;
    for (const b of bound) {
      for (const d of b.decls) {
        for (const a of neighbours(d, b.namespace)) {
          if (covers(b.decls, b.namespace, a) || (await allowed(unbound, a))) continue;
          checked++;
          if (await allowed(b.serviceAccount, a)) granted.push(`${b.object.kind} ${b.object.metadata.name}: ${describeAttrs(a)} (${d.span.file}:${d.span.line})`);
        }
      }
    }
    expect(granted).toEqual([]);
    // at least one neighbouring access per marker
    expect(checked).toBeGreaterThanOrEqual(bound.reduce((n, b) => n + b.decls.length, 0));
  });

  it('as the ServiceAccount, a listed resourceName is reachable and another name is forbidden', async () => {
    const core = (d: RbacRuleDecl) => (d.groups ?? []).some((g) => g === 'core' || g === '');
    const named = bound.flatMap((b) => b.decls.filter((d) => (d.resourceNames ?? []).length > 0 && d.verbs.includes('get') && core(d)).map((d) => ({ b, d })));
    for (const { b, d } of named) {
      const [resource] = d.resources ?? [];
      const ns = b.namespace === '' ? e2e.namespace : b.namespace;
      const url = (n: string) => `/api/v1/namespaces/${ns}/${resource}/${n}`;
      const headers = { 'Impersonate-User': user(b.serviceAccount) };
      expect((await e2e.kube.get(url(present(d.resourceNames?.[0], 'a resourceName')), { headers })).status).toBe(404);
      expect((await e2e.kube.get(url('not-listed'), { headers })).status).toBe(403);
    }
    // The rbac case lists configmaps by name (a ClusterRole), rbac-edges configmaps and secrets (a Role).
    if (name === 'rbac' || name === 'rbac-edges') expect(named.length).toBeGreaterThan(0);
  });
});
