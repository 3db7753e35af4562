#!/usr/bin/env node
/**
 * Benchmark: `kubegen generate --watch`, one edit to regenerated files on disk.
 *
 *   npm run bench -- watch        (or: node bench/watch/index.js)
 *
 * Writes a synthetic API of KINDS (200) kinds — the crd benchmark's kinds (30 spec fields each, with markers, CEL
 * rules, nested and well-known types) spread over GROUPS (20) API groups of one version, as a real project spreads
 * its kinds — into a temp directory with a kubegen.config.json (all generators), runs `kubegen generate` once
 * (the peer: a full run in a fresh process, measured in the same run), then starts `kubegen generate --watch` and
 * makes EDITS (25) edits, each adding a field to one kind (a different kind each time), each after the previous
 * edit's output landed. An edit's latency is from just before the edited file is written to when the kind's CRD on
 * disk contains the new field (polled every 2 ms). The API also has one group of MULTI_VERSIONS (3) versions with
 * MULTI_KINDS (3) kinds each (kinds numbered after the 200, no kind in two versions); VERSION_EDITS (10) more edits
 * add a field to a kind of one of its versions — an edit that touches one version of one group — and their median
 * is reported on its own line. Ends with exactly one machine-readable line (the 200-kind edits' median):
 *
 *   RESULT watch median_ms=<median edit → files latency> ratio=<median / 300> goal=1.0
 *
 * Environment: KUBEGEN_BENCH_KINDS, KUBEGEN_BENCH_GROUPS, KUBEGEN_BENCH_EDITS, KUBEGEN_BENCH_VERSION_EDITS,
 * KUBEGEN_BENCH_KEEP=1 (keep the temp dir).
 */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { median } = require('../stats');
const { kindFile } = require('../crd/index.js');

const REPO = path.resolve(__dirname, '../..');
const KINDS = Number(process.env.KUBEGEN_BENCH_KINDS ?? 200);
const GROUPS = Number(process.env.KUBEGEN_BENCH_GROUPS ?? 20);
const EDITS = Math.max(20, Number(process.env.KUBEGEN_BENCH_EDITS ?? 25));
const VERSION_EDITS = Math.max(5, Number(process.env.KUBEGEN_BENCH_VERSION_EDITS ?? 10));
const MULTI_VERSIONS = 3;
const MULTI_KINDS = 3;
const MULTI_GROUP = 'multi.example.com';
const GOAL_MS = 300;
const KUBEGEN = path.join(REPO, 'bin', 'kubegen.js');

const kindName = (i) => `widget${String(i).padStart(3, '0')}`;
const groupOf = (i) => `g${String(i % GROUPS).padStart(2, '0')}.example.com`;
const kindPath = (dir, i) => path.join(dir, 'apis', groupOf(i), 'v1', `${kindName(i)}.ts`);
const crdPath = (dir, i) => path.join(dir, 'out', groupOf(i), 'crds', `${groupOf(i)}_${kindName(i)}s.yaml`);
/** The multi-version group's kind `j` (0 ≤ j < MULTI_VERSIONS * MULTI_KINDS) is in version `v<1 + j % MULTI_VERSIONS>`. */
const multiIndex = (j) => KINDS + j;
const multiPath = (dir, j) => path.join(dir, 'apis', MULTI_GROUP, `v${1 + (j % MULTI_VERSIONS)}`, `${kindName(multiIndex(j))}.ts`);
const multiCrdPath = (dir, j) => path.join(dir, 'out', MULTI_GROUP, 'crds', `${MULTI_GROUP}_${kindName(multiIndex(j))}s.yaml`);

function writeApi(dir) {
  for (let i = 0; i < KINDS; i++) {
    const pkg = path.dirname(kindPath(dir, i));
    if (!fs.existsSync(pkg)) {
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, 'doc.ts'), `// Package v1 is a synthetic API for the watch benchmark.\n// +groupName=${groupOf(i)}\n`);
    }
    fs.writeFileSync(kindPath(dir, i), kindFile(i));
  }
  for (let j = 0; j < MULTI_VERSIONS * MULTI_KINDS; j++) {
    const pkg = path.dirname(multiPath(dir, j));
    if (!fs.existsSync(pkg)) {
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, 'doc.ts'), `// Package ${path.basename(pkg)} is a synthetic API version for the watch benchmark.\n// +groupName=${MULTI_GROUP}\n`);
    }
    fs.writeFileSync(multiPath(dir, j), kindFile(multiIndex(j)));
  }
  fs.writeFileSync(path.join(dir, 'kubegen.config.json'), JSON.stringify({ apis: 'apis', output: 'out' }, null, 2));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `predicate()` holds (polled every 2 ms), rejects after `timeoutMs`. */
async function until(predicate, timeoutMs, what) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

const read = (f) => {
  try {
    return fs.readFileSync(f, 'utf8');
  } catch {
    return '';
  }
};

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-watch-'));
  let child;
  try {
    writeApi(tmp);
    console.log(`watch benchmark: ${KINDS} kinds in ${GROUPS} groups (+ ${MULTI_VERSIONS * MULTI_KINDS} in ${MULTI_GROUP}, ${MULTI_VERSIONS} versions), ${EDITS} + ${VERSION_EDITS} edits, node ${process.version}`);
    const t0 = process.hrtime.bigint();
    const full = spawnSync(process.execPath, [KUBEGEN, 'generate'], { cwd: tmp, encoding: 'utf8' });
    const fullMs = Number(process.hrtime.bigint() - t0) / 1e6;
    if (full.status !== 0) throw new Error(`kubegen generate failed:\n${full.stdout}${full.stderr}`);
    console.log(`kubegen generate (full run, fresh process) ${fullMs.toFixed(0)} ms`);

    let log = '';
    child = spawn(process.execPath, [KUBEGEN, 'generate', '--watch'], { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    await until(() => log.includes('watching'), 60_000, 'the watch to start');

    /** Add a field to a kind's file; the ms until its CRD on disk has it. */
    const edit = async (file, crd, field) => {
      const text = read(file).replace('  readyReplicas?: int32;\n', `  readyReplicas?: int32;\n  /** added by ${field}. */\n  ${field}?: string;\n`);
      const start = process.hrtime.bigint();
      fs.writeFileSync(file, text);
      await until(() => read(crd).includes(field), 30_000, `${field} to reach ${crd}`);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      await sleep(50);
      return ms;
    };
    const ms = [];
    for (let e = 0; e < EDITS; e++) ms.push(await edit(kindPath(tmp, (e * 7) % KINDS), crdPath(tmp, (e * 7) % KINDS), `benchEdit${e}`));
    const versionMs = [];
    for (let e = 0; e < VERSION_EDITS; e++) versionMs.push(await edit(multiPath(tmp, e % (MULTI_VERSIONS * MULTI_KINDS)), multiCrdPath(tmp, e % (MULTI_VERSIONS * MULTI_KINDS)), `versionEdit${e}`));
    if (log.includes('error')) throw new Error(`the watch reported errors:\n${log}`);
    const m = median(ms);
    console.log(`edit → regenerated files: median ${m.toFixed(0)} ms (edits: ${ms.map((x) => x.toFixed(0)).join(' ')})`);
    console.log(`one-version edit (${MULTI_GROUP}, ${MULTI_VERSIONS} versions) → regenerated files: median ${median(versionMs).toFixed(0)} ms (edits: ${versionMs.map((x) => x.toFixed(0)).join(' ')})`);
    console.log(`full run / watch edit: ${(fullMs / m).toFixed(1)}×`);
    child.kill('SIGINT');
    const code = await new Promise((r) => child.on('exit', (c) => r(c)));
    if (code !== 0) throw new Error(`kubegen generate --watch exited with ${code} on SIGINT`);
    child = undefined;
    if (process.env.KUBEGEN_BENCH_KEEP) console.log(`kept ${tmp}`);
    console.log(`RESULT watch median_ms=${m.toFixed(0)} ratio=${(m / GOAL_MS).toFixed(2)} goal=1.0`);
  } finally {
    if (child) child.kill('SIGKILL');
    if (!process.env.KUBEGEN_BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`bench watch: ${e.message}\n`);
  process.exit(1);
});
