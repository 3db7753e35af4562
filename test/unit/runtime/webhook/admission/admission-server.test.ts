/**
 * The admission server over TLS (certificates from `makeServingCertificates`): validators (allow, deny with message
 * and code, warnings, update with the old object, delete), defaulters (the JSON Patch of the edited copy, nothing on
 * DELETE or when unchanged), dry run and declared side effects, kind checks, handler failures and time limits,
 * certificate files reloaded on change; the certificate helper and `patchWebhookConfigurations`.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { newLogger, type LogRecord } from '../../../../../runtime/src/observe';
import {
  AdmissionDenied,
  AdmissionServer,
  admissionKind,
  applyJsonPatch,
  denied,
  patchWebhookConfigurations,
  type AdmissionResponse,
  type AdmissionReview,
} from '../../../../../runtime/src/webhook/admission';
import { StatusError } from '../../../../../runtime/src/errors';
import { makeServingCertificates, writeServingCertificates } from '../../../../../runtime/src/testing/certs';
import { tempDir } from '../../../helpers/generated';

// This file spawns processes and starts servers: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

interface CronTab {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec: { schedule?: string; replicas?: number; tags?: string[] };
}

const KIND = admissionKind({ group: 'stable.example.com', version: 'v1', kind: 'CronTab' });
const certs = makeServingCertificates();

function post(port: number, urlPath: string, body: unknown, ca = certs.caCert): Promise<{ status: number; body: string; cert: X509Certificate | undefined }> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, method: 'POST', path: urlPath, ca, agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
      const peer = res.socket instanceof tls.TLSSocket ? res.socket.getPeerX509Certificate() : undefined;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), cert: peer }));
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const cronTab = (spec: CronTab['spec'] = { schedule: '* * * * *' }): CronTab => ({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c', namespace: 'ns' }, spec });

function review(operation: string, extra: Record<string, unknown> = {}, uid = 'uid-1'): AdmissionReview {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid,
      kind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' },
      resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' },
      name: 'c',
      namespace: 'ns',
      operation,
      userInfo: { username: 'jane' },
      dryRun: false,
      ...extra,
    } as AdmissionReview['request'],
  };
}

describe('admission server', () => {
  const sideEffects: string[] = [];
  const logs: LogRecord[] = [];
  const server = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, handlerTimeoutMs: 300, logger: newLogger({ enabled: () => true, write: (r) => logs.push(r) }) });
  server.validator<CronTab>(KIND, {
    sideEffects: 'NoneOnDryRun',
    async validateCreate(obj, ctx) {
      await ctx.sideEffect(() => sideEffects.push(`create ${obj.metadata.name}`));
      if ((obj.spec.replicas ?? 0) > 10) throw new AdmissionDenied(`spec.replicas: ${obj.spec.replicas} is more than 10`, { code: 422, reason: 'Invalid', warnings: ['think smaller'] });
      if (obj.spec.schedule === 'boom') throw new Error('the schedule exploded');
      if (obj.spec.schedule === 'status') throw new StatusError({ code: 409, reason: 'Conflict', message: 'taken' });
      return obj.spec.schedule ? [] : ['spec.schedule is empty'];
    },
    validateUpdate(oldObj, newObj) {
      if (oldObj.spec.schedule !== newObj.spec.schedule) throw new Error(`spec.schedule is immutable (was ${oldObj.spec.schedule})`);
    },
    validateDelete(obj) {
      if (obj.metadata.labels?.protected === 'true') throw new Error('protected');
      return ['deleted'];
    },
  });
  server.defaulter<CronTab>(KIND, {
    default(obj, ctx) {
      obj.spec.replicas ??= 1;
      if (obj.spec.tags) obj.spec.tags = ['first', ...obj.spec.tags.filter((t) => t !== 'drop')];
      if (obj.metadata.labels?.['a/b~c'] === 'x') delete obj.metadata.labels['a/b~c'];
      if (obj.spec.schedule === undefined) ctx.warn('no schedule: defaulted nothing else');
    },
  });
  server.register('/raw', {
    sideEffects: 'None',
    async handle(req, ctx) {
      if (req.name === 'slow') await new Promise((resolve) => { ctx.signal.addEventListener('abort', resolve); });
      if (req.name === 'effect') await ctx.sideEffect(() => 1);
      if (req.name === 'throw') throw new TypeError('bug');
      return req.name === 'deny' ? denied('no', { code: 200 }) : { allowed: true, auditAnnotations: { who: req.userInfo.username ?? '' } };
    },
  });
  let port = 0;

  beforeAll(async () => {
    port = (await server.listen()).port;
  });
  afterAll(async () => {
    await server.close();
  });

  async function answer(urlPath: string, body: AdmissionReview): Promise<AdmissionResponse> {
    const res = await post(port, urlPath, body);
    expect(res.status).toBe(200);
    const parsed = JSON.parse(res.body) as AdmissionReview;
    expect([parsed.apiVersion, parsed.kind]).toEqual(['admission.k8s.io/v1', 'AdmissionReview']);
    return parsed.response!;
  }

  it('registers the controller-runtime paths', () => {
    expect(server.paths).toEqual(['/mutate-stable-example-com-v1-crontab', '/raw', '/validate-stable-example-com-v1-crontab']);
  });

  it.each<{ name: string; given: AdmissionReview; want: AdmissionResponse }>([
    { name: 'a valid create is allowed', given: review('CREATE', { object: cronTab() }), want: { uid: 'uid-1', allowed: true, status: { code: 200 } } },
    { name: 'warnings of an allowed create', given: review('CREATE', { object: cronTab({}) }), want: { uid: 'uid-1', allowed: true, status: { code: 200 }, warnings: ['spec.schedule is empty'] } },
    {
      name: 'a denial keeps its message, code, reason and warnings',
      given: review('CREATE', { object: cronTab({ replicas: 11 }) }, 'u-2'),
      want: { uid: 'u-2', allowed: false, status: { status: 'Failure', code: 422, reason: 'Invalid', message: 'spec.replicas: 11 is more than 10' }, warnings: ['think smaller'] },
    },
    { name: 'a plain error denies with 403', given: review('CREATE', { object: cronTab({ schedule: 'boom' }) }), want: { uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 403, reason: 'Forbidden', message: 'the schedule exploded' } } },
    { name: 'a StatusError keeps its status', given: review('CREATE', { object: cronTab({ schedule: 'status' }) }), want: { uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 409, reason: 'Conflict', message: 'taken' } } },
    {
      name: 'an update sees the old object',
      given: review('UPDATE', { object: cronTab({ schedule: 'b' }), oldObject: cronTab({ schedule: 'a' }) }),
      want: { uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 403, reason: 'Forbidden', message: 'spec.schedule is immutable (was a)' } },
    },
    { name: 'a delete validates the old object', given: review('DELETE', { oldObject: cronTab() }), want: { uid: 'uid-1', allowed: true, status: { code: 200 }, warnings: ['deleted'] } },
    { name: 'CONNECT is allowed', given: review('CONNECT'), want: { uid: 'uid-1', allowed: true, status: { code: 200 } } },
    {
      name: 'another kind is refused with 400',
      given: { ...review('CREATE', { object: cronTab() }), request: { ...review('CREATE', { object: cronTab() }).request!, kind: { group: 'stable.example.com', version: 'v1beta1', kind: 'CronTab' } } },
      want: { uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 400, reason: 'BadRequest', message: 'this webhook handles stable.example.com/v1, Kind=CronTab, not stable.example.com/v1beta1, Kind=CronTab' } },
    },
  ])('validator: $name', async ({ given, want }) => {
    expect(await answer(KIND.validatePath, given)).toEqual(want);
  });

  it('dry run: the validator runs, its side effect does not', async () => {
    sideEffects.length = 0;
    await answer(KIND.validatePath, review('CREATE', { object: cronTab(), dryRun: true }));
    expect(sideEffects).toEqual([]);
    await answer(KIND.validatePath, review('CREATE', { object: cronTab() }));
    expect(sideEffects).toEqual(['create c']);
  });

  it('a side effect in a handler declared sideEffects None is refused with 500', async () => {
    const r = await answer('/raw', { ...review('CREATE', { object: cronTab() }), request: { ...review('CREATE', { object: cronTab() }).request!, name: 'effect' } });
    expect(r).toEqual({ uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 500, message: 'the handler declared sideEffects None but ran a side effect' } });
  });

  it('defaulter: answers the JSON Patch from the object to the edited copy', async () => {
    const obj = { ...cronTab({ schedule: 's', tags: ['drop', 'x'] }), metadata: { name: 'c', labels: { 'a/b~c': 'x', keep: 'y' } } };
    const r = await answer(KIND.mutatePath, review('CREATE', { object: obj }));
    expect(r.patchType).toBe('JSONPatch');
    const patch = JSON.parse(Buffer.from(r.patch!, 'base64').toString('utf8')) as Parameters<typeof applyJsonPatch>[1];
    expect(patch).toEqual([
      { op: 'remove', path: '/metadata/labels/a~1b~0c' },
      { op: 'replace', path: '/spec/tags/0', value: 'first' },
      { op: 'add', path: '/spec/replicas', value: 1 },
    ]);
    expect(applyJsonPatch(obj, patch)).toEqual({ ...cronTab({ schedule: 's', tags: ['first', 'x'], replicas: 1 }), metadata: { name: 'c', labels: { keep: 'y' } } });
  });

  it('defaulter: nothing to change → allowed without a patch; warnings from the context', async () => {
    expect(await answer(KIND.mutatePath, review('CREATE', { object: cronTab({ schedule: 's', replicas: 2 }) }))).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 } });
    expect(await answer(KIND.mutatePath, review('UPDATE', { object: cronTab({ replicas: 2 }), oldObject: cronTab() }))).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 }, warnings: ['no schedule: defaulted nothing else'] });
  });

  it('defaulter: DELETE is allowed untouched', async () => {
    expect(await answer(KIND.mutatePath, review('DELETE', { oldObject: cronTab() }))).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 } });
  });

  it('defaulter: __proto__ keys are data and reach the patch as data', async () => {
    const body = `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"p","kind":{"group":"stable.example.com","version":"v1","kind":"CronTab"},"resource":{"group":"stable.example.com","version":"v1","resource":"crontabs"},"operation":"CREATE","userInfo":{},"object":{"metadata":{"name":"p","__proto__":{"polluted":"yes"}},"spec":{"__proto__":{"replicas":5}}}}}`;
    const res = await post(port, KIND.mutatePath, body);
    const r = (JSON.parse(res.body) as AdmissionReview).response!;
    expect(JSON.parse(Buffer.from(r.patch!, 'base64').toString('utf8'))).toEqual([{ op: 'add', path: '/spec/replicas', value: 1 }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('raw handlers: a denial code under 400 is sent as given, audit annotations, a thrown bug → 500', async () => {
    const named = (name: string) => ({ ...review('CREATE', { object: cronTab() }), request: { ...review('CREATE', { object: cronTab() }).request!, name } });
    expect(await answer('/raw', named('deny'))).toEqual({ uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 200, message: 'no' } });
    expect(await answer('/raw', named('ok'))).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 }, auditAnnotations: { who: 'jane' } });
    expect(await answer('/raw', named('throw'))).toEqual({ uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 500, message: 'bug' } });
    expect(logs).toContainEqual(expect.objectContaining({ level: 'error', msg: 'admission handler failed', error: new Error('bug'), fields: { operation: 'CREATE', kind: 'stable.example.com/v1, Kind=CronTab', namespace: 'ns', name: 'throw' } }));
  });

  it('a handler over its time limit: its signal aborts and the review is a 500 denial', async () => {
    const r = await answer('/raw', { ...review('CREATE', { object: cronTab() }), request: { ...review('CREATE', { object: cronTab() }).request!, name: 'slow' } });
    expect(r).toEqual({ uid: 'uid-1', allowed: false, status: { status: 'Failure', code: 500, reason: 'InternalError', message: 'the admission handler did not answer in time' } });
  });

  it('review() answers without HTTP and refuses unknown paths', async () => {
    expect((await server.review(KIND.validatePath, review('CONNECT'))).response).toEqual({ uid: 'uid-1', allowed: true, status: { code: 200 } });
    await expect(server.review('/nope', review('CONNECT'))).rejects.toThrow('no admission handler at /nope');
  });

  it('refuses a second handler at one path', () => {
    expect(() => server.validator(KIND, {})).toThrow('a handler is already registered at /validate-stable-example-com-v1-crontab');
  });
});

describe('certificates from files', () => {
  it('a new pair written over the files is served without a restart; a broken one keeps the old', async () => {
    const dir = tempDir('admission-certs');
    const first = makeServingCertificates();
    const files = writeServingCertificates(dir, first);
    const events: Array<{ loaded: boolean; error?: string }> = [];
    let heard: (() => void) | undefined;
    const server = new AdmissionServer({
      certFile: files.certFile,
      keyFile: files.keyFile,
      host: '127.0.0.1',
      port: 0,
      onCertificate: (e) => { events.push(e); heard?.(); },
    });
    server.validator(KIND, {});
    const next = () => new Promise<void>((resolve) => (heard = resolve));
    try {
      const { port } = await server.listen();
      const before = await post(port, KIND.validatePath, review('CONNECT'), first.caCert);
      expect(before.cert?.fingerprint256).toBe(new X509Certificate(first.cert).fingerprint256);

      // a rotated certificate from another CA: fs.watch (or the poll) loads it
      const second = makeServingCertificates();
      const loaded = next();
      writeServingCertificates(dir, second);
      await loaded;
      await server.reloadCertificate();
      expect(events.at(-1)).toEqual({ loaded: true });
      const after = await post(port, KIND.validatePath, review('CONNECT'), second.caCert);
      expect(after.status).toBe(200);
      expect(after.cert?.fingerprint256).toBe(new X509Certificate(second.cert).fingerprint256);

      // a key that does not match: refused, the second pair stays
      const refused = next();
      fs.writeFileSync(files.keyFile, first.key);
      await refused;
      expect(events.at(-1)?.loaded).toBe(false);
      expect(events.at(-1)?.error).toContain('do not load');
      const still = await post(port, KIND.validatePath, review('CONNECT'), second.caCert);
      expect(still.cert?.fingerprint256).toBe(new X509Certificate(second.cert).fingerprint256);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses half-given certificate options', () => {
    expect(() => new AdmissionServer({ certFile: 'x' })).toThrow('give both certFile and keyFile');
    expect(() => new AdmissionServer({ cert: 'x', certFile: 'y', keyFile: 'z' })).toThrow('give cert and key, or certFile and keyFile');
    expect(() => new AdmissionServer({})).toThrow('give cert and key, or certFile and keyFile');
  });
});

describe('makeServingCertificates', () => {
  it('makes a CA and a serving certificate that openssl verifies, with the hosts as SANs', () => {
    const c = makeServingCertificates({ hosts: ['127.0.0.1', 'localhost', '::1', 'webhook-service.system.svc'], validDays: 2 });
    const ca = new X509Certificate(c.caCert);
    const leaf = new X509Certificate(c.cert);
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.subjectAltName).toBe('IP Address:127.0.0.1, DNS:localhost, IP Address:0:0:0:0:0:0:0:1, DNS:webhook-service.system.svc');
    expect(leaf.checkHost('webhook-service.system.svc')).toBe('webhook-service.system.svc');
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBe(2 * 86_400_000 + 60_000);
    const dir = tempDir('certs-openssl');
    try {
      const files = writeServingCertificates(dir, c);
      expect(fs.statSync(files.keyFile).mode & 0o777).toBe(0o600);
      expect(execFileSync('openssl', ['verify', '-purpose', 'sslserver', '-CAfile', files.caFile, files.certFile], { encoding: 'utf8' }).trim()).toBe(`${files.certFile}: OK`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs with a given CA', () => {
    const first = makeServingCertificates();
    const again = makeServingCertificates({ ca: { cert: first.caCert, key: first.caKey }, hosts: ['example.test'] });
    expect(again.caCert).toBe(first.caCert);
    expect(new X509Certificate(again.cert).verify(new X509Certificate(first.caCert).publicKey)).toBe(true);
  });

  it('refuses hosts that are not names', () => {
    expect(() => makeServingCertificates({ hosts: [] })).toThrow('give at least one host');
    expect(() => makeServingCertificates({ hosts: ['a b'] })).toThrow('"a b" is not a host name or IP address');
  });
});

describe('patchWebhookConfigurations', () => {
  const configs = [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'validating-webhook-configuration' },
      webhooks: [{ name: 'vcrontab.kb.io', clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: '/validate-stable-example-com-v1-crontab' } } }],
    },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' } },
  ];

  it('points every webhook at a URL with the CA bundle, keeping the path; other documents unchanged', () => {
    const before = JSON.stringify(configs);
    const out = patchWebhookConfigurations(configs, { url: 'https://127.0.0.1:9443/', caBundle: certs.caCert });
    expect(out[0]?.webhooks?.[0]?.clientConfig).toEqual({ url: 'https://127.0.0.1:9443/validate-stable-example-com-v1-crontab', caBundle: Buffer.from(certs.caCert).toString('base64') });
    expect(out[1]).toEqual(configs[1]);
    expect(JSON.stringify(configs)).toBe(before);
  });

  it('points every webhook at a Service', () => {
    const out = patchWebhookConfigurations(configs, { service: { name: 'svc', namespace: 'ops', port: 8443 }, caBundle: Buffer.from('CA') });
    expect(out[0]?.webhooks?.[0]?.clientConfig).toEqual({ service: { name: 'svc', namespace: 'ops', path: '/validate-stable-example-com-v1-crontab', port: 8443 }, caBundle: 'Q0E=' });
  });

  it('refuses a target with neither or both, plain http, and a webhook without a client config', () => {
    expect(() => patchWebhookConfigurations(configs, { caBundle: 'x' })).toThrow('give exactly one of url and service');
    expect(() => patchWebhookConfigurations(configs, { caBundle: 'x', url: 'http://127.0.0.1' })).toThrow('url must be https://host[:port]');
    const bad = [{ ...configs[0], webhooks: [{ name: 'x.y.z' }] }];
    expect(() => patchWebhookConfigurations(bad, { caBundle: 'x', url: 'https://h' })).toThrow('webhook x.y.z of validating-webhook-configuration has neither clientConfig.service nor clientConfig.url');
  });
});

describe('admissionKind', () => {
  it.each([
    { given: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' }, want: ['/validate-stable-example-com-v1-crontab', '/mutate-stable-example-com-v1-crontab'] },
    { given: { group: '', version: 'v1', kind: 'Pod' }, want: ['/validate--v1-pod', '/mutate--v1-pod'] },
  ])('$given.kind', ({ given, want }) => {
    const k = admissionKind(given);
    expect([k.validatePath, k.mutatePath]).toEqual(want);
  });
});

