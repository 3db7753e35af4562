/**
 * A throw-away CA and a server certificate for 127.0.0.1 / localhost, made with the `openssl` CLI (node:crypto
 * cannot issue certificates). For tests that serve HTTPS (the conversion webhook).
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from './generated';

export interface TestCertificates {
  /** PEM CA certificate: what a client (or a CRD's caBundle) trusts. */
  ca: string;
  /** PEM server certificate, signed by the CA, valid for IP 127.0.0.1 and DNS localhost (and `extraNames`). */
  cert: string;
  key: string;
}

export function makeTestCertificates(extraNames: string[] = []): TestCertificates {
  const dir = tempDir('tls');
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=kubegen-test-ca', '-days', '2');
  run('req', ...ec, '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=127.0.0.1');
  const san = ['IP:127.0.0.1', 'DNS:localhost', ...extraNames.map((n) => `DNS:${n}`)].join(',');
  fs.writeFileSync(path.join(dir, 'ext.cnf'), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
  run('x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tls.crt', '-days', '2', '-extfile', 'ext.cnf');
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const certs = { ca: read('ca.crt'), cert: read('tls.crt'), key: read('tls.key') };
  fs.rmSync(dir, { recursive: true, force: true });
  return certs;
}
