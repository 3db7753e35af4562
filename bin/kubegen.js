#!/usr/bin/env node
'use strict';
require('./compile-cache.js').enableCompileCache();
require('../dist/generator/cli.js').main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`kubegen: ${err && err.stack ? err.stack : err}\n`); process.exitCode = 2; },
);
