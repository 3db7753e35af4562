/**
 * The apiserver's serving certificate reloaded from its files (`DynamicServingCertificate`, after k8s.io/apiserver's
 * dynamiccertificates): polled once a minute on a FakeClock, a new pair swapped in at once and heard by listeners, a
 * bad pair logged and the served one kept; and an `APIServer` serving a new pair to new connections without a
 * restart. Then self-managed CA injection into the server's APIServices (`APIServiceCAInjector`) against a scripted
 * cluster: by name, the bundle in and insecureSkipTLSVerify out, nothing written when in place, another Service's
 * APIService left alone, a missing one retried with a backoff on the clock and a reset bundle healed each minute.
 */
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { APIServer, APIServiceCAInjector, DynamicServingCertificate, EtcdStorage } from '@kubegen/apiserver';
import { FakeClock } from '@kubegen/runtime/cache';
import { newLogger, type LogRecord } from '@kubegen/runtime/log';
import { newForbidden, newNotFound, type RestRequest } from '@kubegen/runtime';
import { makeServingCertificates } from '@kubegen/runtime/testing';
import { applyJsonPatch } from '../../../../runtime/src/meta/jsonpatch';
import { settle } from '../../helpers/cache';

// This file makes RSA keys and serves TLS: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const MINUTE = 60_000;
const HOSTS = ['localhost', '127.0.0.1'];
const first = makeServingCertificates({ hosts: HOSTS, caName: 'test-ca' });
/** A second certificate of the same CA (what a renewal brings). */
const second = makeServingCertificates({ hosts: HOSTS, ca: { cert: first.caCert, key: first.caKey } });

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-dynamic-cert-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(pair: { cert: string; key: string }): void {
  fs.writeFileSync(path.join(dir, 'tls.key'), pair.key);
  fs.writeFileSync(path.join(dir, 'tls.crt'), pair.cert);
}

/** A logger into `records`; `count(n)` resolves once n records are written (no polling). */
function logged(): { records: LogRecord[]; logger: ReturnType<typeof newLogger>; count: (n: number) => Promise<void> } {
  const records: LogRecord[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const wake = () => {
    for (const w of [...waiters]) if (records.length >= w.n) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); }
  };
  const logger = newLogger({ enabled: () => true, write: (r) => { records.push(r); wake(); } });
  return { records, logger, count: (n) => new Promise<void>((resolve) => { waiters.push({ n, resolve }); wake(); }) };
}

/** Resolves with the next pair `source` swaps in. */
const nextPair = (source: DynamicServingCertificate) =>
  new Promise<{ cert: string; key: string }>((resolve) => {
    const off = source.onChange((p) => { off(); resolve(p); });
  });

const serial = (pem: string): string => new X509Certificate(pem).serialNumber;

describe('DynamicServingCertificate', () => {
  it('polls once a minute on its clock: a new pair is served from the tick that reads it, and heard once', async () => {
    write(first);
    const clock = new FakeClock();
    const { logger, records } = logged();
    const source = DynamicServingCertificate.load({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key'), clock, watch: false, logger });
    const heard: string[] = [];
    source.onChange((p) => heard.push(serial(p.cert)));
    source.start();
    expect(serial(source.current().cert)).toBe(serial(first.cert));
    write(second);
    clock.step(MINUTE - 1);
    await settle();
    expect(serial(source.current().cert)).toBe(serial(first.cert));
    const swapped = nextPair(source);
    clock.step(1);
    await swapped;
    expect(serial(source.current().cert)).toBe(serial(second.cert));
    expect(source.current().key).toBe(second.key);
    expect(heard).toEqual([serial(second.cert)]);
    expect(records.map((r) => r.msg)).toEqual(['loaded a new serving certificate']);
    // unchanged files: the next ticks read them and swap nothing
    clock.step(2 * MINUTE);
    await settle(20);
    expect(heard).toHaveLength(1);
    await source.stop();
  });

  it('a pair that does not load is logged and the served one kept; the next good pair is taken', async () => {
    write(first);
    const clock = new FakeClock();
    const { logger, records, count } = logged();
    const source = DynamicServingCertificate.load({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key'), clock, watch: false, logger });
    source.start();
    // the key of another certificate (a half-done rotation), then a file that is not PEM at all
    write({ cert: second.cert, key: first.key });
    expect(await source.check()).toBe(false);
    fs.writeFileSync(path.join(dir, 'tls.crt'), 'not a certificate');
    clock.step(MINUTE);
    await count(2);
    // the read that logged it ends a turn later (a tick during a read joins it)
    await settle();
    expect(records.map((r) => [r.level, r.msg])).toEqual([
      ['error', 'the serving certificate was not reloaded: keeping the one served'],
      ['error', 'the serving certificate was not reloaded: keeping the one served'],
    ]);
    expect(source.current()).toEqual({ cert: first.cert, key: first.key });
    write(second);
    const swapped = nextPair(source);
    clock.step(MINUTE);
    expect((await swapped).cert).toBe(second.cert);
    expect(source.current().cert).toBe(second.cert);
    await source.stop();
  });

  it('stop ends the polling: later changes are not read', async () => {
    write(first);
    const clock = new FakeClock();
    const source = DynamicServingCertificate.load({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key'), clock, watch: false });
    source.start();
    await source.stop();
    write(second);
    clock.step(10 * MINUTE);
    await settle(20);
    expect(source.current().cert).toBe(first.cert);
  });

  it.each([
    ['a missing file', () => undefined, /^cannot open .*tls\.crt \(ENOENT\)$/],
    ['a key of another certificate', () => write({ cert: first.cert, key: second.key }), /^the certificate in .*tls\.crt and the key in .*tls\.key do not load: /],
    ['a directory', () => { fs.mkdirSync(path.join(dir, 'tls.crt')); fs.writeFileSync(path.join(dir, 'tls.key'), first.key); }, /tls\.crt is not a regular file \(it is a directory\)$/],
  ])('load refuses %s with one line', (_name, setup, message) => {
    setup();
    let thrown: unknown;
    try {
      DynamicServingCertificate.load({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key') });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    const text = thrown instanceof Error ? thrown.message : '';
    expect(text).toMatch(message);
    expect(text).not.toContain('\n');
  });
});

/** The serial of the certificate a new TLS connection to `port` is served, verified with the CA. */
function servedSerial(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca: first.caCert }, () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      if (cert) resolve(cert.serialNumber);
      else reject(new Error('no peer certificate'));
    });
    socket.once('error', reject);
  });
}

describe('APIServer with a DynamicServingCertificate', () => {
  it('serves each new pair to new connections, without a restart', async () => {
    write(first);
    const source = DynamicServingCertificate.load({ certFile: path.join(dir, 'tls.crt'), keyFile: path.join(dir, 'tls.key'), clock: new FakeClock(), watch: false });
    // no group: the storage is never asked (and never connects)
    const storage = new EtcdStorage({ endpoints: ['http://127.0.0.1:1'] });
    const server = new APIServer({ groups: [], storage, tls: source });
    try {
      const port = Number(new URL(await server.listen(0)).port);
      expect(await servedSerial(port)).toBe(serial(first.cert));
      write(second);
      expect(await source.check()).toBe(true);
      expect(await servedSerial(port)).toBe(serial(second.cert));
    } finally {
      await server.close();
      await storage.close();
    }
  });
});

/** A scripted cluster of APIServices: GET and JSON patch by name, every request recorded. */
function cluster(objects: Record<string, unknown>) {
  const store = new Map(Object.entries(objects));
  const requests: string[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  /** Resolves once `n` requests were answered (and their continuations ran). */
  const answered = (n: number) => new Promise<void>((resolve) => { waiters.push({ n, resolve }); });
  let done = 0;
  const answer = <T,>(p: Promise<T>): Promise<T> =>
    p.finally(() => {
      done++;
      // after the injector's own continuations: its timer is set by then
      setImmediate(() => { for (const w of [...waiters]) if (done >= w.n) { waiters.splice(waiters.indexOf(w), 1); w.resolve(); } });
    });
  const gr = { group: 'apiregistration.k8s.io', resource: 'apiservices' };
  let forbidden = false;
  const client = {
    request(req: RestRequest): Promise<unknown> {
      return answer(respond(req));
    },
  };
  function respond(req: RestRequest): Promise<unknown> {
      const name = decodeURIComponent(req.path.replace('/apis/apiregistration.k8s.io/v1/apiservices/', ''));
      requests.push(`${req.method} ${name}`);
      if (forbidden) return Promise.reject(newForbidden(gr, name, 'User "x" cannot get resource "apiservices"'));
      const obj = store.get(name);
      if (obj === undefined) return Promise.reject(newNotFound(gr, name));
      if (req.method === 'GET') return Promise.resolve(structuredClone(obj));
      expect(req.contentType).toBe('application/json-patch+json');
      const patched = applyJsonPatch(structuredClone(obj), Array.isArray(req.body) ? req.body : []);
      store.set(name, patched);
      return Promise.resolve(patched);
  }
  return { client, store, requests, answered, forbid: () => { forbidden = true; } };
}

const SERVICE = { namespace: 'w-system', name: 'w-apiserver' };
const apiService = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name }, spec: { group: 'wardle.example.com', version: name.split('.')[0], service: { ...SERVICE, port: 443 }, groupPriorityMinimum: 1000, versionPriority: 100, ...spec } });
const BUNDLE = Buffer.from(first.caCert).toString('base64');

describe('APIServiceCAInjector', () => {
  it('writes the CA into the named APIServices and removes insecureSkipTLSVerify; a second sync writes nothing', async () => {
    const c = cluster({
      'v1beta1.wardle.example.com': apiService('v1beta1.wardle.example.com', { insecureSkipTLSVerify: true }),
      'v1alpha1.wardle.example.com': apiService('v1alpha1.wardle.example.com', {}),
      'v1.other.example.com': apiService('v1.other.example.com', { insecureSkipTLSVerify: true, service: { namespace: 'other', name: 'other' } }),
    });
    const injector = new APIServiceCAInjector({ client: c.client, names: ['v1beta1.wardle.example.com', 'v1alpha1.wardle.example.com', 'v1.other.example.com'], service: SERVICE, caCert: first.caCert });
    expect(await injector.sync()).toEqual({ patched: ['v1beta1.wardle.example.com', 'v1alpha1.wardle.example.com'], injected: ['v1beta1.wardle.example.com', 'v1alpha1.wardle.example.com'], skipped: ['v1.other.example.com'], pending: [] });
    for (const name of ['v1beta1.wardle.example.com', 'v1alpha1.wardle.example.com']) {
      const spec = (c.store.get(name) as { spec: Record<string, unknown> }).spec;
      expect(spec.caBundle).toBe(BUNDLE);
      expect(Object.hasOwn(spec, 'insecureSkipTLSVerify')).toBe(false);
    }
    // another Service's APIService is read, never written
    expect(c.store.get('v1.other.example.com')).toEqual(apiService('v1.other.example.com', { insecureSkipTLSVerify: true, service: { namespace: 'other', name: 'other' } }));
    c.requests.length = 0;
    expect((await injector.sync()).patched).toEqual([]);
    expect(c.requests.every((r) => r.startsWith('GET '))).toBe(true);
  });

  it('runs on its clock: a missing APIService is retried after 1 s, 2 s, …; then once a minute, healing a reset bundle', async () => {
    const c = cluster({});
    const clock = new FakeClock();
    const injector = new APIServiceCAInjector({ client: c.client, names: ['v1.wardle.example.com'], service: SERVICE, caCert: first.caCert, clock });
    injector.start();
    await c.answered(1);
    clock.step(999);
    await settle();
    expect(c.requests).toHaveLength(1);
    clock.step(1);
    await c.answered(2);
    c.store.set('v1.wardle.example.com', apiService('v1.wardle.example.com', { insecureSkipTLSVerify: true }));
    clock.step(1999);
    await settle();
    expect(c.requests).toHaveLength(2);
    clock.step(1);
    await c.answered(4);
    expect(c.requests.slice(2)).toEqual(['GET v1.wardle.example.com', 'PATCH v1.wardle.example.com']);
    // someone applies the manifest again: insecureSkipTLSVerify back, the bundle gone; the minute's sync heals it
    c.store.set('v1.wardle.example.com', apiService('v1.wardle.example.com', { insecureSkipTLSVerify: true }));
    clock.step(MINUTE - 1);
    await settle();
    expect(c.requests).toHaveLength(4);
    clock.step(1);
    await c.answered(6);
    expect((c.store.get('v1.wardle.example.com') as { spec: Record<string, unknown> }).spec.caBundle).toBe(BUNDLE);
    await injector.stop();
    clock.step(10 * MINUTE);
    await settle(20);
    expect(c.requests).toHaveLength(6);
  });

  it('a refusal (no RBAC) is logged and retried, never thrown', async () => {
    const c = cluster({ 'v1.wardle.example.com': apiService('v1.wardle.example.com', {}) });
    c.forbid();
    const { logger, records } = logged();
    const injector = new APIServiceCAInjector({ client: c.client, names: ['v1.wardle.example.com'], service: SERVICE, caCert: first.caCert, logger });
    expect(await injector.sync()).toEqual({ patched: [], injected: [], skipped: [], pending: ['v1.wardle.example.com'] });
    expect(records.map((r) => [r.level, r.msg, r.fields['apiService']])).toEqual([['error', 'could not inject the serving CA into the APIService', 'v1.wardle.example.com']]);
  });
});
