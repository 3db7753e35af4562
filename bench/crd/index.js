#!/usr/bin/env node
/**
 * Benchmark: `kubegen crd` against `tsc --noEmit` on the same synthetic API, in the same run.
 *
 *   npm run bench -- crd        (or: node bench/crd/index.js)
 *
 * Writes an API of KINDS (200) kinds × 30 spec fields — strings with markers, int32/int64/number, arrays (of
 * scalars and of structs, list types), maps, nested structs and object literals, string-literal unions, string
 * enums, well-known types, doc comments, CEL rules (XValidation on the spec, an item type and a field, one rule
 * text per kind, so CEL checking is measured with its caches as a real API meets them) — into a temp directory, then measures, alternating the two so load from
 * other processes affects both alike, RUNS (5) fresh processes each, after one unmeasured warm-up of each:
 *   (a) `node bin/kubegen.js crd --apis <tmp>/apis --out <tmp>/out` (the compiled pipeline in dist/);
 *   (b) `node node_modules/typescript/bin/tsc --noEmit -p <tmp>/tsconfig.json` — the repository's TypeScript and
 *       compiler options (tsconfig.base.json), with `@kubegen/runtime` mapped by `paths` to a shim re-exporting
 *       runtime/src/meta (what kubegen resolves it to).
 * Prints both medians (wall time, and each process's own CPU time, measured by the preloaded cpu-usage.js) and
 * ends with exactly one machine-readable line (wall time):
 *
 *   RESULT crd wall_ms=<kubegen median> ratio=<kubegen median / tsc median> goal=1.3
 *
 * Environment: KUBEGEN_BENCH_KINDS, KUBEGEN_BENCH_RUNS, KUBEGEN_BENCH_KEEP=1 (keep the temp dir),
 * KUBEGEN_BENCH_PROFILE=<dir> (also run kubegen once under `node --cpu-prof`, profile written to <dir>).
 */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { reportRuns } = require('../stats');

const REPO = path.resolve(__dirname, '../..');
const KINDS = Number(process.env.KUBEGEN_BENCH_KINDS ?? 200);
const RUNS = Math.max(5, Number(process.env.KUBEGEN_BENCH_RUNS ?? 5));
const GROUP = 'bench.example.com';

/** The 30 spec fields of kind `i` (its nested types are declared in the same file). */
function specFields(k) {
  return [
    [`/**\n   * name of the ${k}.\n   * +kubebuilder:validation:MinLength=1\n   * +kubebuilder:validation:MaxLength=63\n   * +kubebuilder:validation:XValidation:rule="self == oldSelf",message="name is immutable"\n   */`, 'name: string;'],
    [`/**\n   * image to run.\n   * +kubebuilder:validation:Pattern=\`^[a-z0-9./:-]+$\`\n   */`, 'image: string;'],
    [`/** +kubebuilder:validation:Format=email */`, 'owner?: string;'],
    [`/**\n   * url of the ${k}.\n   * +kubebuilder:validation:Format=uri\n   * +kubebuilder:validation:MaxLength=2048\n   */`, 'url?: string;'],
    [`/** description is free text. */`, 'description?: string;'],
    [`/** +kubebuilder:default="default" */`, 'profile?: string;'],
    [`/**\n   * replicas wanted.\n   * +kubebuilder:validation:Minimum=0\n   * +kubebuilder:validation:Maximum=100\n   * +kubebuilder:default=1\n   */`, 'replicas?: int32;'],
    [`/** +kubebuilder:validation:Minimum=1 */`, 'port: int32;'],
    [`/** +kubebuilder:validation:ExclusiveMaximum=true\n   * +kubebuilder:validation:Maximum=10 */`, 'weight?: int32;'],
    [`/** +kubebuilder:validation:MultipleOf=5 */`, 'step?: int32;'],
    [`/** timeoutSeconds before giving up. */`, 'timeoutSeconds?: int32;'],
    [`/** generation counter. */`, 'generation?: int64;'],
    [`/** +kubebuilder:validation:Minimum=-1 */`, 'offset?: int64;'],
    [`/** ratio of something. */`, 'ratio?: number;'],
    [`/** suspend stops reconciling. */`, 'suspend?: boolean;'],
    [`/**\n   * args to pass.\n   * +kubebuilder:validation:MaxItems=16\n   */`, 'args?: string[];'],
    [`/** +listType=set */`, 'tags?: Array<string>;'],
    [`/** ports exposed. */`, 'extraPorts?: int32[];'],
    [`/**\n   * +listType=map\n   * +listMapKey=name\n   */`, `items?: ${k}Item[];`],
    [`/** labels to add. */`, 'labels?: Record<string, string>;'],
    [`/** +kubebuilder:validation:MaxProperties=8 */`, 'limits?: { [key: string]: int32 };'],
    [`/** named items. */`, `byName?: Record<string, ${k}Item>;`],
    [`/** template of the ${k}. */`, `template: ${k}Template;`],
    [`/** backoff policy. */`, 'backoff?: { /** +kubebuilder:validation:Minimum=1 */ limit?: int32; delay?: Duration };'],
    [`/** item used by default. */`, `defaultItem?: ${k}Item;`],
    [`/** phase to reach. */`, `phase?: ${k}Phase;`],
    [`/** mode of operation. */`, `mode?: ${k}Mode;`],
    [`/** +kubebuilder:default=Always */`, `pullPolicy?: 'Always' | 'IfNotPresent' | 'Never';`],
    [`/** when it started. */`, 'startedAt?: Time;'],
    [`/** memory limit. */`, 'memory?: Quantity;'],
  ];
}

function kindFile(i) {
  const k = `Widget${String(i).padStart(3, '0')}`;
  const fields = specFields(k);
  if (fields.length !== 30) throw new Error(`expected 30 fields, got ${fields.length}`);
  return `import type { Duration, ListMeta, ObjectMeta, Quantity, Time, TypeMeta, int32, int64 } from '@kubegen/runtime';

/**
 * ${k} is synthetic kind number ${i}.
 * +genclient
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 * +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=\`.spec.replicas\`
 */
export interface ${k} extends TypeMeta {
  metadata?: ObjectMeta;
  spec: ${k}Spec;
  status?: ${k}Status;
}

/**
 * ${k}List is a list of ${k}.
 * +kubebuilder:object:root=true
 */
export interface ${k}List extends TypeMeta {
  metadata?: ListMeta;
  items: ${k}[];
}

/**
 * ${k}Spec is the desired state of a ${k}.
 * +kubebuilder:validation:XValidation:rule="!has(self.replicas) || self.replicas <= ${(i % 90) + 10}",message="at most ${(i % 90) + 10} replicas"
 * +kubebuilder:validation:XValidation:rule="!has(self.url) || self.url.startsWith('https://')",message="url must use https"
 * +kubebuilder:validation:XValidation:rule="self.template.containers.all(c, c.name.size() <= 63)",messageExpression="'a container name is longer than 63 characters'"
 */
export interface ${k}Spec {
${fields.map(([doc, decl]) => `  ${doc}\n  ${decl}`).join('\n')}
}

/**
 * ${k}Item is one named item.
 * +kubebuilder:validation:XValidation:rule="!has(self.count) || self.count >= 0",message="count must not be negative"
 */
export interface ${k}Item {
  /** +kubebuilder:validation:MinLength=1 */
  name: string;
  value?: string;
  count?: int32;
}

/** ${k}Template describes what to create. */
export interface ${k}Template {
  /** +kubebuilder:validation:MinItems=1 */
  containers: ${k}Item[];
  annotations?: Record<string, string>;
}

/** ${k}Phase is the lifecycle phase. */
export type ${k}Phase = 'Pending' | 'Running' | 'Done';

/** ${k}Mode is how it runs. */
export enum ${k}Mode {
  Fast = 'Fast',
  Safe = 'Safe',
}

/** ${k}Status is the observed state of a ${k}. */
export interface ${k}Status {
  observedGeneration?: int64;
  phase?: ${k}Phase;
  readyReplicas?: int32;
}
`;
}

function writeApi(dir) {
  const pkg = path.join(dir, 'apis', GROUP, 'v1');
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'doc.ts'), `// Package v1 is a synthetic API for the crd benchmark.\n// +groupName=${GROUP}\n`);
  for (let i = 0; i < KINDS; i++) fs.writeFileSync(path.join(pkg, `widget${String(i).padStart(3, '0')}.ts`), kindFile(i));
  // tsc over the same files with the repository's own compiler options (tsconfig.base.json: strict, ES2023 lib,
  // nodenext, skipLibCheck), no ambient @types (API files use none), and `@kubegen/runtime` mapped by `paths` to a
  // shim re-exporting the runtime's meta declarations — the files kubegen resolves that import to.
  const metaDir = path.join(REPO, 'runtime', 'src', 'meta');
  const metaFiles = fs.readdirSync(metaDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
  fs.writeFileSync(path.join(dir, 'runtime-shim.ts'), metaFiles.map((f) => `export * from ${JSON.stringify(path.join(metaDir, path.basename(f, '.ts')))};\n`).join(''));
  const tsconfig = {
    extends: path.join(REPO, 'tsconfig.base.json'),
    compilerOptions: { noEmit: true, types: [], paths: { '@kubegen/runtime': ['./runtime-shim.ts'] } },
    include: ['apis/**/*.ts'],
  };
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
}

/** Run `node <args>` in a fresh process: its wall time and its own CPU time (user + system), in ms. */
function timed(label, args, cwd) {
  const cpuFile = path.join(cwd, '.cpu-ms');
  fs.rmSync(cpuFile, { force: true });
  const env = { ...process.env, KUBEGEN_BENCH_CPU_FILE: cpuFile };
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-r', path.join(__dirname, 'cpu-usage.js'), ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) {
    process.stderr.write(`${label} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
    process.exit(1);
  }
  const cpu = fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, 'utf8')) : NaN;
  return { ms, cpu, stdout: r.stdout };
}

function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-crd-'));
  try {
    writeApi(tmp);
    const out = path.join(tmp, 'out');
    const kubegen = ['--max-old-space-size=2048', path.join(REPO, 'bin', 'kubegen.js'), 'crd', '--apis', path.join(tmp, 'apis'), '--out', out];
    const tsc = [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', path.join(tmp, 'tsconfig.json')];
    const tscVersion = spawnSync(process.execPath, [tsc[0], '-v'], { encoding: 'utf8' }).stdout.trim();
    console.log(`crd benchmark: ${KINDS} kinds × 30 fields, ${RUNS} runs each (fresh processes), node ${process.version}, ${tscVersion}`);

    // Warm-up (file cache, compile cache); also checks that both succeed and kubegen wrote every CRD.
    timed('kubegen', kubegen, tmp);
    const written = fs.readdirSync(out).length;
    if (written !== KINDS) throw new Error(`kubegen wrote ${written} CRDs, expected ${KINDS}`);
    timed('tsc', tsc, tmp);

    const k = [];
    const t = [];
    for (let i = 0; i < RUNS; i++) {
      fs.rmSync(out, { recursive: true, force: true });
      k.push(timed('kubegen', kubegen, tmp));
      t.push(timed('tsc', tsc, tmp));
    }
    const km = reportRuns('kubegen crd  ', k);
    const tm = reportRuns('tsc --noEmit ', t);
    console.log(`cpu ratio ${(km.cpu / tm.cpu).toFixed(2)} (less sensitive to other load on the machine than the wall ratio)`);

    if (process.env.KUBEGEN_BENCH_PROFILE) {
      const dir = path.resolve(process.env.KUBEGEN_BENCH_PROFILE);
      timed('kubegen (profiled)', ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...kubegen], tmp);
      console.log(`cpu profile written to ${dir}`);
    }
    if (process.env.KUBEGEN_BENCH_KEEP) console.log(`kept ${tmp}`);
    console.log(`RESULT crd wall_ms=${km.wall.toFixed(0)} ratio=${(km.wall / tm.wall).toFixed(2)} goal=1.3`);
  } finally {
    if (!process.env.KUBEGEN_BENCH_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) main();

module.exports = { kindFile };
