#!/usr/bin/env node
/**
 * Benchmark: generated deepCopy vs structuredClone vs JSON.parse(JSON.stringify()) on realistic objects, and
 * conversion throughput (spoke → hub → spoke), in one run.
 *
 *   npm run bench -- deepcopy        (or: node bench/deepcopy/index.js)
 *
 * Plain JavaScript on purpose (no ts-node in the repository): a 10-line require hook transpiles the TypeScript
 * sources of the generator and runtime on the fly, the CronTab of the golden case test/golden/conversion is loaded from its apis/ and
 * generated in memory with the deepcopy and conversion emitters, and the generated modules are run from memory.
 * The last line is machine-readable:
 *
 *   RESULT deepcopy speedup=<structuredClone time / generated time> ratio=<JSON round trip time / generated time> goal=3
 *
 * Measurements are interleaved (generated, structuredClone, JSON, generated, …) for KUBEGEN_BENCH_ROUNDS rounds
 * (default 5) of KUBEGEN_BENCH_MS each (default 300), and the median of each is reported, so that load from other
 * processes affects all three alike.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const ts = require('typescript');
const { median } = require('../stats');

const REPO = path.resolve(__dirname, '../..');
const transpile = (source, fileName) =>
  ts.transpileModule(source, { fileName, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
require.extensions['.ts'] = (module, filename) => module._compile(transpile(fs.readFileSync(filename, 'utf8'), filename), filename);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const entry = /^@kubegen\/runtime(?:\/(client|cache|workqueue|webhook|testing|internal))?$/.exec(request);
  if (entry) return path.join(REPO, 'runtime/src', entry[1] ?? '', 'index.ts');
  return resolveFilename.call(this, request, ...rest);
};

const runtime = require('../../runtime/src/index.ts');
const { deepcopyGenerator } = require('../../generator/emit/deepcopy.ts');
const { conversionGenerator } = require('../../generator/emit/conversion.ts');
const { configure, runGenerators } = require('../../generator/emit/shared/execute.ts');
const { loadApiModel } = require('../../generator/pipeline.ts');

/** Runs generated files from memory; relative imports resolve among them. */
function loadGenerated(files, externals) {
  const sources = new Map(files.map((f) => [path.posix.join(f.group, f.path.replace(/\.ts$/, '')), f.contents]));
  const cache = new Map();
  const load = (key) => {
    if (cache.has(key)) return cache.get(key).exports;
    const mod = { exports: {} };
    cache.set(key, mod);
    const req = (spec) => (spec in externals ? externals[spec] : load(path.posix.normalize(path.posix.join(path.posix.dirname(key), spec))));
    new Function('exports', 'require', 'module', transpile(sources.get(key), key + '.ts'))(mod.exports, req, mod);
    return mod.exports;
  };
  return load;
}

const GROUP = 'stable.example.com';
const CASE = path.join(REPO, 'test/golden/conversion');
const apis = path.join(CASE, 'apis', GROUP);
const { model } = loadApiModel(path.join(CASE, 'apis'), CASE);
const { files } = runGenerators(model, [configure(deepcopyGenerator, {}), configure(conversionGenerator, { manualModule: (pkg) => `@manual/${pkg.version}` })]);
const load = loadGenerated(files, {
  '@kubegen/runtime': runtime,
  '@kubegen/runtime/internal': require('../../runtime/src/internal/index.ts'),
  '@kubegen/runtime/webhook': require('../../runtime/src/webhook/index.ts'),
  '@manual/v1beta1': require(path.join(apis, 'v1beta1/conversion.ts')),
  '@manual/v1alpha1': require(path.join(apis, 'v1alpha1/conversion.ts')),
});
const v1 = load(`${GROUP}/v1/deepcopy`);
const group = load(`${GROUP}/conversion`);

/** A realistic CronTab: metadata with labels, annotations, owner references and managed fields; a spec with
 * containers, resources and env maps; a status with conditions. `i` varies the values. */
function cronTab(i, version = 'v1') {
  const containers = Array.from({ length: 4 }, (_, c) => ({
    name: `c${c}`,
    image: `registry.example.com/app/worker:${i}.${c}`,
    ...(version === 'v1' ? { resources: { cpu: '250m', memory: `${128 * (c + 1)}Mi`, 'ephemeral-storage': '1Gi' } } : { betaNote: `note ${c}` }),
  }));
  const env = Object.fromEntries(Array.from({ length: 8 }, (_, e) => [`VAR_${e}`, { name: `VAR_${e}`, value: `value-${i}-${e}` }]));
  const spec =
    version === 'v1'
      ? { schedule: '*/5 * * * *', image: `app:${i}`, replicas: 3, timeout: 30, policy: 'Forbid', template: { labels: { app: 'cron', tier: 'batch' }, containers }, selector: { matchLabels: { app: 'cron' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['batch', 'jobs'] }] }, env, v1Only: { a: 'x', b: [1, 2, 3] } }
      : { cronSpec: '*/5 * * * *', image: `app:${i}`, replicas: 3, timeout: '30s', policy: 'Forbid', template: { labels: { app: 'cron', tier: 'batch' }, containers }, selector: { matchLabels: { app: 'cron' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['batch', 'jobs'] }] }, env, betaOnly: 'beta' };
  return {
    apiVersion: `${GROUP}/${version}`,
    kind: 'CronTab',
    metadata: {
      name: `crontab-${i}`,
      namespace: 'default',
      uid: `6f1c0c1e-2a4b-4c7d-9e8f-${String(i).padStart(12, '0')}`,
      resourceVersion: String(1000 + i),
      generation: 4,
      creationTimestamp: '2026-01-02T03:04:05Z',
      labels: { app: 'cron', team: 'platform', 'app.kubernetes.io/managed-by': 'kubegen' },
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"apiVersion":"stable.example.com/v1"}', note: `object ${i}` },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: 'owner', uid: 'u-1', controller: true, blockOwnerDeletion: true }],
      finalizers: ['stable.example.com/cleanup'],
      managedFields: [{ manager: 'kubectl', operation: 'Apply', apiVersion: `${GROUP}/v1`, time: '2026-01-02T03:04:05Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:image': {}, 'f:replicas': {} } } }],
    },
    spec,
    ...(version === 'v1' || version === 'v1beta1'
      ? {
          status: {
            conditions: ['Ready', 'Scheduled', 'Progressing', 'Available', 'Degraded'].map((type, c) => ({ type, status: c % 2 ? 'False' : 'True', observedGeneration: 4, lastTransitionTime: '2026-01-02T03:04:05Z', reason: `Reason${c}`, message: `condition ${type} of object ${i}` })),
            lastScheduleTime: '2026-01-02T03:05:00Z',
          },
        }
      : {}),
  };
}

const BUDGET_MS = Number(process.env.KUBEGEN_BENCH_MS || 300);
const ROUNDS = Number(process.env.KUBEGEN_BENCH_ROUNDS || 5);

/** ns per call of fn over the objects, measured for about BUDGET_MS after a warm-up. */
function measure(fn, objects) {
  let sink = 0;
  for (let w = 0; w < 3; w++) for (const o of objects) sink ^= fn(o) ? 1 : 0;
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  const budget = BigInt(BUDGET_MS) * 1_000_000n;
  while (elapsed < budget) {
    for (const o of objects) sink ^= fn(o) ? 1 : 0;
    calls += objects.length;
    elapsed = process.hrtime.bigint() - start;
  }
  if (sink === 2) console.log(sink);
  return Number(elapsed) / calls;
}

const objects = Array.from({ length: 200 }, (_, i) => cronTab(i));
const check = v1.deepCopyCronTab(objects[0]);
if (JSON.stringify(check) !== JSON.stringify(objects[0])) throw new Error('generated deepCopy is not a faithful copy');

/** Interleaved rounds of every function; the median ns/op of each. */
function compare(fns, objs) {
  const samples = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r++) fns.forEach((fn, i) => samples[i].push(measure(fn, objs)));
  return samples.map(median);
}

const [generated, sc, js] = compare([(o) => v1.deepCopyCronTab(o), (o) => structuredClone(o), (o) => JSON.parse(JSON.stringify(o))], objects);
const fmt = (ns) => `${(ns / 1000).toFixed(2)} µs/op (${Math.round(1e9 / ns).toLocaleString('en-US')} op/s)`;
const bytes = JSON.stringify(objects[0]).length;
console.log(`deepcopy of a CronTab (${bytes} bytes of JSON: 4 containers, 8 env vars, 5 conditions, full metadata)`);
console.log(`  generated deepCopyCronTab        ${fmt(generated)}`);
console.log(`  structuredClone                  ${fmt(sc)}`);
console.log(`  JSON.parse(JSON.stringify(...))  ${fmt(js)}`);

const spokes = Array.from({ length: 200 }, (_, i) => cronTab(i, 'v1beta1'));
const back = group.convert(group.convert(spokes[0], `${GROUP}/v1`), `${GROUP}/v1beta1`);
if (JSON.stringify(back) !== JSON.stringify(spokes[0]) && JSON.stringify(sortKeys(back)) !== JSON.stringify(sortKeys(spokes[0]))) throw new Error('conversion round trip is not exact');
const [roundTrip] = compare([(o) => group.convert(group.convert(o, `${GROUP}/v1`), `${GROUP}/v1beta1`)], spokes);
console.log(`conversion v1beta1 → v1 (hub) → v1beta1 (with spoke-only fields kept in annotations)`);
console.log(`  ${Math.round(1e9 / roundTrip).toLocaleString('en-US')} objects/s (${(roundTrip / 1000).toFixed(2)} µs per round trip)`);

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  return v;
}

console.log(`RESULT deepcopy speedup=${(sc / generated).toFixed(2)} ratio=${(js / generated).toFixed(2)} goal=3`);
