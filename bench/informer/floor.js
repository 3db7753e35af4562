'use strict';
/**
 * The floor children of the informer benchmark, children like the others (see protocol.js), which keep no cache and
 * call no handler: what the bytes alone cost.
 *
 * Sync floor (`--list=paged|rv0|streaming`, run in every round): merely receiving the bytes of the list, with Node's
 * HTTPS client on one keep-alive connection and no decoding at all — the time the apiserver takes to serve the list,
 * plus the TLS handshake and the transfer. Timed from the first request to the last byte, in a fresh process, so that
 * it is comparable with the clients' sync times. `--list=paged` (default): sequential pages of 500 (the continue token
 * taken from the last bytes of each page, where the apiserver writes the list's metadata for custom resources), as
 * kubegen's reflector lists with `listSemantic: 'MostRecent'`; `--list=rv0`: `resourceVersion=0&limit=500`, which the
 * apiserver serves from its watch cache in one response ignoring the limit — what both reflectors ask for by default
 * without streaming lists; `--list=streaming`: the streaming list both ask for by default (a watch with
 * `sendInitialEvents`, as kubegen's reflector and client-go's WatchList request it), its bytes received until the
 * BOOKMARK that ends the initial events (its `k8s.io/initial-events-end` annotation, found in the bytes), then the
 * watch dropped — the apiserver writes a streaming list event by event, so this floor is the pace it sends at. Reports
 * `objects` counted from the bytes (the `"uid":"` of each item's metadata; a bookmark has none), not parsed.
 *
 * Watch floors (`--floor=bytes|parse|store`, clients floor-bytes, floor-parse and floor-store of BENCH_INFORMER_CLIENTS,
 * run by default):
 * they list once (unpaged, for the count and the resourceVersion) and then catch up like the informers, over the
 * runtime's REST client, re-watching from the last resourceVersion when the apiserver ends a watch:
 *   - floor-bytes: receives the watch's bytes and counts the marker in them (no line splitting, no JSON);
 *   - floor-parse: splits the bytes into lines and JSON.parses each (the object's spec.schedule is then checked as
 *     the informers' handlers do);
 *   - floor-store: floor-parse, and keeps every object in one Map by `namespace/name` (the listed ones, then each
 *     event's: set, or deleted) — the least an informer does, with no index, no handler queue and no resourceVersion
 *     bookkeeping. Unlike floor-parse its objects live on, as an informer's do, so the garbage collector copies and
 *     marks them.
 */
const https = require('node:https');
const { Expectation, emit, serve, args, trace } = require('./protocol');
const { loadFromDefault, createRestClient } = require('@kubegen/runtime');

/** The body of one GET, as one buffer. */
function get(agent, url, headers) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${res.statusCode}`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Occurrences of `needle` in `buf`. */
function count(buf, needle) {
  let n = 0;
  for (let i = buf.indexOf(needle); i >= 0; i = buf.indexOf(needle, i + needle.length)) n++;
  return n;
}

/**
 * Receives a streaming list's bytes until the BOOKMARK that ends its initial events, then drops the watch; resolves
 * with the occurrences of `needle` before it (the objects). The marker and the needle are searched across chunk
 * boundaries (each chunk searched with the tail of the one before).
 */
function untilInitialEventsEnd(agent, url, headers, needle) {
  const end = Buffer.from('"k8s.io/initial-events-end":"true"');
  const tail = Math.max(end.length, needle.length) - 1;
  return new Promise((resolve, reject) => {
    const req = https.get(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${url}: ${res.statusCode}`));
        res.resume();
        return;
      }
      let objects = 0;
      let carry = Buffer.alloc(0);
      res.on('data', (raw) => {
        // the carried tail was searched already for whole needles: only occurrences that start in the new bytes count
        const chunk = carry.length ? Buffer.concat([carry, raw]) : raw;
        const at = chunk.indexOf(end);
        const limit = at === -1 ? chunk.length : at;
        for (let i = chunk.indexOf(needle, Math.max(0, carry.length - needle.length + 1)); i !== -1 && i < limit; i = chunk.indexOf(needle, i + needle.length)) objects++;
        if (at !== -1) {
          resolve(objects);
          req.destroy();
          return;
        }
        carry = chunk.subarray(Math.max(0, chunk.length - tail));
      });
      res.on('end', () => reject(new Error(`${url}: the watch ended before its initial events did`)));
      res.on('error', reject);
    });
    // after the bookmark the promise is settled: the error of the dropped watch changes nothing
    req.on('error', reject);
  });
}

async function syncFloor(a) {
  const config = await loadFromDefault({ kubeconfig: a.kubeconfig });
  const headers = { accept: 'application/json', ...(config.headers ? await config.headers() : {}) };
  const tls = config.tls ?? {};
  const agent = new https.Agent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: tls.rejectUnauthorized !== false });
  const collection = `${config.server}/apis/${a.group}/${a.version}/namespaces/${a.namespace}/${a.resource}`;
  const uid = Buffer.from('"uid":"');
  const start = performance.now();
  let objects = 0;
  if (a.list === 'streaming') {
    const query = 'watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true';
    objects = await untilInitialEventsEnd(agent, `${collection}?${query}`, headers, uid);
  } else if (a.list === 'rv0') {
    objects = count(await get(agent, `${collection}?resourceVersion=0&limit=500`, headers), uid);
  } else {
    let token = '';
    do {
      const page = await get(agent, `${collection}?limit=500${token ? `&continue=${encodeURIComponent(token)}` : ''}`, headers);
      objects += count(page, uid);
      const m = /"continue":"([^"]*)"/.exec(page.toString('latin1', Math.max(0, page.length - 1024)));
      token = m ? m[1] : '';
    } while (token);
  }
  emit({ event: 'synced', ms: performance.now() - start, objects });
  serve(
    { arm: () => undefined },
    () => [],
    () => undefined,
    () => {
      agent.destroy();
      process.exit(0);
    },
  );
}

async function watchFloor(a) {
  const mode = a.floor;
  if (mode !== 'bytes' && mode !== 'parse' && mode !== 'store') throw new Error(`--floor=bytes|parse|store, got ${mode}`);
  const client = `floor-${mode}`;
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }));
  const path = `/apis/${a.group}/${a.version}/namespaces/${a.namespace}/${a.resource}`;
  const start = performance.now();
  const list = await rest.request({ method: 'GET', path });
  const names = list.items.map((o) => o.metadata.name);
  let rv = list.metadata.resourceVersion;
  const keyOf = (o) => `${o.metadata.namespace}/${o.metadata.name}`;
  /** floor-store's cache: every object by `namespace/name`. */
  const cache = mode === 'store' ? new Map(list.items.map((o) => [keyOf(o), o])) : undefined;
  /**
   * The watch's history is gone (an ERROR event, 410 Expired: the apiserver dropped the paused watch and its window
   * moved on): list again, as any informer must, and count the marked objects of the list (floor-store: the list
   * replaces the cache).
   */
  const relist = async () => {
    trace(client, 'relist after an ERROR event');
    const again = await rest.request({ method: 'GET', path });
    rv = again.metadata.resourceVersion;
    if (cache) {
      cache.clear();
      for (const o of again.items) cache.set(keyOf(o), o);
    }
    // floor-bytes counts the marker's occurrences, the others the marked objects (once each)
    if (mode === 'bytes') {
      for (const o of again.items) if (expectation.pattern && o.spec.schedule === expectation.marker && ++count === expectation.want) expectation.caughtUp();
    } else for (const o of again.items) expectation.update(o.metadata.name, o.spec.schedule);
  };
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
      /** An ERROR event ended the watch (floor-parse, floor-store): relist. */
      let expired = false;
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
          const last = lastLine ? JSON.parse(lastLine.toString('utf8')) : undefined;
          if (last?.type === 'ERROR') await relist();
          else if (last) rv = last.object.metadata.resourceVersion;
        } else {
          for await (const raw of res.body) {
            const chunk = carry.length ? Buffer.concat([carry, raw]) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
            let from = 0;
            for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
              const ev = JSON.parse(chunk.toString('utf8', from, nl));
              from = nl + 1;
              if (ev.type === 'ERROR') {
                expired = true;
                break;
              }
              rv = ev.object.metadata.resourceVersion;
              if (cache && ev.type !== 'BOOKMARK') {
                if (ev.type === 'DELETED') cache.delete(keyOf(ev.object));
                else cache.set(keyOf(ev.object), ev.object);
              }
              if (ev.type === 'MODIFIED') expectation.update(ev.object.metadata.name, ev.object.spec.schedule);
            }
            if (expired) break;
            carry = chunk.subarray(from);
          }
          if (expired) await relist();
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
  // floor-store's lister: its cache's key of a name, made once (no string built per get)
  const keyByName = new Map(names.map((n) => [n, `${a.namespace}/${n}`]));
  serve(
    expectation,
    () => names,
    cache ? (name) => cache.get(keyByName.get(name)) : (name) => byName.get(name),
    () => {
      stop.abort();
      void rest.close().finally(() => process.exit(0));
    },
  );
}

async function main() {
  const a = args();
  if (a.floor !== undefined) await watchFloor(a);
  else await syncFloor(a);
}

main().catch((err) => {
  process.stderr.write(`floor child: ${err.stack ?? err}\n`);
  process.exit(1);
});
