'use strict';
/**
 * The child side of the informer benchmark's protocol (bench/informer/index.js is the parent; go/main.go speaks the
 * same): JSON lines on standard output, commands on standard input.
 *
 *   → {"event":"synced","ms":<start to synced>,"objects":<n>}
 *   ← expect <n> <marker>      → {"event":"armed"}; later {"event":"caughtUp","at":<Date.now()>,"cpuMs":<cpu>} when
 *                                the n-th update setting spec.schedule to <marker> (the rest of the line, words joined
 *                                by one space) reached the handler; cpuMs: the process's CPU time (user + system) from
 *                                armed to then — what catching up cost it, whatever else the machine ran; relists (the
 *                                kubegen child only): the catch-up relists its informer chose so far
 *   ← lister                   → {"event":"lister","p50ns":<median ns per get, batches of 1,000>}
 *   ← exit
 */
const readline = require('node:readline');

/** With BENCH_INFORMER_TRACE: a line on standard error, `[<client> <pid> <ms since epoch>] <msg>`. */
function trace(client, msg) {
  if (process.env.BENCH_INFORMER_TRACE) process.stderr.write(`[${client} ${process.pid} ${Date.now()}] ${msg}\n`);
}

/** Wraps a body (an async iterable of byte chunks) so that its end is traced with the chunks and bytes it carried. */
async function* tracedBody(client, what, body) {
  let chunks = 0;
  let bytes = 0;
  try {
    for await (const c of body) {
      chunks++;
      bytes += c.length;
      yield c;
    }
    trace(client, `${what} ended: ${chunks} chunks, ${bytes} bytes`);
  } catch (err) {
    trace(client, `${what} failed after ${chunks} chunks, ${bytes} bytes: ${err?.message ?? err}`);
    throw err;
  }
}

function emit(value) {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** Counts marked updates; `hit(key)` once per object whose new state carries the marker. */
class Expectation {
  marker = '';
  want = -1;
  seen = new Set();

  arm(marker, want) {
    this.marker = marker;
    this.want = want;
    this.seen = new Set();
    this.cpu = process.cpuUsage();
    if (process.env.BENCH_INFORMER_TRACE) {
      setInterval(() => process.stderr.write(`[${process.pid}] ${this.seen.size}/${this.want} marked updates seen\n`), 1000).unref();
    }
  }

  /** Record an update of `key` whose new spec.schedule is `schedule`. */
  update(key, schedule) {
    if (this.marker === '' || schedule !== this.marker || this.seen.has(key)) return;
    this.seen.add(key);
    if (this.seen.size === this.want) this.caughtUp();
  }

  caughtUp() {
    const cpu = process.cpuUsage(this.cpu);
    emit({ event: 'caughtUp', at: Date.now(), cpuMs: (cpu.user + cpu.system) / 1000, ...(this.relists ? { relists: this.relists() } : {}) });
  }
}

/** The median ns per `get(name)` over batches of 1,000 names, 20 passes over `names` shuffled (seeded). */
function listerP50(get, names) {
  const order = [...names];
  let seed = 1;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const batch = 1000;
  const perGet = [];
  let found = 0;
  for (let round = 0; round < 20; round++) {
    for (let s = 0; s + batch <= order.length; s += batch) {
      const t = process.hrtime.bigint();
      for (let i = s; i < s + batch; i++) if (get(order[i]) !== undefined) found++;
      perGet.push(Number(process.hrtime.bigint() - t) / batch);
    }
  }
  if (found === 0) throw new Error('the lister found nothing');
  perGet.sort((a, b) => a - b);
  return perGet[Math.floor(perGet.length / 2)];
}

/** Serves the parent's commands after sync. `names()` lists the cached names, `get(name)` reads the lister. */
function serve(expectation, names, get, stop) {
  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const [cmd, n, ...marker] = line.trim().split(/\s+/);
    if (cmd === 'expect') {
      expectation.arm(marker.join(' '), Number(n));
      emit({ event: 'armed' });
    } else if (cmd === 'lister') {
      emit({ event: 'lister', p50ns: listerP50(get, names()) });
    } else if (cmd === 'exit') {
      rl.close();
      stop();
    }
  });
}

/** Parses `--key=value` arguments. */
function args() {
  const out = {};
  for (const a of process.argv.slice(2)) {
    const m = /^--([^=]+)=(.*)$/.exec(a);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

module.exports = { emit, Expectation, serve, args, trace, tracedBody };
