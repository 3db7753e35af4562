/**
 * Webhook certificates — for envtest and local runs (`kubegen run`) and for the manager's self-managed certificates
 * (./rotator): a self-signed CA and a serving certificate it signs, made with node:crypto alone (ECDSA P-256, SHA-256), as controller-runtime's envtest makes its webhook
 * certificates. node:crypto signs but does not build certificates, so the X.509 DER is written here — a small,
 * fixed shape:
 *
 * - CA: v3, subject = issuer = `CN=<caName>`, basicConstraints `CA:TRUE` (critical), keyUsage keyCertSign, cRLSign,
 *   digitalSignature (critical), a subject key identifier;
 * - serving certificate: `CN=<first host>`, subjectAltName with every host (IP addresses as iPAddress, the rest as
 *   dNSName), extendedKeyUsage serverAuth, keyUsage digitalSignature, keyEncipherment (critical), basicConstraints
 *   `CA:FALSE`, the authority key identifier of the CA;
 * - both valid from one minute ago (clock skew): the serving certificate for `validDays` (default 365), a new CA for
 *   `caValidDays` (default `validDays`), never past the end of a given CA; serial numbers are random.
 *
 * The result is what a `caBundle` (the CA) and a webhook server (`cert`, `key`) need; `writeServingCertificates`
 * puts them in a directory as `ca.crt`, `tls.crt`, `tls.key`, the names of a Kubernetes TLS Secret.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

export interface ServingCertificates {
  /** PEM CA certificate: what a client trusts, and a webhook configuration's `caBundle`. */
  caCert: string;
  /** PEM (PKCS#8) CA private key, to sign further certificates. */
  caKey: string;
  /** PEM serving certificate for `hosts`, signed by the CA. */
  cert: string;
  /** PEM (PKCS#8) private key of the serving certificate. */
  key: string;
}

export interface ServingCertificateOptions {
  /** Names and IP addresses the serving certificate is valid for. Default `['127.0.0.1', 'localhost']`. */
  hosts?: readonly string[];
  /** Common name of the CA. Default `kubegen-webhook-ca`. */
  caName?: string;
  /** Validity of the serving certificate in days (fractions allowed). Default 365. */
  validDays?: number;
  /** Validity of a new CA in days. Default `validDays`. */
  caValidDays?: number;
  /** Sign with this CA (PEM certificate and key) instead of making a new one. */
  ca?: { cert: string; key: string };
  /** The time the certificates start (default now), for tests of expiry. */
  now?: Date;
}

/** A CA (new, or `options.ca`) and a serving certificate it signs for `options.hosts`. */
export function makeServingCertificates(options: ServingCertificateOptions = {}): ServingCertificates {
  const hosts = options.hosts ?? ['127.0.0.1', 'localhost'];
  const [subject] = hosts;
  if (subject === undefined) throw new Error('serving certificate: give at least one host');
  for (const h of hosts) if (h === '' || /[\s,/]/.test(h)) throw new Error(`serving certificate: ${JSON.stringify(h)} is not a host name or IP address`);
  const now = options.now ?? new Date();
  const validDays = options.validDays ?? 365;
  const caValidDays = options.caValidDays ?? validDays;
  for (const [k, v] of [['validDays', validDays], ['caValidDays', caValidDays]] as const) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 100 * 366) throw new Error(`serving certificate: ${k} must be a number of days above 0 and at most 36600, not ${String(v)}`);
  }
  const notBefore = new Date(now.getTime() - 60_000);
  let notAfter = new Date(now.getTime() + validDays * 86_400_000);

  let caCertPem: string;
  let caKey: KeyObject;
  let caName: string;
  let caKeyId: Buffer;
  if (options.ca) {
    caCertPem = options.ca.cert;
    caKey = createPrivateKey(options.ca.key);
    const ca = new X509Certificate(options.ca.cert);
    // a certificate a CA signs never outlives it (a verifier rejects the chain once the CA expired)
    const caEnd = new Date(ca.validTo);
    if (caEnd.getTime() < notAfter.getTime()) notAfter = caEnd;
    caName = /(?:^|\n)CN=([^\n]*)/.exec(ca.subject)?.[1] ?? 'kubegen-webhook-ca';
    caKeyId = keyId(ca.publicKey);
  } else {
    caName = options.caName ?? 'kubegen-webhook-ca';
    if (caValidDays < validDays) notAfter = new Date(now.getTime() + caValidDays * 86_400_000);
    const ca = newCa(caName, notBefore, new Date(now.getTime() + caValidDays * 86_400_000));
    caKey = ca.key;
    caKeyId = ca.keyId;
    caCertPem = ca.cert;
  }

  const leaf = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const names = hosts.map((h) => {
    const family = net.isIP(h);
    if (family === 4) return tagged(0x87, Buffer.from(h.split('.').map(Number)));
    if (family === 6) return tagged(0x87, ipv6Bytes(h));
    return tagged(0x82, Buffer.from(h, 'ascii'));
  });
  const tbs = tbsCertificate({
    subject,
    issuer: caName,
    notBefore,
    notAfter,
    publicKey: leaf.publicKey,
    extensions: [
      extension(OID.keyUsage, true, bitString([0, 2])),
      extension(OID.extKeyUsage, false, seq(oid(OID.serverAuth))),
      extension(OID.basicConstraints, true, seq()),
      extension(OID.authorityKeyIdentifier, false, seq(tagged(0x80, caKeyId))),
      extension(OID.subjectAltName, false, seq(...names)),
    ],
  });
  return {
    caCert: caCertPem,
    caKey: caKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: pem('CERTIFICATE', signed(tbs, caKey)),
    key: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * Writes `ca.crt`, `tls.crt` and `tls.key` into `dir` (created if missing; the key mode 0600). Each file is written
 * to a temporary name and renamed, so a server watching the directory never reads half a file.
 */
export function writeServingCertificates(dir: string, certs: ServingCertificates): { caFile: string; certFile: string; keyFile: string } {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, text: string, mode: number) => {
    const file = path.join(dir, name);
    const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    fs.writeFileSync(tmp, text, { mode });
    fs.renameSync(tmp, file);
    return file;
  };
  // the key first: a watcher that reloads on the certificate's change then finds the matching key in place
  const keyFile = write('tls.key', certs.key, 0o600);
  const certFile = write('tls.crt', certs.cert, 0o644);
  const caFile = write('ca.crt', certs.caCert, 0o644);
  return { caFile, certFile, keyFile };
}

/** A new self-signed CA: `CN=<name>`, ECDSA P-256, valid from one minute before `now` for `validDays` (default 365). */
export function makeCertificateAuthority(options: { name: string; validDays?: number; now?: Date }): { cert: string; key: string } {
  const now = options.now ?? new Date();
  const validDays = checkDays('validDays', options.validDays ?? 365);
  const ca = newCa(options.name, new Date(now.getTime() - 60_000), new Date(now.getTime() + validDays * 86_400_000));
  return { cert: ca.cert, key: ca.key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

export interface ClientCertificateOptions {
  /** The signing CA (PEM certificate and key). */
  ca: { cert: string; key: string };
  /** The subject's common name: the user name a Kubernetes apiserver reads from it. */
  commonName: string;
  /** The subject's organizations: the groups a Kubernetes apiserver reads from it. */
  organizations?: readonly string[];
  /** Validity in days (default 365), never past the end of the CA. */
  validDays?: number;
  now?: Date;
}

/**
 * A client certificate (extendedKeyUsage clientAuth) for `CN=<commonName>, O=<organization>…`, signed by `ca`: the
 * identity of an X.509 client of a Kubernetes apiserver, or the front proxy's certificate (`--proxy-client-cert-file`).
 */
export function makeClientCertificate(options: ClientCertificateOptions): { cert: string; key: string } {
  const now = options.now ?? new Date();
  const validDays = checkDays('validDays', options.validDays ?? 365);
  for (const n of [options.commonName, ...(options.organizations ?? [])]) {
    if (n === '' || Array.from({ length: n.length }, (_, i) => n.charCodeAt(i)).some((c) => c < 0x20)) throw new Error(`client certificate: ${JSON.stringify(n)} is not a usable subject name`);
  }
  const ca = new X509Certificate(options.ca.cert);
  const caEnd = new Date(ca.validTo);
  let notAfter = new Date(now.getTime() + validDays * 86_400_000);
  if (caEnd.getTime() < notAfter.getTime()) notAfter = caEnd;
  const caName = /(?:^|\n)CN=([^\n]*)/.exec(ca.subject)?.[1] ?? 'kubegen-webhook-ca';
  const leaf = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const subject = seq(
    ...(options.organizations ?? []).map((o) => set(seq(oid(OID.organization), tagged(0x0c, Buffer.from(o, 'utf8'))))),
    set(seq(oid(OID.commonName), tagged(0x0c, Buffer.from(options.commonName, 'utf8')))),
  );
  const tbs = tbsCertificate({
    subject,
    issuer: caName,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    publicKey: leaf.publicKey,
    extensions: [
      extension(OID.keyUsage, true, bitString([0, 2])),
      extension(OID.extKeyUsage, false, seq(oid(OID.clientAuth))),
      extension(OID.basicConstraints, true, seq()),
      extension(OID.authorityKeyIdentifier, false, seq(tagged(0x80, keyId(ca.publicKey)))),
    ],
  });
  return { cert: pem('CERTIFICATE', signed(tbs, createPrivateKey(options.ca.key))), key: leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

function checkDays(k: string, v: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > 100 * 366) throw new Error(`certificate: ${k} must be a number of days above 0 and at most 36600, not ${String(v)}`);
  return v;
}

function newCa(caName: string, notBefore: Date, notAfter: Date): { cert: string; key: KeyObject; keyId: Buffer } {
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const id = keyId(pair.publicKey);
  const tbs = tbsCertificate({
    subject: caName,
    issuer: caName,
    notBefore,
    notAfter,
    publicKey: pair.publicKey,
    extensions: [
      extension(OID.basicConstraints, true, seq(boolean(true))),
      extension(OID.keyUsage, true, bitString([0, 5, 6])),
      extension(OID.subjectKeyIdentifier, false, octetString(id)),
    ],
  });
  return { cert: pem('CERTIFICATE', signed(tbs, pair.privateKey)), key: pair.privateKey, keyId: id };
}

// --- DER ---------------------------------------------------------------------------------------------------------

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

function tagged(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let header: Buffer;
  if (n < 0x80) header = Buffer.from([tag, n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, content]);
}

const seq = (...items: Buffer[]) => tagged(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tagged(0x31, Buffer.concat(items));
const octetString = (b: Buffer) => tagged(0x04, b);
const boolean = (v: boolean) => tagged(0x01, Buffer.from([v ? 0xff : 0x00]));
const explicit = (n: number, content: Buffer) => tagged(0xa0 + n, content);

function integer(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b.readUInt8(0) === 0 && (b.readUInt8(1) & 0x80) === 0) b = b.subarray(1);
  return tagged(0x02, b.length > 0 && (b.readUInt8(0) & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  if (first === undefined || second === undefined) throw new Error(`not an OID: ${dotted}`);
  const out: number[] = [first * 40 + second];
  for (const p of rest) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tagged(0x06, Buffer.from(out));
}

/** A BIT STRING with the named bits set (bit 0 is the most significant bit of the first byte), minimal length. */
function bitString(bits: readonly number[]): Buffer {
  const bytes = Buffer.alloc(Math.floor(Math.max(...bits) / 8) + 1);
  for (const b of bits) bytes.writeUInt8(bytes.readUInt8(Math.floor(b / 8)) | (0x80 >> (b % 8)), Math.floor(b / 8));
  const last = bytes.readUInt8(bytes.length - 1);
  let unused = 0;
  while (unused < 7 && (last & (1 << unused)) === 0) unused++;
  return tagged(0x03, Buffer.concat([Buffer.from([unused]), bytes]));
}

function time(d: Date): Buffer {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  // RFC 5280: UTCTime through 2049, GeneralizedTime from 2050
  return d.getUTCFullYear() < 2050 ? tagged(0x17, Buffer.from(digits.slice(2), 'ascii')) : tagged(0x18, Buffer.from(digits, 'ascii'));
}

function name(cn: string): Buffer {
  return seq(set(seq(oid(OID.commonName), tagged(0x0c, Buffer.from(cn, 'utf8')))));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? seq(oid(id), boolean(true), octetString(value)) : seq(oid(id), octetString(value));
}

/** The SHA-1 of the public key's bits (RFC 5280 4.2.1.2, method 1). */
function keyId(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // SubjectPublicKeyInfo ::= SEQUENCE { algorithm SEQUENCE, subjectPublicKey BIT STRING }: the key is the last
  // BIT STRING; for P-256 it is 66 bytes (tag, length, unused-bits byte, 65 key bytes) at the end
  return createHash('sha1').update(spki.subarray(spki.length - 65)).digest();
}

function tbsCertificate(o: { subject: string | Buffer; issuer: string; notBefore: Date; notAfter: Date; publicKey: KeyObject; extensions: Buffer[] }): Buffer {
  const serial = randomBytes(16);
  serial.writeUInt8((serial.readUInt8(0) & 0x7f) | 0x01, 0);
  return seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    seq(oid(OID.ecdsaWithSHA256)),
    name(o.issuer),
    seq(time(o.notBefore), time(o.notAfter)),
    typeof o.subject === 'string' ? name(o.subject) : o.subject,
    o.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(...o.extensions)),
  );
}

function signed(tbs: Buffer, key: KeyObject): Buffer {
  const signature = sign('sha256', tbs, { key, dsaEncoding: 'der' });
  return seq(tbs, seq(oid(OID.ecdsaWithSHA256)), tagged(0x03, Buffer.concat([Buffer.from([0]), signature])));
}

function pem(label: string, der: Buffer): string {
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

function ipv6Bytes(ip: string): Buffer {
  if (ip.includes('.')) throw new Error(`serving certificate: write the IPv6 address ${ip} in hexadecimal groups`);
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const parse = (s: string) => (s === '' ? [] : s.split(':'));
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g, 16), i * 2));
  return out;
}
