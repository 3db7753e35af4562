/**
 * The dynamic and metadata clients over a scripted transport: each verb's method, path, query, body, content type
 * and Accept header; objects without apiVersion / kind refused before any request; errors typed as the REST
 * client's; list paging.
 */
import { RestClient } from '../../../../runtime/src/rest/client';
import {
  DynamicClient,
  groupVersionKindOf,
  METADATA_ACCEPT,
  MetadataClient,
  TypeMetaError,
  type DynamicResourceInterface,
  type Unstructured,
} from '../../../../runtime/src/client/dynamic';
import { isNotFound, StatusError } from '../../../../runtime/src/errors';
import { json, ScriptedTransport } from '../../helpers/transport';

const widgets = { group: 'example.com', version: 'v1', resource: 'widgets' };

function setup(): { t: ScriptedTransport; rest: RestClient } {
  const t = new ScriptedTransport();
  return { t, rest: new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, sleep: async () => undefined }) };
}

const w = (name: string, extra: Record<string, unknown> = {}): Unstructured & { metadata: { name: string } } => ({
  apiVersion: 'example.com/v1',
  kind: 'Widget',
  metadata: { name, namespace: 'ns' },
  ...extra,
});

describe('DynamicClient verbs', () => {
  const base = '/apis/example.com/v1/namespaces/ns/widgets';
  const table: Array<{ name: string; call: (c: DynamicResourceInterface) => Promise<unknown>; want: { method: string; path: string; body?: unknown; contentType?: string } }> = [
    { name: 'create', call: (c) => c.create(w('a'), { fieldManager: 'm' }), want: { method: 'POST', path: `${base}?fieldManager=m`, body: w('a') } },
    { name: 'create of a subresource', call: (c) => c.create(w('a'), {}, 'eviction'), want: { method: 'POST', path: `${base}/a/eviction`, body: w('a') } },
    { name: 'update', call: (c) => c.update(w('a')), want: { method: 'PUT', path: `${base}/a`, body: w('a') } },
    { name: 'update of status as a subresource', call: (c) => c.update(w('a'), {}, 'status'), want: { method: 'PUT', path: `${base}/a/status`, body: w('a') } },
    { name: 'updateStatus', call: (c) => c.updateStatus(w('a')), want: { method: 'PUT', path: `${base}/a/status`, body: w('a') } },
    { name: 'get', call: (c) => c.get('a', { resourceVersion: '0' }), want: { method: 'GET', path: `${base}/a?resourceVersion=0` } },
    { name: 'get of a subresource', call: (c) => c.get('a', {}, 'scale'), want: { method: 'GET', path: `${base}/a/scale` } },
    { name: 'list', call: (c) => c.list({ labelSelector: 'app=x', limit: 2 }), want: { method: 'GET', path: `${base}?labelSelector=app%3Dx&limit=2` } },
    { name: 'delete', call: (c) => c.delete('a', { propagationPolicy: 'Foreground' }), want: { method: 'DELETE', path: `${base}/a`, body: { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Foreground' } } },
    { name: 'deleteCollection', call: (c) => c.deleteCollection({}, { labelSelector: 'app=x' }), want: { method: 'DELETE', path: `${base}?labelSelector=app%3Dx` } },
    {
      name: 'json patch',
      call: (c) => c.patch('a', 'application/json-patch+json', [{ op: 'add', path: '/spec/size', value: 2 }]),
      want: { method: 'PATCH', path: `${base}/a`, body: [{ op: 'add', path: '/spec/size', value: 2 }], contentType: 'application/json-patch+json' },
    },
    { name: 'merge patch', call: (c) => c.patch('a', 'application/merge-patch+json', { spec: { size: 2 } }), want: { method: 'PATCH', path: `${base}/a`, body: { spec: { size: 2 } }, contentType: 'application/merge-patch+json' } },
    {
      name: 'strategic merge patch of status',
      call: (c) => c.patch('a', 'application/strategic-merge-patch+json', { status: { ready: true } }, {}, 'status'),
      want: { method: 'PATCH', path: `${base}/a/status`, body: { status: { ready: true } }, contentType: 'application/strategic-merge-patch+json' },
    },
    {
      name: 'apply',
      call: (c) => c.apply(w('a', { spec: { size: 1 } }), { fieldManager: 'me', force: true }),
      want: { method: 'PATCH', path: `${base}/a?fieldManager=me&force=true`, body: w('a', { spec: { size: 1 } }), contentType: 'application/apply-patch+yaml' },
    },
    {
      name: 'applyStatus',
      call: (c) => c.applyStatus(w('a', { status: { ready: true } }), { fieldManager: 'me' }),
      want: { method: 'PATCH', path: `${base}/a/status?fieldManager=me`, body: w('a', { status: { ready: true } }), contentType: 'application/apply-patch+yaml' },
    },
    {
      name: 'apply of another subresource',
      call: (c) => c.apply(w('a', { spec: { replicas: 2 } }), { fieldManager: 'me' }, 'scale'),
      want: { method: 'PATCH', path: `${base}/a/scale?fieldManager=me`, body: w('a', { spec: { replicas: 2 } }), contentType: 'application/apply-patch+yaml' },
    },
  ];

  it.each(table)('$name', async ({ call, want }) => {
    const { t, rest } = setup();
    t.push(json(w('a')));
    await call(new DynamicClient(rest).resource(widgets).namespace('ns'));
    const [req] = t.requests;
    expect(req?.method).toBe(want.method);
    expect(req?.path).toBe(want.path);
    expect(req?.headers['accept']).toBe('application/json');
    if (want.body !== undefined) expect(JSON.parse(String(req?.body))).toEqual(want.body);
    if (want.contentType !== undefined) expect(req?.headers['content-type']).toBe(want.contentType);
  });

  it('is cluster-wide without a namespace (a cluster-scoped resource, or a list across namespaces)', async () => {
    const { t, rest } = setup();
    t.push(json({ items: [] }), json({ apiVersion: 'example.com/v1', kind: 'Cluster', metadata: { name: 'c' } }));
    await new DynamicClient(rest).resource(widgets).list();
    await new DynamicClient(rest).resource({ group: 'example.com', version: 'v1', resource: 'clusters' }).get('c');
    expect(t.requests.map((r) => r.path)).toEqual(['/apis/example.com/v1/widgets', '/apis/example.com/v1/clusters/c']);
  });

  it('pages a list', async () => {
    const { t, rest } = setup();
    t.push(json({ metadata: { continue: 't1' }, items: [w('a')] }), json({ metadata: {}, items: [w('b')] }));
    const names: string[] = [];
    for await (const o of new DynamicClient(rest).resource(widgets).namespace('ns').listAll({ limit: 1 })) names.push(o.metadata?.name ?? '');
    expect(names).toEqual(['a', 'b']);
    expect(t.requests.map((r) => r.path)).toEqual([
      '/apis/example.com/v1/namespaces/ns/widgets?limit=1',
      '/apis/example.com/v1/namespaces/ns/widgets?limit=1&continue=t1',
    ]);
  });

  it('watches', async () => {
    const { t, rest } = setup();
    t.push({ body: `${JSON.stringify({ type: 'ADDED', object: w('a') })}\n` });
    const watch = await new DynamicClient(rest).resource(widgets).namespace('ns').watch({ resourceVersion: '5' });
    const events: string[] = [];
    for await (const e of watch) events.push(`${e.type} ${e.object.metadata?.name ?? ''}`);
    expect(events).toEqual(['ADDED a']);
    expect(t.requests[0]?.path).toBe('/apis/example.com/v1/namespaces/ns/widgets?resourceVersion=5&watch=true');
  });

  it('types errors as the REST client does', async () => {
    const { t, rest } = setup();
    t.push(json({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'widgets.example.com "x" not found' }, 404));
    const err: unknown = await new DynamicClient(rest).resource(widgets).namespace('ns').get('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatusError);
    expect(isNotFound(err)).toBe(true);
  });
});

describe('objects without apiVersion / kind: one error, no request', () => {
  it.each([
    { given: { metadata: { name: 'a', namespace: 'ns' } }, want: 'create: object "ns/a" has no apiVersion and no kind: an unstructured object must say what it is (e.g. apiVersion: "example.com/v1", kind: "Widget")' },
    { given: { kind: 'Widget', metadata: { name: 'a' } }, want: 'create: object "a" (kind "Widget") has no apiVersion' },
    { given: { apiVersion: 'example.com/v1', metadata: {} }, want: 'create: the object (apiVersion "example.com/v1") has no kind' },
    { given: { apiVersion: 'a/b/c', kind: 'Widget' }, want: 'create: the object has an invalid apiVersion "a/b/c" (want <group>/<version>, or <version> for the core group)' },
    { given: { apiVersion: '/v1', kind: 'Widget' }, want: 'invalid apiVersion "/v1"' },
    { given: { apiVersion: 7, kind: 'Widget' }, want: 'has no apiVersion' },
  ])('$want', async ({ given, want }) => {
    const { t, rest } = setup();
    const c = new DynamicClient(rest).resource(widgets).namespace('ns');
    const err: unknown = await c.create(given as Unstructured).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeMetaError);
    expect((err as Error).message).toContain(want);
    expect(t.requests).toHaveLength(0);
  });

  it('apply needs a fieldManager; groupVersionKindOf reads the core group', async () => {
    const { rest } = setup();
    await expect(new DynamicClient(rest).resource(widgets).namespace('ns').apply(w('a'), { fieldManager: '' })).rejects.toThrow('apply: fieldManager is required for server-side apply');
    expect(groupVersionKindOf({ apiVersion: 'v1', kind: 'ConfigMap' })).toEqual({ group: '', version: 'v1', kind: 'ConfigMap' });
    expect(() => groupVersionKindOf(null)).toThrow('object: not an object (null)');
  });
});

describe('MetadataClient', () => {
  it('asks for PartialObjectMetadata(List)', async () => {
    const { t, rest } = setup();
    const meta = { apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { name: 'a', namespace: 'ns' } };
    t.push(json(meta), json({ apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadataList', metadata: {}, items: [meta] }), json(meta));
    const c = new MetadataClient(rest).resource(widgets);
    expect(await c.namespace('ns').get('a')).toEqual(meta);
    expect((await c.list()).items).toEqual([meta]);
    await c.namespace('ns').patch('a', 'application/merge-patch+json', { metadata: { labels: { x: 'y' } } });
    expect(t.requests.map((r) => [r.method, r.path, r.headers['accept']])).toEqual([
      ['GET', '/apis/example.com/v1/namespaces/ns/widgets/a', METADATA_ACCEPT.object],
      ['GET', '/apis/example.com/v1/widgets', METADATA_ACCEPT.list],
      ['PATCH', '/apis/example.com/v1/namespaces/ns/widgets/a', METADATA_ACCEPT.object],
    ]);
  });
});
