/**
 * `@kubegen/apiserver` end to end, directly against the TypeScript server (HTTPS, its own etcd from the envtest
 * build): the wardle sample served from its generated package and CRDs with no code of its own, driven by the
 * generated wardle clientset — CRUD in both versions, list pagination, watch, conflicts, the status subresource, the
 * sample's BanFlunder admission plugin, and a restart of the server with nothing lost.
 *
 * Conformance with kube-apiserver (the shared control plane) serving the same kind as a CRD: a CronTab of a group of
 * this file's own is served by both — the TypeScript server from the generated stable.example.com v1 module, the
 * kube-apiserver from the same CRD — and their Table output, OpenAPI v3 document and aggregated discovery entry are
 * compared, and so are their answers to the same list and watch questions about resourceVersion (unset, "0",
 * NotOlderThan, Exact, the invalid combinations, a future one, limit, watch from a revision, sendInitialEvents, watch
 * from a revision older than the watch cache's window) — both with their watch caches on.
 *
 * Through the kube-apiserver's aggregator (an APIService in front of this server) is the next step: the shared
 * control plane is not started with the requestheader / proxy-client flags it needs.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import * as stable from '@kubegen-generated/stable.example.com';
import { APIServer, apiGroupFromPackage, type APIGroupDefinition } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';
import { isConflict, isForbidden, isNotFound, isInvalid, isJsonObject, type JsonObject, type JsonValue } from '@kubegen/runtime';
import { makeServingCertificates, readCrdFiles } from '@kubegen/runtime/testing';
import { banFlunder } from '../../examples/wardle-apiserver/src/banflunder';
import { startTestEtcd, type TestEtcd } from '../unit/helpers/etcd';
import { applyCrd, deleteCrd } from './support/crds';
import { Agent, request } from 'undici';
import { Kube, type KubeResponse } from './support/kube';
import { useE2e } from './support/namespace';

jest.setTimeout(120_000);

const CRDS = path.resolve(__dirname, '../../generated/wardle.example.com/crds');
const NS = 'kubegen-apiserver-e2e';
/** The group of this file's CronTab, served by both servers. */
const TABLE_GROUP = 'apiserver-e2e.kubegen.io';

const e2e = useE2e(__filename);

/** The generated CronTab CRD in this file's group, its v1 only (one version: nothing to convert). */
function crontabCrd(): JsonObject {
  const spec = readCrdFiles([path.resolve(__dirname, '../../generated/stable.example.com/crds')]).find((c) => c.spec?.names?.kind === 'CronTab')?.spec;
  const v1 = spec?.versions?.find((v) => v.name === 'v1');
  if (!spec || !v1) throw new Error('no CronTab CRD with a v1 in generated/stable.example.com');
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `crontabs.${TABLE_GROUP}` },
    spec: { ...spec, group: TABLE_GROUP, names: { ...spec.names, shortNames: ['kgct'] }, versions: [{ ...withScaleStatus(v1), storage: true }] },
  };
}

/** A CRD version (a copy) with the scale subresource: spec.replicas, and status.replicas and status.selector added to its status schema. */
function withScaleStatus(v: unknown): JsonObject {
  const object = (x: unknown): JsonObject => (isJsonObject(x) ? x : {});
  const version = object(JSON.parse(JSON.stringify(v)));
  const schema = object(object(version.schema).openAPIV3Schema);
  const props = object(schema.properties);
  const status = object(props.status);
  props.status = { ...status, properties: { ...object(status.properties), replicas: { type: 'integer', format: 'int32' }, selector: { type: 'string' } } };
  return { ...version, schema: { openAPIV3Schema: { ...schema, properties: props } }, subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } } };
}
const CRONTAB_CRD = crontabCrd();
const CRONTAB_CRD_NAME = `crontabs.${TABLE_GROUP}`;

let etcd: TestEtcd;
let storage: EtcdStorage;
let server: APIServer;
let group: APIGroupDefinition;
let cs: wardle.WardleClientset;
let crontabGroup: APIGroupDefinition;
let ours: Kube;
let port = 0;
const certs = makeServingCertificates({ hosts: ['127.0.0.1'] });

async function startServer(port = 0): Promise<string> {
  server = new APIServer({ groups: [group, crontabGroup], storage, tls: { cert: certs.cert, key: certs.key }, admission: [banFlunder] });
  return server.listen(port);
}

/** The error a request failed with (the test fails if it succeeded). */
async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error('the request succeeded'),
    (err: unknown) => err,
  );
}

beforeAll(async () => {
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint], bookmarkIntervalMs: 500 });
  group = apiGroupFromPackage(wardle, readCrdFiles([CRDS]));
  // The v1 module alone: the CRD's group is this file's, not stable.example.com's converters'.
  crontabGroup = apiGroupFromPackage({ v1: stable.v1 }, [CRONTAB_CRD]);
  // one write before the server starts: revision 1 then precedes its watch caches' lists, as on any cluster
  await storage.create('/registry/kubegen-e2e/started', { metadata: { name: 'started' } });
  const url = await startServer();
  port = Number(new URL(url).port);
  cs = new wardle.WardleClientset({ server: url, tls: { ca: certs.caCert } });
  ours = new Kube({ url, ca: certs.caCert, token: '' });
  const applied = await applyCrd(e2e.kube, { metadata: { name: CRONTAB_CRD_NAME }, ...CRONTAB_CRD });
  if (applied.error !== undefined) throw new Error(`the CronTab CRD was refused: ${applied.error}`);
});

afterAll(async () => {
  // useE2e's afterAll has closed e2e.kube: a client of our own removes the CRD.
  const kube = new Kube(e2e.connection);
  await deleteCrd(kube, CRONTAB_CRD_NAME);
  await kube.close();
  await ours.close();
  await server.close();
  await storage.close();
  await etcd.stop();
});

it('creates, reads, updates and deletes Flunders and Fischers in both versions', async () => {
  const beta = cs.wardleV1beta1();
  const alpha = cs.wardleV1alpha1();
  const created = await beta.flunders(NS).create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'f1' }, spec: { reference: 'fi1', referenceType: 'Fischer' } });
  expect(created.metadata?.uid).toBeTruthy();
  const asAlpha = await alpha.flunders(NS).get('f1');
  expect(asAlpha.apiVersion).toBe('wardle.example.com/v1alpha1');
  expect(asAlpha.spec).toEqual({ reference: 'fi1', referenceType: 'Fischer' });

  const fischer = await beta.fischers().create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { generateName: 'fi-' }, disallowedFlunders: ['x'] });
  expect(fischer.metadata?.name).toMatch(/^fi-.{5}$/);
  await beta.fischers().delete(fischer.metadata?.name ?? '');
  expect(isNotFound(await failure(beta.fischers().get(fischer.metadata?.name ?? '')))).toBe(true);

  const updated = await beta.flunders(NS).update({ ...created, spec: { reference: 'f0', referenceType: 'Flunder' } });
  expect(updated.metadata?.generation).toBe(2);
  const patched = await beta.flunders(NS).patch('f1', 'application/merge-patch+json', { metadata: { labels: { tier: 'gold' } } });
  expect(patched.metadata?.labels).toEqual({ tier: 'gold' });

  const invalid = await failure(beta.flunders(NS).create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'bad' }, spec: { referenceType: 'Other' as 'Flunder' } }));
  expect(isInvalid(invalid)).toBe(true);
  await beta.flunders(NS).delete('f1');
  expect(isNotFound(await failure(beta.flunders(NS).get('f1')))).toBe(true);
});

it('answers a stale update with 409 Conflict and keeps the status for the status subresource', async () => {
  const flunders = cs.wardleV1beta1().flunders(NS);
  const created = await flunders.create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'c1' }, spec: { reference: 'a' } });
  await flunders.update({ ...created, spec: { reference: 'b' } });
  expect(isConflict(await failure(flunders.update({ ...created, spec: { reference: 'c' } })))).toBe(true);
  const current = await flunders.get('c1');
  const withStatus = await flunders.updateStatus({ ...current, status: { observedGeneration: 2 } });
  expect(withStatus.status).toEqual({ observedGeneration: 2 });
  const mainUpdate = await flunders.update({ ...withStatus, status: { observedGeneration: 99 } });
  expect(mainUpdate.status).toEqual({ observedGeneration: 2 });
  await flunders.delete('c1');
});

it('lists in pages with continue tokens, and by label', async () => {
  const flunders = cs.wardleV1beta1().flunders(NS);
  for (let i = 0; i < 5; i++) {
    await flunders.create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: `p${i}`, labels: { even: String(i % 2 === 0) } } });
  }
  const first = await flunders.list({ limit: 2 });
  expect(first.items.map((f) => f.metadata?.name)).toEqual(['p0', 'p1']);
  expect(first.metadata?.remainingItemCount).toBe(3);
  const names: string[] = [];
  for await (const page of flunders.listPages({ limit: 2 })) names.push(...page.items.map((f) => f.metadata?.name ?? ''));
  expect(names).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  expect((await flunders.list({ labelSelector: 'even=true' })).items.map((f) => f.metadata?.name)).toEqual(['p0', 'p2', 'p4']);
  await flunders.deleteCollection({}, { labelSelector: 'even' });
  expect((await flunders.list()).items).toEqual([]);
});

it('watches from a resourceVersion: added, modified, deleted, in order', async () => {
  const flunders = cs.wardleV1beta1().flunders(NS);
  const start = await flunders.list();
  const watch = await flunders.watch({ resourceVersion: start.metadata?.resourceVersion ?? '' });
  await flunders.create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'w1' } });
  await flunders.patch('w1', 'application/merge-patch+json', { spec: { reference: 'r' } });
  await flunders.delete('w1');
  const seen: string[] = [];
  for await (const e of watch) {
    seen.push(`${e.type} ${e.object.metadata?.name ?? ''}`);
    if (seen.length === 3) break;
  }
  watch.stop();
  expect(seen).toEqual(['ADDED w1', 'MODIFIED w1', 'DELETED w1']);
});

it('keeps everything across a restart of the server (the state is in etcd)', async () => {
  const flunders = cs.wardleV1beta1().flunders(NS);
  const created = await flunders.create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'durable' }, spec: { reference: 'x' } });
  await server.close();
  await startServer(port);
  const again = await flunders.get('durable');
  expect(again.metadata?.uid).toBe(created.metadata?.uid);
  expect(again.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
  await flunders.delete('durable');
});

it("refuses a Flunder whose name a Fischer disallows (the sample's BanFlunder), and only that", async () => {
  const beta = cs.wardleV1beta1();
  await beta.fischers().create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'e2e-banner' }, disallowedFlunders: ['e2e-banned'] });
  const err = await failure(beta.flunders(NS).create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'e2e-banned' } }));
  expect(isForbidden(err)).toBe(true);
  expect(err instanceof Error ? err.message : '').toContain('flunders.wardle.example.com "e2e-banned" is forbidden: this name may not be used, please change the resource name');
  expect(isNotFound(await failure(beta.flunders(NS).get('e2e-banned')))).toBe(true);
  await beta.flunders(NS).create({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'e2e-welcome' } });
  await beta.flunders(NS).delete('e2e-welcome');
  await beta.fischers().delete('e2e-banner');
});

const obj = (v: JsonValue | undefined): JsonObject => (isJsonObject(v) ? v : {});
/**
 * A Status's causes in a canonical order: structured-merge-diff lists an apply's conflicts manager by manager in Go map
 * order (ConflictsFromManagers), so kube-apiserver's own order changes from one request to the next; the message
 * sorts the managers, the causes do not.
 */
const causesOf = (status: JsonObject): JsonValue => {
  const causes = obj(status.details).causes;
  return Array.isArray(causes) ? [...causes].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0)) : (causes ?? null);
};
const list = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : '');
/** A response's JSON object (kube-apiserver labels its OpenAPI v3 index text/plain: parsed here). */
function body(r: KubeResponse): JsonObject {
  const parsed: unknown = typeof r.body === 'string' && r.body.startsWith('{') ? JSON.parse(r.body) : r.body;
  return isJsonObject(parsed) ? parsed : {};
}

const collection = (ns: string) => `/apis/${TABLE_GROUP}/v1/namespaces/${ns}/crontabs`;
/** The two servers of the CronTab: kube-apiserver (the CRD) and this file's TypeScript server, each at its collection. */
const servers = () => [
  { name: 'kube-apiserver', kube: e2e.kube, path: collection(e2e.namespace) },
  { name: 'kubegen', kube: ours, path: collection(e2e.namespace) },
];

describe('conformance with kube-apiserver serving the same kind as a CRD', () => {
  const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io';
  const crontab = (name: string, spec: JsonObject): JsonObject => ({ apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name }, spec });

  it('answers the same Table for a list and a get, with each includeObject, and the same errors', async () => {
    const answers: JsonObject[][] = [];
    for (const s of servers()) {
      for (const [name, spec] of [
        ['ct-a', { schedule: '*/5 * * * *', image: 'busybox', replicas: 3 }],
        ['ct-b', { schedule: '0 0 * * *', image: 'busybox' }],
      ] as const) {
        const res = await s.kube.post(s.path, crontab(name, spec));
        expect([s.name, res.status]).toEqual([s.name, 201]);
      }
      const got: JsonObject[] = [];
      for (const q of ['', '?includeObject=None', '?includeObject=Object', '?includeObject=Metadata']) got.push(body(await s.kube.get(`${s.path}${q}`, { headers: { accept: TABLE } })));
      got.push(body(await s.kube.get(`${s.path}/ct-a`, { headers: { accept: TABLE } })));
      const bad = await s.kube.get(`${s.path}?includeObject=All`, { headers: { accept: TABLE } });
      got.push({ code: bad.status, message: body(bad).message ?? null });
      const notAcceptable = await s.kube.get(s.path, { headers: { accept: 'application/json;as=Table;v=v2;g=meta.k8s.io' } });
      got.push({ code: notAcceptable.status, reason: body(notAcceptable).reason ?? null });
      answers.push(got);
      for (const name of ['ct-a', 'ct-b']) await s.kube.delete(`${s.path}/${name}`);
    }
    const [kube = [], mine = []] = answers;
    /** What must agree: everything but the objects' own uid, resourceVersion and creation time (and managedFields: this server does not track field managers). */
    const comparable = (t: JsonObject) => ({
      ...t,
      metadata: Object.keys(obj(t.metadata)).sort(),
      rows: list(t.rows).map((r) => {
        const row = obj(r);
        const o = obj(row.object);
        const metadata = Object.keys(obj(o.metadata)).filter((k) => k !== 'managedFields');
        return { cells: row.cells, object: row.object === null ? null : { kind: o.kind, apiVersion: o.apiVersion, spec: o.spec ?? null, metadata: metadata.sort() } };
      }),
    });
    expect(mine.map(comparable)).toEqual(kube.map(comparable));
    // and the cells are the printer columns'
    expect(list(kube[0]?.rows).map((r) => obj(r).cells)).toEqual([
      ['ct-a', '*/5 * * * *', 3],
      ['ct-b', '0 0 * * *', 1],
    ]);
  });

  it('publishes the same OpenAPI v3 document: paths, operations, kind schemas; its meta types a subset of the apiserver', async () => {
    const docs: JsonObject[] = [];
    for (const s of servers()) {
      // kube-apiserver publishes a CRD's document a moment after the CRD is established
      const url = await s.kube.eventually(`${s.name} to publish apis/${TABLE_GROUP}/v1`, async () => {
        const u = obj(obj(body(await s.kube.get('/openapi/v3')).paths)[`apis/${TABLE_GROUP}/v1`]).serverRelativeURL;
        return typeof u === 'string' ? u : undefined;
      });
      expect([s.name, url]).toEqual([s.name, expect.stringMatching(/\?hash=[0-9A-F]{128}$/)]);
      const res = await s.kube.get(url);
      expect([s.name, res.status]).toEqual([s.name, 200]);
      docs.push(body(res));
    }
    const [kube = {}, mine = {}] = docs;
    const paths = (d: JsonObject) => obj(d.paths);
    expect(Object.keys(paths(mine)).sort()).toEqual(Object.keys(paths(kube)).sort());
    for (const p of Object.keys(paths(kube))) {
      const theirs = obj(paths(kube)[p]);
      const item = obj(paths(mine)[p]);
      const methods = (i: JsonObject) => Object.keys(i).filter((m) => m !== 'parameters').sort();
      expect([p, methods(item)]).toEqual([p, methods(theirs)]);
      const names = (ps: JsonValue | undefined) => list(ps).map((x) => obj(x).name);
      for (const m of methods(theirs)) {
        const a = obj(item[m]);
        const b = obj(theirs[m]);
        const view = (o: JsonObject) => ({ operationId: o.operationId, action: o['x-kubernetes-action'], gvk: o['x-kubernetes-group-version-kind'], tags: o.tags });
        expect([p, m, view(a)]).toEqual([p, m, view(b)]);
        // what this server documents it honours: a part of what the apiserver documents
        const theirParams = new Set([...names(b.parameters), ...names(theirs.parameters)]);
        expect([p, m, [...names(a.parameters), ...names(item.parameters)].filter((n) => !theirParams.has(n))]).toEqual([p, m, []]);
        const types = (o: JsonObject) => Object.keys(obj(obj(o.requestBody).content));
        expect([p, m, types(a).filter((t) => !types(b).includes(t))]).toEqual([p, m, []]);
        const codes = (o: JsonObject) => Object.keys(obj(o.responses));
        expect([p, m, codes(a).filter((c) => !codes(b).includes(c))]).toEqual([p, m, []]);
      }
    }
    const schemas = (d: JsonObject) => obj(obj(d.components).schemas);
    const kind = `io.kubegen.apiserver-e2e.v1.CronTab`;
    for (const name of [kind, `${kind}List`]) expect([name, schemas(mine)[name]]).toEqual([name, schemas(kube)[name]]);
    const strip = (v: JsonValue | undefined): JsonValue | undefined =>
      Array.isArray(v) ? v.map((x) => strip(x) ?? null) : isJsonObject(v) ? Object.fromEntries(Object.keys(v).filter((k) => k !== 'description' && k !== 'x-kubernetes-group-version-kind').map((k) => [k, strip(v[k]) ?? null])) : v;
    for (const name of Object.keys(schemas(mine)).filter((n) => n.startsWith('io.k8s.'))) {
      expect({ name, schema: strip(schemas(kube)[name]) }).toMatchObject({ name, schema: obj(strip(schemas(mine)[name])) });
    }
  });

  it("lists the group in aggregated discovery as the apiserver lists the CRD's", async () => {
    const entries: JsonObject[] = [];
    for (const s of servers()) {
      const res = await s.kube.get('/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } });
      expect([s.name, res.headers['content-type']]).toEqual([s.name, 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList']);
      const entry = list(body(res).items).map(obj).find((i) => obj(i.metadata).name === TABLE_GROUP);
      entries.push(entry ?? {});
    }
    const sortVerbs = (e: JsonObject): JsonObject => ({
      ...e,
      versions: list(e.versions).map((v) => ({ ...obj(v), resources: list(obj(v).resources).map((r) => ({ ...obj(r), verbs: list(obj(r).verbs).map(String).sort() })) })),
    });
    const [kube = {}, mine = {}] = entries;
    expect(sortVerbs(mine)).toEqual(sortVerbs(kube));
    expect(list(kube.versions)).toHaveLength(1);
  });
  /** What must agree of an error: the status, and the Status's reason, code and message (its numbers elided: they name revisions). */
  const failed = (status: number, b: JsonObject): JsonValue => ({ status, reason: b.reason ?? null, code: b.code ?? null, message: str(b.message).replace(/\d+/g, 'N') });

  /** The first `n` events of a watch (type, name, and a bookmark's initial-events-end annotation), read as they arrive; or its error. */
  async function firstEvents(conn: { url: string; ca: string; token: string }, path: string, n: number, accept = 'application/json', shapeEvent: (e: JsonObject) => JsonValue = eventTuple): Promise<JsonValue> {
    const agent = new Agent({ connect: { ca: conn.ca } });
    const ac = new AbortController();
    const events: JsonValue[] = [];
    try {
      const res = await request(`${conn.url}${path}`, { headers: { accept, authorization: `Bearer ${conn.token}` }, dispatcher: agent, signal: ac.signal });
      if (res.statusCode !== 200) {
        const parsed: unknown = JSON.parse(await res.body.text());
        return failed(res.statusCode, isJsonObject(parsed) ? parsed : {});
      }
      let buffered = '';
      for await (const chunk of res.body) {
        buffered += String(chunk);
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0 && events.length < n) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          const parsed: unknown = JSON.parse(line);
          events.push(shapeEvent(isJsonObject(parsed) ? parsed : {}));
        }
        if (events.length >= n) break;
      }
      return events;
    } finally {
      ac.abort();
      await agent.destroy();
    }
  }

  /** An event as type, name, and a bookmark's initial-events-end annotation. */
  function eventTuple(e: JsonObject): JsonValue {
    const meta = obj(obj(e.object).metadata);
    return [str(e.type), str(meta.name), str(obj(meta.annotations)['k8s.io/initial-events-end'])];
  }

  /** A Table event as what must agree: its type, the Table's kind and metadata keys, its columns' names, its rows' cells and objects' kinds and names. */
  function tableEvent(e: JsonObject): JsonValue {
    const t = obj(e.object);
    return {
      type: str(e.type),
      kind: str(t.kind),
      apiVersion: str(t.apiVersion),
      metadata: Object.keys(obj(t.metadata)).sort(),
      columns: Array.isArray(t.columnDefinitions) ? t.columnDefinitions.map((c) => str(obj(c).name)) : Object.hasOwn(t, 'columnDefinitions') ? (t.columnDefinitions ?? null) : 'absent',
      rows: Array.isArray(t.rows)
        ? t.rows.map((r) => {
            const row = obj(r);
            const o = obj(row.object);
            const meta = obj(o.metadata);
            return { cells: row.cells ?? null, object: row.object === null ? null : { kind: o.kind ?? null, apiVersion: o.apiVersion ?? null, name: str(meta.name), spec: o.spec ?? null, annotations: obj(meta.annotations) } };
          })
        : null,
    };
  }

  it('answers a watch asking for Tables (kubectl get -w) with the same events, one row each', async () => {
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const conn = s.name === 'kubegen' ? { url: `https://127.0.0.1:${port}`, ca: certs.caCert, token: '' } : e2e.connection;
      // The revision to watch from is an object's (a fresh CRD's watch cache starts after its first list's revision).
      const seed = await s.kube.post(s.path, crontab('tw-0', { schedule: '* * * * *', image: 'seed' }));
      expect([s.name, seed.status]).toEqual([s.name, 201]);
      const rv0 = str(obj(body(seed).metadata).resourceVersion);
      expect([s.name, (await s.kube.post(s.path, crontab('tw-a', { schedule: '*/5 * * * *', image: 'one', replicas: 2 }))).status]).toEqual([s.name, 201]);
      expect([s.name, (await s.kube.patch(`${s.path}/tw-a`, { spec: { image: 'two' } })).status]).toEqual([s.name, 200]);
      expect([s.name, (await s.kube.delete(`${s.path}/tw-a`)).status]).toEqual([s.name, 200]);
      const got: Record<string, JsonValue> = {};
      for (const [q, query, n] of [
        ['metadata', `resourceVersion=${rv0}`, 3],
        ['object', `resourceVersion=${rv0}&includeObject=Object`, 3],
        ['none', `resourceVersion=${rv0}&includeObject=None`, 3],
        ['bad includeObject', `resourceVersion=${rv0}&includeObject=All`, 1],
      ] as const) {
        got[q] = await firstEvents(conn, `${s.path}?watch=true&timeoutSeconds=1&${query}`, n, TABLE, tableEvent);
      }
      got['initial events and a bookmark'] = await firstEvents(conn, `${s.path}?watch=true&timeoutSeconds=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true`, 2, TABLE, tableEvent);
      const notAcceptable = await firstEvents(conn, `${s.path}?watch=true&timeoutSeconds=1`, 1, 'application/json;as=Table;v=v2;g=meta.k8s.io', tableEvent);
      // (the media types its message lists are kube-apiserver's serializers, which this server does not all have)
      got['v2 not acceptable'] = { ...obj(notAcceptable), message: null };
      answers.push(got);
      await s.kube.delete(`${s.path}/tw-0`);
    }
    const [kube = {}, mine = {}] = answers;
    expect(mine).toEqual(kube);
    // and these are Tables of one row each, the printer columns'
    expect(kube['initial events and a bookmark']).toMatchObject([{ type: 'ADDED' }, { type: 'BOOKMARK', kind: 'Table', columns: null, rows: [{ cells: ['', null, null] }] }]);
    expect(kube.metadata).toMatchObject([
      { type: 'ADDED', kind: 'Table', columns: ['Name', 'Schedule', 'Replicas'], rows: [{ cells: ['tw-a', '*/5 * * * *', 2], object: { kind: 'PartialObjectMetadata', name: 'tw-a' } }] },
      { type: 'MODIFIED', kind: 'Table', columns: null, rows: [{ cells: ['tw-a', '*/5 * * * *', 2] }] },
      { type: 'DELETED', kind: 'Table', columns: null, rows: [{ cells: ['tw-a', '*/5 * * * *', 2] }] },
    ]);
  });

  it('answers the same list and watch questions about resourceVersion (never comparing the revisions themselves)', async () => {
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const conn = s.name === 'kubegen' ? { url: `https://127.0.0.1:${port}`, ca: certs.caCert, token: '' } : e2e.connection;
      const rvOf = (r: KubeResponse) => str(obj(body(r).metadata).resourceVersion);
      const first = await s.kube.post(s.path, crontab('rv-a', { schedule: '* * * * *', image: 'one' }));
      expect([s.name, first.status]).toEqual([s.name, 201]);
      const rv1 = rvOf(first);
      const second = await s.kube.post(s.path, crontab('rv-b', { schedule: '* * * * *', image: 'one' }));
      expect([s.name, second.status]).toEqual([s.name, 201]);
      const rv2 = rvOf(second);
      // a first page before the writes below: its continue pages are read at its revision (from the watch cache's snapshots)
      const early = str(obj(body(await s.kube.get(`${s.path}?limit=1`)).metadata).continue);
      expect([s.name, (await s.kube.post(s.path, crontab('rv-c', { schedule: '* * * * *', image: 'one' }))).status]).toEqual([s.name, 201]);
      const updated = await s.kube.patch(`${s.path}/rv-a`, { spec: { image: 'two' } });
      expect([s.name, updated.status]).toEqual([s.name, 200]);
      const future = String(BigInt(rvOf(updated)) + 1_000_000n);
      const page = body(await s.kube.get(`${s.path}?limit=1`));
      const token = str(obj(page.metadata).continue);

      /** The shape of a list answer: the error's; or the items' names and images, whether `continue` is set. */
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        // an error that suggests a retry says it in Retry-After too (responsewriters.ErrorNegotiated)
        if (r.status !== 200) return { ...obj(failed(r.status, b)), retryAfter: r.headers['retry-after'] ?? null };
        const meta = obj(b.metadata);
        return { status: 200, items: list(b.items).map((i) => `${str(obj(obj(i).metadata).name)}:${str(obj(obj(i).spec).image)}`), continue: Boolean(meta.continue), remaining: meta.remainingItemCount ?? null };
      };
      const questions: [string, string][] = [
        ['list unset', ''],
        ['list 0', '?resourceVersion=0'],
        ['list old NotOlderThan', `?resourceVersion=${rv1}&resourceVersionMatch=NotOlderThan`],
        ['list old Exact', `?resourceVersion=${rv1}&resourceVersionMatch=Exact`],
        ['list old, no match', `?resourceVersion=${rv1}`],
        ['list Exact without RV', '?resourceVersionMatch=Exact'],
        ['list NotOlderThan without RV', '?resourceVersionMatch=NotOlderThan'],
        ['list Exact 0', '?resourceVersion=0&resourceVersionMatch=Exact'],
        ['list NotOlderThan 0', '?resourceVersion=0&resourceVersionMatch=NotOlderThan'],
        ['list unknown match', `?resourceVersion=${rv1}&resourceVersionMatch=Newest`],
        ['list match with continue', `?resourceVersion=${rv1}&resourceVersionMatch=NotOlderThan&continue=${encodeURIComponent(token)}`],
        ['list RV with continue', `?resourceVersion=${rv1}&continue=${encodeURIComponent(token)}`],
        ['list limit unset', '?limit=1'],
        ['list limit 0', '?limit=1&resourceVersion=0'],
        ['list limit old RV', `?limit=1&resourceVersion=${rv1}`],
        ['list limit old NotOlderThan', `?limit=1&resourceVersion=${rv1}&resourceVersionMatch=NotOlderThan`],
        ['list limit old Exact', `?limit=1&resourceVersion=${rv1}&resourceVersionMatch=Exact`],
        ['list future NotOlderThan', `?resourceVersion=${future}&resourceVersionMatch=NotOlderThan`],
        ['list Exact between writes', `?resourceVersion=${rv2}&resourceVersionMatch=Exact`],
        ['list limit Exact between writes', `?limit=1&resourceVersion=${rv2}&resourceVersionMatch=Exact`],
        ['list limit RV between writes', `?limit=1&resourceVersion=${rv2}`],
        ['list continue', `?limit=1&continue=${encodeURIComponent(token)}`],
        ['list continue of a page before writes', `?limit=1&continue=${encodeURIComponent(early)}`],
        ['list continue of a page before writes, no limit', `?continue=${encodeURIComponent(early)}`],
      ];
      const got: Record<string, JsonValue> = {};
      for (const [q, query] of questions) got[q] = shape(await s.kube.get(`${s.path}${query}`));
      // A watch answers its first events (or its error), read as they come; timeoutSeconds ends one that has fewer.
      const watches: [string, string, number][] = [
        ['watch from old RV', `resourceVersion=${rv1}`, 3],
        // before the watch cache's list (of the CRD's creation, of the server's start): older than its window
        ['watch from before the cache', 'resourceVersion=1', 1],
        ['watch 0', 'resourceVersion=0', 3],
        ['watch unset', '', 3],
        ['watch sendInitialEvents', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true', 4],
        ['watch sendInitialEvents old RV', `sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&resourceVersion=${rv1}`, 4],
        ['watch sendInitialEvents=false', 'sendInitialEvents=false&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true', 0],
        ['watch sendInitialEvents without bookmarks', 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan', 3],
        ['watch sendInitialEvents without match', 'sendInitialEvents=true&allowWatchBookmarks=true', 4],
        ['watch NotOlderThan without sendInitialEvents', `resourceVersion=${rv1}&resourceVersionMatch=NotOlderThan`, 3],
        ['watch sendInitialEvents unknown match', 'sendInitialEvents=true&resourceVersionMatch=Newest&allowWatchBookmarks=true', 4],
        ['watch Exact without sendInitialEvents', `resourceVersionMatch=Exact&resourceVersion=${rv1}`, 3],
        ['watch sendInitialEvents Exact', `sendInitialEvents=true&resourceVersionMatch=Exact&allowWatchBookmarks=true&resourceVersion=${rv1}`, 4],
      ];
      for (const [q, query, n] of watches) got[q] = await firstEvents(conn, `${s.path}?watch=true&timeoutSeconds=1${query ? `&${query}` : ''}`, n);
      answers.push(got);
      for (const name of ['rv-a', 'rv-b', 'rv-c']) await s.kube.delete(`${s.path}/${name}`);
    }
    const [kube = {}, mine = {}] = answers;
    expect(mine).toEqual(kube);
    // and the answers are the documented ones, not two servers failing alike
    expect(kube['list old Exact']).toEqual({ status: 200, items: ['rv-a:one'], continue: false, remaining: null });
    expect(kube['list limit 0']).toEqual({ status: 200, items: ['rv-a:two', 'rv-b:one', 'rv-c:one'], continue: false, remaining: null });
    expect(kube['list limit unset']).toEqual({ status: 200, items: ['rv-a:two'], continue: true, remaining: 2 });
    expect(kube['list future NotOlderThan']).toMatchObject({ status: 504, reason: 'Timeout', retryAfter: '1' });
    expect(kube['list Exact between writes']).toEqual({ status: 200, items: ['rv-a:one', 'rv-b:one'], continue: false, remaining: null });
    expect(kube['list limit Exact between writes']).toEqual({ status: 200, items: ['rv-a:one'], continue: true, remaining: 1 });
    expect(kube['list continue']).toEqual({ status: 200, items: ['rv-b:one'], continue: true, remaining: 1 });
    expect(kube['list continue of a page before writes']).toEqual({ status: 200, items: ['rv-b:one'], continue: false, remaining: null });
    expect(kube['list Exact without RV']).toMatchObject({ status: 422, reason: 'Invalid' });
    expect(kube['watch from before the cache']).toEqual([['ERROR', '', '']]);
    expect(kube['watch from old RV']).toEqual([['ADDED', 'rv-b', ''], ['ADDED', 'rv-c', ''], ['MODIFIED', 'rv-a', '']]);
    expect(kube['watch sendInitialEvents']).toEqual([['ADDED', 'rv-a', ''], ['ADDED', 'rv-b', ''], ['ADDED', 'rv-c', ''], ['BOOKMARK', '', 'true']]);
  });
});

describe('bad input: the answers of kube-apiserver serving the same kind as a CRD, and nothing stored', () => {
  const G = TABLE_GROUP;
  const good = (name: string, extra: JsonObject = {}): JsonObject => ({ apiVersion: `${G}/v1`, kind: 'CronTab', metadata: { name }, spec: { schedule: '* * * * *', image: 'one' }, ...extra });
  const MERGE = 'application/merge-patch+json';
  const JSONPATCH = 'application/json-patch+json';
  const YAML = 'application/yaml';
  /** Past kube-apiserver's 3 MiB limit of a request body. */
  const oversized = JSON.stringify(good('bad-big', { spec: { schedule: '* * * * *', image: 'x'.repeat(3 * 1024 * 1024) } }));
  /** [label, method, path after the collection, body (a string is sent as it is), content type] */
  type Case = [string, string, string, unknown?, string?];
  const cases = (other: string, rv: string): Case[] => [
    ['create: wrong kind', 'POST', '', { ...good('bad-kind'), kind: 'Other' }],
    ['create: kind of another group', 'POST', '', { ...good('bad-group'), apiVersion: 'other.example.com/v1' }],
    ['create: version not served', 'POST', '', { ...good('bad-version'), apiVersion: `${G}/v9` }],
    ['create: no kind', 'POST', '', { apiVersion: `${G}/v1`, metadata: { name: 'bad-nokind' }, spec: { schedule: '* * * * *', image: 'one' } }],
    ['create: no apiVersion', 'POST', '', { kind: 'CronTab', metadata: { name: 'bad-noapi' }, spec: { schedule: '* * * * *', image: 'one' } }],
    ['create: kind not a string', 'POST', '', { ...good('bad-kindtype'), kind: 5 }],
    ['create: an array', 'POST', '', '[]'],
    ['create: null', 'POST', '', 'null'],
    ['create: a string', 'POST', '', '"x"'],
    ['create: JSON cut short', 'POST', '', '{"apiVersion":'],
    ['create: JSON with an invalid character', 'POST', '', '{"apiVersion" 1}'],
    ['create: JSON with trailing data', 'POST', '', `${JSON.stringify(good('bad-trailing'))}x`],
    ['create: oversized', 'POST', '', oversized],
    ['create: another namespace in the body', 'POST', '', good('bad-ns', { metadata: { name: 'bad-ns', namespace: other } })],
    ['create: resourceVersion set', 'POST', '', good('bad-rv', { metadata: { name: 'bad-rv', resourceVersion: '5' } })],
    ['create: metadata not an object', 'POST', '', { ...good('x'), metadata: 'bad-meta' }],
    ['create: labels not strings', 'POST', '', good('bad-labels', { metadata: { name: 'bad-labels', labels: { a: 1 } } })],
    ['create: text/plain', 'POST', '', JSON.stringify(good('bad-text')), 'text/plain'],
    ['create: YAML', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata:\n  name: yaml-a\n  labels: {on: yes}\nspec:\n  schedule: '* * * * *'\n  image: one\n  replicas: 0x2\n`, YAML],
    ['create: YAML, a timestamp and an anchor', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata:\n  name: yaml-b\n  annotations: {when: 2001-12-14, a: &x one}\nspec:\n  schedule: '* * * * *'\n  image: *x\n`, YAML],
    ['create: YAML, two documents', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: yaml-c}\nspec: {schedule: '* * * * *', image: one}\n---\nkind: Other\n`, YAML],
    ['create: YAML syntax error', 'POST', '', `apiVersion: ${G}/v1\nkind: [CronTab\n`, YAML],
    ['create: YAML bad indentation', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\n metadata: {name: yaml-d}\n`, YAML],
    ['create: YAML duplicate key', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nkind: CronTab\nmetadata: {name: yaml-e}\n`, YAML],
    ['create: YAML duplicate key, strict', 'POST', '?fieldValidation=Strict', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: yaml-k}\nspec: {schedule: '* * * * *', image: one, image: two}\n`, YAML],
    ['create: YAML duplicate key, ignored', 'POST', '?fieldValidation=Ignore', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: yaml-l}\nspec: {schedule: '* * * * *', image: one, image: two}\n`, YAML],
    ['create: YAML unterminated quote', 'POST', '', `apiVersion: ${G}/v1\nkind: "CronTab\n`, YAML],
    ['create: YAML a tab as indentation', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata:\n\tname: yaml-m\n`, YAML],
    ['create: YAML mapping items misaligned', 'POST', '', `apiVersion: ${G}/v1\nmetadata:\n  labels:\n    - b\n name: yaml-n\n`, YAML],
    ['create: YAML a list', 'POST', '', '- a\n- b\n', YAML],
    ['create: YAML a string', 'POST', '', 'just text\n', YAML],
    ['create: YAML empty', 'POST', '', '', YAML],
    ['create: YAML no kind', 'POST', '', `apiVersion: ${G}/v1\nmetadata: {name: yaml-f}\n`, YAML],
    ['create: YAML wrong kind', 'POST', '', `apiVersion: ${G}/v1\nkind: Other\nmetadata: {name: yaml-g}\n`, YAML],
    ['create: YAML kind not a string', 'POST', '', `apiVersion: ${G}/v1\nkind: [1]\nmetadata: {name: yaml-h}\n`, YAML],
    ['create: YAML __proto__ keys, strict', 'POST', '?fieldValidation=Strict', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: yaml-i}\nspec: {schedule: '* * * * *', image: one, __proto__: {polluted: true}}\n`, YAML],
    ['create: YAML text/yaml', 'POST', '', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: yaml-j}\nspec: {schedule: '* * * * *', image: one}\n`, 'text/yaml'],
    ['update: YAML without resourceVersion', 'PUT', '/in-a', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: in-a}\nspec: {schedule: '* * * * *', image: yaml}\n`, YAML],
    ['update: YAML, dryRun', 'PUT', '/in-a?dryRun=All', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: in-a, resourceVersion: '${rv}'}\nspec: {schedule: '* * * * *', image: yaml}\n`, YAML],
    ['update: YAML syntax error', 'PUT', '/in-a', 'metadata: {name: in-a\n', YAML],
    ['delete: YAML body', 'DELETE', '/yaml-b', 'apiVersion: v1\nkind: DeleteOptions\ndryRun: [All]\n', YAML],
    ['create: __proto__ keys, strict', 'POST', '?fieldValidation=Strict', '{"apiVersion":"' + G + '/v1","kind":"CronTab","metadata":{"name":"bad-proto"},"spec":{"schedule":"* * * * *","image":"one","__proto__":{"polluted":true}},"__proto__":{"x":1}}'],
    ['create: constructor key, strict', 'POST', '?fieldValidation=Strict', { ...good('bad-ctor'), constructor: { prototype: { polluted: true } } }],
    ['create: unknown fieldValidation', 'POST', '?fieldValidation=Loud', good('bad-fv')],
    ['create: unknown dryRun', 'POST', '?dryRun=Yes', good('bad-dry')],
    ['update: name differs from the URL', 'PUT', '/in-a', good('in-b')],
    ['update: another namespace in the body', 'PUT', '/in-a', good('in-a', { metadata: { name: 'in-a', namespace: other } })],
    ['update: wrong kind', 'PUT', '/in-a', { ...good('in-a'), kind: 'Other' }],
    ['update: resourceVersion that does not parse', 'PUT', '/in-a', good('in-a', { metadata: { name: 'in-a', resourceVersion: 'abc' } })],
    ['update: stale resourceVersion', 'PUT', '/in-a', good('in-a', { metadata: { name: 'in-a', resourceVersion: '1' } })],
    ['update: empty body', 'PUT', '/in-a', ''],
    ['update: JSON cut short', 'PUT', '/in-a', '{"metadata":{'],
    ['update: __proto__ keys, strict', 'PUT', '/in-a?fieldValidation=Strict', '{"apiVersion":"' + G + '/v1","kind":"CronTab","metadata":{"name":"in-a"},"spec":{"schedule":"* * * * *","image":"two","__proto__":{"polluted":true}}}'],
    ['patch: __proto__ and constructor keys', 'PATCH', '/in-a', '{"__proto__":{"polluted":true},"spec":{"__proto__":{"x":1},"constructor":{"prototype":{"y":1}}}}', MERGE],
    ['patch: __proto__ keys, strict', 'PATCH', '/in-a?fieldValidation=Strict', '{"spec":{"image":"two","__proto__":{"x":1}}}', MERGE],
    ['patch: a new name', 'PATCH', '/in-a', { metadata: { name: 'in-b' } }, MERGE],
    ['patch: a new namespace', 'PATCH', '/in-a', { metadata: { namespace: other } }, MERGE],
    ['patch: resourceVersion that does not parse', 'PATCH', '/in-a', { metadata: { resourceVersion: 'abc' }, spec: { image: 'two' } }, MERGE],
    ['patch: stale resourceVersion', 'PATCH', '/in-a', { metadata: { resourceVersion: '1' }, spec: { image: 'two' } }, MERGE],
    ['patch: JSON cut short', 'PATCH', '/in-a', '{"spec":', MERGE],
    ['patch: merge patch not an object', 'PATCH', '/in-a', '[1]', MERGE],
    ['patch: JSON patch to __proto__', 'PATCH', '/in-a', [{ op: 'add', path: '/__proto__/polluted', value: true }], JSONPATCH],
    ['patch: JSON patch not a list', 'PATCH', '/in-a', { op: 'add' }, JSONPATCH],
    ['patch: JSON patch test fails', 'PATCH', '/in-a', [{ op: 'test', path: '/spec/image', value: 'nope' }], JSONPATCH],
    ['patch: JSON patch to a missing path', 'PATCH', '/in-a', [{ op: 'replace', path: '/spec/nothing/x', value: 1 }], JSONPATCH],
    ['patch: JSON patch with an unknown op', 'PATCH', '/in-a', [{ op: 'frob', path: '/spec/image', value: 1 }], JSONPATCH],
    ['patch: strategic merge', 'PATCH', '/in-a', { spec: { image: 'two' } }, 'application/strategic-merge-patch+json'],
    ['patch: oversized', 'PATCH', '/in-a', oversized, MERGE],
    ['get: resourceVersion that does not parse', 'GET', '/in-a?resourceVersion=abc'],
    ['list: resourceVersion that does not parse', 'GET', '?resourceVersion=abc'],
    ['list: resourceVersion that does not parse, Exact', 'GET', '?resourceVersion=abc&resourceVersionMatch=Exact'],
    ['list: resourceVersion that does not parse, NotOlderThan', 'GET', '?resourceVersion=abc&resourceVersionMatch=NotOlderThan'],
    ['watch: resourceVersion that does not parse', 'GET', '?watch=true&timeoutSeconds=1&resourceVersion=abc'],
    ['list: label selector cut short', 'GET', `?labelSelector=${encodeURIComponent('a in (b')}`],
    ['list: label selector with a bad operator', 'GET', `?labelSelector=${encodeURIComponent('a=b=c')}`],
    ['list: label selector with a bad value', 'GET', `?labelSelector=${encodeURIComponent('a=b c')}`],
    ['list: field selector not selectable', 'GET', `?fieldSelector=${encodeURIComponent('spec.image=x')}`],
    ['list: field selector that does not parse', 'GET', '?fieldSelector=a'],
    ['list: label selector with an invalid key', 'GET', `?labelSelector=${encodeURIComponent('-a=b')}`],
    ['list: label selector with an invalid value', 'GET', `?labelSelector=${encodeURIComponent('a=b$')}`],
    ['list: label selector with a bad set', 'GET', `?labelSelector=${encodeURIComponent('a in b')}`],
    ['list: label selector gt not a number', 'GET', `?labelSelector=${encodeURIComponent('a>b')}`],
    ['list: label selector ending in a comma', 'GET', `?labelSelector=${encodeURIComponent('a,')}`],
    ['watch: bad label selector', 'GET', `?watch=true&timeoutSeconds=1&labelSelector=${encodeURIComponent('a in (b')}`],
    ['list: limit not a number', 'GET', '?limit=ten'],
    ['delete: body of another kind', 'DELETE', '/in-a', { apiVersion: 'v1', kind: 'Pod' }],
    ['delete: body cut short', 'DELETE', '/in-a', '{"kind":'],
    ['delete: unknown propagationPolicy', 'DELETE', '/in-a?propagationPolicy=Sideways'],
    ['delete: unknown dryRun', 'DELETE', '/in-a?dryRun=Yes'],
    ['delete: uid precondition', 'DELETE', '/in-a', { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: '00000000-0000-0000-0000-000000000000' } }],
    ['delete: resourceVersion precondition', 'DELETE', '/in-a', { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { resourceVersion: '1' } }],
    ['deletecollection: bad label selector', 'DELETE', `?labelSelector=${encodeURIComponent('a in (b')}`],
    ['patch: JSON patch cut short', 'PATCH', '/in-a', '[{"op":', JSONPATCH],
    ['delete: gracePeriodSeconds not a number', 'DELETE', '/in-a?gracePeriodSeconds=soon'],
    // JSON with a repeated key: the strict decoder's duplicate field, as fieldValidation says
    ['create: JSON duplicate key', 'POST', '', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"dup-a"},"spec":{"schedule":"* * * * *","image":"one","image":"two"}}`],
    ['create: JSON duplicate key, strict', 'POST', '?fieldValidation=Strict', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"dup-b","name":"dup-b"},"spec":{"schedule":"* * * * *","image":"one","image":"two"}}`],
    ['create: JSON duplicate key, ignored', 'POST', '?fieldValidation=Ignore', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"dup-c"},"spec":{"schedule":"* * * * *","image":"one","image":"two"}}`],
    ['create: JSON duplicate keys at the top and in a list', 'POST', '?fieldValidation=Strict', `{"apiVersion":"${G}/v1","kind":"CronTab","kind":"CronTab","metadata":{"name":"dup-d","finalizers":["a"],"ownerReferences":[{"uid":"u","uid":"u","name":"n","kind":"k","apiVersion":"v1"}]}}`],
    ['update: JSON duplicate key, strict', 'PUT', '/in-a?fieldValidation=Strict', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"in-a"},"spec":{"schedule":"* * * * *","schedule":"* * * * *","image":"one"}}`],
    ['patch: JSON duplicate key, strict', 'PATCH', '/in-a?fieldValidation=Strict', '{"spec":{"image":"two","image":"three"}}', MERGE],
    ['patch: JSON duplicate key', 'PATCH', '/in-a?dryRun=All', '{"spec":{"image":"two","image":"three"}}', MERGE],
    ['apply: JSON duplicate key, strict', 'PATCH', '/in-a?fieldManager=m&force=true&fieldValidation=Strict&dryRun=All', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"in-a"},"spec":{"image":"two","image":"three"}}`, 'application/apply-patch+yaml'],
    // a patch of a missing object: which error comes first
    ['patch missing: JSON cut short', 'PATCH', '/missing', '{"spec":', MERGE],
    ['patch missing: merge patch not an object', 'PATCH', '/missing', '[1]', MERGE],
    ['patch missing: JSON patch cut short', 'PATCH', '/missing', '[{"op":', JSONPATCH],
    ['patch missing: JSON patch not a list', 'PATCH', '/missing', { op: 'add' }, JSONPATCH],
    ['patch missing: JSON patch test fails', 'PATCH', '/missing', [{ op: 'test', path: '/spec/image', value: 'nope' }], JSONPATCH],
    ['patch missing: merge patch', 'PATCH', '/missing', { spec: { image: 'two' } }, MERGE],
    ['patch missing: merge patch, strict, unknown field', 'PATCH', '/missing?fieldValidation=Strict', { spec: { image: 'two', nope: 1 } }, MERGE],
    ['patch missing: strategic merge', 'PATCH', '/missing', { spec: { image: 'two' } }, 'application/strategic-merge-patch+json'],
    ['apply missing: YAML syntax error', 'PATCH', '/missing?fieldManager=m', 'spec: [a\n', 'application/apply-patch+yaml'],
    ['apply missing: not an object', 'PATCH', '/missing?fieldManager=m', '- a\n', 'application/apply-patch+yaml'],
    ['apply: YAML duplicate key, strict', 'PATCH', '/in-a?fieldManager=m&force=true&fieldValidation=Strict&dryRun=All', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: in-a}\nspec: {image: two, image: three}\n`, 'application/apply-patch+yaml'],
    ['apply: YAML duplicate key', 'PATCH', '/in-a?fieldManager=m&force=true&dryRun=All', `apiVersion: ${G}/v1\nkind: CronTab\nmetadata: {name: in-a}\nspec: {image: two, image: three}\n`, 'application/apply-patch+yaml'],
    ['patch: JSON patch duplicate key, strict', 'PATCH', '/in-a?fieldValidation=Strict&dryRun=All', '[{"op":"replace","op":"replace","path":"/spec/image","value":"x"}]', JSONPATCH],
    ['patch: JSON patch duplicate key', 'PATCH', '/in-a?dryRun=All', '[{"op":"replace","path":"/spec/image","path":"/spec/image","value":"x"}]', JSONPATCH],
    ['patch: JSON duplicate key and an unknown field, strict', 'PATCH', '/in-a?fieldValidation=Strict', '{"spec":{"image":"two","image":"three","zzz":1}}', MERGE],
    ['create: JSON duplicate key and an unknown field, strict', 'POST', '?fieldValidation=Strict', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"dup-e"},"spec":{"schedule":"* * * * *","image":"one","image":"two","aaa":1}}`],
    ['create: JSON duplicate key and an unknown field', 'POST', '?dryRun=All', `{"apiVersion":"${G}/v1","kind":"CronTab","metadata":{"name":"dup-f"},"spec":{"zzz":1,"schedule":"* * * * *","image":"one","image":"two","aaa":1}}`],
    // dry runs: the answer is what would be stored, and nothing is
    ['create: dryRun', 'POST', '?dryRun=All', good('dry-a')],
    ['create: dryRun, a name that exists', 'POST', '?dryRun=All', good('in-a')],
    ['create: dryRun, invalid', 'POST', '?dryRun=All', good('dry-b', { spec: { schedule: '* * * * *', image: 'one', replicas: 0 } })],
    ['create: dryRun twice, one unknown', 'POST', '?dryRun=All&dryRun=Some', good('dry-c')],
    ['update: dryRun', 'PUT', '/in-a?dryRun=All', good('in-a', { metadata: { name: 'in-a', resourceVersion: rv }, spec: { schedule: '* * * * *', image: 'dry' } })],
    ['patch: dryRun', 'PATCH', '/in-a?dryRun=All', { spec: { image: 'dry' } }, MERGE],
    ['patch: dryRun, unknown fields warned', 'PATCH', '/in-a?dryRun=All', { spec: { image: 'dry', extra: 1 } }, MERGE],
    ['delete: dryRun', 'DELETE', '/in-a?dryRun=All'],
    ['delete: dryRun in the body', 'DELETE', '/in-a', { apiVersion: 'v1', kind: 'DeleteOptions', dryRun: ['All'] }],
    ['delete: dryRun with a grace period', 'DELETE', '/in-a?dryRun=All&gracePeriodSeconds=30&propagationPolicy=Background'],
    ['deletecollection: dryRun', 'DELETE', '?dryRun=All'],
  ];

  /**
   * Where this server answers otherwise, and why; these rows must agree on all but the message, which must be ours.
   * A strict YAML decoding error is one line here, yaml.v2's list of unmarshal errors broken into indented lines there.
   */
  const DIFFERENT: ReadonlyMap<string, string> = new Map([
    ['create: YAML duplicate key, strict', 'CronTab in version "vN" cannot be handled as a CronTab: strict decoding error: yaml: unmarshal errors: line N: key "image" already set in map'],
    ['apply: JSON duplicate key, strict', 'error strict decoding patch: error converting YAML to JSON: yaml: unmarshal errors: line N: key "image" already set in map'],
    ['apply: YAML duplicate key, strict', 'error strict decoding patch: error converting YAML to JSON: yaml: unmarshal errors: line N: key "image" already set in map'],
  ]);

  it('answers each bad request with the same code, reason and message, and stores nothing', async () => {
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const created = await s.kube.post(s.path, good('in-a'));
      expect([s.name, created.status]).toEqual([s.name, 201]);
      const uid = str(obj(body(created).metadata).uid);
      const rv = str(obj(body(created).metadata).resourceVersion);
      const got: Record<string, JsonValue> = {};
      /** How an answer's resourceVersion relates to the stored object's: none, the same, or a new one. */
      const rvState = (o: JsonObject) => {
        const v = str(obj(o.metadata).resourceVersion);
        return v === '' ? 'none' : v === rv ? 'same' : 'new';
      };
      for (const [label, method, suffix, payload, type] of cases('kubegen-other-ns', rv)) {
        const options = payload === undefined ? {} : { body: payload, contentType: type ?? 'application/json' };
        const r = await s.kube.request(method, `${s.path}${suffix}`, options);
        const b = body(r);
        // A strict patch's message quotes the patched object, managedFields and all (which this server does not keep).
        const message = str(b.message).replaceAll(uid, '<uid>').replace(/patch: Invalid value: ".*": strict/, 'patch: Invalid value: <object>: strict').replace(/\d+/g, 'N');
        got[label] = {
          status: r.status,
          ...(r.status >= 300
            ? { reason: b.reason ?? null, code: b.code ?? null, message }
            : { kind: b.kind ?? null, spec: obj(b.spec), rv: rvState(b), items: list(b.items).map((i) => `${str(obj(obj(i).metadata).name)} ${rvState(obj(i))}`) }),
          warnings: r.warnings,
        };
      }
      // what is stored after them: the one object, unchanged
      const after = body(await s.kube.get(s.path));
      got.stored = list(after.items).map((i) => `${str(obj(obj(i).metadata).name)}${str(obj(obj(i).metadata).resourceVersion) === rv ? '' : ' (changed)'}`);
      answers.push(got);
      expect([s.name, (await s.kube.delete(s.path)).status]).toEqual([s.name, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    const withoutMessage = (answer: Record<string, JsonValue>) =>
      Object.fromEntries(Object.entries(answer).map(([label, a]) => [label, DIFFERENT.has(label) && isJsonObject(a) ? { ...a, message: null } : a]));
    expect(withoutMessage(mine)).toEqual(withoutMessage(kube));
    for (const [label, message] of DIFFERENT) expect([label, obj(mine[label]).message]).toEqual([label, message]);
    // the one object, and the YAML creates that succeeded (written after it)
    expect(kube.stored).toEqual(['dup-a (changed)', 'dup-c (changed)', 'in-a', 'yaml-b (changed)', 'yaml-c (changed)', 'yaml-l (changed)']);
    expect(kube['create: JSON duplicate key']).toMatchObject({ status: 201, warnings: ['duplicate field \\"spec.image\\"'] });
    expect(kube['create: JSON duplicate key, strict']).toMatchObject({ status: 400 });
    expect(str(obj(kube['create: JSON duplicate key, strict']).message)).toContain('strict decoding error: duplicate field "metadata.name", duplicate field "spec.image"');
    // a missing object: a body that is not JSON is a 400, JSON of the wrong shape a 404 (decoded once the object is found)
    expect(kube['patch missing: JSON cut short']).toMatchObject({ status: 400 });
    expect(kube['patch missing: merge patch not an object']).toMatchObject({ status: 404 });
    expect(kube['create: YAML, a timestamp and an anchor']).toMatchObject({ status: 201, spec: { image: 'one' } });
    expect(kube['create: YAML duplicate key, ignored']).toMatchObject({ status: 201, spec: { image: 'two' } });
  });
});

describe('the scale subresource, as kube-apiserver serves a CRD with one', () => {
  it('answers the same Scale to get, update and patch, and the same errors', async () => {
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const ct = (replicas: number): JsonObject => ({ apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name: 'sc-a' }, spec: { schedule: '* * * * *', image: 'one', replicas } });
      const created = await s.kube.post(s.path, ct(3));
      expect([s.name, created.status]).toEqual([s.name, 201]);
      const uid = str(obj(body(created).metadata).uid);
      const scaleUrl = `${s.path}/sc-a/scale`;
      const got: Record<string, JsonValue> = {};
      /** An answer without its revisions and times: a Scale's spec, status and metadata keys, or the error. */
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        if (r.status >= 300) return { status: r.status, reason: b.reason ?? null, message: str(b.message).replaceAll(uid, '<uid>').replace(/\d+/g, 'N') };
        const meta = obj(b.metadata);
        // a Scale never shows managedFields (scaleFromCustomResource copies five fields of ObjectMeta)
        const keys = Object.keys(meta).sort();
        return { status: r.status, kind: b.kind ?? null, apiVersion: b.apiVersion ?? null, metadata: keys, name: meta.name ?? null, spec: b.spec ?? null, scaleStatus: b.status ?? null };
      };
      const scale = (replicas: number, resourceVersion?: string): JsonObject => ({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'sc-a', ...(resourceVersion ? { resourceVersion } : {}) }, spec: { replicas } });
      const first = await s.kube.get(scaleUrl);
      got.get = shape(first);
      const rv = str(obj(body(first).metadata).resourceVersion);
      got.put = shape(await s.kube.put(scaleUrl, scale(5, rv)));
      got['put, stale resourceVersion'] = shape(await s.kube.put(scaleUrl, scale(6, rv)));
      got['put, no resourceVersion'] = shape(await s.kube.put(scaleUrl, scale(4)));
      got['put, negative'] = shape(await s.kube.put(scaleUrl, scale(-1)));
      got['put, below the kind minimum'] = shape(await s.kube.put(scaleUrl, scale(0)));
      got['put, another name'] = shape(await s.kube.put(scaleUrl, { ...scale(2), metadata: { name: 'other' } }));
      const notScale = await s.kube.put(scaleUrl, ct(2));
      got['put, not a Scale'] = shape(notScale);
      // the scheme's name, digits and all (shape elides them)
      got['put, not a Scale: scheme'] = str(body(notScale).message).replace(/^.*in scheme /, '');
      got['merge patch'] = shape(await s.kube.patch(scaleUrl, { spec: { replicas: 2 } }));
      got['JSON patch'] = shape(await s.kube.patch(scaleUrl, [{ op: 'replace', path: '/spec/replicas', value: 7 }], { contentType: 'application/json-patch+json' }));
      got['patch, dryRun'] = shape(await s.kube.patch(`${scaleUrl}?dryRun=All`, { spec: { replicas: 9 } }));
      got['status through /status'] = shape(await s.kube.patch(`${s.path}/sc-a/status`, { status: { replicas: 4, selector: 'app=sc' } }));
      got['get after'] = shape(await s.kube.get(scaleUrl));
      const after = body(await s.kube.get(`${s.path}/sc-a`));
      got.object = { replicas: obj(after.spec).replicas ?? null, generation: obj(after.metadata).generation ?? null };
      got['delete'] = shape(await s.kube.delete(scaleUrl));
      got['get, missing object'] = shape(await s.kube.get(`${s.path}/sc-missing/scale`));
      answers.push(got);
      expect([s.name, (await s.kube.delete(`${s.path}/sc-a`)).status]).toEqual([s.name, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    expect(mine).toEqual(kube);
    // and the answers are the documented ones
    expect(kube.get).toMatchObject({ status: 200, kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 3 }, scaleStatus: { replicas: 0 } });
    expect(kube['get after']).toMatchObject({ spec: { replicas: 7 }, scaleStatus: { replicas: 4, selector: 'app=sc' } });
    expect(kube['put, stale resourceVersion']).toMatchObject({ status: 409, reason: 'Conflict' });
  });
});

describe('managedFields through the scale subresource, as kube-apiserver maps the Scale\'s spec.replicas to the specReplicasPath', () => {
  it('answers the same to updates, patches and applies of /scale, and tracks the same managers on the object', async () => {
    const APPLY = 'application/apply-patch+yaml';
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const url = `${s.path}/sc-m`;
      const scaleUrl = `${url}/scale`;
      const got: Record<string, JsonValue> = {};
      /** A Scale's answer (its spec, metadata keys and managedFields), or the error. */
      const scaleShape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        if (b.kind === 'Status') return { status: r.status, reason: b.reason ?? null, message: str(b.message), causes: causesOf(b) };
        return { status: r.status, spec: b.spec ?? null, metadata: Object.keys(obj(b.metadata)).sort(), managedFields: managedShape(obj(b.metadata).managedFields) };
      };
      /** The object's replicas and managedFields after a request. */
      const objectShape = async (): Promise<JsonValue> => {
        const b = body(await s.kube.get(url));
        return { spec: b.spec ?? null, managedFields: managedShape(obj(b.metadata).managedFields) };
      };
      const scale = (replicas: number): JsonObject => ({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'sc-m' }, spec: { replicas } });
      const created = await s.kube.post(`${s.path}?fieldManager=creator`, { apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name: 'sc-m' }, spec: { schedule: '* * * * *', image: 'one', replicas: 3 } });
      expect([s.name, created.status]).toEqual([s.name, 201]);
      got['get'] = scaleShape(await s.kube.get(scaleUrl));
      got['put by scaler'] = scaleShape(await s.kube.put(`${scaleUrl}?fieldManager=scaler`, scale(5)));
      got['object after put'] = await objectShape();
      got['apply by hpa: a conflict'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=hpa`, scale(6), { contentType: APPLY }));
      got['apply by hpa, the same value'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=hpa`, scale(5), { contentType: APPLY }));
      got['object after the shared apply'] = await objectShape();
      got['apply by hpa, forced'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=hpa&force=true`, scale(7), { contentType: APPLY }));
      got['object after the forced apply'] = await objectShape();
      got['apply of the object by creator: a conflict with hpa'] = scaleShape(
        await s.kube.patch(`${url}?fieldManager=creator`, { apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name: 'sc-m' }, spec: { schedule: '* * * * *', replicas: 2 } }, { contentType: APPLY }),
      );
      got['merge patch of /scale by scaler'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=scaler`, { spec: { replicas: 8 } }));
      got['object after the merge patch'] = await objectShape();
      got['apply by hpa of another apiVersion'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=hpa`, { ...scale(7), apiVersion: 'autoscaling/v2' }, { contentType: APPLY }));
      got['apply by hpa, another name'] = scaleShape(await s.kube.patch(`${scaleUrl}?fieldManager=hpa`, { ...scale(7), metadata: { name: 'other' } }, { contentType: APPLY }));
      got['apply without a manager'] = scaleShape(await s.kube.patch(scaleUrl, scale(7), { contentType: APPLY }));
      got['apply to a missing object'] = scaleShape(await s.kube.patch(`${s.path}/sc-missing/scale?fieldManager=hpa`, { ...scale(1), metadata: { name: 'sc-missing' } }, { contentType: APPLY }));
      answers.push(got);
      expect([s.name, (await s.kube.delete(url)).status]).toEqual([s.name, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    for (const k of Object.keys(kube)) expect({ [k]: mine[k] }).toEqual({ [k]: kube[k] });
    // the documented quirks: a Scale manager's entry on the object has no time, an apply that changes the Scale fails
    expect(JSON.stringify(kube['object after put'])).toContain('"manager":"scaler","operation":"Update","subresource":"scale","time":null');
    expect(kube['apply by hpa, forced']).toMatchObject({ status: 500 });
  });
});

describe('deletion, as kube-apiserver deletes a custom resource (no graceful strategy: at once, unless finalizers)', () => {
  it('answers the same to grace periods, propagation policies, preconditions and finalizers', async () => {
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const make = async (name: string, finalizers?: string[]) => {
        const r = await s.kube.post(s.path, { apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name, ...(finalizers ? { finalizers } : {}) }, spec: { schedule: '* * * * *', image: 'one' } });
        expect([s.name, name, r.status]).toEqual([s.name, name, 201]);
        return obj(body(r).metadata);
      };
      /** A delete's answer: its code and kind; a Status's details (no uid); an object's deletion fields. */
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        const meta = obj(b.metadata);
        if (b.kind === 'Status') return { status: r.status, kind: 'Status', outcome: b.status ?? null, reason: b.reason ?? null, details: { ...obj(b.details), uid: null }, message: str(b.message).replace(/\d+/g, 'N') };
        return { status: r.status, kind: b.kind ?? null, finalizers: meta.finalizers ?? null, deletionGracePeriodSeconds: meta.deletionGracePeriodSeconds ?? null, deleting: typeof meta.deletionTimestamp === 'string', generation: meta.generation ?? null };
      };
      const got: Record<string, JsonValue> = {};
      await make('del-a');
      got['grace period 30, no finalizers'] = shape(await s.kube.delete(`${s.path}/del-a?gracePeriodSeconds=30`));
      got['gone'] = (await s.kube.get(`${s.path}/del-a`)).status;
      await make('del-b', ['example.com/hold']);
      got['finalizers, grace period in the body'] = shape(await s.kube.delete(`${s.path}/del-b`, { body: { apiVersion: 'v1', kind: 'DeleteOptions', gracePeriodSeconds: 10 } }));
      got['again, Foreground'] = shape(await s.kube.delete(`${s.path}/del-b?propagationPolicy=Foreground`));
      got['again, orphanDependents=false'] = shape(await s.kube.delete(`${s.path}/del-b`, { body: { apiVersion: 'v1', kind: 'DeleteOptions', orphanDependents: false } }));
      got['finalizers released'] = shape(await s.kube.patch(`${s.path}/del-b`, { metadata: { finalizers: null } }));
      got['gone after'] = (await s.kube.get(`${s.path}/del-b`)).status;
      const c = await make('del-c');
      got['Orphan'] = shape(await s.kube.delete(`${s.path}/del-c?propagationPolicy=Orphan`));
      got['matching preconditions'] = shape(
        await s.kube.delete(`${s.path}/del-c`, { body: { apiVersion: 'v1', kind: 'DeleteOptions', preconditions: { uid: str(c.uid) } } }),
      );
      await s.kube.patch(`${s.path}/del-c`, { metadata: { finalizers: null } });
      await make('del-d');
      got['negative grace period'] = shape(await s.kube.delete(`${s.path}/del-d?gracePeriodSeconds=-5`));
      got['missing'] = shape(await s.kube.delete(`${s.path}/del-missing`));
      answers.push(got);
    }
    const [kube = {}, mine = {}] = answers;
    expect(mine).toEqual(kube);
    expect(kube['grace period 30, no finalizers']).toMatchObject({ status: 200, kind: 'Status', outcome: 'Success' });
    expect(kube['finalizers, grace period in the body']).toMatchObject({ status: 200, finalizers: ['example.com/hold'], deletionGracePeriodSeconds: 0, deleting: true });
  });
});

/**
 * managedFields to compare: times blanked (present or not), the entries by operation, manager and subresource (the
 * apiserver sorts by time, which two runs need not share to the second).
 */
function managedShape(v: JsonValue | undefined): JsonObject[] {
  const key = (e: JsonObject) => `${str(e.operation)}/${str(e.manager)}/${str(e.subresource)}`;
  return list(v)
    .map((e) => {
      const o: JsonObject = { ...obj(e) };
      o.time = typeof o.time === 'string' ? '<time>' : null;
      return o;
    })
    .sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
}

describe('server-side apply and managedFields, as kube-apiserver tracks them for a custom resource', () => {
  it('answers the same apply sequence: create, conflict, force, a dropped field, a merge patch by a third manager', async () => {
    const APPLY = 'application/apply-patch+yaml';
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const url = `${s.path}/ssa-a`;
      const cfg = (spec: JsonObject, labels?: JsonObject): JsonObject => ({ apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name: 'ssa-a', ...(labels ? { labels } : {}) }, spec });
      const apply = (manager: string, body: unknown, extra = '') => s.kube.patch(`${url}?fieldManager=${manager}${extra}`, body, { contentType: APPLY });
      /** An answer without its revisions, uids and times: an object's spec, labels and managedFields, or the Status. */
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        if (b.kind === 'Status') return { status: r.status, reason: b.reason ?? null, message: str(b.message), causes: causesOf(b) };
        const meta = obj(b.metadata);
        const managed = managedShape(meta.managedFields);
        return { status: r.status, spec: b.spec ?? null, labels: meta.labels ?? null, managedFields: managed };
      };
      const got: Record<string, JsonValue> = {};
      got['apply creates'] = shape(await apply('mgr-one', cfg({ schedule: '* * * * *', image: 'one', replicas: 2 }, { a: '1' })));
      got['apply as YAML, the same values: shared'] = shape(await apply('mgr-two', `apiVersion: ${TABLE_GROUP}/v1\nkind: CronTab\nmetadata:\n  name: ssa-a\nspec:\n  schedule: '* * * * *'\n`));
      got['conflict'] = shape(await apply('mgr-two', cfg({ schedule: '* * * * *', image: 'two', replicas: 3 })));
      got['forced'] = shape(await apply('mgr-two', cfg({ schedule: '* * * * *', image: 'two' }), '&force=true'));
      got['first manager drops replicas and a label'] = shape(await apply('mgr-one', cfg({ schedule: '* * * * *' }, { b: '2' })));
      got['merge patch by a third manager'] = shape(await s.kube.patch(`${url}?fieldManager=mgr-three`, { spec: { timeZone: 'UTC' }, metadata: { labels: { c: '3' } } }));
      got['conflict with an Update manager'] = shape(await apply('mgr-one', cfg({ schedule: '* * * * *', timeZone: 'Etc/UTC' })));
      got['update by the user agent'] = shape(await s.kube.put(url, { ...body(await s.kube.get(url)), spec: { schedule: '* * * * *', image: 'three', timeZone: 'UTC' } }));
      got['apply without a manager'] = shape(await s.kube.patch(url, cfg({ schedule: '* * * * *' }), { contentType: APPLY }));
      got['force on a merge patch'] = shape(await s.kube.patch(`${url}?force=true`, { spec: { image: 'x' } }));
      got['managedFields in the configuration'] = shape(await apply('mgr-one', { ...cfg({ schedule: '* * * * *' }), metadata: { name: 'ssa-a', managedFields: [] } }));
      got['another version'] = shape(await apply('mgr-one', { ...cfg({ schedule: '* * * * *' }), apiVersion: `${TABLE_GROUP}/v9` }));
      answers.push(got);
      expect([s.name, (await s.kube.delete(url)).status]).toEqual([s.name, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    for (const k of Object.keys(kube)) expect({ [k]: mine[k] }).toEqual({ [k]: kube[k] });
    expect(kube['conflict']).toMatchObject({ status: 409, reason: 'Conflict' });
  });
  it('answers the same for a set (finalizers), an associative list (ownerReferences), the status subresource and an update', async () => {
    const APPLY = 'application/apply-patch+yaml';
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const url = `${s.path}/ssa-b`;
      const owner = (uid: string, name: string): JsonObject => ({ apiVersion: 'v1', kind: 'ConfigMap', name, uid });
      const cfg = (meta: JsonObject, spec?: JsonObject): JsonObject => ({ apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name: 'ssa-b', ...meta }, ...(spec ? { spec } : {}) });
      const apply = (manager: string, b: unknown, extra = '') => s.kube.patch(`${url}?fieldManager=${manager}${extra}`, b, { contentType: APPLY });
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        if (b.kind === 'Status') return { status: r.status, reason: b.reason ?? null, message: str(b.message), causes: causesOf(b) };
        const meta = obj(b.metadata);
        const managed = managedShape(meta.managedFields);
        return { status: r.status, spec: b.spec ?? null, status_: b.status ?? null, finalizers: meta.finalizers ?? null, ownerReferences: meta.ownerReferences ?? null, managedFields: managed };
      };
      const got: Record<string, JsonValue> = {};
      const spec = { schedule: '* * * * *', image: 'one' };
      got['a'] = shape(await apply('mgr-a', cfg({ finalizers: ['e2e.kubegen.io/a', 'e2e.kubegen.io/shared'], ownerReferences: [owner('00000000-0000-0000-0000-00000000000a', 'a')] }, spec)));
      got['b'] = shape(await apply('mgr-b', cfg({ finalizers: ['e2e.kubegen.io/shared', 'e2e.kubegen.io/b'], ownerReferences: [owner('00000000-0000-0000-0000-00000000000b', 'b')] })));
      got['b changes a\'s owner reference'] = shape(await apply('mgr-b', cfg({ ownerReferences: [owner('00000000-0000-0000-0000-00000000000a', 'renamed')] })));
      got['a drops its finalizers and owner reference'] = shape(await apply('mgr-a', cfg({}, spec)));
      got['status by merge patch'] = shape(await s.kube.patch(`${url}/status?fieldManager=mgr-status`, { status: { lastScheduleTime: '2026-01-01T00:00:00Z' } }));
      got['status by apply'] = shape(await apply('mgr-status', cfg({}), '').then(() => s.kube.patch(`${url}/status?fieldManager=mgr-sa`, { ...cfg({}), status: { replicas: 2 } }, { contentType: APPLY })));
      const current = body(await s.kube.get(url));
      got['update with no change'] = shape(await s.kube.put(`${url}?fieldManager=mgr-put`, current));
      answers.push(got);
      await s.kube.patch(url, { metadata: { finalizers: null } });
      expect([s.name, (await s.kube.delete(url)).status]).toEqual([s.name, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    for (const k of Object.keys(kube)) expect({ [k]: mine[k] }).toEqual({ [k]: kube[k] });
  });
  it('answers the same for the cap of Update managers, a reset of managedFields, before-first-apply and the upgrade from client-side apply', async () => {
    const APPLY = 'application/apply-patch+yaml';
    const LAST = 'kubectl.kubernetes.io/last-applied-configuration';
    const answers: Record<string, JsonValue>[] = [];
    for (const s of servers()) {
      const shape = (r: KubeResponse): JsonValue => {
        const b = body(r);
        if (b.kind === 'Status') return { status: r.status, reason: b.reason ?? null, message: str(b.message), causes: causesOf(b) };
        const meta = obj(b.metadata);
        return { status: r.status, spec: b.spec ?? null, labels: meta.labels ?? null, annotations: meta.annotations ?? null, managedFields: managedShape(meta.managedFields) };
      };
      const ct = (name: string, spec: JsonObject, meta: JsonObject = {}): JsonObject => ({ apiVersion: `${TABLE_GROUP}/v1`, kind: 'CronTab', metadata: { name, ...meta }, spec });
      const got: Record<string, JsonValue> = {};
      // eleven updaters after the creator, each a label of its own: the oldest merged into ancient-changes
      const capUrl = `${s.path}/ssa-cap`;
      got['cap: created'] = shape(await s.kube.post(`${s.path}?fieldManager=cap-00`, ct('ssa-cap', { schedule: '* * * * *', image: 'one' })));
      for (let i = 1; i <= 11; i++) {
        const m = `cap-${String(i).padStart(2, '0')}`;
        const r = await s.kube.patch(`${capUrl}?fieldManager=${m}`, { metadata: { labels: { [m]: 'x' } } });
        if (i >= 9) got[`cap: ${m}`] = shape(r);
      }
      // a request that sets managedFields to [] leaves the object unmanaged; its next update too
      const resetUrl = `${s.path}/ssa-reset`;
      await s.kube.post(`${s.path}?fieldManager=creator`, ct('ssa-reset', { schedule: '* * * * *', image: 'one', replicas: 2 }, { labels: { a: '1' } }));
      got['reset: invalid managedFields'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=bogus`, { metadata: { managedFields: [{ manager: 'x', operation: 'Bogus', apiVersion: `${TABLE_GROUP}/v1`, fieldsType: 'FieldsV1', fieldsV1: {} }] } }));
      got['reset: no fieldsType'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=bogus`, { metadata: { labels: { b: '2' }, managedFields: [{ manager: 'x', operation: 'Update', apiVersion: `${TABLE_GROUP}/v1` }] } }));
      got['reset: managedFields []'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=resetter`, { metadata: { managedFields: [] } }));
      got['reset: an update after'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=after`, { spec: { image: 'two' } }));
      got['reset: one empty entry'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=after`, { metadata: { managedFields: [{}] }, spec: { image: 'three' } }));
      // the first apply: what the object holds is before-first-apply's
      got['first apply: a conflict'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=first`, ct('ssa-reset', { schedule: '* * * * *', image: 'four' }), { contentType: APPLY }));
      got['first apply'] = shape(await s.kube.patch(`${resetUrl}?fieldManager=first`, ct('ssa-reset', { schedule: '* * * * *', image: 'three', timeZone: 'UTC' }), { contentType: APPLY }));
      // kubectl's client-side apply, another updater, then kubectl --server-side
      const lastUrl = `${s.path}/ssa-last`;
      const clientSide = ct('ssa-last', { schedule: '* * * * *', image: 'one', replicas: 2 }, { annotations: {} });
      const lastApplied = `${JSON.stringify(clientSide)}\n`;
      got['client-side apply'] = shape(await s.kube.post(`${s.path}?fieldManager=kubectl-client-side-apply`, ct('ssa-last', { schedule: '* * * * *', image: 'one', replicas: 2 }, { annotations: { [LAST]: lastApplied } })));
      await s.kube.patch(`${lastUrl}?fieldManager=scaler`, { spec: { replicas: 3 } });
      got['server-side: a field changed since'] = shape(await s.kube.patch(`${lastUrl}?fieldManager=kubectl`, ct('ssa-last', { schedule: '* * * * *', image: 'two', replicas: 4 }), { contentType: APPLY }));
      got['server-side: another manager'] = shape(await s.kube.patch(`${lastUrl}?fieldManager=kubectl-ssa`, ct('ssa-last', { schedule: '* * * * *', image: 'two' }), { contentType: APPLY }));
      got['server-side'] = shape(
        await s.kube.patch(`${lastUrl}?fieldManager=kubectl`, `apiVersion: ${TABLE_GROUP}/v1\nkind: CronTab\nmetadata:\n  name: ssa-last\n  annotations: {z: '1', a: '<&>'}\nspec:\n  schedule: '* * * * *'\n  image: two\n  timeZone: UTC\n`, { contentType: APPLY }),
      );
      got['server-side again, the annotation replaced'] = shape(await s.kube.patch(`${lastUrl}?fieldManager=kubectl`, ct('ssa-last', { schedule: '* * * * *', image: 'two' }), { contentType: APPLY }));
      answers.push(got);
      for (const u of [capUrl, resetUrl, lastUrl]) expect([s.name, u, (await s.kube.delete(u)).status]).toEqual([s.name, u, 200]);
    }
    const [kube = {}, mine = {}] = answers;
    for (const k of Object.keys(kube)) expect({ [k]: mine[k] }).toEqual({ [k]: kube[k] });
    expect(JSON.stringify(kube['cap: cap-11'])).toContain('ancient-changes');
    expect(JSON.stringify(kube['first apply'])).toContain('before-first-apply');
  });
});
