/**
 * The admission chain as the registry store runs it, over a real etcd with the wardle sample: the sample's BanFlunder
 * (examples/wardle-apiserver) refusing a Flunder a Fischer lists, mutating plugins before validating ones, objects in
 * the plugin's version, old objects on update and delete, Status errors passed through, validation after mutation,
 * user info, and nothing stored after a denial.
 */
import * as path from 'node:path';
import * as wardle from '@kubegen-generated/wardle.example.com';
import { AdmissionChain, APIServer, Store, admissionPlugin, apiGroupFromPackage, storeReader, type AdmissionPlugin, type APIGroupDefinition, type RequestScope } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';
import { StatusError, isJsonObject, newConflict, type JsonObject } from '@kubegen/runtime';
import { AdmissionDenied, type AdmissionRequest } from '@kubegen/runtime/webhook/admission';
import { readCrdFiles } from '@kubegen/runtime/testing';
import { banFlunder } from '../../../../examples/wardle-apiserver/src/banflunder';
import { startTestEtcd, type TestEtcd } from '../../helpers/etcd';

jest.setTimeout(120_000);

const CRDS = path.resolve(__dirname, '../../../../generated/wardle.example.com/crds');

let etcd: TestEtcd;
let storage: EtcdStorage;
let group: APIGroupDefinition;
let prefix = 0;

beforeAll(async () => {
  etcd = await startTestEtcd();
  storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
  group = apiGroupFromPackage(wardle, readCrdFiles([CRDS]));
});

afterAll(async () => {
  await storage.close();
  await etcd.stop();
});

/** Stores of both kinds under a key prefix of their own, with `plugins` (factories get a reader over these stores). */
function stores(plugins: ReadonlyArray<AdmissionPlugin | typeof banFlunder>): { flunders: Store; fischers: Store } {
  const keyPrefix = `/t${++prefix}`;
  const map = new Map<string, Store>();
  const built = plugins.map((p) => (typeof p === 'function' ? p({ objects: storeReader(map) }) : p));
  for (const def of group.resources) map.set(`${def.group}/${def.resource}`, new Store(def, storage, { keyPrefix, admission: new AdmissionChain(def, built) }));
  const get = (r: string): Store => {
    const s = map.get(`wardle.example.com/${r}`);
    if (!s) throw new Error(`no store of ${r}`);
    return s;
  };
  return { flunders: get('flunders'), fischers: get('fischers') };
}

const beta: RequestScope = { version: 'v1beta1', namespace: 'ns1' };
const alpha: RequestScope = { version: 'v1alpha1', namespace: 'ns1' };
const cluster: RequestScope = { version: 'v1beta1', namespace: '' };
const flunder = (name: string, spec: JsonObject = {}): JsonObject => ({ apiVersion: 'wardle.example.com/v1beta1', kind: 'Flunder', metadata: { name }, spec });
const meta = (o: unknown): JsonObject => (isJsonObject(o) && isJsonObject(o.metadata) ? o.metadata : {});

async function failure(p: Promise<unknown>): Promise<StatusError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof StatusError)) throw new Error(`expected a StatusError, got ${err === undefined ? 'success' : err instanceof Error ? err.message : typeof err}`);
  return err;
}

describe("the sample's BanFlunder", () => {
  it('refuses a Flunder whose name a Fischer disallows, in either version, with the apiserver Forbidden Status', async () => {
    const { flunders, fischers } = stores([banFlunder]);
    await fischers.create(cluster, { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'fi' }, disallowedFlunders: ['banned', 'other'] });
    for (const scope of [beta, alpha]) {
      const err = await failure(flunders.create(scope, { ...flunder('banned'), apiVersion: `wardle.example.com/${scope.version}` }));
      expect(err.status).toEqual({
        kind: 'Status',
        apiVersion: 'v1',
        status: 'Failure',
        code: 403,
        reason: 'Forbidden',
        details: { group: 'wardle.example.com', kind: 'flunders', name: 'banned' },
        message: 'flunders.wardle.example.com "banned" is forbidden: this name may not be used, please change the resource name',
      });
    }
    expect((await failure(flunders.get(beta, 'banned'))).code).toBe(404);
    expect(meta(await flunders.create(beta, flunder('allowed'))).name).toBe('allowed');
  });

  it('as upstream: creates only — a Fischer naming an existing Flunder is created, and that Flunder still updates and deletes', async () => {
    const { flunders, fischers } = stores([banFlunder]);
    const created = await flunders.create(beta, flunder('early'));
    await fischers.create(cluster, { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'late' }, disallowedFlunders: ['early'] });
    const updated = await flunders.update(beta, 'early', { ...created, spec: { reference: 'x' } });
    expect(updated.spec).toEqual({ reference: 'x' });
    expect((await flunders.delete(beta, 'early')).deleted).toBe(true);
    expect((await failure(flunders.create(beta, flunder('early')))).code).toBe(403);
  });
});

describe('the chain', () => {
  it('runs every mutating phase before any validating one, in order, each seeing the edits before it', async () => {
    const seen: string[] = [];
    const plugin = (name: string): AdmissionPlugin =>
      admissionPlugin<wardle.v1beta1.Flunder>({
        name,
        kind: wardle.v1beta1.flunderAdmission,
        defaulter: {
          default(f) {
            seen.push(`mutate ${name} ${JSON.stringify(f.metadata?.labels ?? {})}`);
            f.metadata = { ...f.metadata, labels: { ...f.metadata?.labels, [name]: 'yes' } };
          },
        },
        validator: {
          validateCreate(f) {
            seen.push(`validate ${name} ${JSON.stringify(f.metadata?.labels ?? {})}`);
          },
        },
      });
    const { flunders } = stores([plugin('a'), plugin('b')]);
    const created = await flunders.create(beta, flunder('ordered'));
    expect(meta(created).labels).toEqual({ a: 'yes', b: 'yes' });
    expect(seen).toEqual(['mutate a {}', 'mutate b {"a":"yes"}', 'validate a {"a":"yes","b":"yes"}', 'validate b {"a":"yes","b":"yes"}']);
  });

  it("hands a plugin its version's object and old object, and the request's user; its edit comes back in the request's version", async () => {
    const requests: AdmissionRequest[] = [];
    const recorder: AdmissionPlugin = {
      name: 'recorder',
      kind: { group: 'wardle.example.com', version: 'v1alpha1', kind: 'Flunder' },
      operations: ['CREATE', 'UPDATE', 'DELETE'],
      mutating: {
        sideEffects: 'None',
        handle: (request) => {
          requests.push(request);
          return request.operation === 'CREATE' ? { allowed: true, patch: [{ op: 'add', path: '/spec/reference', value: 'set-by-plugin' }] } : { allowed: true };
        },
      },
    };
    const { flunders } = stores([recorder]);
    const user = { username: 'alice', groups: ['devs'] };
    const created = await flunders.create({ ...beta, user }, flunder('versions'));
    expect(created.apiVersion).toBe('wardle.example.com/v1beta1');
    expect(created.spec).toEqual({ reference: 'set-by-plugin' });
    await flunders.patch(beta, 'versions', 'application/merge-patch+json', { metadata: { labels: { l: '1' } } });
    await flunders.delete(beta, 'versions');
    expect(requests.map((r) => [r.operation, r.kind.version, r.requestKind?.version, r.object?.apiVersion, r.oldObject?.apiVersion, r.name, r.namespace])).toEqual([
      ['CREATE', 'v1alpha1', 'v1beta1', 'wardle.example.com/v1alpha1', undefined, 'versions', 'ns1'],
      ['UPDATE', 'v1alpha1', 'v1beta1', 'wardle.example.com/v1alpha1', 'wardle.example.com/v1alpha1', 'versions', 'ns1'],
      ['DELETE', 'v1alpha1', 'v1beta1', undefined, 'wardle.example.com/v1alpha1', 'versions', 'ns1'],
    ]);
    expect(requests[0]?.userInfo).toEqual(user);
    expect(meta(requests[2]?.oldObject).labels).toEqual({ l: '1' });
  });

  it('validates after mutating: an edit that breaks the schema is 422 Invalid, and nothing is stored', async () => {
    const breaker = admissionPlugin<wardle.v1beta1.Flunder>({
      name: 'breaker',
      kind: wardle.v1beta1.flunderAdmission,
      defaulter: {
        default(f) {
          f.spec = { referenceType: 'Neither' as 'Flunder' };
        },
      },
    });
    const { flunders } = stores([breaker]);
    const err = await failure(flunders.create(beta, flunder('broken')));
    expect(err.code).toBe(422);
    expect(err.message).toContain('spec.referenceType');
    expect((await failure(flunders.get(beta, 'broken'))).code).toBe(404);
  });

  it('refuses an update or a delete a validating plugin denies, and keeps a StatusError a plugin throws as it is', async () => {
    const guard = admissionPlugin<wardle.v1beta1.Flunder>({
      name: 'guard',
      kind: wardle.v1beta1.flunderAdmission,
      validator: {
        validateUpdate(old, next) {
          if (next.spec?.reference !== old.spec?.reference) throw new AdmissionDenied('spec.reference is immutable');
        },
        validateDelete(old) {
          if (old.metadata?.labels?.keep === 'true') throw newConflict({ group: 'wardle.example.com', resource: 'flunders' }, old.metadata.name ?? '', 'kept by label');
        },
      },
    });
    const { flunders } = stores([guard]);
    const created = await flunders.create(beta, { ...flunder('guarded', { reference: 'a' }), metadata: { name: 'guarded', labels: { keep: 'true' } } });
    const denied = await failure(flunders.update(beta, 'guarded', { ...created, spec: { reference: 'b' } }));
    expect([denied.code, denied.message]).toEqual([403, 'flunders.wardle.example.com "guarded" is forbidden: spec.reference is immutable']);
    const kept = await failure(flunders.delete(beta, 'guarded'));
    expect([kept.code, kept.reason]).toEqual([409, 'Conflict']);
    expect((await flunders.get(beta, 'guarded')).spec).toEqual({ reference: 'a' });
  });

  it('leaves other kinds and operations alone', async () => {
    const denyAll = admissionPlugin<wardle.v1beta1.Flunder>({
      name: 'deny-create',
      kind: wardle.v1beta1.flunderAdmission,
      operations: ['CREATE'],
      validator: {
        validateCreate() {
          throw new Error('no flunders today');
        },
      },
    });
    const { flunders, fischers } = stores([denyAll]);
    expect(meta(await fischers.create(cluster, { apiVersion: 'wardle.example.com/v1beta1', kind: 'Fischer', metadata: { name: 'free' } })).name).toBe('free');
    expect((await failure(flunders.create(beta, flunder('today')))).message).toBe('flunders.wardle.example.com "today" is forbidden: no flunders today');
  });

  it("passes the plugins' warnings on: into the request's sink, and from the server as Warning headers", async () => {
    const warner = admissionPlugin<wardle.v1beta1.Flunder>({
      name: 'warner',
      kind: wardle.v1beta1.flunderAdmission,
      defaulter: {
        default(_f, context) {
          context.warn('defaulted — with care');
        },
      },
      validator: {
        validateCreate: () => ['spec.reference is empty'],
      },
    });
    const { flunders } = stores([warner]);
    const warnings: string[] = [];
    await flunders.create({ ...beta, warnings }, flunder('warned'));
    expect(warnings).toEqual(['defaulted — with care', 'spec.reference is empty']);
    const server = new APIServer({ groups: [group], storage, keyPrefix: `/t${++prefix}`, admission: [() => warner] });
    const base = await server.listen();
    try {
      const res = await fetch(`${base}/apis/wardle.example.com/v1beta1/namespaces/ns1/flunders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(flunder('warned')) });
      expect(res.status).toBe(201);
      expect(res.headers.get('warning')).toBe('299 - "defaulted ? with care", 299 - "spec.reference is empty"');
    } finally {
      await server.close();
    }
  });

  it('is refused by the server for a kind it does not serve', () => {
    const stray: AdmissionPlugin = { name: 'stray', kind: { group: 'other.example.com', version: 'v1', kind: 'Thing' }, operations: ['CREATE'] };
    expect(() => new APIServer({ groups: [group], storage, admission: [() => stray] })).toThrow('admission plugin stray: kind Thing.other.example.com is not served');
    const wrongVersion: AdmissionPlugin = { name: 'v9', kind: { group: 'wardle.example.com', version: 'v9', kind: 'Flunder' }, operations: ['CREATE'] };
    expect(() => new APIServer({ groups: [group], storage, admission: [() => wrongVersion] })).toThrow('admission plugin v9: Flunder.wardle.example.com is not served in version v9');
  });
});
