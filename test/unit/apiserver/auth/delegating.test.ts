/**
 * Delegated authentication and authorization end to end over TLS, against a fake kube-apiserver (HTTPS) that answers
 * the ConfigMap, TokenReviews and SubjectAccessReviews and records them: the front proxy's client certificate and
 * headers, a user's client certificate, bearer tokens, anonymous requests, the always-allowed health paths, the 401
 * and 403 bodies, the SubjectAccessReview specs, and the TTL caches (injected clock).
 */
import * as http from 'node:http';
import * as https from 'node:https';
import { X509Certificate } from 'node:crypto';
import { FakeClock } from '@kubegen/runtime/cache';
import { DelegatingAuth, statusObject, type DelegatingAuthOptions } from '@kubegen/apiserver';
import { StatusError } from '@kubegen/runtime';
import { createRestClient, fromOptions, type RestClient } from '@kubegen/runtime/client';
import { field } from '../../../../apiserver/src/auth/json';
import { makeCertificateAuthority, makeClientCertificate, makeServingCertificates } from '@kubegen/runtime/testing';

jest.setTimeout(30_000);

const frontProxyCa = makeCertificateAuthority({ name: 'front-proxy-ca' });
const clientCa = makeCertificateAuthority({ name: 'client-ca' });
const otherCa = makeCertificateAuthority({ name: 'other-ca' });
const proxyCert = makeClientCertificate({ ca: frontProxyCa, commonName: 'front-proxy-client' });
const strangerProxy = makeClientCertificate({ ca: frontProxyCa, commonName: 'not-the-proxy' });
const carolCert = makeClientCertificate({ ca: clientCa, commonName: 'carol', organizations: ['ops', 'dev'] });
const foreignCert = makeClientCertificate({ ca: otherCa, commonName: 'mallory' });
const kubeTls = makeServingCertificates({ hosts: ['127.0.0.1'] });
const serverTls = makeServingCertificates({ hosts: ['127.0.0.1'] });

const FLUNDERS = '/apis/wardle.example.com/v1alpha1/namespaces/ns/flunders';

interface Recorded {
  tokenReviews: string[];
  reviews: unknown[];
  configMapReads: number;
}

const INITIAL_DATA: Record<string, string> = {
  'client-ca-file': clientCa.cert,
  'requestheader-client-ca-file': frontProxyCa.cert,
  'requestheader-allowed-names': '["front-proxy-client"]',
  'requestheader-username-headers': '["X-Remote-User"]',
  'requestheader-group-headers': '["X-Remote-Group"]',
  'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
};
/** What the fake cluster's extension-apiserver-authentication holds (a test may rotate it), or whether reading it fails. */
const configMap: { data: Record<string, string>; failing: boolean } = { data: { ...INITIAL_DATA }, failing: false };

/** The fake cluster: token `good` is alice; alice may get and list flunders in `ns` and get `/apis`; nothing else. */
function fakeKube(recorded: Recorded): https.Server {
  return https.createServer({ cert: kubeTls.cert, key: kubeTls.key }, (req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (o: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(o));
      };
      if (req.url === '/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication') {
        recorded.configMapReads++;
        if (configMap.failing) {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"kind":"Status","apiVersion":"v1","status":"Failure","code":500}');
          return;
        }
        send({ kind: 'ConfigMap', data: configMap.data });
        return;
      }
      const spec = field(JSON.parse(body), 'spec');
      const token = field(spec, 'token');
      if (req.url === '/apis/authentication.k8s.io/v1/tokenreviews') {
        recorded.tokenReviews.push(typeof token === 'string' ? token : '');
        send({ status: token === 'good' ? { authenticated: true, user: { username: 'alice', uid: 'a-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['s'] } } } : { authenticated: false } });
        return;
      }
      if (req.url === '/apis/authorization.k8s.io/v1/subjectaccessreviews') {
        recorded.reviews.push(spec);
        const user = field(spec, 'user');
        const verb = field(field(spec, 'resourceAttributes'), 'verb');
        const allowed = user === 'alice' && (verb === 'get' || verb === 'list' || field(field(spec, 'nonResourceAttributes'), 'path') === '/apis');
        send({ status: { allowed, ...(user === 'bob' ? { reason: 'bob is on leave' } : {}) } });
        return;
      }
      res.writeHead(404).end();
    });
  });
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

let kube: https.Server;
let kubeClient: RestClient;
const recorded: Recorded = { tokenReviews: [], reviews: [], configMapReads: 0 };
let clock = 1_000_000;

/** A guarded HTTPS server: 200 with the user as JSON when `check` lets the request through, else its Status. */
async function guarded(options: Partial<DelegatingAuthOptions> = {}): Promise<{ url: string; close: () => Promise<void>; auth: DelegatingAuth }> {
  const auth = await DelegatingAuth.fromCluster({ client: kubeClient, ...options });
  const server = https.createServer({ ...auth.tlsOptions, cert: serverTls.cert, key: serverTls.key }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    auth.check(req, req.method ?? 'GET', url).then(
      (user) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(user));
      },
      (err: unknown) => {
        const status = err instanceof StatusError ? err : new StatusError({ code: 500, message: 'unexpected' });
        res.writeHead(status.code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(statusObject(status)));
      },
    );
  });
  const unwatch = auth.watchTlsOptions((o) => {
    server.setSecureContext({ ...(o.ca ? { ca: o.ca } : {}), cert: serverTls.cert, key: serverTls.key });
  });
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    auth,
    close: () =>
      new Promise<void>((resolve) => {
        unwatch();
        auth.close();
        server.close(() => { resolve(); });
        server.closeAllConnections();
      }),
  };
}

interface CallOptions {
  method?: string;
  cert?: { cert: string; key: string };
  headers?: Record<string, string | string[]>;
}

function call(base: string, path: string, o: CallOptions = {}): Promise<{ code: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${base}${path}`, { method: o.method ?? 'GET', ca: serverTls.caCert, ...(o.cert ?? {}), headers: o.headers ?? {}, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => { resolve({ code: res.statusCode ?? 0, body: JSON.parse(text) }); });
    });
    req.on('error', reject);
    req.end();
  });
}

let server: { url: string; close: () => Promise<void>; auth: DelegatingAuth };

beforeAll(async () => {
  kube = fakeKube(recorded);
  const port = await listen(kube);
  kubeClient = createRestClient(fromOptions({ server: `https://127.0.0.1:${port}`, ca: kubeTls.caCert, token: 'delegator' }), { retry: { maxRetries: 0 } });
  server = await guarded({ tokenReview: { now: () => clock }, authorization: { now: () => clock } });
});

afterAll(async () => {
  await server.close();
  await kubeClient.close();
  await new Promise<void>((resolve) => { kube.close(() => { resolve(); }); kube.closeAllConnections(); });
});

beforeEach(() => {
  recorded.tokenReviews.length = 0;
  recorded.reviews.length = 0;
  clock += 3_600_000; // every test starts with empty caches
});

const UNAUTHORIZED = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 };

describe('authentication', () => {
  it('reads the configuration from the ConfigMap once', () => {
    expect(recorded.configMapReads).toBe(1);
  });

  it('takes the front proxy\'s identity from its headers, with system:authenticated added when missing', async () => {
    const r = await call(server.url, FLUNDERS, { cert: proxyCert, headers: { 'X-Remote-User': 'alice', 'X-Remote-Group': ['dev'], 'X-Remote-Extra-Scopes': ['a', 'b'] } });
    expect(r).toEqual({ code: 200, body: { name: 'alice', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'] } } });
    expect(recorded.reviews).toEqual([{ user: 'alice', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'] }, resourceAttributes: { verb: 'list', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders', namespace: 'ns' } }]);
  });

  it('refuses a front proxy whose name is not allowed, and a certificate no trusted CA signed (401)', async () => {
    expect(await call(server.url, FLUNDERS, { cert: strangerProxy, headers: { 'X-Remote-User': 'alice' } })).toEqual({ code: 401, body: UNAUTHORIZED });
    expect(await call(server.url, FLUNDERS, { cert: foreignCert, headers: { 'X-Remote-User': 'alice' } })).toEqual({ code: 401, body: UNAUTHORIZED });
    expect(await call(server.url, FLUNDERS, { cert: proxyCert })).toEqual({ code: 401, body: UNAUTHORIZED });
  });

  it('ignores identity headers without the front proxy\'s certificate', async () => {
    expect(await call(server.url, FLUNDERS, { headers: { 'X-Remote-User': 'alice', 'X-Remote-Group': 'system:masters' } })).toEqual({ code: 401, body: UNAUTHORIZED });
  });

  it('authenticates a user\'s client certificate: the common name, the organizations as groups', async () => {
    const r = await call(server.url, '/healthz', { cert: carolCert });
    expect(r).toEqual({ code: 200, body: { name: 'carol', groups: ['ops', 'dev', 'system:authenticated'], extra: {} } });
  });

  it('reviews a bearer token once per cache period', async () => {
    const good = { headers: { Authorization: 'Bearer good' } };
    const want = { code: 200, body: { name: 'alice', uid: 'a-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['s'] } } };
    expect(await call(server.url, FLUNDERS, good)).toEqual(want);
    expect(await call(server.url, FLUNDERS, good)).toEqual(want);
    expect(recorded.tokenReviews).toEqual(['good']);
    clock += 10_000;
    expect(await call(server.url, FLUNDERS, good)).toEqual(want);
    expect(recorded.tokenReviews).toEqual(['good', 'good']);
  });

  it('answers 401 for a token the cluster does not know, and for a malformed Authorization header', async () => {
    expect(await call(server.url, FLUNDERS, { headers: { Authorization: 'Bearer bad' } })).toEqual({ code: 401, body: UNAUTHORIZED });
    expect(await call(server.url, FLUNDERS, { headers: { Authorization: 'Basic Zm9vOmJhcg==' } })).toEqual({ code: 401, body: UNAUTHORIZED });
    expect(recorded.tokenReviews).toEqual(['bad']);
  });

  it('answers 401 without credentials, except on the health paths', async () => {
    expect(await call(server.url, FLUNDERS)).toEqual({ code: 401, body: UNAUTHORIZED });
    expect(await call(server.url, '/apis')).toEqual({ code: 401, body: UNAUTHORIZED });
    for (const p of ['/healthz', '/readyz', '/livez']) expect((await call(server.url, p)).code).toBe(200);
    expect(recorded.reviews).toEqual([]);
  });

  it('lets anonymous requests through to authorization when asked to', async () => {
    const anon = await guarded({ anonymous: true, authentication: {} });
    try {
      const r = await call(anon.url, FLUNDERS);
      expect(r).toMatchObject({ code: 403, body: { message: 'flunders.wardle.example.com is forbidden: User "system:anonymous" cannot list resource "flunders" in API group "wardle.example.com" in the namespace "ns"' } });
      expect(recorded.reviews).toEqual([{ user: 'system:anonymous', groups: ['system:unauthenticated'], resourceAttributes: { verb: 'list', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders', namespace: 'ns' } }]);
    } finally {
      await anon.close();
    }
  });
});

describe('authorization', () => {
  const as = (user: string, groups: string[] = []) => ({ cert: proxyCert, headers: { 'X-Remote-User': user, 'X-Remote-Group': groups } });

  it('answers 403 with the apiserver\'s message, and the reviewer\'s reason when it gives one', async () => {
    const r = await call(server.url, `${FLUNDERS}/f1`, { ...as('alice'), method: 'DELETE' });
    expect(r).toEqual({
      code: 403,
      body: {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: 'flunders.wardle.example.com "f1" is forbidden: User "alice" cannot delete resource "flunders" in API group "wardle.example.com" in the namespace "ns"',
        reason: 'Forbidden',
        details: { name: 'f1', group: 'wardle.example.com', kind: 'flunders' },
        code: 403,
      },
    });
    const bob = await call(server.url, '/apis/wardle.example.com/v1alpha1/fischers?watch=1', as('bob'));
    expect(field(bob.body, 'message')).toBe('fischers.wardle.example.com is forbidden: User "bob" cannot watch resource "fischers" in API group "wardle.example.com" at the cluster scope: bob is on leave');
    const path = await call(server.url, '/apis/wardle.example.com', as('bob'));
    expect(field(path.body, 'message')).toBe('forbidden: User "bob" cannot get path "/apis/wardle.example.com": bob is on leave');
  });

  it('sends the subresource, the name a field selector narrows to and the selectors', async () => {
    await call(server.url, `${FLUNDERS}/f1/status`, { ...as('alice', ['g']), method: 'PUT' });
    await call(server.url, `${FLUNDERS}?watch=true&fieldSelector=metadata.name%3Df2&labelSelector=a%3Db`, as('alice'));
    expect(recorded.reviews.map((r) => field(r, 'resourceAttributes'))).toEqual([
      { verb: 'update', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders', namespace: 'ns', subresource: 'status', name: 'f1' },
      { verb: 'watch', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders', namespace: 'ns', name: 'f2', fieldSelector: { rawSelector: 'metadata.name=f2' }, labelSelector: { rawSelector: 'a=b' } },
    ]);
  });

  it('caches allowed and denied answers for their TTL', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await call(server.url, FLUNDERS, as('alice'))).code).toBe(200);
      expect((await call(server.url, `${FLUNDERS}/x`, { ...as('alice'), method: 'DELETE' })).code).toBe(403);
    }
    expect(recorded.reviews).toHaveLength(2);
    clock += 10_000;
    expect((await call(server.url, FLUNDERS, as('alice'))).code).toBe(200);
    expect(recorded.reviews).toHaveLength(3);
  });

  it('asks nothing for system:masters', async () => {
    expect((await call(server.url, `${FLUNDERS}/x`, { ...as('root', ['system:masters']), method: 'DELETE' })).code).toBe(200);
    expect(recorded.reviews).toEqual([]);
  });
});

describe('following extension-apiserver-authentication', () => {
  const newProxyCa = makeCertificateAuthority({ name: 'front-proxy-ca-2' });
  const newProxy = makeClientCertificate({ ca: newProxyCa, commonName: 'new-proxy' });
  const asProxy = (cert: { cert: string; key: string }) => ({ cert, headers: { 'X-Remote-User': 'dave' } });
  const username = (r: { body: unknown }) => field(r.body, 'name') ?? field(r.body, 'username') ?? null;

  afterEach(() => {
    configMap.data = { ...INITIAL_DATA };
    configMap.failing = false;
  });

  /** Lets the fake clock's due read finish: the next read is armed once it has (polling, no wall-clock bound on speed). */
  async function settled(fake: FakeClock): Promise<void> {
    for (let i = 0; i < 10_000 && fake.pendingTimers === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(fake.pendingTimers).toBe(1);
  }

  it('re-reads the ConfigMap each interval: a rotated front-proxy CA and allowed names apply, the TLS CAs follow', async () => {
    const fake = new FakeClock();
    const errors: string[] = [];
    const s = await guarded({ authorization: false, refresh: { clock: fake, intervalMs: 60_000, onError: (m) => errors.push(m) } });
    try {
      const tls: (string[] | undefined)[] = [];
      s.auth.watchTlsOptions((o) => tls.push(o.ca));
      const reads = recorded.configMapReads;
      expect(await call(s.url, FLUNDERS, asProxy(proxyCert))).toMatchObject({ code: 200 });
      expect((await call(s.url, FLUNDERS, asProxy(newProxy))).code).toBe(401);

      configMap.data = { ...INITIAL_DATA, 'requestheader-client-ca-file': newProxyCa.cert, 'requestheader-allowed-names': '["new-proxy"]' };
      fake.step(59_999);
      expect(recorded.configMapReads).toBe(reads);
      expect((await call(s.url, FLUNDERS, asProxy(newProxy))).code).toBe(401);
      fake.step(1);
      await settled(fake);
      expect(recorded.configMapReads).toBe(reads + 1);
      const now = await call(s.url, FLUNDERS, asProxy(newProxy));
      expect([now.code, username(now)]).toEqual([200, 'dave']);
      expect((await call(s.url, FLUNDERS, asProxy(proxyCert))).code).toBe(401);
      expect(tls).toHaveLength(1);
      expect(tls[0]).toContain(new X509Certificate(newProxyCa.cert).toString());
      expect(tls[0]).not.toContain(new X509Certificate(frontProxyCa.cert).toString());

      // an unchanged ConfigMap changes nothing
      fake.step(60_000);
      await settled(fake);
      expect(recorded.configMapReads).toBe(reads + 2);
      expect(tls).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await s.close();
    }
    expect(fake.pendingTimers).toBe(0);
  });

  it('keeps the last good configuration when the ConfigMap cannot be read or does not parse, and reports why', async () => {
    const fake = new FakeClock();
    const errors: string[] = [];
    const s = await guarded({ authorization: false, refresh: { clock: fake, intervalMs: 1_000, onError: (m) => errors.push(m) } });
    try {
      configMap.failing = true;
      fake.step(1_000);
      await settled(fake);
      configMap.failing = false;
      configMap.data = { ...INITIAL_DATA, 'requestheader-client-ca-file': newProxyCa.cert, 'requestheader-allowed-names': 'new-proxy' };
      fake.step(1_000);
      await settled(fake);
      expect(errors).toHaveLength(2);
      expect(errors[1]).toBe('extension-apiserver-authentication: requestheader-allowed-names is not a JSON list of strings');
      expect(errors.every((e) => !e.includes('\n'))).toBe(true);
      const r = await call(s.url, FLUNDERS, asProxy(proxyCert));
      expect([r.code, username(r)]).toEqual([200, 'dave']);
    } finally {
      await s.close();
    }
  });

  it('reads once with refresh: false, and reload() applies a change at once', async () => {
    const s = await guarded({ authorization: false, refresh: false });
    try {
      configMap.data = { ...INITIAL_DATA, 'requestheader-allowed-names': '["nobody"]' };
      expect((await call(s.url, FLUNDERS, asProxy(proxyCert))).code).toBe(200);
      expect(await s.auth.reload()).toBe(true);
      expect((await call(s.url, FLUNDERS, asProxy(proxyCert))).code).toBe(401);
      expect(await s.auth.reload()).toBe(false);
    } finally {
      await s.close();
    }
  });
});
