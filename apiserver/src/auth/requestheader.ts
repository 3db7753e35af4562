/**
 * Front-proxy (requestheader) and client-certificate authentication, after k8s.io/apiserver's
 * `authentication/request/headerrequest` and `x509`:
 *
 * - a request whose TLS client certificate was issued by the requestheader client CA (and, when `allowedNames` is not
 *   empty, whose common name is one of them) is the front proxy's: the user is the first non-empty of the username
 *   headers, the groups every value of every group header, `extra` every header with an extra prefix (the key is the
 *   rest of the header name, lower-cased and %-unescaped), the UID the first non-empty UID header. Without a
 *   username header the certificate authenticates nobody (the next authenticator is asked);
 * - a certificate issued by the client CA (`client-ca-file`) is a user: the common name, the organizations as groups;
 * - the certificate must allow client authentication (extendedKeyUsage clientAuth, or none at all) and be within its
 *   validity; only certificates the CA signed directly are recognised (no intermediates).
 *
 * The configuration comes from the `kube-system/extension-apiserver-authentication` ConfigMap kube-apiserver writes
 * (see {@link authenticationConfigFromConfigMap}).
 */
import { X509Certificate } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { field } from './json';
import { newUser, type UserInfo } from './user';

export interface RequestHeaderConfig {
  /** PEM of the CA (or CAs) that signs front-proxy client certificates. */
  clientCA: string;
  /** Common names a front proxy's certificate may have; empty: any the CA signed. */
  allowedNames: string[];
  usernameHeaders: string[];
  uidHeaders: string[];
  groupHeaders: string[];
  extraHeaderPrefixes: string[];
}

/** What delegated authentication reads from the cluster. */
export interface AuthenticationConfig {
  requestHeader?: RequestHeaderConfig;
  /** PEM of the CA of user client certificates (`client-ca-file`). */
  clientCA?: string;
}

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const ANY_EKU = '2.5.29.37.0';

/**
 * The configuration in the ConfigMap's data: `requestheader-client-ca-file` (PEM), `requestheader-allowed-names`,
 * `requestheader-username-headers`, `requestheader-uid-headers`, `requestheader-group-headers`,
 * `requestheader-extra-headers-prefix` (JSON arrays of strings), `client-ca-file` (PEM). A malformed value is an error
 * naming the key.
 */
export function authenticationConfigFromConfigMap(data: unknown): AuthenticationConfig {
  const get = (key: string): string | undefined => {
    const v = field(data, key);
    if (v === undefined) return undefined;
    if (typeof v !== 'string') throw new Error(`extension-apiserver-authentication: ${key} is not a string`);
    return v;
  };
  const list = (key: string): string[] => {
    const v = get(key);
    if (v === undefined || v.trim() === '') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw new Error(`extension-apiserver-authentication: ${key} is not a JSON list of strings`);
    }
    if (parsed === null) return [];
    if (!Array.isArray(parsed) || !parsed.every((x): x is string => typeof x === 'string')) throw new Error(`extension-apiserver-authentication: ${key} is not a JSON list of strings`);
    return parsed;
  };
  const out: AuthenticationConfig = {};
  const clientCA = get('client-ca-file');
  if (clientCA !== undefined && clientCA.trim() !== '') out.clientCA = checkCaBundle(clientCA, 'client-ca-file');
  const rhCA = get('requestheader-client-ca-file');
  if (rhCA !== undefined && rhCA.trim() !== '') {
    out.requestHeader = {
      clientCA: checkCaBundle(rhCA, 'requestheader-client-ca-file'),
      allowedNames: list('requestheader-allowed-names'),
      usernameHeaders: list('requestheader-username-headers'),
      uidHeaders: list('requestheader-uid-headers'),
      groupHeaders: list('requestheader-group-headers'),
      extraHeaderPrefixes: list('requestheader-extra-headers-prefix'),
    };
  }
  return out;
}

function checkCaBundle(pem: string, key: string): string {
  if (splitPem(pem).length === 0) throw new Error(`extension-apiserver-authentication: ${key} holds no PEM certificate`);
  return pem;
}

function splitPem(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]{1,65536}?-----END CERTIFICATE-----/g) ?? [];
  const out: X509Certificate[] = [];
  for (const b of blocks) {
    try {
      out.push(new X509Certificate(b));
    } catch {
      // a block that does not parse is no CA
    }
  }
  return out;
}

/** Whether `cert` was signed by one of `cas`, is valid now, and may authenticate a client. */
function issuedBy(cert: X509Certificate, cas: readonly X509Certificate[], now: Date): boolean {
  if (now < new Date(cert.validFrom) || now > new Date(cert.validTo)) return false;
  // the extended key usages; undefined (despite the declared type) when the certificate has none: any use then
  const eku: unknown = cert.keyUsage;
  if (Array.isArray(eku) && eku.length > 0 && !eku.includes(CLIENT_AUTH) && !eku.includes(ANY_EKU)) return false;
  return cas.some((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey));
}

/** The subject's attribute values of one type (`CN`, `O`), in order. */
function subjectValues(cert: X509Certificate, type: string): string[] {
  return cert.subject
    .split('\n')
    .filter((line) => line.startsWith(`${type}=`))
    .map((line) => line.slice(type.length + 1));
}

/**
 * Authenticates by client certificate: the front proxy's (identity from headers) or a user's. Construct once per
 * configuration; `authenticate` is cheap.
 */
export class CertificateAuthenticator {
  private readonly requestHeaderCAs: X509Certificate[];
  private readonly clientCAs: X509Certificate[];

  constructor(
    readonly config: AuthenticationConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.requestHeaderCAs = config.requestHeader ? splitPem(config.requestHeader.clientCA) : [];
    this.clientCAs = config.clientCA !== undefined ? splitPem(config.clientCA) : [];
  }

  /** The CAs a TLS server asks clients for certificates of (its `ca` option). */
  get trustedCAs(): string[] {
    return [...this.requestHeaderCAs, ...this.clientCAs].map((c) => c.toString());
  }

  /**
   * The user a client certificate and the request's headers identify, or undefined when they identify nobody (no
   * certificate, one no CA here signed, a front proxy that is not allowed or sent no username).
   */
  authenticate(peer: X509Certificate | undefined, headers: IncomingHttpHeaders | NodeJS.Dict<string[]>): UserInfo | undefined {
    if (!peer) return undefined;
    const now = this.now();
    const rh = this.config.requestHeader;
    if (rh && issuedBy(peer, this.requestHeaderCAs, now)) {
      const cn = subjectValues(peer, 'CN')[0] ?? '';
      if (rh.allowedNames.length > 0 && !rh.allowedNames.includes(cn)) return undefined;
      return userFromHeaders(headers, rh);
    }
    if (issuedBy(peer, this.clientCAs, now)) {
      const cn = subjectValues(peer, 'CN')[0];
      if (cn === undefined || cn === '') return undefined;
      return newUser(cn, subjectValues(peer, 'O'));
    }
    return undefined;
  }
}

/** The header's values: each repeated header separately (`req.headersDistinct`), or a plain header record. */
function values(headers: IncomingHttpHeaders | NodeJS.Dict<string[]>, name: string): string[] {
  const key = name.toLowerCase();
  if (!Object.hasOwn(headers, key)) return [];
  const v = headers[key];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x) => x !== '');
}

/** The identity the front proxy's headers carry; undefined without a username. */
export function userFromHeaders(headers: IncomingHttpHeaders | NodeJS.Dict<string[]>, config: Pick<RequestHeaderConfig, 'usernameHeaders' | 'uidHeaders' | 'groupHeaders' | 'extraHeaderPrefixes'>): UserInfo | undefined {
  const first = (names: readonly string[]) => {
    for (const n of names) {
      const v = values(headers, n)[0];
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const name = first(config.usernameHeaders);
  if (name === undefined) return undefined;
  const groups = config.groupHeaders.flatMap((h) => values(headers, h));
  const extra = new Map<string, string[]>();
  for (const prefix of config.extraHeaderPrefixes) {
    const p = prefix.toLowerCase();
    for (const header of Object.keys(headers)) {
      if (!header.toLowerCase().startsWith(p) || header.length === p.length) continue;
      const key = unescapeKey(header.slice(p.length).toLowerCase());
      extra.set(key, [...(extra.get(key) ?? []), ...values(headers, header)]);
    }
  }
  return newUser(name, groups, extra, first(config.uidHeaders));
}

/** `url.PathUnescape`, keeping the raw key when it does not unescape. */
function unescapeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}
