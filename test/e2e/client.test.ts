/**
 * The runtime's typed client against a real kube-apiserver: every verb and option a generated clientset binds —
 * errors (not found, already exists, stale-resourceVersion conflict, invalid with causes), server-side apply
 * conflicts and `force`, pagination with limit=2 over 10 objects, watch from a resourceVersion with events in
 * order, bookmarks, dryRun not persisting, label/field selectors, delete preconditions, deleteCollection, and the
 * status and scale subresources.
 *
 * The CRD comes from a small API written for this file (its own group, so no other test file touches it) and
 * compiled by the kubegen pipeline.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'yaml';
import {
  TypedClient,
  createRestClient,
  fromOptions,
  isAlreadyExists,
  isConflict,
  isInvalid,
  isNotFound,
  type KubeList,
  type ResourceDescriptor,
  type StatusError,
  type WatchEvent,
  NodeHttp2Transport,
  RestClient,
} from '@kubegen/runtime';
import { generateCrdFiles } from '../../generator/pipeline';
import { applyCrd, type Crd } from './support/crds';
import { useE2e } from './support/namespace';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);

const GROUP = 'clients.e2e.kubegen.io';

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; resourceVersion?: string; uid?: string; labels?: Record<string, string>; generation?: number };
  spec: { size: number; color?: string; owner?: string };
  status?: { size?: number; selector?: string; phase?: string };
}
type WidgetList = KubeList<Widget>;

const API = `
import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';

/**
 * Widget is the kind the client end-to-end tests drive.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.size,statuspath=.status.size,selectorpath=.status.selector
 */
export interface Widget extends TypeMeta {
  metadata?: ObjectMeta;
  spec: WidgetSpec;
  status?: WidgetStatus;
}

/** +kubebuilder:object:root=true */
export interface WidgetList extends TypeMeta {
  metadata?: ListMeta;
  items: Widget[];
}

export interface WidgetSpec {
  /** +kubebuilder:validation:Minimum=0 */
  size: int32;
  /** +kubebuilder:validation:Enum=red;green;blue */
  color?: string;
  owner?: string;
}

export interface WidgetStatus {
  size?: int32;
  selector?: string;
  phase?: string;
}
`;

const descriptor: ResourceDescriptor<Widget, WidgetList> = {
  group: GROUP,
  version: 'v1',
  resource: 'widgets',
  kind: 'Widget',
  namespaced: true,
  subresources: { status: true, scale: { specReplicasPath: '.spec.size', statusReplicasPath: '.status.size', labelSelectorPath: '.status.selector' } },
};

// the client beforeAll opened, if it got that far: afterAll closes only what exists
let rest: RestClient | undefined;
let widgets: TypedClient<Widget, WidgetList>;
let crdName: string;

function widget(name: string, size = 1, labels?: Record<string, string>): Widget {
  return { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name, labels }, spec: { size } };
}

async function caught(p: Promise<unknown>): Promise<StatusError> {
  try {
    await p;
  } catch (e) {
    return e as StatusError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-client-e2e-'));
  try {
    fs.mkdirSync(path.join(dir, GROUP, 'v1'), { recursive: true });
    fs.writeFileSync(path.join(dir, GROUP, 'v1', 'doc.ts'), `// +groupName=${GROUP}\n`);
    fs.writeFileSync(path.join(dir, GROUP, 'v1', 'widget.ts'), API);
    const [file] = generateCrdFiles(dir);
    const crd = parse(present(file, 'the generated CRD').contents) as Crd;
    crdName = crd.metadata.name;
    const applied = await applyCrd(e2e.kube, crd);
    expect(applied.status).toBe(201);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const { url, ca, token } = e2e.connection;
  const client = createRestClient(fromOptions({ server: url, ca, token }));
  rest = client;
  widgets = new TypedClient(client, descriptor, e2e.namespace);
  // The CRD is Established; the first request can still race discovery, so wait for the resource to serve.
  await e2e.kube.eventually('widgets to be served', async () => ((await widgets.list().then(() => true, () => false)) ? true : undefined));
});

afterAll(async () => {
  // Runs after useE2e's own afterAll has closed its helper client, so the CRD goes through ours.
  if (crdName && rest) await rest.request({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}` });
  await rest?.close();
});

test('create, get, update, delete round trip with server-set metadata', async () => {
  const created = await widgets.create(widget('round-trip', 2));
  expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
  expect(created.metadata?.generation).toBe(1);
  const got = await widgets.get('round-trip');
  expect(got.spec.size).toBe(2);
  got.spec.size = 3;
  const updated = await widgets.update(got);
  expect(updated.metadata?.generation).toBe(2);
  expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(Number(created.metadata?.resourceVersion));
  await widgets.delete('round-trip');
  expect(isNotFound(await caught(widgets.get('round-trip')))).toBe(true);
});

test('typed errors: not found, already exists, conflict on a stale resourceVersion, invalid with causes', async () => {
  const notFound = await caught(widgets.get('nope'));
  expect(isNotFound(notFound)).toBe(true);
  expect(notFound.code).toBe(404);

  await widgets.create(widget('dup'));
  expect(isAlreadyExists(await caught(widgets.create(widget('dup'))))).toBe(true);

  const first = await widgets.get('dup');
  const stale = structuredClone(first);
  first.spec.size = 5;
  await widgets.update(first);
  stale.spec.size = 6;
  const conflict = await caught(widgets.update(stale));
  expect(isConflict(conflict)).toBe(true);
  expect(conflict.code).toBe(409);

  const invalid = await caught(widgets.create({ ...widget('bad'), spec: { size: -1, color: 'purple' } }));
  expect(isInvalid(invalid)).toBe(true);
  // The apiserver may name a field twice (schema and value validation), with or without a leading dot.
  const fields = new Set((invalid.status.details?.causes ?? []).map((c) => (c.field ?? '').replace(/^\./, '')));
  expect([...fields].sort()).toEqual(['spec.color', 'spec.size']);
});

test('dryRun validates and admits but does not persist', async () => {
  const dry = await widgets.create(widget('dry', 4), { dryRun: true });
  expect(dry.metadata?.name).toBe('dry');
  expect(isNotFound(await caught(widgets.get('dry')))).toBe(true);
  await widgets.create(widget('dry-delete'));
  await widgets.delete('dry-delete', { dryRun: true });
  expect((await widgets.get('dry-delete')).metadata?.name).toBe('dry-delete');
});

test('pagination: limit=2 over 10 objects visits every object once, page by page', async () => {
  const labels = { batch: 'pages' };
  for (let i = 0; i < 10; i++) await widgets.create(widget(`page-${String(i).padStart(2, '0')}`, i, labels));
  const first = await widgets.list({ labelSelector: 'batch=pages', limit: 2 });
  expect(first.items).toHaveLength(2);
  expect(first.metadata?.continue).toBeTruthy();
  const pages: number[] = [];
  const names: string[] = [];
  for await (const page of widgets.listPages({ labelSelector: 'batch=pages', limit: 2 })) {
    pages.push(page.items.length);
    names.push(...page.items.map((w) => w.metadata!.name!));
  }
  expect(pages).toEqual([2, 2, 2, 2, 2]);
  expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `page-${String(i).padStart(2, '0')}`));
  const all: string[] = [];
  for await (const w of widgets.listAll({ labelSelector: { matchLabels: labels }, limit: 3 })) all.push(w.metadata!.name!);
  expect(all).toEqual(names);
});

test('label and field selectors', async () => {
  await widgets.create(widget('sel-a', 1, { tier: 'web', env: 'prod' }));
  await widgets.create(widget('sel-b', 1, { tier: 'db', env: 'prod' }));
  const names = async (opts: Parameters<typeof widgets.list>[0]) => (await widgets.list(opts)).items.map((w) => w.metadata!.name).sort();
  expect(await names({ labelSelector: 'env=prod,tier in (web)' })).toEqual(['sel-a']);
  expect(await names({ labelSelector: 'env=prod,tier!=web' })).toEqual(['sel-b']);
  expect(await names({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'Exists' }] } })).toEqual(['sel-a', 'sel-b']);
  expect(await names({ fieldSelector: 'metadata.name=sel-b' })).toEqual(['sel-b']);
});

test('watch from a resourceVersion receives the events in order', async () => {
  const start = await widgets.create(widget('watched', 1));
  const w = await widgets.watch({ resourceVersion: start.metadata!.resourceVersion, fieldSelector: 'metadata.name=watched' });
  const seen: Array<WatchEvent<Widget>> = [];
  const done = (async () => {
    for await (const ev of w) {
      seen.push(ev);
      if (ev.type === 'DELETED') break;
    }
  })();
  const got = await widgets.get('watched');
  got.spec.size = 2;
  await widgets.update(got);
  await widgets.patch('watched', 'application/merge-patch+json', { spec: { size: 3 } });
  await widgets.delete('watched');
  await done;
  expect(seen.map((e) => [e.type, e.object.spec.size])).toEqual([
    ['MODIFIED', 2],
    ['MODIFIED', 3],
    ['DELETED', 3],
  ]);
  const rvs = seen.map((e) => Number(e.object.metadata!.resourceVersion));
  expect([...rvs].sort((a, b) => a - b)).toEqual(rvs);
});

test('watch with allowWatchBookmarks and sendInitialEvents ends the initial state with a bookmark', async () => {
  await widgets.create(widget('bookmarked', 1, { batch: 'bookmarks' }));
  const w = await widgets.watch({ labelSelector: 'batch=bookmarks', allowWatchBookmarks: true, sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' });
  const types: string[] = [];
  for await (const ev of w) {
    types.push(ev.type);
    if (ev.type === 'BOOKMARK') {
      expect(ev.object.metadata?.resourceVersion).toBeTruthy();
      break;
    }
  }
  expect(types).toEqual(['ADDED', 'BOOKMARK']);
});

test('patches: JSON patch and merge patch', async () => {
  await widgets.create(widget('patched', 1));
  const merged = await widgets.patch('patched', 'application/merge-patch+json', { spec: { color: 'red' } });
  expect(merged.spec).toEqual({ size: 1, color: 'red' });
  const jsonPatched = await widgets.patch('patched', 'application/json-patch+json', [
    { op: 'test', path: '/spec/size', value: 1 },
    { op: 'replace', path: '/spec/size', value: 7 },
    { op: 'remove', path: '/spec/color' },
  ]);
  expect(jsonPatched.spec).toEqual({ size: 7 });
});

test('server-side apply: owned fields, conflicts between managers, and force', async () => {
  const applied = await widgets.apply(
    { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'applied' }, spec: { size: 1, color: 'green' } },
    { fieldManager: 'alice' },
  );
  expect(applied.spec).toEqual({ size: 1, color: 'green' });
  const conflict = await caught(
    widgets.apply({ apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'applied' }, spec: { size: 1, color: 'blue' } }, { fieldManager: 'bob' }),
  );
  expect(isConflict(conflict)).toBe(true);
  expect(conflict.message).toContain('alice');
  const forced = await widgets.apply(
    { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'applied' }, spec: { size: 1, color: 'blue' } },
    { fieldManager: 'bob', force: true },
  );
  expect(forced.spec.color).toBe('blue');
});

test('status subresource: status is ignored on update and written through updateStatus and applyStatus', async () => {
  const created = await widgets.create({ ...widget('status', 1), status: { phase: 'Ignored' } });
  expect(created.status).toBeUndefined();
  const withStatus = await widgets.updateStatus({ ...created, status: { phase: 'Running' } });
  expect(withStatus.status?.phase).toBe('Running');
  expect(withStatus.metadata?.generation).toBe(created.metadata?.generation);
  const again = await widgets.update({ ...withStatus, status: { phase: 'Overwritten' } });
  expect(again.status?.phase).toBe('Running');
  const applied = await widgets.applyStatus(
    { apiVersion: `${GROUP}/v1`, kind: 'Widget', metadata: { name: 'status' }, status: { phase: 'Applied' } },
    { fieldManager: 'status-writer', force: true },
  );
  expect(applied.status?.phase).toBe('Applied');
});

test('scale subresource reads and writes the declared replica path', async () => {
  await widgets.create(widget('scaled', 2));
  const scale = await widgets.getScale('scaled');
  expect(scale.spec?.replicas).toBe(2);
  const updated = await widgets.updateScale('scaled', { ...scale, spec: { replicas: 5 } });
  expect(updated.spec?.replicas).toBe(5);
  expect((await widgets.get('scaled')).spec.size).toBe(5);
});

test('delete preconditions and deleteCollection', async () => {
  const obj = await widgets.create(widget('precondition'));
  const mismatch = await caught(widgets.delete('precondition', { preconditions: { uid: '00000000-0000-0000-0000-000000000000' } }));
  expect(isConflict(mismatch)).toBe(true);
  await widgets.delete('precondition', { preconditions: { uid: obj.metadata!.uid, resourceVersion: obj.metadata!.resourceVersion }, propagationPolicy: 'Background' });
  expect(isNotFound(await caught(widgets.get('precondition')))).toBe(true);

  for (const n of ['c1', 'c2', 'c3']) await widgets.create(widget(`coll-${n}`, 1, { batch: 'collection' }));
  await widgets.create(widget('coll-keep', 1, { batch: 'other' }));
  await widgets.deleteCollection({}, { labelSelector: 'batch=collection' });
  const left = (await widgets.list({ labelSelector: 'batch in (collection,other)' })).items.map((w) => w.metadata!.name);
  expect(left).toEqual(['coll-keep']);
});

test('over HTTP/2 (transport.http2): the apiserver negotiates h2; create, list, watch and errors go over one connection', async () => {
  const { url, ca, token } = e2e.connection;
  const origin = new URL(url).origin;
  const transport = new NodeHttp2Transport(origin, { tls: { ca } });
  const h2 = new RestClient({ server: url, transport, headers: () => ({ authorization: `Bearer ${token}` }) });
  try {
    const client = new TypedClient(h2, descriptor, e2e.namespace);
    const created = await client.create(widget('over-h2', 3));
    expect(transport.protocol).toBe('h2');
    const ac = new AbortController();
    const watch = await client.watch({ resourceVersion: created.metadata!.resourceVersion, signal: ac.signal });
    await client.update({ ...created, spec: { ...created.spec, size: 4 } });
    for await (const ev of watch) {
      expect(ev).toMatchObject({ type: 'MODIFIED', object: { metadata: { name: 'over-h2' }, spec: { size: 4 } } });
      break;
    }
    ac.abort();
    expect((await client.list()).items.map((w) => w.metadata!.name)).toContain('over-h2');
    expect(isNotFound(await caught(client.get('missing-over-h2')))).toBe(true);
  } finally {
    await h2.close();
  }
});
