/**
 * The CEL and validation agreement suite on the real-world corpus (scripts/crd-corpus.js, cached outside the repo):
 *
 * - CRDs: every CRD controller-gen v0.21.0 makes from the corpus' Go modules is imported with `kubegen import crd`
 *   (generator/import's importCrds, which refuses what `kubegen crd` would) and sent to the apiserver as a
 *   `dryRun=All` create; the verdicts (accept, or refuse) must agree.
 * - Rules: every x-kubernetes-validations rule of those CRDs — kubegen's CEL check (checkCelRules) refuses it exactly
 *   when the apiserver's answer names it, with the same cost factor where one is named; and every rule of the
 *   apiserver's own CEL test tables (k8s.io/apiextensions-apiserver's compilation_test.go and validation_test.go, with
 *   the verdict and estimated cost its compiler gave, recorded by scripts/cel-tables) — kubegen's compile verdict
 *   and estimated cost (CelChecker.expressionCost, the apiserver's CompilationResult.MaxCost) must be the same.
 * - Objects: for every CRD the apiserver accepts, objects drawn by fast-check from each served version's schema (valid
 *   ones and broken ones) are sent as `dryRun=All` creates; the client-side validator (runtime/src/validation
 *   `validate`, what every generated validate<Kind> binds) must give the same verdict and the same field paths.
 *
 * Prints the figures (CRDs, rules, objects: n/N, and how many of the disagreements are known) and every disagreement.
 * A disagreement listed in support/cel-known-disagreements.ts (with its cause) does not fail its test; a listed entry
 * that now agrees, or is not found at all, fails the last test (the list cannot go stale). By default (CI) a bounded sample: the
 * gateway-api and kueue modules, the whole table, KUBEGEN_CEL_CORPUS_OBJECTS (default 3) objects per CRD version;
 * KUBEGEN_CEL_CORPUS=full runs every module with 20 objects per version.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { useE2e } from './support/namespace';
import { applyCrd, deleteCrd, resourcePath, type Crd } from './support/crds';
import { causesOf, objectsFor, pool, type Verdict } from './support/objects';
import type { Schema } from './support/schema';
import { importCrds, formatProblem } from '../../generator/import';
import { CelChecker, checkCelRules, type CelProblem } from '../../generator/cel';
import type { JSONSchemaProps } from '../../generator/core/schema';
import { validate } from '../../runtime/src/validation';
import { knownCorpusRules, knownTableRules, tableRuleKey } from './support/cel-known-disagreements';

interface CorpusApi {
  crdCorpus(name: string): { crdDir: string; module: string };
  celTables(): { file: string; source: string };
  CORPUS: Record<string, unknown>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script shared with bench/ and the CLI
const corpus = require('../../scripts/crd-corpus.js') as CorpusApi;

const e2e = useE2e(__filename);

const FULL = process.env.KUBEGEN_CEL_CORPUS === 'full';
const MODULES = FULL ? Object.keys(corpus.CORPUS) : ['gateway-api', 'kueue'];
const OBJECTS = Number(process.env.KUBEGEN_CEL_CORPUS_OBJECTS ?? (FULL ? 20 : 3));
const SEED = Number(process.env.KUBEGEN_CEL_CORPUS_SEED ?? 20261205);
const CONCURRENCY = 8;

interface CorpusCrd {
  module: string;
  file: string;
  text: string;
  crd: Crd;
}

const crds: CorpusCrd[] = MODULES.flatMap((name) => {
  const { crdDir, module } = corpus.crdCorpus(name);
  return fs
    .readdirSync(crdDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(crdDir, file), 'utf8');
      return { module, file, text, crd: parse(text) as Crd };
    });
});

/**
 * A figure: how many of `n` agree, and the disagreements (one line each, cause first), of which the known ones (listed
 * in support/cel-known-disagreements.ts) are kept apart: they do not fail a test.
 */
class Figure {
  total = 0;
  disagreements = 0;
  /** The disagreements not listed. */
  readonly unknown: string[] = [];
  /** The listed disagreements: their line and the listed cause. */
  readonly known: string[] = [];
  /** Every listed key met (key → whether any rule with it disagreed). */
  readonly met = new Map<string, boolean>();
  /**
   * Counts one comparison; `line` makes the disagreement's line. `known` is the entry of the known list for the
   * compared thing, if listed. Returns whether the disagreement counts as a failure (an unlisted disagreement).
   */
  add(agrees: boolean, line: () => string, known?: { key: string; cause: string }): boolean {
    this.total++;
    if (known) this.met.set(known.key, (this.met.get(known.key) ?? false) || !agrees);
    if (agrees) return false;
    this.disagreements++;
    if (!known) this.unknown.push(line());
    else this.known.push(`${line()}\n    known: ${known.cause}`);
    return !known;
  }
  toString(): string {
    return `${this.total - this.disagreements}/${this.total}${this.known.length > 0 ? ` (${this.known.length} known)` : ''}`;
  }
}
const figures = { crds: new Figure(), rules: new Figure(), tableRules: new Figure(), objects: new Figure() };

afterAll(() => {
  const section = (name: string, f: Figure) => {
    return (
      (f.unknown.length === 0 ? '' : `\n${name} disagreements:\n  ${f.unknown.join('\n  ')}`) +
      (f.known.length === 0 ? '' : `\nknown ${name} disagreements:\n  ${f.known.join('\n  ')}`)
    );
  };
  process.stdout.write(
    `CEL corpus agreement (apiserver vs kubegen; modules ${MODULES.join(', ')}): CRDs ${figures.crds.toString()}, corpus rules ${figures.rules.toString()}, ` +
      `table rules ${figures.tableRules.toString()}, objects ${figures.objects.toString()}` +
      section('CRD', figures.crds) + section('corpus rule', figures.rules) + section('table rule', figures.tableRules) + section('object', figures.objects) + '\n',
  );
});

/** `spec.versions[i].schema.openAPIV3Schema<path>.x-kubernetes-validations[j]` of a kubegen problem. */
function problemKey(version: number, p: CelProblem): string {
  const node = p.path.map((s) => (s === '[]' ? '.items' : s === '{}' ? '.additionalProperties' : `.properties[${s.property}]`)).join('');
  return `spec.versions[${version}].schema.openAPIV3Schema${node}.x-kubernetes-validations[${p.index}]`;
}

/** Every rule of a schema, keyed as problemKey keys them. */
function rulesOf(version: number, s: Schema, at = '', out: Array<{ key: string; rule: string }> = []): Array<{ key: string; rule: string }> {
  (s['x-kubernetes-validations'] ?? []).forEach((r, i) => out.push({ key: `spec.versions[${version}].schema.openAPIV3Schema${at}.x-kubernetes-validations[${i}]`, rule: r.rule }));
  for (const [name, p] of Object.entries(s.properties ?? {})) rulesOf(version, p, `${at}.properties[${name}]`, out);
  if (s.items) rulesOf(version, s.items, `${at}.items`, out);
  if (typeof s.additionalProperties === 'object') rulesOf(version, s.additionalProperties, `${at}.additionalProperties`, out);
  return out;
}

/** The cost factor an apiserver or kubegen message names (`… exceeds budget by factor of 1.2x …`). */
function costFactor(message: string): string | undefined {
  return /exceeds budget by factor of (more than 100x|\S+x)/.exec(message)?.[1];
}

/** The apiserver's causes of refusing a CRD: field → messages. */
function crdCauses(body: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const causes = (body as { details?: { causes?: Array<{ field?: string; message?: string }> } } | undefined)?.details?.causes ?? [];
  for (const c of causes) {
    const field = c.field ?? '';
    out.set(field, [...(out.get(field) ?? []), c.message ?? '']);
  }
  return out;
}

const accepted: CorpusCrd[] = [];

describe.each(crds.map((c) => [`${c.module} ${c.file}`, c] as const))('%s', (_name, c) => {
  test('kubegen and the apiserver give the same verdict on the CRD and on each of its rules', async () => {
    const imported = importCrds([{ file: c.file, text: c.text }]);
    const ours = imported.problems.filter((p) => p.severity === 'error').map(formatProblem);
    const res = await e2e.kube.post<{ message?: string }>('/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', c.crd);
    if (res.status !== 201 && res.status !== 422) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
    const theirs = res.status === 201 ? [] : [res.body.message ?? ''];
    if (res.status === 201) accepted.push(c);
    const crdAgrees = (ours.length === 0) === (theirs.length === 0);
    figures.crds.add(crdAgrees, () =>
      `${c.module} ${c.file}: apiserver ${theirs.length === 0 ? 'accepts' : `refuses: ${theirs.join(' | ')}`}; kubegen ${ours.length === 0 ? 'accepts' : `refuses: ${ours.join(' | ')}`}`,
    );

    // Each rule: refused by kubegen exactly when the apiserver's answer names it, with the same cost factor.
    const causes = crdCauses(res.body);
    const ruleLines: string[] = [];
    c.crd.spec.versions.forEach((v, vi) => {
      const schema = v.schema?.openAPIV3Schema;
      if (!schema) return;
      const problems = checkCelRules(schema as JSONSchemaProps);
      for (const { key, rule } of rulesOf(vi, schema)) {
        const mine = problems.filter((p) => problemKey(vi, p) === key).map((p) => `${p.part}: ${p.message}`);
        const server = [...causes].filter(([field]) => field.startsWith(`${key}.`)).flatMap(([field, ms]) => ms.map((m) => `${field.slice(key.length + 1)}: ${m}`));
        const agrees = mine.length > 0 === server.length > 0 && mine.map((m) => costFactor(m)).join() === server.map((m) => costFactor(m)).join();
        const corpusKey = `${c.module} ${c.file} ${key}`;
        const cause = knownCorpusRules.get(corpusKey);
        const line = () =>
          `${c.module} ${c.file} ${key} ${JSON.stringify(rule)}: apiserver ${server.length === 0 ? 'compiles' : server.join(' | ')}; kubegen ${mine.length === 0 ? 'compiles' : mine.join(' | ')}`;
        if (figures.rules.add(agrees, line, cause === undefined ? undefined : { key: corpusKey, cause })) ruleLines.push(line());
      }
    });
    expect({ crd: crdAgrees, rules: ruleLines }).toEqual({ crd: true, rules: [] });
  });
});

// ---- The apiserver's own CEL test tables ----

interface TableResult {
  error?: { type: string; detail: string };
  messageExpressionError?: { type: string; detail: string };
  maxCost: number;
  maxCardinality: number;
}
interface TableCase {
  test: string;
  perCallLimit: number;
  schema: JSONSchemaProps;
  results: TableResult[];
  isRoot?: boolean;
  customEnv?: boolean;
}
const tables = JSON.parse(fs.readFileSync(corpus.celTables().file, 'utf8')) as { source: string; cases: TableCase[] };
const byTest = new Map<string, TableCase[]>();
// Left out: cases compiled in an environment the test extended with a fake library (no CRD ever compiles in it).
for (const t of tables.cases.filter((c) => !c.customEnv)) byTest.set(t.test, [...(byTest.get(t.test) ?? []), t]);

/** kubegen's compile verdict on one part of a rule: its problems, cost overruns left out (Compile has no budget). */
function compileProblems(problems: CelProblem[], parts: ReadonlyArray<CelProblem['part']>): string[] {
  // Only the rule's own node: the rules of the nodes below it are cases of their own.
  return problems.filter((p) => p.path.length === 0 && parts.includes(p.part) && !/^estimated .*cost/.test(p.message)).map((p) => p.message);
}

describe(`the CEL test tables of ${tables.source}`, () => {
  const checker = new CelChecker();
  test.each([...byTest.keys()].sort())('%s: the compile verdict and estimated cost of every rule agree', (name) => {
    const lines: string[] = [];
    for (const t of byTest.get(name) ?? []) {
      (t.schema['x-kubernetes-validations'] ?? []).forEach((r, i) => {
        const want = t.results[i];
        // A blank rule is not compiled (Compile skips it; a CRD's validation refuses it before any compiling).
        if (!want || r.rule.trim() === '') return;
        // The rule alone on its node: its verdict is not mixed with its neighbours'.
        const problems = checker.checkSchema({ ...t.schema, 'x-kubernetes-validations': [r] });
        const ruleErrors = compileProblems(problems, ['rule', 'optionalOldSelf']);
        const messageErrors = compileProblems(problems, ['messageExpression']);
        const cost = ruleErrors.length === 0 && !r.optionalOldSelf ? checker.expressionCost(t.schema, r.rule, t.isRoot) : undefined;
        const ourCost = cost && 'cost' in cost ? cost.cost : undefined;
        const agrees =
          (ruleErrors.length > 0) === (want.error !== undefined) &&
          (messageErrors.length > 0) === (want.messageExpressionError !== undefined) &&
          (want.error !== undefined || ourCost === undefined || ourCost === want.maxCost);
        const key = tableRuleKey(name, r.rule);
        const cause = knownTableRules.get(key);
        const line = () => {
          const theirs = want.error ? `refuses: ${want.error.detail}` : `compiles, cost ${want.maxCost}${want.messageExpressionError ? `; messageExpression: ${want.messageExpressionError.detail}` : ''}`;
          const mine = ruleErrors.length > 0 ? `refuses: ${ruleErrors.join(' | ')}` : `compiles, cost ${ourCost ?? '?'}${messageErrors.length > 0 ? `; messageExpression: ${messageErrors.join(' | ')}` : ''}`;
          return `${name} ${JSON.stringify(r.rule)} on ${JSON.stringify(t.schema.type ?? 'any')}: apiserver ${theirs.replace(/\n/g, ' ')}; kubegen ${mine}`;
        };
        if (figures.tableRules.add(agrees, line, cause === undefined ? undefined : { key, cause })) lines.push(line());
      });
    }
    expect(lines).toEqual([]);
  });
});

// ---- Objects ----

interface ObjectOutcome {
  what: string;
  object: unknown;
  server: Verdict;
  ours: Verdict & { unchecked: readonly string[] };
}

function agrees(o: ObjectOutcome): boolean {
  return o.server.valid === o.ours.valid && o.server.fields.join('\n') === o.ours.fields.join('\n');
}

test(`validate gives the apiserver's verdict and field paths on ${OBJECTS} objects per served CRD version`, async () => {
  const lines: string[] = [];
  // Every accepted CRD applied at once (distinct names): one wait for Established and one for deletion, not one per
  // CRD. The objects are drawn in the CRDs' order, so a seed reproduces a run whichever CRD is established first.
  const applied = await Promise.all(accepted.map(async (c) => ({ c, res: await applyCrd(e2e.kube, c.crd) })));
  try {
    const refused = applied.filter(({ res }) => res.status !== 201).map(({ c, res }) => `${c.module} ${c.file}: CRD refused on create after a dry run accepted it: ${res.error ?? ''}`);
    if (refused.length > 0) throw new Error(refused.join('\n'));
    let seed = SEED;
    const jobs = accepted.flatMap((c) =>
      c.crd.spec.versions
        .filter((v) => v.served)
        .flatMap((v) => {
          const schema: Schema = v.schema?.openAPIV3Schema ?? { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
          return objectsFor(schema, OBJECTS, seed++).map((o, i) => ({ c, v, schema, ...o, i }));
        }),
    );
    await pool(jobs, CONCURRENCY, async ({ c, v, schema, what, body, i }) => {
      const namespaced = c.crd.spec.scope === 'Namespaced';
      const obj = { ...body, apiVersion: `${c.crd.spec.group}/${v.name}`, kind: c.crd.spec.names.kind, metadata: { name: `c-${i}`, ...(namespaced ? { namespace: e2e.namespace } : {}) } };
      const url = `${resourcePath(c.crd, v.name, e2e.namespace)}?dryRun=All`;
      let res = await e2e.kube.post(url, obj);
      // The handler of a just-established CRD can answer 404 for a moment.
      for (let n = 0; res.status === 404 && n < 50; n++) {
        await new Promise((r) => setTimeout(r, 100));
        res = await e2e.kube.post(url, obj);
      }
      const result = validate(schema, obj, { statusSubresource: v.subresources?.status !== undefined, scale: v.subresources?.scale });
      const o: ObjectOutcome = {
        what: `${c.module} ${c.crd.spec.names.kind}.${v.name}: ${what}`,
        object: obj,
        server: causesOf(res.status, res.body),
        ours: { valid: result.valid, fields: [...new Set(result.errors.map((e) => e.field))].sort(), messages: result.errors.map((e) => `${e.field}: ${e.message}`), unchecked: result.unchecked },
      };
      figures.objects.add(agrees(o), () => {
        const line = [
          o.what,
          `    object: ${JSON.stringify(o.object)}`,
          `    apiserver: ${o.server.valid ? 'accepted' : o.server.messages.join(' | ')}`,
          `    kubegen:   ${o.ours.valid ? 'accepted' : o.ours.messages.join(' | ')}${o.ours.unchecked.length > 0 ? ` (unchecked: ${o.ours.unchecked.join(', ')})` : ''}`,
        ].join('\n');
        lines.push(line);
        return line;
      });
    });
  } finally {
    await Promise.all(applied.filter(({ res }) => res.status === 201).map(({ c }) => deleteCrd(e2e.kube, c.crd.metadata.name)));
  }
  expect(figures.objects.total).toBeGreaterThan(0);
  expect(lines).toEqual([]);
}, 1_200_000);

// ---- The known list cannot go stale ----

test('every listed known disagreement is found and still disagrees', () => {
  const modules = new Set(crds.map((c) => c.module));
  const stale = (listed: ReadonlyMap<string, string>, f: Figure, inScope: (key: string) => boolean) =>
    [...listed.keys()].filter(inScope).flatMap((key) => {
      const met = f.met.get(key);
      return met === undefined ? [`not found: ${key}`] : met ? [] : [`now agrees (remove it from the list): ${key}`];
    });
  expect({
    corpusRules: stale(knownCorpusRules, figures.rules, (key) => modules.has(key.slice(0, key.indexOf(' ')))),
    tableRules: stale(knownTableRules, figures.tableRules, () => true),
  }).toEqual({ corpusRules: [], tableRules: [] });
});
