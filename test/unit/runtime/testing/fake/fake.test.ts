import { Fake, FakeClient } from '../../../../../runtime/src/testing/fake';
import type { ResourceDescriptor } from '../../../../../runtime/src/client/types';
import {
  isAlreadyExists,
  isBadRequest,
  isConflict,
  isInvalid,
  isNotFound,
  isResourceExpired,
  newForbidden,
  StatusError,
} from '../../../../../runtime/src/errors/errors';
import { PushWatch } from '../../../../../runtime/src/watch/stream';
import type { Watch, WatchEvent } from '../../../../../runtime/src/watch/types';
import { crontabs, type CronTab, type CronTabList } from '../../../helpers/crontab';

const plain: ResourceDescriptor<CronTab, CronTabList> = { group: 'stable.example.com', version: 'v1', resource: 'plains', kind: 'Plain', namespaced: true };
const clusters: ResourceDescriptor<CronTab, CronTabList> = { group: 'stable.example.com', version: 'v1', resource: 'clusterthings', kind: 'ClusterThing', namespaced: false };

const T0 = new Date('2026-01-02T03:04:05.678Z');

function setup(): { fake: Fake; c: FakeClient<CronTab, CronTabList>; all: FakeClient<CronTab, CronTabList> } {
  let n = 0;
  const fake = new Fake({ clock: () => T0, uid: () => `uid-${++n}`, random: () => 0 });
  return { fake, c: fake.client(crontabs, 'ns'), all: fake.client(crontabs, '') };
}

const ct = (name: string, extra: Partial<CronTab> = {}, labels?: Record<string, string>): CronTab => ({
  apiVersion: 'stable.example.com/v1',
  kind: 'CronTab',
  metadata: { name, ...(labels ? { labels } : {}) },
  spec: { cronSpec: '* * * * *' },
  ...extra,
});

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

async function take<T>(w: Watch<T>, n: number): Promise<WatchEvent<T>[]> {
  const out: WatchEvent<T>[] = [];
  if (n === 0) return out;
  for await (const ev of w) {
    out.push(ev);
    if (out.length === n) break;
  }
  return out;
}

const brief = (evs: WatchEvent<CronTab>[]): string[] => evs.map((e) => `${e.type} ${e.object.metadata?.name ?? ''}@${e.object.metadata?.resourceVersion}`);

describe('create', () => {
  it('fills in server fields and drops status for a kind with a status subresource', async () => {
    const { c } = setup();
    const got = await c.create(ct('a', { status: { replicas: 9 } }));
    expect(got).toEqual({
      apiVersion: 'stable.example.com/v1',
      kind: 'CronTab',
      metadata: { name: 'a', namespace: 'ns', uid: 'uid-1', resourceVersion: '1', generation: 1, creationTimestamp: '2026-01-02T03:04:05Z' },
      spec: { cronSpec: '* * * * *' },
    });
  });

  it('keeps status for a kind without a status subresource', async () => {
    const { fake } = setup();
    const p = fake.client(plain, 'ns');
    expect((await p.create(ct('a', { status: { replicas: 1 } }))).status).toEqual({ replicas: 1 });
  });

  const table: Array<{ name: string; given: CronTab; ns?: string; want: (e: unknown) => boolean; message: RegExp }> = [
    { name: 'no name', given: { metadata: {} }, want: isInvalid, message: /name or generateName is required/ },
    { name: 'resourceVersion set (a reason-less 500, as the apiserver)', given: ct('a', { metadata: { name: 'a', resourceVersion: '5' } }), want: (e) => (e as StatusError).code === 500, message: /resourceVersion should not be set/ },
    { name: 'namespace mismatch', given: ct('a', { metadata: { name: 'a', namespace: 'other' } }), want: isBadRequest, message: /does not match/ },
    { name: 'no namespace', given: ct('a'), ns: '', want: isBadRequest, message: /namespace/ },
  ];
  it.each(table)('rejects: $name', async ({ given, ns, want, message }) => {
    const { fake } = setup();
    const err = await errorOf(fake.client(crontabs, ns ?? 'ns').create(given));
    expect(want(err)).toBe(true);
    expect((err as Error).message).toMatch(message);
  });

  it('AlreadyExists for a second create; generateName picks a free name', async () => {
    const { c } = setup();
    await c.create(ct('a'));
    expect(isAlreadyExists(await errorOf(c.create(ct('a'))))).toBe(true);
    const g1 = await c.create({ metadata: { generateName: 'job-' } });
    const g2 = await c.create({ metadata: { generateName: 'job-' } }).catch((e: unknown) => e);
    expect(g1.metadata?.name).toBe('job-bbbbb');
    // random() always 0: every candidate collides, as a server would after its retries
    expect(isAlreadyExists(g2)).toBe(true);
  });

  it('cluster-scoped kinds drop the namespace; resourceVersion is one counter per tracker', async () => {
    const { fake, c } = setup();
    const k = fake.client(clusters);
    const a = await c.create(ct('a'));
    const b = await k.create(ct('b', { metadata: { name: 'b', namespace: 'x' } }));
    expect(b.metadata?.namespace).toBeUndefined();
    expect([a.metadata?.resourceVersion, b.metadata?.resourceVersion]).toEqual(['1', '2']);
    expect(fake.tracker.resourceVersion).toBe('2');
  });

  it('dryRun validates and returns the object without storing it', async () => {
    const { c } = setup();
    const got = await c.create(ct('a'), { dryRun: true });
    expect(got.metadata?.uid).toBeDefined();
    expect(isNotFound(await errorOf(c.get('a')))).toBe(true);
  });
});

describe('update and updateStatus', () => {
  it('table', async () => {
    type Step = { name: string; run: (c: FakeClient<CronTab, CronTabList>, cur: CronTab) => Promise<CronTab>; want: Partial<{ rv: string; gen: number; cronSpec: string; replicas: number | undefined; labels: Record<string, string> }> };
    const steps: Step[] = [
      { name: 'spec change bumps generation', run: (c, cur) => c.update({ ...cur, spec: { cronSpec: 'x' } }), want: { rv: '2', gen: 2, cronSpec: 'x' } },
      { name: 'label change does not', run: (c, cur) => c.update({ ...cur, metadata: { ...cur.metadata, labels: { a: 'b' } } }), want: { rv: '3', gen: 2, labels: { a: 'b' } } },
      { name: 'update ignores status', run: (c, cur) => c.update({ ...cur, status: { replicas: 5 } }), want: { rv: '3', gen: 2, replicas: undefined } },
      { name: 'updateStatus changes only status, no generation', run: (c, cur) => c.updateStatus({ ...cur, spec: { cronSpec: 'ignored' }, status: { replicas: 5 } }), want: { rv: '4', gen: 2, cronSpec: 'x', replicas: 5 } },
      { name: 'no-op update keeps the resourceVersion', run: (c, cur) => c.update({ ...cur }), want: { rv: '4', gen: 2 } },
    ];
    const { c } = setup();
    let cur = await c.create(ct('a'));
    for (const s of steps) {
      cur = await s.run(c, cur);
      const got = { rv: cur.metadata?.resourceVersion, gen: cur.metadata?.generation, cronSpec: cur.spec?.cronSpec, replicas: cur.status?.replicas, labels: cur.metadata?.labels };
      expect({ step: s.name, ...got }).toMatchObject({ step: s.name, ...s.want });
      if ('replicas' in s.want) expect(got.replicas).toBe(s.want.replicas);
      expect(await c.get('a')).toEqual(cur);
    }
  });

  it('stale resourceVersion: 409 Conflict; none: 422 Invalid; missing: 404', async () => {
    const { c } = setup();
    const a = await c.create(ct('a'));
    await c.update({ ...a, spec: { cronSpec: 'y' } });
    const stale = await errorOf(c.update({ ...a, spec: { cronSpec: 'z' } }));
    expect(isConflict(stale)).toBe(true);
    expect((stale as StatusError).message).toBe(
      'Operation cannot be fulfilled on crontabs.stable.example.com "a": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(isConflict(await errorOf(c.updateStatus({ ...a, status: { replicas: 1 } })))).toBe(true);
    expect(isInvalid(await errorOf(c.update(ct('a'))))).toBe(true);
    expect(isNotFound(await errorOf(c.update(ct('nope', { metadata: { name: 'nope', resourceVersion: '1' } }))))).toBe(true);
  });

  it('allowUnconditionalUpdate accepts updates without resourceVersion', async () => {
    const fake = new Fake({ allowUnconditionalUpdate: true });
    const c = fake.client(crontabs, 'ns');
    await c.create(ct('a'));
    expect((await c.update(ct('a', { spec: { cronSpec: 'q' } }))).spec?.cronSpec).toBe('q');
  });

  it('updateStatus is NotFound for a kind without a status subresource', async () => {
    const { fake } = setup();
    const p = fake.client(plain, 'ns');
    const a = await p.create(ct('a'));
    expect(isNotFound(await errorOf(p.updateStatus(a)))).toBe(true);
  });
});

describe('delete', () => {
  it('NotFound, preconditions, dryRun, and deletion', async () => {
    const { c } = setup();
    expect(isNotFound(await errorOf(c.delete('a')))).toBe(true);
    const a = await c.create(ct('a'));
    expect(isConflict(await errorOf(c.delete('a', { preconditions: { uid: 'other' } })))).toBe(true);
    expect(isConflict(await errorOf(c.delete('a', { preconditions: { resourceVersion: '0' } })))).toBe(true);
    await c.delete('a', { dryRun: true });
    await c.get('a');
    await c.delete('a', { preconditions: { uid: a.metadata!.uid!, resourceVersion: a.metadata!.resourceVersion! } });
    expect(isNotFound(await errorOf(c.get('a')))).toBe(true);
  });

  it('finalizers: delete marks, removing the last finalizer deletes', async () => {
    const { c } = setup();
    await c.create(ct('a', { metadata: { name: 'a', finalizers: ['x/y'] } }));
    await c.delete('a');
    const marked = await c.get('a');
    expect(marked.metadata?.deletionTimestamp).toBe('2026-01-02T03:04:05Z');
    await c.update({ ...marked, metadata: { ...marked.metadata, finalizers: [] } });
    expect(isNotFound(await errorOf(c.get('a')))).toBe(true);
  });

  it('deleteCollection deletes what the selector selects, in the namespace', async () => {
    const { fake, c } = setup();
    const other = fake.client(crontabs, 'other');
    await c.create(ct('a', {}, { app: 'x' }));
    await c.create(ct('b', {}, { app: 'y' }));
    await other.create(ct('c', {}, { app: 'x' }));
    await c.deleteCollection({}, { labelSelector: 'app=x' });
    expect((await c.list()).items.map((i) => i.metadata?.name)).toEqual(['b']);
    expect((await other.list()).items.map((i) => i.metadata?.name)).toEqual(['c']);
  });
});

describe('list', () => {
  async function seeded(): Promise<ReturnType<typeof setup>> {
    const s = setup();
    const other = s.fake.client(crontabs, 'other');
    await s.c.create(ct('b', {}, { app: 'web', tier: 'fe' }));
    await s.c.create(ct('a', {}, { app: 'db' }));
    await s.c.create(ct('c', {}, { app: 'web', tier: 'be' }));
    await other.create(ct('a', {}, { app: 'web' }));
    return s;
  }

  const table: Array<{ name: string; ns?: string; opts: Parameters<FakeClient<CronTab, CronTabList>['list']>[0]; want: string[] }> = [
    { name: 'namespace', opts: {}, want: ['ns/a', 'ns/b', 'ns/c'] },
    { name: 'all namespaces', ns: '', opts: {}, want: ['ns/a', 'ns/b', 'ns/c', 'other/a'] },
    { name: 'equality', opts: { labelSelector: 'app=web' }, want: ['ns/b', 'ns/c'] },
    { name: 'inequality', opts: { labelSelector: 'app!=web' }, want: ['ns/a'] },
    { name: 'set', opts: { labelSelector: 'tier in (fe,xx)' }, want: ['ns/b'] },
    { name: 'notin', opts: { labelSelector: 'tier notin (fe)' }, want: ['ns/a', 'ns/c'] },
    { name: 'exists', opts: { labelSelector: 'tier' }, want: ['ns/b', 'ns/c'] },
    { name: 'not exists', opts: { labelSelector: '!tier' }, want: ['ns/a'] },
    { name: 'LabelSelector object', opts: { labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['be'] }] } }, want: ['ns/c'] },
    { name: 'field name', ns: '', opts: { fieldSelector: 'metadata.name=a' }, want: ['ns/a', 'other/a'] },
    { name: 'field namespace', ns: '', opts: { fieldSelector: 'metadata.namespace!=ns' }, want: ['other/a'] },
  ];
  it.each(table)('$name', async ({ ns, opts, want }) => {
    const { fake } = await seeded();
    const list = await fake.client(crontabs, ns ?? 'ns').list(opts);
    expect(list.items.map((i) => `${i.metadata?.namespace}/${i.metadata?.name}`)).toEqual(want);
    expect(list.metadata?.resourceVersion).toBe('4');
    expect(list.kind).toBe('CronTabList');
  });

  it('unsupported field and malformed selectors are 400 BadRequest', async () => {
    const { c } = await seeded();
    expect(isBadRequest(await errorOf(c.list({ fieldSelector: 'spec.cronSpec=x' })))).toBe(true);
    expect(isBadRequest(await errorOf(c.list({ labelSelector: 'a in (' })))).toBe(true);
  });

  it('limit and continue page through everything (listAll with limit=2 over 5)', async () => {
    const { c } = setup();
    for (const n of ['e', 'd', 'c', 'b', 'a']) await c.create(ct(n));
    const first = await c.list({ limit: 2 });
    expect(first.items.map((i) => i.metadata?.name)).toEqual(['a', 'b']);
    expect(first.metadata?.remainingItemCount).toBe(3);
    const names: string[] = [];
    for await (const i of c.listAll({ limit: 2 })) names.push(i.metadata!.name!);
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
    let pages = 0;
    for await (const _ of c.listPages({ limit: 2 })) pages++;
    expect(pages).toBe(3);
  });
});

describe('patch and apply', () => {
  it('merge patch, JSON patch, status patch, stale resourceVersion', async () => {
    const { c } = setup();
    await c.create(ct('a', {}, { drop: 'me', keep: 'me' }));
    const m = await c.patch('a', 'application/merge-patch+json', { metadata: { labels: { drop: null } }, spec: { replicas: 2 } });
    expect(m.metadata?.labels).toEqual({ keep: 'me' });
    expect(m.spec).toEqual({ cronSpec: '* * * * *', replicas: 2 });
    expect(m.metadata?.generation).toBe(2);
    const j = await c.patch('a', 'application/json-patch+json', [
      { op: 'test', path: '/spec/replicas', value: 2 },
      { op: 'replace', path: '/spec/cronSpec', value: '0 * * * *' },
      { op: 'add', path: '/metadata/labels/new', value: 'v' },
    ]);
    expect(j.spec?.cronSpec).toBe('0 * * * *');
    expect(j.metadata?.labels).toEqual({ keep: 'me', new: 'v' });
    const s = await c.patch('a', 'application/merge-patch+json', { spec: { replicas: 99 }, status: { replicas: 3 } }, {}, 'status');
    expect(s.status).toEqual({ replicas: 3 });
    expect(s.spec?.replicas).toBe(2);
    // status via the main resource is ignored
    const ignored = await c.patch('a', 'application/merge-patch+json', { status: { replicas: 7 } });
    expect(ignored.status).toEqual({ replicas: 3 });
    expect(isConflict(await errorOf(c.patch('a', 'application/merge-patch+json', { metadata: { resourceVersion: '1' } })))).toBe(true);
    expect(isInvalid(await errorOf(c.patch('a', 'application/json-patch+json', [{ op: 'test', path: '/spec/replicas', value: 5 }])))).toBe(true);
    const bad = await errorOf(c.patch('a', 'application/json-patch+json', [{ op: 'remove', path: '/nope/x' }]));
    expect(isInvalid(bad)).toBe(true);
    expect((bad as StatusError).message).toBe('the server rejected our request due to an error in our request');
    expect((bad as StatusError).causes[0]?.message).toMatch(/does not exist/);
    expect(isNotFound(await errorOf(c.patch('zz', 'application/merge-patch+json', {})))).toBe(true);
  });

  it('apply creates, then merges (no field ownership); fieldManager is required', async () => {
    const { c } = setup();
    const cfg = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'a' }, spec: { cronSpec: '1 * * * *' } };
    const created = await c.apply(cfg, { fieldManager: 'me' });
    expect(created.metadata).toMatchObject({ name: 'a', namespace: 'ns', resourceVersion: '1', generation: 1 });
    const merged = await c.apply({ ...cfg, spec: { replicas: 3 } }, { fieldManager: 'other', force: true });
    expect(merged.spec).toEqual({ cronSpec: '1 * * * *', replicas: 3 });
    const st = await c.applyStatus({ ...cfg, status: { replicas: 1 } }, { fieldManager: 'me' });
    expect(st.status).toEqual({ replicas: 1 });
    expect(isInvalid(await errorOf(c.apply(cfg, { fieldManager: '' })))).toBe(true);
    expect(isNotFound(await errorOf(c.applyStatus({ ...cfg, metadata: { name: 'zz' } }, { fieldManager: 'me' })))).toBe(true);
  });
});

describe('scale', () => {
  it('reads and writes the replicas paths', async () => {
    const { c } = setup();
    await c.create(ct('a', { spec: { replicas: 1 } }));
    const cur = await c.get('a');
    await c.updateStatus({ ...cur, status: { replicas: 1, selector: 'app=a' } });
    const s = await c.getScale('a');
    expect(s).toMatchObject({ apiVersion: 'autoscaling/v1', kind: 'Scale', spec: { replicas: 1 }, status: { replicas: 1, selector: 'app=a' } });
    const up = await c.updateScale('a', { ...s, spec: { replicas: 4 } });
    expect(up.spec?.replicas).toBe(4);
    expect((await c.get('a')).spec?.replicas).toBe(4);
    expect(isConflict(await errorOf(c.updateScale('a', { ...s, spec: { replicas: 5 } })))).toBe(true);
    expect(isInvalid(await errorOf(c.updateScale('a', { spec: { replicas: -1 } })))).toBe(true);
    const { fake } = setup();
    expect(isNotFound(await errorOf(fake.client(plain, 'ns').getScale('a')))).toBe(true);
  });
});

describe('watch', () => {
  it('sends events of later writes to active watchers, filtered by namespace', async () => {
    const { fake, c, all } = setup();
    const other = fake.client(crontabs, 'other');
    const w = await c.watch({ resourceVersion: fake.tracker.resourceVersion });
    const wAll = await all.watch({ resourceVersion: fake.tracker.resourceVersion });
    const a = await c.create(ct('a'));
    await other.create(ct('x'));
    await c.update({ ...a, spec: { cronSpec: 'u' } });
    await c.delete('a');
    expect(brief(await take(w, 3))).toEqual(['ADDED a@1', 'MODIFIED a@3', 'DELETED a@4']);
    expect(brief(await take(wAll, 4))).toEqual(['ADDED a@1', 'ADDED x@2', 'MODIFIED a@3', 'DELETED a@4']);
  });

  it('selectors: an object that stops matching is DELETED, one that starts matching is ADDED', async () => {
    const { c } = setup();
    const w = await c.watch({ resourceVersion: '0', labelSelector: 'app=web' });
    const a = await c.create(ct('a', {}, { app: 'db' }));
    const a2 = await c.update({ ...a, metadata: { ...a.metadata, labels: { app: 'web' } } });
    await c.update({ ...a2, metadata: { ...a2.metadata, labels: { app: 'db' } } });
    expect(brief(await take(w, 2))).toEqual(['ADDED a@2', 'DELETED a@3']);
  });

  it('no resourceVersion: synthetic ADDED for the current objects, then the initial-events-end bookmark', async () => {
    const { c } = setup();
    await c.create(ct('b'));
    await c.create(ct('a'));
    const w = await c.watch({ sendInitialEvents: true, allowWatchBookmarks: true, resourceVersionMatch: 'NotOlderThan' });
    const evs = await take(w, 3);
    expect(brief(evs)).toEqual(['ADDED a@2', 'ADDED b@1', 'BOOKMARK @2']);
    expect(evs[2]!.object.metadata?.annotations).toEqual({ 'k8s.io/initial-events-end': 'true' });
  });

  it('a resourceVersion replays the later history; one older than the history is 410 Expired', async () => {
    const fake = new Fake({ historyLimit: 2 });
    const c = fake.client(crontabs, 'ns');
    for (const n of ['a', 'b', 'c', 'd']) await c.create(ct(n));
    expect(brief(await take(await c.watch({ resourceVersion: '2' }), 2))).toEqual(['ADDED c@3', 'ADDED d@4']);
    const old = await c.watch({ resourceVersion: '1' });
    const err = await errorOf(take(old, 1));
    expect(isResourceExpired(err)).toBe(true);
  });

  it('stop() unregisters; timeoutSeconds and closeWatches end the stream cleanly', async () => {
    const { fake, c } = setup();
    const w = await c.watch({ resourceVersion: '0' });
    w.stop();
    await c.create(ct('a'));
    expect(await take(w, 1)).toEqual([]);
    const w2 = await c.watch({ resourceVersion: '1' });
    fake.tracker.closeWatches();
    expect(await take(w2, 1)).toEqual([]);
    const w3 = await c.watch({ resourceVersion: '1', timeoutSeconds: 0.01 });
    expect(await take(w3, 1)).toEqual([]);
  });
});

describe('reactors and actions', () => {
  it('a prepended reactor injects an error for one verb and resource; actions are recorded', async () => {
    const { fake, c } = setup();
    fake.prependReactor('create', 'crontabs', () => ({ error: newForbidden({ group: 'stable.example.com', resource: 'crontabs' }, 'a', 'no') }));
    const err = await errorOf(c.create(ct('a')));
    expect((err as StatusError).reason).toBe('Forbidden');
    await errorOf(c.get('a'));
    expect(fake.actions().map((a) => `${a.verb} ${a.resource.resource} ${a.namespace}`)).toEqual(['create crontabs ns', 'get crontabs ns']);
    fake.clearActions();
    expect(fake.actions()).toEqual([]);
  });

  it('resource/subresource reactors only see that subresource; undefined passes on; reactors may answer', async () => {
    const { fake, c } = setup();
    const seen: string[] = [];
    fake.prependReactor('*', 'crontabs/status', (a) => {
      seen.push(`${a.verb}:${a.subresource}`);
      return undefined;
    });
    fake.prependReactor('get', '*', (a) => (a.verb === 'get' && a.name === 'magic' ? { object: ct('magic', { spec: { cronSpec: 'r' } }) } : undefined));
    const a = await c.create(ct('a'));
    await c.updateStatus({ ...a, status: { replicas: 1 } });
    expect(seen).toEqual(['update:status']);
    expect((await c.get('magic')).spec?.cronSpec).toBe('r');
    const act = fake.actions()[1]!;
    expect(act.verb === 'update' && act.subresource).toBe('status');
  });

  it('addReactor runs before the tracker (unlike client-go)', async () => {
    const { fake, c } = setup();
    let calls = 0;
    fake.addReactor('list', 'crontabs', () => {
      calls++;
      return undefined;
    });
    await c.list();
    expect(calls).toBe(1);
  });

  it('a watch reactor can script a watch', async () => {
    const { fake, c } = setup();
    const scripted = new PushWatch<unknown>();
    fake.prependWatchReactor('crontabs', () => scripted);
    const w = await c.watch();
    scripted.add(ct('s'));
    scripted.error({ reason: 'Expired', code: 410, message: 'too old' });
    const seen: string[] = [];
    const err = await errorOf(
      (async () => {
        for await (const ev of w) seen.push(ev.type);
      })(),
    );
    expect(seen).toEqual(['ADDED']);
    expect(isResourceExpired(err)).toBe(true);
    expect(fake.actions().map((a) => a.verb)).toEqual(['watch']);
  });

  it('seeds objects through the constructor, status included', async () => {
    const fake = new Fake({ objects: [[crontabs, ct('seed', { metadata: { name: 'seed', namespace: 'ns' }, status: { replicas: 2 } })]] });
    const got = await fake.client(crontabs, 'ns').get('seed');
    expect(got.status).toEqual({ replicas: 2 });
    expect(got.metadata).toMatchObject({ resourceVersion: '1', generation: 1 });
    expect(() => fake.tracker.add({ apiVersion: 'x/v1', kind: 'Unknown', metadata: { name: 'u' } })).toThrow(/no registered resource/);
    fake.tracker.add(ct('byKind', { metadata: { name: 'byKind', namespace: 'ns' } }));
  });

  it('by-name verbs of an all-namespaces client reject, as the real client does', async () => {
    const { all } = setup();
    await expect(all.get('a')).rejects.toThrow(/namespace is required/);
    await expect(all.delete('a')).rejects.toThrow(/namespace is required/);
  });

  it('generic subresources: status and scale from the tracker, others from reactors or 404', async () => {
    const { fake, c } = setup();
    await c.create(ct('a', { spec: { replicas: 2 } }));
    expect((await c.getSubresource<{ spec?: { replicas?: number } }>('a', 'scale')).spec?.replicas).toBe(2);
    const cur = await c.getSubresource<CronTab>('a', 'status');
    expect((await c.updateSubresource<CronTab, CronTab>('a', 'status', { ...cur, status: { replicas: 1 } })).status).toEqual({ replicas: 1 });
    expect(isNotFound(await errorOf(c.createSubresource('a', 'eviction', { kind: 'Eviction' })))).toBe(true);
    fake.prependReactor('create', 'crontabs/eviction', (a) => (a.verb === 'create' ? { object: { kind: 'Status', status: 'Success', echo: a.object } } : undefined));
    expect(await c.createSubresource('a', 'eviction', { kind: 'Eviction' })).toEqual({ kind: 'Status', status: 'Success', echo: { kind: 'Eviction' } });
  });

  it('returned objects are copies', async () => {
    const { c } = setup();
    const a = await c.create(ct('a'));
    a.spec!.cronSpec = 'mutated';
    expect((await c.get('a')).spec?.cronSpec).toBe('* * * * *');
  });
});
