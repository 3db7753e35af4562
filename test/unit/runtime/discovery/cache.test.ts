/**
 * CachedDiscoveryClient on a temporary directory, with an injected clock: kubectl's layout and modes, a second
 * client served from disk, the TTL, invalidation, files that do not parse, names that must not become paths.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CachedDiscoveryClient,
  DEFAULT_DISCOVERY_CACHE_TTL_MS,
  DeferredDiscoveryRESTMapper,
  DiscoveryClient,
  discoveryCacheDir,
  serverGroupsAndResources,
  StaticDiscovery,
  type APIResourceList,
  type DiscoveryInterface,
} from '../../../../runtime/src/discovery';
import { DiscoveryServer } from '../../helpers/discovery-server';

let root: string;
let dir: string;
let clock: number;
const now = () => clock;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-discovery-cache-'));
  dir = discoveryCacheDir('https://k8s.example:6443', root);
  clock = Date.now();
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function cached(server: DiscoveryServer, ttlMs?: number): CachedDiscoveryClient {
  return new CachedDiscoveryClient(new DiscoveryClient(server.rest()), { cacheDir: dir, now, ...(ttlMs !== undefined ? { ttlMs } : {}) });
}

describe('discoveryCacheDir', () => {
  it.each([
    { server: 'https://127.0.0.1:6443', want: '127.0.0.1_6443' },
    { server: 'http://k8s.example.com', want: 'k8s.example.com' },
    { server: 'https://host:443/k8s/clusters/c-1', want: 'host_443_k8s_clusters_c_1' },
    { server: 'https://../../etc', want: '___.._etc' },
    { server: '..', want: '__' },
  ])('names $server $want, inside the parent', ({ server, want }) => {
    expect(discoveryCacheDir(server, '/cache/discovery')).toBe(path.join('/cache/discovery', want));
  });
  it('defaults to $KUBECACHEDIR/discovery, else ~/.kube/cache/discovery', () => {
    const saved = process.env['KUBECACHEDIR'];
    try {
      delete process.env['KUBECACHEDIR'];
      expect(discoveryCacheDir('https://h:1')).toBe(path.join(os.homedir(), '.kube', 'cache', 'discovery', 'h_1'));
      process.env['KUBECACHEDIR'] = '/tmp/kc';
      expect(discoveryCacheDir('https://h:1')).toBe(path.join('/tmp/kc', 'discovery', 'h_1'));
    } finally {
      if (saved === undefined) delete process.env['KUBECACHEDIR'];
      else process.env['KUBECACHEDIR'] = saved;
    }
  });
});

describe('CachedDiscoveryClient', () => {
  it('writes kubectl’s files from the aggregated answer, and a second client reads them without a request', async () => {
    const server = new DiscoveryServer();
    const first = await serverGroupsAndResources(cached(server));
    expect(server.requests.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o750);
    expect(fs.statSync(path.join(dir, 'servergroups.json')).mode & 0o777).toBe(0o660);
    expect(fs.existsSync(path.join(dir, 'v1', 'serverresources.json'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'apps', 'v1', 'serverresources.json'))).toBe(true);
    // no temporary file left behind
    expect(fs.readdirSync(path.join(dir, 'apps', 'v1'))).toEqual(['serverresources.json']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'servergroups.json'), 'utf8'))).toMatchObject({ kind: 'APIGroupList', apiVersion: 'v1' });

    const again = new DiscoveryServer();
    const second = await serverGroupsAndResources(cached(again));
    expect(again.requests).toEqual([]);
    expect(second.groups).toEqual(first.groups);
    expect(second.resources).toEqual(first.resources);
  });

  it('asks the server again once a file is older than the TTL (6 h by default)', async () => {
    expect(DEFAULT_DISCOVERY_CACHE_TTL_MS).toBe(6 * 3600 * 1000);
    await cached(new DiscoveryServer()).serverResourcesForGroupVersion('apps/v1');
    const server = new DiscoveryServer();
    clock += DEFAULT_DISCOVERY_CACHE_TTL_MS - 60_000;
    await cached(server).serverResourcesForGroupVersion('apps/v1');
    expect(server.requests).toEqual([]);
    clock += 120_000;
    await cached(server).serverResourcesForGroupVersion('apps/v1');
    expect(server.requests).toEqual(['GET /apis/apps/v1']);
    // rewritten: fresh again for the same clock
    await cached(server).serverResourcesForGroupVersion('apps/v1');
    expect(server.requests).toHaveLength(1);
  });

  it('after invalidate() trusts only the files it wrote since', async () => {
    await serverGroupsAndResources(cached(new DiscoveryServer()));
    const server = new DiscoveryServer();
    const c = cached(server);
    await c.serverGroups();
    expect(server.requests).toEqual([]);
    c.invalidate();
    await c.serverGroups();
    expect(server.requests.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    await c.serverGroups();
    await c.serverResourcesForGroupVersion('apps/v1');
    expect(server.requests).toHaveLength(2);
  });

  it.each(['{"groups": [', '[]', '{"kind": "APIGroupList", "groups": "no"}', ''])('treats a cached file that does not parse (%j) as a miss and rewrites it', async (content) => {
    await cached(new DiscoveryServer()).serverGroups();
    fs.writeFileSync(path.join(dir, 'servergroups.json'), content);
    fs.writeFileSync(path.join(dir, 'apps', 'v1', 'serverresources.json'), content);
    const server = new DiscoveryServer();
    const c = cached(server);
    expect((await c.serverGroups()).map((g) => g.name)).toContain('apps');
    expect((await c.serverResourcesForGroupVersion('apps/v1'))?.resources.map((r) => r.name)).toContain('deployments');
    expect(server.requests.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'servergroups.json'), 'utf8'))).toMatchObject({ kind: 'APIGroupList' });
  });

  it('caches nothing of a document that does not parse', async () => {
    const server = new DiscoveryServer();
    server.override.set('/apis', { status: 200, body: 'not json', headers: { 'content-type': 'text/plain' } });
    await expect(cached(server).serverGroups()).rejects.toThrow('the discovery document https://k8s.example:6443/apis does not parse');
    expect(fs.existsSync(path.join(dir, 'servergroups.json'))).toBe(false);
    server.override.delete('/apis');
    await expect(cached(server).serverGroups()).resolves.toContainEqual(expect.objectContaining({ name: 'apps' }));
  });

  it('serves but does not cache a group version whose name cannot be a path, and never writes outside its directory', async () => {
    const list = (gv: string): APIResourceList => ({ groupVersion: gv, resources: [{ name: 'xs', singularName: 'x', namespaced: true, kind: 'X', verbs: ['get'], shortNames: [] }] });
    const evil = ['..', '../../escape', 'a/b/c', 'x/..', '.'];
    const delegate: DiscoveryInterface = new StaticDiscovery([], evil.map(list));
    const c = new CachedDiscoveryClient(delegate, { cacheDir: dir, now });
    for (const gv of evil) expect((await c.serverResourcesForGroupVersion(gv))?.groupVersion).toBe(gv);
    const written = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : [];
    expect(written).toEqual([]);
    expect(fs.readdirSync(root)).toEqual(fs.existsSync(dir) ? [path.basename(dir)] : []);
  });

  it('keeps answering when the cache cannot be written', async () => {
    fs.writeFileSync(path.join(root, 'file'), '');
    const server = new DiscoveryServer();
    const c = new CachedDiscoveryClient(new DiscoveryClient(server.rest()), { cacheDir: path.join(root, 'file', 'sub'), now });
    expect((await c.serverGroups()).length).toBeGreaterThan(10);
  });

  it('refreshes under a REST mapper: a kind the cache does not know is read from the server again', async () => {
    await serverGroupsAndResources(cached(new DiscoveryServer()));
    const server = new DiscoveryServer();
    (server.docs.apisAggregated['items'] as unknown[]).push({
      metadata: { name: 'web.example.com' },
      versions: [{ version: 'v1', resources: [{ resource: 'webapps', responseKind: { group: '', version: '', kind: 'WebApp' }, scope: 'Cluster', singularResource: 'webapp', verbs: ['get'] }] }],
    });
    const mapper = new DeferredDiscoveryRESTMapper(cached(server));
    expect((await mapper.restMapping({ group: 'apps', kind: 'Deployment' })).resource.resource).toBe('deployments');
    expect(server.requests).toEqual([]);
    expect(await mapper.restMapping({ group: 'web.example.com', kind: 'WebApp' })).toEqual({
      groupVersionKind: { group: 'web.example.com', version: 'v1', kind: 'WebApp' },
      resource: { group: 'web.example.com', version: 'v1', resource: 'webapps' },
      namespaced: false,
    });
    expect(server.requests.sort()).toEqual(['GET /api agg', 'GET /apis agg']);
    // and the next process finds it on disk
    const next = new DiscoveryServer();
    expect((await new DeferredDiscoveryRESTMapper(cached(next)).restMapping({ group: 'web.example.com', kind: 'WebApp' })).resource.resource).toBe('webapps');
    expect(next.requests).toEqual([]);
  });
});
