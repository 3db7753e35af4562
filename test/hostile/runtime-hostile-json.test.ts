/**
 * Property (a) of issue 8, for everything that walks untrusted JSON at run time: for random JSON with `__proto__`,
 * `constructor`, `prototype` … keys at any depth, the committed generated code of every sample group (`generated/`)
 * and the runtime keep those keys as own data and never touch `Object.prototype` or `Array.prototype`:
 * - deepcopy (`deepCopyObject` of every version, every kind and list): the copy is the same JSON, plain objects
 *   only, sharing nothing;
 * - defaults (`setObjectDefaults` of every version): every value given is still there, as an own key;
 * - conversion (every multi-version kind, every ordered pair of versions): A → B → A gives back the same JSON;
 * - the fake clientsets (every group, every version): create / get / update / patch / list keep the keys;
 * - the ConversionWebhook (`review`, what its HTTP handler runs after `JSON.parse`).
 * `KUBEGEN_FUZZ_RUNS` sets the cases per property (default 100).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { type KubeObject, type ResourceDescriptor } from '../../runtime/src';
import { ConversionWebhook, type GroupConverters } from '../../runtime/src/webhook';
import { containers } from '../unit/helpers/mutation';
import { present } from '../unit/helpers/present';
import {
  RUNS,
  contains,
  hostileJson,
  hostileObject,
  hostileStringMap,
  jsonCopy,
  plainEverywhere,
  prototypesUntouched,
  sameJson,
  withKeys,
} from './json-arbitrary';

const GENERATED = path.resolve(__dirname, '../../generated');

interface Crd {
  spec: { group: string; names: { kind: string; listKind: string }; versions: Array<{ name: string }> };
}

const crds: Crd[] = fs
  .readdirSync(GENERATED)
  .sort()
  .flatMap((group) =>
    fs
      .readdirSync(path.join(GENERATED, group, 'crds'))
      .sort()
      .map((f) => parse(fs.readFileSync(path.join(GENERATED, group, 'crds', f), 'utf8')) as Crd),
  );

function load<M>(group: string, module: string): M {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated module is chosen at run time, by group and name (ts-jest compiles it on require)
  return require(path.join(GENERATED, group, 'src', module)) as M;
}

/** A hostile object of a kind: hostile keys at the top and in metadata, spec, status and an unknown field. */
function hostileKind(apiVersion: string, kind: string): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({ top: hostileObject(), spec: hostileObject(), status: hostileObject(), extra: hostileJson(), labels: hostileStringMap(), annotations: hostileStringMap() })
    .map(({ top, spec, status, extra, labels, annotations }) =>
      withKeys(top, { apiVersion, kind, metadata: { name: 'x', namespace: 'ns', labels, annotations }, spec, status, unknownField: extra }),
    );
}

/** The same, as a list of its kind with hostile keys at the list's top. */
function hostileList(apiVersion: string, kind: string, listKind: string): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(hostileObject(), fc.array(hostileKind(apiVersion, kind), { maxLength: 2 }))
    .map(([top, items]) => withKeys(top, { apiVersion, kind: listKind, metadata: { resourceVersion: '1' }, items }));
}

test('the samples cover kinds in several groups and a multi-version kind', () => {
  expect(crds.length).toBeGreaterThanOrEqual(5);
  expect(crds.some((c) => c.spec.versions.length > 1)).toBe(true);
});

describe.each(crds.flatMap((c) => c.spec.versions.map((v) => [`${c.spec.names.kind} ${c.spec.group}/${v.name}`, c, v.name] as const)))(
  '%s',
  (_name, crd, version) => {
    const { group, names } = crd.spec;
    const apiVersion = `${group}/${version}`;
    const objects = fc.oneof(hostileKind(apiVersion, names.kind), hostileList(apiVersion, names.kind, names.listKind));

    test('deepcopy keeps hostile keys as data and shares nothing', () => {
      const { deepCopyObject } = load<{ deepCopyObject: (o: unknown) => unknown }>(group, `${version}/deepcopy`);
      fc.assert(
        fc.property(objects, (obj) => {
          const copy = deepCopyObject(obj);
          prototypesUntouched();
          plainEverywhere(copy);
          sameJson(copy, obj);
          const originals = containers(obj);
          for (const c of containers(copy)) expect(originals.has(c)).toBe(false);
        }),
        { numRuns: RUNS },
      );
    });

    test('defaults keep every value given, hostile keys as data', () => {
      const { setObjectDefaults } = load<{ setObjectDefaults: (o: unknown) => unknown }>(group, `${version}/defaults`);
      fc.assert(
        fc.property(objects, (obj) => {
          const before = jsonCopy(obj);
          const out = setObjectDefaults(obj);
          prototypesUntouched();
          expect(out).toBe(obj);
          plainEverywhere(out);
          contains(out, before);
        }),
        { numRuns: RUNS },
      );
    });
  },
);

const multiVersion = crds.filter((c) => c.spec.versions.length > 1);

describe.each(multiVersion.map((c) => [`${c.spec.names.kind}.${c.spec.group}`, c] as const))('conversion of %s', (_name, crd) => {
  const { group, names } = crd.spec;
  const { convert } = load<{ convert: (o: object, v: string) => object }>(group, 'conversion');
  const pairs = crd.spec.versions.flatMap((a) => crd.spec.versions.filter((b) => b !== a).map((b) => [a.name, b.name] as const));

  test.each(pairs)('%s → %s → back keeps hostile keys as data', (from, to) => {
    fc.assert(
      fc.property(hostileKind(`${group}/${from}`, names.kind), (obj) => {
        const before = jsonCopy(obj);
        const there = convert(obj, `${group}/${to}`);
        prototypesUntouched();
        plainEverywhere(there);
        const back = convert(there, `${group}/${from}`);
        prototypesUntouched();
        plainEverywhere(back);
        sameJson(back, before);
        sameJson(obj, before);
      }),
      { numRuns: RUNS },
    );
  });
});

interface FakeModule {
  Clientset: new () => { fake: { client(d: ResourceDescriptor, ns: string): FakeResourceClient } };
  resources: readonly ResourceDescriptor[];
}

interface FakeResourceClient {
  create(o: KubeObject): Promise<KubeObject>;
  get(name: string): Promise<KubeObject>;
  update(o: KubeObject): Promise<KubeObject>;
  patch(name: string, type: 'application/merge-patch+json', body: unknown): Promise<KubeObject>;
  list(): Promise<{ items: KubeObject[] }>;
}

/** The part of an object a client of the same version must give back as written: all but metadata and status. */
function written(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'metadata' && k !== 'status'));
}

describe.each([...new Set(crds.map((c) => c.spec.group))])('fake clientset of %s', (group) => {
  const fakeModule = load<FakeModule>(group, 'fake');

  test.each(fakeModule.resources.map((d) => [`${d.resource} ${d.version}`, d] as const))('%s: create, get, update, patch, list keep hostile keys', async (_n, d) => {
    const apiVersion = `${d.group}/${d.version}`;
    await fc.assert(
      fc.asyncProperty(hostileKind(apiVersion, d.kind), hostileObject(), async (obj, patchSpec) => {
        const client = new fakeModule.Clientset().fake.client(d, 'ns');
        const given = jsonCopy(obj);
        const created = await client.create(obj);
        prototypesUntouched();
        plainEverywhere(created);
        sameJson(written(created as Record<string, unknown>), written(given));
        sameJson((created.metadata as Record<string, unknown>).labels, (given.metadata as Record<string, unknown>).labels);

        const got = await client.get('x');
        sameJson(written(got as Record<string, unknown>), written(given));

        const updated = await client.update(withKeys(got as Record<string, unknown>, { unknownField: 'changed' }));
        prototypesUntouched();
        plainEverywhere(updated);
        sameJson(written(updated as Record<string, unknown>), withKeys(written(given), { unknownField: 'changed' }));

        const patched = await client.patch('x', 'application/merge-patch+json', { spec: patchSpec });
        prototypesUntouched();
        plainEverywhere(patched);
        // every non-null value of the patch is in the result, as an own key (null deletes)
        contains((patched as Record<string, unknown>).spec, patchSpec);

        const listed = await client.list();
        prototypesUntouched();
        expect(listed.items).toHaveLength(1);
        sameJson(listed.items[0], patched);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('ConversionWebhook.review', () => {
  // `review` is the handler's work without HTTP: the server is never started, so it needs no real certificate
  const webhook = new ConversionWebhook({ cert: 'unused', key: 'unused' });
  for (const g of new Set(multiVersion.map((c) => c.spec.group))) webhook.register(load<{ converters: GroupConverters }>(g, 'conversion').converters);

  test.each(multiVersion.map((c) => [`${c.spec.names.kind}.${c.spec.group}`, c] as const))('%s: hostile reviews keep hostile keys as data', (_n, crd) => {
    const { group, names } = crd.spec;
    const [a, b] = [present(crd.spec.versions[0], 'a first version').name, present(crd.spec.versions[1], 'a second version').name];
    fc.assert(
      fc.property(fc.array(hostileKind(`${group}/${a}`, names.kind), { minLength: 1, maxLength: 3 }), hostileObject(), (objects, junk) => {
        const body = jsonCopy(withKeys(junk, { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'u', desiredAPIVersion: `${group}/${b}`, objects } }));
        const there = webhook.review(body);
        prototypesUntouched();
        expect(there.response?.result).toEqual({ status: 'Success' });
        plainEverywhere(there);
        const back = webhook.review(
          jsonCopy({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 'v', desiredAPIVersion: `${group}/${a}`, objects: there.response?.convertedObjects } }),
        );
        prototypesUntouched();
        sameJson(back.response?.convertedObjects, jsonCopy(objects));
      }),
      { numRuns: RUNS },
    );
  });
});
