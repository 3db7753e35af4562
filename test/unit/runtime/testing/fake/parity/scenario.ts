/**
 * One scenario, run against the fake tracker (unit test) and against a real kube-apiserver (to record
 * `expected.json`): every step's outcome is summarised — an error as `code reason` + message, an object as its
 * name, generation, spec, status, labels, deletion state — with values that differ between runs (UIDs,
 * resourceVersions inside messages) masked and object keys sorted. The fake must produce the same summaries.
 *
 * Re-record against another apiserver version with `record.md` in this folder.
 */

import type { KubeList, ResourceClient, ResourceDescriptor } from '../../../../../../runtime/src/client/types';
import type { ObjectMeta } from '../../../../../../runtime/src/meta/types';
import { StatusError } from '../../../../../../runtime/src/errors/errors';
import type { Watch } from '../../../../../../runtime/src/watch/types';

export const GROUP = 'parity.kubegen.io';

export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}
export type Widgets = ResourceClient<Widget, KubeList<Widget>>;

export const widgets: ResourceDescriptor<Widget> = {
  group: GROUP,
  version: 'v1',
  resource: 'widgets',
  kind: 'Widget',
  namespaced: true,
  subresources: { status: true, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
};
export const plains: ResourceDescriptor<Widget> = { group: GROUP, version: 'v1', resource: 'plains', kind: 'Plain', namespaced: true };

/** The CRDs of the two descriptors, for the real apiserver. */
export function parityCrds(): Record<string, unknown>[] {
  const crd = (plural: string, kind: string, sub: boolean): Record<string, unknown> => ({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.${GROUP}` },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind, listKind: `${kind}List` },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          ...(sub ? { subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } } } : {}),
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  });
  return [crd('widgets', 'Widget', true), crd('plains', 'Plain', false)];
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  }
  return v;
}

function mask(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uid>')
    .replace(/in record \(\d+\)/g, 'in record (<rv>)');
}

/** The comparable summary of a step's outcome. */
export function summary(v: unknown): unknown {
  if (v instanceof StatusError) return { err: `${v.code} ${v.reason}`, msg: mask(v.message) };
  if (v instanceof Error) return { err: v.name, msg: v.message };
  if (!v || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v) || !('metadata' in v)) return sortKeys(v);
  const o = v as Widget & { items?: Widget[]; metadata?: { continue?: string; remainingItemCount?: number } };
  if (Array.isArray(o.items)) {
    return { items: o.items.map((i) => i.metadata?.name), continue: !!o.metadata?.continue, remaining: o.metadata?.remainingItemCount ?? null };
  }
  if (o.kind === 'Scale') return sortKeys({ scale: o.spec, status: o.status });
  const m = o.metadata ?? {};
  return sortKeys({
    name: m.name ?? null,
    gen: m.generation ?? null,
    spec: o.spec ?? null,
    status: o.status ?? null,
    labels: m.labels ?? null,
    deleting: !!m.deletionTimestamp,
    finalizers: m.finalizers ?? null,
  });
}

async function outcome(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return summary(await fn());
  } catch (e) {
    return summary(e);
  }
}

async function take(w: Watch<Widget>, n: number): Promise<string[]> {
  const out: string[] = [];
  const timer = setTimeout(() => w.stop(), 3000);
  try {
    for await (const ev of w) {
      const extra = ev.type === 'BOOKMARK' ? JSON.stringify(ev.object.metadata?.annotations ?? {}) : '';
      out.push(`${ev.type} ${ev.object.metadata?.name ?? ''}${extra}`);
      if (out.length === n) break;
    }
  } finally {
    clearTimeout(timer);
    w.stop();
  }
  return out;
}

export interface ParityClients {
  widgets: Widgets;
  plains: Widgets;
  /** An apply request without fieldManager (TypedClient refuses to send one). */
  applyWithoutFieldManager: (obj: Widget) => Promise<unknown>;
}

const w = (name: string, extra: { metadata?: ObjectMeta; spec?: Record<string, unknown>; status?: Record<string, unknown> } = {}): Widget => ({
  apiVersion: `${GROUP}/v1`,
  kind: 'Widget',
  metadata: { name, ...extra.metadata },
  spec: { replicas: 1, ...extra.spec },
  ...(extra.status ? { status: extra.status } : {}),
});

/** Runs every step in order (steps depend on earlier ones) and returns the summaries by step name. */
export async function runParityScenario({ widgets: c, plains: p, applyWithoutFieldManager }: ParityClients): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const step = async (name: string, fn: () => Promise<unknown>): Promise<void> => {
    out[name] = await outcome(fn);
  };
  await step('create without a name', () => c.create({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: {}, spec: {} }));
  await step('create with a resourceVersion', () => c.create(w('rv', { metadata: { resourceVersion: '5' } })));
  await step('create in another namespace', () => c.create(w('nsm', { metadata: { namespace: 'other' } })));
  await step('create drops status', () => c.create(w('a', { status: { replicas: 3 } })));
  await step('create twice', () => c.create(w('a')));
  await step('generateName', async () => {
    const g = await c.create({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { generateName: 'gen-' }, spec: {} });
    return { generated: /^gen-[a-z0-9]{5}$/.test(g.metadata?.name ?? '') };
  });
  await step('update without resourceVersion', () => c.update(w('a')));
  const a1 = await c.get('a');
  await step('update spec bumps generation', () => c.update({ ...a1, spec: { replicas: 2 } }));
  await step('update with a stale resourceVersion', () => c.update({ ...a1, spec: { replicas: 5 } }));
  const a2 = await c.get('a');
  await step('update labels keeps generation', () => c.update({ ...a2, metadata: { ...a2.metadata, labels: { app: 'x' } } }));
  const a3 = await c.get('a');
  await step('update ignores status', () => c.update({ ...a3, status: { replicas: 9 } }));
  const rvBefore = (await c.get('a')).metadata?.resourceVersion;
  await step('no-op update keeps resourceVersion', async () => ({ same: (await c.update(await c.get('a'))).metadata?.resourceVersion === rvBefore }));
  const a4 = await c.get('a');
  await step('updateStatus changes only status', () =>
    c.updateStatus({ ...a4, spec: { replicas: 100 }, metadata: { ...a4.metadata, labels: { changed: 'y' } }, status: { replicas: 2, selector: 'app=x' } }),
  );
  await step('updateStatus with a stale resourceVersion', () => c.updateStatus({ ...a4, status: { replicas: 7 } }));
  await step('get missing', () => c.get('missing'));
  await step('delete missing', () => c.delete('missing'));
  await step('update missing', () => c.update(w('missing', { metadata: { resourceVersion: '1' } })));
  await step('field selector on an unsupported field', () => c.list({ fieldSelector: 'spec.replicas=1' }));
  await step('field selector on metadata.name', () => c.list({ fieldSelector: 'metadata.name=a' }));
  await step('label selector, set-based', () => c.list({ labelSelector: 'app in (x,y),!nope' }));
  await step('json patch failing test', () => c.patch('a', 'application/json-patch+json', [{ op: 'test', path: '/spec/replicas', value: 42 }]));
  await step('json patch on a missing path', () => c.patch('a', 'application/json-patch+json', [{ op: 'remove', path: '/spec/nope/x' }]));
  await step('json patch', () => c.patch('a', 'application/json-patch+json', [{ op: 'replace', path: '/spec/replicas', value: 3 }]));
  await step('merge patch with a stale resourceVersion', () => c.patch('a', 'application/merge-patch+json', { metadata: { resourceVersion: a1.metadata?.resourceVersion } }));
  await step('merge patch of status', () => c.patch('a', 'application/merge-patch+json', { spec: { replicas: 50 }, status: { replicas: 4 } }, {}, 'status'));
  await step('patch missing', () => c.patch('missing', 'application/merge-patch+json', {}));
  await step('apply without fieldManager', () => applyWithoutFieldManager(w('ap')));
  await step('apply creates', () => c.apply(w('ap', { spec: { color: 'red' } }) as Widget & { apiVersion: string; kind: string; metadata: { name: string } }, { fieldManager: 'one' }));
  await step('apply merges', () => c.apply({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'ap' }, spec: { size: 2 } }, { fieldManager: 'two' }));
  await step('getScale', () => c.getScale('a'));
  const s = await c.getScale('a');
  await step('updateScale', () => c.updateScale('a', { ...s, spec: { replicas: 6 } }));
  await step('updateScale with a stale resourceVersion', () => c.updateScale('a', { ...s, spec: { replicas: 7 } }));
  await step('object after updateScale', () => c.get('a'));
  await step('delete with a uid precondition', () => c.delete('a', { preconditions: { uid: 'nope' } }));
  await step('delete with a resourceVersion precondition', () => c.delete('a', { preconditions: { resourceVersion: '1' } }));
  await step('dryRun create does not persist', async () => {
    await c.create(w('dry'), { dryRun: true });
    return c.get('dry');
  });
  await step('delete with finalizers marks', async () => {
    await c.create(w('f', { metadata: { finalizers: ['x.io/y'] } }));
    await c.delete('f');
    return c.get('f');
  });
  await step('removing the last finalizer deletes', async () => {
    const f = await c.get('f');
    await c.update({ ...f, metadata: { ...f.metadata, finalizers: [] } });
    return c.get('f');
  });
  await step('updateStatus without a status subresource', async () => {
    const x = await p.create({ apiVersion: `${GROUP}/v1`, kind: 'Plain', metadata: { name: 'p' }, spec: { a: 1 }, status: { s: 1 } });
    return p.updateStatus(x);
  });
  await step('create keeps status without a status subresource', () => p.get('p'));
  await step('status change bumps generation without a status subresource', async () => {
    const x = await p.get('p');
    return p.update({ ...x, status: { s: 2 } });
  });
  for (const n of ['l1', 'l2', 'l3', 'l4']) await c.create(w(n, { metadata: { labels: { grp: 'l' } } }));
  await step('list with limit and a selector', () => c.list({ limit: 2, labelSelector: 'grp=l' }));
  await step('deleteCollection', async () => {
    await c.deleteCollection({}, { labelSelector: 'grp=l' });
    return c.list({ labelSelector: 'grp' });
  });
  const listRv = (await c.list()).metadata?.resourceVersion;
  const selected = await c.watch({ resourceVersion: listRv, labelSelector: 'app=web' });
  const x = await c.create(w('wx', { metadata: { labels: { app: 'db' } } }));
  const x2 = await c.update({ ...x, metadata: { ...x.metadata, labels: { app: 'web' } } });
  await c.update({ ...x2, metadata: { ...x2.metadata, labels: { app: 'db' } } });
  await step('watch: selector transitions', () => take(selected, 2));
  await step('watch without resourceVersion starts with ADDED', async () => take(await c.watch({ fieldSelector: 'metadata.name=wx' }), 1));
  await step('watch with sendInitialEvents ends them with a bookmark', async () =>
    take(await c.watch({ fieldSelector: 'metadata.name=wx', sendInitialEvents: true, allowWatchBookmarks: true, resourceVersionMatch: 'NotOlderThan' }), 2),
  );
  await step('watch from a resourceVersion replays', async () => take(await c.watch({ resourceVersion: listRv, fieldSelector: 'metadata.name=wx' }), 3));
  return out;
}
