'use strict';
/**
 * The real-world CRD corpus: the CRDs controller-gen v0.21.0 makes from published, CEL-heavy Go API modules, each
 * with the project's own controller-gen invocation (its Makefile's `crd…` options and paths). Generated on demand,
 * never committed, cached under ~/.cache/kubegen/crd-corpus/<name>@<version> (KUBEGEN_CACHE overrides the root).
 *
 *   const { crdCorpus, CORPUS } = require('./scripts/crd-corpus');
 *   const { crdDir, moduleDir, controllerGen, controllerGenArgs, module } = crdCorpus('gateway-api');
 *
 *   const { file } = celTables();          // the apiserver's own CEL test tables, with verdicts and costs
 *
 *   node scripts/crd-corpus.js [name…|cel-tables]   builds (or finds cached) and prints one line per source
 *
 * Steps per module (each skipped when its result is cached): a tiny Go module importing the API packages
 * (`go get`, through the Go module proxy); controller-gen v0.21.0 installed with `go install` into ~/go/bin when
 * missing (CONTROLLER_GEN overrides the binary); `controller-gen <crd options> paths=<pkg>/... output:crd:dir=<crdDir>`
 * into a temporary directory renamed into place once complete. Throws with the tool's output when a step fails.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const CONTROLLER_GEN_VERSION = 'v0.21.0';

/**
 * The modules. `packages` are the API packages imported (and so downloaded with their dependencies); `paths` the
 * controller-gen `paths=` arguments; `crd` the generator's options as the project's Makefile or hack script gives them.
 * Versions are ones that `go get` accepts on Go 1.26 (newer ones may need a newer toolchain).
 */
const CORPUS = {
  // Gateway API: hack/update-clientset.sh validates the markers with `controller-gen crd paths=./apis/... paths=./apisx/...`
  // (its release CRDs come from the same markers, split into channels afterwards); ~330 CEL rules, HTTPRoute's
  // `has(self[0].matches)` shapes among them.
  'gateway-api': {
    module: 'sigs.k8s.io/gateway-api',
    version: 'v1.6.3',
    packages: ['apis/v1', 'apis/v1alpha2', 'apis/v1alpha3', 'apis/v1beta1', 'apisx/v1alpha1'],
    paths: ['apis/...', 'apisx/...'],
    crd: 'crd',
    // *.k8s.io is a protected group: the apiserver refuses its CRDs without this annotation, which the project's own
    // generator adds to every CRD it ships (config/crd/*/…yaml, with the same value).
    annotations: { 'api-approved.kubernetes.io': 'https://github.com/kubernetes-sigs/gateway-api/pull/4530' },
  },
  // Kueue: Makefile `manifests`: `controller-gen crd:generateEmbeddedObjectMeta=true … paths="./apis/..."`; ~75 rules,
  // PodTemplateSpec inside Workload.
  kueue: {
    module: 'sigs.k8s.io/kueue',
    version: 'v0.17.0',
    packages: ['apis/kueue/v1beta1', 'apis/kueue/v1beta2', 'apis/kueue/v1alpha1', 'apis/config/v1beta1', 'apis/config/v1beta2'],
    paths: ['apis/...'],
    crd: 'crd:generateEmbeddedObjectMeta=true',
  },
  // Cluster API's API module: Makefile `generate-manifests-core`: `controller-gen … crd:crdVersions=v1`.
  'cluster-api': {
    module: 'sigs.k8s.io/cluster-api/api',
    version: 'v1.14.2',
    packages: ['core/v1beta2', 'core/v1beta1'],
    paths: ['core/...'],
    crd: 'crd:crdVersions=v1',
  },
  // prometheus-operator: plain `crd`, the options of the project's full CRDs (example/prometheus-operator-crd-full);
  // ~5 MB of YAML with PodSpec inside (scripts/prometheus-operator-crds.js keeps its own entry point).
  'prometheus-operator': {
    module: 'github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring',
    version: 'v0.95.2',
    packages: ['v1', 'v1alpha1', 'v1beta1'],
    paths: ['...'],
    crd: 'crd',
    goVersion: '1.24',
  },
};

function run(cmd, args, cwd, env = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}${r.error ? r.error.message : ''}`);
  return r.stdout;
}

function controllerGenBinary() {
  const bin = process.env.CONTROLLER_GEN || path.join(os.homedir(), 'go', 'bin', 'controller-gen');
  const version = fs.existsSync(bin) ? spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  if (version !== `Version: ${CONTROLLER_GEN_VERSION}`) {
    run('go', ['install', `sigs.k8s.io/controller-tools/cmd/controller-gen@${CONTROLLER_GEN_VERSION}`], os.tmpdir(), { GOBIN: path.dirname(bin) });
  }
  return bin;
}

/**
 * Adds `annotations` to the CRD in `file` (controller-gen's YAML: `metadata:` then `  annotations:` with its
 * version annotation), keeping the keys sorted as controller-gen writes them.
 */
function annotate(file, annotations) {
  const text = fs.readFileSync(file, 'utf8');
  const m = /^metadata:\n  annotations:\n((?: {4}.*\n)+)/m.exec(text);
  if (!m) throw new Error(`${file}: no metadata.annotations block to add ${Object.keys(annotations).join(', ')} to`);
  const lines = m[1].split('\n').filter((l) => l !== '');
  for (const [k, v] of Object.entries(annotations)) lines.push(`    ${k}: ${v}`);
  lines.sort();
  fs.writeFileSync(file, text.slice(0, m.index) + `metadata:\n  annotations:\n${lines.join('\n')}\n` + text.slice(m.index + m[0].length));
}

function cacheRoot() {
  return process.env.KUBEGEN_CACHE || path.join(os.homedir(), '.cache', 'kubegen');
}

/** An identifier for the tiny consumer module's name and Go package: letters and digits of the corpus name. */
function goName(name) {
  return `corpus${name.replace(/[^A-Za-z0-9]/g, '')}`;
}

/**
 * The CRDs of corpus entry `name`, made (or found cached) in `cacheDir` (default: <cache>/crd-corpus/<name>@<version>).
 * Returns the directory of the CRD files, the consumer module's directory, the controller-gen binary, the function
 * giving controller-gen's arguments for an output directory (run in moduleDir), and `module@version`.
 */
function crdCorpus(name, cacheDir) {
  const entry = Object.hasOwn(CORPUS, name) ? CORPUS[name] : undefined;
  if (!entry) throw new Error(`crd-corpus: no module named ${JSON.stringify(name)} (known: ${Object.keys(CORPUS).join(', ')})`);
  const { module, version, packages, paths, crd } = entry;
  const cache = cacheDir || path.join(cacheRoot(), 'crd-corpus', `${name}@${version}`);
  const moduleDir = path.join(cache, 'module');
  const crdDir = path.join(cache, `crds-controller-gen-${CONTROLLER_GEN_VERSION}`);
  const controllerGen = controllerGenBinary();
  const controllerGenArgs = (outDir) => [crd, ...paths.map((p) => `paths=${module}/${p}`), `output:crd:dir=${outDir}`];
  const pkg = goName(name);
  const tools = `package ${pkg}\n\nimport (\n${packages.map((p) => `\t_ "${module}/${p}"\n`).join('')})\n`;
  const toolsFile = path.join(moduleDir, 'tools.go');
  // The consumer module is made again when the table's packages changed (tools.go differs) or `go get` never finished.
  if (!fs.existsSync(path.join(moduleDir, 'go.sum')) || !fs.existsSync(toolsFile) || fs.readFileSync(toolsFile, 'utf8') !== tools) {
    fs.rmSync(moduleDir, { recursive: true, force: true });
    fs.rmSync(crdDir, { recursive: true, force: true });
    fs.mkdirSync(moduleDir, { recursive: true });
    fs.writeFileSync(path.join(moduleDir, 'go.mod'), `module kubegen.test/${pkg}\n\ngo ${entry.goVersion || '1.26'}\n`);
    fs.writeFileSync(toolsFile, tools);
    run('go', ['get', `${module}@${version}`, ...packages.map((p) => `${module}/${p}@${version}`)], moduleDir, { GOFLAGS: '-mod=mod' });
  }
  const done = path.join(crdDir, '.complete');
  const stamp = `${module}@${version} controller-gen ${CONTROLLER_GEN_VERSION} ${controllerGenArgs('<dir>').join(' ')} ${JSON.stringify(entry.annotations ?? {})}\n`;
  // Made again when the table's options changed since (the stamp records them).
  if (!fs.existsSync(done) || fs.readFileSync(done, 'utf8') !== stamp) {
    fs.rmSync(crdDir, { recursive: true, force: true });
    const tmp = `${crdDir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    run(controllerGen, controllerGenArgs(tmp), moduleDir);
    if (entry.annotations) for (const f of fs.readdirSync(tmp)) annotate(path.join(tmp, f), entry.annotations);
    fs.writeFileSync(path.join(tmp, '.complete'), stamp);
    fs.renameSync(tmp, crdDir);
  }
  return { crdDir, moduleDir, controllerGen, controllerGenArgs, module: `${module}@${version}` };
}

/** The release of k8s.io/apiextensions-apiserver whose CEL test tables are recorded (scripts/cel-tables/main.go). */
const CEL_TABLES_VERSION = 'v0.37.2';

/**
 * The second source: the CEL rule tables of k8s.io/apiextensions-apiserver's own tests, each rule with the
 * apiserver compiler's verdict and estimated cost, recorded by `go run ./scripts/cel-tables` (see its doc comment for
 * why it runs the tests rather than parsing them) and cached as <cache>/crd-corpus/cel-tables@<version>/tables.json.
 */
function celTables() {
  const cache = path.join(cacheRoot(), 'crd-corpus', `cel-tables@${CEL_TABLES_VERSION}`);
  const file = path.join(cache, 'tables.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cache, { recursive: true });
    const tmp = `${file}.tmp-${process.pid}`;
    run('go', ['run', '.', path.join(cache, 'work'), tmp], path.join(__dirname, 'cel-tables'));
    fs.renameSync(tmp, file);
  }
  return { file, source: `k8s.io/apiextensions-apiserver@${CEL_TABLES_VERSION}` };
}

module.exports = { crdCorpus, celTables, CORPUS, CONTROLLER_GEN_VERSION, CEL_TABLES_VERSION };

if (require.main === module) {
  const names = process.argv.slice(2);
  if (names.length === 0 || names.includes('cel-tables')) {
    const { file, source } = celTables();
    process.stdout.write(`cel-tables\t${source}\t${JSON.parse(fs.readFileSync(file, 'utf8')).cases.length} schemas\t${file}\n`);
  }
  for (const name of names.length > 0 ? names.filter((n) => n !== 'cel-tables') : Object.keys(CORPUS)) {
    const { crdDir, module: mod } = crdCorpus(name);
    const files = fs.readdirSync(crdDir).filter((f) => f.endsWith('.yaml'));
    process.stdout.write(`${name}\t${mod}\t${files.length} CRDs\t${crdDir}\n`);
  }
}
