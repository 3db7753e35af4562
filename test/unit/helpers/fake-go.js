#!/usr/bin/env node
/*
 * A stand-in for the `go` command, for the control-plane build's unit tests: it answers the commands
 * buildControlPlaneBinaries runs (env, mod download, mod tidy, list -deps, build -v) the way Go does — results on
 * stdout, `go: downloading …` and compiled import paths on stderr — and writes a shell script where a binary goes.
 *
 * Environment:
 * - FAKE_GO_DIR: its working directory: the downloaded module, `calls.jsonl` (one record per call), sync markers;
 * - FAKE_GO_PROGRESS: a file the test appends progress lines to; a build waits (up to 60 s) until that file says its
 *   binary was seen compiling, so the test sees a progress line without depending on timing;
 * - FAKE_GO_FAIL: `etcd` makes the etcd build fail with a compile error.
 * Both builds wait (up to 60 s) until the other has started: they end only if they run at the same time.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const dir = process.env.FAKE_GO_DIR;
const args = process.argv.slice(2);
const which = path.basename(process.cwd()); // kube-apiserver | etcd (the build's module folders)
fs.appendFileSync(path.join(dir, 'calls.jsonl'), JSON.stringify({ args, cwd: process.cwd(), which }) + '\n');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(what, test) {
  for (let waited = 0; waited < 60_000; waited += 20) {
    if (test()) return;
    await sleep(20);
  }
  process.stderr.write(`fake go: gave up waiting for ${what}\n`);
  process.exit(3);
}
const readOr = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

const packages = {
  'kube-apiserver': ['runtime', 'k8s.io/apimachinery/pkg/runtime', 'k8s.io/apiserver/pkg/server', 'k8s.io/kubernetes/cmd/kube-apiserver'],
  etcd: ['runtime', 'go.etcd.io/etcd/server/v3/etcdmain', 'kubegen.local/envtest/etcd'],
};

async function main() {
  const [cmd, sub] = args;
  if (cmd === 'env' && sub === 'GOVERSION') {
    process.stdout.write('go1.99.0\n');
    return;
  }
  if (cmd === 'mod' && sub === 'download') {
    const spec = args[args.length - 1];
    const version = spec.split('@v')[1];
    const mod = path.join(dir, 'mod', 'k8s.io', `kubernetes@v${version}`);
    fs.mkdirSync(path.join(mod, 'build'), { recursive: true });
    fs.writeFileSync(
      path.join(mod, 'go.mod'),
      'module k8s.io/kubernetes\n\ngo 1.99.0\n\nreplace (\n\tk8s.io/api => ./staging/src/k8s.io/api\n\tk8s.io/client-go => ./staging/src/k8s.io/client-go\n)\n',
    );
    fs.writeFileSync(path.join(mod, 'build', 'dependencies.yaml'), 'dependencies:\n  - name: golang\n    version: 1.99.0\n  - name: etcd\n    version: 3.6.9\n');
    fs.writeFileSync(path.join(mod, 'info.json'), JSON.stringify({ Version: `v${version}`, Time: '2026-01-02T03:04:05Z' }));
    process.stderr.write(`go: downloading k8s.io/kubernetes v${version}\n`);
    process.stdout.write(JSON.stringify({ Path: 'k8s.io/kubernetes', Version: `v${version}`, Dir: mod, GoMod: path.join(mod, 'go.mod'), Info: path.join(mod, 'info.json') }, null, '\t') + '\n');
    return;
  }
  if (cmd === 'mod' && sub === 'tidy') {
    process.stderr.write('go: finding module for package go.etcd.io/etcd/server/v3/etcdmain\ngo: downloading go.etcd.io/etcd/server/v3 v3.6.9\n');
    return;
  }
  if (cmd === 'list') {
    process.stderr.write(which === 'etcd' ? 'go: downloading go.etcd.io/bbolt v1.4.0\n' : 'go: downloading k8s.io/api v0.2.3\ngo: downloading k8s.io/apiserver v0.2.3\n');
    process.stdout.write(packages[which].join('\n') + '\n');
    return;
  }
  if (cmd === 'build') {
    fs.writeFileSync(path.join(dir, `${which}.building`), '');
    const peer = which === 'etcd' ? 'kube-apiserver' : 'etcd';
    await waitFor(`the ${peer} build to start`, () => fs.existsSync(path.join(dir, `${peer}.building`)));
    const list = packages[which];
    for (const pkg of list.slice(0, -1)) process.stderr.write(`${pkg}\n`);
    if (process.env.FAKE_GO_FAIL === which) {
      process.stderr.write(`# ${list[1]}\n/src/${which}/x.go:12:3: undefined: nope\n`);
      process.exit(1);
    }
    if (process.env.FAKE_GO_FAIL) {
      // The other build fails: run until killed.
      await sleep(120_000);
      process.exit(4);
    }
    await waitFor(`a progress line about ${which} compiling`, () => readOr(process.env.FAKE_GO_PROGRESS).includes(`${which}: compiled`));
    process.stderr.write(`${list[list.length - 1]}\n`);
    const out = args[args.indexOf('-o') + 1];
    fs.writeFileSync(out, `#!/bin/sh\necho fake ${which}\n`, { mode: 0o755 });
    return;
  }
  process.stderr.write(`fake go: unexpected command: go ${args.join(' ')}\n`);
  process.exit(2);
}

main().catch((err) => {
  process.stderr.write(`fake go: ${err.stack}\n`);
  process.exit(5);
});
