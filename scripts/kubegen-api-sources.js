#!/usr/bin/env node
/**
 * Stand-in for @kubegen/api's sources until that package lands: imports Kubernetes 1.37's official OpenAPI v3 for
 * core/v1, apps/v1 and batch/v1 (from the k8s.io/kubernetes module in the Go module cache) with `kubegen import
 * openapi` into api/apis/<group>/<version>/*.ts, the layout @kubegen/api uses.
 *
 *   node scripts/kubegen-api-sources.js
 *
 * Descriptions, named scalar types (PodPhase …) and inline embedding come from the Go sources of k8s.io/api and
 * k8s.io/apimachinery v0.37.2 (`scripts/godocs`, passed to the importer as `--go-docs`), so that the types expand in
 * a CRD exactly as controller-gen expands the Go types.
 *
 * The three spec files share apimachinery schemas; where two files disagree (DeleteOptions, WatchEvent differ in
 * their documented defaults) the first file's schema is kept. Needs go (for the module cache) and a built kubegen.
 */
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const VERSION = 'v1.37.2';
const FILES = ['api__v1_openapi.json', 'apis__apps__v1_openapi.json', 'apis__batch__v1_openapi.json'];
const repo = path.resolve(__dirname, '..');
const moduleDir = (m) => JSON.parse(execFileSync('go', ['mod', 'download', '-json', m], { cwd: os.tmpdir(), encoding: 'utf8' })).Dir;
const modDir = moduleDir(`k8s.io/kubernetes@${VERSION}`);
const apiDir = moduleDir(`k8s.io/api@${VERSION.replace('v1.', 'v0.')}`);
const machineryDir = moduleDir(`k8s.io/apimachinery@${VERSION.replace('v1.', 'v0.')}`);
const GO_PACKAGES = ['core/v1', 'apps/v1', 'batch/v1', 'autoscaling/v1', 'policy/v1', 'authentication/v1'].map((p) => `k8s.io/api/${p}=${path.join(apiDir, p)}`);
GO_PACKAGES.push(`k8s.io/api/scheduling/v1alpha3=${path.join(apiDir, 'scheduling', 'v1alpha3')}`);
for (const p of ['apis/meta/v1', 'types']) GO_PACKAGES.push(`k8s.io/apimachinery/pkg/${p}=${path.join(machineryDir, 'pkg', ...p.split('/'))}`);
const schemas = Object.create(null);
for (const f of FILES) {
  const doc = JSON.parse(fs.readFileSync(path.join(modDir, 'api', 'openapi-spec', 'v3', f), 'utf8'));
  for (const [name, s] of Object.entries(doc.components.schemas)) if (!Object.hasOwn(schemas, name)) schemas[name] = s;
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-'));
const merged = path.join(tmp, 'kubernetes-1.37-core-apps-batch.json');
fs.writeFileSync(merged, JSON.stringify({ openapi: '3.0.0', info: { title: 'Kubernetes', version: VERSION }, paths: {}, components: { schemas } }));
const goDocs = path.join(tmp, 'go-docs.json');
fs.writeFileSync(goDocs, execFileSync('go', ['run', '.', ...GO_PACKAGES], { cwd: path.join(repo, 'scripts', 'godocs'), encoding: 'utf8', maxBuffer: 64 << 20 }));
const out = path.join(repo, 'api', 'apis');
fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [path.join(repo, 'bin', 'kubegen.js'), 'import', 'openapi', merged, '--out', out, '--go-docs', goDocs], { stdio: ['ignore', 'inherit', 'ignore'] });
fs.rmSync(tmp, { recursive: true, force: true });
