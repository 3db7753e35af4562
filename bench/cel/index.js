#!/usr/bin/env node
/**
 * `npm run bench -- cel`: the two CEL implementations issue 13 names — @marcbachmann/cel-js (in use: the generator
 * type-checks rules with it, generator/cel; the runtime evaluates them, runtime/src/validation/cel.ts) and
 * @bufbuild/cel (a conformance-tested evaluator, a devDependency for this benchmark only) — measured in one run on the
 * project's real rules:
 *
 * - the CEL agreement table (test/cel/rules.ts, loaded as it is, with the apiserver's verdict on every row) and the
 *   rules of the sample APIs' CRDs (generated/*\/crds) and of the test schemas' CRDs (test/golden/*\/expected/crd,
 *   which the e2e tests apply to a real apiserver, so every one of them is valid);
 * - (a) what each library can do: parse, type-check against declared variable types, optional syntax, evaluate;
 * - (b) correctness: for each table row, whether the library reaches the apiserver's verdict (valid / refused) — by
 *   parsing alone, and (cel-js) by type-checking as kubegen does; for evaluation, each rule evaluated on objects
 *   fast-check derives from its schema (the arbitrary of the validation agreement test, fixed seed), `true` / `false`
 *   / error compared between the libraries (cel-js's evaluation is the one the validation agreement test checks
 *   against the apiserver);
 * - (c) speed: parse and type-check per rule (µs), evaluation per object (µs), cold load (a fresh node process:
 *   require + one evaluation, wall ms and RSS over a bare node) and the installed size with dependencies.
 *
 * Plain JavaScript with the 10-line TypeScript require hook of bench/deepcopy. Timed sections run interleaved
 * (cel-js, bufbuild, cel-js, …) for KUBEGEN_BENCH_ROUNDS rounds (default 5); medians are reported. The last line:
 *
 *   RESULT cel verdicts=<table rows where cel-js, as kubegen uses it, reaches the apiserver's verdict>
 *     ratio=<that count / the count @bufbuild/cel reaches> goal=1
 *
 * The metric is the one the choice turns on — the generator must refuse what the apiserver refuses and accept what it
 * accepts; a ratio ≥ 1 means the library in use reaches at least as many of the apiserver's verdicts as its peer.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { spawnSync } = require('node:child_process');
const ts = require('typescript');
const { parse: parseYaml } = require('yaml');
const { median } = require('../stats');

const REPO = path.resolve(__dirname, '../..');
const ROUNDS = Number(process.env.KUBEGEN_BENCH_ROUNDS ?? 5);
const OBJECTS = Number(process.env.KUBEGEN_BENCH_OBJECTS ?? 200);
const SEED = 20240613;

const transpile = (source, fileName) =>
  ts.transpileModule(source, { fileName, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
require.extensions['.ts'] = (module, filename) => module._compile(transpile(fs.readFileSync(filename, 'utf8'), filename), filename);

const CELJS = '@marcbachmann/cel-js';
const BUF = '@bufbuild/cel';

// ---------------------------------------------------------------------------------------------------------------
// (c) cold load: a fresh process per library and round, before this process loads either.

const COLD = {
  [CELJS]: `const { Environment } = require('${CELJS}');
    const env = new Environment({ enableOptionalTypes: true, unlistedVariablesAreDyn: true });
    if (env.evaluate('self.a > 1', { self: { a: 2n } }) !== true) throw new Error('wrong');`,
  [BUF]: `const cel = require('${BUF}');
    const env = cel.celEnv({ variables: { self: cel.CelScalar.DYN } });
    if (cel.plan(env, cel.parse('self.a > 1'))({ self: { a: 2n } }) !== true) throw new Error('wrong');`,
  baseline: '',
};

function coldRun(code) {
  const script = `const t0 = process.hrtime.bigint();
    ${code}
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    process.stdout.write(JSON.stringify({ ms, rss: process.memoryUsage().rss }));`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cold load failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function coldLoad() {
  const runs = { [CELJS]: [], [BUF]: [], baseline: [] };
  for (let i = 0; i < ROUNDS; i++) for (const k of Object.keys(runs)) runs[k].push(coldRun(COLD[k]));
  const base = median(runs.baseline.map((r) => r.rss));
  const out = {};
  for (const k of [CELJS, BUF]) {
    out[k] = { ms: median(runs[k].map((r) => r.ms)), rssMiB: (median(runs[k].map((r) => r.rss)) - base) / 2 ** 20 };
  }
  return out;
}

/** The bytes of a package and of the packages it depends on, as installed. */
function installedKiB(names) {
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
  return names.reduce((n, name) => n + walk(path.join(REPO, 'node_modules', name)), 0) / 1024;
}

// ---------------------------------------------------------------------------------------------------------------
// The corpus: the agreement table and the CRDs' rules.

const { CEL_RULE_CASES, fixtureSchema } = require('../../test/cel/rules.ts');
const { checkCelRules, CelChecker } = require('../../generator/cel/index.ts');
const { schemaDeclType, shapeKey, escapeProperty } = require('../../generator/cel/decltype.ts');
const { schemaArbitrary } = require('../../test/unit/helpers/arbitrary.ts');
const fc = require('fast-check');

/** Every rule of a schema with the node it sits on (and whether that node is a resource root). */
function rulesOf(schema) {
  const out = [];
  const visit = (s, isRoot) => {
    for (const rule of s['x-kubernetes-validations'] ?? []) out.push({ node: s, rule, isRoot: isRoot || s['x-kubernetes-embedded-resource'] === true });
    for (const k of Object.keys(s.properties ?? {})) visit(s.properties[k], false);
    if (s.items) visit(s.items, false);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') visit(s.additionalProperties, false);
  };
  visit(schema, true);
  return out;
}

function crdSchemas(glob) {
  const out = [];
  for (const dir of glob) {
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.yaml')).sort()) {
      const crd = parseYaml(fs.readFileSync(path.join(dir, f), 'utf8'));
      for (const v of crd.spec.versions) if (v.schema) out.push({ file: path.relative(REPO, path.join(dir, f)), version: v.name, schema: v.schema.openAPIV3Schema });
    }
  }
  return out;
}

const sampleCrds = crdSchemas(fs.readdirSync(path.join(REPO, 'generated')).map((g) => path.join(REPO, 'generated', g, 'crds')));
const testCrds = crdSchemas(fs.readdirSync(path.join(REPO, 'test/golden')).map((c) => path.join(REPO, 'test/golden', c, 'expected/crd')));
const crdRules = [...sampleCrds, ...testCrds].flatMap((c) => rulesOf(c.schema).map((r) => ({ ...r, crd: c })));

// ---------------------------------------------------------------------------------------------------------------
// The two libraries, loaded.

const celjs = require(CELJS);
const buf = require(BUF);
const bufExt = require(`${BUF}/ext`);
const wkt = require('@bufbuild/protobuf/wkt');
const { create } = require('@bufbuild/protobuf');
// @bufbuild/cel 0.6 does not export its checker; its internal module is what a switch would start from.
const bufCheck = require(path.join(path.dirname(require.resolve(BUF)), 'check.js')).check;

const bufEnv = buf.celEnv({ funcs: bufExt.strings, variables: { self: buf.CelScalar.DYN, oldSelf: buf.CelScalar.DYN } });
const celEvalEnv = new celjs.Environment({ enableOptionalTypes: true, homogeneousAggregateLiterals: false, unlistedVariablesAreDyn: true });

const firstLine = (e) => String(e instanceof Error ? e.message : (e?.message ?? e)).split('\n')[0];

function tryParse(lib, text) {
  try {
    if (lib === CELJS) celEvalEnv.parse(text);
    else buf.parse(text);
    return { ok: true };
  } catch (e) {
    return { ok: false, error: firstLine(e) };
  }
}

/** cel-js's type check of one expression on a node, in kubegen's environment for the node (self, oldSelf typed). */
const checker = new CelChecker();
function celjsEnvFor(node, isRoot) {
  const decl = schemaDeclType(node, isRoot);
  return decl ? checker.environment(shapeKey(decl), decl) : undefined;
}

/** @bufbuild/cel's (internal) checker on one expression, with self and oldSelf as dyn. */
function bufTypeCheck(text) {
  try {
    bufCheck(bufEnv, buf.parse(text));
    return { ok: true };
  } catch (e) {
    return { ok: false, error: firstLine(e) };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// (a) + (b): capabilities and verdicts.

function verdicts() {
  const rows = [];
  for (const row of CEL_RULE_CASES) {
    const texts = [row.rule.rule, ...(row.rule.messageExpression !== undefined ? [row.rule.messageExpression] : [])];
    const parses = (lib) => texts.every((t) => tryParse(lib, t).ok);
    const problems = checkCelRules(fixtureSchema(row));
    const kubegen = problems.some((p) => p.severity === 'warning') ? 'deferred' : problems.length === 0;
    const [{ node, isRoot }] = rulesOf(fixtureSchema(row));
    const bufChecked = texts.every((t) => bufTypeCheck(t).ok);
    rows.push({
      row,
      parseOnlyCelJs: parses(CELJS),
      parseOnlyBuf: parses(BUF),
      bufChecked,
      kubegen,
      parseError: row.kubegen !== undefined && /does not parse/.test(row.kubegen),
      isRoot,
      node,
    });
  }
  return rows;
}

function capabilityLines(rows) {
  const all = [...CEL_RULE_CASES.map((c) => c.rule.rule), ...crdRules.map((r) => r.rule.rule)];
  const count = (f) => all.filter(f).length;
  const probe = (lib, text) => (tryParse(lib, text).ok ? 'yes' : 'no');
  const evaluates = (lib, text) => (run(lib, compile(text)[lib], { rule: text }, null) === 'true' ? 'yes' : 'no');
  const bufChecks = count((t) => bufTypeCheck(t).ok);
  const celChecks = rows.filter((r) => r.kubegen !== 'deferred').length;
  return [
    ['', CELJS, BUF],
    ['rules parsed (table + CRDs)', `${count((t) => tryParse(CELJS, t).ok)}/${all.length}`, `${count((t) => tryParse(BUF, t).ok)}/${all.length}`],
    ['type check with declared variables', `yes: Environment.check(); ${celChecks}/${rows.length} table rows checked`, `no public API; the internal checker types literals and identifiers only (${bufChecks}/${all.length} rules)`],
    ['optional syntax (self.?a, m[?k])', probe(CELJS, 'self.?a.orValue(1) > 0'), probe(BUF, 'self.?a.orValue(1) > 0')],
    ['two-variable comprehensions', evaluates(CELJS, '[1, 2].all(i, v, v > 0)'), evaluates(BUF, '[1, 2].all(i, v, v > 0)')],
    ['custom types and functions', 'registerType / registerFunction / registerOperator', 'celFunc / celMethod; object types are protobuf messages'],
    ['regular expressions', 'JavaScript RegExp (RE2 only via a hook)', 'RE2 (@bufbuild/re2)'],
    ['Kubernetes CEL libraries', 'none (strings, lists ext partly built in)', 'none (ext: strings)'],
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation: objects from the schemas, the value of each rule's node converted for each library.

const DURATION_UNITS = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };
function durationNanos(s) {
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+|0)$/.exec(s);
  if (!m) return undefined;
  let total = 0;
  for (const part of m[2].matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(part[1]) * DURATION_UNITS[part[2]];
  return BigInt(Math.round(total)) * (m[1] === '-' ? -1n : 1n);
}

const ADAPT = {
  [CELJS]: {
    timestamp: (d) => d,
    duration: (n) => celEvalEnv.evaluate(`duration("${String(n)}ns")`),
    object: (entries) => Object.fromEntries(entries),
  },
  [BUF]: {
    timestamp: (d) => wkt.timestampFromDate(d),
    duration: (n) => create(wkt.DurationSchema, { seconds: n / 1_000_000_000n, nanos: Number(n % 1_000_000_000n) }),
    object: (entries) => Object.fromEntries(entries),
  },
};

/** A JSON value as the apiserver hands it to CEL (UnstructuredToVal), in the library's value types. */
function toCel(lib, v, s) {
  const a = ADAPT[lib];
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return s?.type === 'number' ? v : Number.isInteger(v) ? BigInt(v) : v;
  if (typeof v === 'string' && s?.type === 'string') {
    if (s.format === 'date-time' || s.format === 'date') {
      const d = new Date(s.format === 'date' ? `${v}T00:00:00Z` : v);
      return Number.isNaN(d.getTime()) ? v : a.timestamp(d);
    }
    if (s.format === 'duration') {
      const n = durationNanos(v);
      return n === undefined ? v : a.duration(n);
    }
    if (s.format === 'byte') return new Uint8Array(Buffer.from(v, 'base64'));
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => toCel(lib, x, s?.items));
  if (typeof v === 'object') {
    const entries = [];
    const values = s && typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    for (const k of Object.keys(v)) {
      const prop = s?.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (prop) {
        const name = escapeProperty(k);
        if (name !== undefined) entries.push([name, toCel(lib, v[k], prop)]);
      } else if (values) entries.push([k, toCel(lib, v[k], values)]);
      else if (!s?.properties || s['x-kubernetes-preserve-unknown-fields'] || s['x-kubernetes-embedded-resource']) entries.push([k, toCel(lib, v[k], undefined)]);
    }
    return a.object(entries);
  }
  return v;
}

/** The values at the nodes of `schema` that carry rules, for one object. */
function valuesAt(schema, obj) {
  const out = [];
  const visit = (s, v) => {
    if (v === null || v === undefined) return;
    if ((s['x-kubernetes-validations'] ?? []).length > 0) out.push({ node: s, value: v });
    if (Array.isArray(v)) {
      if (s.items) for (const x of v) visit(s.items, x);
      return;
    }
    if (typeof v !== 'object') return;
    const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    for (const k of Object.keys(v)) {
      const prop = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : values;
      if (prop) visit(prop, v[k]);
    }
  };
  visit(schema, obj);
  return out;
}

/** Compiled programs of one rule per library, or why it does not compile. */
function compile(text) {
  const out = {};
  try {
    out[CELJS] = celEvalEnv.parse(text);
  } catch (e) {
    out[CELJS] = firstLine(e);
  }
  try {
    out[BUF] = buf.plan(bufEnv, buf.parse(text));
  } catch (e) {
    out[BUF] = firstLine(e);
  }
  return out;
}

/**
 * One evaluation: `true`, `false`, an evaluation error as the apiserver would also report one (`error: no such key`,
 * `error: other`), or `unsupported: …` (the rule does not parse, calls a function or uses a type the library lacks).
 */
function run(lib, program, rule, self) {
  if (typeof program === 'string') return `unsupported: ${program}`;
  const vars = { self };
  if (/\boldSelf\b/.test(rule.rule)) {
    if (rule.optionalOldSelf === true) {
      if (lib === BUF) return 'unsupported: no optional types';
      vars.oldSelf = celjs.Optional.of(self);
    } else vars.oldSelf = self;
  }
  let r;
  try {
    r = program(vars);
    if (lib === BUF && buf.isCelError(r)) r = new Error(r.message);
  } catch (e) {
    r = e;
  }
  if (typeof r === 'boolean') return String(r);
  if (!(r instanceof Error)) return `unsupported: not a bool (${typeof r})`;
  const text = firstLine(r);
  if (/unbound function|Unknown function|no matching overload|optional/i.test(text)) return `unsupported: ${text}`;
  return /no such key|field not found/i.test(text) ? 'error: no such key' : `error: other (${text.slice(0, 60)})`;
}

/** The evaluation workload: per schema, objects with the (node, value) pairs carrying rules and their compiled rules. */
function workload(tableRows) {
  const schemas = [];
  // The table: every row the apiserver accepts, on objects of the fixture schema.
  const fixture = fixtureSchema({ at: 'spec', rule: { rule: 'true' } });
  const fixtureObjects = fc.sample(schemaArbitrary(fixture, { maxLength: 3 }), { numRuns: OBJECTS, seed: SEED });
  for (const r of tableRows.filter((x) => x.row.valid && x.row.warning === undefined)) {
    const schema = fixtureSchema(r.row);
    schemas.push({ name: `table: ${r.row.name}`, schema, objects: fixtureObjects });
  }
  for (const c of testCrds.filter((x) => rulesOf(x.schema).length > 0)) {
    schemas.push({ name: `${c.file} ${c.version}`, schema: c.schema, objects: fc.sample(schemaArbitrary(c.schema, { maxLength: 3 }), { numRuns: OBJECTS, seed: SEED }) });
  }
  const programs = new Map();
  const compiled = (rule) => {
    let p = programs.get(rule.rule);
    if (!p) programs.set(rule.rule, (p = compile(rule.rule)));
    return p;
  };
  return schemas.map((w) => ({
    ...w,
    sites: w.objects.map((o) => valuesAt(w.schema, o).flatMap(({ node, value }) => node['x-kubernetes-validations'].map((rule) => ({ node, value, rule, programs: compiled(rule) })))),
  }));
}

function evaluate(work) {
  const tally = { both: 0, agree: 0, onlyCelJs: 0, onlyBuf: 0, neither: 0, disagree: [] };
  const unsupported = { [CELJS]: new Map(), [BUF]: new Map() };
  for (const w of work) {
    for (const sites of w.sites) {
      for (const site of sites) {
        const a = run(CELJS, site.programs[CELJS], site.rule, toCel(CELJS, site.value, site.node));
        const b = run(BUF, site.programs[BUF], site.rule, toCel(BUF, site.value, site.node));
        const aok = !a.startsWith('unsupported');
        const bok = !b.startsWith('unsupported');
        if (!aok) unsupported[CELJS].set(site.rule.rule, a);
        if (!bok) unsupported[BUF].set(site.rule.rule, b);
        if (aok && bok) {
          tally.both++;
          if (a === b || (a.startsWith('error: other') && b.startsWith('error: other'))) tally.agree++;
          else tally.disagree.push({ rule: site.rule.rule, value: site.value, a, b });
        } else if (aok) tally.onlyCelJs++;
        else if (bok) tally.onlyBuf++;
        else tally.neither++;
      }
    }
  }
  return { tally, unsupported };
}

// ---------------------------------------------------------------------------------------------------------------
// (c) speed, interleaved.

function timeIt(f) {
  const t0 = process.hrtime.bigint();
  const n = f();
  return { us: Number(process.hrtime.bigint() - t0) / 1e3, n };
}

function speed(tableRows, work) {
  const checkable = [...tableRows.filter((r) => r.parseOnlyCelJs && r.parseOnlyBuf).map((r) => ({ text: r.row.rule.rule, node: r.node, isRoot: r.isRoot })), ...crdRules.map((r) => ({ text: r.rule.rule, node: r.node, isRoot: r.isRoot }))];
  for (const c of checkable) c.env = celjsEnvFor(c.node, c.isRoot)?.env;
  const series = { parseCelJs: [], parseBuf: [], checkCelJs: [], planBuf: [], evalCelJs: [], evalBuf: [] };
  const REPEAT = 20;
  const evalObjects = (lib) => {
    let objects = 0;
    for (const w of work) {
      for (const sites of w.sites) {
        objects++;
        for (const s of sites) run(lib, s.programs[lib], s.rule, toCel(lib, s.value, s.node));
      }
    }
    return objects;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const p1 = timeIt(() => {
      for (let i = 0; i < REPEAT; i++) for (const c of checkable) celEvalEnv.parse(c.text);
      return REPEAT * checkable.length;
    });
    series.parseCelJs.push(p1.us / p1.n);
    const p2 = timeIt(() => {
      for (let i = 0; i < REPEAT; i++) for (const c of checkable) buf.parse(c.text);
      return REPEAT * checkable.length;
    });
    series.parseBuf.push(p2.us / p2.n);
    const c1 = timeIt(() => {
      let n = 0;
      for (let i = 0; i < REPEAT; i++) for (const c of checkable) if (c.env) { c.env.parse(c.text).check(); n++; }
      return n;
    });
    series.checkCelJs.push(c1.us / c1.n);
    const c2 = timeIt(() => {
      for (let i = 0; i < REPEAT; i++) for (const c of checkable) buf.plan(bufEnv, buf.parse(c.text));
      return REPEAT * checkable.length;
    });
    series.planBuf.push(c2.us / c2.n);
    const e1 = timeIt(() => evalObjects(CELJS));
    series.evalCelJs.push(e1.us / e1.n);
    const e2 = timeIt(() => evalObjects(BUF));
    series.evalBuf.push(e2.us / e2.n);
  }
  const sites = work.reduce((n, w) => n + w.sites.reduce((m, s) => m + s.length, 0), 0);
  const objects = work.reduce((n, w) => n + w.sites.length, 0);
  return { rules: checkable.length, sites, objects, ...Object.fromEntries(Object.entries(series).map(([k, v]) => [k, median(v)])) };
}

// ---------------------------------------------------------------------------------------------------------------

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

function main() {
  const cold = coldLoad();
  const rows = verdicts();
  const total = rows.length;
  const valid = rows.filter((r) => r.row.valid).length;

  console.log(`corpus: the CEL agreement table (test/cel/rules.ts): ${total} rules, ${valid} the apiserver accepts, ${total - valid} it refuses;`);
  console.log(`        sample APIs' CRDs (generated/*/crds): ${rulesOf({ properties: Object.fromEntries(sampleCrds.map((c, i) => [i, c.schema])) }).length} rules; test schemas' CRDs (test/golden/*/expected/crd): ${crdRules.length} rules (all accepted by the apiserver)`);
  console.log('\n(a) capabilities');
  console.log(table(capabilityLines(rows)));

  // (b) verdicts on the table.
  const parseReach = (key) => rows.filter((r) => r[key] === r.row.valid).length;
  const parseRowsOk = (key) => rows.filter((r) => (r.row.valid || r.parseError) && r[key] === !r.parseError).length;
  const parseRows = rows.filter((r) => r.row.valid || r.parseError).length;
  const kubegenReach = rows.filter((r) => r.kubegen === r.row.valid).length;
  const deferred = rows.filter((r) => r.kubegen === 'deferred').length;
  const bufReach = parseReach('parseOnlyBuf');
  console.log('\n(b) the apiserver\'s verdict reached, on the agreement table');
  console.log(
    table([
      ['', CELJS, BUF],
      [`parse right (${parseRows} rows: accepted, or refused as unparsable)`, `${parseRowsOk('parseOnlyCelJs')}/${parseRows}`, `${parseRowsOk('parseOnlyBuf')}/${parseRows}`],
      ['verdict by parsing alone', `${parseReach('parseOnlyCelJs')}/${total}`, `${bufReach}/${total}`],
      ['verdict with type checking (+ kubegen cost, fields)', `${kubegenReach}/${total} (${deferred} left to the apiserver)`, 'n/a: no checker'],
    ]),
  );
  const misparsed = (key) => rows.filter((r) => (r.row.valid || r.parseError) && r[key] === r.parseError).map((r) => r.row.name);
  console.log(`  ${CELJS} parses wrongly: ${misparsed('parseOnlyCelJs').join('; ') || 'none'}`);
  console.log(`  ${BUF} parses wrongly: ${misparsed('parseOnlyBuf').join('; ') || 'none'}`);

  // Evaluation.
  const work = workload(rows);
  const { tally, unsupported } = evaluate(work);
  const evals = tally.both + tally.onlyCelJs + tally.onlyBuf + tally.neither;
  console.log(`\n(b) evaluation: ${evals} rule evaluations on ${work.reduce((n, w) => n + w.objects.length, 0)} fast-check objects (seed ${SEED}) of ${work.length} schemas`);
  console.log(`  both evaluate: ${tally.both} (same result: ${tally.agree}); only ${CELJS}: ${tally.onlyCelJs}; only ${BUF}: ${tally.onlyBuf}; neither: ${tally.neither}`);
  const differing = new Map();
  for (const d of tally.disagree) differing.set(d.rule, [...(differing.get(d.rule) ?? []), d]);
  for (const [rule, ds] of differing) console.log(`  differ on ${ds.length} values: ${rule}: e.g. ${CELJS} ${ds[0].a}, ${BUF} ${ds[0].b} on ${JSON.stringify(ds[0].value).slice(0, 60)}`);
  for (const lib of [CELJS, BUF]) {
    const list = [...unsupported[lib]].slice(0, 4).map(([rule, why]) => `${rule} (${why.slice(13, 80)})`);
    console.log(`  ${lib} cannot evaluate ${unsupported[lib].size} rules${list.length ? `, e.g. ${list.join('; ')}` : ''}`);
  }

  const s = speed(rows, work);
  console.log(`\n(c) speed (median of ${ROUNDS} interleaved rounds; ${s.rules} rules both parse, ${s.objects} objects, ${s.sites} rule evaluations)`);
  console.log(
    table([
      ['', CELJS, BUF, 'ratio cel-js/bufbuild'],
      ['parse per rule (µs)', s.parseCelJs.toFixed(1), s.parseBuf.toFixed(1), (s.parseCelJs / s.parseBuf).toFixed(2)],
      ['parse + check per rule (µs)', s.checkCelJs.toFixed(1), 'n/a', ''],
      ['parse + plan per rule (µs)', '', s.planBuf.toFixed(1), ''],
      ['evaluation per object (µs, all its rules)', s.evalCelJs.toFixed(1), s.evalBuf.toFixed(1), (s.evalCelJs / s.evalBuf).toFixed(2)],
      ['cold load + first evaluation (ms)', cold[CELJS].ms.toFixed(1), cold[BUF].ms.toFixed(1), (cold[CELJS].ms / cold[BUF].ms).toFixed(2)],
      ['RSS over a bare node (MiB)', cold[CELJS].rssMiB.toFixed(1), cold[BUF].rssMiB.toFixed(1), (cold[CELJS].rssMiB / cold[BUF].rssMiB).toFixed(2)],
      ['installed, with dependencies (KiB)', installedKiB([CELJS]).toFixed(0), installedKiB([BUF, '@bufbuild/cel-spec', '@bufbuild/re2', '@bufbuild/protobuf']).toFixed(0), ''],
    ]),
  );
  console.log(`RESULT cel verdicts=${kubegenReach} ratio=${(kubegenReach / bufReach).toFixed(2)} goal=1`);
}

main();
