/**
 * `@kubegen/apiserver` behind the kube-apiserver's aggregator: the wardle sample registered by APIServices for
 * wardle.example.com v1alpha1 and v1beta1, reached THROUGH the shared control plane (started with envtest's
 * `aggregation` option: requestheader flags and a proxy client certificate).
 *
 * - the TypeScript server runs here with its own etcd, as a ServiceAccount with the delegation RBAC every aggregated
 *   apiserver needs (`extension-apiserver-authentication-reader` in kube-system, `system:auth-delegator`): it reads
 *   the requestheader configuration from the extension-apiserver-authentication ConfigMap, trusts the aggregator's
 *   client certificate and headers, and asks the control plane SubjectAccessReviews;
 * - the APIServices name a Service without a selector whose EndpointSlice holds this machine's address: with
 *   `--enable-aggregator-routing` the aggregator dials an endpoint, not the ClusterIP (there is no cluster network).
 *   Loopback is out of reach: the aggregator refuses an ExternalName Service (`localhost`) with `FailedDiscoveryCheck:
 *   unsupported service type "ExternalName"`, and the apiserver refuses loopback endpoint addresses (checked below);
 * - through the aggregator, with the generated wardle clientset: discovery, create / get / list / update / delete, a
 *   watch event, a 409 conflict (the admin is in system:masters: no SubjectAccessReview); an impersonated user
 *   without RBAC is refused — by kube-apiserver, which authorizes before it proxies, with the same RBAC — and reads
 *   once a RoleBinding allows it (the front proxy's identity then passes the server's own SubjectAccessReview);
 * - straight to the server with a ServiceAccount token (TokenReview): its own SubjectAccessReview refuses with the
 *   message kube-apiserver gives, allows reading after the RoleBinding, still refuses a delete; no credentials: 401;
 * - a generated wardle informer pointed at kube-apiserver syncs and follows a create, update and delete (its lister
 *   agrees with a list); the TypeScript server stopped and started again on the same address and port (same etcd):
 *   nothing lost, the informer watches again and a new object reaches it; with its next watch held back, changes
 *   made and etcd compacted past its resourceVersion (and the server's watch cache, a window of two events here, past
 *   it too): a watch from that resourceVersion through the aggregator gets the server's 410 Expired (the aggregator
 *   passes it through), and the informer, answered the same, relists (reported as `Expired`) and agrees with a list
 *   again.
 *
 * The APIServices go first in the cleanup: an unavailable APIService breaks discovery for every later test.
 */
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { APIServer, DelegatingAuth, apiGroupFromPackage, authenticationConfigFromConfigMap } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';
import { isConflict, isForbidden, isNotFound, StatusError } from '@kubegen/runtime';
import { SharedInformerFactory } from '@kubegen/runtime/cache';
import { createRestClient, fromOptions, type ClientConfig } from '@kubegen/runtime/client';
import { REQUEST_HEADERS, makeServingCertificates, readCrdFiles } from '@kubegen/runtime/testing';
import { startTestEtcd, type TestEtcd } from '../unit/helpers/etcd';
import { endpointAddress, freePorts } from '../../runtime/src/testing/ports';
import { Kube } from './support/kube';
import { useE2e } from './support/namespace';

jest.setTimeout(60_000);

const e2e = useE2e(__filename);
const CRDS = path.resolve(__dirname, '../../generated/wardle.example.com/crds');
const GROUP = 'wardle.example.com';
const SERVICE = 'wardle-apiserver';
const SUFFIX = randomBytes(3).toString('hex');
const DELEGATOR_BINDING = `kubegen-e2e-wardle-auth-delegator-${SUFFIX}`;
const READER_BINDING = `kubegen-e2e-wardle-auth-reader-${SUFFIX}`;
const APISERVICES = ['v1alpha1', 'v1beta1'].map((v) => `${v}.${GROUP}`);
const USER = `e2e-dave-${SUFFIX}`;
const READER = 'flunder-reader';

let etcd: TestEtcd | undefined;
let storage: EtcdStorage | undefined;
let server: APIServer | undefined;
let closeDelegation: (() => Promise<void>) | undefined;
/** Starts a TypeScript server over `storage` on the address and port the EndpointSlice names (set by beforeAll). */
let startServer: () => Promise<APIServer> = () => Promise.reject(new Error('beforeAll did not run'));
/** The TypeScript server's own URL and CA, and a token of the ServiceAccount READER (no RBAC of its own at first). */
let directUrl = '';
let directCa = '';
let readerToken = '';

/** The error a request failed with (the test fails if it succeeded). */
async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => new Error('the request succeeded'),
    (err: unknown) => err,
  );
}

function expectCreated(what: string, r: { status: number; body: unknown }): void {
  if (r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

/** A client of the TypeScript server itself, with a bearer token or none. */
function direct(token: string | undefined): ClientConfig {
  return { server: directUrl, tls: { ca: directCa }, ...(token !== undefined ? { headers: () => ({ authorization: `Bearer ${token}` }) } : {}) };
}

/** A ServiceAccount's token (TokenRequest), the ServiceAccount created first. */
async function serviceAccountToken(name: string): Promise<string> {
  const ns = e2e.namespace;
  expectCreated(`ServiceAccount ${name}`, await e2e.kube.post(`/api/v1/namespaces/${ns}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } }));
  const tr = await e2e.kube.post<{ status?: { token?: string } }>(`/api/v1/namespaces/${ns}/serviceaccounts/${name}/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600 } });
  const token = tr.body.status?.token;
  if (token === undefined) throw new Error(`TokenRequest ${name}: ${tr.status} ${JSON.stringify(tr.body)}`);
  return token;
}

/**
 * Resolves once kube-apiserver's authorizer lets `user` `verb` flunders in the test's namespace (a SubjectAccessReview,
 * asked of kube-apiserver alone: the TypeScript server's decision cache is not touched). A RoleBinding just created
 * reaches the authorizer through its informer, a moment later on a busy machine.
 */
async function rbacAllows(user: string, verb: string): Promise<void> {
  const review = {
    apiVersion: 'authorization.k8s.io/v1',
    kind: 'SubjectAccessReview',
    spec: { user, resourceAttributes: { group: GROUP, resource: 'flunders', verb, namespace: e2e.namespace } },
  };
  await e2e.kube.eventually(`kube-apiserver to allow ${user} to ${verb} flunders`, async () => {
    const r = await e2e.kube.post<{ status?: { allowed?: boolean } }>('/apis/authorization.k8s.io/v1/subjectaccessreviews', review);
    if (r.status !== 201) throw new Error(`SubjectAccessReview ${user} ${verb}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.status?.allowed === true ? true : undefined;
  }, 60_000);
}

/** A client of the control plane as the admin, or as `user` by impersonation. */
function config(user?: string): ClientConfig {
  const c = e2e.connection;
  return {
    server: c.url,
    tls: { ca: c.ca },
    headers: () => ({ authorization: `Bearer ${c.token}`, ...(user !== undefined ? { 'impersonate-user': user } : {}) }),
  };
}

beforeAll(async () => {
  const kube = e2e.kube;
  const ns = e2e.namespace;
  // the server's identity: a ServiceAccount with the delegation RBAC of an aggregated apiserver
  const token = await serviceAccountToken(SERVICE);
  readerToken = await serviceAccountToken(READER);
  const subject = [{ kind: 'ServiceAccount', name: SERVICE, namespace: ns }];
  expectCreated(
    'RoleBinding extension-apiserver-authentication-reader',
    await kube.post('/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: READER_BINDING },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'extension-apiserver-authentication-reader' },
      subjects: subject,
    }),
  );
  expectCreated(
    'ClusterRoleBinding system:auth-delegator',
    await kube.post('/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: DELEGATOR_BINDING },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:auth-delegator' },
      subjects: subject,
    }),
  );
  const delegation = createRestClient(fromOptions({ server: e2e.connection.url, ca: e2e.connection.ca, token }));
  closeDelegation = () => delegation.close();

  // the server, with a certificate for the Service's name (what the aggregator verifies)
  const address = endpointAddress('the aggregated apiserver');
  const certs = makeServingCertificates({ hosts: [`${SERVICE}.${ns}.svc`, address] });
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint], bookmarkIntervalMs: 500 });
  const auth = await DelegatingAuth.fromCluster({ client: delegation });
  const groups = [apiGroupFromPackage(wardle, readCrdFiles([CRDS]))];
  const [port = 0] = await freePorts(1);
  const etcdStorage = storage;
  startServer = async () => {
    // a watch cache whose window keeps two events: the compaction test below makes more, so that the watch from before
    // them is older than the window (kube-apiserver's 410 "too old resource version"), as a busy resource's would be
    const s = new APIServer({ groups, storage: etcdStorage, tls: { cert: certs.cert, key: certs.key }, auth, watchCache: { window: { lowerBound: 2, upperBound: 2 } } });
    directUrl = await s.listen(port, address);
    server = s;
    return s;
  };
  await startServer();
  directCa = certs.caCert;

  // the Service the APIServices name, without a selector, and its EndpointSlice: this machine's address
  expectCreated(
    'Service',
    await kube.post(`/api/v1/namespaces/${ns}/services`, { apiVersion: 'v1', kind: 'Service', metadata: { name: SERVICE }, spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP' }] } }),
  );
  expectCreated(
    'EndpointSlice',
    await kube.post(`/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices`, {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: `${SERVICE}-local`, labels: { 'kubernetes.io/service-name': SERVICE } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [address], conditions: { ready: true } }],
      ports: [{ name: 'https', port, protocol: 'TCP' }],
    }),
  );
  for (const [i, name] of APISERVICES.entries()) {
    const version = name.split('.')[0] ?? '';
    expectCreated(
      `APIService ${name}`,
      await kube.post('/apis/apiregistration.k8s.io/v1/apiservices', {
        apiVersion: 'apiregistration.k8s.io/v1',
        kind: 'APIService',
        metadata: { name },
        spec: {
          group: GROUP,
          version,
          groupPriorityMinimum: 1000,
          versionPriority: 15 - i,
          service: { namespace: ns, name: SERVICE, port: 443 },
          caBundle: Buffer.from(certs.caCert).toString('base64'),
        },
      }),
    );
  }
  for (const name of APISERVICES) {
    let last = 'no Available condition yet';
    await kube
      .eventually(
        `APIService ${name} Available`,
        async () => {
          const r = await kube.get<{ status?: { conditions?: Array<{ type: string; status: string; reason?: string; message?: string }> } }>(`/apis/apiregistration.k8s.io/v1/apiservices/${name}`);
          const available = r.body.status?.conditions?.find((c) => c.type === 'Available');
          if (available) last = `${available.status} ${available.reason ?? ''}: ${available.message ?? ''}`;
          return available?.status === 'True' ? available : undefined;
        },
        20_000,
      )
      .catch((err: unknown) => {
        throw new Error(`${err instanceof Error ? err.message : 'waiting failed'}; last condition: ${last}`);
      });
  }
  // Available is the availability controller's word; the proxy's handler learns it on its own, a moment later (a 503 else)
  for (const name of APISERVICES) {
    const version = name.split('.')[0] ?? '';
    await kube.eventually(`discovery of ${GROUP}/${version} through the aggregator`, async () => ((await kube.get(`/apis/${GROUP}/${version}`)).status === 200 ? true : undefined), 20_000);
  }
}, 60_000);

afterAll(async () => {
  // a client of its own: useE2e's afterAll runs first and closes e2e.kube
  const kube = new Kube(e2e.connection);
  try {
    for (const name of APISERVICES) await kube.delete(`/apis/apiregistration.k8s.io/v1/apiservices/${name}`);
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/${DELEGATOR_BINDING}`);
    await kube.delete(`/apis/rbac.authorization.k8s.io/v1/namespaces/kube-system/rolebindings/${READER_BINDING}`);
  } finally {
    await kube.close();
    await server?.close();
    await storage?.close();
    await etcd?.stop();
    await closeDelegation?.();
  }
}, 60_000);

it('finds the requestheader configuration envtest\'s aggregation option set up in extension-apiserver-authentication', async () => {
  const cm = await e2e.kube.get<{ data?: unknown }>('/api/v1/namespaces/kube-system/configmaps/extension-apiserver-authentication');
  const config = authenticationConfigFromConfigMap(cm.body.data);
  expect(config.requestHeader && { ...config.requestHeader, clientCA: config.requestHeader.clientCA.includes('BEGIN CERTIFICATE') }).toEqual({
    clientCA: true,
    allowedNames: ['front-proxy-client'],
    usernameHeaders: [REQUEST_HEADERS.username],
    uidHeaders: [],
    groupHeaders: [REQUEST_HEADERS.group],
    extraHeaderPrefixes: [REQUEST_HEADERS.extraPrefix],
  });
});

it('serves discovery of the group through the aggregator', async () => {
  const r = await e2e.kube.get<{ resources?: Array<{ name: string }> }>(`/apis/${GROUP}/v1alpha1`);
  expect(r.status).toBe(200);
  expect(r.body.resources?.map((x) => x.name).sort()).toEqual(['fischers', 'flunders', 'flunders/status']);
});

it('creates, reads, lists, updates and deletes a Flunder through the aggregator, with a watch event and a 409', async () => {
  const flunders = new wardle.WardleClientset(config()).wardleV1alpha1().flunders(e2e.namespace);
  const start = await flunders.list();
  const watch = await flunders.watch({ resourceVersion: start.metadata?.resourceVersion ?? '' });
  try {
    const created = await flunders.create({ apiVersion: `${GROUP}/v1alpha1`, kind: 'Flunder', metadata: { name: 'agg1' }, spec: { reference: 'x', referenceType: 'Flunder' } });
    expect(created.metadata?.uid).toBeTruthy();
    expect((await flunders.get('agg1')).spec).toEqual({ reference: 'x', referenceType: 'Flunder' });
    expect((await flunders.list()).items.map((f) => f.metadata?.name)).toEqual(['agg1']);
    const updated = await flunders.update({ ...created, spec: { reference: 'y', referenceType: 'Flunder' } });
    expect(updated.metadata?.generation).toBe(2);
    const stale = await failure(flunders.update({ ...created, spec: { reference: 'z', referenceType: 'Flunder' } }));
    expect(isConflict(stale)).toBe(true);
    expect(stale instanceof StatusError ? stale.message : '').toBe(`Operation cannot be fulfilled on flunders.${GROUP} "agg1": the object has been modified; please apply your changes to the latest version and try again`);
    for await (const e of watch) {
      expect([e.type, e.object.metadata?.name, e.object.apiVersion]).toEqual(['ADDED', 'agg1', `${GROUP}/v1alpha1`]);
      break;
    }
    await flunders.delete('agg1');
    expect(isNotFound(await failure(flunders.get('agg1')))).toBe(true);
  } finally {
    watch.stop();
  }
});

describe('authorization', () => {
  const readerRole = async () => {
    const ns = e2e.namespace;
    expectCreated(
      'Role',
      await e2e.kube.post(`/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/roles`, {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: 'flunder-reader' },
        rules: [{ apiGroups: [GROUP], resources: ['flunders'], verbs: ['get', 'list', 'watch'] }],
      }),
    );
    expectCreated(
      'RoleBinding',
      await e2e.kube.post(`/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/rolebindings`, {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: 'flunder-readers' },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'flunder-reader' },
        subjects: [
          { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: USER },
          { kind: 'ServiceAccount', name: READER, namespace: ns },
        ],
      }),
    );
  };

  it('refuses users without RBAC (403, the apiserver\'s message) and lets them read once a RoleBinding allows it', async () => {
    const ns = e2e.namespace;
    const admin = new wardle.WardleClientset(config()).wardleV1beta1().flunders(ns);
    await admin.create({ apiVersion: `${GROUP}/v1beta1`, kind: 'Flunder', metadata: { name: 'guarded' } });
    // through the aggregator, impersonated: kube-apiserver authorizes first, with the same RBAC
    const dave = new wardle.WardleClientset(config(USER)).wardleV1beta1().flunders(ns);
    const viaAggregator = await failure(dave.list());
    expect(isForbidden(viaAggregator)).toBe(true);
    expect(viaAggregator instanceof StatusError ? viaAggregator.message : '').toBe(`flunders.${GROUP} is forbidden: User "${USER}" cannot list resource "flunders" in API group "${GROUP}" in the namespace "${ns}"`);
    // straight to the TypeScript server with a ServiceAccount token: TokenReview, then its own SubjectAccessReview
    const sa = `system:serviceaccount:${ns}:${READER}`;
    const reader = new wardle.WardleClientset(direct(readerToken)).wardleV1beta1().flunders(ns);
    const direct403 = await failure(reader.list());
    expect(isForbidden(direct403)).toBe(true);
    expect(direct403 instanceof StatusError ? direct403.message : '').toBe(`flunders.${GROUP} is forbidden: User "${sa}" cannot list resource "flunders" in API group "${GROUP}" in the namespace "${ns}"`);
    const anonymous = await failure(new wardle.WardleClientset(direct(undefined)).wardleV1beta1().flunders(ns).list());
    expect(anonymous instanceof StatusError ? [anonymous.code, anonymous.message] : []).toEqual([401, 'Unauthorized']);

    await readerRole();
    // kube-apiserver's RBAC authorizer reads RoleBindings from its own informer: wait until it has this one
    await rbacAllows(USER, 'get');
    await rbacAllows(sa, 'get');
    // questions not asked before (a denial stays cached for 10 s, upstream's default): get of the object
    expect((await dave.get('guarded')).metadata?.name).toBe('guarded');
    expect((await reader.get('guarded')).metadata?.name).toBe('guarded');
    const write = await failure(reader.delete('guarded'));
    expect(write instanceof StatusError ? write.message : '').toBe(`flunders.${GROUP} "guarded" is forbidden: User "${sa}" cannot delete resource "flunders" in API group "${GROUP}" in the namespace "${ns}"`);
    await admin.delete('guarded');
  });
});

it('cannot publish the server on loopback: the apiserver refuses a loopback endpoint address', async () => {
  const r = await e2e.kube.post<{ message?: string }>(`/apis/discovery.k8s.io/v1/namespaces/${e2e.namespace}/endpointslices?dryRun=All`, {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: `${SERVICE}-loopback`, labels: { 'kubernetes.io/service-name': SERVICE } },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['127.0.0.1'] }],
    ports: [{ name: 'https', port: 8443, protocol: 'TCP' }],
  });
  expect([r.status, r.body.message]).toEqual([422, `EndpointSlice.discovery.k8s.io "${SERVICE}-loopback" is invalid: endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)`]);
});

describe('a generated informer through the aggregator', () => {
  const LABEL = 'e2e-informer=agg';
  const flunder = (name: string, reference: string): wardle.v1alpha1.Flunder => ({
    apiVersion: `${GROUP}/v1alpha1`,
    kind: 'Flunder',
    metadata: { name, labels: { 'e2e-informer': 'agg' } },
    spec: { reference, referenceType: 'Flunder' },
  });
  /** Closed, the informer's next watch waits until it opens: the informer is blind meanwhile. */
  let gate: Promise<void> = Promise.resolve();
  let openGate = (): void => undefined;
  /** The resourceVersion of every watch the informer asked for, the last one it got, and its lists. */
  const watches: string[] = [];
  let current: { stop(): void } | undefined;
  let lists = 0;
  /** What the informer's reflector reported, as `<reason> relist` or `<reason> rewatch`. */
  const errors: string[] = [];

  /** The clientset, the informer's gated client, factory and informer: made once the control plane is up. */
  function setup() {
    const real = new wardle.WardleClientset(config());
    const flunders = real.wardleV1alpha1().flunders(e2e.namespace);
    // `Object.create(x) as X`: x's methods, two of them overridden (the casts name x's own type)
    const gated: wardle.v1alpha1.WardleV1alpha1Interface = Object.assign(Object.create(real.wardleV1alpha1()) as wardle.v1alpha1.WardleV1alpha1Interface, {
      flunders: (namespace: string): wardle.v1alpha1.FlunderClient => {
        const c = real.wardleV1alpha1().flunders(namespace);
        return Object.assign(Object.create(c) as wardle.v1alpha1.FlunderClient, {
          list: (opts: Parameters<typeof c.list>[0]) => {
            lists++;
            return c.list(opts);
          },
          watch: async (opts: Parameters<typeof c.watch>[0]) => {
            watches.push(opts?.resourceVersion ?? '');
            await gate;
            const w = await c.watch(opts);
            current = w;
            return w;
          },
        });
      },
    });
    const factory = new SharedInformerFactory({
      namespace: e2e.namespace,
      tweakListOptions: () => ({ labelSelector: LABEL }),
      reflector: {
        initialList: 'ListWatch',
        backoff: { durationMs: 100, factor: 2, jitter: 0.5, steps: 0, capMs: 1000 },
        onError: (err, info) => void errors.push(`${err.reason} ${info.relist ? 'relist' : 'rewatch'}`),
      },
    });
    const informer = wardle.v1alpha1.wardleV1alpha1Informers(factory, gated).flunders();
    return { real, flunders, factory, informer };
  }
  let made: ReturnType<typeof setup> | undefined;
  const t = (): ReturnType<typeof setup> => {
    made ??= setup();
    return made;
  };
  const controller = new AbortController();
  const names = () => t().informer.lister().list().map((f) => `${f.metadata?.name ?? ''}=${f.spec?.reference ?? ''}`).sort();
  const listed = async () => (await t().flunders.list({ labelSelector: LABEL })).items.map((f) => `${f.metadata?.name ?? ''}=${f.spec?.reference ?? ''}`).sort();
  const until = async (what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!(await cond())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  afterAll(async () => {
    openGate();
    controller.abort();
    await made?.factory.shutdown();
    await made?.real.rest.close();
  });

  it('syncs the Flunders created through the aggregator and follows a create, update and delete', async () => {
    const { flunders, factory, informer } = t();
    await flunders.create(flunder('inf-a', 'a1'));
    informer.informer();
    factory.start(controller.signal);
    expect([...(await factory.waitForCacheSync(controller.signal)).values()]).toEqual([true]);
    expect(names()).toEqual(['inf-a=a1']);
    const b = await flunders.create(flunder('inf-b', 'b1'));
    await until('inf-b added', () => names().length === 2);
    await flunders.update({ ...b, spec: { reference: 'b2', referenceType: 'Flunder' } });
    await until('inf-b updated', () => names().includes('inf-b=b2'));
    await flunders.delete('inf-a');
    await until('inf-a deleted', () => names().length === 1);
    expect(names()).toEqual(await listed());
    expect(names()).toEqual(['inf-b=b2']);
  });

  it('keeps following when the TypeScript server restarts on the same address (nothing lost)', async () => {
    const { flunders } = t();
    const watchesBefore = watches.length;
    await server?.close();
    await startServer();
    await until('a list through the aggregator', () => listed().then(() => true, () => false));
    expect(await listed()).toEqual(['inf-b=b2']);
    await flunders.create(flunder('inf-c', 'c1'));
    await until('inf-c reaches the informer', () => names().includes('inf-c=c1'));
    expect(names()).toEqual(await listed());
    // it watched again (a re-watch, or a relist when a watch met the aggregator's 503 while the server was down)
    expect(watches.length).toBeGreaterThan(watchesBefore);
  });

  it('a watch from a compacted resourceVersion gets 410 Expired through the aggregator; the informer relists', async () => {
    const { flunders } = t();
    // the informer's watch is broken and the next one held: it misses what follows
    gate = new Promise((resolve) => (openGate = resolve));
    const heldFrom = watches.length;
    current?.stop();
    await until('the informer to re-watch', () => watches.length > heldFrom);
    const stale = watches[heldFrom] ?? '';
    expect(stale).not.toBe('');
    await flunders.create(flunder('inf-d', 'd1'));
    await flunders.delete('inf-b');
    const c = await flunders.get('inf-c');
    await flunders.update({ ...c, spec: { reference: 'c2', referenceType: 'Flunder' } });
    const etcdStorage = storage;
    if (!etcdStorage) throw new Error('beforeAll did not start the storage');
    const compacted = await etcdStorage.currentResourceVersion();
    expect(BigInt(stale)).toBeLessThan(BigInt(compacted));
    await etcdStorage.client.kv.compact({ revision: compacted, physical: true });

    const gone = await failure(
      (async () => {
        const w = await flunders.watch({ resourceVersion: stale, labelSelector: LABEL });
        try {
          for await (const e of w) return e;
        } finally {
          w.stop();
        }
        return undefined;
      })(),
    );
    expect(gone instanceof StatusError ? [gone.code, gone.reason] : gone).toEqual([410, 'Expired']);

    const [listsBefore, errorsBefore] = [lists, errors.length];
    openGate();
    await until('the informer to relist', () => lists > listsBefore);
    await until('the informer to agree with a list', async () => JSON.stringify(names()) === JSON.stringify(await listed()));
    expect(names()).toEqual(['inf-c=c2', 'inf-d=d1']);
    // the held watch, from the stale resourceVersion, was answered 410 Expired: a relist, not a retry
    expect(watches[heldFrom]).toBe(stale);
    expect(errors.slice(errorsBefore)).toEqual(['Expired relist']);
  });
});
