/**
 * Kubernetes' built-in types inside user APIs (test/golden/builtin: a Workload with a PodTemplateSpec, tolerations,
 * affinity, a DeploymentStrategy, PersistentVolumeClaims, ServicePorts and PodPhase maps; a BatchRun whose spec is
 * batch/v1's JobSpec), on a real kube-apiserver: the CRDs kubegen generates (byte-equal to controller-gen's, see
 * test/golden) are Established, a realistic object — a pod template with containers, ports, resources and probes —
 * is accepted and read back unchanged where the schema has no defaults, and a container without a name is refused
 * with a 422 naming the field. kubegen's generated `validateWorkload` / `validateBatchRun`, which call
 * `@kubegen/api`'s validators of the built-in types they embed, give the apiserver's verdict and error fields on a
 * `dryRun=All` create of valid and broken objects.
 */
import * as path from 'node:path';
import { useE2e } from './support/namespace';
import { applyCrd, generateCrds, resourcePath, type Crd } from './support/crds';
import { causesOf } from './support/objects';
import { loadApiModel } from '../../generator/pipeline';
import { runGenerator } from '../../generator/emit/shared/execute';
import { validationGenerator } from '../../generator/emit/validation';
import { RUNTIME_MODULES, apiModulesOf, moduleLoader, renderTypes } from '../unit/helpers/generated';
import type { ValidationResult } from '../../runtime/src/validation';

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');

interface Cause {
  reason?: string;
  message?: string;
  field?: string;
}
interface Status {
  kind?: string;
  message?: string;
  details?: { causes?: Cause[] };
  spec?: { template?: { spec?: { containers?: Array<Record<string, unknown>> } } };
}

const crds = generateCrds({ name: 'test/golden/builtin', apisRoot: path.join(REPO, 'test', 'golden', 'builtin', 'apis') });
const byKind = (kind: string): Crd => crds.find((c) => c.spec.names.kind === kind)!;

function container(name: string | undefined): Record<string, unknown> {
  return {
    ...(name !== undefined ? { name } : {}),
    image: 'registry.example.com/app:1.2.3',
    args: ['--listen=:8080'],
    ports: [
      { name: 'http', containerPort: 8080, protocol: 'TCP' },
      { name: 'metrics', containerPort: 9090 },
    ],
    env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
    resources: { requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: 1, memory: '128Mi' } },
    readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5 },
    livenessProbe: { tcpSocket: { port: 8080 }, initialDelaySeconds: 10, failureThreshold: 3 },
    startupProbe: { exec: { command: ['/bin/check'] } },
  };
}

function workload(name: string, containers: Array<Record<string, unknown>>): Record<string, unknown> {
  return {
    apiVersion: 'builtin.example.com/v1',
    kind: 'Workload',
    metadata: { name, namespace: e2e.namespace },
    spec: {
      template: {
        metadata: { labels: { app: name } },
        spec: { containers, restartPolicy: 'Always', terminationGracePeriodSeconds: 30 },
      },
      resources: { limits: { cpu: '4', memory: '1Gi' } },
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'batch', effect: 'NoSchedule' }],
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }],
          },
        },
      },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
      sidecars: [{ ...container('proxy'), critical: true }],
    },
  };
}

describe('built-in types inside user APIs on the API server', () => {
  beforeAll(async () => {
    for (const crd of crds) {
      const applied = await applyCrd(e2e.kube, crd);
      if (applied.error !== undefined) throw new Error(`${crd.metadata.name}: ${applied.error}`);
    }
  });

  test('both CRDs are Established without warnings', async () => {
    expect(crds.map((c) => c.metadata.name).sort()).toEqual(['batchruns.builtin.example.com', 'workloads.builtin.example.com']);
    for (const crd of crds) {
      const res = await e2e.kube.get<{ status?: { conditions?: Array<{ type: string; status: string }> } }>(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`);
      expect(res.body.status?.conditions?.find((c) => c.type === 'Established')?.status).toBe('True');
      expect(res.body.status?.conditions?.find((c) => c.type === 'NonStructuralSchema')).toBeUndefined();
    }
  });

  test('accepts a realistic workload: pod template with containers, ports, resources and probes', async () => {
    const crd = byKind('Workload');
    const obj = workload('web', [container('app')]);
    const res = await e2e.kube.post<Status>(resourcePath(crd, 'v1', e2e.namespace), obj);
    expect(`${res.status} ${res.body.message ?? ''}`).toBe('201 ');
    const stored = res.body.spec?.template?.spec?.containers?.[0];
    // the declared defaults of the built-in types apply (ContainerPort.protocol: TCP), nothing is pruned
    expect(stored).toMatchObject({ name: 'app', ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }, { name: 'metrics', containerPort: 9090, protocol: 'TCP' }] });
    expect(stored?.readinessProbe).toEqual({ httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5 });
    expect(stored?.resources).toEqual({ requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: 1, memory: '128Mi' } });
  });

  test('refuses a container without a name, with a 422 naming the field', async () => {
    const crd = byKind('Workload');
    const res = await e2e.kube.post<Status>(resourcePath(crd, 'v1', e2e.namespace), workload('nameless', [container(undefined)]));
    expect(res.status).toBe(422);
    expect(res.body.details?.causes).toContainEqual(expect.objectContaining({ reason: 'FieldValueRequired', field: 'spec.template.spec.containers[0].name' }));
  });

  test('the generated validators, calling @kubegen/api’s, agree with the apiserver (dryRun=All)', async () => {
    const { model } = loadApiModel(path.join(REPO, 'test', 'golden', 'builtin', 'apis'), REPO);
    const validation = runGenerator(validationGenerator, model, {}).files;
    expect(validation[0]?.contents).toContain("from '@kubegen/api/core/v1'");
    const mod = moduleLoader([...validation, ...renderTypes(model)], { ...RUNTIME_MODULES, ...apiModulesOf(validation) })('builtin.example.com/v1/validation');
    type Validator = (obj: unknown) => ValidationResult;
    const validators: Record<string, Validator> = { Workload: mod.validateWorkload as Validator, BatchRun: mod.validateBatchRun as Validator };
    const base = workload('agree', [container('app')]);
    const spec = base.spec as Record<string, unknown>;
    const job = { apiVersion: 'builtin.example.com/v1', kind: 'BatchRun', metadata: { name: 'agree', namespace: e2e.namespace } };
    const cases: Array<{ name: string; kind: string; obj: Record<string, unknown> }> = [
      { name: 'valid workload', kind: 'Workload', obj: base },
      { name: 'nameless container', kind: 'Workload', obj: workload('agree', [container(undefined)]) },
      { name: 'port of the wrong type, fractional toleration', kind: 'Workload', obj: { ...base, spec: { ...spec, template: { spec: { containers: [{ ...container('a'), ports: [{ containerPort: 'x' }] }] } }, tolerations: [{ tolerationSeconds: 1.5 }] } } },
      { name: 'sidecar without image fields, bad strategy', kind: 'Workload', obj: { ...base, spec: { ...spec, sidecars: [{ critical: 'yes' }], strategy: { rollingUpdate: { maxSurge: true } } } } },
      { name: 'claim template of the wrong shape, duplicate port', kind: 'Workload', obj: { ...base, spec: { ...spec, volumeClaimTemplates: [{ spec: { accessModes: 'ReadWriteOnce' } }], ports: [{ port: 80, protocol: 'TCP' }, { port: 80, protocol: 'TCP' }] } } },
      { name: 'valid batch run', kind: 'BatchRun', obj: { ...job, spec: { completions: 3, template: { spec: { containers: [container('task')], restartPolicy: 'Never' } } } } },
      { name: 'batch run without template, bad pod failure policy', kind: 'BatchRun', obj: { ...job, spec: { completions: 'x', podFailurePolicy: { rules: [{ action: 'Nope' }] } } } },
    ];
    const disagreements: string[] = [];
    for (const c of cases) {
      const res = await e2e.kube.post<Status>(`${resourcePath(byKind(c.kind), 'v1', e2e.namespace)}?dryRun=All`, c.obj);
      const server = causesOf(res.status, res.body);
      const mine = validators[c.kind]?.(c.obj);
      const fields = [...new Set((mine?.errors ?? []).map((e) => e.field))].sort();
      if (mine?.valid !== server.valid || JSON.stringify(fields) !== JSON.stringify(server.fields)) {
        disagreements.push(`${c.name}: apiserver ${JSON.stringify(server)}, kubegen ${JSON.stringify(mine?.errors.map((e) => `${e.field}: ${e.message}`))}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  test('accepts a BatchRun whose spec is a JobSpec, and enforces its required template', async () => {
    const crd = byKind('BatchRun');
    const base = { apiVersion: 'builtin.example.com/v1', kind: 'BatchRun' };
    const spec = { completions: 3, parallelism: 2, backoffLimit: 4, template: { spec: { containers: [container('task')], restartPolicy: 'Never' } } };
    const ok = await e2e.kube.post<Status>(resourcePath(crd, 'v1', e2e.namespace), { ...base, metadata: { name: 'migrate', namespace: e2e.namespace }, spec });
    expect(`${ok.status} ${ok.body.message ?? ''}`).toBe('201 ');
    const bad = await e2e.kube.post<Status>(resourcePath(crd, 'v1', e2e.namespace), { ...base, metadata: { name: 'no-template', namespace: e2e.namespace }, spec: { completions: 1 } });
    expect(bad.status).toBe(422);
    expect(bad.body.details?.causes).toContainEqual(expect.objectContaining({ reason: 'FieldValueRequired', field: 'spec.template' }));
  });
});
