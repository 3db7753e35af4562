#!/usr/bin/env node
// Runs the npm scripts named on the command line side by side (`npm test` type-checks and lints at once: each is one
// single-threaded process, and a CI machine has two cores) and prints each one's output whole, in the order given,
// once it ends — never interleaved. Exits with the first non-zero status among them, after all have ended.
'use strict';
const { spawn } = require('node:child_process');

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/parallel.js <npm script> [<npm script> ...]\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map((name) => {
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('error', (err) => resolve({ name, code: 1, output: `${err.message}\n`, seconds: 0 }));
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8'), seconds: (Date.now() - started) / 1000 }),
    );
  });
});

void Promise.all(runs).then((results) => {
  let status = 0;
  for (const r of results) {
    process.stdout.write(`== npm run ${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`} in ${r.seconds.toFixed(0)} s\n`);
    if (r.output) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
    if (r.code !== 0 && status === 0) status = r.code;
  }
  process.exitCode = status;
});
