'use strict';
/**
 * The peer of the admission-large benchmark: a plain node:https server that does what the kubegen webhook server did
 * before issue 23 and what a hand-written Node webhook does — read the body, `JSON.parse` it and walk it for its
 * depth synchronously on 'end', run the same validating rule, answer the AdmissionReview — with the same time limits
 * as kubegen's WebhookServer defaults (request 30 s, headers 30 s). `GET /healthz` → 200 `ok`.
 *
 *   node peer.js <cert-dir> <port>     prints `listening <port>` once it serves
 */
const fs = require('node:fs');
const https = require('node:https');
const path = require('node:path');

const [certDir, port] = process.argv.slice(2);

function nestsDeeper(value, max) {
  const stack = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const c of Array.isArray(v) ? v : Object.keys(v).map((k) => v[k])) if (typeof c === 'object' && c !== null) stack.push([c, depth + 1]);
  }
  return false;
}

const server = https.createServer(
  {
    cert: fs.readFileSync(path.join(certDir, 'tls.crt')),
    key: fs.readFileSync(path.join(certDir, 'tls.key')),
    requestTimeout: 30_000,
    headersTimeout: 30_000,
    connectionsCheckingInterval: 3_000,
  },
  (req, res) => {
    if (req.url === '/healthz') return res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok\n');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let review;
      try {
        review = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (nestsDeeper(review, 1000)) throw new Error('too deep');
      } catch (e) {
        return res.writeHead(400).end(`${e.message}\n`);
      }
      const obj = review.request.object;
      const replicas = obj.spec?.replicas;
      const message = replicas !== undefined && replicas > 10 ? `spec.replicas: ${replicas} is more than 10` : !obj.spec?.schedule ? 'spec.schedule is required' : undefined;
      const response = message ? { uid: review.request.uid, allowed: false, status: { code: 403, message } } : { uid: review.request.uid, allowed: true };
      const json = JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) }).end(json);
    });
  },
);
server.listen(Number(port), '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
