/**
 * One webhook server per manager, end to end (issue 24): the Widget of test/e2e/fixtures/one-webhook-server
 * (v1 served, v2 storage) as a CRD with a conversion webhook, plus a Validating- and a MutatingWebhookConfiguration,
 * ALL pointed at the one port of a Manager's `getWebhookServer()` — conversion registered by the generated
 * `registerConversions`, the defaulter and validator by `webhookManagedBy(mgr)`. The real API server converts,
 * validates and defaults through that port: objects created in v1 and in v2 read back in both versions, a denial
 * reaches the client, a default is stored; the manager's readiness includes the webhook server.
 */
import * as https from 'node:https';
import * as path from 'node:path';
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
import { makeServingCertificates } from '../../runtime/src/testing/certs';
import { RUNTIME_MODULES, moduleLoader } from '../unit/helpers/generated';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, generateCrds } from './support/crds';

jest.setTimeout(300_000);

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const APIS = path.join(__dirname, 'fixtures/one-webhook-server/apis');
const GROUP = 'onewebhook.e2e.kubegen.io';
const REGISTRATION = '/apis/admissionregistration.k8s.io/v1';
const MUTATING = 'kubegen-e2e-one-webhook-server-mutating';
const VALIDATING = 'kubegen-e2e-one-webhook-server-validating';

interface Widget {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  spec: { size?: number; color?: string; label?: string };
}

describe('one webhook server per manager on a real API server', () => {
  const certs = makeServingCertificates();
  const { model } = loadApiModel(APIS, REPO);
  const files = [
    ...runGenerator(typesGenerator, model, {}).files,
    ...runGenerator(conversionGenerator, model, {}).files,
    ...runGenerator(deepcopyGenerator, model, {}).files,
    ...runGenerator(admissionGenerator, model, {}).files,
  ];
  const load = moduleLoader(files, RUNTIME_MODULES);
  const conversion = load(`${GROUP}/conversion`) as { converters: GroupConverters; registerConversions(server: { register(c: GroupConverters): unknown }): void };
  const admission = load(`${GROUP}/v1/admission`) as { widgetAdmission: AdmissionKind };
  const crd = generateCrds({ name: 'one-webhook-server', apisRoot: APIS }).find((c) => c.spec.group === GROUP)!;
  let rest: RestClient;
  let mgr: Manager;
  let running: Promise<void>;
  const stop = new AbortController();
  let port = 0;
  const widgets = (version: string, name?: string) => `/apis/${GROUP}/${version}/namespaces/${e2e.namespace}/widgets${name ? `/${name}` : ''}`;
  const widget = (version: string, name: string, spec: Widget['spec']): Widget => ({ apiVersion: `${GROUP}/${version}`, kind: 'Widget', metadata: { name, namespace: e2e.namespace }, spec });

  function configuration(kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration', name: string, webhookPath: string): Record<string, unknown> {
    return {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind,
      metadata: { name },
      webhooks: [
        {
          name: `${kind === 'MutatingWebhookConfiguration' ? 'm' : 'v'}widget.${GROUP}`,
          clientConfig: { url: `https://127.0.0.1:${port}${webhookPath}`, caBundle: Buffer.from(certs.caCert).toString('base64') },
          // the webhooks are for v1; a v2 request is converted to v1 (matchPolicy Equivalent) through /convert
          rules: [{ apiGroups: [GROUP], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['widgets'] }],
          matchPolicy: 'Equivalent',
          failurePolicy: 'Fail',
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': e2e.namespace } },
        },
      ],
    };
  }

  beforeAll(async () => {
    const { url, ca, token } = e2e.connection;
    rest = createRestClient(fromOptions({ server: url, ca, token }));
    mgr = new Manager({ clients: restClientFactory(rest), logger: noopLogger, webhookServer: { cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 } });
    conversion.registerConversions(mgr.getWebhookServer());
    webhookManagedBy<Widget>(mgr)
      .for(admission.widgetAdmission)
      .withDefaulter({ default(w) { w.spec.color ??= 'blue'; } })
      .withValidator({
        validateCreate(w) { if ((w.spec.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${w.spec.size}`); },
        validateUpdate(_old, w) { if ((w.spec.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${w.spec.size}`); },
      })
      .complete();
    running = mgr.start(stop.signal);
    port = (await mgr.getWebhookServer().whenListening()).port;
    expect(mgr.getWebhookServer().paths).toEqual(['/convert', '/mutate-onewebhook-e2e-kubegen-io-v1-widget', '/validate-onewebhook-e2e-kubegen-io-v1-widget']);

    (crd.spec as Record<string, unknown>).conversion = conversionSpec({ url: `https://127.0.0.1:${port}/convert`, caBundle: certs.caCert });
    const applied = await applyCrd(e2e.kube, crd);
    if (applied.error || applied.status !== 201) throw new Error(`CRD not applied: ${applied.status} ${applied.error ?? ''}`);
    for (const [kind, name, p] of [
      ['MutatingWebhookConfiguration', MUTATING, admission.widgetAdmission.mutatePath],
      ['ValidatingWebhookConfiguration', VALIDATING, admission.widgetAdmission.validatePath],
    ] as const) {
      const plural = kind === 'MutatingWebhookConfiguration' ? 'mutatingwebhookconfigurations' : 'validatingwebhookconfigurations';
      await e2e.kube.delete(`${REGISTRATION}/${plural}/${name}`);
      const res = await e2e.kube.post(`${REGISTRATION}/${plural}`, configuration(kind, name, p));
      if (res.status !== 201) throw new Error(`${kind} not created: ${res.status} ${JSON.stringify(res.body)}`);
    }
    // the API server picks up the CRD's conversion and the configurations asynchronously: wait until a v2 dry run
    // is defaulted (converted to v1 for the mutating webhook and back)
    await e2e.kube.eventually('the webhooks to be called', async () => {
      const res = await e2e.kube.post<Widget>(`${widgets('v2')}?dryRun=All`, widget('v2', 'probe', { size: 1 }));
      return res.status === 201 && res.body.spec.color === 'blue' ? true : undefined;
    });
  });

  afterAll(async () => {
    await e2e.kube.delete(`${REGISTRATION}/mutatingwebhookconfigurations/${MUTATING}`);
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/${VALIDATING}`);
    await deleteCrd(e2e.kube, crd.metadata.name);
    stop.abort();
    await running;
    await rest.close();
  });

  async function get(version: string, name: string): Promise<Widget> {
    const res = await e2e.kube.get<Widget>(widgets(version, name));
    expect(res.status).toBe(200);
    return res.body;
  }

  it('an object created in v1 is defaulted, stored in v2 and reads back in both versions', async () => {
    const created = await rest.request<Widget>({ method: 'POST', path: widgets('v1'), body: widget('v1', 'from-v1', { size: 3 }) });
    expect(created.spec).toEqual({ size: 3, color: 'blue' });
    const v2 = await get('v2', 'from-v1');
    expect(v2.apiVersion).toBe(`${GROUP}/v2`);
    expect(v2.spec).toEqual({ size: 3, color: 'blue' });
    expect((await get('v1', 'from-v1')).spec).toEqual({ size: 3, color: 'blue' });
  });

  it('an object created in v2 goes through conversion to v1 for admission, and keeps its v2-only field across versions', async () => {
    const created = await rest.request<Widget>({ method: 'POST', path: widgets('v2'), body: widget('v2', 'from-v2', { size: 4, label: 'only-in-v2' }) });
    expect(created.apiVersion).toBe(`${GROUP}/v2`);
    expect(created.spec).toEqual({ size: 4, color: 'blue', label: 'only-in-v2' });
    const v1 = await get('v1', 'from-v2');
    expect(v1.apiVersion).toBe(`${GROUP}/v1`);
    expect(v1.spec).toEqual({ size: 4, color: 'blue' });
    // the field v1 cannot hold is kept by kubegen's conversion in an annotation, and restored in v2
    expect(Object.keys(v1.metadata.annotations ?? {})).toEqual(['conversion.kubegen.io/v2-fields']);
    expect((await get('v2', 'from-v2')).spec).toEqual({ size: 4, color: 'blue', label: 'only-in-v2' });
  });

  it('the validator refuses in either version, with its message', async () => {
    for (const version of ['v1', 'v2']) {
      const e = await rest.request({ method: 'POST', path: widgets(version), body: widget(version, `too-big-${version}`, { size: 11 }) }).then(() => undefined, (err: unknown) => err);
      expect(e).toBeInstanceOf(StatusError);
      expect((e as StatusError).code).toBe(403);
      expect((e as StatusError).message).toContain('spec.size must be at most 10, not 11');
    }
  });

  it('the manager is ready: its readiness includes the webhook server, served on the webhook port', async () => {
    const server = mgr.getWebhookServer();
    await expect(server.startedChecker()()).resolves.toBeUndefined();
    const res = await fetchReadyz(port, certs.caCert);
    expect(res).toEqual({ status: 200, body: '[+]webhook ok\nhealthz check passed\n' });
  });
});

function fetchReadyz(port: number, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, path: '/readyz?verbose', ca, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}
