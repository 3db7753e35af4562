/**
 * Admission webhooks end to end: the Gadget kind of test/e2e/fixtures/admission (its CRD from kubegen), its
 * generated `registerGadgetValidator` / `registerGadgetDefaulter` serving a validator and a defaulter on the runtime's
 * AdmissionServer over TLS (a CA from `makeServingCertificates`), and the Mutating- and ValidatingWebhookConfiguration
 * that `kubegen webhook` writes for the fixture's markers, pointed at the local server (`url`, caBundle patched)
 * with `patchWebhookConfigurations`. The real API server calls the server: a denial reaches the client as a
 * StatusError with the handler's message, a mutation is on the stored object, the old object reaches update and
 * delete validation, dry-run requests are validated but run no side effect, and with the server down failurePolicy
 * Fail refuses requests while Ignore lets them through.
 */
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { AdmissionServer, type AdmissionServer as Server } from '../../runtime/src/webhook/admission';
import { patchWebhookConfigurations } from '../../runtime/src/webhook/admission';
import { makeServingCertificates } from '../../runtime/src/testing/certs';
import { createRestClient, fromOptions, StatusError, type RestClient } from '../../runtime/src';
import { loadApiModel } from '../../generator/pipeline';
import { admissionGenerator } from '../../generator/emit/admission';
import { typesGenerator } from '../../generator/emit/types-ts';
import { runGenerator } from '../../generator/emit/shared/execute';
import { loadManifestModel } from '../../generator/load/manifests';
import { generateWebhooks } from '../../generator/emit/webhook';
import { RUNTIME_MODULES, moduleLoader } from '../unit/helpers/generated';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, generateCrds } from './support/crds';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const FIXTURE = path.join(__dirname, 'fixtures/admission');
const GROUP = 'admission.e2e.kubegen.io';
const REGISTRATION = '/apis/admissionregistration.k8s.io/v1';

interface Gadget {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; resourceVersion?: string };
  spec: { size?: number; color?: string; tags?: string[] };
}

interface GeneratedAdmission {
  registerGadgetValidator(server: Server, validator: object): void;
  registerGadgetDefaulter(server: Server, defaulter: object): void;
}

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; webhooks: unknown[] };

/** The configurations `kubegen webhook --paths <dir>` writes, parsed. */
function webhookConfigurations(dir: string): Doc[] {
  const { model, diagnostics } = loadManifestModel({ paths: [dir], cwd: REPO });
  expect(diagnostics).toEqual([]);
  const { files } = generateWebhooks(model);
  expect(files.map((f) => f.path)).toEqual(['manifests.yaml']);
  return parseAllDocuments(present(files[0], 'the webhook manifest').contents).map((d) => d.toJS() as Doc);
}

describe('admission webhooks on a real API server', () => {
  const certs = makeServingCertificates();
  const sideEffects: string[] = [];
  const { model } = loadApiModel(path.join(FIXTURE, 'apis'), REPO);
  const generated = [...runGenerator(typesGenerator, model, {}).files, ...runGenerator(admissionGenerator, model, {}).files];
  const admission = moduleLoader(generated, RUNTIME_MODULES)(`${GROUP}/v1/admission`) as unknown as GeneratedAdmission;
  const crd = generateCrds({ name: 'admission', apisRoot: path.join(FIXTURE, 'apis') }).find((c) => c.spec.group === GROUP)!;
  let server: AdmissionServer;
  let port = 0;
  let rest: RestClient;
  const gadgets = () => `/apis/${GROUP}/v1/namespaces/${e2e.namespace}/gadgets`;
  const gadget = (name: string, spec: Gadget['spec'], labels?: Record<string, string>): Gadget => ({
    apiVersion: `${GROUP}/v1`,
    kind: 'Gadget',
    metadata: { name, namespace: e2e.namespace, ...(labels ? { labels } : {}) },
    spec,
  });

  function startServer(): AdmissionServer {
    const s = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port });
    admission.registerGadgetValidator(s, {
      sideEffects: 'NoneOnDryRun',
      async validateCreate(obj: Gadget, ctx: { sideEffect(fn: () => unknown): Promise<unknown> }) {
        if ((obj.spec.size ?? 0) > 10) throw new Error(`spec.size must be at most 10, not ${obj.spec.size}`);
        await ctx.sideEffect(() => sideEffects.push(`created ${obj.metadata.name}`));
        return obj.spec.size === undefined ? ['spec.size is not set'] : [];
      },
      validateUpdate(oldObj: Gadget, newObj: Gadget) {
        if (oldObj.spec.color !== newObj.spec.color) throw new Error(`spec.color is immutable: ${oldObj.spec.color} → ${newObj.spec.color}`);
      },
      validateDelete(obj: Gadget) {
        if (obj.metadata.labels?.protected === 'true') throw new Error(`gadget ${obj.metadata.name} is protected`);
      },
    });
    admission.registerGadgetDefaulter(s, {
      default(obj: Gadget) {
        obj.spec.color ??= 'blue';
        if (obj.spec.tags) obj.spec.tags = ['defaulted', ...obj.spec.tags.filter((t) => t !== 'defaulted')];
      },
    });
    return s;
  }

  async function install(docs: Doc[]): Promise<void> {
    for (const doc of patchWebhookConfigurations(docs, { url: `https://127.0.0.1:${port}`, caBundle: certs.caCert })) {
      const plural = doc.kind === 'MutatingWebhookConfiguration' ? 'mutatingwebhookconfigurations' : 'validatingwebhookconfigurations';
      await e2e.kube.delete(`${REGISTRATION}/${plural}/${doc.metadata.name}`);
      const res = await e2e.kube.post(`${REGISTRATION}/${plural}`, doc);
      if (res.status !== 201) throw new Error(`${doc.kind} not created: ${res.status} ${JSON.stringify(res.body)}`);
    }
  }

  async function removeConfigurations(): Promise<void> {
    await e2e.kube.delete(`${REGISTRATION}/mutatingwebhookconfigurations/kubegen-e2e-admission-mutating`);
    await e2e.kube.delete(`${REGISTRATION}/validatingwebhookconfigurations/kubegen-e2e-admission-validating`);
  }

  /** Creates through the runtime's REST client: a refusal is thrown as a StatusError. */
  function create(obj: Gadget, dryRun = false): Promise<Gadget> {
    return rest.request<Gadget>({ method: 'POST', path: gadgets(), body: obj, ...(dryRun ? { query: new URLSearchParams({ dryRun: 'All' }) } : {}) });
  }

  async function refusal(p: Promise<unknown>): Promise<StatusError> {
    const e = await p.then(() => undefined, (err: unknown) => err);
    if (!(e instanceof StatusError)) throw new Error(`expected a StatusError, got ${String(e)}`);
    return e;
  }

  beforeAll(async () => {
    server = startServer();
    port = (await server.listen()).port;
    const { url, ca, token } = e2e.connection;
    rest = createRestClient(fromOptions({ server: url, ca, token }));
    const applied = await applyCrd(e2e.kube, crd);
    if (applied.error || applied.status !== 201) throw new Error(`CRD not applied: ${applied.status} ${applied.error ?? ''}`);
    await install(webhookConfigurations(path.join(FIXTURE, 'webhook-fail')));
    // the API server picks up CRDs and webhook configurations asynchronously: wait until the defaulter answers
    await e2e.kube.eventually('the webhooks to be called', async () => {
      const res = await e2e.kube.post<Gadget>(`${gadgets()}?dryRun=All`, gadget('probe', { size: 1 }));
      return res.status === 201 && res.body.spec.color === 'blue' ? true : undefined;
    });
    sideEffects.length = 0;
  });

  afterAll(async () => {
    await removeConfigurations();
    await deleteCrd(e2e.kube, crd.metadata.name);
    await rest.close();
    await server.close();
  });

  it('a create the validator refuses reaches the client as a StatusError with the handler message', async () => {
    const e = await refusal(create(gadget('too-big', { size: 11 })));
    expect(e.code).toBe(403);
    expect(e.reason).toBe('Forbidden');
    expect(e.message).toBe('admission webhook "vgadget.e2e.kubegen.io" denied the request: spec.size must be at most 10, not 11');
    expect((await e2e.kube.get(`${gadgets()}/too-big`)).status).toBe(404);
  });

  it('the defaulter’s mutation is on the stored object, and the validator’s warnings reach the client', async () => {
    const res = await e2e.kube.post<Gadget>(gadgets(), gadget('defaulted', { tags: ['x'] }));
    expect(res.status).toBe(201);
    expect(res.warnings).toEqual(['spec.size is not set']);
    const stored = await e2e.kube.get<Gadget>(`${gadgets()}/defaulted`);
    expect(stored.body.spec).toEqual({ color: 'blue', tags: ['defaulted', 'x'] });
  });

  it('update and delete are validated with the old object', async () => {
    const created = await create(gadget('immutable', { size: 2, color: 'red' }, { protected: 'true' }));
    expect(created.spec.color).toBe('red');
    const e = await refusal(rest.request({ method: 'PUT', path: `${gadgets()}/immutable`, body: { ...created, spec: { ...created.spec, color: 'green' } } }));
    expect(e.message).toBe('admission webhook "vgadget.e2e.kubegen.io" denied the request: spec.color is immutable: red → green');
    const d = await refusal(rest.request({ method: 'DELETE', path: `${gadgets()}/immutable` }));
    expect(d.message).toBe('admission webhook "vgadget.e2e.kubegen.io" denied the request: gadget immutable is protected');
    const sizeOnly = await rest.request<Gadget>({ method: 'PUT', path: `${gadgets()}/immutable`, body: { ...created, spec: { ...created.spec, size: 3 } } });
    expect(sizeOnly.spec).toEqual({ size: 3, color: 'red' });
  });

  it('dry-run requests are validated and defaulted, but run no side effect', async () => {
    sideEffects.length = 0;
    const dry = await create(gadget('dry', { size: 4 }), true);
    expect(dry.spec.color).toBe('blue');
    expect((await e2e.kube.get(`${gadgets()}/dry`)).status).toBe(404);
    const refused = await refusal(create(gadget('dry-big', { size: 12 }), true));
    expect(refused.message).toContain('spec.size must be at most 10, not 12');
    expect(sideEffects).toEqual([]);
    await create(gadget('wet', { size: 4 }));
    expect(sideEffects).toEqual(['created wet']);
  });

  it('with the server down, failurePolicy Fail refuses requests and Ignore lets them through', async () => {
    await server.close();
    const failed = await refusal(create(gadget('server-down', { size: 1 })));
    expect(failed.code).toBe(500);
    expect(failed.message).toMatch(/^Internal error occurred: failed calling webhook "(m|v)gadget\.e2e\.kubegen\.io": /);

    await removeConfigurations();
    await install(webhookConfigurations(path.join(FIXTURE, 'webhook-ignore')));
    // once the API server has the Ignore configuration, a create passes without the (down) webhook: not defaulted
    const through = await e2e.kube.eventually('the Ignore configuration to apply', async () => {
      const res = await e2e.kube.post<Gadget>(gadgets(), gadget('ignored', { size: 50 }));
      return res.status === 201 ? res.body : undefined;
    });
    expect(through.spec).toEqual({ size: 50 });

    // and with the server back, the same configuration validates again
    server = startServer();
    await server.listen();
    const back = await e2e.kube.eventually('the webhook to answer again', async () => {
      const e = await create(gadget('back', { size: 60 })).then(() => undefined, (err: unknown) => err);
      return e instanceof StatusError ? e : undefined;
    });
    expect(back.message).toBe('admission webhook "vgadget.e2e.kubegen.io" denied the request: spec.size must be at most 10, not 60');
  });
});
