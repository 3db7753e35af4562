/**
 * Kubeconfig files (`apiVersion: v1, kind: Config`), read as client-go's `clientcmd` reads them:
 *
 * - `clusters`, `users` and `contexts` are lists of named entries; a name twice in one file is an error;
 * - unknown keys are ignored (client-go decodes leniently), wrongly typed values are errors;
 * - relative paths (`certificate-authority`, `client-certificate`, `client-key`, `tokenFile`, and an `exec`
 *   command that contains a path separator) are resolved against the directory of the file that names them;
 * - several files merge as client-go's loading rules merge `$KUBECONFIG`: the first file that defines a cluster,
 *   user or context name wins (entries are never combined), and the first file that sets `current-context` wins.
 *
 * The YAML is walked node by node (never converted to objects first), so a `__proto__` key is an ordinary key;
 * maps of names are `Map`s, and the opaque `exec` / `auth-provider` stanzas become null-prototype objects. Errors
 * are one line: `file:line:column: message`. The `yaml` package is loaded when the first file is parsed.
 */

import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as Yaml from 'yaml';

/** A kubeconfig that cannot be used: one line, naming the file (and line and column) or the entry. */
export class KubeconfigError extends Error {
  override readonly name = 'KubeconfigError';
}

/** A JSON value of an opaque stanza (`exec`, `auth-provider`), kept as data for `@kubernetes/client-node`. */
export type KubeconfigValue = string | number | boolean | null | KubeconfigValue[] | { [key: string]: KubeconfigValue };

/** A null-prototype object of an opaque stanza. */
export type KubeconfigObject = { [key: string]: KubeconfigValue };

interface Origin {
  name: string;
  /** The file that defined the entry (absolute). */
  source: string;
}

/** A `clusters[].cluster`. Paths are absolute. */
export interface KubeconfigCluster extends Origin {
  server: string;
  certificateAuthority?: string;
  certificateAuthorityData?: Buffer;
  insecureSkipTlsVerify: boolean;
  tlsServerName?: string;
  proxyUrl?: string;
}

/** A `users[].user`. Paths are absolute. */
export interface KubeconfigUser extends Origin {
  clientCertificate?: string;
  clientCertificateData?: Buffer;
  clientKey?: string;
  clientKeyData?: Buffer;
  token?: string;
  tokenFile?: string;
  username?: string;
  password?: string;
  /** `as`: the user to impersonate. */
  impersonate?: string;
  /** `as-uid`. */
  impersonateUid?: string;
  /** `as-groups`. */
  impersonateGroups?: string[];
  /** `as-user-extra`. */
  impersonateUserExtra?: Map<string, string[]>;
  /** The `exec` stanza as written (its `command` resolved when it is a relative path). */
  exec?: KubeconfigObject;
  /** The `auth-provider` stanza as written (`name`, `config`). */
  authProvider?: KubeconfigObject;
}

/** A `contexts[].context`. */
export interface KubeconfigContext extends Origin {
  cluster: string;
  user: string;
  namespace?: string;
}

/** One kubeconfig file, or several merged. */
export interface ParsedKubeconfig {
  /** The files, in precedence order. */
  sources: string[];
  clusters: Map<string, KubeconfigCluster>;
  users: Map<string, KubeconfigUser>;
  contexts: Map<string, KubeconfigContext>;
  currentContext?: string;
}

/** Largest kubeconfig file read (16 MiB: embedded certificates are kilobytes). */
export const MAX_KUBECONFIG_BYTES = 16 * 1024 * 1024;
/** Most YAML nodes visited in one file, aliases followed (guards against alias expansion). */
const MAX_NODES = 200_000;
/** Deepest opaque stanza. */
const MAX_DEPTH = 64;

let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  // loaded on first use: in-cluster and plain configurations never parse YAML
  yamlModule ??= require('yaml') as typeof Yaml;
  return yamlModule;
}

interface Entry {
  key: string;
  keyNode: Yaml.Node | null;
  value: Yaml.Node | null;
}

/** Walks one document; every error names `file:line:column`. */
class Walker {
  private visited = 0;
  constructor(
    private readonly y: typeof Yaml,
    readonly file: string,
    private readonly doc: Yaml.Document,
    private readonly lines: Yaml.LineCounter,
  ) {}

  at(node: Yaml.Node | null | undefined, fallback?: Yaml.Node | null): string {
    const offset = node?.range?.[0] ?? fallback?.range?.[0];
    const p = offset !== undefined ? this.lines.linePos(offset) : { line: 1, col: 1 };
    return `${this.file}:${p.line}:${p.col}`;
  }

  fail(node: Yaml.Node | null | undefined, message: string, fallback?: Yaml.Node | null): never {
    throw new KubeconfigError(`${this.at(node, fallback)}: ${message}`);
  }

  /** The node, aliases followed; `null` for an absent or null value. */
  node(n: unknown, from?: Yaml.Node | null): Yaml.Node | null {
    if (++this.visited > MAX_NODES) this.fail(from, `more than ${MAX_NODES} YAML nodes (aliases expanded)`);
    if (n === null || n === undefined) return null;
    let node = n as Yaml.Node;
    if (this.y.isAlias(node)) {
      const target = node.resolve(this.doc);
      if (!target) this.fail(node, `unresolved alias *${node.source}`);
      node = target;
    }
    if (this.y.isScalar(node) && node.value === null) return null;
    return node;
  }

  entries(n: Yaml.Node | null, what: string): Entry[] | undefined {
    if (n === null) return undefined;
    if (!this.y.isMap(n)) this.fail(n, `${what} must be a map`);
    return n.items.map((pair) => {
      const keyNode = this.node(pair.key, n);
      if (keyNode === null || !this.y.isScalar(keyNode)) this.fail(keyNode, `${what}: keys must be strings`, n);
      return { key: String(keyNode.value), keyNode, value: this.node(pair.value, keyNode) };
    });
  }

  items(n: Yaml.Node | null, what: string): Array<Yaml.Node | null> | undefined {
    if (n === null) return undefined;
    if (!this.y.isSeq(n)) this.fail(n, `${what} must be a list`);
    return n.items.map((item) => this.node(item, n));
  }

  string(n: Yaml.Node | null, what: string): string | undefined {
    if (n === null) return undefined;
    if (!this.y.isScalar(n) || typeof n.value !== 'string') this.fail(n, `${what} must be a string`);
    return n.value;
  }

  bool(n: Yaml.Node | null, what: string): boolean | undefined {
    if (n === null) return undefined;
    if (!this.y.isScalar(n) || typeof n.value !== 'boolean') this.fail(n, `${what} must be true or false`);
    return n.value;
  }

  strings(n: Yaml.Node | null, what: string): string[] | undefined {
    return this.items(n, what)?.map((item, i) => this.string(item, `${what}[${i}]`) ?? this.fail(item, `${what}[${i}] must be a string`, n));
  }

  /** A `[]byte` field: standard base64, as Go's encoding/json decodes it. */
  data(n: Yaml.Node | null, what: string): Buffer | undefined {
    const s = this.string(n, what);
    if (s === undefined) return undefined;
    const compact = s.replace(/[\r\n]/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) this.fail(n, `${what} is not valid base64`);
    return Buffer.from(compact, 'base64');
  }

  /** An opaque value as data: null-prototype objects, own keys only, depth bounded. */
  value(n: Yaml.Node | null, what: string, depth = 0): KubeconfigValue {
    if (depth > MAX_DEPTH) this.fail(n, `${what} is nested deeper than ${MAX_DEPTH} levels`);
    if (n === null) return null;
    if (this.y.isMap(n)) {
      const out = Object.create(null) as KubeconfigObject;
      for (const e of this.entries(n, what) ?? []) out[e.key] = this.value(e.value, `${what}.${e.key}`, depth + 1);
      return out;
    }
    if (this.y.isSeq(n)) return (this.items(n, what) ?? []).map((item, i) => this.value(item, `${what}[${i}]`, depth + 1));
    if (this.y.isScalar(n)) {
      const v = n.value;
      if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
      if (typeof v === 'bigint') return Number(v);
      this.fail(n, `${what}: unsupported value`);
    }
    this.fail(n, `${what}: unsupported YAML node`);
  }
}

/** Absolute `p`, relative to `base`; empty stays absent. */
function resolvePath(p: string | undefined, base: string): string | undefined {
  if (p === undefined || p === '') return undefined;
  return path.isAbsolute(p) ? p : path.join(base, p);
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s === '' ? undefined : s;
}

/** A list of `{ name, <field>: {...} }` entries into a Map; duplicate names are errors. */
function namedList<V>(w: Walker, list: Yaml.Node | null, what: string, field: string, read: (name: string, body: Yaml.Node | null, at: Yaml.Node | null) => V): Map<string, V> {
  const out = new Map<string, V>();
  (w.items(list, what) ?? []).forEach((item, i) => {
    const entries = w.entries(item, `${what}[${i}]`) ?? w.fail(item, `${what}[${i}] must be a map`, list);
    const byKey = new Map(entries.map((e) => [e.key, e]));
    const nameEntry = byKey.get('name');
    const name = nonEmpty(w.string(nameEntry?.value ?? null, `${what}[${i}].name`)) ?? w.fail(item, `${what}[${i}].name is missing`, list);
    if (out.has(name)) w.fail(nameEntry?.value, `${what}: duplicate name "${name}"`);
    out.set(name, read(name, byKey.get(field)?.value ?? null, item));
  });
  return out;
}

function readCluster(w: Walker, base: string, name: string, body: Yaml.Node | null): KubeconfigCluster {
  const what = `cluster "${name}"`;
  const c: KubeconfigCluster = { name, source: w.file, server: '', insecureSkipTlsVerify: false };
  for (const e of w.entries(body, what) ?? []) {
    const k = `${what}: ${e.key}`;
    switch (e.key) {
      case 'server':
        c.server = w.string(e.value, k) ?? '';
        break;
      case 'certificate-authority': {
        const p = resolvePath(w.string(e.value, k), base);
        if (p !== undefined) c.certificateAuthority = p;
        break;
      }
      case 'certificate-authority-data': {
        const d = w.data(e.value, k);
        if (d !== undefined && d.length > 0) c.certificateAuthorityData = d;
        break;
      }
      case 'insecure-skip-tls-verify':
        c.insecureSkipTlsVerify = w.bool(e.value, k) ?? false;
        break;
      case 'tls-server-name': {
        const s = nonEmpty(w.string(e.value, k));
        if (s !== undefined) c.tlsServerName = s;
        break;
      }
      case 'proxy-url': {
        const s = nonEmpty(w.string(e.value, k));
        if (s !== undefined) c.proxyUrl = s;
        break;
      }
      default:
        break; // disable-compression, extensions and unknown keys: ignored, as client-go's lenient decoder does
    }
  }
  return c;
}

function readUser(w: Walker, base: string, name: string, body: Yaml.Node | null): KubeconfigUser {
  const what = `user "${name}"`;
  const u: KubeconfigUser = { name, source: w.file };
  for (const e of w.entries(body, what) ?? []) {
    const k = `${what}: ${e.key}`;
    switch (e.key) {
      case 'client-certificate':
      case 'client-key':
      case 'tokenFile': {
        const p = resolvePath(w.string(e.value, k), base);
        if (p === undefined) break;
        if (e.key === 'client-certificate') u.clientCertificate = p;
        else if (e.key === 'client-key') u.clientKey = p;
        else u.tokenFile = p;
        break;
      }
      case 'client-certificate-data':
      case 'client-key-data': {
        const d = w.data(e.value, k);
        if (d === undefined || d.length === 0) break;
        if (e.key === 'client-certificate-data') u.clientCertificateData = d;
        else u.clientKeyData = d;
        break;
      }
      case 'token':
      case 'username':
      case 'password':
      case 'as':
      case 'as-uid': {
        const s = nonEmpty(w.string(e.value, k));
        if (s === undefined) break;
        if (e.key === 'token') u.token = s;
        else if (e.key === 'username') u.username = s;
        else if (e.key === 'password') u.password = s;
        else if (e.key === 'as') u.impersonate = s;
        else u.impersonateUid = s;
        break;
      }
      case 'as-groups': {
        const groups = w.strings(e.value, k);
        if (groups && groups.length > 0) u.impersonateGroups = groups;
        break;
      }
      case 'as-user-extra': {
        const extra = new Map<string, string[]>();
        for (const x of w.entries(e.value, k) ?? []) extra.set(x.key, w.strings(x.value, `${k}.${x.key}`) ?? []);
        if (extra.size > 0) u.impersonateUserExtra = extra;
        break;
      }
      case 'exec': {
        if (e.value === null) break;
        const exec = w.value(e.value, k);
        if (exec === null || typeof exec !== 'object' || Array.isArray(exec)) w.fail(e.value, `${k} must be a map`);
        const command = exec['command'];
        // client-go resolves the command only when it is a path (contains a separator), not a name on $PATH
        if (typeof command === 'string' && command.includes(path.sep) && !path.isAbsolute(command)) exec['command'] = path.join(base, command);
        u.exec = exec;
        break;
      }
      case 'auth-provider': {
        if (e.value === null) break;
        const provider = w.value(e.value, k);
        if (provider === null || typeof provider !== 'object' || Array.isArray(provider)) w.fail(e.value, `${k} must be a map`);
        u.authProvider = provider;
        break;
      }
      default:
        break; // extensions and unknown keys
    }
  }
  return u;
}

function readContext(w: Walker, name: string, body: Yaml.Node | null): KubeconfigContext {
  const what = `context "${name}"`;
  const c: KubeconfigContext = { name, source: w.file, cluster: '', user: '' };
  for (const e of w.entries(body, what) ?? []) {
    const k = `${what}: ${e.key}`;
    if (e.key === 'cluster') c.cluster = w.string(e.value, k) ?? '';
    else if (e.key === 'user') c.user = w.string(e.value, k) ?? '';
    else if (e.key === 'namespace') {
      const ns = nonEmpty(w.string(e.value, k));
      if (ns !== undefined) c.namespace = ns;
    }
  }
  return c;
}

/**
 * Parses kubeconfig YAML. `file` names it in errors and is the base of its relative paths (made absolute
 * against the working directory).
 */
export function parseKubeconfig(text: string, file: string): ParsedKubeconfig {
  const y = yaml();
  const source = path.resolve(file);
  const lines = new y.LineCounter();
  const doc = y.parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err) {
    const p = lines.linePos(err.pos[0]);
    throw new KubeconfigError(`${source}:${p.line}:${p.col}: ${err.message.split('\n')[0]}`);
  }
  const w = new Walker(y, source, doc, lines);
  const base = path.dirname(source);
  const top = w.entries(w.node(doc.contents), 'a kubeconfig') ?? [];
  const field = (k: string): Yaml.Node | null => top.find((e) => e.key === k)?.value ?? null;
  const out: ParsedKubeconfig = {
    sources: [source],
    clusters: namedList(w, field('clusters'), 'clusters', 'cluster', (name, body) => readCluster(w, base, name, body)),
    users: namedList(w, field('users'), 'users', 'user', (name, body) => readUser(w, base, name, body)),
    contexts: namedList(w, field('contexts'), 'contexts', 'context', (name, body) => readContext(w, name, body)),
  };
  const current = nonEmpty(w.string(field('current-context'), 'current-context'));
  if (current !== undefined) out.currentContext = current;
  return out;
}

/** A one-line reason for a failed file operation. */
export function ioReason(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? (err.message.split('\n', 1)[0] ?? '') : String(err);
}

/** Reads and parses one kubeconfig file; a missing file is an error. */
export function readKubeconfigFile(file: string): ParsedKubeconfig {
  const abs = path.resolve(file);
  const text = readText(abs);
  if (text === undefined) throw new KubeconfigError(`${abs}: no such file`);
  return parseKubeconfig(text, abs);
}

/** Reads and parses one kubeconfig file; `undefined` when it does not exist (client-go skips missing `$KUBECONFIG` files). */
export function readKubeconfigFileIfExists(file: string): ParsedKubeconfig | undefined {
  const abs = path.resolve(file);
  const text = readText(abs);
  return text === undefined ? undefined : parseKubeconfig(text, abs);
}

/** The file's text, `undefined` when it does not exist; other failures and oversized files are errors. */
function readText(abs: string): string | undefined {
  try {
    const size = fs.statSync(abs).size;
    if (size > MAX_KUBECONFIG_BYTES) throw new KubeconfigError(`${abs}: larger than ${MAX_KUBECONFIG_BYTES} bytes`);
    return fs.readFileSync(abs, 'utf8');
  } catch (err) {
    if (err instanceof KubeconfigError) throw err;
    if ((err as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new KubeconfigError(`${abs}: ${ioReason(err)}`);
  }
}

/**
 * Merges kubeconfigs in precedence order, as client-go's loading rules merge `$KUBECONFIG`: the first file
 * that defines a cluster, user or context name wins, and the first that sets `current-context` wins.
 */
export function mergeKubeconfigs(configs: readonly ParsedKubeconfig[]): ParsedKubeconfig {
  const out: ParsedKubeconfig = { sources: [], clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const c of configs) {
    out.sources.push(...c.sources);
    for (const [k, v] of c.clusters) if (!out.clusters.has(k)) out.clusters.set(k, v);
    for (const [k, v] of c.users) if (!out.users.has(k)) out.users.set(k, v);
    for (const [k, v] of c.contexts) if (!out.contexts.has(k)) out.contexts.set(k, v);
    if (out.currentContext === undefined && c.currentContext !== undefined) out.currentContext = c.currentContext;
  }
  return out;
}

/** The entries a context selects. */
export interface SelectedContext {
  context: KubeconfigContext;
  cluster: KubeconfigCluster;
  user: KubeconfigUser;
}

function files(kc: ParsedKubeconfig): string {
  return kc.sources.join(', ');
}

/** The context `name` (default: `current-context`) with its cluster and user; errors name the files. */
export function selectContext(kc: ParsedKubeconfig, name?: string): SelectedContext {
  const contextName = name ?? kc.currentContext;
  if (contextName === undefined) throw new KubeconfigError(`kubeconfig ${files(kc)}: current-context is not set (pass a context)`);
  const context = kc.contexts.get(contextName);
  if (!context) throw new KubeconfigError(`kubeconfig ${files(kc)}: context "${contextName}" not found`);
  const cluster = kc.clusters.get(context.cluster);
  if (!cluster) {
    throw new KubeconfigError(`${context.source}: context "${contextName}": cluster "${context.cluster}" not found in ${files(kc)}`);
  }
  // client-go: a context without a user authenticates as nobody; a named user must exist
  let user: KubeconfigUser | undefined = { name: context.user, source: context.source };
  if (context.user !== '') user = kc.users.get(context.user);
  if (!user) throw new KubeconfigError(`${context.source}: context "${contextName}": user "${context.user}" not found in ${files(kc)}`);
  return { context, cluster, user };
}
