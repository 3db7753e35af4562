/**
 * The apply engine's bookkeeping against an in-memory apiserver (server-side apply as a merge, lists by label, 404s
 * as Status): the order of requests around an ApplySet (widen, apply, prune, narrow), a refused object stopping the
 * run before any prune, a CRD whose names are refused, and inputs left as they were. The real apiserver's behaviour is
 * test/e2e/apply.test.ts.
 */
import { applyManifests, ApplyError, type ApplyResult } from '../../../../generator/apply/engine';
import { applySetId, parseApplySetRef } from '../../../../generator/apply/applyset';
import type { Manifest } from '../../../../generator/apply/manifests';
// the engine's own import path (the runtime's sources under jest, its declarations under tsc)
import { NoKindMatchError, RestClient, type GroupKind, type RESTMapper, type RESTMapping, type Transport, type TransportRequest } from '@kubegen/runtime';
import { json, response, type Scripted } from '../../helpers/transport';
import { present } from '../../helpers/present';

type Obj = { apiVersion: string; kind: string; metadata: Record<string, unknown> & { name: string; labels?: Record<string, string> }; [k: string]: unknown };

const KINDS: Record<string, { group: string; resource: string; namespaced: boolean }> = {
  Namespace: { group: '', resource: 'namespaces', namespaced: false },
  ConfigMap: { group: '', resource: 'configmaps', namespaced: true },
  Secret: { group: '', resource: 'secrets', namespaced: true },
  CustomResourceDefinition: { group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions', namespaced: false },
  Widget: { group: 'example.com', resource: 'widgets', namespaced: true },
};

/** An apiserver in a Map: apply merges and bumps resourceVersion on a change; CRDs are established at once unless told. */
class FakeServer {
  readonly store = new Map<string, Obj>();
  readonly log: string[] = [];
  private rv = 1;
  private uid = 1;
  refuse?: { path: string; status: number; message: string };
  namesRejected = false;

  mapper: RESTMapper = {
    restMapping: async (gk: GroupKind, versions: readonly string[] = []): Promise<RESTMapping> => {
      const k = KINDS[gk.kind];
      const served = k && k.group === gk.group && (gk.kind !== 'Widget' || this.store.has('/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com'));
      if (!served) throw new NoKindMatchError(gk, versions);
      const version = versions[0] ?? 'v1';
      return { groupVersionKind: { ...gk, version }, resource: { group: k.group, version, resource: k.resource }, namespaced: k.namespaced };
    },
    resourceFor: async () => {
      throw new Error('not used');
    },
    reset: () => undefined,
  };

  respond = (req: TransportRequest): Scripted => {
    const [path = req.path, query = ''] = req.path.split('?');
    this.log.push(`${req.method} ${path}${req.method === 'GET' && query.includes('labelSelector') ? ' (list)' : ''}${query.includes('dryRun') ? ' (dry run)' : ''}`);
    if (this.refuse && this.refuse.path === path && req.method === 'PATCH') {
      return json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: this.refuse.message, reason: 'Invalid', code: this.refuse.status }, this.refuse.status);
    }
    const notFound = () => json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: `${path} not found`, reason: 'NotFound', code: 404 }, 404);
    if (req.method === 'GET' && query.includes('labelSelector')) {
      const selector = present(/labelSelector=([^&]*)/.exec(query)?.[1], 'the labelSelector of a list');
      const [key = '', value] = decodeURIComponent(selector).split('=');
      const items = [...this.store.entries()].filter(([p, o]) => p.startsWith(`${path}/`) && !p.slice(path.length + 1).includes('/') && o.metadata.labels?.[key] === value).map(([, o]) => o);
      return json({ kind: 'List', apiVersion: 'v1', metadata: {}, items });
    }
    const live = this.store.get(path);
    if (req.method === 'GET') return live ? json(live) : notFound();
    if (req.method === 'DELETE') {
      if (!live) return notFound();
      if (!query.includes('dryRun') && !(req.body ?? '').includes('"dryRun"')) this.store.delete(path);
      return json({ kind: 'Status', status: 'Success' });
    }
    if (req.method === 'PATCH') {
      const body = JSON.parse(req.body!) as Obj;
      const merged: Obj = { ...live, ...body, metadata: { ...live?.metadata, ...body.metadata } };
      if (body.kind === 'CustomResourceDefinition') {
        merged.status = { conditions: [{ type: 'NamesAccepted', status: this.namesRejected ? 'False' : 'True', reason: this.namesRejected ? 'ListKindConflict' : 'NoConflicts', message: this.namesRejected ? '"WidgetList" is already in use' : 'no conflicts' }, { type: 'Established', status: this.namesRejected ? 'False' : 'True' }] };
      }
      const changed = !live || JSON.stringify({ ...live, metadata: { ...live.metadata, resourceVersion: undefined } }) !== JSON.stringify({ ...merged, metadata: { ...merged.metadata, resourceVersion: undefined } });
      merged.metadata.uid = live?.metadata.uid ?? `uid-${this.uid++}`;
      merged.metadata.resourceVersion = changed ? String(this.rv++) : live.metadata.resourceVersion;
      if (!query.includes('dryRun')) this.store.set(path, merged);
      return json(merged, live ? 200 : 201);
    }
    throw new Error(`unexpected ${req.method} ${req.path}`);
  };

  rest(): RestClient {
    const transport: Transport = { request: async (req) => response(this.respond(req), req.signal), close: async () => undefined };
    return new RestClient({ server: 'https://fake.test', transport, retry: { maxRetries: 0 } });
  }
}

const cm = (name: string, data: Record<string, string> = {}): Manifest => ({ object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data }, source: { file: 'set.yaml', line: 1, column: 1 } });
const widget = (name: string, size: number): Manifest => ({ object: { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name }, spec: { size } }, source: { file: 'w.yaml', line: 3, column: 1 } });
const crd: Manifest = {
  object: {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', kind: 'Widget' }, versions: [{ name: 'v1', served: true, storage: true }] },
  },
  source: { file: 'crd.yaml', line: 1, column: 1 },
};

async function apply(server: FakeServer, manifests: Manifest[], extra: Partial<Parameters<typeof applyManifests>[0]> = {}): Promise<string[]> {
  const lines: string[] = [];
  await applyManifests({ rest: server.rest(), mapper: server.mapper, manifests, namespace: 'ns', onResult: (r: ApplyResult) => lines.push(r.line), sleep: async () => undefined, ...extra });
  return lines;
}

const parent = parseApplySetRef('set', 'ns');
const PARENT = '/api/v1/namespaces/ns/secrets/set';

describe('the apply engine', () => {
  it('widens the ApplySet parent before applying, prunes what left the set, then narrows the parent', async () => {
    const server = new FakeServer();
    expect(await apply(server, [cm('a'), cm('b')], { applySet: parent })).toEqual(['configmap/a created', 'configmap/b created']);
    server.log.length = 0;
    expect(await apply(server, [cm('a', { x: '1' })], { applySet: parent })).toEqual(['configmap/a serverside-applied', 'configmap/b pruned']);
    expect(server.log).toEqual([
      `GET ${PARENT}`,
      `PATCH ${PARENT}`,
      'GET /api/v1/namespaces/ns/configmaps/a',
      'PATCH /api/v1/namespaces/ns/configmaps/a',
      'GET /api/v1/namespaces/ns/configmaps (list)',
      'DELETE /api/v1/namespaces/ns/configmaps/b',
      `PATCH ${PARENT}`,
    ]);
    const p = server.store.get(PARENT)!;
    expect(p.metadata.labels).toEqual({ 'applyset.kubernetes.io/id': applySetId(parent) });
    expect((p.metadata.annotations as Record<string, string>)['applyset.kubernetes.io/contains-group-kinds']).toBe('ConfigMap');
    expect(server.store.get('/api/v1/namespaces/ns/configmaps/a')!.metadata.labels).toEqual({ 'applyset.kubernetes.io/part-of': applySetId(parent) });
  });

  it('reports an unchanged object as unchanged, and a dry run persists nothing and lists the changes', async () => {
    const server = new FakeServer();
    await apply(server, [cm('a', { x: '1' })]);
    expect(await apply(server, [cm('a', { x: '1' })])).toEqual(['configmap/a unchanged']);
    const results: ApplyResult[] = [];
    await applyManifests({ rest: server.rest(), mapper: server.mapper, manifests: [cm('a', { x: '2' }), cm('new')], namespace: 'ns', dryRun: true, onResult: (r) => results.push(r) });
    expect(results.map((r) => [r.line, r.changes])).toEqual([
      ['configmap/a serverside-applied (server dry run)', ['~ data.x: "1" → "2"']],
      ['configmap/new created (server dry run)', undefined],
    ]);
    expect(server.store.get('/api/v1/namespaces/ns/configmaps/a')!.data).toEqual({ x: '1' });
    expect(server.store.has('/api/v1/namespaces/ns/configmaps/new')).toBe(false);
  });

  it('stops at a refused object: nothing after it is applied and nothing is pruned', async () => {
    const server = new FakeServer();
    await apply(server, [cm('a'), cm('old')], { applySet: parent });
    server.log.length = 0;
    server.refuse = { path: '/api/v1/namespaces/ns/configmaps/b', status: 422, message: 'ConfigMap "b" is invalid: data: Too long' };
    const error = await apply(server, [cm('a'), cm('b'), cm('c')], { applySet: parent }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplyError);
    expect((error as ApplyError).message).toBe('set.yaml:1:1: configmap/b (namespace ns): ConfigMap "b" is invalid: data: Too long\nstopped: 1 of 3 objects applied before this one; 2 not applied, nothing pruned');
    expect((error as ApplyError).results.map((r) => r.line)).toEqual(['configmap/a unchanged']);
    expect(server.log.filter((l) => l.includes('/configmaps/c') || l.startsWith('DELETE'))).toEqual([]);
    expect(server.log.filter((l) => l === `PATCH ${PARENT}`)).toHaveLength(1); // widened, never narrowed
    expect(server.store.has('/api/v1/namespaces/ns/configmaps/old')).toBe(true);
  });

  it('applies a custom resource after its CRD, and fails at once when the CRD names are refused', async () => {
    const server = new FakeServer();
    expect(await apply(server, [widget('w', 1), crd])).toEqual(['customresourcedefinition.apiextensions.k8s.io/widgets.example.com created', 'widget.example.com/w created']);
    const other = new FakeServer();
    other.namesRejected = true;
    await expect(apply(other, [widget('w', 1), crd])).rejects.toThrow(
      'customresourcedefinition.apiextensions.k8s.io/widgets.example.com: its names were not accepted: "WidgetList" is already in use\nstopped: 1 of 2 objects applied before this one; 1 not applied',
    );
  });

  it('refuses unknown kinds and duplicates before sending anything, and leaves its input as it was', async () => {
    const server = new FakeServer();
    const input = [cm('a'), { object: { apiVersion: 'example.com/v1', kind: 'Gizmo', metadata: { name: 'g' } }, source: { file: 'g.yaml', line: 4, column: 1 } }, { ...cm('a'), source: { file: 'other.yaml', line: 9, column: 1 } }];
    const copy = structuredClone(input);
    await expect(apply(server, input, { applySet: parent })).rejects.toThrow(
      'g.yaml:4:1: no matches for kind "Gizmo" in version "example.com/v1" (is its CustomResourceDefinition installed?)\nother.yaml:9:1: configmap/a in namespace ns is given twice (also at set.yaml:1:1)',
    );
    expect(server.log).toEqual([]);
    await apply(server, input.slice(0, 1), { applySet: parent });
    expect(input).toEqual(copy);
  });

  it('deletes in reverse order, ignores what is gone, and waits until each rank is gone', async () => {
    const server = new FakeServer();
    await apply(server, [crd, widget('w', 1), cm('a'), { object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } } }]);
    server.log.length = 0;
    const lines = await apply(server, [{ object: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } } }, cm('a'), cm('gone'), crd, widget('w', 1)], { mode: 'delete' });
    expect(lines).toEqual(['widget.example.com/w deleted', 'customresourcedefinition.apiextensions.k8s.io/widgets.example.com deleted', 'configmap/a deleted', 'namespace/ns deleted']);
    expect(server.log.filter((l) => l.startsWith('DELETE'))).toEqual([
      'DELETE /apis/example.com/v1/namespaces/ns/widgets/w',
      'DELETE /apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com',
      'DELETE /api/v1/namespaces/ns/configmaps/a',
      'DELETE /api/v1/namespaces/ns/configmaps/gone',
      'DELETE /api/v1/namespaces/ns',
    ]);
    expect(server.store.size).toBe(0);
  });
});
