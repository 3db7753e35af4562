'use strict';
/**
 * The floor children of the informer benchmark (not run by default: name them in BENCH_INFORMER_CLIENTS). They speak
 * protocol.js like the informers, over the runtime's REST client (undici, the transport kubegen's informer uses),
 * but keep no cache and call no handler — they show what the catch-up costs before any informer work:
 *   - floor-bytes: receives the watch's bytes and counts the marker in them (no line splitting, no JSON);
 *   - floor-parse: splits the bytes into lines and JSON.parses each (the object's spec.schedule is then checked as
 *     the informers' handlers do).
 * Both list once (unpaged, for the count and the resourceVersion) and re-watch from the last resourceVersion when
 * the apiserver ends a watch (it does when the paused process stops reading), as an informer does.
 */
const { Expectation, emit, serve, args, trace } = require('./protocol');
const { loadFromDefault, createRestClient } = require('@kubegen/runtime');

async function main() {
  const a = args();
  const mode = a.floor;
  if (mode !== 'bytes' && mode !== 'parse') throw new Error(`--floor=bytes|parse, got ${mode}`);
  const client = `floor-${mode}`;
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }));
  const path = `/apis/${a.group}/${a.version}/namespaces/${a.namespace}/${a.resource}`;
  const start = performance.now();
  const list = await rest.request({ method: 'GET', path });
  const names = list.items.map((o) => o.metadata.name);
  let rv = list.metadata.resourceVersion;
  emit({ event: 'synced', ms: performance.now() - start, objects: names.length });

  const expectation = new Expectation();
  let count = 0;
  const stop = new AbortController();
  const watchLoop = async () => {
    while (!stop.signal.aborted) {
      const query = new URLSearchParams({ watch: 'true', resourceVersion: rv, allowWatchBookmarks: 'true' });
      trace(client, `watch ${path}?${query}`);
      const res = await rest.stream({ method: 'GET', path, query, signal: stop.signal });
      let lastLine;
      let carry = Buffer.alloc(0);
      try {
        if (mode === 'bytes') {
          /** Bytes at the start of `chunk` already searched for the marker (the carried tail of the last chunk). */
          let searched = 0;
          for await (const raw of res.body) {
            const chunk = carry.length ? Buffer.concat([carry, raw]) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
            const pattern = expectation.pattern;
            if (pattern) {
              for (let i = chunk.indexOf(pattern, searched); i !== -1; i = chunk.indexOf(pattern, i + pattern.length)) {
                if (++count === expectation.want) expectation.caughtUp();
              }
            }
            // the last complete line gives the resourceVersion to re-watch from; the partial line is carried
            const nl = chunk.lastIndexOf(0x0a);
            if (nl !== -1) lastLine = chunk.subarray(nl === 0 ? 0 : chunk.lastIndexOf(0x0a, nl - 1) + 1, nl);
            carry = chunk.subarray(nl + 1);
            searched = Math.max(0, carry.length - (pattern ? pattern.length - 1 : 0));
          }
          if (lastLine) rv = JSON.parse(lastLine.toString('utf8')).object.metadata.resourceVersion;
        } else {
          for await (const raw of res.body) {
            const chunk = carry.length ? Buffer.concat([carry, raw]) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
            let from = 0;
            for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
              const ev = JSON.parse(chunk.toString('utf8', from, nl));
              from = nl + 1;
              rv = ev.object.metadata.resourceVersion;
              if (ev.type === 'MODIFIED') expectation.update(ev.object.metadata.name, ev.object.spec.schedule);
            }
            carry = chunk.subarray(from);
          }
        }
        trace(client, 'watch ended');
      } catch (err) {
        if (stop.signal.aborted) return;
        trace(client, `watch failed: ${err.message}`);
      }
    }
  };
  void watchLoop();
  const arm = expectation.arm.bind(expectation);
  expectation.arm = (marker, want) => {
    arm(marker, want);
    count = 0;
    expectation.pattern = Buffer.from(`"schedule":${JSON.stringify(marker)}`);
  };
  const byName = new Map(names.map((n) => [n, n]));
  serve(
    expectation,
    () => names,
    (name) => byName.get(name),
    () => {
      stop.abort();
      void rest.close().finally(() => process.exit(0));
    },
  );
}

main().catch((err) => {
  process.stderr.write(`floor child: ${err.stack ?? err}\n`);
  process.exit(1);
});
