/**
 * Self-managed webhook certificates on a real API server (issue 24, item 2 without cert-manager): a Manager with
 * `webhookServer.selfManagedCertificates` makes its CA and serving certificate in a TLS Secret, serves with it, and
 * patches `caBundle` into the webhooks that name its Service.
 *
 * The API server of envtest has no cluster network, so it cannot reach a Service: the reachability half uses
 * `clientConfig.url` to 127.0.0.1 (the serving certificate carries 127.0.0.1 through `extraHosts`) with the CA read
 * back from the Secret — the Widget CRD of test/e2e/fixtures/self-managed-certs converts through the manager, its
 * validating webhook denies — and the injection half checks, on configurations and a CRD that name the Service, that
 * exactly those webhooks get the Secret's CA, that a reset bundle is healed, that readiness waits for the injection,
 * and that a deleted Secret is made again: new certificate served, new CA injected.
 */
import { X509Certificate } from 'node:crypto';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { loadApiModel } from '../../generator/pipeline';
import { admissionGenerator } from '../../generator/emit/admission';
import { conversionGenerator } from '../../generator/emit/conversion';
import { deepcopyGenerator } from '../../generator/emit/deepcopy';
import { typesGenerator } from '../../generator/emit/types-ts';
import { runGenerator } from '../../generator/emit/shared/execute';
import { createRestClient, fromOptions, StatusError, type RestClient } from '../../runtime/src';
import { Manager, restClientFactory } from '../../runtime/src/controller/manager';
import { noopLogger } from '../../runtime/src/log';
import { webhookManagedBy } from '../../runtime/src/controller/webhook';
import type { AdmissionKind } from '../../runtime/src/webhook/admission';
import { conversionSpec, type GroupConverters } from '../../runtime/src/webhook';
import { RUNTIME_MODULES, moduleLoader } from '../unit/helpers/generated';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, generateCrds } from './support/crds';
import { present } from '../unit/helpers/present';

jest.setTimeout(300_000);

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const APIS = path.join(__dirname, 'fixtures/self-managed-certs/apis');
const GROUP = 'selfmanagedcerts.e2e.kubegen.io';
const REGISTRATION = '/apis/admissionregistration.k8s.io/v1';
const SVC = 'smc-webhook-service';
const SECRET = 'smc-webhook-server-cert';
const BY_URL = 'kubegen-e2e-smc-validating-by-url';
const BY_SERVICE = 'kubegen-e2e-smc-validating-by-service';
const GADGETS = `gadgets.${GROUP}`;

interface Widget {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec: { size?: number; color?: string; label?: string };
}
interface Secret {
  type: string;
  data: Record<string, string>;
  metadata: { resourceVersion: string };
}
interface WebhookConfiguration {
  metadata: { name: string; resourceVersion?: string };
  webhooks: Array<{ name: string; clientConfig: { caBundle?: string; url?: string; service?: unknown } }>;
}

describe('self-managed webhook certificates on a real API server', () => {
  const { model } = loadApiModel(APIS, REPO);
  const files = [
    ...runGenerator(typesGenerator, model, {}).files,
    ...runGenerator(conversionGenerator, model, {}).files,
    ...runGenerator(deepcopyGenerator, model, {}).files,
    ...runGenerator(admissionGenerator, model, {}).files,
  ];
  const load = moduleLoader(files, RUNTIME_MODULES);
  const conversion = load(`${GROUP}/conversion`) as { registerConversions(server: { register(c: GroupConverters): unknown }): void };
  const admission = load(`${GROUP}/v1/admission`) as { widgetAdmission: AdmissionKind };
  const crd = generateCrds({ name: 'self-managed-certs', apisRoot: APIS }).find((c) => c.spec.group === GROUP)!;
  let rest: RestClient;
  let mgr: Manager;
  let running: Promise<void>;
  const stop = new AbortController();
  let port = 0;
  let probePort = 0;
  const widgets = (version: string) => `/apis/${GROUP}/${version}/namespaces/${e2e.namespace}/widgets`;
  const widget = (version: string, name: string, spec: Widget['spec']): Widget => ({ apiVersion: `${GROUP}/${version}`, kind: 'Widget', metadata: { name, namespace: e2e.namespace }, spec });
  const secretPath = () => `/api/v1/namespaces/${e2e.namespace}/secrets/${SECRET}`;
  const readSecret = async () => {
    const res = await e2e.kube.get<Secret>(secretPath());
    expect(res.status).toBe(200);
    return res.body;
  };
  const pem = (s: Secret, key: string) => Buffer.from(present(s.data[key], `${key} in the Secret`), 'base64').toString('utf8');
  const service = (servicePath: string) => ({ namespace: e2e.namespace, name: SVC, path: servicePath, port: 443 });

  function validating(name: string, hooks: Array<{ name: string; clientConfig: Record<string, unknown>; resources: string[]; failurePolicy: string }>): Record<string, unknown> {
    return {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name },
      webhooks: hooks.map((h) => ({
        name: h.name,
        clientConfig: h.clientConfig,
        rules: [{ apiGroups: [GROUP], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: h.resources }],
        matchPolicy: 'Equivalent',
        failurePolicy: h.failurePolicy,
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': e2e.namespace } },
      })),
    };
  }

  // A second CRD whose conversion webhook names the Service: nothing is ever stored in it (the API server could not
  // reach the Service), it only receives the CA bundle.
  const gadgets = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: GADGETS },
    spec: {
      group: GROUP,
      scope: 'Namespaced',
      names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
      versions: ['v1', 'v2'].map((v) => ({ name: v, served: true, storage: v === 'v1', schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } })),
      conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { namespace: '', name: SVC, path: '/convert', port: 443 } } } },
    },
  };

  async function getReady(): Promise<{ status: number; body: string }> {
    const res = await fetch(`http://127.0.0.1:${probePort}/readyz?verbose`);
    return { status: res.status, body: await res.text() };
  }

  beforeAll(async () => {
    const { url, ca, token } = e2e.connection;
    rest = createRestClient(fromOptions({ server: url, ca, token }));
    gadgets.spec.conversion.webhook.clientConfig.service.namespace = e2e.namespace;
    // the configurations naming the Service exist before the manager starts: it injects them on its first list
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
    const bySvc = await e2e.kube.post(`${REGISTRATION}/validatingwebhookconfigurations`, validating(BY_SERVICE, [
      // a resource nobody creates, and Ignore: the API server cannot reach the Service
      { name: `svc.${GROUP}`, clientConfig: { service: service('/validate-never') }, resources: ['nothings'], failurePolicy: 'Ignore' },
      { name: `other-svc.${GROUP}`, clientConfig: { service: { ...service('/validate-never'), name: 'another-service' } }, resources: ['nothings'], failurePolicy: 'Ignore' },
      { name: `url.${GROUP}`, clientConfig: { url: 'https://127.0.0.1:1/validate-never' }, resources: ['nothings'], failurePolicy: 'Ignore' },
    ]));
    if (bySvc.status !== 201) throw new Error(`configuration not created: ${bySvc.status} ${JSON.stringify(bySvc.body)}`);
    await deleteCrd(e2e.kube, GADGETS);
    const g = await e2e.kube.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', gadgets);
    if (g.status !== 201) throw new Error(`CRD not created: ${g.status} ${JSON.stringify(g.body)}`);

    mgr = new Manager({
      clients: restClientFactory(rest),
      logger: noopLogger,
      healthProbeBindAddress: '127.0.0.1:0',
      webhookServer: {
        host: '127.0.0.1',
        port: 0,
        selfManagedCertificates: { namespace: e2e.namespace, serviceName: SVC, secretName: SECRET, extraHosts: ['127.0.0.1'] },
      },
    });
    conversion.registerConversions(mgr.getWebhookServer());
    webhookManagedBy<Widget>(mgr)
      .for(admission.widgetAdmission)
      .withValidator({
        validateCreate(w) { if ((w.spec.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${w.spec.size}`); },
        validateUpdate(_old, w) { if ((w.spec.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${w.spec.size}`); },
      })
      .complete();
    running = mgr.start(stop.signal);
    port = (await mgr.getWebhookServer().whenListening()).port;
    await e2e.kube.eventually('the probe server', async () => (mgr.healthProbeAddress ? true : undefined));
    probePort = Number(mgr.healthProbeAddress!.split(':').pop());
  });

  afterAll(async () => {
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${BY_URL}`);
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
    await deleteCrd(e2e.kube, GADGETS);
    await deleteCrd(e2e.kube, crd.metadata.name);
    stop.abort();
    await running;
    await rest.close();
  });

  it('makes a kubernetes.io/tls Secret, serves its certificate, and injects its CA into exactly the webhooks naming the Service', async () => {
    const secret = await readSecret();
    expect(secret.type).toBe('kubernetes.io/tls');
    expect(Object.keys(secret.data).sort()).toEqual(['ca.crt', 'ca.key', 'tls.crt', 'tls.key']);
    // the served certificate is the Secret's, and chains to its CA for the Service's name
    const served = await servedCertificate(port, pem(secret, 'ca.crt'), `${SVC}.${e2e.namespace}.svc`);
    expect(served).toBe(new X509Certificate(pem(secret, 'tls.crt')).fingerprint256);
    const bundle = secret.data['ca.crt'];
    await e2e.kube.eventually('the CA injected', async () => {
      const c = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
      return c.body.webhooks[0]?.clientConfig.caBundle === bundle ? c.body : undefined;
    });
    const c = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
    expect(c.body.webhooks.map((w) => w.clientConfig.caBundle)).toEqual([bundle, undefined, undefined]);
    const g = await e2e.kube.eventually('the conversion CA injected', async () => {
      const res = await e2e.kube.get<typeof gadgets & { spec: { conversion: { webhook: { clientConfig: { caBundle?: string } } } } }>(`/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${GADGETS}`);
      return res.body.spec.conversion.webhook.clientConfig.caBundle === bundle ? res.body : undefined;
    });
    expect(g.spec.conversion.webhook.clientConfig.caBundle).toBe(bundle);
    await e2e.kube.eventually('ready', async () => ((await getReady()).status === 200 ? true : undefined));
    expect((await getReady()).body).toContain('[+]webhook-certificates ok');
  });

  it('the API server converts and admits through the self-managed certificate (by URL, with the Secret\'s CA)', async () => {
    const ca = pem(await readSecret(), 'ca.crt');
    (crd.spec as Record<string, unknown>).conversion = conversionSpec({ url: `https://127.0.0.1:${port}/convert`, caBundle: ca });
    const applied = await applyCrd(e2e.kube, crd);
    if (applied.error || applied.status !== 201) throw new Error(`CRD not applied: ${applied.status} ${applied.error ?? ''}`);
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${BY_URL}`);
    const res = await e2e.kube.post(`${REGISTRATION}/validatingwebhookconfigurations`, validating(BY_URL, [
      { name: `vwidget.${GROUP}`, clientConfig: { url: `https://127.0.0.1:${port}${admission.widgetAdmission.validatePath}`, caBundle: Buffer.from(ca).toString('base64') }, resources: ['widgets'], failurePolicy: 'Fail' },
    ]));
    expect(res.status).toBe(201);
    await e2e.kube.eventually('the webhook to be called', async () => {
      const r = await e2e.kube.post(`${widgets('v2')}?dryRun=All`, widget('v2', 'probe', { size: 11 }));
      return r.status === 403 ? true : undefined;
    }, 60_000);
    const created = await rest.request<Widget>({ method: 'POST', path: widgets('v1'), body: widget('v1', 'w1', { size: 3, color: 'red' }) });
    expect(created.spec).toEqual({ size: 3, color: 'red' });
    const v2 = await rest.request<Widget>({ method: 'GET', path: `${widgets('v2')}/w1` });
    expect(v2.apiVersion).toBe(`${GROUP}/v2`);
    expect(v2.spec).toEqual({ size: 3, color: 'red' });
    const denied = await rest.request({ method: 'POST', path: widgets('v1'), body: widget('v1', 'too-big', { size: 11 }) }).then(() => undefined, (e: unknown) => e);
    expect(denied).toBeInstanceOf(StatusError);
    expect((denied as StatusError).message).toContain('spec.size must be at most 10, not 11');
  });

  it('heals a caBundle that an apply reset', async () => {
    const bundle = (await readSecret()).data['ca.crt'];
    const c = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
    const reset = structuredClone(c.body);
    delete present(reset.webhooks[0], `a webhook in ${BY_SERVICE}`).clientConfig.caBundle;
    const put = await e2e.kube.put(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`, reset);
    expect(put.status).toBe(200);
    expect(present((put.body as WebhookConfiguration).webhooks[0], `a webhook in ${BY_SERVICE}`).clientConfig.caBundle).toBeUndefined();
    await e2e.kube.eventually('healed', async () => {
      const now = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
      return now.body.webhooks[0]?.clientConfig.caBundle === bundle ? true : undefined;
    });
  });

  it('a deleted Secret is made again: the new certificate is served without a restart and the new CA injected', async () => {
    const before = await readSecret();
    expect((await e2e.kube.delete(secretPath())).status).toBe(200);
    const after = await e2e.kube.eventually('a new Secret', async () => {
      const res = await e2e.kube.get<Secret>(secretPath());
      return res.status === 200 && res.body.data['ca.crt'] !== before.data['ca.crt'] ? res.body : undefined;
    });
    const want = new X509Certificate(pem(after, 'tls.crt')).fingerprint256;
    await e2e.kube.eventually('the new certificate served', async () => ((await servedCertificate(port, pem(after, 'ca.crt'), '127.0.0.1').catch(() => undefined)) === want ? true : undefined));
    await e2e.kube.eventually('the new CA injected', async () => {
      const c = await e2e.kube.get<WebhookConfiguration>(`${REGISTRATION}/validatingwebhookconfigurations/${BY_SERVICE}`);
      return c.body.webhooks[0]?.clientConfig.caBundle === after.data['ca.crt'] ? true : undefined;
    });
  });
});

/** The SHA-256 fingerprint of the certificate the server presents, verified against `ca` for `servername`. */
function servedCertificate(port: number, ca: string, servername: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, ca, servername: servername === '127.0.0.1' ? undefined : servername, checkServerIdentity: (host, cert) => tls.checkServerIdentity(servername, cert) }, () => {
      const fp = socket.getPeerCertificate().fingerprint256;
      socket.end();
      resolve(fp);
    });
    socket.once('error', reject);
  });
}
