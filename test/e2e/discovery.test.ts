/**
 * Discovery and the REST mapper against the real kube-apiserver: every name, short name and category of the
 * apiserver's own aggregated discovery document resolves as kubectl resolves it (plural and singular before short
 * names, the core group first, then the groups in the server's order, the preferred version first); a CRD installed
 * while the program runs is found through discovery after the first miss; the disk cache serves a second mapper
 * without a request and is refreshed once its files are older than the TTL (an injected clock).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRestClient, fromOptions, type RestClient } from '../../runtime/src';
import {
  AGGREGATED_DISCOVERY_ACCEPT,
  CachedDiscoveryClient,
  DEFAULT_DISCOVERY_CACHE_TTL_MS,
  DeferredDiscoveryRESTMapper,
  DiscoveryClient,
  discoveryCacheDir,
  formatGroupResource,
  NoResourceMatchError,
  type DiscoveryInterface,
} from '../../runtime/src/discovery';
import { newLogger, type LogRecord } from '../../runtime/src/log';
import { useE2e } from './support/namespace';

// Talks to the run's control plane: a generous timeout for a loaded machine, not jest's default 5 s.
jest.setTimeout(120_000);

const e2e = useE2e(__filename);
const r = randomBytes(3).toString('hex');
const GROUP = `disc${r}.e2e.kubegen.dev`;
const SHORT = `gdg${r}`;
const CATEGORY = `gadgets${r}`;
const CRD_NAME = `gadgets.${GROUP}`;

let rest: RestClient;
let root: string;
let clock: number;
/** The discovery requests that reached the server. */
let requests: string[];

/** Discovery over the REST client that records every request made. */
function counting(d: DiscoveryClient): DiscoveryInterface {
  return {
    serverGroups: (signal) => {
      requests.push('groups');
      return d.serverGroups(signal);
    },
    groupsAndMaybeResources: (signal) => {
      requests.push('groups');
      return d.groupsAndMaybeResources(signal);
    },
    serverResourcesForGroupVersion: (gv, signal) => {
      requests.push(gv);
      return d.serverResourcesForGroupVersion(gv, signal);
    },
  };
}

/** The mappers' log records (kubectl's ambiguous short name warning). */
const records: LogRecord[] = [];
const logger = newLogger({ enabled: () => true, write: (record) => records.push(record) });

function mapper(): DeferredDiscoveryRESTMapper {
  const cacheDir = discoveryCacheDir(e2e.connection.url, root);
  return new DeferredDiscoveryRESTMapper(new CachedDiscoveryClient(counting(new DiscoveryClient(rest)), { cacheDir, now: () => clock, logger }), { logger });
}

interface DocResource {
  group: string;
  resource: string;
  singular: string;
  shortNames: string[];
  categories: string[];
}

/** The resources of the apiserver's aggregated documents, by kubectl's priority (core, then the groups in order; preferred version first). */
async function documentResources(): Promise<DocResource[]> {
  const out: DocResource[] = [];
  for (const p of ['/api', '/apis']) {
    const res = await e2e.kube.get<{ kind: string; items: { metadata: { name?: string }; versions: { version: string; resources?: { resource: string; singularResource: string; shortNames?: string[]; categories?: string[] }[] }[] }[] }>(p, {
      headers: { accept: AGGREGATED_DISCOVERY_ACCEPT },
    });
    expect(res.body.kind).toBe('APIGroupDiscoveryList');
    for (const g of res.body.items) {
      for (const v of g.versions) {
        for (const x of v.resources ?? []) {
          out.push({ group: g.metadata.name ?? '', resource: x.resource, singular: x.singularResource, shortNames: x.shortNames ?? [], categories: x.categories ?? [] });
        }
      }
    }
  }
  return out;
}

/** What kubectl resolves a name to: the first resource whose plural or singular it is, else the first with it as a short name. */
function kubectlResolves(doc: readonly DocResource[], name: string): string | undefined {
  const hit = doc.find((d) => d.resource === name || d.singular === name) ?? doc.find((d) => d.shortNames.includes(name));
  return hit ? formatGroupResource(hit) : undefined;
}

beforeAll(() => {
  const { url, ca, token } = e2e.connection;
  rest = createRestClient(fromOptions({ server: url, ca, token }));
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-e2e-discovery-'));
  clock = Date.now();
  requests = [];
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  // through this file's client: useE2e's closes first
  await rest.requestVoid({ method: 'DELETE', path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${CRD_NAME}` }).catch(() => undefined);
  await rest.close();
});

describe('discovery and the REST mapper on the real apiserver', () => {
  it('resolves every name, short name and category of the aggregated document as kubectl does', async () => {
    const doc = await documentResources();
    const m = mapper();
    const names = [...new Set(doc.filter((d) => !d.resource.includes('/')).flatMap((d) => [d.resource, d.singular, ...d.shortNames]))].filter((n) => n !== '');
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const name of names) {
      got[name] = formatGroupResource((await m.mappingFor(name)).resource);
      want[name] = kubectlResolves(doc, name) ?? '(none)';
    }
    expect(got).toEqual(want);
    expect(names).toEqual(expect.arrayContaining(['po', 'deploy', 'ev', 'hpa', 'crd']));
    expect(got['ev']).toBe('events');
    expect(records.map((x) => x.msg)).toContain('short name "ev" could also match lower priority resource events.events.k8s.io');
    const all = [...new Set(doc.filter((d) => d.categories.includes('all')).map((d) => formatGroupResource(d)))];
    expect((await m.expandCategory('all')).map(formatGroupResource)).toEqual(all);
    expect(all).toEqual(expect.arrayContaining(['pods', 'deployments.apps', 'jobs.batch']));
    // one request per root
    expect(requests).toEqual(['groups']);
  });

  it('finds a CRD installed while it runs, after the first miss, by kind, short name and category', async () => {
    const m = mapper();
    // by its fields, not its message: another file's CRD of the shared control plane (still terminating, say) may be a
    // suggestion, as `gadgets.tiny….example.dev` of run.test.ts was
    const miss: unknown = await m.mappingFor(`gadgets.${GROUP}`).then(() => 'found', (err: unknown) => err);
    expect(miss).toBeInstanceOf(NoResourceMatchError);
    expect(miss).toMatchObject({ group: GROUP, resource: 'gadgets' });
    const created = await e2e.kube.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: CRD_NAME },
      spec: {
        group: GROUP,
        scope: 'Cluster',
        names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList', shortNames: [SHORT], categories: ['all', CATEGORY] },
        versions: [
          { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
          { name: 'v1beta1', served: true, storage: false, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
        ],
      },
    });
    expect(created.status).toBe(201);
    // the apiserver's own document lists it once the CRD is established
    await e2e.kube.eventually('the CRD in the aggregated discovery document', async () => ((await documentResources()).some((d) => d.group === GROUP) ? true : undefined));
    expect(await m.restMapping({ group: GROUP, kind: 'Gadget' })).toEqual({
      groupVersionKind: { group: GROUP, version: 'v1', kind: 'Gadget' },
      resource: { group: GROUP, version: 'v1', resource: 'gadgets' },
      namespaced: false,
    });
    expect((await m.restMappings({ group: GROUP, kind: 'Gadget' })).map((x) => x.resource.version)).toEqual(['v1', 'v1beta1']);
    expect(formatGroupResource((await m.mappingFor(SHORT)).resource)).toBe(`gadgets.${GROUP}`);
    expect((await m.expandCategory(CATEGORY)).map(formatGroupResource)).toEqual([`gadgets.${GROUP}`]);
    expect((await m.expandCategory('all')).map(formatGroupResource)).toContain(`gadgets.${GROUP}`);
  });

  it('serves a second mapper from the disk cache, and asks the server again after the TTL', async () => {
    requests = [];
    const second = mapper();
    expect(formatGroupResource((await second.mappingFor(SHORT)).resource)).toBe(`gadgets.${GROUP}`);
    expect((await second.restMapping({ group: 'apps', kind: 'Deployment' })).resource.resource).toBe('deployments');
    expect(requests).toEqual([]);
    clock += DEFAULT_DISCOVERY_CACHE_TTL_MS + 1000;
    const third = mapper();
    expect((await third.restMapping({ group: GROUP, kind: 'Gadget' })).resource.resource).toBe('gadgets');
    expect(requests).toEqual(['groups']);
    expect(fs.existsSync(path.join(discoveryCacheDir(e2e.connection.url, root), GROUP, 'v1', 'serverresources.json'))).toBe(true);
  });
});
