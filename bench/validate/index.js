#!/usr/bin/env node
/**
 * `npm run bench -- validate`: kubegen's generated validator (`validateCronTab` of the sample package
 * @kubegen-generated/stable.example.com, compiled from the CRD schema by the validation emitter) against its peer,
 * ajv 8 compiling the same schema (with ajv-formats; `x-kubernetes-*` keywords ignored, so ajv checks less: no
 * int-or-string, list-type uniqueness, pruning, defaults or CEL), on the same objects, valid and invalid, in the same
 * run: time to first verdict (load or compile + one object) and throughput. The runtime's schema walker
 * (`createValidator`, what `validate<Kind>` was before it was compiled) is measured too, for reference. The ratio is
 * kubegen's throughput over ajv's (higher is better); the goal is 1.0, a compiled validator's throughput while
 * producing the apiserver's errors.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('yaml');

const REPO = path.resolve(__dirname, '..', '..');
const N = Number(process.env.KUBEGEN_BENCH_OBJECTS ?? 20000);

function schemaOf(file) {
  const crd = parse(fs.readFileSync(path.join(REPO, file), 'utf8'));
  return crd.spec.versions[0].schema.openAPIV3Schema;
}

function objects(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const spec = { schedule: i % 3 === 0 ? 'bad' : '*/5 * * * *', image: `nginx:${i}`, replicas: i % 5 };
    if (i % 7 === 0) delete spec.image;
    out.push({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: `c${i}` }, spec });
  }
  return out;
}

function time(f) {
  const t0 = process.hrtime.bigint();
  const r = f();
  return { ms: Number(process.hrtime.bigint() - t0) / 1e6, r };
}

function main() {
  const schema = schemaOf('generated/stable.example.com/crds/stable.example.com_crontabs.yaml');
  const objs = objects(N);

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

  const run = (label, f) => {
    const samples = [];
    let invalid = 0;
    for (let round = 0; round < 5; round++) {
      invalid = 0;
      const t = time(() => {
        for (const o of objs) if (!f(o)) invalid++;
      });
      samples.push(t.ms);
    }
    samples.sort((a, b) => a - b);
    const ms = samples[2];
    console.log(`${label}: ${(N / (ms / 1000)).toFixed(0)} objects/s (median of 5 rounds over ${N} objects, ${invalid} invalid)`);
    return N / (ms / 1000);
  };
  console.log(`first verdict (load or compile + one object): kubegen ${ours.ms.toFixed(1)} ms, walker ${walker.ms.toFixed(1)} ms, ajv ${peer.ms.toFixed(1)} ms`);
  // Interleaved, so that a busy machine slows each alike; the median of its rounds for each.
  const k = run('kubegen validate', (o) => ours.r(o).valid);
  const a = run('ajv compiled    ', (o) => peer.r(o));
  const w = run('walker (oracle) ', (o) => walker.r(o).valid);
  console.log(`walker: ${(w / a).toFixed(3)}x ajv`);
  console.log(`RESULT validate objects_per_s=${k.toFixed(0)} ratio=${(k / a).toFixed(2)} goal=1.0`);
}

main();
