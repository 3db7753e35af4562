#!/usr/bin/env node
/**
 * `npm run bench -- <name> [args…]` runs `bench/<name>/index.js` in a child process (inheriting stdio) and exits
 * with its code. Without a name it lists the benchmarks. Benchmarks that use the compiled generator require
 * `dist/`; it is built first (`npm run build`) when missing.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const REPO = path.resolve(__dirname, '..');
const available = fs
  .readdirSync(__dirname, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(__dirname, e.name, 'index.js')))
  .map((e) => e.name)
  .sort();

const [name, ...rest] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  if (name) process.stderr.write(`bench: unknown benchmark "${name}"\n`);
  process.stderr.write(`usage: npm run bench -- <name>   (one of: ${available.join(', ')})\n`);
  process.exit(name ? 2 : 0);
}

if (!fs.existsSync(path.join(REPO, 'dist', 'generator', 'cli.js'))) {
  process.stderr.write('bench: dist/ is missing, running npm run build\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const r = spawnSync(process.execPath, [path.join(__dirname, name, 'index.js'), ...rest], { cwd: REPO, stdio: 'inherit' });
process.exit(r.status ?? 1);
