#!/usr/bin/env node
/**
 * Stand-in for @kubegen/api's sources until that package lands: imports Kubernetes 1.37's official OpenAPI v3 for
 * core/v1, apps/v1 and batch/v1 (from the k8s.io/kubernetes module in the Go module cache) with `kubegen import
 * openapi` into api/apis/<group>/<version>/*.ts, the layout @kubegen/api uses.
 *
 *   node scripts/kubegen-api-sources.js
 *
 * Descriptions, named scalar types (PodPhase …) and inline embedding come from the Go sources of k8s.io/api and
 * k8s.io/apimachinery v0.37.2 (`scripts/go-docs.js`, passed to the importer as `--go-docs`), so that the types expand
 * in a CRD exactly as controller-gen expands the Go types.
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
const { writeGoDocs } = require('./go-docs.js');

const modDir = JSON.parse(execFileSync('go', ['mod', 'download', '-json', `k8s.io/kubernetes@${VERSION}`], { cwd: os.tmpdir(), encoding: 'utf8' })).Dir;
const schemas = Object.create(null);
for (const f of FILES) {
  const doc = JSON.parse(fs.readFileSync(path.join(modDir, 'api', 'openapi-spec', 'v3', f), 'utf8'));
  for (const [name, s] of Object.entries(doc.components.schemas)) if (!Object.hasOwn(schemas, name)) schemas[name] = s;
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-'));
const merged = path.join(tmp, 'kubernetes-1.37-core-apps-batch.json');
fs.writeFileSync(merged, JSON.stringify({ openapi: '3.0.0', info: { title: 'Kubernetes', version: VERSION }, paths: {}, components: { schemas } }));
const goDocs = writeGoDocs(VERSION, path.join(tmp, 'go-docs.json'));
const out = path.join(repo, 'api', 'apis');
fs.rmSync(out, { recursive: true, force: true });
execFileSync(process.execPath, [path.join(repo, 'bin', 'kubegen.js'), 'import', 'openapi', merged, '--out', out, '--go-docs', goDocs], { stdio: ['ignore', 'inherit', 'ignore'] });
fs.rmSync(tmp, { recursive: true, force: true });
