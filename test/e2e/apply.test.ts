/**
 * `kubegen apply` against the real kube-apiserver, through the CLI's `main` (the kubeconfig of the run's control
 * plane, as a user passes `--kubeconfig`): a set with a Namespace, a CRD, its custom resources (listed before the CRD
 * in the files) and RBAC is applied in install order, the CRD established first; applied again it is unchanged;
 * changed with `--prune` the dropped objects are pruned through the ApplySet; `--dry-run=server` prints what would
 * change and persists nothing; refused objects report the apiserver's message (forbidden, invalid) and an unknown
 * kind its file:line:column with nothing applied; the webhook wait times out without a ready endpoint and passes
 * with one; `--delete` removes the set in reverse order, bounded by `--timeout` (envtest runs no namespace
 * controller, so a Namespace stays Terminating and its wait times out by design).
 *
 * The control plane runs no controllers: endpoints exist only when the test writes an EndpointSlice.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse, stringify } from 'yaml';
import { main } from '../../generator/cli';
import { applySetId, parseApplySetRef } from '../../generator/apply';
import { useE2e } from './support/namespace';

const e2e = useE2e(__filename);
const r = randomBytes(3).toString('hex');
const GROUP = `w${r}.e2e.kubegen.dev`;
const APP_NS = `apply-${r}`;
const CRD = `customresourcedefinition.apiextensions.k8s.io/widgets.${GROUP}`;
const W = (name: string) => `widget.${GROUP}/${name}`;
let dir: string;

interface Run {
  code: number;
  out: string;
  err: string;
}

async function kubegen(...args: string[]): Promise<Run> {
  let out = '';
  let err = '';
  const code = await main(['apply', '--kubeconfig', e2e.connection.kubeconfigPath, ...args], { out: (s) => { out += s; }, err: (s) => { err += s; } }, dir);
  return { code, out, err };
}

function write(rel: string, objects: unknown[]): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), objects.map((o) => stringify(o)).join('---\n'));
}

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `widgets.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer', minimum: 1 } } } } } },
      },
    ],
  },
};
const widget = (name: string, size: number, namespace?: string) => ({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name, ...(namespace ? { namespace } : {}) }, spec: { size } });
const rbac = [
  { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'reader' } },
  { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: `widget-reader-${r}` }, rules: [{ apiGroups: [GROUP], resources: ['widgets'], verbs: ['get', 'list', 'watch'] }] },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'widget-readers', namespace: APP_NS },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `widget-reader-${r}` },
    subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: APP_NS }],
  },
];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-apply-e2e-'));
  // custom resources first in file order: the engine applies them after their CRD is established
  write('set/a-widgets.yaml', [widget('w1', 1, APP_NS), widget('w2', 2)]);
  write('set/crd.yaml', [crd]);
  write('set/namespace.yaml', [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: APP_NS } }]);
  write('set/rbac.yaml', rbac);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const SET = ['-f', 'set', '-n', APP_NS, '--prune', '--applyset', 'demo'];

describe('kubegen apply on the real apiserver', () => {
  it('applies a namespace, a CRD, its custom resources and RBAC in install order, waiting for the CRD', async () => {
    const run = await kubegen(...SET);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out.split('\n')).toEqual([
      `namespace/${APP_NS} created`,
      'serviceaccount/reader created',
      `${CRD} created`,
      `clusterrole.rbac.authorization.k8s.io/widget-reader-${r} created`,
      'rolebinding.rbac.authorization.k8s.io/widget-readers created',
      `${W('w1')} created`,
      `${W('w2')} created`,
      '',
    ]);
    const id = applySetId(parseApplySetRef('demo', APP_NS));
    const w2 = await e2e.kube.get<{ metadata: { labels: Record<string, string>; managedFields: Array<{ manager: string; operation: string }> }; spec: { size: number } }>(`/apis/${GROUP}/v1/namespaces/${APP_NS}/widgets/w2`);
    expect(w2.status).toBe(200);
    expect(w2.body.spec.size).toBe(2);
    expect(w2.body.metadata.labels['applyset.kubernetes.io/part-of']).toBe(id);
    expect(w2.body.metadata.managedFields.map((f) => `${f.manager}/${f.operation}`)).toEqual(['kubegen/Apply']);
    const parent = await e2e.kube.get<{ metadata: { labels: Record<string, string>; annotations: Record<string, string> } }>(`/api/v1/namespaces/${APP_NS}/secrets/demo`);
    expect(parent.body.metadata.labels['applyset.kubernetes.io/id']).toBe(id);
    expect(parent.body.metadata.annotations['applyset.kubernetes.io/contains-group-kinds']).toBe(
      `ClusterRole.rbac.authorization.k8s.io,CustomResourceDefinition.apiextensions.k8s.io,Namespace,RoleBinding.rbac.authorization.k8s.io,ServiceAccount,Widget.${GROUP}`,
    );
    expect(parent.body.metadata.annotations['applyset.kubernetes.io/additional-namespaces']).toBe('');
  }, 180_000);

  it('reports an unchanged set as unchanged', async () => {
    const run = await kubegen(...SET);
    expect(run.code).toBe(0);
    expect(run.out.split('\n').filter((l) => l !== '').every((l) => l.endsWith(' unchanged'))).toBe(true);
    expect(run.out.split('\n').filter((l) => l !== '')).toHaveLength(7);
  }, 120_000);

  it('applies a change and prunes what left the set', async () => {
    write('set/a-widgets.yaml', [widget('w1', 2, APP_NS)]);
    write('set/rbac.yaml', [rbac[0]]);
    const run = await kubegen(...SET);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out.split('\n')).toEqual([
      `namespace/${APP_NS} unchanged`,
      'serviceaccount/reader unchanged',
      `${CRD} unchanged`,
      `${W('w1')} serverside-applied`,
      `${W('w2')} pruned`,
      'rolebinding.rbac.authorization.k8s.io/widget-readers pruned',
      `clusterrole.rbac.authorization.k8s.io/widget-reader-${r} pruned`,
      '',
    ]);
    expect((await e2e.kube.get(`/apis/${GROUP}/v1/namespaces/${APP_NS}/widgets/w2`)).status).toBe(404);
    expect((await e2e.kube.get(`/apis/rbac.authorization.k8s.io/v1/clusterroles/widget-reader-${r}`)).status).toBe(404);
    const parent = await e2e.kube.get<{ metadata: { annotations: Record<string, string> } }>(`/api/v1/namespaces/${APP_NS}/secrets/demo`);
    expect(parent.body.metadata.annotations['applyset.kubernetes.io/contains-group-kinds']).toBe(`CustomResourceDefinition.apiextensions.k8s.io,Namespace,ServiceAccount,Widget.${GROUP}`);
  }, 120_000);

  it('--dry-run=server prints what would change and persists nothing', async () => {
    const gadgets = { ...crd, metadata: { name: `gadgets.${GROUP}` }, spec: { ...crd.spec, names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' } } };
    write('dry/set.yaml', [widget('w1', 5, APP_NS), widget('w3', 3, APP_NS), gadgets, { apiVersion: `${GROUP}/v1`, kind: 'Gadget', metadata: { name: 'g1', namespace: APP_NS } }]);
    const run = await kubegen('-f', 'dry', '--dry-run=server');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out.split('\n')).toEqual([
      `customresourcedefinition.apiextensions.k8s.io/gadgets.${GROUP} created (server dry run)`,
      `${W('w1')} serverside-applied (server dry run)`,
      // applied without --applyset, kubegen would drop the ApplySet label it set before
      '  - metadata.labels',
      '  ~ spec.size: 2 → 5',
      `${W('w3')} created (server dry run)`,
      `gadget.${GROUP}/g1 skipped (server dry run; not checked: its CustomResourceDefinition gadgets.${GROUP} is not installed)`,
      '',
    ]);
    const w1 = await e2e.kube.get<{ spec: { size: number } }>(`/apis/${GROUP}/v1/namespaces/${APP_NS}/widgets/w1`);
    expect(w1.body.spec.size).toBe(2);
    expect((await e2e.kube.get(`/apis/${GROUP}/v1/namespaces/${APP_NS}/widgets/w3`)).status).toBe(404);
    expect((await e2e.kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${GROUP}`)).status).toBe(404);
  }, 120_000);

  it('puts namespaced objects without a namespace in --namespace, and refuses one naming another', async () => {
    write('ns/cm.yaml', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'defaulted' }, data: { a: '1' } }]);
    const ok = await kubegen('-f', 'ns', '-n', e2e.namespace);
    expect(ok.out).toBe('configmap/defaulted created\n');
    expect((await e2e.kube.get(`/api/v1/namespaces/${e2e.namespace}/configmaps/defaulted`)).status).toBe(200);
    write('ns/cm.yaml', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'elsewhere', namespace: APP_NS } }]);
    const refused = await kubegen('-f', 'ns', '-n', e2e.namespace);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(`kubegen: ns/cm.yaml:1:1: the namespace of the object (${APP_NS}) does not match --namespace ${e2e.namespace}; pass --namespace ${APP_NS} or leave --namespace out\n`);
  }, 120_000);

  it('an unknown kind names its file:line:column and nothing is applied', async () => {
    write('unknown/set.yaml', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'never', namespace: e2e.namespace } }, { apiVersion: `${GROUP}/v1`, kind: 'Sprocket', metadata: { name: 's' } }]);
    const run = await kubegen('-f', 'unknown');
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(`kubegen: unknown/set.yaml:7:1: no matches for kind "Sprocket" in version "${GROUP}/v1" (is its CustomResourceDefinition installed?)\n`);
    expect((await e2e.kube.get(`/api/v1/namespaces/${e2e.namespace}/configmaps/never`)).status).toBe(404);
  }, 60_000);

  it("a refused object reports the apiserver's message and what was applied before it", async () => {
    write('invalid/set.yaml', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'before', namespace: APP_NS } }, widget('bad', 0, APP_NS)]);
    const invalid = await kubegen('-f', 'invalid');
    expect(invalid.code).toBe(1);
    expect(invalid.out).toBe('configmap/before created\n');
    expect(invalid.err).toBe(
      `kubegen: invalid/set.yaml:7:1: ${W('bad')} (namespace ${APP_NS}): Widget.${GROUP} "bad" is invalid: spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1\n` +
        'kubegen: stopped: 1 of 2 objects applied before this one; 1 not applied\n',
    );

    // an identity without RBAC rights: the admin impersonating a user nobody granted anything
    const kc = parse(fs.readFileSync(e2e.connection.kubeconfigPath, 'utf8')) as { users: Array<{ user: Record<string, unknown> }> };
    for (const u of kc.users) u.user.as = 'e2e-nobody';
    fs.writeFileSync(path.join(dir, 'nobody.kubeconfig'), stringify(kc));
    write('forbidden/cm.yaml', [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'nope', namespace: e2e.namespace } }]);
    let out = '';
    let err = '';
    const code = await main(['apply', '--kubeconfig', 'nobody.kubeconfig', '-f', 'forbidden'], { out: (s) => { out += s; }, err: (s) => { err += s; } }, dir);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(
      `kubegen: forbidden/cm.yaml:1:1: configmap/nope (namespace ${e2e.namespace}): configmaps "nope" is forbidden: User "e2e-nobody" cannot patch resource "configmaps" in API group "" in the namespace "${e2e.namespace}"\n` +
        'kubegen: stopped: 0 of 1 objects applied before this one; 1 not applied\n',
    );
  }, 120_000);

  it('waits for a webhook service in the set to have a ready endpoint, bounded by --timeout', async () => {
    const ns = e2e.namespace;
    write('hook/set.yaml', [
      { apiVersion: 'v1', kind: 'Service', metadata: { name: 'hook', namespace: ns }, spec: { ports: [{ port: 443, targetPort: 9443 }], selector: { app: 'hook' } } },
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: `hook-${r}` },
        webhooks: [
          {
            name: `hook.${GROUP}`,
            admissionReviewVersions: ['v1'],
            sideEffects: 'None',
            failurePolicy: 'Ignore',
            clientConfig: { service: { namespace: ns, name: 'hook', path: '/validate' } },
            rules: [{ apiGroups: [`nothing.${GROUP}`], apiVersions: ['v1'], operations: ['CREATE'], resources: ['things'] }],
          },
        ],
      },
    ]);
    const slow = await kubegen('-f', 'hook', '--timeout', '2s');
    expect(slow.code).toBe(1);
    expect(slow.out).toBe(`service/hook created\nvalidatingwebhookconfiguration.admissionregistration.k8s.io/hook-${r} created\n`);
    expect(slow.err).toBe(
      `kubegen: timed out after 2s waiting for service ${ns}/hook (the webhook of validatingwebhookconfiguration.admissionregistration.k8s.io/hook-${r}) to have a ready endpoint; --wait=false does not wait\n`,
    );
    // what the EndpointSlice controller writes once a pod of the service is ready
    const slice = await e2e.kube.post(`/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'hook-1', labels: { 'kubernetes.io/service-name': 'hook' } },
      addressType: 'IPv4',
      endpoints: [{ addresses: ['10.0.0.7'], conditions: { ready: true } }],
      ports: [{ port: 9443, protocol: 'TCP' }],
    });
    expect(slice.status).toBe(201);
    const ready = await kubegen('-f', 'hook', '--timeout', '30s');
    expect(ready.err).toBe('');
    expect(ready.code).toBe(0);
    expect(ready.out).toBe(`service/hook unchanged\nvalidatingwebhookconfiguration.admissionregistration.k8s.io/hook-${r} unchanged\n`);
    const gone = await kubegen('-f', 'hook', '--delete');
    expect(gone.code).toBe(0);
    expect(gone.out).toBe(`validatingwebhookconfiguration.admissionregistration.k8s.io/hook-${r} deleted\nservice/hook deleted\n`);
  }, 120_000);

  it('--delete removes the set in reverse order and waits, bounded by --timeout', async () => {
    const run = await kubegen('-f', 'set', '-n', APP_NS, '--delete', '--applyset', 'demo', '--timeout', '10s');
    // no namespace controller runs in envtest: the Namespace stays Terminating, so its wait times out by design
    expect(run.err).toBe(`kubegen: timed out after 10s waiting for namespace/${APP_NS} to be deleted (it is Terminating, waiting for its finalizers: kubernetes); --wait=false does not wait\n`);
    expect(run.code).toBe(1);
    expect(run.out.split('\n')).toEqual([`${W('w1')} deleted`, `${CRD} deleted`, 'serviceaccount/reader deleted', `namespace/${APP_NS} deleted`, '']);
    expect((await e2e.kube.get(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.${GROUP}`)).status).toBe(404);
    expect((await e2e.kube.get(`/api/v1/namespaces/${APP_NS}/serviceaccounts/reader`)).status).toBe(404);
    // deleting again: everything is gone already (NotFound is not an error, a kind no longer served has nothing left)
    // but the Terminating namespace, whose delete the apiserver answers with a conflict: it is being deleted
    const again = await kubegen('-f', 'set', '-n', APP_NS, '--delete', '--no-wait');
    expect(again.err).toBe('');
    expect(again.code).toBe(0);
    expect(again.out).toBe(`namespace/${APP_NS} deleted\n`);
  }, 120_000);
});
