/**
 * Generated defaulting against the real API server: for every kind of every sample source (`apis/` and each
 * `test/golden/<case>/apis` with CRDs), objects created on the server without their defaulted fields come back equal to
 * `setObjectDefaults` applied locally. Two objects per kind: the minimal valid one, and a full one (optional
 * properties two levels deep) with every field that has a default removed, so nested defaults, defaults in list items
 * and map values, and defaults of just-defaulted parents are all exercised.
 *
 * Each CRD is applied under its own group `defaults-e2e.<group>`, so that it never collides with the CRD tests
 * running at the same time. The storage version is checked (the API server also applies the storage version's
 * defaults when it reads a stored object, so other versions of a CRD without a conversion webhook mix two schemas).
 */
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { loadApiModel } from '../../generator/pipeline';
import { defaultsGenerator } from '../../generator/emit/defaults';
import { typesGenerator } from '../../generator/emit/types-ts';
import { RUNTIME_MODULES, moduleLoader } from '../unit/helpers/generated';
import { useE2e } from './support/namespace';
import { applyCrd, crdSources, deleteCrd, generateCrds, mapCrd, resourcePath, type Crd } from './support/crds';
import { sample, SampleError, type Schema } from './support/schema';
import { runGenerator } from '../../generator/emit/shared/execute';

const e2e = useE2e(__filename);
const REPO = path.resolve(__dirname, '../..');
const META = new Set(['apiVersion', 'kind', 'metadata']);

type Obj = Record<string, unknown>;

/** Removes, at every level of `value`, the properties whose schema has a default. */
function stripDefaulted(value: unknown, s: Schema): void {
  if (Array.isArray(value)) {
    if (s.items) for (const e of value) stripDefaulted(e, s.items);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const o = value as Obj;
  for (const [k, ps] of Object.entries(s.properties ?? {})) {
    if (!(k in o)) continue;
    if (ps.default !== undefined) delete o[k];
    else stripDefaulted(o[k], ps);
  }
  if (typeof s.additionalProperties === 'object') for (const k of Object.keys(o)) stripDefaulted(o[k], s.additionalProperties);
}

function body(obj: Obj, dropStatus: boolean): Obj {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !META.has(k) && !(dropStatus && k === 'status')));
}

for (const source of crdSources()) {
  describe(`defaults of ${source.name} on the API server`, () => {
    const { model } = loadApiModel(path.relative(REPO, source.apisRoot), REPO);
    const load = moduleLoader([...runGenerator(defaultsGenerator, model, {}).files, ...runGenerator(typesGenerator, model, {}).files], RUNTIME_MODULES);
    const kinds = generateCrds(source).flatMap((original) => {
      const version = original.spec.versions.find((v) => v.storage)!;
      const schema = version.schema?.openAPIV3Schema;
      if (!schema) return [];
      const group = `defaults-e2e.${original.spec.group}`;
      const crd: Crd = mapCrd(original, (c) => ({ ...c, metadata: { ...c.metadata, name: `${c.spec.names.plural}.${group}` }, spec: { ...c.spec, group } }));
      return [{ original, version, schema, group, crd }];
    });
    // The source's CRDs are applied together and deleted together (distinct names within a source; the sources, one
    // after the other, may reuse a name): one wait for Established and one for deletion per source, not per kind.
    const applied = new Map<string, Awaited<ReturnType<typeof applyCrd>>>();
    beforeAll(async () => {
      await Promise.all(kinds.map(async ({ crd }) => applied.set(crd.metadata.name, await applyCrd(e2e.kube, crd))));
    });
    afterAll(async () => {
      await Promise.all(kinds.filter(({ crd }) => applied.get(crd.metadata.name)?.status === 201).map(({ crd }) => deleteCrd(e2e.kube, crd.metadata.name)));
    });

    for (const { original, version, schema, group, crd } of kinds) {
      test(`${original.spec.names.kind} ${original.spec.group}/${version.name}`, async () => {
        expect(applied.get(crd.metadata.name)?.error).toBeUndefined();
        const mod = load(`${original.spec.group}/${version.name}/defaults`) as { setObjectDefaults(o: Obj): Obj };
        const bodySchema: Schema = { ...schema, properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !META.has(k))) };
        const samples: Array<{ name: string; obj: Obj; mustPass: boolean }> = [{ name: 'minimal', obj: sample(bodySchema) as Obj, mustPass: true }];
        try {
          const full = sample(bodySchema, { full: true, depth: 2 }) as Obj;
          stripDefaulted(full, bodySchema);
          samples.push({ name: 'full without defaulted fields', obj: full, mustPass: false });
        } catch (e) {
          if (!(e instanceof SampleError)) throw e;
        }
        const namespaced = crd.spec.scope === 'Namespaced';
        const dropStatus = version.subresources?.status !== undefined;
        for (const s of samples) {
          const name = `d-${randomBytes(3).toString('hex')}`;
          const obj: Obj = { apiVersion: `${group}/${version.name}`, kind: crd.spec.names.kind, metadata: { name, ...(namespaced ? { namespace: e2e.namespace } : {}) }, ...s.obj };
          const res = await e2e.kube.post<Obj>(resourcePath(crd, version.name, namespaced ? e2e.namespace : undefined), obj);
          if (res.status !== 201) {
            if (s.mustPass) throw new Error(`${s.name} sample rejected: ${res.status} ${JSON.stringify(res.body)}`);
            continue; // a full sample may break a CEL rule; the minimal one is the contract
          }
          const local = mod.setObjectDefaults(structuredClone({ ...obj, kind: crd.spec.names.kind }));
          expect({ sample: s.name, body: body(res.body, dropStatus) }).toEqual({ sample: s.name, body: body(local, dropStatus) });
        }
      });
    }
  });
}
