/**
 * Whether the certificates in a webhook's TLS Secret can be served, and until when (cert-controller's
 * `validCACert` / `validServerCert`, with the refresh time made explicit).
 *
 * Contract (`checkCertificates`):
 * - `ca.crt` is a bundle: its first certificate is the current CA, any after it earlier CAs kept while a rotation
 *   overlaps them (see ./rotator);
 * - the current CA (`ca.crt`'s first, `ca.key`) is usable when both parse, the key is the certificate's, the
 *   certificate is a CA (basicConstraints CA:TRUE), it is valid now, and it does not expire within `lookaheadMs`;
 * - the serving certificate (`tls.crt`, `tls.key`) is usable when both parse, the key is the certificate's, the
 *   current CA or an earlier CA of the bundle that is valid now signed it (issuer and signature), it is valid now, it
 *   does not expire within `lookaheadMs`, and it is valid for every name of `hosts`;
 * - `ok` with `refreshAt` (ms since the epoch, when the first of the two enters the lookahead) when both are
 *   usable; otherwise `rotateCA` (the CA must be made anew, and with it the serving certificate) or only the
 *   serving certificate, and a one-line `reason`;
 * - the data is untrusted: any bytes at all give an answer, never a throw.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { describeThrown } from '../../observe/thrown';

/** The PEM texts of a webhook's TLS Secret (`ca.crt`, `ca.key`, `tls.crt`, `tls.key`); absent keys are `undefined`. */
export interface CertificateMaterial {
  caCert?: string;
  caKey?: string;
  cert?: string;
  key?: string;
}

export type CertificateCheck =
  /** `issuedByCurrent`: false while the serving certificate is still the one an earlier CA of the bundle signed. */
  | { ok: true; refreshAt: number; caNotAfter: number; certNotAfter: number; issuedByCurrent: boolean; issuerNotAfter: number }
  /**
   * `overlap`: the CA is only within the lookahead and the serving certificate is usable, so a new CA can be added in
   * front of it in the bundle while the serving certificate stays (no moment where the API server lacks the CA).
   */
  | { ok: false; rotateCA: boolean; reason: string; overlap?: boolean };

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

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]*-----END CERTIFICATE-----/g;

/** The PEM CERTIFICATE blocks of a bundle, in order (at most `MAX_BUNDLE` of them). */
export function pemCertificates(bundle: string | undefined): string[] {
  if (bundle === undefined) return [];
  const out: string[] = [];
  for (const m of bundle.matchAll(PEM_CERTIFICATE)) {
    out.push(`${m[0]}\n`);
    if (out.length >= MAX_BUNDLE) break;
  }
  return out;
}

/** The most certificates read from `ca.crt`: the current CA and the previous one (a few more are tolerated). */
const MAX_BUNDLE = 8;

/** See the module doc. */
export function checkCertificates(m: CertificateMaterial, o: CheckOptions): CertificateCheck {
  const blocks = pemCertificates(m.caCert);
  let ca: X509Certificate;
  let caNotAfter: number;
  let caReason: string | undefined;
  try {
    ca = parse(blocks[0] ?? m.caCert, 'ca.crt');
    if (!ca.ca) throw new Error('ca.crt is not a CA certificate');
    if (!ca.checkPrivateKey(key(m.caKey, 'ca.key'))) throw new Error('ca.key is not the key of ca.crt');
    caNotAfter = Date.parse(ca.validTo);
    try {
      validity(ca, 'the CA', o);
    } catch (e) {
      // usable now, but within the lookahead: a new CA can overlap with it (see `overlap`)
      if (!(Date.parse(ca.validFrom) <= o.now && caNotAfter > o.now)) throw e;
      caReason = describeThrown(e);
    }
  } catch (e) {
    return { ok: false, rotateCA: true, reason: describeThrown(e) };
  }
  // the CAs a serving certificate may be signed by: the current one, and earlier ones of the bundle still valid
  const issuers = [ca, ...blocks.slice(1).flatMap((b) => {
    try {
      const c = new X509Certificate(b);
      return c.ca && Date.parse(c.validFrom) <= o.now && Date.parse(c.validTo) > o.now ? [c] : [];
    } catch {
      return [];
    }
  })];
  try {
    const cert = parse(m.cert, 'tls.crt');
    if (!cert.checkPrivateKey(key(m.key, 'tls.key'))) throw new Error('tls.key is not the key of tls.crt');
    const issuerCert = issuers.find((i) => cert.checkIssued(i) && cert.verify(i.publicKey));
    if (issuerCert === undefined) throw new Error('tls.crt is not signed by ca.crt');
    for (const h of o.hosts) if ((isIP(h) ? cert.checkIP(h) : cert.checkHost(h, { subject: 'never' })) === undefined) throw new Error(`tls.crt is not valid for ${h}`);
    const certNotAfter = Date.parse(cert.validTo);
    if (!(Date.parse(cert.validFrom) <= o.now)) throw new Error(`the serving certificate is not valid before ${cert.validFrom}`);
    if (!(certNotAfter > o.now)) throw new Error(`the serving certificate expired ${cert.validTo}`);
    // the CA within the lookahead, the serving certificate usable now: a new CA can overlap the current one
    if (caReason !== undefined) return { ok: false, rotateCA: true, reason: caReason, overlap: true };
    const issuerNotAfter = Date.parse(issuerCert.validTo);
    const expiring = !(certNotAfter - o.lookaheadMs > o.now);
    // signed by the current CA and expiring: a new one from the same CA (the bundle does not change)
    if (expiring && issuerCert === ca) throw new Error(`the serving certificate expires ${cert.validTo}, within the rotation lookahead`);
    // signed by the previous CA: usable until the rotation's second step replaces it (see ./rotator)
    return { ok: true, refreshAt: Math.min(caNotAfter, certNotAfter) - o.lookaheadMs, caNotAfter, certNotAfter, issuedByCurrent: issuerCert === ca, issuerNotAfter };
  } catch (e) {
    return caReason !== undefined ? { ok: false, rotateCA: true, reason: caReason } : { ok: false, rotateCA: false, reason: describeThrown(e) };
  }
}
