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
import fc from 'fast-check';
import { useE2e } from './support/namespace';
import { applyCrd, crdSources, deleteCrd, generateCrds, resourcePath, type Crd, type CrdVersion } from './support/crds';
import { deleteAt, sample, violations, walk, type Located, type Schema, type Step } from './support/schema';
import { schemaArbitrary } from '../unit/helpers/arbitrary';
import { validate, type ValidationSchema } from '../../runtime/src/validation';
import type { JSONSchemaProps } from '../../generator/core/schema';
import { present } from '../unit/helpers/present';

const e2e = useE2e(__filename);

const TOTAL = Number(process.env.KUBEGEN_VALIDATION_OBJECTS ?? 5000);
const SEED = Number(process.env.KUBEGEN_VALIDATION_SEED ?? 20240613);
const CONCURRENCY = 16;
const REQUIRED_AGREEMENT = 0.999;

interface Cause {
  field?: string;
  message?: string;
  reason?: string;
}

interface Target {
  source: string;
  crd: Crd;
  version: CrdVersion;
  schema: Schema;
}

interface Outcome {
  what: string;
  object: unknown;
  server: { valid: boolean; fields: string[]; messages: string[] };
  ours: { valid: boolean; fields: string[]; messages: string[] };
}

const META = new Set(['apiVersion', 'kind', 'metadata']);

/** Whether `path` starts at apiVersion, kind or metadata (false for the root itself). */
function underMeta(path: readonly Step[]): boolean {
  const [first] = path;
  return first !== undefined && 'prop' in first && META.has(first.prop);
}

/** The element `which` picks from a non-empty `list`, round-robin. */
function nth<T>(list: readonly T[], which: number, what: string): T {
  return present(list[which % list.length], what);
}

/** A value of another JSON type than the schema's, for a wrong-type mutation. */
function wrongType(s: Schema, n: number): unknown {
  const candidates: unknown[] = ['text', 7, 2.5, true, ['x'], { k: 'v' }, null];
  const fits = (v: unknown): boolean => {
    if (s['x-kubernetes-int-or-string']) return typeof v === 'string' || Number.isInteger(v);
    if (s['x-kubernetes-preserve-unknown-fields'] && !s.type) return true;
    switch (s.type) {
      case 'string':
        return typeof v === 'string';
      case 'integer':
        return Number.isInteger(v);
      case 'number':
        return typeof v === 'number';
      case 'boolean':
        return typeof v === 'boolean';
      case 'array':
        return Array.isArray(v);
      case 'object':
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      default:
        return true;
    }
  };
  const wrong = candidates.filter((v) => !fits(v));
  return wrong.length === 0 ? undefined : wrong[n % wrong.length];
}

/** Sets `loc.path` in `body` to `value`, making (or replacing) the containers on the way from minimal samples. */
function put(body: Record<string, unknown>, loc: Pick<Located, 'path' | 'ancestors'>, value: unknown): void {
  let cursor: Record<string | number, unknown> = body;
  loc.path.forEach((step, i) => {
    const key = 'prop' in step ? step.prop : 'key' in step ? step.key : step.index;
    const next = loc.path[i + 1];
    if (next === undefined) {
      cursor[key] = value;
      return;
    }
    let inner = cursor[key];
    const wantArray = 'index' in next;
    if (wantArray ? !Array.isArray(inner) : typeof inner !== 'object' || inner === null || Array.isArray(inner)) {
      let fresh: unknown;
      try {
        fresh = sample(loc.ancestors[i + 1] ?? {}, {});
      } catch {
        fresh = undefined;
      }
      inner = wantArray ? (Array.isArray(fresh) ? fresh : []) : typeof fresh === 'object' && fresh !== null && !Array.isArray(fresh) ? fresh : {};
      cursor[key] = inner;
    }
    if (wantArray && (inner as unknown[]).length === 0) (inner as unknown[]).push({});
    cursor = inner as Record<string | number, unknown>;
  });
}

/** The nodes below the root a mutation may touch (not apiVersion/kind/metadata, which the test sets). */
function mutable(schema: Schema): Located[] {
  return walk(schema).filter((l) => l.path.length > 0 && !underMeta(l.path));
}

/** `count` objects for one CRD version: about a third valid, the rest with one or two mutations. */
function objectsFor(t: Target, count: number, seed: number): Array<{ what: string; body: Record<string, unknown> }> {
  const base = fc.sample(schemaArbitrary(t.schema as JSONSchemaProps, { maxLength: 3 }), { numRuns: count, seed });
  const nodes = mutable(t.schema);
  const broken = violations(t.schema).filter((v) => !underMeta(v.loc.path));
  const rnd = fc.sample(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { numRuns: count, seed: seed + 1 });
  return base.map((b, i) => {
    const body: Record<string, unknown> = typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...(b as Record<string, unknown>) } : {};
    const [kind, pick, pick2, extra] = present(rnd[i], `random choices for object ${i}`);
    const what: string[] = [];
    const mutate = (choice: number, which: number) => {
      if (choice % 2 === 0 && broken.length > 0) {
        const v = nth(broken, which, 'a violation');
        if (v.remove) deleteAt(body, v.loc.path);
        else put(body, v.loc, structuredClone(v.value));
        what.push(`${v.constraint} at ${v.field}`);
      } else if (nodes.length > 0) {
        const loc = nth(nodes, which, 'a mutable node');
        const value = wrongType(loc.schema, which);
        if (value !== undefined) {
          put(body, loc, value);
          what.push(`wrong type ${JSON.stringify(value)} at ${loc.path.map((s) => ('prop' in s ? s.prop : 'key' in s ? s.key : `[${s.index}]`)).join('.')}`);
        }
      }
    };
    if (kind % 3 !== 0) mutate(kind, pick);
    if (kind % 3 === 2 && extra % 2 === 0) mutate(extra, pick2);
    return { what: what.length > 0 ? what.join('; ') : 'arbitrary', body };
  });
}

function causesOf(status: number, body: unknown): Outcome['server'] {
  if (status === 201) return { valid: true, fields: [], messages: [] };
  const b = (body ?? {}) as { message?: string; details?: { causes?: Cause[] } };
  const causes = b.details?.causes ?? [];
  // A value that cannot be decoded (an embedded resource's apiVersion that is not a string) is a 400 naming its fields.
  const undecodable = status === 400 ? /cannot be handled as a [^:]+: (.*)$/s.exec(String(b.message ?? '')) : null;
  if (undecodable) {
    const detail = present(undecodable[1], 'the decoding error');
    const fields = [...detail.matchAll(/(?:^|, |\[)([^\s:,[\]]+): /g)].flatMap((m) => m[1] ?? []);
    return { valid: false, fields: [...new Set(fields)].sort(), messages: [detail] };
  }
  if (status !== 422 || causes.length === 0) return { valid: false, fields: [`<HTTP ${status}>`], messages: [String(b.message ?? '')] };
  return { valid: false, fields: [...new Set(causes.map((c) => c.field ?? '<nil>'))].sort(), messages: causes.map((c) => `${c.field ?? ''}: ${c.message ?? ''}`) };
}

async function pool<T>(items: T[], n: number, f: (item: T) => Promise<void>): Promise<void> {
  // n workers draining one shared iterator: each item is handed to exactly one of them
  const queue = items.values();
  await Promise.all(Array.from({ length: n }, async () => {
    for (const item of queue) await f(item);
  }));
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
    const jobs = targets.flatMap((t) => objectsFor(t, perVersion, seed++).map((o, i) => ({ t, ...o, i })));
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
      const result = validate(t.schema as ValidationSchema, obj, { statusSubresource: t.version.subresources?.status !== undefined, scale: t.version.subresources?.scale });
      outcomes.push({
        what: `${t.source} ${t.crd.spec.names.kind}.${t.version.name}: ${what}`,
        object: obj,
        server: causesOf(res.status, res.body),
        ours: { valid: result.valid, fields: [...new Set(result.errors.map((e) => e.field))].sort(), messages: result.errors.map((e) => `${e.field}: ${e.message}`) },
      });
    });
    for (const crd of source.crds) await deleteCrd(e2e.kube, crd.metadata.name);
  }
  elapsedMs = Date.now() - started;
  expect(outcomes.length).toBeGreaterThanOrEqual(TOTAL);
  const agree = outcomes.filter(agrees).length;
  expect(agree / outcomes.length).toBeGreaterThanOrEqual(REQUIRED_AGREEMENT);
}, 600_000);
