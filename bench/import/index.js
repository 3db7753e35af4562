#!/usr/bin/env node
/**
 * Benchmark: `kubegen crd` on the imported prometheus-operator tree against controller-gen on the Go module it came
 * from, both as whole processes, in the same run.
 *
 *   npm run bench -- import        (or: node bench/import/index.js)
 *
 * The corpus: the CRDs controller-gen v0.21.0 makes from github.com/prometheus-operator/prometheus-operator/
 * pkg/apis/monitoring v0.95.2 (scripts/prometheus-operator-crds.js; generated once, cached under ~/.cache/kubegen).
 * They are imported with `kubegen import crd` into a temp tree (checked: `kubegen crd` gives them back byte for
 * byte), then, alternating the two so load from other processes affects both alike, RUNS (5) fresh processes each
 * after one unmeasured warm-up of each:
 *   (a) `node bin/kubegen.js crd --apis <tmp>/apis --out <tmp>/out`;
 *   (b) `controller-gen crd paths=<module>/... output:crd:dir=<tmp>/cg` in the Go module (warm Go build cache).
 * Prints both medians (wall and CPU time; controller-gen's CPU includes its `go list` children) and ends with:
 *
 *   RESULT import wall_ms=<kubegen median> ratio=<kubegen median / controller-gen median> goal=1.0
 *
 * Environment: KUBEGEN_BENCH_RUNS, KUBEGEN_BENCH_KEEP=1 (keep the temp dir).
 */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { reportRuns } = require('../stats');
const { prometheusOperatorCrds } = require('../../scripts/prometheus-operator-crds');

const REPO = path.resolve(__dirname, '../..');
const RUNS = Math.max(5, Number(process.env.KUBEGEN_BENCH_RUNS ?? 5));
const drop = (s) => s.replace(/^ {4}(controller-gen\.kubebuilder\.io|kubegen\.io)\/version: .*\n/m, '');

/** Run a command in a fresh process: wall time and CPU time of the process and its children (ms). */
function timed(label, cmd, args, cwd) {
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/env', ['bash', '-c', 'TIMEFORMAT="%U %S"; { time "$@" >/dev/null 2>/tmp/kubegen-bench-import-err.$$; } 2>&1; rc=$?; cat /tmp/kubegen-bench-import-err.$$ >&2; rm -f /tmp/kubegen-bench-import-err.$$; exit $rc', 'bash', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) {
    process.stderr.write(`${label} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
    process.exit(1);
  }
  const [user, sys] = r.stdout.trim().split(/\s+/).slice(-2).map(Number);
  return { ms, cpu: (user + sys) * 1000 };
}

function main() {
  const corpus = prometheusOperatorCrds();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-import-'));
  try {
    const kubegenBin = path.join(REPO, 'bin', 'kubegen.js');
    const imp = spawnSync(process.execPath, [kubegenBin, 'import', 'crd', corpus.crdDir, '--out', path.join(tmp, 'apis')], { encoding: 'utf8' });
    if (imp.status !== 0) throw new Error(`kubegen import failed:\n${imp.stderr}`);
    const out = path.join(tmp, 'out');
    const cgOut = path.join(tmp, 'cg');
    const kubegen = [process.execPath, [kubegenBin, 'crd', '--apis', path.join(tmp, 'apis'), '--out', out]];
    const cg = [corpus.controllerGen, corpus.controllerGenArgs(cgOut)];
    const size = fs.readdirSync(corpus.crdDir).filter((f) => f.endsWith('.yaml')).reduce((n, f) => n + fs.statSync(path.join(corpus.crdDir, f)).size, 0);
    console.log(`import benchmark: ${corpus.module}, ${(size / 1e6).toFixed(1)} MB of CRDs, ${RUNS} runs each (fresh processes), node ${process.version}`);

    timed('kubegen', kubegen[0], kubegen[1], tmp);
    timed('controller-gen', cg[0], cg[1], corpus.moduleDir);
    for (const f of fs.readdirSync(cgOut)) {
      if (drop(fs.readFileSync(path.join(out, f), 'utf8')) !== drop(fs.readFileSync(path.join(cgOut, f), 'utf8'))) throw new Error(`${f}: kubegen and controller-gen differ`);
    }

    const k = [];
    const c = [];
    for (let i = 0; i < RUNS; i++) {
      fs.rmSync(out, { recursive: true, force: true });
      fs.rmSync(cgOut, { recursive: true, force: true });
      k.push(timed('kubegen', kubegen[0], kubegen[1], tmp));
      c.push(timed('controller-gen', cg[0], cg[1], corpus.moduleDir));
    }
    const km = reportRuns('kubegen crd   ', k);
    const cm = reportRuns('controller-gen', c);
    console.log(`cpu ratio ${(km.cpu / cm.cpu).toFixed(2)}`);
    if (process.env.KUBEGEN_BENCH_KEEP) console.log(`kept ${tmp}`);
    console.log(`RESULT import wall_ms=${km.wall.toFixed(0)} ratio=${(km.wall / cm.wall).toFixed(2)} goal=1.0`);
  } finally {
    if (!process.env.KUBEGEN_BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main();
