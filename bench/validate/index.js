#!/usr/bin/env node
/**
 * `npm run bench -- validate`: kubegen's generated validator (`validateCronTab` of the sample package
 * @kubegen-generated/stable.example.com, compiled from the CRD schema by the validation emitter) against its peer,
 * ajv 8 compiling the same schema (with ajv-formats and `allErrors`, as the apiserver reports every error;
 * `x-kubernetes-*` keywords ignored, so ajv checks less: no int-or-string, list-type uniqueness, pruning, defaults or
 * CEL, no decoder depth limit), on the same objects, valid and invalid, in the same run: time to first verdict (load
 * or compile + one object) and throughput. The runtime's schema walker (`createValidator`, what `validate<Kind>` was
 * before it was compiled) is measured too, for reference. The ratio is kubegen's throughput over ajv's (higher is
 * better); the goal is 1.0, a compiled validator's throughput while producing the apiserver's errors.
 *
 * The objects are what an admission webhook or an apiserver validates: each parsed from its JSON text
 * (`JSON.parse`), so that V8 gives them the shapes a decoded request body has. The same objects built in code, some
 * with a property `delete`d (which puts them in V8's dictionary mode), are measured too, for reference. The RESULT
 * line's ratio is the weaker of the valid objects' and the invalid objects' ratios: the goal holds for both.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('yaml');
const { median } = require('../stats');

const REPO = path.resolve(__dirname, '..', '..');
const N = Number(process.env.KUBEGEN_BENCH_OBJECTS ?? 20000);
const ROUNDS = Number(process.env.KUBEGEN_BENCH_ROUNDS ?? 31);
const WARMUP = 3;

function schemaOf(file) {
  const crd = parse(fs.readFileSync(path.join(REPO, file), 'utf8'));
  return crd.spec.versions[0].schema.openAPIV3Schema;
}

/** Objects built in code: one in seven has `spec.image` deleted (V8's dictionary mode for that `spec`). */
function built(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const spec = { schedule: i % 3 === 0 ? 'bad' : '*/5 * * * *', image: `nginx:${i}`, replicas: i % 5 };
    if (i % 7 === 0) delete spec.image;
    out.push({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: `c${i}` }, spec });
  }
  return out;
}

/** The same objects as a request body decodes them: each parsed from its JSON text. */
function parsed(objs) {
  return objs.map((o) => JSON.parse(JSON.stringify(o)));
}

/** The process's CPU time (user and system, every thread: the garbage collector's too) that `f` takes, in ms. */
function cpuTime(f) {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000 };
}

function time(f) {
  const t0 = process.hrtime.bigint();
  const r = f();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

function main() {
  const schema = schemaOf('generated/stable.example.com/crds/stable.example.com_crontabs.yaml');
  const objs = parsed(built(N));

  const ours = time(() => {
    const { validateCronTab } = require(path.join(REPO, 'generated/stable.example.com/dist/v1/validation'));
    validateCronTab(objs[0]);
    return validateCronTab;
  });
  const walker = time(() => {
    const { createValidator } = require(path.join(REPO, 'runtime/dist/validation'));
    const v = createValidator(schema, { statusSubresource: true });
    v(objs[0]);
    return v;
  });
  const Ajv = require('ajv').default;
  const addFormats = require('ajv-formats').default;
  const peer = time(() => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const v = ajv.compile(schema);
    v(objs[0]);
    return v;
  });

  // Throughput once both are warm (each run untimed over every object first, so that the optimising compiler has
  // compiled both), then rounds interleaved — one round of each in turn, the order rotated each round (the first run
  // after a switch pays for cold caches) — so that a busy machine slows each alike. The rate of each is the median
  // of its rounds; the ratio is the median of the rounds' ratios (kubegen's round over ajv's round next to it, which
  // met the same load), with the quartiles of those ratios as its spread: on a loaded machine the ratio of two
  // medians mixes rounds that met different loads. Every validator is first run over the whole mix, so that each has
  // met valid and invalid objects before any is timed (as a webhook's validator has); then valid and invalid objects
  // are measured apart, and the mix. Rounds are timed in the process's CPU time, not wall time: on a machine shared
  // with other work, the time a round spends descheduled is not the validator's.
  const fns = { kubegen: (o) => ours.r(o).valid, ajv: (o) => peer.r(o), walker: (o) => walker.r(o).valid };
  const quantile = (xs, q) => {
    const s = [...xs].sort((x, y) => x - y);
    return s[Math.round(q * (s.length - 1))];
  };
  const measure = (set, rounds, only) => {
    const names = Object.keys(fns).filter((n) => only === undefined || only.includes(n));
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    const invalid = Object.fromEntries(names.map((n) => [n, 0]));
    for (const n of names) for (let w = 0; w < WARMUP; w++) for (const o of set) fns[n](o);
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const n = names[(round + i) % names.length];
        const f = fns[n];
        let bad = 0;
        const t = cpuTime(() => {
          for (const o of set) if (!f(o)) bad++;
        });
        invalid[n] = bad;
        samples[n].push(t.ms);
      }
    }
    const out = Object.fromEntries(names.map((n) => [n, { rate: set.length / (median(samples[n]) / 1000), invalid: invalid[n] }]));
    const ratios = samples.kubegen.map((ms, i) => samples.ajv[i] / ms);
    out.ratio = { median: median(ratios), q1: quantile(ratios, 0.25), q3: quantile(ratios, 0.75) };
    return out;
  };
  const spread = (r) => `${r.median.toFixed(2)} (quartiles of the rounds' ratios ${r.q1.toFixed(2)}–${r.q3.toFixed(2)})`;
  console.log(`first verdict (load or compile + one object): kubegen ${ours.ms.toFixed(1)} ms, walker ${walker.ms.toFixed(1)} ms, ajv ${peer.ms.toFixed(1)} ms`);
  for (const n of Object.keys(fns)) for (let w = 0; w < WARMUP; w++) for (const o of objs) fns[n](o);
  // Valid and invalid objects apart (the verdicts of both validators agree on each), then the mix.
  const report = (label, set) => {
    const valid = set.filter((o) => peer.r(o) && ours.r(o).valid);
    const invalid = set.filter((o) => !peer.r(o) && !ours.r(o).valid);
    const out = {};
    for (const [name, part] of [['valid', valid], ['invalid', invalid]]) {
      const r = measure(part, ROUNDS, ['kubegen', 'ajv']);
      console.log(`${label}, ${name} objects only (${part.length}): kubegen ${r.kubegen.rate.toFixed(0)}/s, ajv ${r.ajv.rate.toFixed(0)}/s (per CPU second), ratio ${spread(r.ratio)}`);
      out[name] = r;
    }
    return out;
  };
  const json = report('parsed from JSON', objs);
  const mixed = measure(objs, ROUNDS);
  for (const [n, label] of [['kubegen', 'kubegen validate'], ['ajv', 'ajv compiled    '], ['walker', 'walker (oracle) ']]) {
    console.log(`parsed from JSON, mix: ${label}: ${mixed[n].rate.toFixed(0)} objects per CPU second (median of ${ROUNDS} interleaved rounds over ${N} objects, ${mixed[n].invalid} invalid)`);
  }
  console.log(`parsed from JSON, mix (${objs.length}): ratio ${spread(mixed.ratio)}; walker ${(mixed.walker.rate / mixed.ajv.rate).toFixed(3)}x ajv`);
  // For reference: the objects as built in code (those with a deleted property in dictionary mode).
  const code = built(N);
  report('built in code (reference)', code);
  const codeMixed = measure(code, ROUNDS, ['kubegen', 'ajv']);
  console.log(`built in code (reference), mix (${code.length}): ratio ${spread(codeMixed.ratio)}`);
  const weaker = json.valid.ratio.median <= json.invalid.ratio.median ? json.valid : json.invalid;
  console.log(`ratios (parsed from JSON): valid ${json.valid.ratio.median.toFixed(2)}, invalid ${json.invalid.ratio.median.toFixed(2)}, mix ${mixed.ratio.median.toFixed(2)}; RESULT is the weaker of valid and invalid`);
  console.log(`RESULT validate objects_per_s=${mixed.kubegen.rate.toFixed(0)} ratio=${weaker.ratio.median.toFixed(2)} goal=1.0`);
}

main();
