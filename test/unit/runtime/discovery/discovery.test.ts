/**
 * DiscoveryClient against the documents a real kube-apiserver answered (fixtures/, captured from the e2e control
 * plane): the aggregated document and the legacy ones describe the same API, requests are one per root when the
 * server serves aggregated discovery, and documents that do not parse are errors naming their URL.
 */
import {
  AGGREGATED_DISCOVERY_ACCEPT,
  DiscoveryClient,
  DiscoveryDocumentError,
  parseAggregatedDiscovery,
  serverGroupsAndResources,
  serverPreferredResources,
  type APIResource,
} from '../../../../runtime/src/discovery';
import { DiscoveryServer, SERVER } from '../../helpers/discovery-server';

/** A resource as both documents describe it, for comparing them (a subresource's singular is its resource's in the aggregated one, as client-go converts it, and empty in the legacy one). */
function comparable(r: APIResource): unknown {
  return { name: r.name, singularName: r.name.includes('/') ? '' : r.singularName, namespaced: r.namespaced, kind: r.kind, verbs: [...r.verbs].sort(), shortNames: r.shortNames, categories: r.categories ?? [] };
}

describe('DiscoveryClient', () => {
  it('asks /api and /apis for the aggregated document, one request each, and has every resource list from them', async () => {
    const server = new DiscoveryServer();
    const all = await serverGroupsAndResources(new DiscoveryClient(server.rest()));
    expect(server.requests.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    expect(all.failed.size).toBe(0);
    expect(all.groups.map((g) => g.name)).toEqual(['', ...(server.docs.apisLegacy['groups'] as { name: string }[]).map((g) => g.name)]);
    expect([...all.resources.keys()].sort()).toEqual(Object.keys(server.docs.lists).sort());
  });

  it('sends the aggregated media type first, plain JSON as the fallback', async () => {
    const server = new DiscoveryServer();
    const seen: string[] = [];
    const rest = server.rest();
    const original = server.request.bind(server);
    server.request = (req) => {
      seen.push(req.headers['accept'] ?? '');
      return original(req);
    };
    await new DiscoveryClient(rest).serverGroups();
    expect(seen).toEqual([AGGREGATED_DISCOVERY_ACCEPT, AGGREGATED_DISCOVERY_ACCEPT]);
    expect(AGGREGATED_DISCOVERY_ACCEPT).toBe('application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json');
  });

  it('reads the same groups, versions and resources from the aggregated and the legacy documents', async () => {
    const aggregated = await serverGroupsAndResources(new DiscoveryClient(new DiscoveryServer().rest()));
    const legacyServer = new DiscoveryServer({ aggregated: false });
    const legacy = await serverGroupsAndResources(new DiscoveryClient(legacyServer.rest()));
    // without the aggregated document: the two roots, then each group version
    expect(legacyServer.requests.filter((r) => r.endsWith(' agg')).sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    expect(legacyServer.requests).toHaveLength(2 + Object.keys(legacyServer.docs.lists).length);
    expect(aggregated.groups).toEqual(legacy.groups);
    for (const [gv, list] of legacy.resources) {
      const agg = aggregated.resources.get(gv);
      expect({ gv, resources: agg?.resources.map(comparable).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) }).toEqual({
        gv,
        resources: list.resources.map(comparable).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      });
    }
  });

  it('asks only for the legacy documents with aggregated: false', async () => {
    const server = new DiscoveryServer();
    const groups = await new DiscoveryClient(server.rest(), { aggregated: false }).serverGroups();
    expect(server.requests.sort()).toEqual(['GET /api', 'GET /apis']);
    expect(groups.find((g) => g.name === 'autoscaling')?.preferredVersion).toEqual({ groupVersion: 'autoscaling/v2', version: 'v2' });
  });

  it('lists each resource once in its preferred version (ServerPreferredResources)', async () => {
    const { lists } = await serverPreferredResources(new DiscoveryClient(new DiscoveryServer().rest()));
    const where = (name: string) => lists.filter((l) => l.resources.some((r) => r.name === name)).map((l) => l.groupVersion);
    expect(where('horizontalpodautoscalers')).toEqual(['autoscaling/v2']);
    expect(where('events')).toEqual(['v1', 'events.k8s.io/v1']);
    expect(where('deployments/scale')).toEqual(['apps/v1']);
    expect(lists.map((l) => l.groupVersion)).not.toContain('autoscaling/v1');
  });

  it('reads a group version: subresources with their resource, a group version not served is undefined', async () => {
    const d = new DiscoveryClient(new DiscoveryServer().rest());
    const apps = await d.serverResourcesForGroupVersion('apps/v1');
    expect(apps?.resources.find((r) => r.name === 'deployments')).toEqual({
      name: 'deployments',
      singularName: 'deployment',
      namespaced: true,
      kind: 'Deployment',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      shortNames: ['deploy'],
      categories: ['all'],
    });
    expect(apps?.resources.find((r) => r.name === 'deployments/scale')).toMatchObject({ kind: 'Scale', group: 'autoscaling', version: 'v1' });
    await expect(d.serverResourcesForGroupVersion('nope.example.com/v1')).resolves.toBeUndefined();
  });

  it.each([
    { path: '/apis', body: '<html>502 Bad Gateway</html>', want: 'the discovery document https://k8s.example:6443/apis does not parse: the body is not JSON (content-type "application/json"): "<html>502 Bad Gateway</html>"' },
    { path: '/api', body: '[]', want: 'the discovery document https://k8s.example:6443/api does not parse: expected an APIVersions (a JSON object), got an array' },
    { path: '/apis', body: '{"kind":"Status","code":200}', want: 'the discovery document https://k8s.example:6443/apis does not parse: expected an APIGroupList with a "groups" list, got kind "Status"' },
    {
      path: '/apis',
      body: '{"kind":"APIGroupDiscoveryList","apiVersion":"apidiscovery.k8s.io/v2","items":{}}',
      want: 'the discovery document https://k8s.example:6443/apis does not parse: expected an APIGroupDiscoveryList with a "items" list, got kind "APIGroupDiscoveryList"',
    },
    { path: '/apis/apps/v1', body: '{"resources": 3}', want: 'the discovery document https://k8s.example:6443/apis/apps/v1 does not parse: expected an APIResourceList with a "resources" list' },
    { path: '/apis/apps/v1', body: '{"resources": [', want: 'the discovery document https://k8s.example:6443/apis/apps/v1 does not parse: the body is not JSON (content-type "application/json"): "{\\"resources\\": ["' },
  ])('names the URL of a document that does not parse: $path $body', async ({ path, body, want }) => {
    const server = new DiscoveryServer();
    server.override.set(path, { status: 200, body, headers: { 'content-type': 'application/json' } });
    const d = new DiscoveryClient(server.rest());
    const call = path === '/apis/apps/v1' ? d.serverResourcesForGroupVersion('apps/v1') : d.serverGroups();
    const err: unknown = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DiscoveryDocumentError);
    expect(err instanceof Error ? err.message : undefined).toBe(want);
    expect(err instanceof DiscoveryDocumentError ? err.url : undefined).toBe(SERVER + path);
  });

  it('throws a failed read as the REST client error, and records failed group versions of a full scan', async () => {
    const server = new DiscoveryServer({ aggregated: false });
    server.override.set('/apis/apps/v1', { status: 503, body: JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'ServiceUnavailable', code: 503, message: 'the server is currently unable to handle the request' }) });
    const d = new DiscoveryClient(server.rest());
    await expect(d.serverResourcesForGroupVersion('apps/v1')).rejects.toThrow('the server is currently unable to handle the request');
    const all = await serverGroupsAndResources(d);
    expect([...all.failed.keys()]).toEqual(['apps/v1']);
    expect(all.resources.has('batch/v1')).toBe(true);
  });
});

describe('parseAggregatedDiscovery', () => {
  it('leaves stale group versions out and reports them', () => {
    const got = parseAggregatedDiscovery({
      kind: 'APIGroupDiscoveryList',
      apiVersion: 'apidiscovery.k8s.io/v2',
      items: [
        {
          metadata: { name: 'metrics.k8s.io' },
          versions: [
            { version: 'v1beta1', resources: [], freshness: 'Stale' },
            { version: 'v1alpha1', resources: [{ resource: 'pods', responseKind: { group: '', version: '', kind: 'PodMetrics' }, scope: 'Namespaced', verbs: ['get'] }] },
          ],
        },
        { metadata: { name: 'gone.example.com' }, versions: [{ version: 'v1', freshness: 'Stale' }] },
      ],
    });
    expect(got.stale).toEqual(['metrics.k8s.io/v1beta1', 'gone.example.com/v1']);
    expect(got.groups).toEqual([{ name: 'metrics.k8s.io', versions: [{ groupVersion: 'metrics.k8s.io/v1alpha1', version: 'v1alpha1' }], preferredVersion: { groupVersion: 'metrics.k8s.io/v1alpha1', version: 'v1alpha1' } }]);
    expect(got.resources.get('metrics.k8s.io/v1alpha1')?.resources).toEqual([{ name: 'pods', singularName: '', namespaced: true, kind: 'PodMetrics', verbs: ['get'], shortNames: [] }]);
  });

  it('drops resources without a name or response kind, and reads own keys only', () => {
    const got = parseAggregatedDiscovery(
      JSON.parse(
        '{"items":[{"metadata":{"name":"x.io"},"versions":[{"version":"v1","resources":[{"resource":"a"},{"responseKind":{"kind":"B"}},{"resource":"c","responseKind":{"kind":"C"},"subresources":[{"subresource":"s"},{"subresource":"t","responseKind":{"kind":"T"}}]},{"__proto__":{"resource":"p","responseKind":{"kind":"P"}}}]}]}]}',
      ),
    );
    expect(got.resources.get('x.io/v1')?.resources.map((r) => `${r.name} ${r.kind}`)).toEqual(['c C', 'c/t T']);
  });
});
