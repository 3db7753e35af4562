import { RestClient } from '../../../../runtime/src/rest/client';
import { TypedClient } from '../../../../runtime/src/client/typed';
import type { ResourceDescriptor } from '../../../../runtime/src/client/types';
import { json, ScriptedTransport } from '../../helpers/transport';
import { crontabs, type CronTab, type CronTabList } from '../../helpers/crontab';

const nodes: ResourceDescriptor<CronTab, CronTabList> = { group: '', version: 'v1', resource: 'nodes', kind: 'Node', namespaced: false };

function setup(ns = 'ns', d = crontabs): { t: ScriptedTransport; c: TypedClient<CronTab, CronTabList> } {
  const t = new ScriptedTransport();
  const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, sleep: async () => undefined });
  return { t, c: new TypedClient(rest, d, ns) };
}

const ct = (name: string, extra: Partial<CronTab> = {}): CronTab => ({
  apiVersion: 'stable.example.com/v1',
  kind: 'CronTab',
  metadata: { name },
  ...extra,
});

describe('TypedClient verbs: method, path, query, body, content type', () => {
  const base = '/apis/stable.example.com/v1/namespaces/ns/crontabs';
  const table: Array<{
    name: string;
    call: (c: TypedClient<CronTab, CronTabList>) => Promise<unknown>;
    want: { method: string; path: string; body?: unknown; contentType?: string };
  }> = [
    { name: 'create', call: (c) => c.create(ct('a'), { dryRun: true, fieldManager: 'm' }), want: { method: 'POST', path: `${base}?dryRun=All&fieldManager=m`, body: ct('a') } },
    { name: 'update', call: (c) => c.update(ct('a'), { fieldValidation: 'Strict' }), want: { method: 'PUT', path: `${base}/a?fieldValidation=Strict`, body: ct('a') } },
    { name: 'updateStatus', call: (c) => c.updateStatus(ct('a')), want: { method: 'PUT', path: `${base}/a/status`, body: ct('a') } },
    { name: 'get', call: (c) => c.get('a', { resourceVersion: '0' }), want: { method: 'GET', path: `${base}/a?resourceVersion=0` } },
    { name: 'list', call: (c) => c.list({ limit: 5 }), want: { method: 'GET', path: `${base}?limit=5` } },
    {
      name: 'delete',
      call: (c) => c.delete('a', { preconditions: { uid: 'u1', resourceVersion: '3' }, propagationPolicy: 'Background', gracePeriodSeconds: 10 }),
      want: {
        method: 'DELETE',
        path: `${base}/a`,
        body: { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 10, propagationPolicy: 'Background', preconditions: { uid: 'u1', resourceVersion: '3' } },
      },
    },
    {
      name: 'deleteCollection',
      call: (c) => c.deleteCollection({ dryRun: true }, { labelSelector: 'app=x' }),
      want: { method: 'DELETE', path: `${base}?labelSelector=app%3Dx`, body: { apiVersion: 'v1', kind: 'DeleteOptions', dryRun: ['All'] } },
    },
    {
      name: 'json patch',
      call: (c) => c.patch('a', 'application/json-patch+json', [{ op: 'replace', path: '/spec/cronSpec', value: '* * * * */5' }]),
      want: { method: 'PATCH', path: `${base}/a`, body: [{ op: 'replace', path: '/spec/cronSpec', value: '* * * * */5' }], contentType: 'application/json-patch+json' },
    },
    {
      name: 'merge patch of status',
      call: (c) => c.patch('a', 'application/merge-patch+json', { status: { replicas: 2 } }, { fieldManager: 'm' }, 'status'),
      want: { method: 'PATCH', path: `${base}/a/status?fieldManager=m`, body: { status: { replicas: 2 } }, contentType: 'application/merge-patch+json' },
    },
    {
      name: 'strategic merge patch',
      call: (c) => c.patch('a', 'application/strategic-merge-patch+json', { metadata: { labels: { x: null } } }),
      want: { method: 'PATCH', path: `${base}/a`, body: { metadata: { labels: { x: null } } }, contentType: 'application/strategic-merge-patch+json' },
    },
    {
      name: 'apply',
      call: (c) => c.apply({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, spec: { cronSpec: 'x' } }, { fieldManager: 'me', force: true }),
      want: {
        method: 'PATCH',
        path: `${base}/a?fieldManager=me&force=true`,
        body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, spec: { cronSpec: 'x' } },
        contentType: 'application/apply-patch+yaml',
      },
    },
    {
      name: 'applyStatus',
      call: (c) => c.applyStatus({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, status: { replicas: 1 } }, { fieldManager: 'me' }),
      want: {
        method: 'PATCH',
        path: `${base}/a/status?fieldManager=me`,
        body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, status: { replicas: 1 } },
        contentType: 'application/apply-patch+yaml',
      },
    },
    { name: 'getScale', call: (c) => c.getScale('a'), want: { method: 'GET', path: `${base}/a/scale` } },
    {
      name: 'updateScale',
      call: (c) => c.updateScale('a', { metadata: { name: 'a' }, spec: { replicas: 3 } }),
      want: { method: 'PUT', path: `${base}/a/scale`, body: { metadata: { name: 'a' }, spec: { replicas: 3 } } },
    },
    { name: 'getSubresource', call: (c) => c.getSubresource<unknown>('a', 'proxy', { resourceVersion: '1' }), want: { method: 'GET', path: `${base}/a/proxy?resourceVersion=1` } },
    {
      name: 'createSubresource',
      call: (c) => c.createSubresource<{ kind: string }, unknown>('a', 'eviction', { kind: 'Eviction' }, { dryRun: true }),
      want: { method: 'POST', path: `${base}/a/eviction?dryRun=All`, body: { kind: 'Eviction' } },
    },
    {
      name: 'updateSubresource',
      call: (c) => c.updateSubresource<{ spec: object }, unknown>('a', 'approval', { spec: {} }),
      want: { method: 'PUT', path: `${base}/a/approval`, body: { spec: {} } },
    },
  ];
  it.each(table)('$name', async ({ call, want }) => {
    const { t, c } = setup();
    t.push(json({}));
    await call(c);
    const req = t.requests[0]!;
    expect(req.method).toBe(want.method);
    expect(req.path).toBe(want.path);
    if (want.body === undefined) expect(req.body).toBeUndefined();
    else expect(JSON.parse(req.body!)).toEqual(want.body);
    if (want.contentType) expect(req.headers['content-type']).toBe(want.contentType);
  });
});

describe('namespaces', () => {
  it("'' lists across all namespaces; object verbs fall back to the object's namespace", async () => {
    const { t, c } = setup('');
    t.push(json({ items: [] }), json({}));
    await c.list();
    await c.create(ct('a', { metadata: { name: 'a', namespace: 'other' } }));
    expect(t.requests.map((r) => r.path)).toEqual(['/apis/stable.example.com/v1/crontabs', '/apis/stable.example.com/v1/namespaces/other/crontabs']);
    await expect(c.get('a')).rejects.toThrow(/namespace is required/);
  });

  it('cluster-scoped kinds ignore the namespace', async () => {
    const { t, c } = setup('', nodes);
    t.push(json({}), json({}));
    await c.get('n1');
    await c.create(ct('n2', { metadata: { name: 'n2', namespace: 'ignored' } }));
    expect(t.requests.map((r) => r.path)).toEqual(['/api/v1/nodes/n1', '/api/v1/nodes']);
  });

  it('apply needs a fieldManager; update needs a name (rejections, not throws)', async () => {
    const { c } = setup();
    await expect(c.apply({ apiVersion: 'v', kind: 'k', metadata: { name: 'a' } }, { fieldManager: '' })).rejects.toThrow(/fieldManager/);
    await expect(c.update({ metadata: {} })).rejects.toThrow(/metadata.name/);
  });
});

describe('pagination', () => {
  function page(names: string[], cont?: string): ReturnType<typeof json> {
    return json({ kind: 'CronTabList', metadata: { resourceVersion: '9', ...(cont ? { continue: cont } : {}) }, items: names.map((n) => ct(n)) });
  }

  it('listAll follows continue tokens over every page and drops resourceVersion after the first', async () => {
    const { t, c } = setup();
    t.push(page(['a', 'b'], 't1'), page(['c', 'd'], 't2'), page(['e']));
    const names: string[] = [];
    for await (const item of c.listAll({ limit: 2, resourceVersion: '0', resourceVersionMatch: 'NotOlderThan', labelSelector: 'x' })) {
      names.push(item.metadata!.name!);
    }
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(t.requests.map((r) => r.path.split('?')[1])).toEqual([
      'labelSelector=x&resourceVersion=0&resourceVersionMatch=NotOlderThan&limit=2',
      'labelSelector=x&limit=2&continue=t1',
      'labelSelector=x&limit=2&continue=t2',
    ]);
  });

  it('listPages yields the pages; stopping early stops fetching', async () => {
    const { t, c } = setup();
    t.push(page(['a'], 't1'), page(['b']));
    for await (const p of c.listPages({ limit: 1 })) {
      expect(p.items).toHaveLength(1);
      break;
    }
    expect(t.requests).toHaveLength(1);
  });

  it('an expired continue token is thrown', async () => {
    const { t, c } = setup();
    t.push(page(['a'], 't1'), json({ kind: 'Status', status: 'Failure', reason: 'Expired', code: 410 }, 410));
    const got: string[] = [];
    await expect(
      (async () => {
        for await (const x of c.listAll({ limit: 1 })) got.push(x.metadata!.name!);
      })(),
    ).rejects.toMatchObject({ reason: 'Expired' });
    expect(got).toEqual(['a']);
  });
});
