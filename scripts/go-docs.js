#!/usr/bin/env node
'use strict';
/**
 * The Go side file of `kubegen import openapi --go-docs` for Kubernetes' own API (see generator/import/godocs.ts):
 * runs `scripts/godocs` over every API package of k8s.io/api, the apiextensions/v1 package of
 * k8s.io/apiextensions-apiserver, the apiregistration/v1 package of k8s.io/kube-aggregator and apimachinery's meta/v1
 * and types, at the release of a Kubernetes version
 * (v1.37.2 → modules v0.37.2, fetched once through the Go module proxy into the module cache).
 *
 *   node scripts/go-docs.js v1.37.2 > go-docs.json
 *   require('./scripts/go-docs.js').writeGoDocs('v1.37.2', file)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const REPO = path.resolve(__dirname, '..');

function moduleDir(module) {
  return JSON.parse(execFileSync('go', ['mod', 'download', '-json', module], { cwd: os.tmpdir(), encoding: 'utf8' })).Dir;
}

/** `<import path>=<dir>` for every folder of `root` holding Go files (not tests, not hack/testdata). */
function goPackages(importRoot, root, sub = '') {
  const out = [];
  const dir = path.join(root, sub);
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (entries.some((e) => e.isFile() && e.name.endsWith('.go') && !e.name.endsWith('_test.go'))) out.push(`${importRoot}${sub ? `/${sub}` : ''}=${dir}`);
  for (const e of entries) if (e.isDirectory() && !['testdata', 'hack', 'roundtrip', 'testing'].includes(e.name)) out.push(...goPackages(importRoot, root, sub ? `${sub}/${e.name}` : e.name));
  return out;
}

/** The side file's JSON text for Kubernetes `version` (`v1.37.2`). */
function goDocs(version) {
  const release = version.replace(/^v1\./, 'v0.');
  const api = moduleDir(`k8s.io/api@${release}`);
  const machinery = moduleDir(`k8s.io/apimachinery@${release}`);
  const extensions = moduleDir(`k8s.io/apiextensions-apiserver@${release}`);
  const aggregator = moduleDir(`k8s.io/kube-aggregator@${release}`);
  const packages = [
    ...goPackages('k8s.io/api', api),
    `k8s.io/apimachinery/pkg/apis/meta/v1=${path.join(machinery, 'pkg', 'apis', 'meta', 'v1')}`,
    `k8s.io/apimachinery/pkg/types=${path.join(machinery, 'pkg', 'types')}`,
    `k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1=${path.join(extensions, 'pkg', 'apis', 'apiextensions', 'v1')}`,
    `k8s.io/kube-aggregator/pkg/apis/apiregistration/v1=${path.join(aggregator, 'pkg', 'apis', 'apiregistration', 'v1')}`,
  ];
  return execFileSync('go', ['run', '.', ...packages], { cwd: path.join(REPO, 'scripts', 'godocs'), encoding: 'utf8', maxBuffer: 256 << 20 });
}

/** Writes the side file for Kubernetes `version` to `file`. */
function writeGoDocs(version, file) {
  fs.writeFileSync(file, goDocs(version));
  return file;
}

module.exports = { goDocs, writeGoDocs };

if (require.main === module) {
  if (process.argv.length !== 3) {
    process.stderr.write('usage: node scripts/go-docs.js <kubernetes version, e.g. v1.37.2>\n');
    process.exit(2);
  }
  process.stdout.write(goDocs(process.argv[2]));
}
