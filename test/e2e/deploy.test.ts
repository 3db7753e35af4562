/**
 * The deploy tree's objects are accepted by the real kube-apiserver: every object config/default builds to for each
 * golden deploy case (test/golden/deploy/<case>) — CRDs with their conversion webhook, RBAC, the manager Deployment
 * with its security context and probes, the webhook Service and configurations — is applied with server-side apply
 * and `dryRun=All` (validated and admitted, nothing persisted), in the test's namespace as the operator's; and so are
 * the objects the cert-manager component changes (its Issuer and Certificate need cert-manager's CRDs and are left to
 * the scaffold's end-to-end test).
 */
import { defaultOverlayObjects } from '../../generator/deploy/kustomize';
import { deployCases, deployModelOf } from '../golden/deploy/cases';
import { useE2e } from './support/namespace';

jest.setTimeout(120_000);

const e2e = useE2e(__filename);
const cases = deployCases();

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string } } & Record<string, unknown>;

const RESOURCES: Record<string, { plural: string; namespaced: boolean }> = {
  CustomResourceDefinition: { plural: 'customresourcedefinitions', namespaced: false },
  ServiceAccount: { plural: 'serviceaccounts', namespaced: true },
  ClusterRole: { plural: 'clusterroles', namespaced: false },
  ClusterRoleBinding: { plural: 'clusterrolebindings', namespaced: false },
  Role: { plural: 'roles', namespaced: true },
  RoleBinding: { plural: 'rolebindings', namespaced: true },
  Deployment: { plural: 'deployments', namespaced: true },
  Service: { plural: 'services', namespaced: true },
  MutatingWebhookConfiguration: { plural: 'mutatingwebhookconfigurations', namespaced: false },
  ValidatingWebhookConfiguration: { plural: 'validatingwebhookconfigurations', namespaced: false },
};


/** Server-side apply with dryRun=All; the status and the apiserver's message. */
async function dryRunApply(o: Obj): Promise<{ status: number; message: string }> {
  const r = RESOURCES[o.kind];
  if (!r) throw new Error(`no resource known for ${o.kind}`);
  const [group, version] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
  const base = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
  const where = r.namespaced ? `${base}/namespaces/${o.metadata.namespace}/${r.plural}` : `${base}/${r.plural}`;
  const res = await e2e.kube.request<{ message?: string }>('PATCH', `${where}/${o.metadata.name}?dryRun=All&fieldManager=kubegen-e2e&force=true`, {
    body: o,
    contentType: 'application/apply-patch+yaml',
  });
  return { status: res.status, message: `${o.kind} ${o.metadata.name}: ${res.body.message ?? ''}` };
}

describe.each(cases)('%s', (name) => {
  for (const certManager of [false, true]) {
    test(`${certManager ? 'with the certmanager component' : 'config/default'}: every object is accepted (server-side apply, dry run)`, async () => {
      const model = deployModelOf(name, e2e.namespace);
      if (certManager && !model.webhooks) return;
      // kustomize's namespace: moves every namespaced object into the operator's namespace
      const objects = (defaultOverlayObjects(model, certManager) as Obj[])
        .filter((o) => o.kind !== 'Namespace' && o.kind !== 'Issuer' && o.kind !== 'Certificate')
        .map((o) => (o.metadata.namespace !== undefined ? { ...o, metadata: { ...o.metadata, namespace: e2e.namespace } } : o));
      expect(objects.length).toBeGreaterThan(5);
      const results = [];
      for (const o of objects) results.push(await dryRunApply(o));
      expect(results.filter((r) => r.status !== 200 && r.status !== 201)).toEqual([]);
      // Negative control: the same request with a broken Deployment is refused with the apiserver's message.
      const deployment = structuredClone(objects.find((o) => o.kind === 'Deployment')!) as Obj & { spec: { selector: { matchLabels: Record<string, string> } } };
      deployment.spec.selector.matchLabels = { other: 'label' };
      const refused = await dryRunApply(deployment);
      expect(refused.status).toBe(422);
      expect(refused.message).toContain('`selector` does not match template `labels`');
    });
  }
});
