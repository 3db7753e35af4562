'use strict';
/**
 * The real-world corpus of `kubegen import`: the CRDs controller-gen v0.21.0 makes from the published Go module
 * github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring v0.95.2 (all versions, ~5 MB of YAML with
 * PodSpec inside) — the `prometheus-operator` entry of scripts/crd-corpus.js, which makes and caches it (under
 * ~/.cache/kubegen/crd-corpus; KUBEGEN_CACHE overrides), never committed.
 *
 *   const { prometheusOperatorCrds } = require('./scripts/prometheus-operator-crds');
 *   const { crdDir, moduleDir, controllerGen, controllerGenArgs } = prometheusOperatorCrds();
 *
 * Plain `crd`: the options of the project's full CRDs (example/prometheus-operator-crd-full). Throws with the tool's
 * output when a step fails.
 */
const { crdCorpus, CORPUS, CONTROLLER_GEN_VERSION } = require('./crd-corpus');

const { module: MODULE, version: VERSION } = CORPUS['prometheus-operator'];

function prometheusOperatorCrds() {
  return crdCorpus('prometheus-operator');
}

module.exports = { prometheusOperatorCrds, MODULE, VERSION, CONTROLLER_GEN_VERSION };
