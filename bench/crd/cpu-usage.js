'use strict';
// Preloaded (`node -r`) into each measured process: on exit, appends its own CPU time (user + system, ms) to the
// file named by KUBEGEN_BENCH_CPU_FILE, so the benchmark can report CPU time next to wall time on a busy machine.
const fs = require('node:fs');
const file = process.env.KUBEGEN_BENCH_CPU_FILE;
if (file) {
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    fs.writeFileSync(file, String((user + system) / 1000));
  });
}
