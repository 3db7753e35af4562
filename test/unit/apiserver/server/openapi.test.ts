/**
 * What the HTTP server publishes about its API, over a real etcd with the wardle sample (examples/wardle-apiserver):
 * OpenAPI v3 (index, per-group-version documents, hashes and caching, every reference resolving), aggregated
 * discovery next to the legacy one, Table output through HTTP, and an admission denial as the client sees it.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '@kubegen/runtime';
import { wardleAPIServer } from '../../../../examples/wardle-apiserver/src/server';
import { serveOverTestEtcd } from '../../helpers/etcd';

jest.setTimeout(120_000);


const served = serveOverTestEtcd((storage) => wardleAPIServer({ storage }));


interface Answer {
  code: number;
  headers: Headers;
  body: JsonObject;
}

async function get(p: string, headers: Record<string, string> = {}, method = 'GET', body?: unknown): Promise<Answer> {
  const res = await fetch(served.base + p, { method, headers: { 'Content-Type': 'application/json', ...headers }, redirect: 'manual', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  let parsed: unknown = {};
  if (text !== '') parsed = JSON.parse(text);
  return { code: res.status, headers: res.headers, body: isJsonObject(parsed) ? parsed : {} };
}

const obj = (v: JsonValue | undefined): JsonObject => (isJsonObject(v) ? v : {});

/** Every `$ref` in `v`. */
function refs(v: JsonValue | undefined, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refs(x, out);
  else if (isJsonObject(v)) {
    for (const k of Object.keys(v)) {
      const x = v[k];
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refs(x, out);
    }
  }
  return out;
}

describe('OpenAPI v3', () => {
  it('lists a document per served group version, addressed by its hash', async () => {
    const index = await get('/openapi/v3');
    expect(index.code).toBe(200);
    const paths = obj(index.body.paths);
    expect(Object.keys(paths).sort()).toEqual(['apis/wardle.example.com/v1alpha1', 'apis/wardle.example.com/v1beta1']);
    for (const p of Object.keys(paths)) expect(obj(paths[p]).serverRelativeURL).toMatch(new RegExp(`^/openapi/v3/${p.replace(/\./g, '\\.')}\\?hash=[0-9A-F]{128}$`));
  });

  it('serves each document: paths and operations of every resource, kind schemas with their GVK, every reference resolving', async () => {
    const doc = await get('/openapi/v3/apis/wardle.example.com/v1beta1');
    expect(doc.code).toBe(200);
    expect(doc.body.openapi).toBe('3.0.0');
    const paths = obj(doc.body.paths);
    const ops = Object.keys(paths).map((p) => [p, Object.keys(obj(paths[p])).filter((m) => m !== 'parameters')]);
    expect(ops).toEqual([
      ['/apis/wardle.example.com/v1beta1/fischers', ['get', 'post', 'delete']],
      ['/apis/wardle.example.com/v1beta1/fischers/{name}', ['get', 'put', 'delete', 'patch']],
      ['/apis/wardle.example.com/v1beta1/flunders', ['get']],
      ['/apis/wardle.example.com/v1beta1/namespaces/{namespace}/flunders', ['get', 'post', 'delete']],
      ['/apis/wardle.example.com/v1beta1/namespaces/{namespace}/flunders/{name}', ['get', 'put', 'delete', 'patch']],
      ['/apis/wardle.example.com/v1beta1/namespaces/{namespace}/flunders/{name}/status', ['get', 'put', 'patch']],
    ]);
    const patch = obj(obj(paths['/apis/wardle.example.com/v1beta1/namespaces/{namespace}/flunders/{name}']).patch);
    expect(patch).toMatchObject({
      operationId: 'patchWardleExampleComV1beta1NamespacedFlunder',
      'x-kubernetes-action': 'patch',
      'x-kubernetes-group-version-kind': { group: 'wardle.example.com', version: 'v1beta1', kind: 'Flunder' },
    });
    expect(Object.keys(obj(obj(patch.requestBody).content))).toEqual(['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
    const schemas = obj(obj(doc.body.components).schemas);
    expect(obj(schemas['com.example.wardle.v1beta1.Flunder'])['x-kubernetes-group-version-kind']).toEqual([{ group: 'wardle.example.com', kind: 'Flunder', version: 'v1beta1' }]);
    expect(obj(schemas['com.example.wardle.v1beta1.FischerList'])['x-kubernetes-group-version-kind']).toEqual([{ group: 'wardle.example.com', kind: 'FischerList', version: 'v1beta1' }]);
    expect(Object.keys(obj(obj(schemas['com.example.wardle.v1beta1.Fischer']).properties)).sort()).toEqual(['apiVersion', 'disallowedFlunders', 'kind', 'metadata']);
    const dangling = refs(doc.body).filter((r) => !Object.hasOwn(schemas, r.replace('#/components/schemas/', '')));
    expect(dangling).toEqual([]);
  });

  it('caches by hash: the current hash is immutable, a stale one redirects, an ETag answers 304', async () => {
    const index = await get('/openapi/v3');
    const relative = obj(obj(index.body.paths)['apis/wardle.example.com/v1alpha1']).serverRelativeURL;
    const url = typeof relative === 'string' ? relative : '';
    const hash = url.split('hash=')[1] ?? '';
    const pinned = await get(url);
    expect([pinned.code, pinned.headers.get('cache-control'), pinned.headers.get('etag')]).toEqual([200, 'public, immutable', `"${hash}"`]);
    const stale = await get('/openapi/v3/apis/wardle.example.com/v1alpha1?hash=0');
    expect([stale.code, stale.headers.get('location')]).toEqual([301, url]);
    const cached = await get('/openapi/v3/apis/wardle.example.com/v1alpha1', { 'If-None-Match': `"${hash}"` });
    expect(cached.code).toBe(304);
  });

  it('answers 404 for a group version it does not serve and 405 for a write', async () => {
    expect((await get('/openapi/v3/apis/wardle.example.com/v9')).body).toMatchObject({ kind: 'Status', code: 404 });
    expect((await get('/openapi/v3', {}, 'POST', {})).code).toBe(405);
  });
});

describe('aggregated discovery', () => {
  const AGGREGATED = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

  it('answers /apis with an APIGroupDiscoveryList when asked, the legacy APIGroupList otherwise', async () => {
    const res = await get('/apis', { Accept: `${AGGREGATED},application/json` });
    expect(res.headers.get('content-type')).toBe(AGGREGATED);
    expect(res.headers.get('vary')).toBe('Accept');
    const flunders = {
      resource: 'flunders',
      responseKind: { group: 'wardle.example.com', version: 'v1beta1', kind: 'Flunder' },
      scope: 'Namespaced',
      singularResource: 'flunder',
      verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      subresources: [{ subresource: 'status', responseKind: { group: 'wardle.example.com', version: 'v1beta1', kind: 'Flunder' }, verbs: ['get', 'patch', 'update'] }],
    };
    const items = Array.isArray(res.body.items) ? res.body.items : [];
    expect(res.body).toMatchObject({ kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {} });
    expect(items).toHaveLength(1);
    const group = obj(items[0]);
    expect(group.metadata).toEqual({ name: 'wardle.example.com' });
    const versions = Array.isArray(group.versions) ? group.versions.map(obj) : [];
    expect(versions.map((v) => [v.version, v.freshness])).toEqual([
      ['v1beta1', 'Current'],
      ['v1alpha1', 'Current'],
    ]);
    expect(versions[0]?.resources).toEqual([
      { resource: 'fischers', responseKind: { group: 'wardle.example.com', version: 'v1beta1', kind: 'Fischer' }, scope: 'Cluster', singularResource: 'fischer', verbs: flunders.verbs },
      flunders,
    ]);
    const again = await get('/apis', { Accept: AGGREGATED, 'If-None-Match': res.headers.get('etag') ?? '' });
    expect(again.code).toBe(304);
    expect((await get('/apis')).body.kind).toBe('APIGroupList');
    expect((await get('/apis', { Accept: 'application/json;g=apidiscovery.k8s.io;v=v1;as=APIGroupDiscoveryList' })).code).toBe(406);
  });
});

describe('through HTTP', () => {
  const TABLE = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' };
  const FLUNDERS = '/apis/wardle.example.com/v1beta1/namespaces/http/flunders';

  it('answers a list and a get as a Table when asked, and a bad includeObject with 400', async () => {
    await get(FLUNDERS, {}, 'POST', { apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 't1' } });
    const list = await get(FLUNDERS, TABLE);
    expect(list.body).toMatchObject({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', columnDefinitions: [{ name: 'Name' }, { name: 'Created At' }] });
    const rows = Array.isArray(list.body.rows) ? list.body.rows.map(obj) : [];
    expect(rows.map((r) => r.cells)).toEqual([['t1', obj(obj(rows[0]?.object).metadata).creationTimestamp]]);
    expect(rows.map((r) => obj(r.object).kind)).toEqual(['PartialObjectMetadata']);
    const one = await get(`${FLUNDERS}/t1?includeObject=Object`, TABLE);
    expect(obj(Array.isArray(one.body.rows) ? one.body.rows[0] : undefined).object).toMatchObject({ kind: 'Flunder', metadata: { name: 't1' } });
    expect((await get(`${FLUNDERS}?includeObject=Some`, TABLE)).code).toBe(400);
    expect((await get(FLUNDERS, { Accept: 'application/yaml' })).code).toBe(406);
  });

  it("refuses a Flunder a Fischer bans with the sample's 403", async () => {
    await get('/apis/wardle.example.com/v1beta1/fischers', {}, 'POST', { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'http-ban' }, disallowedFlunders: ['nope'] });
    const res = await get(FLUNDERS, {}, 'POST', { apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'nope' } });
    expect([res.code, res.body.reason, res.body.message]).toEqual([403, 'Forbidden', 'flunders.wardle.example.com "nope" is forbidden: this name may not be used, please change the resource name']);
  });
});
