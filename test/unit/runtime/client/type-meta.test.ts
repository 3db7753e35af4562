/**
 * Clients fill `apiVersion` and `kind` from the descriptor when the caller leaves them out, as client-go's typed
 * clients do from the scheme: through the REST client (a scripted transport) and through the fake.
 */
import { RestClient } from '../../../../runtime/src/rest/client';
import { TypedClient, apiVersionOf, withTypeMeta } from '../../../../runtime/src/client/typed';
import type { ResourceClient, ResourceDescriptor } from '../../../../runtime/src/client/types';
import { Fake } from '../../../../runtime/src/testing/fake';
import { ScriptedTransport } from '../../helpers/transport';
import { crontabs, type CronTab, type CronTabList } from '../../helpers/crontab';

const configMaps: ResourceDescriptor = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

describe('withTypeMeta', () => {
  const table: Array<{ name: string; given: { d: ResourceDescriptor; obj: Record<string, unknown> }; want: Record<string, unknown> }> = [
    {
      name: 'both missing: filled, type fields first',
      given: { d: crontabs, obj: { metadata: { name: 'a' } } },
      want: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' } },
    },
    { name: 'core group: the version alone', given: { d: configMaps, obj: { data: { k: 'v' } } }, want: { apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'v' } } },
    { name: 'empty strings count as missing', given: { d: crontabs, obj: { apiVersion: '', kind: '' } }, want: { apiVersion: 'stable.example.com/v1', kind: 'CronTab' } },
    { name: 'only kind missing', given: { d: crontabs, obj: { apiVersion: 'stable.example.com/v1beta1' } }, want: { apiVersion: 'stable.example.com/v1beta1', kind: 'CronTab' } },
    { name: 'given values are kept (the server checks them)', given: { d: crontabs, obj: { apiVersion: 'x/v9', kind: 'Other' } }, want: { apiVersion: 'x/v9', kind: 'Other' } },
  ];
  it.each(table)('$name', ({ given, want }) => {
    const before = JSON.stringify(given.obj);
    const got = withTypeMeta(given.d, given.obj);
    expect(got).toEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
    expect(JSON.stringify(given.obj)).toBe(before); // the caller's object is never changed
  });

  it('returns the object itself when nothing is missing', () => {
    const obj = { apiVersion: 'v1', kind: 'ConfigMap' };
    expect(withTypeMeta(configMaps, obj)).toBe(obj);
  });

  it('keeps an own __proto__ key as data', () => {
    const obj = JSON.parse('{"metadata":{"name":"a"},"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const got = withTypeMeta(crontabs, obj);
    expect(Object.hasOwn(got, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect((got as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(got))).toEqual(JSON.parse('{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"a"},"__proto__":{"polluted":true}}'));
  });

  it('apiVersionOf', () => {
    expect(apiVersionOf(crontabs)).toBe('stable.example.com/v1');
    expect(apiVersionOf(configMaps)).toBe('v1');
  });
});

/** The five verbs that carry an object, each given an object without type fields. */
const verbs: Array<{ verb: string; call: (c: ResourceClient<CronTab, CronTabList>) => Promise<unknown> }> = [
  { verb: 'create', call: (c) => c.create({ metadata: { name: 'a' }, spec: { cronSpec: '* * * * *' } }) },
  { verb: 'update', call: (c) => c.update({ metadata: { name: 'a', resourceVersion: '1' }, spec: { cronSpec: '*/5 * * * *' } }) },
  { verb: 'updateStatus', call: (c) => c.updateStatus({ metadata: { name: 'a', resourceVersion: '2' }, status: { replicas: 3 } }) },
  { verb: 'apply', call: (c) => c.apply({ metadata: { name: 'a' }, spec: { cronSpec: '1 * * * *' } }, { fieldManager: 'm', force: true }) },
  { verb: 'applyStatus', call: (c) => c.applyStatus({ metadata: { name: 'a' }, status: { replicas: 4 } }, { fieldManager: 'm', force: true }) },
];

describe('TypedClient sends apiVersion and kind', () => {
  it.each(verbs)('$verb', async ({ call }) => {
    const t = new ScriptedTransport({ body: JSON.stringify({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' } }) });
    const rest = new RestClient({ server: 'https://h', transport: t, onWarning: () => undefined, sleep: async () => undefined });
    await call(new TypedClient(rest, crontabs, 'ns'));
    expect(t.requests).toHaveLength(1);
    const body = JSON.parse(t.requests[0]!.body!) as Record<string, unknown>;
    expect(body).toMatchObject({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' } });
    expect(Object.keys(body).slice(0, 2)).toEqual(['apiVersion', 'kind']);
  });
});

describe('FakeClient records and stores apiVersion and kind', () => {
  it('each verb records the filled object (create, update, updateStatus) or apply patch (apply, applyStatus)', async () => {
    let n = 0;
    const fake = new Fake({ clock: () => new Date('2026-01-02T03:04:05Z'), uid: () => `uid-${++n}` });
    const c = fake.client(crontabs, 'ns');
    for (const { call } of verbs) await call(c);
    const recorded = fake.actions().map((a) => ('object' in a ? a.object : 'patch' in a ? a.patch : undefined));
    expect(recorded).toHaveLength(verbs.length);
    for (const r of recorded) expect(r).toMatchObject({ apiVersion: 'stable.example.com/v1', kind: 'CronTab' });
    const stored = await c.get('a');
    expect(stored).toMatchObject({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', spec: { cronSpec: '1 * * * *' }, status: { replicas: 4 } });
  });
});
