'use strict';
/**
 * The official OpenAPI v3 documents of Kubernetes (api/openapi-spec/v3 of the k8s.io/kubernetes module), fetched
 * once through the Go module proxy into the Go module cache (`go mod download`), never committed.
 *
 *   const { kubernetesOpenApiDir } = require('./scripts/kubernetes-openapi');
 *   kubernetesOpenApiDir('v1.34.1') // → …/k8s.io/kubernetes@v1.34.1/api/openapi-spec/v3
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

function kubernetesOpenApiDir(version) {
  const r = spawnSync('go', ['mod', 'download', '-json', `k8s.io/kubernetes@${version}`], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`go mod download k8s.io/kubernetes@${version} failed:\n${r.stdout}${r.stderr}`);
  const dir = JSON.parse(r.stdout).Dir;
  return path.join(dir, 'api', 'openapi-spec', 'v3');
}

module.exports = { kubernetesOpenApiDir };
