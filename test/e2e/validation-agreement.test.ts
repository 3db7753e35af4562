/**
 * The validation agreement figure: objects derived by fast-check from every CRD schema kubegen generates (`apis/`
 * and every `test/cases/<case>/apis`) — valid ones, and ones with a constraint broken, a value of the wrong type, a
 * required field removed — each sent to a real kube-apiserver as a `dryRun=All` create, and kubegen's client-side
 * validator (`@kubegen/runtime/validation`, what every generated `validate<Kind>` binds) run on the same object.
 * Agreement on an object: the same verdict (accepted, or refused) and the same set of field paths in the errors.
 * Prints the figure and every disagreement; requires ≥ 99.9 %.
 *
 * KUBEGEN_VALIDATION_OBJECTS (default 5000) sets how many objects; KUBEGEN_VALIDATION_SEED the fast-check seed.
 */
import { useE2e } from './support/namespace';
import { applyCrd, crdSources, deleteCrd, generateCrds, resourcePath, type Crd, type CrdVersion } from './support/crds';
import { causesOf, objectsFor, pool, type Verdict } from './support/objects';
import type { Schema } from './support/schema';
import { validate } from '../../runtime/src/validation';

const e2e = useE2e(__filename);

const TOTAL = Number(process.env.KUBEGEN_VALIDATION_OBJECTS ?? 5000);
const SEED = Number(process.env.KUBEGEN_VALIDATION_SEED ?? 20240613);
const CONCURRENCY = 16;
const REQUIRED_AGREEMENT = 0.999;

interface Target {
  source: string;
  crd: Crd;
  version: CrdVersion;
  schema: Schema;
}

interface Outcome {
  what: string;
  object: unknown;
  server: Verdict;
  ours: Verdict;
}

const outcomes: Outcome[] = [];
let elapsedMs = 0;

afterAll(() => {
  if (outcomes.length === 0) return;
  const agree = outcomes.filter(agrees).length;
  const lines = outcomes.filter((o) => !agrees(o)).map((o) =>
    [`DISAGREE ${o.what}`, `  object: ${JSON.stringify(o.object)}`, `  apiserver: ${o.server.valid ? 'accepted' : o.server.messages.join(' | ')}`, `  kubegen:   ${o.ours.valid ? 'accepted' : o.ours.messages.join(' | ')}`].join('\n'),
  );
  const invalid = outcomes.filter((o) => !o.server.valid).length;
  process.stdout.write(
    `validation agreement (apiserver dryRun=All vs validate<Kind>): ${agree}/${outcomes.length} = ${((100 * agree) / outcomes.length).toFixed(2)} %` +
      ` (${outcomes.length - invalid} accepted, ${invalid} refused by the apiserver) in ${(elapsedMs / 1000).toFixed(1)} s\n${lines.join('\n')}\n`,
  );
});

function agrees(o: Outcome): boolean {
  return o.server.valid === o.ours.valid && o.server.fields.join('\n') === o.ours.fields.join('\n');
}

test(`kubegen's verdict and field paths agree with the apiserver on ≥ 99.9 % of ${TOTAL} objects`, async () => {
  const started = Date.now();
  const sources = crdSources().map((s) => ({ name: s.name, crds: generateCrds(s) }));
  const versions = sources.reduce((n, s) => n + s.crds.reduce((m, c) => m + c.spec.versions.filter((v) => v.served).length, 0), 0);
  const perVersion = Math.ceil(TOTAL / versions);
  // Every source's CRDs applied at once (their names are distinct across the sources), then taken in the sources'
  // order: each version's seed does not depend on which CRD the apiserver established first, so a seed reproduces a
  // run. One wait for Established and one for deletion in all, not one per source.
  const all = sources.flatMap((source) => source.crds.map((crd) => ({ source: source.name, crd })));
  const names = all.map(({ crd }) => crd.metadata.name);
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length > 0) throw new Error(`two sources define the same CRD, which cannot be applied at once: ${twice.join(', ')}`);
  const applied = await Promise.all(all.map(async ({ source, crd }) => ({ source, crd, res: await applyCrd(e2e.kube, crd) })));
  try {
    const refused = applied.filter(({ res }) => res.status !== 201).map(({ source, crd, res }) => `${source}: CRD ${crd.metadata.name} refused: ${res.error ?? ''}`);
    if (refused.length > 0) throw new Error(refused.join('\n'));
    let seed = SEED;
    const targets: Target[] = all.flatMap(({ source, crd }) => crd.spec.versions.filter((v) => v.served).map((version) => ({ source, crd, version, schema: version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } })));
    const jobs = targets.flatMap((t) => objectsFor(t.schema, perVersion, seed++).map((o, i) => ({ t, ...o, i })));
    await pool(jobs, CONCURRENCY, async ({ t, what, body, i }) => {
      const namespaced = t.crd.spec.scope === 'Namespaced';
      const obj = { ...body, apiVersion: `${t.crd.spec.group}/${t.version.name}`, kind: t.crd.spec.names.kind, metadata: { name: `v-${i}`, ...(namespaced ? { namespace: e2e.namespace } : {}) } };
      const url = `${resourcePath(t.crd, t.version.name, e2e.namespace)}?dryRun=All`;
      let res = await e2e.kube.post(url, obj);
      // The handler of a just-established CRD can answer 404 for a moment.
      for (let n = 0; res.status === 404 && n < 50; n++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await e2e.kube.post(url, obj);
      }
      const result = validate(t.schema, obj, { statusSubresource: t.version.subresources?.status !== undefined, scale: t.version.subresources?.scale });
      outcomes.push({
        what: `${t.source} ${t.crd.spec.names.kind}.${t.version.name}: ${what}`,
        object: obj,
        server: causesOf(res.status, res.body),
        ours: { valid: result.valid, fields: [...new Set(result.errors.map((e) => e.field))].sort(), messages: result.errors.map((e) => `${e.field}: ${e.message}`) },
      });
    });
  } finally {
    await Promise.all(applied.filter(({ res }) => res.status === 201).map(({ crd }) => deleteCrd(e2e.kube, crd.metadata.name)));
  }
  elapsedMs = Date.now() - started;
  expect(outcomes.length).toBeGreaterThanOrEqual(TOTAL);
  const agree = outcomes.filter(agrees).length;
  expect(agree / outcomes.length).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT);
}, 600_000);
