#!/usr/bin/env node
'use strict';
// main() reports every failure itself (one line each, exit code set); this handler only sees a failure to load
// kubegen at all. Stack traces are for kubegen's developers: KUBEGEN_DEBUG=1.
const debug = process.env.KUBEGEN_DEBUG === '1';
const fail = (err) => {
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  process.stderr.write(`kubegen: internal error: ${message.split('\n')[0]}${debug ? '' : ' (KUBEGEN_DEBUG=1 prints where)'}\n`);
  if (debug && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
  process.exitCode = 70;
};
try {
  require('./compile-cache.js').enableCompileCache();
  require('../dist/generator/cli.js').main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  }, fail);
} catch (err) {
  fail(err);
}
