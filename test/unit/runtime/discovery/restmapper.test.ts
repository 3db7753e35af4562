import {
  DeferredDiscoveryRESTMapper,
  groupVersionPath,
  NoKindMatchError,
  NoResourceMatchError,
  parseGroupList,
  parseResourceList,
  type APIGroup,
  type APIResourceList,
  type DiscoveryInterface,
} from '../../../../runtime/src/discovery';

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
    await expect(mapper.restMapping({ group: 'stable.example.com', kind: 'CronTab' }, ['v2'])).rejects.toThrow(new NoKindMatchError({ group: 'stable.example.com', kind: 'CronTab' }, ['v2']));
    await expect(mapper.restMapping({ group: 'apps', kind: 'Scale' }, ['v1'])).rejects.toThrow('no matches for kind "Scale" in version "apps/v1"');
    await expect(mapper.restMapping({ group: 'nope.io', kind: 'X' })).rejects.toThrow('no matches for kind "X" in group "nope.io"');
    // the first read, then one refresh per miss
    expect(d.reads.filter((r) => r === 'groups')).toHaveLength(4);
  });

  it('maps resource names, singular and short names', async () => {
    const mapper = new DeferredDiscoveryRESTMapper(server());
    for (const name of ['configmaps', 'configmap', 'cm', 'ConfigMaps']) expect((await mapper.resourceFor('', name)).groupVersionKind.kind).toBe('ConfigMap');
    await expect(mapper.resourceFor('', 'widgets')).rejects.toThrow(new NoResourceMatchError('', 'widgets'));
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
