'use strict';
/**
 * The kubegen side of the admission benchmark, run in a fresh process by index.js: the runtime's AdmissionServer
 * (runtime/dist) with the benchmark's validating handler — the same rule as the Go peer's (go/main.go) — at
 * /validate-stable-example-com-v1-crontab, serving the certificate files in the given directory.
 *
 *   node server.js <cert-dir> <port>     prints `listening <port>` once it serves
 */
const path = require('node:path');
const root = path.resolve(__dirname, '..', '..');
const { AdmissionServer, AdmissionDenied, admissionKind } = require(path.join(root, 'runtime', 'dist', 'webhook', 'admission', 'index.js'));

const [certDir, port] = process.argv.slice(2);
const server = new AdmissionServer({ certFile: path.join(certDir, 'tls.crt'), keyFile: path.join(certDir, 'tls.key'), host: '127.0.0.1', port: Number(port) });
const check = (obj) => {
  const replicas = obj.spec?.replicas;
  if (replicas !== undefined && replicas > 10) throw new AdmissionDenied(`spec.replicas: ${replicas} is more than 10`);
  if (!obj.spec?.schedule) throw new AdmissionDenied('spec.schedule is required');
  return replicas === undefined ? ['spec.replicas is not set'] : [];
};
server.validator(admissionKind({ group: 'stable.example.com', version: 'v1', kind: 'CronTab' }), {
  validateCreate: (obj) => check(obj),
  validateUpdate: (_old, obj) => check(obj),
});
server.listen().then((a) => console.log(`listening ${a.port}`));
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
