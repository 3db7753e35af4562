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
  let seed = SEED;
  for (const source of sources) {
    // Applied in parallel, then taken in the source's order: each version's seed does not depend on which CRD the
    // apiserver established first, so a seed reproduces a run.
    await Promise.all(source.crds.map(async (crd) => {
      const res = await applyCrd(e2e.kube, crd);
      if (res.status !== 201) throw new Error(`${source.name}: CRD ${crd.metadata.name} refused: ${res.error ?? ''}`);
    }));
    const targets: Target[] = source.crds.flatMap((crd) => crd.spec.versions.filter((v) => v.served).map((version) => ({ source: source.name, crd, version, schema: version.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } })));
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
    await Promise.all(source.crds.map((crd) => deleteCrd(e2e.kube, crd.metadata.name)));
  }
  elapsedMs = Date.now() - started;
  expect(outcomes.length).toBeGreaterThanOrEqual(TOTAL);
  const agree = outcomes.filter(agrees).length;
  expect(agree / outcomes.length).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT);
}, 600_000);
