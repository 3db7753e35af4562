'use strict';
/**
 * The real-world corpus of `kubegen import`: the CRDs controller-gen v0.21.0 makes from the published Go module
 * github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring v0.95.2 (all versions, ~5 MB of YAML with
 * PodSpec inside). Generated on demand, never committed, cached under ~/.cache/kubegen (KUBEGEN_CACHE overrides).
 *
 *   const { prometheusOperatorCrds } = require('./scripts/prometheus-operator-crds');
 *   const { crdDir, moduleDir, controllerGen, controllerGenArgs } = prometheusOperatorCrds();
 *
 * Steps (each skipped when its result is cached): a tiny Go module requiring the monitoring module (`go get`,
 * through the Go module proxy); controller-gen v0.21.0 installed with `go install` into ~/go/bin when missing
 * (CONTROLLER_GEN overrides the binary); `controller-gen crd paths=<module>/... output:crd:dir=<crdDir>` — plain
 * `crd`, the options of the project's full CRDs (example/prometheus-operator-crd-full). Throws with the tool's
 * output when a step fails.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const MODULE = 'github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring';
const VERSION = 'v0.95.2';
const CONTROLLER_GEN_VERSION = 'v0.21.0';

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

function prometheusOperatorCrds() {
  const cache = path.join(process.env.KUBEGEN_CACHE || path.join(os.homedir(), '.cache', 'kubegen'), `prometheus-operator-${VERSION}`);
  const moduleDir = path.join(cache, 'module');
  const crdDir = path.join(cache, `crds-controller-gen-${CONTROLLER_GEN_VERSION}`);
  const controllerGen = controllerGenBinary();
  const controllerGenArgs = (outDir) => ['crd', `paths=${MODULE}/...`, `output:crd:dir=${outDir}`];
  if (!fs.existsSync(path.join(moduleDir, 'go.sum'))) {
    fs.mkdirSync(moduleDir, { recursive: true });
    fs.writeFileSync(path.join(moduleDir, 'go.mod'), 'module kubegen.test/prometheusoperator\n\ngo 1.24\n');
    fs.writeFileSync(path.join(moduleDir, 'tools.go'), `package prometheusoperator\n\nimport (\n\t_ "${MODULE}/v1"\n\t_ "${MODULE}/v1alpha1"\n\t_ "${MODULE}/v1beta1"\n)\n`);
    run('go', ['get', `${MODULE}@${VERSION}`, `${MODULE}/v1@${VERSION}`, `${MODULE}/v1alpha1@${VERSION}`, `${MODULE}/v1beta1@${VERSION}`], moduleDir, { GOFLAGS: '-mod=mod' });
  }
  const done = path.join(crdDir, '.complete');
  if (!fs.existsSync(done)) {
    fs.rmSync(crdDir, { recursive: true, force: true });
    const tmp = `${crdDir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    run(controllerGen, controllerGenArgs(tmp), moduleDir);
    fs.writeFileSync(path.join(tmp, '.complete'), `${MODULE}@${VERSION} controller-gen ${CONTROLLER_GEN_VERSION}\n`);
    fs.renameSync(tmp, crdDir);
  }
  return { crdDir, moduleDir, controllerGen, controllerGenArgs, module: `${MODULE}@${VERSION}` };
}

module.exports = { prometheusOperatorCrds, MODULE, VERSION, CONTROLLER_GEN_VERSION };
