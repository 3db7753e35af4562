/**
 * The AdmissionServer under hostile requests (issue 12): malformed JSON, the wrong kind or apiVersion, a missing or
 * malformed request, a 50 MB body (declared and chunked), `__proto__` keys, deep nesting, slow clients. Each gets a
 * clear answer (status and a one-line message), `Object.prototype` stays untouched, and the server keeps serving:
 * after every case `/healthz` answers and a valid review is validated. The server runs in-process over TLS with the
 * default limits (7 MiB bodies, as controller-runtime).
 */
import * as https from 'node:https';
import * as tls from 'node:tls';
import { ADMISSION_MAX_REQUEST_BYTES, AdmissionServer, admissionKind, type AdmissionReview } from '../../runtime/src/webhook/admission';
import { makeServingCertificates } from '../../runtime/src/testing/certs';
import { plainEverywhere, prototypesUntouched } from './json-arbitrary';
import { httpsSend, type Reply } from '../unit/helpers/https';
import { present } from '../unit/helpers/present';

// This file starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(60_000);

const REQUEST_TIMEOUT_MS = 1500;
const KIND = admissionKind({ group: 'stable.example.com', version: 'v1', kind: 'CronTab' });
const certs = makeServingCertificates();
const seen: unknown[] = [];

/**
 * A server with the handlers below. The table's server keeps the default `requestTimeoutMs` (30 s): on a loaded
 * machine a 50 MB upload takes seconds to reach the limit, and a short time limit would answer it 408 before the body
 * is over the size limit; the slow-client test starts its own server with a short one.
 */
function startServer(requestTimeoutMs?: number): AdmissionServer {
  const s = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }) });
  s.validator<{ spec?: { replicas?: number } }>(KIND, {
    validateCreate(obj) {
      seen.push(obj);
      if ((obj.spec?.replicas ?? 0) > 10) throw new Error('too many replicas');
    },
  });
  s.defaulter<{ spec?: Record<string, unknown> }>(KIND, {
    default(obj) {
      obj.spec ??= {};
      obj.spec.defaulted = true;
    },
  });
  return s;
}
const server = startServer();
let port = 0;

beforeAll(async () => {
  port = (await server.listen()).port;
});
afterAll(async () => {
  await server.close();
});

const send = (method: string, urlPath: string, body?: string | Buffer, headers?: Record<string, string>): Promise<Reply> =>
  httpsSend({ port, ca: certs.caCert }, method, urlPath, body, headers);

const post = (body: string | Buffer, headers?: Record<string, string>, urlPath = KIND.validatePath) => send('POST', urlPath, body, headers);

const request = (extra: Record<string, unknown> = {}) => ({
  uid: 'u',
  kind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' },
  resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' },
  operation: 'CREATE',
  userInfo: {},
  object: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' }, spec: { replicas: 1 } },
  ...extra,
});
const review = (extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: request(extra), ...top });

/** About 50 MB of JSON in one string value. */
const FIFTY_MB = () => review({ object: { metadata: { name: 'big' }, spec: { blob: 'x'.repeat(50 * 1024 * 1024) } } });

interface Case {
  name: string;
  send: () => Promise<Reply>;
  status: number;
  /** Text the plain-text error (or the review's status message) must contain; '' for allowed reviews. */
  says: string;
  /** For 200s: whether the review allowed the request. */
  allowed?: boolean;
  check?: (review: AdmissionReview) => void;
}

const cases: Case[] = [
  { name: 'malformed JSON', send: () => post('{"apiVersion":'), status: 400, says: 'body is not JSON' },
  { name: 'an empty body', send: () => post(''), status: 400, says: 'body is not JSON: the body is empty' },
  { name: 'invalid UTF-8 and NUL bytes', send: () => post(Buffer.from([0xff, 0xfe, 0x00, 0x7b])), status: 400, says: 'body is not JSON' },
  { name: 'JSON that is not an object', send: () => post('[1,2,3]'), status: 400, says: 'body is not an AdmissionReview: it is an array' },
  { name: 'the wrong kind', send: () => post(review({}, { kind: 'ConversionReview' })), status: 400, says: 'body is not an AdmissionReview: kind is ConversionReview' },
  { name: 'the wrong apiVersion', send: () => post(review({}, { apiVersion: 'admission.k8s.io/v1beta1' })), status: 400, says: 'unsupported AdmissionReview version admission.k8s.io/v1beta1; expected admission.k8s.io/v1' },
  { name: 'an apiVersion with a newline (log injection)', send: () => post(review({}, { apiVersion: 'x\nHTTP 200: forged' })), status: 400, says: 'unsupported AdmissionReview version x\\nHTTP 200: forged' },
  { name: 'a missing request', send: () => post(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' })), status: 400, says: 'AdmissionReview has no request' },
  { name: 'a request that is a string', send: () => post(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: 'x' })), status: 400, says: 'AdmissionReview has no request (it is x)' },
  {
    name: 'a request only inherited through __proto__',
    send: () => post(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","__proto__":{"request":${JSON.stringify(request())}}}`),
    status: 400,
    says: 'AdmissionReview has no request',
  },
  { name: 'a request without uid', send: () => post(review({ uid: undefined })), status: 400, says: 'AdmissionReview.request.uid must be a non-empty string' },
  { name: 'an unknown operation', send: () => post(review({ operation: 'PATCH' })), status: 400, says: 'AdmissionReview.request.operation PATCH is not one of CREATE, UPDATE, DELETE, CONNECT' },
  { name: 'an operation named __proto__', send: () => post(review({ operation: '__proto__' })), status: 400, says: 'operation __proto__ is not one of' },
  { name: 'a kind without version', send: () => post(review({ kind: { group: 'g', kind: 'K' } })), status: 400, says: 'AdmissionReview.request.kind must be {group, version, kind} strings' },
  { name: 'a CREATE without object', send: () => post(review({ object: undefined })), status: 400, says: 'AdmissionReview.request.object is required for CREATE' },
  { name: 'an UPDATE without oldObject', send: () => post(review({ operation: 'UPDATE' })), status: 400, says: 'AdmissionReview.request.oldObject is required for UPDATE' },
  { name: 'an object that is an array', send: () => post(review({ object: [1] })), status: 400, says: 'AdmissionReview.request.object must be an object, not an array' },
  { name: 'a name that is a number', send: () => post(review({ name: 7 })), status: 400, says: 'AdmissionReview.request.name must be a string, not 7' },
  {
    name: 'a request for another kind',
    send: () => post(review({ kind: { group: 'evil.io', version: 'v1', kind: '__proto__' } })),
    status: 200,
    allowed: false,
    says: 'this webhook handles stable.example.com/v1, Kind=CronTab, not evil.io/v1, Kind=__proto__',
  },
  { name: 'a denial by the handler', send: () => post(review({ object: { spec: { replicas: 11 } } })), status: 200, allowed: false, says: 'too many replicas' },
  {
    name: '__proto__, constructor and prototype keys everywhere (validating)',
    send: () =>
      post(
        `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","__proto__":{"x":1},"request":{"__proto__":{"dryRun":true},"uid":"u","kind":{"group":"stable.example.com","version":"v1","kind":"CronTab","__proto__":{}},` +
          `"resource":{"group":"stable.example.com","version":"v1","resource":"crontabs"},"operation":"CREATE","userInfo":{"extra":{"__proto__":["x"]}},` +
          `"object":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"metadata":{"name":"p","__proto__":{"polluted":"yes"}},"spec":{"__proto__":{"replicas":99}}}}}`,
      ),
    status: 200,
    allowed: true,
    says: '',
    check: () => {
      // the handler saw __proto__ as a key: spec.replicas was not inherited (else 99 would have been denied)
      const obj = seen.at(-1) as Record<string, unknown>;
      expect(Object.getOwnPropertyDescriptor(obj, '__proto__')?.value).toEqual({ polluted: 'yes' });
      expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    },
  },
  {
    name: '__proto__ keys in a mutated object are patched as data',
    send: () =>
      post(
        `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","kind":{"group":"stable.example.com","version":"v1","kind":"CronTab"},` +
          `"resource":{"group":"stable.example.com","version":"v1","resource":"crontabs"},"operation":"CREATE","userInfo":{},"object":{"__proto__":{"spec":{"defaulted":true}},"spec":{"__proto__":{"defaulted":true}}}}}`,
        undefined,
        KIND.mutatePath,
      ),
    status: 200,
    allowed: true,
    says: '',
    check: (r) => {
      expect(JSON.parse(Buffer.from(present(r.response?.patch, 'the patch'), 'base64').toString('utf8'))).toEqual([{ op: 'add', path: '/spec/defaulted', value: true }]);
    },
  },
  { name: 'a 50 MB body with Content-Length', send: () => post(FIFTY_MB()), status: 413, says: `request body is larger than ${ADMISSION_MAX_REQUEST_BYTES} bytes` },
  {
    name: 'a 50 MB chunked body',
    send: () => post(Buffer.from(FIFTY_MB()), { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
    status: 413,
    says: `request body is larger than ${ADMISSION_MAX_REQUEST_BYTES} bytes`,
  },
  { name: 'a Content-Length that lies upward', send: () => post('{}', { 'Content-Type': 'application/json', 'Content-Length': String(50 * 1024 * 1024) }), status: 413, says: 'request body is larger than' },
  {
    name: 'deep nesting inside the size limit',
    send: () => post(review({ object: { spec: { deep: 'DEEP' } } }).replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`)),
    status: 400,
    says: 'body nests deeper than 1000 levels',
  },
  { name: 'another content type', send: () => post('{}', { 'Content-Type': 'text/plain' }), status: 415, says: 'content type must be application/json' },
  { name: 'another method', send: () => send('GET', KIND.validatePath), status: 405, says: 'method not allowed' },
  { name: 'another path', send: () => send('POST', '/validate-stable-example-com-v1-crontab/../convert', '{}'), status: 404, says: 'not found' },
];

describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  test('gets a clear answer, and the server keeps serving', async () => {
    const r = await c.send();
    expect(r.status).toBe(c.status);
    if (c.status === 200) {
      const body = JSON.parse(r.body) as AdmissionReview;
      expect(body.response?.uid).toBe('u');
      expect(body.response?.allowed).toBe(c.allowed);
      if (c.says) expect(body.response?.status?.message).toContain(c.says);
      plainEverywhere(body);
      c.check?.(body);
    } else {
      expect(r.body).toContain(c.says);
      // one line, no stack trace
      expect(r.body.trimEnd().split('\n')).toHaveLength(1);
    }
    prototypesUntouched();
    expect(await send('GET', '/healthz')).toEqual({ status: 200, body: 'ok\n' });
    const ok = JSON.parse((await post(review())).body) as AdmissionReview;
    expect(ok.response).toEqual({ uid: 'u', allowed: true, status: { code: 200 } });
  });
});

test('a client uploading past the limit gets its 413 and finishes its upload: the server lingers before it closes', async () => {
  // closed at once, the server's kernel resets the connection at the client's next segment: the client's write fails
  // with EPIPE (and on a busy machine the reset can drop the 413 before the client reads it)
  const outcome = await new Promise<{ status?: number; writeError?: string; requestError?: string }>((resolve) => {
    const seenOutcome: { status?: number; writeError?: string; requestError?: string } = {};
    const req = https.request(
      { host: '127.0.0.1', port, method: 'POST', path: KIND.validatePath, ca: certs.caCert, headers: { 'Content-Type': 'application/json' }, agent: false },
      (res) => {
        seenOutcome.status = res.statusCode;
        res.resume();
      },
    );
    req.on('error', (e) => (seenOutcome.requestError = e.message));
    req.on('close', () => resolve(seenOutcome));
    req.write(FIFTY_MB(), (e) => {
      if (e) seenOutcome.writeError = e.message;
    });
    req.end();
  });
  expect(outcome).toEqual({ status: 413 });
});

test('slow clients (a trickled body, headers that never end) are cut off after requestTimeoutMs while others are served', async () => {
  const quick = startServer(REQUEST_TIMEOUT_MS);
  const quickPort = (await quick.listen()).port;
  const get = (urlPath: string) => httpsSend({ port: quickPort, ca: certs.caCert }, 'GET', urlPath);
  const postReview = () => httpsSend({ port: quickPort, ca: certs.caCert }, 'POST', KIND.validatePath, review());
  try {
    const slowClient = (payload: string) =>
      new Promise<string>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port: quickPort, ca: certs.caCert, servername: 'localhost' }, () => {
          socket.write(payload);
        });
        let answer = '';
        socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
        socket.on('close', () => { resolve(answer); });
        socket.on('error', () => undefined);
      });
    const started = Date.now();
    const slow = [
      ...Array.from({ length: 10 }, () => slowClient(`POST ${KIND.validatePath} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"apiVersion":`)),
      ...Array.from({ length: 10 }, () => slowClient(`POST ${KIND.validatePath} HTTP/1.1\r\nHost: x\r\nX-Slow: `)),
    ];
    // meanwhile, the server answers others
    for (let i = 0; i < 5; i++) {
      expect((await get('/healthz')).status).toBe(200);
      expect((JSON.parse((await postReview()).body) as AdmissionReview).response?.allowed).toBe(true);
    }
    const answers = await Promise.all(slow);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    // cut off, not held for Node's defaults (300 s for a request): a wide margin for a loaded machine
    expect(took).toBeLessThan(REQUEST_TIMEOUT_MS + 20_000);
    // Node answers 408 Request Timeout (or just closes a connection it has not started to answer)
    for (const a of answers) expect(a === '' || a.startsWith('HTTP/1.1 408')).toBe(true);
    expect((await get('/healthz')).status).toBe(200);
    prototypesUntouched();
  } finally {
    await quick.close();
  }
});
