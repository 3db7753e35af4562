/**
 * The CA and client certificates of the X.509 writer (envtest's front proxy, users of an aggregated apiserver): a CA
 * on its own, a client certificate whose subject carries the user (CN) and groups (O), for client authentication
 * only, never outliving its CA — checked with node:crypto and with `openssl verify -purpose sslclient`.
 */
import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeCertificateAuthority, makeClientCertificate } from '../../../../../runtime/src/webhook/certs';

// RSA key generation and `openssl verify` (a child process) on a busy machine
jest.setTimeout(60_000);

const ca = makeCertificateAuthority({ name: 'kubegen-front-proxy-ca', validDays: 2 });

it('makes a CA of its own', () => {
  const cert = new X509Certificate(ca.cert);
  expect([cert.ca, cert.subject, cert.issuer]).toEqual([true, 'CN=kubegen-front-proxy-ca', 'CN=kubegen-front-proxy-ca']);
  expect(cert.verify(cert.publicKey)).toBe(true);
});

it('makes a client certificate: CN the user, O the groups, clientAuth, signed by the CA and within its life', () => {
  const client = makeClientCertificate({ ca, commonName: 'carol', organizations: ['ops', 'dev'], validDays: 30 });
  const cert = new X509Certificate(client.cert);
  expect(cert.subject.split('\n')).toEqual(['O=ops', 'O=dev', 'CN=carol']);
  expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']);
  expect(cert.ca).toBe(false);
  const issuer = new X509Certificate(ca.cert);
  expect([cert.checkIssued(issuer), cert.verify(issuer.publicKey)]).toEqual([true, true]);
  expect(new Date(cert.validTo).getTime()).toBeLessThanOrEqual(new Date(issuer.validTo).getTime());
  expect(cert.checkPrivateKey(createPrivateKey(client.key))).toBe(true);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-x509-client-'));
  try {
    fs.writeFileSync(path.join(dir, 'ca.crt'), ca.cert);
    fs.writeFileSync(path.join(dir, 'client.crt'), client.cert);
    const out = execFileSync('openssl', ['verify', '-purpose', 'sslclient', '-CAfile', 'ca.crt', 'client.crt'], { cwd: dir, encoding: 'utf8' });
    expect(out.trim()).toBe('client.crt: OK');
    expect(() => execFileSync('openssl', ['verify', '-purpose', 'sslserver', '-CAfile', 'ca.crt', 'client.crt'], { cwd: dir, stdio: 'pipe' })).toThrow();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('refuses subject names it cannot write', () => {
  expect(() => makeClientCertificate({ ca, commonName: '' })).toThrow('client certificate: "" is not a usable subject name');
  expect(() => makeClientCertificate({ ca, commonName: 'a', organizations: ['x\ny'] })).toThrow('client certificate: "x\\ny" is not a usable subject name');
});
