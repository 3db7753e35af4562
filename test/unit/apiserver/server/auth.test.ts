/**
 * The server with delegated authentication: the TLS server asks for client certificates of the configured CAs, every
 * request is checked before it is served (401 without credentials, health paths open, the front proxy's identity
 * served, and handed to admission plugins as the request's `userInfo`), `auth` without TLS is refused; and `close()` is not held up by a connection that never sent a request (the
 * aggregator keeps such connections).
 */
import * as https from 'node:https';
import * as path from 'node:path';
import * as tls from 'node:tls';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { APIServer, DelegatingAuth, apiGroupFromPackage, type AdmissionPluginFactory, type APIGroupDefinition } from '@kubegen/apiserver';
import { allowed, type UserInfo } from '@kubegen/runtime/webhook/admission';
import { createRestClient, fromOptions } from '@kubegen/runtime/client';
import { makeCertificateAuthority, makeClientCertificate, makeServingCertificates, readCrdFiles } from '@kubegen/runtime/testing';
import { serveOverTestEtcd } from '../../helpers/etcd';

jest.setTimeout(60_000);

const CRDS = path.resolve(__dirname, '../../../../generated/wardle.example.com/crds');
const frontProxyCa = makeCertificateAuthority({ name: 'front-proxy-ca' });
const proxy = makeClientCertificate({ ca: frontProxyCa, commonName: 'front-proxy-client' });
const serving = makeServingCertificates({ hosts: ['127.0.0.1'] });
// never called: no tokens, no authorization in these tests
const nowhere = createRestClient(fromOptions({ server: 'https://127.0.0.1:1' }), { retry: { maxRetries: 0 } });
const auth = new DelegatingAuth({
  client: nowhere,
  authentication: {
    requestHeader: { clientCA: frontProxyCa.cert, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], uidHeaders: [], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] },
  },
  tokenReview: false,
  authorization: false,
});

/** The `userInfo` of every Flunder create the recording plugin saw. */
const users: Array<UserInfo | undefined> = [];
const recorder: AdmissionPluginFactory = () => ({
  name: 'recorder',
  kind: { group: 'wardle.example.com', version: 'v1beta1', kind: 'Flunder' },
  operations: ['CREATE'],
  validating: {
    sideEffects: 'None',
    handle: (request) => {
      users.push(request.userInfo);
      return allowed();
    },
  },
});

const group: APIGroupDefinition = apiGroupFromPackage(wardle, readCrdFiles([CRDS]));
const served = serveOverTestEtcd((storage) => new APIServer({ groups: [group], storage, tls: { cert: serving.cert, key: serving.key }, auth, admission: [recorder] }));

afterAll(async () => {
  await nowhere.close();
});

function get(p: string, o: { cert?: { cert: string; key: string }; headers?: Record<string, string>; method?: string; body?: unknown } = {}): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers = { ...(o.headers ?? {}), ...(o.body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = https.request(`${served.base}${p}`, { method: o.method ?? 'GET', ca: serving.caCert, ...(o.cert ?? {}), headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => { resolve({ code: res.statusCode ?? 0, text }); });
    });
    req.on('error', reject);
    req.end(o.body === undefined ? undefined : JSON.stringify(o.body));
  });
}

it('refuses auth without TLS', () => {
  expect(() => new APIServer({ groups: [group], storage: served.storage, auth })).toThrow('APIServer: auth needs tls (client certificates come with the TLS handshake)');
});

it('answers 401 before anything else without credentials, and the health checks without them', async () => {
  expect(await get('/apis/wardle.example.com/v1beta1/namespaces/a/flunders')).toEqual({ code: 401, text: JSON.stringify({ apiVersion: 'v1', kind: 'Status', status: 'Failure', metadata: {}, code: 401, reason: 'Unauthorized', message: 'Unauthorized' }) });
  expect(await get('/nowhere')).toMatchObject({ code: 401 });
  expect(await get('/healthz')).toEqual({ code: 200, text: 'ok' });
});

it('serves the front proxy\'s requests', async () => {
  const r = await get('/apis/wardle.example.com/v1beta1/namespaces/a/flunders', { cert: proxy, headers: { 'X-Remote-User': 'alice' } });
  expect(r.code).toBe(200);
  expect(JSON.parse(r.text)).toMatchObject({ kind: 'FlunderList', items: [] });
});

it('hands the authenticated user to the admission plugins', async () => {
  const body = { apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name: 'by-bob' }, spec: { reference: 'x', referenceType: 'Flunder' } };
  const headers = { 'X-Remote-User': 'bob', 'X-Remote-Group': 'devs', 'X-Remote-Extra-Scopes': 'read' };
  const r = await get('/apis/wardle.example.com/v1beta1/namespaces/a/flunders', { cert: proxy, headers, method: 'POST', body });
  expect(r.code).toBe(201);
  expect(users).toEqual([{ username: 'bob', groups: ['devs', 'system:authenticated'], extra: { scopes: ['read'] } }]);
});

it('closes a connection that sent no request when it closes', async () => {
  const own = new APIServer({ groups: [group], storage: served.storage, tls: { cert: serving.cert, key: serving.key }, auth });
  const url = new URL(await own.listen());
  const socket = tls.connect({ host: url.hostname, port: Number(url.port), ca: serving.caCert, ...proxy });
  await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
  const closed = new Promise<void>((resolve) => socket.once('close', () => { resolve(); }));
  await own.close();
  await closed;
  expect(socket.destroyed).toBe(true);
});

it('gives its TLS server the client CAs the auth reloads, until it closes', async () => {
  const listeners = new Set<(o: { requestCert: boolean; rejectUnauthorized: boolean; ca?: string[] }) => void>();
  const reloading = {
    tlsOptions: auth.tlsOptions,
    check: auth.check.bind(auth),
    watchTlsOptions(l: (o: { requestCert: boolean; rejectUnauthorized: boolean; ca?: string[] }) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const spy = jest.spyOn(https.Server.prototype, 'setSecureContext');
  try {
    const own = new APIServer({ groups: [group], storage: served.storage, tls: { cert: serving.cert, key: serving.key }, auth: reloading });
    await own.listen();
    expect(listeners.size).toBe(1);
    const before = spy.mock.calls.length; // (the TLS server's constructor sets its first context too)
    const rotated = makeCertificateAuthority({ name: 'front-proxy-ca-2' });
    for (const l of listeners) l({ requestCert: true, rejectUnauthorized: false, ca: [rotated.cert] });
    expect(spy.mock.calls.slice(before)).toEqual([[{ ca: [rotated.cert], cert: serving.cert, key: serving.key }]]);
    await own.close();
    expect(listeners.size).toBe(0);
  } finally {
    spy.mockRestore();
  }
});
