#!/usr/bin/env node
'use strict';
/**
 * `npm run api:generate [-- --verify]`: regenerates all of `@kubegen/api` from the official OpenAPI v3 of Kubernetes
 * (the pinned k8s.io/kubernetes module's `api/openapi-spec/v3`, fetched once through the Go module proxy into the Go
 * module cache, never committed) — every group version it has a document of, alpha and beta included (listed in
 * api/kubernetes-version.json; a group version of the spec missing from the list is an error):
 *
 *   1. `kubegen import openapi <spec files> --out api/apis --group-folder short --go-docs <json>` — the
 *      input-language sources, `api/apis/<group>/<version>/*.ts` (`core/v1`, `apps/v1`, `rbac/v1` … as k8s.io/api
 *      lays them out), with the Go comments, named scalar types and embedding of k8s.io/api (`scripts/go-docs.js`);
 *   2. `kubegen generate --config api/kubegen.config.json` — types, deepcopy, validators (of every struct type:
 *      `validation.types: "all"`, which the validators of CRDs embedding a built-in type call), clients, fakes,
 *      listers and informers into `api/src/`.
 *
 * With `--verify` nothing is written: the import is compared with `api/apis` and the generated sources with
 * `api/src` (as `kubegen generate --verify` does), and the exit code says whether they are up to date.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { kubernetesOpenApiDir, specFile, specGroupVersions } = require('./kubernetes-openapi.js');
const { writeGoDocs } = require('./go-docs.js');

const REPO = path.resolve(__dirname, '..');
const API = path.join(REPO, 'api');
/** The Kubernetes release @kubegen/api is generated from (k8s.io/kubernetes module version). */
const KUBERNETES_VERSION = require(path.join(API, 'kubernetes-version.json')).kubernetes;
/** The group versions of @kubegen/api: the spec files of `api/openapi-spec/v3` to import. */
const GROUP_VERSIONS = require(path.join(API, 'kubernetes-version.json')).groupVersions;

function kubegen(args) {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bin', 'kubegen.js'), ...args], { cwd: REPO, stdio: 'inherit' });
  return r.status ?? 1;
}

function main(argv) {
  const verify = argv.includes('--verify');
  const dir = kubernetesOpenApiDir(KUBERNETES_VERSION);
  const specs = GROUP_VERSIONS.map((gv) => path.join(dir, specFile(gv)));
  for (const s of specs) if (!fs.existsSync(s)) throw new Error(`no OpenAPI document ${s} in k8s.io/kubernetes@${KUBERNETES_VERSION}`);
  // every group version the release serves is in @kubegen/api: a new one is added to the list, not left out silently
  const missing = specGroupVersions(dir).filter((gv) => !GROUP_VERSIONS.includes(gv));
  if (missing.length > 0) {
    process.stderr.write(`api-generate: Kubernetes ${KUBERNETES_VERSION} serves ${missing.join(', ')}, not in api/kubernetes-version.json: add them\n`);
    return 1;
  }
  // the Go side file (descriptions with their line breaks, PodPhase-like aliases, inline embedding: see docs/import.md)
  const goDocsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-go-docs-'));
  const goDocs = writeGoDocs(KUBERNETES_VERSION, path.join(goDocsDir, 'go-docs.json'));
  try {
    return run(verify, specs, goDocs);
  } finally {
    fs.rmSync(goDocsDir, { recursive: true, force: true });
  }
}

function run(verify, specs, goDocs) {
  let code;
  if (verify) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-api-'));
    try {
      code = kubegen(['import', 'openapi', ...specs, '--out', tmp, '--group-folder', 'short', '--go-docs', goDocs]);
      if (code === 0) code = diffTrees(tmp, path.join(API, 'apis'));
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    if (code !== 0) return code;
    return kubegen(['generate', '--config', path.join(API, 'kubegen.config.json'), '--verify']);
  }
  fs.rmSync(path.join(API, 'apis'), { recursive: true, force: true });
  code = kubegen(['import', 'openapi', ...specs, '--out', path.join(API, 'apis'), '--group-folder', 'short', '--go-docs', goDocs]);
  if (code !== 0) return code;
  return kubegen(['generate', '--config', path.join(API, 'kubegen.config.json')]);
}

/** Files of `want` and `have` (relative paths) must be the same set with the same content. */
function diffTrees(want, have) {
  const list = (root) => {
    const out = [];
    const walk = (d) => {
      if (!fs.existsSync(d)) return;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else out.push(path.relative(root, p));
      }
    };
    walk(root);
    return out.sort();
  };
  const a = list(want);
  const b = list(have);
  const bad = [...new Set([...a, ...b])].filter((f) => !a.includes(f) || !b.includes(f) || fs.readFileSync(path.join(want, f), 'utf8') !== fs.readFileSync(path.join(have, f), 'utf8'));
  for (const f of bad) process.stderr.write(`api-generate: api/apis/${f} differs from the import of Kubernetes ${KUBERNETES_VERSION}\n`);
  if (bad.length > 0) process.stderr.write('api-generate: run npm run api:generate\n');
  return bad.length > 0 ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
