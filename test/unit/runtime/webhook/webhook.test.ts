import * as https from 'node:https';
import * as path from 'node:path';
import { textLogger } from '../../../../runtime/src/log';
import { ConversionWebhook, conversionSpec } from '../../../../runtime/src/webhook';
import { conversionGenerator } from '../../../../generator/emit/conversion';
import { deepcopyGenerator } from '../../../../generator/emit/deepcopy';
import { RUNTIME_MODULES, moduleLoader, renderTypes } from '../../helpers/generated';
import { makeTestCertificates } from '../../helpers/tls';
import { loadApiModel } from '../../../../generator/pipeline';
import { runGenerator } from '../../../../generator/emit/shared/execute';

// This file spawns processes, starts servers and loads TypeScript programs: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

/** The golden conversion case (CronTab in v1alpha1, v1beta1 and v1, with hand-written conversions). */
const CASE = path.resolve(__dirname, '../../../golden/conversion');
const CASE_APIS = path.join(CASE, 'apis/stable.example.com');
const GROUP = 'stable.example.com';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A ConversionReview answer, as the webhook writes it. */
interface ReviewAnswer {
  apiVersion: string;
  kind: string;
  response: { uid: string; result: { status: string; message?: string }; convertedObjects: Array<{ apiVersion: string; spec: { schedule: string; timeout: number } }> };
}
const parseReview = (text: string) => JSON.parse(text) as ReviewAnswer;

describe('conversion webhook', () => {
  const certs = makeTestCertificates();
  const { model } = loadApiModel(path.join(CASE, 'apis'), CASE);
  const files = [
    ...runGenerator(conversionGenerator, model, { manualModule: (pkg) => `@manual/${pkg.version}` }).files,
    ...runGenerator(deepcopyGenerator, model, {}).files,
    ...renderTypes(model),
  ];
  const load = moduleLoader(files, {
    ...RUNTIME_MODULES,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a golden case's module loaded by path at run time (the converters under test)
    '@manual/v1beta1': require(path.join(CASE_APIS, 'v1beta1/conversion')) as unknown,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a golden case's module loaded by path at run time (the converters under test)
    '@manual/v1alpha1': require(path.join(CASE_APIS, 'v1alpha1/conversion')) as unknown,
  });
  const group = load(`${GROUP}/conversion`) as { registerConversions(w: ConversionWebhook): void };
  const logs: string[] = [];
  const webhook = new ConversionWebhook({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, maxRequestBytes: 64 * 1024, logger: textLogger({ write: (l) => logs.push(l) }) });
  group.registerConversions(webhook);
  let port = 0;

  beforeAll(async () => {
    port = (await webhook.listen()).port;
  });
  afterAll(async () => {
    await webhook.close();
  });

  function request(method: string, urlPath: string, body?: string | Buffer, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, method, path: urlPath, ca: certs.ca, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  const beta = (name: string) => ({
    apiVersion: `${GROUP}/v1beta1`,
    kind: 'CronTab',
    metadata: { name, namespace: 'default' },
    spec: { cronSpec: '*/5 * * * *', image: 'busybox', timeout: '30s', betaOnly: 'keep me' },
  });

  const review = (objects: unknown[], desiredAPIVersion: string, uid = 'uid-1') =>
    JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid, desiredAPIVersion, objects } });

  it('serves /healthz over TLS verified by the test CA', async () => {
    const r = await request('GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toBe('ok\n');
  });

  it('converts every object to desiredAPIVersion and echoes the uid; round trips through the hub', async () => {
    const r = await request('POST', '/convert', review([beta('a'), beta('b')], `${GROUP}/v1`, 'abc-123'));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json');
    const body = parseReview(r.body);
    expect(body.apiVersion).toBe('apiextensions.k8s.io/v1');
    expect(body.kind).toBe('ConversionReview');
    expect(body.response.uid).toBe('abc-123');
    expect(body.response.result).toEqual({ status: 'Success' });
    expect(body.response.convertedObjects.map((o) => [o.apiVersion, o.spec.schedule, o.spec.timeout])).toEqual([
      [`${GROUP}/v1`, '*/5 * * * *', 30],
      [`${GROUP}/v1`, '*/5 * * * *', 30],
    ]);
    const back = parseReview((await request('POST', '/convert', review(body.response.convertedObjects, `${GROUP}/v1beta1`))).body);
    expect(back.response.convertedObjects).toEqual([beta('a'), beta('b')]);
  });

  it('answers a Failure result, not a crash, for an object it cannot convert', async () => {
    const bad = { ...beta('bad'), spec: { ...beta('bad').spec, timeout: 'soon' } };
    const r = await request('POST', '/convert', review([beta('ok'), bad], `${GROUP}/v1`, 'u2'));
    expect(r.status).toBe(200);
    const body = parseReview(r.body);
    expect(body.response.uid).toBe('u2');
    expect(body.response.result.status).toBe('Failure');
    expect(body.response.result.message).toContain('object 1 (stable.example.com/v1beta1 CronTab default/bad)');
    expect(body.response.result.message).toContain('invalid timeout');
    expect(body.response.convertedObjects).toEqual([]);
    const other = parseReview((await request('POST', '/convert', review([{ apiVersion: 'other.io/v1', kind: 'X' }], 'other.io/v2'))).body);
    expect(other.response.result).toEqual({ status: 'Failure', message: expect.stringContaining('no conversions registered for other.io/v1') as string });
    // still serving
    expect((await request('GET', '/healthz')).status).toBe(200);
  });

  it('rejects bodies over the size limit with 413', async () => {
    const big = review([{ ...beta('big'), spec: { ...beta('big').spec, image: 'x'.repeat(70 * 1024) } }], `${GROUP}/v1`);
    const r = await request('POST', '/convert', big);
    expect(r.status).toBe(413);
    // a chunked body without Content-Length is cut off too
    const chunked = await request('POST', '/convert', Buffer.from(big), { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    expect(chunked.status).toBe(413);
  });

  it('checks method, content type, path and body', async () => {
    expect((await request('GET', '/convert')).status).toBe(405);
    expect((await request('GET', '/convert')).headers.allow).toBe('POST');
    expect((await request('POST', '/convert', '{}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await request('POST', '/nope', '{}')).status).toBe(404);
    expect((await request('POST', '/convert', 'not json')).status).toBe(400);
    expect((await request('POST', '/convert', JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1beta1', kind: 'ConversionReview', request: {} }))).status).toBe(400);
    expect((await request('POST', '/convert', JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview' }))).status).toBe(400);
    expect((await request('POST', '/convert', review([beta('a')], `${GROUP}/v1`), { 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('closes gracefully, letting an in-flight request finish', async () => {
    const w = new ConversionWebhook({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 });
    group.registerConversions(w);
    const p = (await w.listen()).port;
    const body = review([beta('a')], `${GROUP}/v1`);
    const pending = new Promise<number>((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port: p, method: 'POST', path: '/convert', ca: certs.ca, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 150);
    });
    await new Promise((r) => setTimeout(r, 50));
    const closing = w.close();
    expect(await pending).toBe(200);
    await closing;
    expect(w.address).toBeUndefined();
  });

  it('refuses to register a group twice', () => {
    expect(() => group.registerConversions(webhook)).toThrow(/already registered/);
  });
});

describe('conversionSpec', () => {
  it('points a CRD at a URL with a CA bundle', () => {
    expect(conversionSpec({ url: 'https://127.0.0.1:9443/convert', caBundle: '-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n' })).toEqual({
      strategy: 'Webhook',
      webhook: {
        clientConfig: { url: 'https://127.0.0.1:9443/convert', caBundle: Buffer.from('-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n').toString('base64') },
        conversionReviewVersions: ['v1'],
      },
    });
  });

  it('points a CRD at a service, with default path and port', () => {
    expect(conversionSpec({ service: { name: 'webhook', namespace: 'system' }, caBundle: 'Y2E=' }).webhook.clientConfig).toEqual({
      service: { name: 'webhook', namespace: 'system', path: '/convert', port: 443 },
      caBundle: 'Y2E=',
    });
  });

  it('rejects configs with neither or both targets, or plain http', () => {
    expect(() => conversionSpec({})).toThrow(/exactly one/);
    expect(() => conversionSpec({ url: 'https://x', service: { name: 'a', namespace: 'b' } })).toThrow(/exactly one/);
    expect(() => conversionSpec({ url: 'http://x/convert' })).toThrow(/https/);
  });
});
