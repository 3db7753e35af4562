import {
  AmbiguousResourceError,
  DeferredDiscoveryRESTMapper,
  DiscoveryClient,
  DiscoveryDocumentError,
  formatGroupResource,
  formatGroupVersion,
  groupVersionPath,
  NoKindMatchError,
  NoResourceMatchError,
  parseGroupList,
  parseResourceArg,
  parseResourceList,
  StaticDiscovery,
  type APIGroup,
  type APIResourceList,
  type DiscoveryInterface,
  type RESTMapping,
} from '../../../../runtime/src/discovery';
import { DiscoveryServer, establishCrd } from '../../helpers/discovery-server';
import { recordingLogger } from '../../helpers/operator';

/** A server's discovery as tables, counting the reads; `serve` changes what it serves (a CRD established). */
class TableDiscovery implements DiscoveryInterface {
  reads: string[] = [];
  constructor(
    public groups: APIGroup[],
    public lists: Record<string, APIResourceList>,
  ) {}
  async serverGroups(): Promise<APIGroup[]> {
    this.reads.push('groups');
    return this.groups;
  }
  async serverResourcesForGroupVersion(gv: string): Promise<APIResourceList | undefined> {
    this.reads.push(gv);
    return Object.hasOwn(this.lists, gv) ? this.lists[gv] : undefined;
  }
}

const gv = (groupVersion: string, version: string) => ({ groupVersion, version });
const res = (name: string, kind: string, namespaced: boolean) => ({ name, singularName: kind.toLowerCase(), kind, namespaced, verbs: ['get'], shortNames: name === 'configmaps' ? ['cm'] : [] });

function server(): TableDiscovery {
  return new TableDiscovery(
    [
      { name: '', versions: [gv('v1', 'v1')], preferredVersion: gv('v1', 'v1') },
      { name: 'apps', versions: [gv('apps/v1', 'v1')], preferredVersion: gv('apps/v1', 'v1') },
      { name: 'stable.example.com', versions: [gv('stable.example.com/v1', 'v1'), gv('stable.example.com/v1beta1', 'v1beta1')], preferredVersion: gv('stable.example.com/v1', 'v1') },
    ],
    {
      v1: { groupVersion: 'v1', resources: [res('namespaces', 'Namespace', false), res('configmaps', 'ConfigMap', true), res('pods/status', 'Pod', true), res('pods', 'Pod', true)] },
      'apps/v1': { groupVersion: 'apps/v1', resources: [res('deployments/scale', 'Scale', true), res('deployments', 'Deployment', true)] },
      'stable.example.com/v1': { groupVersion: 'stable.example.com/v1', resources: [res('crontabs', 'CronTab', true)] },
      'stable.example.com/v1beta1': { groupVersion: 'stable.example.com/v1beta1', resources: [res('crontabs', 'CronTab', true)] },
    },
  );
}

describe('DeferredDiscoveryRESTMapper', () => {
  it.each([
    { kind: { group: '', kind: 'Namespace' }, versions: ['v1'], want: { resource: 'namespaces', version: 'v1', namespaced: false } },
    { kind: { group: '', kind: 'Pod' }, versions: ['v1'], want: { resource: 'pods', version: 'v1', namespaced: true } },
    { kind: { group: 'apps', kind: 'Deployment' }, versions: [], want: { resource: 'deployments', version: 'v1', namespaced: true } },
    { kind: { group: 'stable.example.com', kind: 'CronTab' }, versions: ['v1beta1'], want: { resource: 'crontabs', version: 'v1beta1', namespaced: true } },
    { kind: { group: 'stable.example.com', kind: 'CronTab' }, versions: [], want: { resource: 'crontabs', version: 'v1', namespaced: true } },
  ])('maps $kind.kind in $versions', async ({ kind, versions, want }) => {
    const m = await new DeferredDiscoveryRESTMapper(server()).restMapping(kind, versions);
    expect({ resource: m.resource.resource, version: m.resource.version, namespaced: m.namespaced }).toEqual(want);
    expect(m.groupVersionKind).toEqual({ ...kind, version: want.version });
  });

  it('reads discovery lazily and once, for concurrent callers too', async () => {
    const d = server();
    const mapper = new DeferredDiscoveryRESTMapper(d);
    expect(d.reads).toEqual([]);
    await Promise.all([mapper.restMapping({ group: 'apps', kind: 'Deployment' }, ['v1']), mapper.restMapping({ group: 'apps', kind: 'Deployment' }, ['v1'])]);
    await mapper.restMapping({ group: 'apps', kind: 'Deployment' }, ['v1']);
    expect(d.reads).toEqual(['groups', 'apps/v1']);
  });

  it('refreshes once on a miss, so a kind a new CRD serves is found', async () => {
    const d = server();
    const mapper = new DeferredDiscoveryRESTMapper(d);
    await mapper.restMapping({ group: 'apps', kind: 'Deployment' }, ['v1']);
    d.groups = [...d.groups, { name: 'web.example.com', versions: [gv('web.example.com/v1', 'v1')], preferredVersion: gv('web.example.com/v1', 'v1') }];
    d.lists['web.example.com/v1'] = { groupVersion: 'web.example.com/v1', resources: [res('webapps', 'WebApp', false)] };
    d.reads = [];
    const m = await mapper.restMapping({ group: 'web.example.com', kind: 'WebApp' }, ['v1']);
    expect(m.resource.resource).toBe('webapps');
    expect(d.reads).toEqual(['groups', 'web.example.com/v1']);
  });

  it('says which kind and version are not served, after one refresh', async () => {
    const d = server();
    const mapper = new DeferredDiscoveryRESTMapper(d);
    await expect(mapper.restMapping({ group: 'stable.example.com', kind: 'CronTab' }, ['v2'])).rejects.toThrow(
      new NoKindMatchError({ group: 'stable.example.com', kind: 'CronTab' }, ['v2'], [
        { group: 'stable.example.com', version: 'v1', kind: 'CronTab' },
        { group: 'stable.example.com', version: 'v1beta1', kind: 'CronTab' },
      ]),
    );
    await expect(mapper.restMapping({ group: 'apps', kind: 'Scale' }, ['v1'])).rejects.toThrow('no matches for kind "Scale" in version "apps/v1"');
    await expect(mapper.restMapping({ group: 'nope.io', kind: 'X' })).rejects.toThrow('no matches for kind "X" in group "nope.io"');
    // the first read, then one refresh per miss
    expect(d.reads.filter((r) => r === 'groups')).toHaveLength(4);
  });

  it('maps resource names, singular and short names', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(server());
    for (const name of ['configmaps', 'configmap', 'cm', 'ConfigMaps']) expect((await mapper.resourceFor('', name)).groupVersionKind.kind).toBe('ConfigMap');
    await expect(mapper.resourceFor('', 'widgets')).rejects.toThrow(new NoResourceMatchError('', 'widgets'));
    await expect(mapper.resourceFor('', 'configmap')).resolves.toMatchObject({ resource: { group: '', version: 'v1', resource: 'configmaps' } });
  });

  it('does not cache a failed discovery read, and does not call it "no such kind"', async () => {
    const d = server();
    let fail = true;
    const flaky: DiscoveryInterface = {
      serverGroups: async () => {
        if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:6443');
        return d.serverGroups();
      },
      serverResourcesForGroupVersion: (x) => d.serverResourcesForGroupVersion(x),
    };
    const mapper = new DeferredDiscoveryRESTMapper(flaky);
    await expect(mapper.restMapping({ group: 'apps', kind: 'Deployment' })).rejects.toThrow('ECONNREFUSED');
    fail = false;
    expect((await mapper.restMapping({ group: 'apps', kind: 'Deployment' })).resource.resource).toBe('deployments');
  });
});

describe('discovery documents are data', () => {
  it('drops malformed groups and resources', () => {
    expect(parseGroupList({ groups: [{ name: 'a', versions: [{ groupVersion: 'a/v1', version: 'v1' }] }, { name: 'b' }, 'x', { name: '', versions: [] }, null] })).toEqual([
      { name: 'a', versions: [{ groupVersion: 'a/v1', version: 'v1' }], preferredVersion: { groupVersion: 'a/v1', version: 'v1' } },
    ]);
    expect(parseResourceList({ resources: [{ name: 'x', kind: 'X', namespaced: 'yes', verbs: ['get', 3] }, { kind: 'Y' }] }, 'a/v1')).toEqual({
      groupVersion: 'a/v1',
      resources: [{ name: 'x', singularName: '', namespaced: false, kind: 'X', verbs: ['get'], shortNames: [] }],
    });
    expect(parseResourceList(JSON.parse('{"__proto__": {"resources": [{"name": "p", "kind": "P"}]}}'), 'v1').resources).toEqual([]);
  });
  it.each(['', 'a/', '../v1', 'a/b/c', 'a/v1?x'])('refuses the group version %j as a path', (given) => {
    expect(() => groupVersionPath(given)).toThrow('invalid group version');
  });
  it('builds discovery paths', () => {
    expect(groupVersionPath('v1')).toBe('/api/v1');
    expect(groupVersionPath('apps/v1')).toBe('/apis/apps/v1');
  });
});

/** A mapper over the fixture apiserver (aggregated discovery, or the legacy documents only). */
function fixtureMapper(mode: 'aggregated' | 'legacy', options: ConstructorParameters<typeof DeferredDiscoveryRESTMapper>[1] = {}) {
  const server = new DiscoveryServer({ aggregated: mode === 'aggregated' });
  const { logger, records } = recordingLogger();
  const mapper = new DeferredDiscoveryRESTMapper(new DiscoveryClient(server.rest()), { logger, ...options });
  return { server, mapper, records };
}

const brief = (m: RESTMapping) => `${formatGroupVersion(m.resource.group, m.resource.version)} ${m.resource.resource} ${m.groupVersionKind.kind} ${m.namespaced ? 'namespaced' : 'cluster'}`;

describe.each(['aggregated', 'legacy'] as const)('the REST mapper over a real apiserver’s %s discovery', (mode) => {
  // what `kubectl get <arg>` resolves each argument to on the same server
  it.each([
    { arg: 'po', want: 'v1 pods Pod namespaced' },
    { arg: 'pods', want: 'v1 pods Pod namespaced' },
    { arg: 'pod', want: 'v1 pods Pod namespaced' },
    { arg: 'Pod', want: 'v1 pods Pod namespaced' },
    { arg: 'ns', want: 'v1 namespaces Namespace cluster' },
    { arg: 'cs', want: 'v1 componentstatuses ComponentStatus cluster' },
    { arg: 'deploy', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'deployments.apps', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'deployments.v1.apps', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'deployment', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'Deployment', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'Deployment.apps', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'Deployment.v1.apps', want: 'apps/v1 deployments Deployment namespaced' },
    { arg: 'hpa', want: 'autoscaling/v2 horizontalpodautoscalers HorizontalPodAutoscaler namespaced' },
    { arg: 'horizontalpodautoscalers.v1.autoscaling', want: 'autoscaling/v1 horizontalpodautoscalers HorizontalPodAutoscaler namespaced' },
    { arg: 'HorizontalPodAutoscaler.v1.autoscaling', want: 'autoscaling/v1 horizontalpodautoscalers HorizontalPodAutoscaler namespaced' },
    { arg: 'ev', want: 'v1 events Event namespaced' },
    { arg: 'events', want: 'v1 events Event namespaced' },
    { arg: 'events.events.k8s.io', want: 'events.k8s.io/v1 events Event namespaced' },
    { arg: 'crd', want: 'apiextensions.k8s.io/v1 customresourcedefinitions CustomResourceDefinition cluster' },
    { arg: 'netpol', want: 'networking.k8s.io/v1 networkpolicies NetworkPolicy namespaced' },
    { arg: 'pdb', want: 'policy/v1 poddisruptionbudgets PodDisruptionBudget namespaced' },
  ])('maps $arg as kubectl does', async ({ arg, want }) => {
    expect(brief(await fixtureMapper(mode).mapper.mappingFor(arg))).toBe(want);
  });

  it('warns once that a short name could also match a lower priority resource (kubectl’s warning)', async () => {
    const { mapper, records } = fixtureMapper(mode);
    await mapper.mappingFor('ev');
    await mapper.mappingFor('ev');
    expect(records.map((r) => r.msg)).toContain('short name "ev" could also match lower priority resource events.events.k8s.io');
    expect(records.filter((r) => r.msg.startsWith('short name'))).toHaveLength(1);
  });

  it('lists every mapping of a kind, preferred version first', async () => {
    const { mapper } = fixtureMapper(mode);
    expect((await mapper.restMappings({ group: 'autoscaling', kind: 'HorizontalPodAutoscaler' })).map(brief)).toEqual([
      'autoscaling/v2 horizontalpodautoscalers HorizontalPodAutoscaler namespaced',
      'autoscaling/v1 horizontalpodautoscalers HorizontalPodAutoscaler namespaced',
    ]);
    expect((await mapper.restMappings({ group: 'autoscaling', kind: 'HorizontalPodAutoscaler' }, ['v1'])).map((m) => m.resource.version)).toEqual(['v1']);
    expect((await mapper.restMapping({ group: 'autoscaling', kind: 'HorizontalPodAutoscaler' })).resource.version).toBe('v2');
  });

  it.each([
    { partial: { resource: 'events' }, want: ['v1 events', 'events.k8s.io/v1 events'] },
    { partial: { resource: 'hpa' }, want: ['autoscaling/v2 horizontalpodautoscalers', 'autoscaling/v1 horizontalpodautoscalers'] },
    { partial: { resource: 'horizontalpodautoscalers', version: 'v1' }, want: ['autoscaling/v1 horizontalpodautoscalers'] },
    { partial: { resource: 'Events', group: 'events.k8s.io' }, want: ['events.k8s.io/v1 events'] },
    { partial: { resource: 'secret', group: '' }, want: ['v1 secrets'] },
  ])('finds the resources of $partial by priority', async ({ partial, want }) => {
    const { mapper } = fixtureMapper(mode);
    expect((await mapper.resourcesFor(partial)).map((r) => `${formatGroupVersion(r.group, r.version)} ${r.resource}`)).toEqual(want);
    expect((await mapper.kindsFor(partial)).map((k) => formatGroupVersion(k.group, k.version))).toEqual(want.map((w) => w.split(' ')[0]));
  });

  it('finds the kind of a resource', async () => {
    const { mapper } = fixtureMapper(mode);
    expect(await mapper.kindFor({ resource: 'deploy' })).toEqual({ group: 'apps', version: 'v1', kind: 'Deployment' });
    expect(await mapper.kindFor({ resource: 'leases', group: 'coordination.k8s.io' })).toEqual({ group: 'coordination.k8s.io', version: 'v1', kind: 'Lease' });
  });

  it('expands the categories the server names (kubectl get all)', async () => {
    // what kubectl 1.37 lists for `kubectl get all` against the same apiserver, in its order
    const ALL = [
      'pods',
      'replicationcontrollers',
      'services',
      'daemonsets.apps',
      'deployments.apps',
      'replicasets.apps',
      'statefulsets.apps',
      'horizontalpodautoscalers.autoscaling',
      'cronjobs.batch',
      'jobs.batch',
    ];
    const { mapper, server } = fixtureMapper(mode);
    expect((await mapper.expandCategory('all')).map(formatGroupResource)).toEqual(ALL);
    expect((await mapper.expandCategory('api-extensions')).map(formatGroupResource)).toContain('customresourcedefinitions.apiextensions.k8s.io');
    expect(await mapper.expandCategory('nothing-has-this')).toEqual([]);
    server.requests.length = 0;
    expect((await mapper.mappingsFor('all,cm,pods')).map((m) => formatGroupResource(m.resource))).toEqual([...ALL, 'configmaps']);
    // names that are no category are looked up without a refresh
    expect(server.requests).toEqual([]);
  });

  it.each([
    { arg: 'deploymnets', want: `the server doesn't have a resource type "deploymnets"; did you mean "deployments.apps"?` },
    { arg: 'confgimap', want: `the server doesn't have a resource type "confgimap"; did you mean "configmaps"?` },
    { arg: 'deployments.app', want: `the server doesn't have a resource type "deployments.app"; did you mean "deployments.apps"?` },
    { arg: 'deployments.v1.app', want: `the server doesn't have a resource type "deployments.v1.app"; did you mean "deployments.apps"?` },
    { arg: 'zzzzzzzz', want: `the server doesn't have a resource type "zzzzzzzz"` },
  ])('says which resource $arg is not served, with close names', async ({ arg, want }) => {
    const { mapper } = fixtureMapper(mode);
    // the close names come from what was read: with the legacy documents, only after a lookup over every group
    if (mode === 'legacy') await mapper.resourcesFor({ resource: 'pods' });
    const err: unknown = await mapper.mappingFor(arg).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoResourceMatchError);
    expect(err instanceof Error ? err.message : '').toBe(want);
    if (!arg.includes('.')) {
      // the first read and one refresh of every group: with the aggregated document two requests each
      const { server } = fixtureMapper(mode);
      const fresh = new DeferredDiscoveryRESTMapper(new DiscoveryClient(server.rest()));
      await expect(fresh.mappingFor(arg)).rejects.toThrow(NoResourceMatchError);
      expect(server.requests).toHaveLength(mode === 'aggregated' ? 4 : 2 * (2 + Object.keys(server.docs.lists).length));
    }
  });

  it.each([
    { gk: { group: 'apps', kind: 'Deploymnet' }, versions: ['v1'], want: 'no matches for kind "Deploymnet" in version "apps/v1"; did you mean kind "Deployment" in version "apps/v1"?' },
    { gk: { group: 'apps', kind: 'Deployment' }, versions: ['v1beta2'], want: 'no matches for kind "Deployment" in version "apps/v1beta2"; did you mean kind "Deployment" in version "apps/v1"?' },
    {
      gk: { group: 'autoscaling', kind: 'Deployment' },
      versions: [],
      // another group's kinds are suggested from what was read: all of them with the aggregated document
      want: mode === 'aggregated' ? 'no matches for kind "Deployment" in group "autoscaling"; did you mean kind "Deployment" in version "apps/v1"?' : 'no matches for kind "Deployment" in group "autoscaling"',
    },
    { gk: { group: 'nope.example.com', kind: 'Zzzzzz' }, versions: ['v1'], want: 'no matches for kind "Zzzzzz" in version "nope.example.com/v1"' },
  ])('says which kind is not served, with the kinds close to it: $gk.kind $versions', async ({ gk, versions, want }) => {
    const { mapper } = fixtureMapper(mode);
    const err: unknown = await mapper.restMapping(gk, versions).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoKindMatchError);
    expect(err instanceof Error ? err.message : '').toBe(want);
  });

  it('refuses an ambiguous short name with ambiguousShortNames: error, naming the matches', async () => {
    const { mapper } = fixtureMapper(mode, { ambiguousShortNames: 'error' });
    const err: unknown = await mapper.mappingFor('ev').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AmbiguousResourceError);
    expect(err instanceof Error ? err.message : '').toBe('"ev" matches more than one resource: events (v1), events.events.k8s.io (events.k8s.io/v1); name one with its group (resource.group)');
    expect(brief(await mapper.mappingFor('events'))).toBe('v1 events Event namespaced');
    expect(brief(await mapper.resourceMapping({ resource: 'ev', group: 'events.k8s.io' }))).toBe('events.k8s.io/v1 events Event namespaced');
  });

  it('finds a CRD established while it runs, by kind, name, short name and category, after one refresh', async () => {
    const { server, mapper } = fixtureMapper(mode);
    await mapper.mappingFor('deploy');
    establishCrd(server, { group: 'web.example.com', versions: ['v1', 'v1alpha1'], plural: 'webapps', singular: 'webapp', kind: 'WebApp', shortNames: ['wa'], categories: ['all', 'web'] });
    server.requests.length = 0;
    expect(brief(await mapper.mappingFor('wa'))).toBe('web.example.com/v1 webapps WebApp namespaced');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(brief(await mapper.restMapping({ group: 'web.example.com', kind: 'WebApp' }, ['v1alpha1']))).toBe('web.example.com/v1alpha1 webapps WebApp namespaced');
    expect((await mapper.expandCategory('web')).map(formatGroupResource)).toEqual(['webapps.web.example.com']);
    expect((await mapper.expandCategory('all')).map(formatGroupResource)).toContain('webapps.web.example.com');
  });

  it('takes a category a CRD established meanwhile brought, in a resource list argument', async () => {
    const { server, mapper } = fixtureMapper(mode);
    await mapper.mappingFor('deploy');
    establishCrd(server, { group: 'tools.example.com', versions: ['v1'], plural: 'hammers', singular: 'hammer', kind: 'Hammer', categories: ['tools'], namespaced: false });
    expect((await mapper.mappingsFor('tools,cm')).map(brief)).toEqual(['tools.example.com/v1 hammers Hammer cluster', 'v1 configmaps ConfigMap namespaced']);
    await expect(mapper.mappingsFor('cm,nails')).rejects.toThrow(`the server doesn't have a resource type "nails"`);
  });

  it('throws a document that does not parse as it is (not "no such kind"), and does not keep it', async () => {
    const { server, mapper } = fixtureMapper(mode);
    server.override.set('/apis', { status: 200, body: '{"kind": "APIGroupList", "groups": [', headers: { 'content-type': 'application/json' } });
    await expect(mapper.restMapping({ group: 'apps', kind: 'Deployment' })).rejects.toThrow(DiscoveryDocumentError);
    server.override.delete('/apis');
    expect(brief(await mapper.restMapping({ group: 'apps', kind: 'Deployment' }))).toBe('apps/v1 deployments Deployment namespaced');
  });

  it('loads once for concurrent lookups', async () => {
    const { server, mapper } = fixtureMapper(mode);
    await Promise.all([mapper.mappingFor('deploy'), mapper.mappingFor('po'), mapper.kindFor({ resource: 'jobs' }), mapper.expandCategory('all'), mapper.restMapping({ group: 'apps', kind: 'DaemonSet' })]);
    const roots = server.requests.filter((r) => r === 'GET /api agg' || r === 'GET /apis agg');
    expect(roots.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    expect(new Set(server.requests).size).toBe(server.requests.length);
    expect(server.requests).toHaveLength(mode === 'aggregated' ? 2 : 2 + Object.keys(server.docs.lists).length);
  });
});

describe('the REST mapper’s bad input', () => {
  it('refuses two resources of one group version answering one name', async () => {
    const list = { groupVersion: 'x.io/v1', resources: [res('things', 'Thing', true), { ...res('thing', 'Other', true), singularName: 'single' }] };
    const mapper = new DeferredDiscoveryRESTMapper(new StaticDiscovery([{ name: 'x.io', versions: [gv('x.io/v1', 'v1')], preferredVersion: gv('x.io/v1', 'v1') }], [list]));
    await expect(mapper.resourceMapping({ resource: 'thing' })).rejects.toThrow('"thing" matches more than one resource: things.x.io (x.io/v1), thing.x.io (x.io/v1); name one with its group (resource.group)');
  });
  it('refuses an empty name in a list', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(server());
    await expect(mapper.mappingsFor('configmaps,')).rejects.toThrow('empty resource name in "configmaps,"');
  });
  it('bounds the suggestions’ work for a long name', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(server());
    await expect(mapper.resourceFor('', 'x'.repeat(100_000))).rejects.toThrow(NoResourceMatchError);
  });
  it.each([
    { arg: 'pods', want: { groupResource: { resource: 'pods' } } },
    { arg: 'deployments.apps', want: { groupResource: { resource: 'deployments', group: 'apps' } } },
    { arg: 'deployments.v1.apps', want: { fullySpecified: { resource: 'deployments', version: 'v1', group: 'apps' }, groupResource: { resource: 'deployments', group: 'v1.apps' } } },
  ])('reads the argument $arg as kubectl', ({ arg, want }) => {
    expect(parseResourceArg(arg)).toEqual(want);
  });
});
