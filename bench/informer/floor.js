'use strict';
/**
 * The floor of the informer benchmark's initial sync, a child like the others (see protocol.js): what merely receiving
 * the bytes of the list costs, with Node's HTTPS client on one keep-alive connection and no decoding at all — the
 * time the apiserver takes to serve the list, plus the TLS handshake and the transfer. Timed from the first request
 * to the last byte, in a fresh process, so that it is comparable with the clients' sync times.
 *
 * `--list=paged` (default): sequential pages of 500 (the continue token taken from the last bytes of each page, where
 * the apiserver writes the list's metadata for custom resources), as kubegen's reflector lists by default;
 * `--list=rv0`: `resourceVersion=0&limit=500`, which the apiserver serves from its watch cache in one response
 * ignoring the limit — what client-go's reflector asks for.
 * Reports `objects` counted from the bytes (the `"uid":"` of each item's metadata), not parsed.
 */
const https = require('node:https');
const { emit, serve, args } = require('./protocol');
const { loadFromDefault } = require('@kubegen/runtime');

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

async function main() {
  const a = args();
  const config = await loadFromDefault({ kubeconfig: a.kubeconfig });
  const headers = { accept: 'application/json', ...(config.headers ? await config.headers() : {}) };
  const tls = config.tls ?? {};
  const agent = new https.Agent({ keepAlive: true, ca: tls.ca, cert: tls.cert, key: tls.key, rejectUnauthorized: tls.rejectUnauthorized !== false });
  const collection = `${config.server}/apis/${a.group}/${a.version}/namespaces/${a.namespace}/${a.resource}`;
  const uid = Buffer.from('"uid":"');
  const start = performance.now();
  let objects = 0;
  if (a.list === 'rv0') {
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

main().catch((err) => {
  process.stderr.write(`floor child: ${err.stack ?? err}\n`);
  process.exit(1);
});
