'use strict';
/**
 * The kubelet of bench/admission-large: a process of its own (as the kubelet is) that sends `GET /healthz` on a new
 * TLS connection every `gapMs` after the previous answer, from the `start` message until the `stop` message, then
 * sends back the latencies (ms; Infinity for a failed probe). In the bench process itself its timings would include
 * the bench's own event loop encrypting 6 × 7 MiB of uploads.
 */
const https = require('node:https');

let running = false;
const latencies = [];

function probe(port, ca) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = https.request({ host: '127.0.0.1', port, method: 'GET', path: '/healthz', ca, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : Infinity));
      res.on('error', () => resolve(Infinity));
    });
    req.on('error', () => resolve(Infinity));
    req.end();
  });
}

process.on('message', async (m) => {
  if (m.type === 'stop') {
    running = false;
    return;
  }
  if (m.type !== 'start') return;
  running = true;
  while (running) {
    latencies.push(await probe(m.port, m.ca));
    if (running) await new Promise((resolve) => setTimeout(resolve, m.gapMs));
  }
  process.send({ type: 'latencies', latencies: latencies.map((x) => (Number.isFinite(x) ? x : -1)) }, () => process.exit(0));
});
