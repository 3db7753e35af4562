#!/usr/bin/env node
/**
 * Benchmark: regenerating all of `@kubegen/api` vs k8s.io/code-generator on the same API, in one run.
 *
 *   npm run bench -- api        (or: node bench/api/index.js)
 *
 * - kubegen, as whole processes: `kubegen import openapi` of the pinned Kubernetes OpenAPI (the group versions of
 *   api/kubernetes-version.json) into a fresh APIs tree, then `kubegen generate` (types, deepcopy, clientsets,
 *   fakes, listers, informers, index modules) into a fresh output directory — what `npm run api:generate` runs.
 * - the peer, as whole processes: k8s.io/code-generator v0.37.2's deepcopy-gen, client-gen (typed clientset and
 *   fakes), lister-gen and informer-gen over the same group versions — every one — of k8s.io/api v0.37.2 (and
 *   k8s.io/apiextensions-apiserver for apiextensions/v1, k8s.io/kube-aggregator for apiregistration/v1: the Go
 *   package of each is read from the names of its schemas), in a temporary Go module whose copies of those modules
 *   are writable (deepcopy-gen writes next to the types). The tools are built once with `go install` from the
 *   Go module proxy into bench/.work/api/bin (not timed).
 *
 * Each side runs KUBEGEN_BENCH_ROUNDS times (default 3), interleaved, on fresh output; the median is reported. The
 * last line: RESULT api seconds=<kubegen> ratio=<kubegen/codegen> goal=0.5
 */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { kubernetesOpenApiDir, specFile } = require('../../scripts/kubernetes-openapi.js');

const REPO = path.resolve(__dirname, '../..');
const WORK = path.join(REPO, 'bench', '.work', 'api');
const CODEGEN_VERSION = 'v0.37.2';
const TOOLS = ['deepcopy-gen', 'client-gen', 'lister-gen', 'informer-gen'];
const pinned = JSON.parse(fs.readFileSync(path.join(REPO, 'api', 'kubernetes-version.json'), 'utf8'));
const ROUNDS = Number(process.env.KUBEGEN_BENCH_ROUNDS ?? 3);

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} … failed (${r.status}):\n${(r.stderr || '').slice(-3000)}${(r.stdout || '').slice(-1000)}`);
  return r;
}

function timed(steps) {
  const start = process.hrtime.bigint();
  for (const [cmd, args, opts] of steps) run(cmd, args, opts);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The Go package of a group version, read from its OpenAPI document: the name of a schema of the group version's
 * kinds says where its Go types live — `io.k8s.api.apiserverinternal.v1alpha1.StorageVersion` →
 * `k8s.io/api/apiserverinternal/v1alpha1`, `io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIService` →
 * `k8s.io/kube-aggregator/pkg/apis/apiregistration/v1` (so every group version of the spec has its peer package).
 */
function goPackage(specDir, gv) {
  const doc = JSON.parse(fs.readFileSync(path.join(specDir, specFile(gv)), 'utf8'));
  const [group, version] = gv === 'v1' ? ['', 'v1'] : gv.split('/');
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    const gvks = schema['x-kubernetes-group-version-kind'] ?? [];
    // one kind of this group version (DeleteOptions, WatchEvent … of meta/v1 name every group version)
    if (gvks.length !== 1 || gvks[0].group !== group || gvks[0].version !== version) continue;
    const m = /^io\.k8s\.(api|[a-z-]+\.pkg\.apis)\.([a-z0-9]+)\.(v[0-9a-z]+)\.[A-Za-z0-9]+$/.exec(name);
    if (m && m[3] === version) return `k8s.io/${m[1].replaceAll('.', '/')}/${m[2]}/${m[3]}`;
  }
  throw new Error(`bench api: no kind of ${gv} in ${specFile(gv)} names its Go package`);
}

/** The k8s.io module of a Go package (`k8s.io/kube-aggregator/pkg/apis/…` → `k8s.io/kube-aggregator`). */
function goModuleOf(pkg) {
  return pkg.split('/').slice(0, 2).join('/');
}

/** Builds the four tools once (cached). */
function tools() {
  const bin = path.join(WORK, 'bin');
  if (TOOLS.every((t) => fs.existsSync(path.join(bin, t)))) return bin;
  fs.mkdirSync(bin, { recursive: true });
  process.stderr.write(`bench api: go install k8s.io/code-generator ${CODEGEN_VERSION} (once)\n`);
  run('go', ['install', ...TOOLS.map((t) => `k8s.io/code-generator/cmd/${t}@${CODEGEN_VERSION}`)], { env: { ...process.env, GOBIN: bin } });
  return bin;
}

/** The module directory of a Go module (downloaded through the proxy into the module cache). */
function moduleDir(mod) {
  return JSON.parse(run('go', ['mod', 'download', '-json', mod]).stdout).Dir;
}

/**
 * A Go module with writable copies of the k8s.io modules that hold the packages (k8s.io/api,
 * k8s.io/apiextensions-apiserver, k8s.io/kube-aggregator: deepcopy-gen writes into them), rebuilt when the set changes.
 */
function goModule(pkgs) {
  const dir = path.join(WORK, 'module');
  const mods = [...new Set(pkgs.map(goModuleOf))].sort();
  const stamp = path.join(dir, 'modules.txt');
  if (fs.existsSync(path.join(dir, 'go.sum')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === mods.join('\n')) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const mod of mods) {
    const local = mod.slice('k8s.io/'.length);
    fs.cpSync(moduleDir(`${mod}@${CODEGEN_VERSION}`), path.join(dir, local), { recursive: true });
    run('chmod', ['-R', 'u+w', path.join(dir, local)]);
  }
  const requires = [...new Set([...mods, 'k8s.io/apimachinery', 'k8s.io/client-go'])].sort();
  fs.writeFileSync(
    path.join(dir, 'go.mod'),
    `module example.com/bench\n\ngo 1.24\n\nrequire (\n${requires.map((m) => `\t${m} ${CODEGEN_VERSION}\n`).join('')})\n\n${mods.map((m) => `replace ${m} => ./${m.slice('k8s.io/'.length)}\n`).join('\n')}`,
  );
  // one package of every module, and client-go, so that `go mod tidy` keeps them
  const imports = [...mods.map((m) => pkgs.find((p) => goModuleOf(p) === m)), 'k8s.io/client-go/kubernetes'];
  fs.writeFileSync(path.join(dir, 'tools.go'), `package bench\n\nimport (\n${imports.map((p) => `\t_ "${p}"\n`).join('')})\n`);
  run('go', ['mod', 'tidy'], { cwd: dir });
  fs.writeFileSync(path.join(dir, 'boilerplate.go.txt'), '');
  fs.writeFileSync(stamp, mods.join('\n'));
  return dir;
}

function codegenSteps(bin, dir, pkgs) {
  const out = path.join(dir, 'out');
  const hdr = ['--go-header-file', path.join(dir, 'boilerplate.go.txt')];
  const opts = { cwd: dir };
  return [
    ['rm', ['-rf', out], opts],
    [path.join(bin, 'deepcopy-gen'), [...hdr, '--output-file', 'zz_generated.deepcopy.go', ...pkgs], opts],
    [path.join(bin, 'client-gen'), [...hdr, '--clientset-name', 'versioned', '--input-base', '', '--input', pkgs.join(','), '--output-pkg', 'example.com/bench/out/clientset', '--output-dir', path.join(out, 'clientset')], opts],
    [path.join(bin, 'lister-gen'), [...hdr, '--output-pkg', 'example.com/bench/out/listers', '--output-dir', path.join(out, 'listers'), ...pkgs], opts],
    [
      path.join(bin, 'informer-gen'),
      [...hdr, '--versioned-clientset-package', 'example.com/bench/out/clientset/versioned', '--listers-package', 'example.com/bench/out/listers', '--output-pkg', 'example.com/bench/out/informers', '--output-dir', path.join(out, 'informers'), ...pkgs],
      opts,
    ],
  ];
}

function kubegenSteps(tmp) {
  const specDir = kubernetesOpenApiDir(pinned.kubernetes);
  const apis = path.join(tmp, 'apis');
  const config = path.join(tmp, 'kubegen.config.json');
  const base = JSON.parse(fs.readFileSync(path.join(REPO, 'api', 'kubegen.config.json'), 'utf8'));
  fs.writeFileSync(config, JSON.stringify({ ...base, apis: 'apis', output: 'src' }));
  const cli = path.join(REPO, 'bin', 'kubegen.js');
  return [
    ['rm', ['-rf', apis, path.join(tmp, 'src')]],
    [process.execPath, [cli, 'import', 'openapi', ...pinned.groupVersions.map((gv) => path.join(specDir, specFile(gv))), '--out', apis, '--group-folder', 'short']],
    [process.execPath, [cli, 'generate', '--config', config], { cwd: tmp }],
  ];
}

function main() {
  const bin = tools();
  const specDir = kubernetesOpenApiDir(pinned.kubernetes);
  const pkgs = pinned.groupVersions.map((gv) => goPackage(specDir, gv));
  const dir = goModule(pkgs);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-api-'));
  try {
    const k = [];
    const c = [];
    // warm-up (file caches, the Go build cache of the packages the tools load), not counted
    timed(kubegenSteps(tmp));
    timed(codegenSteps(bin, dir, pkgs));
    for (let i = 0; i < ROUNDS; i++) {
      k.push(timed(kubegenSteps(tmp)));
      c.push(timed(codegenSteps(bin, dir, pkgs)));
    }
    const count = (root) => {
      let n = 0;
      const walk = (d) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(path.join(d, e.name));
          else n++;
        }
      };
      if (fs.existsSync(root)) walk(root);
      return n;
    };
    const km = median(k);
    const cm = median(c);
    process.stdout.write(`kubegen  (import + generate, ${count(path.join(tmp, 'src'))} files): ${k.map((x) => x.toFixed(2)).join(' ')} s, median ${km.toFixed(2)} s\n`);
    process.stdout.write(`codegen  (deepcopy-gen + client-gen + lister-gen + informer-gen ${CODEGEN_VERSION}, ${count(path.join(dir, 'out'))} files + deepcopy): ${c.map((x) => x.toFixed(2)).join(' ')} s, median ${cm.toFixed(2)} s\n`);
    process.stdout.write(`RESULT api seconds=${km.toFixed(2)} ratio=${(km / cm).toFixed(3)} goal=0.5\n`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main();
