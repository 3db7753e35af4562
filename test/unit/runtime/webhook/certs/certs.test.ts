/**
 * Self-managed webhook certificates (runtime/src/webhook/certs): the checks of a TLS Secret, the caBundle patches, and
 * the rotator on a fake API server with an injected clock — create, reuse, rotation in the lookahead, a race between
 * two rotators, injection only where the Service is named, healing a reset bundle, readiness, hot reload.
 */
import { X509Certificate } from 'node:crypto';
import * as tls from 'node:tls';
import fc from 'fast-check';
import { FakeClock } from '../../../../../runtime/src/clock/clock';
import type { KubeList, KubeObject, ResourceDescriptor } from '../../../../../runtime/src/client/types';
import { newForbidden, newInternalError } from '../../../../../runtime/src/errors/errors';
import { newLogger, type LogRecord } from '../../../../../runtime/src/log';
import { Fake } from '../../../../../runtime/src/testing/fake';
import { applyJsonPatch } from '../../../../../runtime/src/meta/jsonpatch';
import { Manager, type ClientFactory } from '../../../../../runtime/src/controller/manager';
import {
  caBundleOf,
  CertificateRotator,
  checkCertificates,
  crdConversionPatch,
  makeServingCertificates,
  SELF_MANAGED_CERTIFICATES_RBAC,
  serviceHosts,
  webhookConfigurationPatch,
  apiServicePatch,
  apiServiceReferencesService,
  type CertificateMaterial,
} from '../../../../../runtime/src/webhook/certs';
import { present } from '../../../helpers/present';

// The rotator's informers and queue run on real promises; a few tests wait for them.
jest.setTimeout(60_000);

const DAY = 86_400_000;
const RUNS = Number(process.env.KUBEGEN_FUZZ_RUNS ?? 200);
const NS = 'demo-system';
const SVC = 'demo-webhook-service';
const SECRET = 'demo-webhook-server-cert';
const HOSTS = serviceHosts(NS, SVC);
const T0 = Date.parse('2030-01-01T00:00:00Z');

const secretRes: ResourceDescriptor = { group: '', version: 'v1', resource: 'secrets', kind: 'Secret', namespaced: true };
const vwcRes: ResourceDescriptor = { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingwebhookconfigurations', kind: 'ValidatingWebhookConfiguration', namespaced: false };
const mwcRes: ResourceDescriptor = { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'mutatingwebhookconfigurations', kind: 'MutatingWebhookConfiguration', namespaced: false };
const crdRes: ResourceDescriptor = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };

interface Secret extends KubeObject {
  type?: string;
  data?: Record<string, string>;
}

function material(opts: { validDays?: number; caValidDays?: number; hosts?: string[]; now?: number; ca?: { cert: string; key: string } } = {}): Required<CertificateMaterial> {
  const c = makeServingCertificates({ hosts: opts.hosts ?? HOSTS, validDays: opts.validDays ?? 365, caValidDays: opts.caValidDays ?? 3650, now: new Date(opts.now ?? T0), ...(opts.ca ? { ca: opts.ca } : {}) });
  return { caCert: c.caCert, caKey: c.caKey, cert: c.cert, key: c.key };
}

function secretOf(m: Required<CertificateMaterial>): Secret {
  const b = (s: string) => Buffer.from(s).toString('base64');
  return { apiVersion: 'v1', kind: 'Secret', metadata: { name: SECRET, namespace: NS }, type: 'kubernetes.io/tls', data: { 'ca.crt': b(m.caCert), 'ca.key': b(m.caKey), 'tls.crt': b(m.cert), 'tls.key': b(m.key) } };
}

function decoded(s: Secret): Required<CertificateMaterial> {
  const d = (k: string) => Buffer.from(s.data?.[k] ?? '', 'base64').toString();
  return { caCert: d('ca.crt'), caKey: d('ca.key'), cert: d('tls.crt'), key: d('tls.key') };
}

function hook(name: string, clientConfig: Record<string, unknown>) {
  return { name, clientConfig, admissionReviewVersions: ['v1'], sideEffects: 'None' };
}
const svcRef = (name = SVC, namespace = NS) => ({ service: { namespace, name, path: '/validate' } });

function setup(clock = new FakeClock(T0)) {
  const fake = new Fake();
  for (const d of [secretRes, vwcRes, mwcRes, crdRes]) fake.tracker.register(d);
  const records: LogRecord[] = [];
  const logger = newLogger({ enabled: () => true, write: (r) => { records.push(r); } });
  const served: Array<{ cert: string; key: string }> = [];
  const clients: ClientFactory = (d, ns) => fake.client(d, ns);
  const rotator = (extra: { lookaheadMs?: number; certValidityMs?: number; caValidityMs?: number } = {}) =>
    new CertificateRotator({
      namespace: NS,
      serviceName: SVC,
      secretName: SECRET,
      clients,
      server: { setCertificate: (cert, key) => { served.push({ cert, key }); } },
      clock,
      logger,
      bootstrapBackoffMs: { initial: 1, max: 1 },
      ...extra,
    });
  const getSecret = () => fake.client<Secret, KubeList<Secret>>(secretRes, NS).get(SECRET);
  return { fake, clock, records, served, rotator, getSecret };
}

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('checkCertificates', () => {
  const good = material();
  const other = material();
  test.each([
    { name: 'a valid CA and serving certificate', given: good, now: T0, want: { ok: true } },
    { name: 'nothing at all', given: {}, now: T0, want: { ok: false, rotateCA: true, reason: /ca\.crt is missing/ } },
    { name: 'garbage CA', given: { ...good, caCert: 'not a pem' }, now: T0, want: { ok: false, rotateCA: true, reason: /ca\.crt does not parse/ } },
    { name: 'the CA key of another CA', given: { ...good, caKey: other.caKey }, now: T0, want: { ok: false, rotateCA: true, reason: /ca\.key is not the key of ca\.crt/ } },
    { name: 'a leaf as CA', given: { ...good, caCert: good.cert, caKey: good.key }, now: T0, want: { ok: false, rotateCA: true, reason: /not a CA/ } },
    { name: 'the CA within the lookahead', given: good, now: T0 + 3650 * DAY - 89 * DAY, want: { ok: false, rotateCA: true, reason: /the CA expires .* within the rotation lookahead/ } },
    { name: 'the serving certificate within the lookahead', given: good, now: T0 + 365 * DAY - 89 * DAY, want: { ok: false, rotateCA: false, reason: /the serving certificate expires/ } },
    { name: 'the serving certificate of another CA', given: { ...good, cert: other.cert, key: other.key }, now: T0, want: { ok: false, rotateCA: false, reason: /not signed by ca\.crt/ } },
    { name: 'a key that is not the certificate\'s', given: { ...good, key: other.key }, now: T0, want: { ok: false, rotateCA: false, reason: /tls\.key is not the key of tls\.crt/ } },
    { name: 'a certificate for other names', given: material({ hosts: ['other.demo-system.svc'] }), now: T0, want: { ok: false, rotateCA: false, reason: /not valid for demo-webhook-service\.demo-system\.svc/ } },
    { name: 'not valid yet', given: good, now: T0 - DAY, want: { ok: false, rotateCA: true, reason: /not valid before/ } },
  ])('$name', ({ given, now, want }) => {
    const got = checkCertificates(given, { hosts: HOSTS, now, lookaheadMs: 90 * DAY });
    expect(got.ok).toBe(want.ok);
    if (!got.ok && !want.ok) {
      expect(got.rotateCA).toBe(want.rotateCA);
      expect(got.reason).toMatch(want.reason as RegExp);
    }
    if (got.ok) {
      expect(got.refreshAt).toBe(Date.parse(new X509Certificate(good.cert).validTo) - 90 * DAY);
    }
  });

  test('a CA within the lookahead with a usable serving certificate can overlap: rotateCA with overlap', () => {
    const ca = material();
    const now = T0 + 3650 * DAY - 80 * DAY;
    const leaf = makeServingCertificates({ hosts: HOSTS, ca: { cert: ca.caCert, key: ca.caKey }, now: new Date(now - 10 * DAY) });
    const got = checkCertificates({ caCert: ca.caCert, caKey: ca.caKey, cert: leaf.cert, key: leaf.key }, { hosts: HOSTS, now, lookaheadMs: 90 * DAY });
    expect(got).toEqual({ ok: false, rotateCA: true, overlap: true, reason: expect.stringMatching(/^the CA expires .* within the rotation lookahead$/) as unknown });
  });

  test('a bundle: the serving certificate of the previous CA is usable, not issued by the current one', () => {
    const old = material();
    const next = material();
    const bundle = { caCert: next.caCert + old.caCert, caKey: next.caKey, cert: old.cert, key: old.key };
    expect(checkCertificates(bundle, { hosts: HOSTS, now: T0, lookaheadMs: 90 * DAY })).toMatchObject({ ok: true, issuedByCurrent: false });
    expect(checkCertificates({ ...bundle, cert: next.cert, key: next.key }, { hosts: HOSTS, now: T0, lookaheadMs: 90 * DAY })).toMatchObject({ ok: true, issuedByCurrent: true });
    // an earlier CA that is not in the bundle any more signs nothing
    expect(checkCertificates({ ...bundle, caCert: next.caCert }, { hosts: HOSTS, now: T0, lookaheadMs: 90 * DAY })).toMatchObject({ ok: false, rotateCA: false, reason: 'tls.crt is not signed by ca.crt' });
  });

  test('bytes that are no certificate at all give an answer, never a throw', () => {
    for (const junk of ['', '-----BEGIN CERTIFICATE-----\n!!!\n-----END CERTIFICATE-----\n', '\u0000'.repeat(100)]) {
      expect(checkCertificates({ caCert: junk, caKey: junk, cert: junk, key: junk }, { hosts: HOSTS, now: T0, lookaheadMs: DAY }).ok).toBe(false);
      expect(checkCertificates({ ...material(), cert: junk }, { hosts: HOSTS, now: T0, lookaheadMs: DAY })).toMatchObject({ ok: false, rotateCA: false });
    }
  });
});

describe('caBundle patches', () => {
  const ref = { namespace: NS, name: SVC };
  const bundle = caBundleOf('PEM');
  test.each([
    {
      name: 'only the webhooks naming the Service, by index',
      given: { webhooks: [hook('a', svcRef()), hook('b', svcRef('other')), hook('c', { url: 'https://x/y' }), hook('d', svcRef(SVC, 'elsewhere')), hook('e', svcRef())] },
      want: [
        { op: 'test', path: '/webhooks/0/clientConfig/service/namespace', value: NS },
        { op: 'test', path: '/webhooks/0/clientConfig/service/name', value: SVC },
        { op: 'add', path: '/webhooks/0/clientConfig/caBundle', value: bundle },
        { op: 'test', path: '/webhooks/4/clientConfig/service/namespace', value: NS },
        { op: 'test', path: '/webhooks/4/clientConfig/service/name', value: SVC },
        { op: 'add', path: '/webhooks/4/clientConfig/caBundle', value: bundle },
      ],
    },
    { name: 'already injected: nothing to write', given: { webhooks: [hook('a', { ...svcRef(), caBundle: bundle })] }, want: [] },
    { name: 'a stale bundle is replaced', given: { webhooks: [hook('a', { ...svcRef(), caBundle: 'b2xk' })] }, want: [expect.objectContaining({ op: 'test' }), expect.objectContaining({ op: 'test' }), { op: 'add', path: '/webhooks/0/clientConfig/caBundle', value: bundle }] },
    { name: 'no webhooks', given: {}, want: [] },
    { name: 'webhooks that are not a list', given: { webhooks: { 0: hook('a', svcRef()) } }, want: [] },
    { name: 'an inherited service is no service', given: { webhooks: [{ name: 'a', clientConfig: Object.create({ service: { namespace: NS, name: SVC } }) as unknown }] }, want: [] },
  ])('webhook configuration: $name', ({ given, want }) => {
    expect(webhookConfigurationPatch(given, ref, bundle)).toEqual(want);
  });

  const crd = (conversion: unknown) => ({ spec: { group: 'x.io', conversion } });
  test.each([
    {
      name: 'a conversion webhook naming the Service',
      given: crd({ strategy: 'Webhook', webhook: { clientConfig: svcRef(), conversionReviewVersions: ['v1'] } }),
      want: [
        { op: 'test', path: '/spec/conversion/webhook/clientConfig/service/namespace', value: NS },
        { op: 'test', path: '/spec/conversion/webhook/clientConfig/service/name', value: SVC },
        { op: 'add', path: '/spec/conversion/webhook/clientConfig/caBundle', value: bundle },
      ],
    },
    { name: 'another Service', given: crd({ strategy: 'Webhook', webhook: { clientConfig: svcRef('other') } }), want: [] },
    { name: 'strategy None', given: crd({ strategy: 'None', webhook: { clientConfig: svcRef() } }), want: [] },
    { name: 'a URL', given: crd({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://127.0.0.1:9443/convert' } } }), want: [] },
    { name: 'no conversion', given: { spec: {} }, want: [] },
  ])('CRD: $name', ({ given, want }) => {
    expect(crdConversionPatch(given, ref, bundle)).toEqual(want);
  });
});

describe('APIService patches', () => {
  const ref = { namespace: NS, name: SVC };
  const bundle = caBundleOf('PEM');
  const svc = (spec: Record<string, unknown>) => ({ apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.x.io' }, spec: { group: 'x.io', version: 'v1', ...spec } });
  const tests = [
    { op: 'test', path: '/spec/service/namespace', value: NS },
    { op: 'test', path: '/spec/service/name', value: SVC },
  ];
  test.each([
    { name: 'skipping TLS: the bundle in, the flag out, in one patch', given: svc({ service: svcRef().service, insecureSkipTLSVerify: true }), want: [...tests, { op: 'add', path: '/spec/caBundle', value: bundle }, { op: 'remove', path: '/spec/insecureSkipTLSVerify' }] },
    { name: 'neither: the bundle in', given: svc({ service: svcRef().service }), want: [...tests, { op: 'add', path: '/spec/caBundle', value: bundle }] },
    { name: 'a stale bundle is replaced', given: svc({ service: svcRef().service, caBundle: 'b2xk' }), want: [...tests, { op: 'add', path: '/spec/caBundle', value: bundle }] },
    { name: 'the bundle in place and the flag set false: the flag out', given: svc({ service: svcRef().service, caBundle: bundle, insecureSkipTLSVerify: false }), want: [...tests, { op: 'remove', path: '/spec/insecureSkipTLSVerify' }] },
    { name: 'already injected: nothing to write', given: svc({ service: svcRef().service, caBundle: bundle }), want: [] },
    { name: 'another Service', given: svc({ service: svcRef('other').service, insecureSkipTLSVerify: true }), want: [] },
    { name: 'a local APIService (no service)', given: svc({}), want: [] },
    { name: 'not an object', given: 'v1.x.io', want: [] },
  ])('$name', ({ given, want }) => {
    expect(apiServicePatch(given, ref, bundle)).toEqual(want);
  });

  test('apiServiceReferencesService: its own spec.service only', () => {
    expect(apiServiceReferencesService(svc({ service: svcRef().service }), ref)).toBe(true);
    expect(apiServiceReferencesService(svc({ service: svcRef('other').service }), ref)).toBe(false);
    expect(apiServiceReferencesService({ spec: Object.create({ service: svcRef().service }) as unknown }, ref)).toBe(false);
  });

  test('any APIService-like value: a patch that applies and leaves nothing to do, never a throw', () => {
    const spec = fc.record({ service: fc.oneof(fc.record({ namespace: fc.constantFrom(NS, 'other'), name: fc.constantFrom(SVC, 'other') }, { requiredKeys: [] }), fc.jsonValue()), caBundle: fc.constantFrom(bundle, 'b2xk'), insecureSkipTLSVerify: fc.boolean() }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(fc.record({ spec }, { requiredKeys: [] }), fc.jsonValue()), (obj) => {
        const patch = apiServicePatch(obj, ref, bundle);
        if (patch.length === 0) return;
        const after = applyJsonPatch(structuredClone(obj), patch) as { spec: Record<string, unknown> };
        expect(apiServicePatch(after, ref, bundle)).toEqual([]);
        expect(after.spec.caBundle).toBe(bundle);
        expect(Object.hasOwn(after.spec, 'insecureSkipTLSVerify')).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('SELF_MANAGED_CERTIFICATES_RBAC', () => {
  test('the Secret in the namespace; webhook configurations and CRDs cluster-wide, without delete', () => {
    expect(SELF_MANAGED_CERTIFICATES_RBAC.namespaced).toEqual([{ apiGroups: [''], resources: ['secrets'], verbs: ['create', 'get', 'list', 'patch', 'update', 'watch'] }]);
    const cluster = SELF_MANAGED_CERTIFICATES_RBAC.cluster.flatMap((r) => r.resources.map((res) => `${r.apiGroups.join(',')}/${res}:${r.verbs.join(',')}`));
    expect(cluster).toEqual([
      'admissionregistration.k8s.io/mutatingwebhookconfigurations:get,list,patch,update,watch',
      'admissionregistration.k8s.io/validatingwebhookconfigurations:get,list,patch,update,watch',
      'apiextensions.k8s.io/customresourcedefinitions:get,list,patch,update,watch',
    ]);
  });
});

describe('CertificateRotator.sync', () => {
  test('creates a kubernetes.io/tls Secret when there is none, and serves its certificate', async () => {
    const { rotator, getSecret, served } = setup();
    const got = await rotator().sync();
    const secret = await getSecret();
    expect(secret.type).toBe('kubernetes.io/tls');
    expect(Object.keys(secret.data ?? {}).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    expect(decoded(secret)).toEqual(got);
    expect(served).toEqual([{ cert: got.cert, key: got.key }]);
    const cert = new X509Certificate(got.cert);
    const ca = new X509Certificate(got.caCert);
    expect(cert.verify(ca.publicKey)).toBe(true);
    for (const h of HOSTS) expect(cert.checkHost(h)).toBe(h);
    expect(cert.subject).toBe(`CN=${SVC}.${NS}.svc`);
    // cert-controller's validities: 1 year for the serving certificate, 10 years for the CA (from the injected clock)
    expect(Math.round((Date.parse(cert.validTo) - T0) / DAY)).toBe(365);
    expect(Math.round((Date.parse(ca.validTo) - T0) / DAY)).toBe(3650);
  });

  test('reuses a valid Secret: no write, its certificate served', async () => {
    const { rotator, fake, served } = setup();
    const m = material();
    fake.tracker.add(secretOf(m), secretRes);
    fake.clearActions();
    expect(await rotator().sync()).toEqual(m);
    expect(fake.actions().map((a) => a.verb)).toEqual(['get']);
    expect(served).toEqual([{ cert: m.cert, key: m.key }]);
  });

  test('rotates the serving certificate in the lookahead, keeping the CA (and so the caBundle) and other keys', async () => {
    const { rotator, fake, getSecret } = setup(new FakeClock(T0 + 300 * DAY));
    const m = material();
    fake.tracker.add({ ...secretOf(m), data: { ...secretOf(m).data, extra: 'a2VlcA==' } } as Secret, secretRes);
    const got = await rotator().sync();
    expect(got.caCert).toBe(m.caCert);
    expect(got.cert).not.toBe(m.cert);
    expect(new X509Certificate(got.cert).verify(new X509Certificate(m.caCert).publicKey)).toBe(true);
    const secret = await getSecret();
    expect(secret.data?.extra).toBe('a2VlcA==');
    expect(decoded(secret)).toEqual(got);
  });

  test('rotates the CA (and with it the serving certificate) when the CA is in the lookahead', async () => {
    const { rotator, fake } = setup(new FakeClock(T0 + 3600 * DAY));
    const m = material({ now: T0 + 3500 * DAY, ca: (() => { const ca = material(); return { cert: ca.caCert, key: ca.caKey }; })() });
    fake.tracker.add(secretOf(m), secretRes);
    const got = await rotator().sync();
    expect(got.caCert).not.toBe(m.caCert);
    expect(checkCertificates(got, { hosts: HOSTS, now: T0 + 3600 * DAY, lookaheadMs: 90 * DAY }).ok).toBe(true);
  });

  test('a serving certificate signed by a CA never outlives the CA', () => {
    const ca = material({ caValidDays: 100, validDays: 100 });
    const leaf = makeServingCertificates({ hosts: HOSTS, validDays: 365, ca: { cert: ca.caCert, key: ca.caKey }, now: new Date(T0) });
    expect(Date.parse(new X509Certificate(leaf.cert).validTo)).toBeLessThanOrEqual(Date.parse(new X509Certificate(ca.caCert).validTo));
  });

  test('two rotators racing on an expiring Secret settle on one certificate (Conflict → read again)', async () => {
    const { rotator, fake, getSecret, served } = setup(new FakeClock(T0 + 300 * DAY));
    fake.tracker.add(secretOf(material()), secretRes);
    fake.clearActions();
    // both read before either writes
    let reads = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((r) => (release = r));
    fake.prependReactor('get', 'secrets', async () => {
      reads++;
      if (reads === 2) release();
      if (reads <= 2) await bothRead;
      return undefined;
    });
    const [a, b] = await Promise.all([rotator().sync(), rotator().sync()]);
    expect(a).toEqual(b);
    expect(decoded(await getSecret())).toEqual(a);
    const updates = fake.actions().filter((x) => x.verb === 'update');
    expect(updates).toHaveLength(2); // one won, one got a Conflict
    expect(served.map((s) => s.cert)).toEqual([a.cert, a.cert]);
  });

  test('two rotators creating at once: AlreadyExists → the loser reads and serves the winner\'s Secret', async () => {
    const { rotator, fake, getSecret } = setup();
    let misses = 0;
    let release!: () => void;
    const bothMissed = new Promise<void>((r) => (release = r));
    fake.prependReactor('create', 'secrets', async () => {
      misses++;
      if (misses === 2) release();
      await bothMissed;
      return undefined;
    });
    const [a, b] = await Promise.all([rotator().sync(), rotator().sync()]);
    expect(a).toEqual(b);
    expect(decoded(await getSecret())).toEqual(a);
    expect(fake.actions().filter((x) => x.verb === 'create')).toHaveLength(2);
  });

  test('bootstrap retries a server error and fails at once, with one line, on Forbidden', async () => {
    const { rotator, fake, records, clock } = setup();
    let failures = 2;
    fake.prependReactor('get', 'secrets', () => (failures-- > 0 ? { error: newInternalError('etcd is sad') } : undefined));
    const r = rotator();
    const signal = new AbortController().signal;
    const boot = r.bootstrap(signal);
    // the retries sleep on the fake clock
    await stepUntilSettled(boot, clock);
    expect((await boot).cert).toContain('BEGIN CERTIFICATE');
    expect(records.filter((x) => x.level === 'error').map((x) => x.msg)).toEqual([
      'could not read or write the webhook certificate Secret; retrying',
      'could not read or write the webhook certificate Secret; retrying',
    ]);

    const forbidden = setup();
    forbidden.fake.prependReactor('get', 'secrets', () => ({ error: newForbidden({ group: '', resource: 'secrets' }, SECRET, 'User "system:serviceaccount:demo-system:demo-controller-manager" cannot get resource "secrets"') }));
    const err = await forbidden.rotator().bootstrap(signal).then(() => undefined, (e: unknown) => e as Error);
    expect(err?.message).toMatch(/^self-managed webhook certificates: secret demo-system\/demo-webhook-server-cert: .*cannot get resource "secrets"/);
    expect(err?.message).not.toContain('\n');
  });

  test('extraHosts: the certificate is for them too, and a Secret whose certificate lacks one gets a new serving certificate', async () => {
    const { fake, rotator } = setup();
    const m = material();
    fake.tracker.add(secretOf(m), secretRes);
    const r = new CertificateRotator({ ...(rotator() as unknown as { o: ConstructorParameters<typeof CertificateRotator>[0] }).o, extraHosts: ['127.0.0.1', 'webhooks.example.com'] });
    const got = await r.sync();
    expect(got.caCert).toBe(m.caCert);
    const cert = new X509Certificate(got.cert);
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.checkHost('webhooks.example.com')).toBe('webhooks.example.com');
    expect(() => new CertificateRotator({ ...(rotator() as unknown as { o: ConstructorParameters<typeof CertificateRotator>[0] }).o, extraHosts: ['a b'] })).toThrow('webhookServer.selfManagedCertificates.extraHosts: "a b" is not a host name or IP address');
  });

  test('bad options are one-line errors naming the option', () => {
    const { fake } = setup();
    const base = { namespace: NS, serviceName: SVC, secretName: SECRET, clients: fake.client.bind(fake) as never, server: { setCertificate: () => undefined }, logger: newLogger({ enabled: () => false, write: () => undefined }) };
    expect(() => new CertificateRotator({ ...base, namespace: 'Bad_NS' })).toThrow('webhookServer.selfManagedCertificates.namespace must be a namespace name (a DNS-1123 label), not "Bad_NS"');
    expect(() => new CertificateRotator({ ...base, serviceName: '' })).toThrow(/serviceName must be a Service name/);
    expect(() => new CertificateRotator({ ...base, secretName: 'a/b' })).toThrow(/secretName must be a Secret name/);
    expect(() => new CertificateRotator({ ...base, lookaheadMs: 400 * DAY })).toThrow(/lookaheadMs \(34560000000\) must be less than caValidityMs/);
    expect(() => new CertificateRotator({ ...base, checkIntervalMs: Number.NaN })).toThrow(/checkIntervalMs must be a positive number/);
  });
});

async function stepUntilSettled<T>(p: Promise<T>, clock: FakeClock): Promise<void> {
  let settled = false;
  void p.finally(() => { settled = true; });
  // read afresh: `p` settles while the loop awaits
  const isSettled = (): boolean => settled;
  while (!isSettled()) {
    clock.step(1);
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('CertificateRotator.start', () => {
  function seedTargets(fake: Fake) {
    fake.tracker.add({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'demo-validating-webhook-configuration' }, webhooks: [hook('v1.demo.io', svcRef()), hook('other.demo.io', svcRef('other-service')), hook('url.demo.io', { url: 'https://127.0.0.1:9443/validate' })] } as KubeObject, vwcRes);
    fake.tracker.add({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: 'demo-mutating-webhook-configuration' }, webhooks: [hook('m1.demo.io', svcRef())] } as KubeObject, mwcRes);
    fake.tracker.add({ apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: 'someone-else' }, webhooks: [hook('x.other.io', svcRef('x', 'other-system'))] } as KubeObject, mwcRes);
    fake.tracker.add({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.demo.io' }, spec: { group: 'demo.io', conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: NS, name: SVC, path: '/convert' } }, conversionReviewVersions: ['v1'] } } } } as KubeObject, crdRes);
    fake.tracker.add({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gadgets.other.io' }, spec: { group: 'other.io', conversion: { strategy: 'None' } } } as KubeObject, crdRes);
  }
  const get = (fake: Fake, d: ResourceDescriptor, name: string) => fake.client<KubeObject & { webhooks?: Array<{ clientConfig: { caBundle?: string } }>; spec?: { conversion?: { webhook?: { clientConfig?: { caBundle?: string } } } } }, KubeList<KubeObject>>(d, '').get(name);

  test('injects the CA into exactly the webhooks naming the Service, heals a reset bundle, and gates readiness', async () => {
    const { rotator, fake, records, clock } = setup();
    seedTargets(fake);
    const r = rotator();
    const ready = r.readyChecker();
    await expect(ready()).rejects.toThrow('the webhook certificate is not served yet');
    const stop = new AbortController();
    await r.bootstrap(stop.signal);
    const run = r.start(stop.signal);
    try {
      const bundle = r.caBundle;
      expect(bundle).toBe(caBundleOf(r.current?.caCert ?? ''));
      await until('ready', () => ready().then(() => true, () => false));
      const vwc = await get(fake, vwcRes, 'demo-validating-webhook-configuration');
      expect(vwc.webhooks?.map((w) => w.clientConfig.caBundle)).toEqual([bundle, undefined, undefined]);
      expect(present((await get(fake, mwcRes, 'demo-mutating-webhook-configuration')).webhooks?.[0], 'the mutating webhook').clientConfig.caBundle).toBe(bundle);
      expect(present((await get(fake, mwcRes, 'someone-else')).webhooks?.[0], "someone else's webhook").clientConfig.caBundle).toBeUndefined();
      expect((await get(fake, crdRes, 'widgets.demo.io')).spec?.conversion?.webhook?.clientConfig?.caBundle).toBe(bundle);
      expect((await get(fake, crdRes, 'gadgets.other.io')).spec?.conversion?.webhook).toBeUndefined();
      const patches = fake.actions().filter((a) => a.verb === 'patch').length;
      expect(patches).toBe(3);
      // the caches keep only what injection reads: a CRD's conversion, a configuration's webhooks' names and client configs
      const caches = (r as unknown as { informers: Map<string, { getIndexer(): { getByKey(k: string): unknown } }> }).informers;
      expect(caches.get('crd')?.getIndexer().getByKey('widgets.demo.io')).toEqual({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: expect.objectContaining({ name: 'widgets.demo.io' }) as unknown,
        spec: { conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: NS, name: SVC, path: '/convert' }, caBundle: bundle }, conversionReviewVersions: ['v1'] } } },
      });
      expect(Object.keys(present((caches.get('validating')?.getIndexer().getByKey('demo-validating-webhook-configuration') as { webhooks: object[] }).webhooks[0], 'the cached webhook')).sort()).toEqual(['clientConfig', 'name']);

      // a `kubegen apply` resets the bundle: the watch sees it and patches it back
      const current = await get(fake, vwcRes, 'demo-validating-webhook-configuration');
      const reset = structuredClone(current);
      delete present(reset.webhooks?.[0], 'the validating webhook').clientConfig.caBundle;
      fake.tracker.update(vwcRes, reset, '');
      await until('healed', async () => (await get(fake, vwcRes, 'demo-validating-webhook-configuration')).webhooks?.[0]?.clientConfig.caBundle === bundle);
      expect(records.filter((x) => x.msg === 'injected the webhook CA bundle').length).toBe(4);

      // a bundle that cannot be written keeps readiness failing, naming the object, until it can
      let failing = true;
      fake.prependReactor('patch', 'mutatingwebhookconfigurations', () => (failing ? { error: newInternalError('try later') } : undefined));
      const m = await get(fake, mwcRes, 'demo-mutating-webhook-configuration');
      const resetM = structuredClone(m);
      delete present(resetM.webhooks?.[0], 'the mutating webhook').clientConfig.caBundle;
      fake.tracker.update(mwcRes, resetM, '');
      await until('the reset seen', () => ready().then(() => false, (e: unknown) => e instanceof Error && e.message === 'the CA bundle is not injected into mutating webhook configuration demo-mutating-webhook-configuration yet'));
      await until('a failed patch logged', () => records.some((x) => x.level === 'error' && x.msg === 'could not inject the webhook CA bundle'));
      failing = false;
      // the retry waits on the injected clock (the controller backoff)
      await until('ready again', () => {
        clock.step(1000);
        return ready().then(() => true, () => false);
      });
    } finally {
      stop.abort();
      await run;
    }
  });

  test('a CA rotation has no window: the new CA joins the bundle, reaches every webhook, and only then signs the served certificate', async () => {
    const now = T0 + 3650 * DAY - 80 * DAY;
    const { rotator, fake, getSecret } = setup(new FakeClock(now));
    seedTargets(fake);
    const old = material();
    const leaf = makeServingCertificates({ hosts: HOSTS, ca: { cert: old.caCert, key: old.caKey }, now: new Date(now - 10 * DAY) });
    fake.tracker.add(secretOf({ caCert: old.caCert, caKey: old.caKey, cert: leaf.cert, key: leaf.key }), secretRes);
    // what the API server would trust at each moment a certificate is served: the validating webhook's bundle
    const seen: Array<{ cert: string; trusted: string }> = [];
    const r = new CertificateRotator({
      ...(rotator() as unknown as { o: ConstructorParameters<typeof CertificateRotator>[0] }).o,
      server: {
        setCertificate: (cert) => {
          const vwc = fake.tracker.get(vwcRes, '', 'demo-validating-webhook-configuration') as { webhooks: Array<{ clientConfig: { caBundle?: string } }> };
          seen.push({ cert, trusted: Buffer.from(present(vwc.webhooks[0], 'the validating webhook').clientConfig.caBundle ?? '', 'base64').toString() });
        },
      },
    });
    const stop = new AbortController();
    await r.bootstrap(stop.signal);
    // step 1: a new CA in front of the old one; the old serving certificate still served
    const step1 = decoded(await getSecret());
    expect(step1.cert).toBe(leaf.cert);
    const [newCa, oldCa] = step1.caCert.split(/(?<=-----END CERTIFICATE-----\n)/);
    expect(oldCa).toBe(old.caCert);
    expect(newCa).not.toBe(old.caCert);
    const run = r.start(stop.signal);
    try {
      // step 2, once the bundle is everywhere: a serving certificate of the new CA
      await until('the certificate of the new CA served', () => seen.length === 2);
      const second = present(seen[1], 'the certificate served second');
      const served = new X509Certificate(second.cert);
      expect(served.verify(new X509Certificate(present(newCa, 'the new CA')).publicKey)).toBe(true);
      // when it was served, the API server already trusted the new CA (and still the old one)
      expect(second.trusted).toBe(step1.caCert);
      for (const [d, name, bundle] of [
        [mwcRes, 'demo-mutating-webhook-configuration', (o: Record<string, unknown>) => (o as { webhooks: Array<{ clientConfig: { caBundle?: string } }> }).webhooks[0]?.clientConfig.caBundle],
        [crdRes, 'widgets.demo.io', (o: Record<string, unknown>) => (o as { spec: { conversion: { webhook: { clientConfig: { caBundle?: string } } } } }).spec.conversion.webhook.clientConfig.caBundle],
      ] as const) {
        expect(bundle(fake.tracker.get(d, '', name) as Record<string, unknown>)).toBe(caBundleOf(step1.caCert));
      }
      const final = decoded(await getSecret());
      expect(final.caCert).toBe(step1.caCert);
      expect(final.cert).toBe(second.cert);
      await until('ready', () => r.readyChecker()().then(() => true, () => false));
    } finally {
      stop.abort();
      await run;
    }
  });

  test('hot reload: another replica\'s rotation in the Secret is served, and its new CA injected', async () => {
    const { rotator, fake, served, getSecret } = setup();
    seedTargets(fake);
    const r = rotator();
    const stop = new AbortController();
    const first = await r.bootstrap(stop.signal);
    const run = r.start(stop.signal);
    try {
      await until('ready', () => r.readyChecker()().then(() => true, () => false));
      const next = material();
      const secret = await getSecret();
      await fake.client<Secret, KubeList<Secret>>(secretRes, NS).update({ ...secret, data: secretOf(next).data });
      await until('the new certificate served', () => served.at(-1)?.cert === next.cert);
      expect(served.map((s) => s.cert)).toEqual([first.cert, next.cert]);
      await until('the new CA injected', async () => (await get(fake, crdRes, 'widgets.demo.io')).spec?.conversion?.webhook?.clientConfig?.caBundle === caBundleOf(next.caCert));
      // a deleted Secret is made again
      await fake.client<Secret, KubeList<Secret>>(secretRes, NS).delete(SECRET);
      await until('a new Secret', async () => (await getSecret().catch(() => undefined)) !== undefined);
      await until('the newest certificate served', async () => served.at(-1)?.cert === decoded(await getSecret()).cert);
    } finally {
      stop.abort();
      await run;
    }
  });

  test('rotation is timed by the injected clock: a check every 12 h, the rotation at expiry minus the lookahead', async () => {
    const clock = new FakeClock(T0);
    const { rotator, getSecret, served, fake } = setup(clock);
    const r = rotator();
    const stop = new AbortController();
    const first = await r.bootstrap(stop.signal);
    const run = r.start(stop.signal);
    try {
      await until('the first sync of start', () => fake.actions().filter((a) => a.verb === 'get').length >= 2);
      // the serving certificate is valid for 365 days from T0: its refresh is due at T0 + 275 days; until then the
      // Secret is checked every 12 hours (one GET each)
      const gets = () => fake.actions().filter((a) => a.verb === 'get').length;
      for (let i = 1; i <= 2 * 274; i++) {
        const before = gets();
        clock.step(12 * 3_600_000);
        await until(`the check ${i}`, () => gets() > before);
      }
      expect(served.map((s) => s.cert)).toEqual([first.cert]);
      clock.step(DAY);
      await until('the rotation', () => served.length === 2);
      const now = decoded(await getSecret());
      expect(now.cert).toBe(present(served[1], 'the rotated certificate').cert);
      expect(now.caCert).toBe(first.caCert);
      // the next refresh timer is at most 12 h away: nothing waits on a single Node timeout longer than that
      expect(Math.max(...clock.pendingDelays())).toBeLessThanOrEqual(12 * 3_600_000);
    } finally {
      stop.abort();
      await run;
    }
    expect(clock.pendingTimers).toBe(0);
  });
});

describe('untrusted data', () => {
  const ref = { namespace: NS, name: SVC };
  const bundle = caBundleOf('PEM');
  // webhook-ish values: mostly the real shape, with any JSON anywhere (and __proto__ as an ordinary key)
  const clientConfig = fc.oneof(
    fc.record({ service: fc.record({ namespace: fc.constantFrom(NS, 'other', ''), name: fc.constantFrom(SVC, 'other') }, { requiredKeys: [] }), caBundle: fc.constantFrom(bundle, 'b2xk') }, { requiredKeys: [] }),
    fc.record({ url: fc.string() }),
    fc.jsonValue(),
  );
  const webhook = fc.oneof(fc.record({ name: fc.string(), clientConfig }, { requiredKeys: [] }), fc.jsonValue());
  const configuration = fc.oneof(fc.record({ webhooks: fc.oneof(fc.array(webhook, { maxLength: 6 }), fc.jsonValue()) }, { requiredKeys: [] }), fc.jsonValue(), fc.constant(JSON.parse('{"__proto__":{"webhooks":[{"clientConfig":{"service":{"namespace":"demo-system","name":"demo-webhook-service"}}}]}}') as unknown));

  test('the patch of any configuration applies to it, and afterwards exactly the webhooks naming the Service hold the bundle', () => {
    fc.assert(
      fc.property(configuration, (obj) => {
        const patch = webhookConfigurationPatch(obj, ref, bundle);
        if (patch.length === 0) return;
        const after = applyJsonPatch(structuredClone(obj), patch) as { webhooks: Array<{ clientConfig?: { caBundle?: unknown; service?: { namespace?: unknown; name?: unknown } } } | null> };
        expect(webhookConfigurationPatch(after, ref, bundle)).toEqual([]);
        const before = (obj as { webhooks: unknown[] }).webhooks;
        after.webhooks.forEach((w, i) => {
          const named = w?.clientConfig?.service?.namespace === NS && w.clientConfig.service.name === SVC;
          if (!named) expect(w).toEqual(before[i]);
          else expect(w.clientConfig?.caBundle).toBe(bundle);
        });
      }),
      { numRuns: RUNS },
    );
  });

  test('any CRD-like value: a patch or none, never a throw; strategy Webhook and the Service are required', () => {
    fc.assert(
      fc.property(fc.oneof(fc.record({ spec: fc.record({ conversion: fc.record({ strategy: fc.constantFrom('Webhook', 'None'), webhook: fc.record({ clientConfig }, { requiredKeys: [] }) }, { requiredKeys: [] }) }, { requiredKeys: [] }) }, { requiredKeys: [] }), fc.jsonValue()), (crd) => {
        const patch = crdConversionPatch(crd, ref, bundle);
        if (patch.length > 0) expect(crdConversionPatch(applyJsonPatch(structuredClone(crd), patch), ref, bundle)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  test('checkCertificates answers for any strings, never throws', () => {
    const good = material();
    fc.assert(
      fc.property(fc.record({ caCert: fc.oneof(fc.string(), fc.constant(good.caCert)), caKey: fc.oneof(fc.string(), fc.constant(good.caKey)), cert: fc.oneof(fc.string(), fc.constant(good.cert)), key: fc.oneof(fc.string(), fc.constant(good.key)) }, { requiredKeys: [] }), (m) => {
        const got = checkCertificates(m, { hosts: HOSTS, now: T0, lookaheadMs: 90 * DAY });
        expect(typeof got.ok).toBe('boolean');
        if (got.ok) expect(m).toEqual(good);
      }),
      { numRuns: Math.min(RUNS, 100) },
    );
  });
});

describe('the Manager with webhookServer.selfManagedCertificates', () => {
  const smc = { namespace: NS, serviceName: SVC, secretName: SECRET };

  test('serves the Secret\'s certificate over TLS, and readiness includes webhook-certificates', async () => {
    const { fake, getSecret } = setup();
    const clients: ClientFactory = (d, ns) => fake.client(d, ns);
    const mgr = new Manager({ clients, logger: newLogger({ enabled: () => false, write: () => undefined }), healthProbeBindAddress: '127.0.0.1:0', webhookServer: { host: '127.0.0.1', port: 0, selfManagedCertificates: smc } });
    mgr.getWebhookServer();
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    try {
      const { port } = await mgr.getWebhookServer().whenListening();
      const secret = decoded(await getSecret());
      const fingerprint = await new Promise<string>((resolve, reject) => {
        const socket = tls.connect({ host: '127.0.0.1', port, ca: secret.caCert, servername: `${SVC}.${NS}.svc` }, () => {
          resolve(socket.getPeerCertificate().fingerprint256);
          socket.end();
        });
        socket.once('error', reject);
      });
      expect(fingerprint).toBe(new X509Certificate(secret.cert).fingerprint256);
      await until('the probe address', () => mgr.healthProbeAddress !== undefined);
      await until('ready', async () => (await fetch(`http://${mgr.healthProbeAddress}/readyz`)).status === 200);
      expect(await (await fetch(`http://${mgr.healthProbeAddress}/readyz?verbose`)).text()).toContain('[+]webhook-certificates ok');
    } finally {
      stop.abort();
      await running;
    }
  });

  test('a forbidden Secret fails start with one line, before the webhook server listens', async () => {
    const { fake } = setup();
    fake.prependReactor('get', 'secrets', () => ({ error: newForbidden({ group: '', resource: 'secrets' }, SECRET, 'no access') }));
    const clients: ClientFactory = (d, ns) => fake.client(d, ns);
    const mgr = new Manager({ clients, logger: newLogger({ enabled: () => false, write: () => undefined }), webhookServer: { host: '127.0.0.1', port: 0, selfManagedCertificates: smc } });
    mgr.getWebhookServer();
    const err = await mgr.start(new AbortController().signal).then(() => undefined, (e: unknown) => e as Error);
    expect(err?.message).toMatch(/^self-managed webhook certificates: secret demo-system\/demo-webhook-server-cert: .*no access$/);
    expect(mgr.getWebhookServer().address).toBeUndefined();
  });

  test('selfManagedCertificates with cert and key is refused', () => {
    const { fake } = setup();
    const m = material();
    expect(() => new Manager({ clients: fake.client.bind(fake), webhookServer: { cert: m.cert, key: m.key, selfManagedCertificates: smc } })).toThrow('webhook server: give selfManagedCertificates, or cert and key, not both');
  });

  test('without getWebhookServer() nothing runs: no Secret is made', async () => {
    const { fake } = setup();
    const clients: ClientFactory = (d, ns) => fake.client(d, ns);
    const mgr = new Manager({ clients, logger: newLogger({ enabled: () => false, write: () => undefined }), webhookServer: { host: '127.0.0.1', port: 0, selfManagedCertificates: smc } });
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    await running;
    expect(fake.actions().filter((a) => a.resource.resource === 'secrets')).toEqual([]);
  });
});
