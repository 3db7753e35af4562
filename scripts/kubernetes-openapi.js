'use strict';
/**
 * The official OpenAPI v3 documents of Kubernetes (api/openapi-spec/v3 of the k8s.io/kubernetes module), fetched
 * once through the Go module proxy into the Go module cache (`go mod download`), never committed.
 *
 *   const { kubernetesOpenApiDir } = require('./scripts/kubernetes-openapi');
 *   kubernetesOpenApiDir('v1.34.1') // → …/k8s.io/kubernetes@v1.34.1/api/openapi-spec/v3
 *   specGroupVersions(dir)           // → ['v1', 'admissionregistration.k8s.io/v1', …] (the documents of the directory)
 *   specFile('apps/v1')              // → 'apis__apps__v1_openapi.json'
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

function kubernetesOpenApiDir(version) {
  const r = spawnSync('go', ['mod', 'download', '-json', `k8s.io/kubernetes@${version}`], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`go mod download k8s.io/kubernetes@${version} failed:\n${r.stdout}${r.stderr}`);
  const dir = JSON.parse(r.stdout).Dir;
  return path.join(dir, 'api', 'openapi-spec', 'v3');
}

/** The document of a group version in the directory: `api__v1_openapi.json` for the core group. */
function specFile(gv) {
  return gv === 'v1' ? 'api__v1_openapi.json' : `apis__${gv.replace('/', '__')}_openapi.json`;
}

/**
 * Every group version the directory has a document of (`api__v1_openapi.json` → `v1`,
 * `apis__apps__v1_openapi.json` → `apps/v1`; the group documents `apis__apps_openapi.json`, `/version` … name none),
 * sorted: `v1` first, then by name.
 */
function specGroupVersions(dir) {
  const out = [];
  for (const f of fs.readdirSync(dir)) {
    if (f === 'api__v1_openapi.json') continue;
    const m = /^apis__([a-z0-9.-]+)__(v[0-9]+(?:(?:alpha|beta)[0-9]+)?)_openapi\.json$/.exec(f);
    if (m) out.push(`${m[1]}/${m[2]}`);
  }
  out.sort();
  return fs.existsSync(path.join(dir, specFile('v1'))) ? ['v1', ...out] : out;
}

module.exports = { kubernetesOpenApiDir, specFile, specGroupVersions };
