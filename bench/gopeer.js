'use strict';
/**
 * Builds the Go peer of a benchmark (`bench/<name>/go`, modules from the proxy) once per source: the binary is cached
 * outside the repository, in `~/.cache/kubegen/bench/<name>-<sha256 of go.mod, go.sum and the .go files>`, so a
 * rerun starts at once and an edit rebuilds. `KUBEGEN_BENCH_CACHE` overrides the directory.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

function buildGoPeer(benchDir, name) {
  const src = path.join(benchDir, 'go');
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(src).filter((f) => f === 'go.mod' || f === 'go.sum' || f.endsWith('.go')).sort()) {
    hash.update(f).update('\0').update(fs.readFileSync(path.join(src, f))).update('\0');
  }
  const dir = process.env.KUBEGEN_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'kubegen', 'bench');
  const out = path.join(dir, `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(out)) return out;
  fs.mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  const tmp = `${out}.tmp-${process.pid}`;
  execFileSync('go', ['build', '-o', tmp, '.'], { cwd: src, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOFLAGS: '-mod=mod' } });
  fs.renameSync(tmp, out);
  console.log(`built the Go peer ${path.basename(out)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

module.exports = { buildGoPeer };
