/**
 * The ConversionWebhook under hostile requests (issue 8): malformed JSON, wrong kind or apiVersion, a missing
 * request, oversized bodies, `__proto__` keys, deep nesting, a slow client. Each gets a clear answer (status and
 * message), `Object.prototype` stays untouched, and the server keeps serving: after every case `/healthz` answers
 * and a valid review converts. The server runs in-process over TLS with the committed converters of
 * `generated/stable.example.com`.
 */
import * as path from 'node:path';
import * as tls from 'node:tls';
import { textLogger } from '../../runtime/src/log';
import { ConversionWebhook, lostFieldsAnnotation, type GroupConverters } from '../../runtime/src/webhook';
import { makeTestCertificates } from '../unit/helpers/tls';
import { plainEverywhere, prototypesUntouched } from './json-arbitrary';
import { httpsSend, type Reply } from '../unit/helpers/https';
import { present } from '../unit/helpers/present';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const GROUP = 'stable.example.com';
const MAX_BYTES = 256 * 1024;
const REQUEST_TIMEOUT_MS = 1500;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the committed generated package, loaded from its sources by path
const { converters } = require(path.resolve(__dirname, '../../generated/stable.example.com/src/conversion')) as { converters: GroupConverters };

const certs = makeTestCertificates();
const logs: string[] = [];
const webhook = new ConversionWebhook({
  cert: certs.cert,
  key: certs.key,
  host: '127.0.0.1',
  port: 0,
  maxRequestBytes: MAX_BYTES,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  converters: [converters],
  logger: textLogger({ write: (l) => logs.push(l) }),
});
let port = 0;

beforeAll(async () => {
  port = (await webhook.listen()).port;
});
afterAll(async () => {
  await webhook.close();
});

const send = (method: string, urlPath: string, body?: string | Buffer, headers?: Record<string, string>): Promise<Reply> =>
  httpsSend({ port, ca: certs.ca }, method, urlPath, body, headers);

const post = (body: string | Buffer, headers?: Record<string, string>) => send('POST', '/convert', body, headers);

const cronTab = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: `${GROUP}/v1beta1`,
  kind: 'CronTab',
  metadata: { name, namespace: 'ns' },
  spec: { cronSpec: '* * * * *', image: 'img' },
  ...extra,
});

const review = (objects: unknown[], desiredAPIVersion = `${GROUP}/v1`, uid = 'u') =>
  JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid, desiredAPIVersion, objects } });

interface Case {
  name: string;
  send: () => Promise<Reply>;
  /** The HTTP status. */
  status: number;
  /** Text the body (the plain-text error, or the review's `result.message`) must contain. */
  says: string;
  /** For 200s: the review's result status. */
  result?: 'Success' | 'Failure';
  /** Further checks of the parsed review. */
  check?: (review: { response: { convertedObjects: Array<Record<string, unknown>> } }) => void;
}

const cases: Case[] = [
  { name: 'malformed JSON', send: () => post('{"apiVersion":'), status: 400, says: 'body is not JSON' },
  { name: 'an empty body', send: () => post(''), status: 400, says: 'body is not JSON' },
  { name: 'invalid UTF-8 and NUL bytes', send: () => post(Buffer.from([0xff, 0xfe, 0x00, 0x7b])), status: 400, says: 'body is not JSON' },
  { name: 'JSON that is not an object', send: () => post('[1,2,3]'), status: 400, says: 'body is not a ConversionReview' },
  {
    name: 'the wrong kind',
    send: () => post(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: { uid: 'u' } })),
    status: 400,
    says: 'body is not a ConversionReview',
  },
  {
    name: 'the wrong apiVersion',
    send: () => post(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview', request: { uid: 'u', desiredAPIVersion: `${GROUP}/v1`, objects: [] } })),
    status: 400,
    says: 'unsupported ConversionReview version apiextensions.k8s.io/v1beta1; expected apiextensions.k8s.io/v1',
  },
  {
    name: 'an apiVersion with a newline (log injection)',
    send: () => post(JSON.stringify({ apiVersion: 'x\nHTTP 200: forged', kind: 'ConversionReview' })),
    status: 400,
    says: 'unsupported ConversionReview version x\\nHTTP 200: forged',
  },
  { name: 'a missing request', send: () => post(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' })), status: 400, says: 'ConversionReview.request needs uid, desiredAPIVersion and objects' },
  {
    name: 'a request only inherited through __proto__',
    send: () => post(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","__proto__":{"request":{"uid":"u","desiredAPIVersion":"${GROUP}/v1","objects":[]}}}`),
    status: 400,
    says: 'ConversionReview.request needs uid, desiredAPIVersion and objects',
  },
  {
    name: 'objects that are not an array',
    send: () => post(JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'u', desiredAPIVersion: `${GROUP}/v1`, objects: { 0: cronTab('a') } } })),
    status: 400,
    says: 'ConversionReview.request needs uid, desiredAPIVersion and objects',
  },
  { name: 'an object of an unregistered group', send: () => post(review([{ apiVersion: 'evil.io/v1', kind: 'X' }])), status: 200, result: 'Failure', says: 'no conversions registered for evil.io/v1' },
  { name: 'an object without apiVersion', send: () => post(review([{ kind: 'CronTab' }])), status: 200, result: 'Failure', says: 'object has no apiVersion' },
  { name: 'an object that is not an object', send: () => post(review([42])), status: 200, result: 'Failure', says: 'converting object 0 (not an object)' },
  { name: 'an unknown kind', send: () => post(review([{ apiVersion: `${GROUP}/v1beta1`, kind: 'Nope' }])), status: 200, result: 'Failure', says: 'kind Nope has no conversions in group stable.example.com' },
  { name: 'a kind named __proto__', send: () => post(review([{ apiVersion: `${GROUP}/v1beta1`, kind: '__proto__' }])), status: 200, result: 'Failure', says: 'kind __proto__ has no conversions' },
  { name: 'a kind named constructor', send: () => post(review([{ apiVersion: `${GROUP}/v1beta1`, kind: 'constructor' }])), status: 200, result: 'Failure', says: 'kind constructor has no conversions' },
  { name: 'an unserved desired version', send: () => post(review([cronTab('a')], `${GROUP}/v9`)), status: 200, result: 'Failure', says: 'kind CronTab is not served in version v9 of stable.example.com' },
  {
    name: 'a desired version named __proto__',
    send: () => post(review([cronTab('a')], `${GROUP}/__proto__`)),
    status: 200,
    result: 'Failure',
    says: 'kind CronTab is not served in version __proto__',
  },
  {
    name: '__proto__, constructor and prototype keys everywhere',
    send: () =>
      post(
        `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","__proto__":{"x":1},"request":{"uid":"u","desiredAPIVersion":"${GROUP}/v1","__proto__":{"objects":[]},"objects":[` +
          `{"apiVersion":"${GROUP}/v1beta1","kind":"CronTab","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},` +
          `"metadata":{"name":"p","__proto__":{"polluted":"yes"},"labels":{"__proto__":"l"}},"spec":{"cronSpec":"* * * * *","__proto__":{"polluted":"yes"}}}]}}`,
      ),
    status: 200,
    result: 'Success',
    says: '',
    check: (r) => {
      const o = present(r.response.convertedObjects[0], 'the converted object');
      expect(Object.keys(o)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
      expect(Object.getOwnPropertyDescriptor(o.spec, '__proto__')?.value).toEqual({ polluted: 'yes' });
      expect((o.spec as Record<string, unknown>).schedule).toBe('* * * * *');
    },
  },
  {
    name: 'a polluting lost-fields annotation (the issue reproduction)',
    send: () =>
      post(review([cronTab('a', { metadata: { name: 'a', annotations: { [lostFieldsAnnotation('v1')]: '{"c":{"__proto__":{"f":{"polluted":"yes"}}}}' } } })])),
    status: 200,
    result: 'Success',
    says: '',
  },
  {
    name: 'an oversized body with Content-Length',
    send: () => post(review([cronTab('big', { spec: { image: 'x'.repeat(MAX_BYTES) } })])),
    status: 413,
    says: `request body is larger than ${MAX_BYTES} bytes`,
  },
  {
    name: 'an oversized chunked body',
    send: () => post(Buffer.from(review([cronTab('big', { spec: { image: 'x'.repeat(MAX_BYTES) } })])), { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
    status: 413,
    says: `request body is larger than ${MAX_BYTES} bytes`,
  },
  {
    name: 'a Content-Length that lies upward',
    send: () => post('{}', { 'Content-Type': 'application/json', 'Content-Length': String(MAX_BYTES * 10) }),
    status: 413,
    says: `request body is larger than ${MAX_BYTES} bytes`,
  },
  {
    name: 'deep nesting inside the size limit',
    // written by hand: JSON.stringify itself cannot nest this deep
    send: () => post(review([cronTab('deep', { spec: { cronSpec: '* * * * *', deep: 'DEEP' } })]).replace('"DEEP"', `${'['.repeat(100_000)}${']'.repeat(100_000)}`)),
    status: 400,
    says: 'body nests deeper than 1000 levels',
  },
  {
    // deep enough that JSON.stringify of the answer overflowed the stack, which crashed the process
    name: 'nesting that a conversion survives but an answer cannot encode',
    send: () => post(review([cronTab('deep', { spec: { cronSpec: '* * * * *', deep: 'DEEP' } })]).replace('"DEEP"', `${'['.repeat(7000)}${']'.repeat(7000)}`)),
    status: 400,
    says: 'body nests deeper than 1000 levels',
  },
  {
    // levels count from 0 (the review): request 1, objects 2, the object 3, spec 4, so the 995th array is level 999
    name: 'nesting at the limit (1000 levels)',
    send: () => post(review([cronTab('deep', { spec: { cronSpec: '* * * * *', deep: 'DEEP' } })]).replace('"DEEP"', `${'['.repeat(995)}${']'.repeat(995)}`)),
    status: 200,
    result: 'Success',
    says: '',
  },
  {
    name: 'nesting one level over the limit',
    send: () => post(review([cronTab('deep', { spec: { cronSpec: '* * * * *', deep: 'DEEP' } })]).replace('"DEEP"', `${'['.repeat(996)}${']'.repeat(996)}`)),
    status: 400,
    says: 'body nests deeper than 1000 levels',
  },
  { name: 'another content type', send: () => post('{}', { 'Content-Type': 'application/x-www-form-urlencoded' }), status: 415, says: 'content type must be application/json' },
  { name: 'another method', send: () => send('PUT', '/convert', '{}'), status: 405, says: 'method not allowed' },
  { name: 'another path', send: () => send('POST', '/convert/../healthz', '{}'), status: 404, says: 'not found' },
];

describe.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
  test('gets a clear answer, and the server keeps serving', async () => {
    const r = await c.send();
    expect(r.status).toBe(c.status);
    if (c.status === 200) {
      const body = JSON.parse(r.body) as { response: { uid: string; result: { status: string; message?: string }; convertedObjects: Array<Record<string, unknown>> } };
      expect(body.response.result.status).toBe(c.result);
      if (c.says) expect(body.response.result.message).toContain(c.says);
      plainEverywhere(body);
      c.check?.(body);
    } else {
      expect(r.body).toContain(c.says);
      // one line, no stack trace
      expect(r.body.trimEnd().split('\n')).toHaveLength(1);
    }
    prototypesUntouched();
    expect(await send('GET', '/healthz')).toEqual({ status: 200, body: 'ok\n' });
    const ok = JSON.parse((await post(review([cronTab('after')]))).body) as { response: { result: { status: string }; convertedObjects: Array<{ spec: unknown }> } };
    expect(ok.response.result.status).toBe('Success');
    expect(ok.response.convertedObjects[0]?.spec).toEqual({ schedule: '* * * * *', image: 'img' });
  });
});

test('a slow client is cut off after requestTimeoutMs while others are served', async () => {
  const started = Date.now();
  const slow = new Promise<string>((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca: certs.ca, servername: 'localhost' }, () => {
      // headers promise a body that never fully arrives
      socket.write('POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"apiVersion":');
    });
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
  // meanwhile, the server answers others
  await new Promise((r) => setTimeout(r, 200));
  expect((await send('GET', '/healthz')).status).toBe(200);
  expect((JSON.parse((await post(review([cronTab('meanwhile')]))).body) as { response: { result: { status: string } } }).response.result.status).toBe('Success');
  const answer = await slow;
  const took = Date.now() - started;
  expect(took).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
  expect(took).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
  // Node answers 408 Request Timeout (or just closes a connection it has not started to answer)
  expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  expect((await send('GET', '/healthz')).status).toBe(200);
  prototypesUntouched();
});
