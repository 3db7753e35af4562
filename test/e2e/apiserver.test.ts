/**
 * `@kubegen/apiserver` end to end, directly against the TypeScript server (HTTPS, its own etcd from the envtest
 * build): the wardle sample served from its generated package and CRDs with no code of its own, driven by the
 * generated wardle clientset — CRUD in both versions, list pagination, watch, conflicts, the status subresource, and a
 * restart of the server with nothing lost.
 *
 * Through the kube-apiserver's aggregator (an APIService in front of this server) is the next step: the shared
 * control plane is not started with the requestheader / proxy-client flags it needs.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { APIServer, apiGroupFromPackage, type APIGroupDefinition } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';
import { isConflict, isNotFound, isInvalid } from '@kubegen/runtime';
import { makeServingCertificates, readCrdFiles } from '@kubegen/runtime/testing';
import { startTestEtcd, type TestEtcd } from '../unit/helpers/etcd';

jest.setTimeout(120_000);

const CRDS = path.resolve(__dirname, '../../generated/wardle.example.com/crds');
const NS = 'kubegen-apiserver-e2e';

let etcd: TestEtcd;
let storage: EtcdStorage;
let server: APIServer;
let group: APIGroupDefinition;
let cs: wardle.WardleClientset;
let port = 0;
const certs = makeServingCertificates({ hosts: ['127.0.0.1'] });

async function startServer(port = 0): Promise<string> {
  server = new APIServer({ groups: [group], storage, tls: { cert: certs.cert, key: certs.key } });
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
  const url = await startServer();
  port = Number(new URL(url).port);
  cs = new wardle.WardleClientset({ server: url, tls: { ca: certs.caCert } });
});

afterAll(async () => {
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
