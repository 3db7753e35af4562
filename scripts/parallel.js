#!/usr/bin/env node
// Runs the npm scripts named on the command line side by side (`npm test` type-checks and lints at once, then runs the
// unit and the end-to-end jest projects at once: a CI machine has two cores, and the end-to-end files spend most of
// their time waiting on the control plane). The first script's output is streamed as it comes, a whole line at a time;
// every other script's output is held and printed whole once it ends, between two lines of the first — never
// interleaved. Each one's status and time is printed at the end. Exits with the first non-zero status among them (in the
// order given), after all have ended.
'use strict';
const { spawn } = require('node:child_process');

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/parallel.js <npm script> [<npm script> ...]\n');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The first script's output not yet printed: the start of a line whose end has not come yet. */
let pendingLine = '';

function streamFirst(chunk) {
  const text = pendingLine + chunk.toString('utf8');
  const end = text.lastIndexOf('\n');
  if (end === -1) {
    pendingLine = text;
    return;
  }
  process.stdout.write(text.slice(0, end + 1));
  pendingLine = text.slice(end + 1);
}

const runs = names.map((name, index) => {
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks = [];
  const take = index === 0 ? streamFirst : (c) => chunks.push(c);
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return new Promise((resolve) => {
    const done = (code, output) => {
      const seconds = (Date.now() - started) / 1000;
      if (index !== 0) {
        process.stdout.write(`== npm run ${name} (side by side with ${names[0]}): ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s\n`);
        if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      } else if (pendingLine) {
        process.stdout.write(`${pendingLine}\n`);
        pendingLine = '';
      }
      resolve({ name, code, seconds });
    };
    child.on('error', (err) => done(1, `${err.message}\n`));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0), Buffer.concat(chunks).toString('utf8')));
  });
});

void Promise.all(runs).then((results) => {
  let status = 0;
  for (const r of results) {
    process.stdout.write(`== npm run ${r.name}: ${r.code === 0 ? 'ok' : `failed (exit ${r.code})`} in ${r.seconds.toFixed(0)} s\n`);
    if (r.code !== 0 && status === 0) status = r.code;
  }
  process.exitCode = status;
});
