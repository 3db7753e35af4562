/**
 * The conversion webhook end to end: the CronTab of test/golden/conversion (v1alpha1, v1beta1, v1 = storage)
 * as a CRD on the real API server, converted by kubegen's generated converters served by the runtime's
 * ConversionWebhook over TLS with a CA made in the test. Objects created in one version are read back in every
 * other, an update through v1 keeps v1beta1-only fields, and list and watch work in a non-storage version.
 */
import * as path from 'node:path';
import { ConversionWebhook, conversionSpec } from '../../runtime/src/webhook';
import { loadApiModel } from '../../generator/pipeline';
import { conversionGenerator } from '../../generator/emit/conversion';
import { deepcopyGenerator } from '../../generator/emit/deepcopy';
import { RUNTIME_MODULES, moduleLoader } from '../unit/helpers/generated';
import { makeTestCertificates } from '../unit/helpers/tls';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, generateCrds } from './support/crds';
import { runGenerator } from '../../generator/emit/shared/execute';

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const APIS = path.join(REPO, 'test/golden/conversion/apis');
const GROUP = 'stable.example.com';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; resourceVersion?: string; annotations?: Record<string, string> }; spec: Record<string, unknown> };

describe('conversion webhook on a real API server', () => {
  const certs = makeTestCertificates();
  const { model } = loadApiModel(APIS, REPO);
  const files = [...runGenerator(conversionGenerator, model, { manualModule: (pkg) => `@manual/${pkg.version}` }).files, ...runGenerator(deepcopyGenerator, model, {}).files];
  const load = moduleLoader(files, {
    ...RUNTIME_MODULES,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the hand-written conversions of the sample API, bound as the generated code's @manual/<version> module
    '@manual/v1beta1': require(path.join(APIS, GROUP, 'v1beta1/conversion')) as unknown,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the hand-written conversions of the sample API, bound as the generated code's @manual/<version> module
    '@manual/v1alpha1': require(path.join(APIS, GROUP, 'v1alpha1/conversion')) as unknown,
  });
  const webhook = new ConversionWebhook({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 });
  (load(`${GROUP}/conversion`) as { registerConversions(w: ConversionWebhook): void }).registerConversions(webhook);
  const crd = generateCrds({ name: 'conversion', apisRoot: APIS }).find((c) => c.spec.group === GROUP)!;
  const path_ = (version: string, name?: string) => `/apis/${GROUP}/${version}/namespaces/${e2e.namespace}/crontabs${name ? `/${name}` : ''}`;

  beforeAll(async () => {
    const { port } = await webhook.listen();
    (crd.spec as Record<string, unknown>).conversion = conversionSpec({ url: `https://127.0.0.1:${port}/convert`, caBundle: certs.ca });
    const applied = await applyCrd(e2e.kube, crd);
    if (applied.error || applied.status !== 201) throw new Error(`CRD not applied: ${applied.status} ${applied.error ?? ''}`);
  });
  afterAll(async () => {
    await deleteCrd(e2e.kube, crd.metadata.name);
    await webhook.close();
  });

  const beta = (name: string): Obj => ({
    apiVersion: `${GROUP}/v1beta1`,
    kind: 'CronTab',
    metadata: { name, namespace: e2e.namespace },
    spec: { cronSpec: '*/5 * * * *', image: 'busybox', timeout: '30s', betaOnly: 'kept', template: { containers: [{ name: 'c', image: 'i', betaNote: 'note' }] } },
  });

  /** Creates, retrying while the API server has not yet picked up the new CRD's conversion. */
  async function create(version: string, obj: Obj): Promise<Obj> {
    return e2e.kube.eventually(`create ${obj.metadata.name} in ${version}`, async () => {
      const res = await e2e.kube.post<Obj>(path_(version), obj);
      if (res.status === 201) return res.body;
      if (res.status >= 500 || res.status === 404) return undefined;
      throw new Error(`create ${obj.metadata.name}: ${res.status} ${JSON.stringify(res.body)}`);
    });
  }

  async function get(version: string, name: string): Promise<Obj> {
    const res = await e2e.kube.get<Obj>(path_(version, name));
    expect(res.status).toBe(200);
    return res.body;
  }

  it('an object created in v1beta1 reads back in v1 (renamed and retyped fields) and in v1beta1 unchanged', async () => {
    await create('v1beta1', beta('from-beta'));
    const v1 = await get('v1', 'from-beta');
    expect(v1.apiVersion).toBe(`${GROUP}/v1`);
    // replicas: the v1 schema's default, applied by the server when reading v1
    expect(v1.spec).toEqual({ schedule: '*/5 * * * *', image: 'busybox', replicas: 1, timeout: 30, template: { containers: [{ name: 'c', image: 'i' }] } });
    expect(Object.keys(v1.metadata.annotations ?? {})).toEqual(['conversion.kubegen.io/v1beta1-fields']);
    const back = await get('v1beta1', 'from-beta');
    // the server applies the storage version's defaults (replicas: 1 in v1) to stored objects
    expect(back.spec).toEqual({ ...beta('x').spec, replicas: 1 });
    expect(back.metadata.annotations).toBeUndefined();
    const alpha = await get('v1alpha1', 'from-beta');
    expect(alpha.spec).toEqual({ cronSpec: '*/5 * * * *', image: 'busybox' });
    expect(Object.keys(alpha.metadata.annotations ?? {}).sort()).toEqual(['conversion.kubegen.io/v1-fields', 'conversion.kubegen.io/v1beta1-fields']);
  });

  it('an object created in v1 reads back in v1beta1 and v1 exactly', async () => {
    const obj: Obj = { apiVersion: `${GROUP}/v1`, kind: 'CronTab', metadata: { name: 'from-v1', namespace: e2e.namespace }, spec: { schedule: '0 * * * *', image: 'nginx', replicas: 2, v1Only: { a: 'x', b: [1, 2] } } };
    await create('v1', obj);
    const b = await get('v1beta1', 'from-v1');
    expect(b.spec).toEqual({ cronSpec: '0 * * * *', image: 'nginx', replicas: 2 });
    expect(Object.keys(b.metadata.annotations ?? {})).toEqual(['conversion.kubegen.io/v1-fields']);
    expect((await get('v1', 'from-v1')).spec).toEqual(obj.spec);
  });

  it('an update through v1 keeps the v1beta1-only fields', async () => {
    await create('v1beta1', beta('updated'));
    const v1 = await get('v1', 'updated');
    v1.spec.image = 'busybox:2';
    const res = await e2e.kube.put<Obj>(path_('v1', 'updated'), v1);
    expect(res.status).toBe(200);
    const back = await get('v1beta1', 'updated');
    // replicas: defaulted when read in v1, then written back through v1
    expect(back.spec).toEqual({ ...beta('x').spec, image: 'busybox:2', replicas: 1 });
  });

  it('lists and watches in a non-storage version', async () => {
    const list = await e2e.kube.get<{ apiVersion: string; items: Obj[] }>(path_('v1beta1'));
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThanOrEqual(3);
    for (const item of list.body.items) {
      expect(item.apiVersion).toBe(`${GROUP}/v1beta1`);
      expect(typeof item.spec.cronSpec).toBe('string');
    }
    const rv = (list.body as unknown as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    const watching = e2e.kube.get<string>(`${path_('v1beta1')}?watch=1&resourceVersion=${rv}&timeoutSeconds=3`);
    await create('v1', { apiVersion: `${GROUP}/v1`, kind: 'CronTab', metadata: { name: 'watched', namespace: e2e.namespace }, spec: { schedule: '1 * * * *', image: 'w' } });
    type Event = { type: string; object: Obj };
    // the helper parses a body holding one JSON document; several events are one JSON document per line
    const body = (await watching).body as unknown;
    const events: Event[] =
      typeof body === 'string'
        ? body
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l) as Event)
        : [body as Event];
    const added = events.find((e) => e.type === 'ADDED' && e.object.metadata.name === 'watched');
    expect(added?.object.apiVersion).toBe(`${GROUP}/v1beta1`);
    expect(added?.object.spec).toEqual({ cronSpec: '1 * * * *', image: 'w', replicas: 1 });
  });
});
