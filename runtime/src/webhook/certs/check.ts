/**
 * Whether the certificates in a webhook's TLS Secret can be served, and until when (cert-controller's
 * `validCACert` / `validServerCert`, with the refresh time made explicit).
 *
 * Contract (`checkCertificates`):
 * - the CA (`ca.crt`, `ca.key`) is usable when both parse, the key is the certificate's, the certificate is a CA
 *   (basicConstraints CA:TRUE), it is valid now, and it does not expire within `lookaheadMs`;
 * - the serving certificate (`tls.crt`, `tls.key`) is usable when both parse, the key is the certificate's, the CA
 *   signed it (issuer and signature), it is valid now, it does not expire within `lookaheadMs`, and it is valid for
 *   every name of `hosts`;
 * - `ok` with `refreshAt` (ms since the epoch, when the first of the two enters the lookahead) when both are
 *   usable; otherwise `rotateCA` (the CA must be made anew, and with it the serving certificate) or only the
 *   serving certificate, and a one-line `reason`;
 * - the data is untrusted: any bytes at all give an answer, never a throw.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { describeThrown } from '../../errors/thrown';

/** The PEM texts of a webhook's TLS Secret (`ca.crt`, `ca.key`, `tls.crt`, `tls.key`); absent keys are `undefined`. */
export interface CertificateMaterial {
  caCert?: string;
  caKey?: string;
  cert?: string;
  key?: string;
}

export type CertificateCheck =
  | { ok: true; refreshAt: number; caNotAfter: number; certNotAfter: number }
  | { ok: false; rotateCA: boolean; reason: string };

export interface CheckOptions {
  /** Names the serving certificate must be valid for. */
  hosts: readonly string[];
  /** Now, in ms since the epoch. */
  now: number;
  /** How long before its expiry a certificate is replaced. */
  lookaheadMs: number;
}

function parse(pem: string | undefined, what: string): X509Certificate {
  if (pem === undefined || pem === '') throw new Error(`${what} is missing`);
  try {
    return new X509Certificate(pem);
  } catch (e) {
    throw new Error(`${what} does not parse: ${describeThrown(e)}`, { cause: e });
  }
}

function key(pem: string | undefined, what: string): ReturnType<typeof createPrivateKey> {
  if (pem === undefined || pem === '') throw new Error(`${what} is missing`);
  try {
    return createPrivateKey(pem);
  } catch (e) {
    throw new Error(`${what} does not parse: ${describeThrown(e)}`, { cause: e });
  }
}

function validity(cert: X509Certificate, what: string, o: CheckOptions): number {
  const notBefore = Date.parse(cert.validFrom);
  const notAfter = Date.parse(cert.validTo);
  if (!(notBefore <= o.now)) throw new Error(`${what} is not valid before ${cert.validFrom}`);
  if (!(notAfter - o.lookaheadMs > o.now)) throw new Error(`${what} expires ${cert.validTo}, within the rotation lookahead`);
  return notAfter;
}

/** See the module doc. */
export function checkCertificates(m: CertificateMaterial, o: CheckOptions): CertificateCheck {
  let ca: X509Certificate;
  let caNotAfter: number;
  try {
    ca = parse(m.caCert, 'ca.crt');
    if (!ca.ca) throw new Error('ca.crt is not a CA certificate');
    if (!ca.checkPrivateKey(key(m.caKey, 'ca.key'))) throw new Error('ca.key is not the key of ca.crt');
    caNotAfter = validity(ca, 'the CA', o);
  } catch (e) {
    return { ok: false, rotateCA: true, reason: describeThrown(e) };
  }
  try {
    const cert = parse(m.cert, 'tls.crt');
    if (!cert.checkPrivateKey(key(m.key, 'tls.key'))) throw new Error('tls.key is not the key of tls.crt');
    if (!cert.checkIssued(ca) || !cert.verify(ca.publicKey)) throw new Error('tls.crt is not signed by ca.crt');
    const certNotAfter = validity(cert, 'the serving certificate', o);
    for (const h of o.hosts) if ((isIP(h) ? cert.checkIP(h) : cert.checkHost(h, { subject: 'never' })) === undefined) throw new Error(`tls.crt is not valid for ${h}`);
    return { ok: true, refreshAt: Math.min(caNotAfter, certNotAfter) - o.lookaheadMs, caNotAfter, certNotAfter };
  } catch (e) {
    return { ok: false, rotateCA: false, reason: describeThrown(e) };
  }
}
