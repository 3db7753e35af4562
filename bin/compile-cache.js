'use strict';
/**
 * V8 code caching for kubegen's start-up, like `module.enableCompileCache()` (which `tsc` calls on Node ≥ 22.1).
 * On Node versions that have it, that is used. On Node 20, modules larger than 1 MB (the bundled TypeScript
 * compiler, ~9 MB, whose compilation is a fifth of a typical run) are compiled through `vm.Script` with V8's cached
 * data, kept per file (keyed by path, size and mtime) in `<tmpdir>/kubegen-compile-cache-<node version>/`.
 * Any failure falls back to Node's own loader; the cache never changes what runs, only how fast it is compiled.
 * Set KUBEGEN_NO_COMPILE_CACHE=1 to turn it off.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const vm = require('node:vm');
const Module = require('node:module');

const MIN_SIZE = 1 << 20;

function enableCompileCache() {
  if (process.env.KUBEGEN_NO_COMPILE_CACHE) return;
  const dir = path.join(os.tmpdir(), `kubegen-compile-cache-${process.version}-${process.arch}`);
  if (typeof Module.enableCompileCache === 'function') {
    try {
      Module.enableCompileCache(dir);
    } catch {
      // best effort
    }
    return;
  }
  const original = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename) {
    if (content.length < MIN_SIZE || !filename.endsWith('.js')) return original.call(this, content, filename);
    let stat;
    try {
      stat = fs.statSync(filename);
    } catch {
      return original.call(this, content, filename);
    }
    const key = crypto.createHash('sha256').update(`${filename}\0${stat.size}\0${stat.mtimeMs}`).digest('hex').slice(0, 32);
    const cacheFile = path.join(dir, `${key}.bin`);
    let cachedData;
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
    } catch {
      return original.call(this, content, filename);
    }
    if (cachedData === undefined || script.cachedDataRejected) {
      try {
        fs.mkdirSync(dir, { recursive: true });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, script.createCachedData());
        fs.renameSync(tmp, cacheFile);
      } catch {
        // a read-only or full temp dir only costs speed
      }
    }
    const fn = script.runInThisContext({ displayErrors: true });
    const mod = this;
    const require = (id) => mod.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options);
    require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod);
    require.main = process.mainModule;
    require.extensions = Module._extensions;
    require.cache = Module._cache;
    return fn.call(mod.exports, mod.exports, require, mod, filename, path.dirname(filename));
  };
}

module.exports = { enableCompileCache };
