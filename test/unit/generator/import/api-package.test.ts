/**
 * What `@kubegen/api` is built from, on small in-memory OpenAPI documents of the Kubernetes shape:
 * - the paths front end (resources, scope, verbs, subresources → `+genclient` / `+kubebuilder:resource` markers and
 *   `+genclient:method` extensions of client-gen's spelling), with short group folders (`core/v1`, `rbac/v1`);
 * - the empty (core) group through the emitters: folder and package name `core`, `CoreClientset` / `CoreV1Client`,
 *   `/api/v1` descriptors (group `''`), sources inside `src/`;
 * - types of another group imported (not inlined) when every group is generated into one source tree, and generic
 *   subresource methods (text `pods/log`, `pods/eviction` with a policy/v1 body) in the client;
 * - a kind served in several versions of its group (autoscaling/v1 and v2's HorizontalPodAutoscaler) stored in the
 *   preferred version, its fake storing each version apart (no conversion generated, as client-go's fake);
 * - a default on a field that references another schema checked against that schema;
 * - openapi-gen's list type of a Go []byte (a base64 string: apiregistration/v1's caBundle) skipped with a warning.
 */
import { importOpenApi, formatProblem } from '../../../../generator/import-check';
import { parseResourcePath } from '../../../../generator/import/paths';
import { generateAll, ownedDirs, placeFile } from '../../../../generator/pipeline';
import { groupFolder } from '../../../../generator/model/names';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';
const ref = (name: string) => ({ allOf: [{ $ref: `#/components/schemas/${name}` }] });
const gvk = (group: string, version: string, kind: string) => ({ 'x-kubernetes-group-version-kind': [{ group, version, kind }] });
const op = (action: string, g: { group: string; version: string; kind: string }, extra: Record<string, unknown> = {}) => ({ 'x-kubernetes-action': action, 'x-kubernetes-group-version-kind': g, ...extra });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

function kind(group: string, version: string, name: string, spec?: string) {
  return {
    type: 'object',
    ...gvk(group, version, name),
    properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: ref(`${META}.ObjectMeta`), ...(spec ? { spec: ref(spec) } : {}), status: { type: 'object', properties: { phase: { type: 'string' } } } },
  };
}

const POD = { group: '', version: 'v1', kind: 'Pod' };
const NODE = { group: '', version: 'v1', kind: 'Node' };
const EVICTION = { group: 'policy', version: 'v1', kind: 'Eviction' };
const coreDoc = {
  openapi: '3.0.0',
  paths: {
    '/api/v1/namespaces/{namespace}/pods': { get: op('list', POD), post: op('post', POD), delete: op('deletecollection', POD) },
    '/api/v1/namespaces/{namespace}/pods/{name}': { get: op('get', POD), put: op('put', POD), patch: op('patch', POD), delete: op('delete', POD) },
    '/api/v1/namespaces/{namespace}/pods/{name}/status': { get: op('get', POD), put: op('put', POD), patch: op('patch', POD) },
    '/api/v1/namespaces/{namespace}/pods/{name}/log': { get: op('get', POD, { responses: { 200: { content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'string' } } } } } }) },
    '/api/v1/namespaces/{namespace}/pods/{name}/eviction': {
      post: op('post', EVICTION, { requestBody: json({ $ref: '#/components/schemas/io.k8s.api.policy.v1.Eviction' }), responses: { 201: json({ $ref: '#/components/schemas/io.k8s.api.policy.v1.Eviction' }) } }),
    },
    '/api/v1/namespaces/{namespace}/pods/{name}/exec': { get: op('connect', { group: '', version: 'v1', kind: 'PodExecOptions' }) },
    '/api/v1/pods': { get: op('list', POD) },
    '/api/v1/watch/namespaces/{namespace}/pods': { get: op('watchlist', POD) },
    '/api/v1/nodes': { get: op('list', NODE) },
    '/api/v1/nodes/{name}': { get: op('get', NODE) },
  },
  components: {
    schemas: {
      'io.k8s.api.core.v1.Pod': kind('', 'v1', 'Pod', 'io.k8s.api.core.v1.PodSpec'),
      'io.k8s.api.core.v1.PodSpec': { type: 'object', properties: { nodeName: { type: 'string' } } },
      'io.k8s.api.core.v1.Node': kind('', 'v1', 'Node'),
      'io.k8s.api.policy.v1.Eviction': { type: 'object', ...gvk('policy', 'v1', 'Eviction'), properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: ref(`${META}.ObjectMeta`) } },
      'io.k8s.api.apps.v1.Deployment': kind('apps', 'v1', 'Deployment', 'io.k8s.api.apps.v1.DeploymentSpec'),
      'io.k8s.api.apps.v1.DeploymentSpec': { type: 'object', properties: { template: ref('io.k8s.api.core.v1.PodSpec') } },
      'io.k8s.api.rbac.v1.Role': kind('rbac.authorization.k8s.io', 'v1', 'Role'),
      [`${META}.ObjectMeta`]: { type: 'object' },
    },
  },
};

describe('parseResourcePath', () => {
  test.each([
    ['/api/v1/namespaces/{namespace}/pods', { group: '', version: 'v1', namespaced: true, resource: 'pods', watch: false }],
    ['/api/v1/namespaces/{namespace}/pods/{name}/eviction', { group: '', version: 'v1', namespaced: true, resource: 'pods', subresource: 'eviction', watch: false }],
    ['/api/v1/namespaces/{name}', { group: '', version: 'v1', namespaced: false, resource: 'namespaces', watch: false }],
    ['/api/v1/namespaces/{name}/status', { group: '', version: 'v1', namespaced: false, resource: 'namespaces', subresource: 'status', watch: false }],
    ['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale', { group: 'apps', version: 'v1', namespaced: true, resource: 'deployments', subresource: 'scale', watch: false }],
    ['/apis/rbac.authorization.k8s.io/v1/clusterroles', { group: 'rbac.authorization.k8s.io', version: 'v1', namespaced: false, resource: 'clusterroles', watch: false }],
    ['/api/v1/watch/namespaces/{namespace}/pods', { group: '', version: 'v1', namespaced: true, resource: 'pods', watch: true }],
    ['/api/v1/nodes/{name}/proxy/{path}', undefined],
    ['/api/v1/', undefined],
    ['/version/', undefined],
  ])('%s', (given, want) => {
    expect(parseResourcePath(given)).toEqual(want);
  });
});

describe('importing the Kubernetes shape with short group folders', () => {
  const result = importOpenApi([{ file: 'openapi.json', text: JSON.stringify(coreDoc) }], { groupFolder: 'short' });
  const file = (p: string) => result.files.find((f) => f.path === p)?.contents ?? '';

  test('imports without errors into core/v1, apps/v1, policy/v1 and rbac/v1', () => {
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    expect(result.files.map((f) => f.path).filter((p) => p.endsWith('doc.ts'))).toEqual(['apps/v1/doc.ts', 'core/v1/doc.ts', 'policy/v1/doc.ts', 'rbac/v1/doc.ts']);
    expect(file('core/v1/doc.ts')).toContain('// Package v1 holds the API types of core/v1.');
  });

  test('resources become client markers: scope, verbs, status, and subresource methods in client-gen spelling', () => {
    const core = file('core/v1/types.ts');
    expect(core).toContain(' * +kubebuilder:resource:path=pods,scope=Namespaced\n * +kubebuilder:subresource:status\n');
    expect(core).toContain(' * +genclient:method=Evict,verb=create,subresource=eviction,input=policy/v1.Eviction,result=policy/v1.Eviction\n');
    expect(core).toContain(' * +genclient:method=GetLogs,verb=get,subresource=log,result=string\n');
    expect(core).not.toContain('subresource=exec');
    expect(core).toContain(' * +genclient:nonNamespaced\n * +kubebuilder:resource:path=nodes,scope=Cluster\n * +genclient:onlyVerbs=get,list\n');
    const pod = result.model.packages.find((p) => p.id === 'core/v1')!.kinds.find((k) => k.name === 'Pod')!;
    expect(pod.client.verbs).toEqual(['create', 'update', 'updateStatus', 'delete', 'deleteCollection', 'get', 'list', 'watch', 'patch', 'apply', 'applyStatus']);
    expect(pod.client.methods.map((m) => m.name)).toEqual(['Evict', 'GetLogs']);
    // a kind without a resource of its own (a subresource body) gets no client
    expect(file('policy/v1/types.ts')).not.toContain('+genclient');
  });

  test('the empty group goes through the emitters as `core`, with cross-group imports in the source layout', () => {
    const bag = generateAll(result.model, { packageName: '@kubegen-generated/{group}', crd: {}, layout: 'source', groupFolder: 'short', generators: ['types', 'deepcopy', 'clientset', 'fake', 'listers', 'informers', 'package'] });
    expect(bag.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    const out = (p: string) => bag.files.find((f) => f.path === p)?.contents ?? '';
    expect(bag.files.every((f) => !f.path.startsWith('/') && !f.path.startsWith('v1/'))).toBe(true);
    const client = out('core/v1/client.ts');
    expect(client).toContain('export class CoreV1Client implements CoreV1Interface {');
    expect(client).toContain("group: '', version: 'v1', resource: 'pods'");
    expect(client).toContain("evict: (name: string, body: Eviction, opts?: CreateOptions) => c.createSubresource<Eviction, Eviction>(name, 'eviction', body, opts),");
    expect(client).toContain("getLogs: (name: string, opts?: SubresourceGetOptions) => c.getSubresourceText(name, 'log', opts),");
    expect(client).toContain("from '../../policy/v1/types'");
    expect(out('core/clientset.ts')).toContain('export class CoreClientset implements CoreInterface {');
    // apps/v1 imports core/v1's PodSpec instead of inlining it, and copies it with core/v1's deepcopy
    expect(out('apps/v1/types.ts')).toContain("import type { PodSpec } from '../../core/v1/types';");
    expect(out('apps/v1/deepcopy.ts')).toContain("from '../../core/v1/deepcopy'");
    // a group with no resource in the paths gets types but no client
    expect(out('rbac/v1/types.ts')).toContain("'rbac.authorization.k8s.io'");
    expect(bag.files.some((f) => f.path === 'rbac/v1/client.ts')).toBe(false);
  });

  test('in the package layout the core group is the package @kubegen-generated/core with its sources in src/; other groups are inlined', () => {
    const { files, diagnostics } = generateAll(result.model, { packageName: '@kubegen-generated/{group}', crd: {}, generators: ['types', 'clientset', 'package'] });
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    const pkg = JSON.parse(files.find((f) => f.path === 'core/package.json')!.contents) as { name: string };
    expect(pkg.name).toBe('@kubegen-generated/core');
    expect(files.some((f) => f.path === 'core/src/v1/types.ts')).toBe(true);
    expect(files.find((f) => f.path === 'apps/src/v1/types.ts')!.contents).not.toContain('../../core/v1');
  });
});

describe('group folders', () => {
  test.each([
    ['', 'group', 'core'],
    ['', 'short', 'core'],
    ['apps', 'short', 'apps'],
    ['rbac.authorization.k8s.io', 'short', 'rbac'],
    ['rbac.authorization.k8s.io', 'group', 'rbac.authorization.k8s.io'],
  ] as const)('%j (%s) → %s', (group, style, want) => {
    expect(groupFolder(group, style)).toBe(want);
  });

  test('placement and owned directories of the core group stay inside its folder', () => {
    expect(placeFile({ path: 'v1/types.ts', contents: '', group: '', role: 'source' })).toBe('core/src/v1/types.ts');
    expect(placeFile({ path: 'v1/types.ts', contents: '', group: 'rbac.authorization.k8s.io', role: 'source' }, 'source', 'short')).toBe('rbac/v1/types.ts');
    expect(ownedDirs({ packages: [], groups: [{ name: '', goName: 'core', versions: [] }] })).toEqual(['core/crds', 'core/src']);
  });
});

describe('a kind served in several versions, and defaults on referencing fields', () => {
  const V1 = { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' };
  const V2 = { ...V1, version: 'v2' };
  const hpaPaths = (g: typeof V1) => ({
    [`/apis/autoscaling/${g.version}/namespaces/{namespace}/horizontalpodautoscalers`]: { get: op('list', g), post: op('post', g) },
    [`/apis/autoscaling/${g.version}/namespaces/{namespace}/horizontalpodautoscalers/{name}`]: { get: op('get', g), put: op('put', g) },
  });
  const mode = (def: unknown) => ({ allOf: [{ $ref: '#/components/schemas/io.k8s.api.autoscaling.v2.Mode' }], default: def });
  const doc = (def: unknown) => ({
    openapi: '3.0.0',
    paths: { ...hpaPaths(V1), ...hpaPaths(V2) },
    components: {
      schemas: {
        'io.k8s.api.autoscaling.v1.HorizontalPodAutoscaler': kind('autoscaling', 'v1', 'HorizontalPodAutoscaler'),
        'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler': kind('autoscaling', 'v2', 'HorizontalPodAutoscaler', 'io.k8s.api.autoscaling.v2.Spec'),
        'io.k8s.api.autoscaling.v2.Spec': { type: 'object', properties: { mode: mode(def), caBundle: { type: 'string', format: 'byte', 'x-kubernetes-list-type': 'atomic' } } },
        'io.k8s.api.autoscaling.v2.Mode': { type: 'object', properties: { single: ref('io.k8s.api.autoscaling.v2.Single'), all: ref('io.k8s.api.autoscaling.v2.Single') } },
        'io.k8s.api.autoscaling.v2.Single': { type: 'object', properties: { n: { type: 'integer' } } },
        [`${META}.ObjectMeta`]: { type: 'object' },
      },
    },
  });
  const imported = (def: unknown) => importOpenApi([{ file: 'openapi.json', text: JSON.stringify(doc(def)) }], { groupFolder: 'short' });

  test('the preferred version (v2 over v1) is the stored one', () => {
    const result = imported({ single: {} });
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([]);
    const text = (p: string) => result.files.find((f) => f.path === p)?.contents ?? '';
    expect(text('autoscaling/v2/types.ts')).toContain(' * +kubebuilder:storageversion\n');
    expect(text('autoscaling/v1/types.ts')).not.toContain('+kubebuilder:storageversion');
    expect(text('autoscaling/v2/types.ts')).toContain('+default={"single":{}}');
  });

  test("openapi-gen's list type on a []byte (a string) is skipped with a warning, never a marker", () => {
    const result = imported({ single: {} });
    expect(result.files.find((f) => f.path === 'autoscaling/v2/types.ts')?.contents).toContain('  caBundle?: Bytes;\n');
    expect(result.files.find((f) => f.path === 'autoscaling/v2/types.ts')?.contents).not.toContain('+listType');
    expect(result.problems.map(formatProblem)).toEqual([
      expect.stringContaining('components.schemas["io.k8s.api.autoscaling.v2.Spec"].properties.caBundle.x-kubernetes-list-type: warning: 1 x-kubernetes-list-type(s) on a string (openapi-gen writes the list type of a Go []byte'),
    ]);
  });

  test('the fake of a group without generated conversion stores every version apart', () => {
    const bag = generateAll(imported({ single: {} }).model, { packageName: '@kubegen-generated/{group}', crd: {}, layout: 'source', groupFolder: 'short', generators: ['types', 'clientset', 'fake'] });
    expect(bag.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    const fake = bag.files.find((f) => f.path === 'autoscaling/fake/index.ts')?.contents ?? '';
    expect(fake).toContain('v1Client.horizontalPodAutoscalerResource,\n  v2Client.horizontalPodAutoscalerResource,');
    expect(fake).not.toContain('conversion');
    expect(fake).toContain('super(resources, options);');
  });

  test('a default that does not match the referenced schema is an error naming it', () => {
    const result = imported({ single: { n: 'x' } });
    expect(result.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      expect.stringContaining('components.schemas["io.k8s.api.autoscaling.v2.Spec"].properties.mode.default: the default does not match its own schema (the apiserver would refuse it): /single/n must be integer'),
    ]);
  });
});
