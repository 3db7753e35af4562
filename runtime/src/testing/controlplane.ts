import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolveControlPlaneBinaries, type ControlPlaneBinaries, type ResolveBinariesOptions } from './binaries';
import { parseDuration } from './duration';
import { buildKubeconfig, kubeconfigToYaml, type Kubeconfig } from './kubeconfig';
import { freePorts } from './ports';
import { makeCertificateAuthority, makeClientCertificate } from '../webhook/certs/x509';
import { startProcess, tailFile, type ManagedProcess, type ProcessExit } from './process';

/**
 * Command-line flags for a component, by name without the leading `--`. A string sets the flag, an array repeats
 * it, `null` removes a default.
 */
export type ComponentFlags = Readonly<Record<string, string | readonly string[] | null>>;

/** Options for {@link startControlPlane}. Every field is optional. */
export interface ControlPlaneOptions {
  /** Use these binaries instead of resolving them (see {@link resolveControlPlaneBinaries}). */
  binaries?: Pick<ControlPlaneBinaries, 'kubeApiServer' | 'etcd'>;
  /** How to find or build the binaries when `binaries` is not given. */
  resolve?: ResolveBinariesOptions;
  /**
   * How long each component may take to become ready. Default `$KUBEBUILDER_CONTROLPLANE_START_TIMEOUT`
   * (a Go duration such as `90s`), else 60 s.
   */
  startTimeoutMs?: number;
  /**
   * How long each component may take to exit after SIGTERM before it gets SIGKILL. Default
   * `$KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT`, else 20 s.
   */
  stopTimeoutMs?: number;
  /**
   * Configure kube-apiserver for API aggregation (what controller-runtime's envtest users do with extra flags): a
   * front-proxy CA of its own, `--requestheader-*` flags naming it and the `X-Remote-User` / `X-Remote-Group` /
   * `X-Remote-Extra-` headers, and a proxy client certificate (`CN=front-proxy-client`) the aggregator presents to
   * extension apiservers. kube-apiserver then publishes the requestheader configuration in
   * `kube-system/extension-apiserver-authentication`, where delegating apiservers read it. Default false.
   */
  aggregation?: boolean;
  /** Extra or overriding kube-apiserver flags, applied over the defaults. */
  apiServerFlags?: ComponentFlags;
  /** Extra or overriding etcd flags, applied over the defaults. */
  etcdFlags?: ComponentFlags;
  /** Parent of the control plane's temporary directory. Default `$KUBEGEN_ENVTEST_TMPDIR`, else the OS temp dir. */
  tmpDir?: string;
  /**
   * Where to write the kubeconfig. Default `<temp dir>/kubeconfig`, removed by `stop()`; a file elsewhere is the
   * caller's and stays.
   */
  kubeconfigPath?: string;
  /** Copy component output to stderr as well as to the log files. Default `$KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT === 'true'`. */
  attachOutput?: boolean;
  /** Aborts start-up; everything started so far is stopped and removed. Has no effect once started. */
  signal?: AbortSignal;
  /** Progress and failure reports. Default: lines on stderr. */
  log?: (line: string) => void;
}

/** The admin identity the control plane accepts through its static token file. */
export interface ControlPlaneUser {
  name: string;
  groups: readonly string[];
}

/**
 * A running etcd + kube-apiserver pair on loopback.
 *
 * Contract:
 * - `url` serves HTTPS with a certificate signed by `ca`; `token` authenticates as `user`, a member of
 *   `system:masters` (authorization mode RBAC, so every other identity is subject to RBAC);
 * - if either process exits before `stop()` is called, `failure` is set (with the tail of its log), the failure is
 *   reported through the `log` option, `assertRunning()` throws it, and `exited` resolves — nothing waits forever
 *   for a dead server;
 * - `stop()` stops kube-apiserver then etcd (SIGTERM, SIGKILL after the stop timeout), then removes the temporary
 *   directory (data, certificates, keys, token file, logs, default kubeconfig). It is idempotent and never rejects
 *   for a component that had already died;
 * - the processes do not keep Node's event loop alive. If Node exits without `stop()`, they are killed (SIGKILL)
 *   on exit, but the temporary directory stays behind: always call `stop()`.
 */
export interface ControlPlane {
  /** `https://127.0.0.1:<port>` */
  readonly url: string;
  /** PEM of the CA that signed the serving certificate. */
  readonly ca: string;
  /** Bearer token of `user`. */
  readonly token: string;
  readonly user: ControlPlaneUser;
  readonly kubeconfig: Kubeconfig;
  /** Where `kubeconfig` was written. */
  readonly kubeconfigPath: string;
  /** `http://127.0.0.1:<port>` of etcd (no TLS, loopback only). */
  readonly etcdUrl: string;
  /** The temporary directory holding everything `stop()` removes. */
  readonly rootDir: string;
  readonly binaries: ControlPlaneBinaries | Pick<ControlPlaneBinaries, 'kubeApiServer' | 'etcd'>;
  readonly processes: { readonly etcd: ProcessInfo; readonly kubeApiServer: ProcessInfo };
  /** Set when started with `aggregation: true`. */
  readonly frontProxy: FrontProxy | undefined;
  /** Milliseconds from the call to ready, binary resolution included. */
  readonly startupMs: number;
  /**
   * Resolves with the first component exit, whatever its cause (including `stop()`). Awaiting it does not keep
   * Node's event loop alive by itself (the processes are unref'd); a test runner or server normally does.
   */
  readonly exited: Promise<ProcessExit>;
  /** Set when a component exited without `stop()` having been called. */
  readonly failure: Error | undefined;
  /** Throws `failure` if a component died. */
  assertRunning(): void;
  stop(): Promise<void>;
}

/**
 * The front proxy of a control plane started with `aggregation: true`: the CA kube-apiserver trusts for
 * requestheader authentication, and the client certificate its aggregator presents to extension apiservers.
 */
export interface FrontProxy {
  /** PEM of the requestheader client CA (`--requestheader-client-ca-file`). */
  readonly caCert: string;
  /** PEM of the proxy client certificate (`--proxy-client-cert-file`), signed by `caCert`. */
  readonly clientCert: string;
  readonly clientKey: string;
  /** `--requestheader-allowed-names`: the common names a front proxy's certificate may have. */
  readonly allowedNames: readonly string[];
}

/** The headers the aggregator's requestheader flags name. */
export const REQUEST_HEADERS = Object.freeze({ username: 'X-Remote-User', group: 'X-Remote-Group', extraPrefix: 'X-Remote-Extra-' });

/** A component process: its pid and where its output goes. */
export interface ProcessInfo {
  readonly pid: number | undefined;
  readonly logFile: string;
}

const DEFAULT_START_TIMEOUT_MS = 60_000;
const DEFAULT_STOP_TIMEOUT_MS = 20_000;
const ADMIN: ControlPlaneUser = { name: 'kubegen-admin', groups: ['system:masters'] };

/**
 * Starts etcd and kube-apiserver on free loopback ports with temporary data, certificate and log directories, and
 * resolves once `/readyz` answers 200. On failure everything started is stopped and removed, and the error carries
 * the tail of each component's log. See {@link ControlPlane} for what the handle promises.
 */
export async function startControlPlane(options: ControlPlaneOptions = {}): Promise<ControlPlane> {
  const started = Date.now();
  const env = options.resolve?.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const startTimeoutMs = options.startTimeoutMs ?? parseDuration(env.KUBEBUILDER_CONTROLPLANE_START_TIMEOUT) ?? DEFAULT_START_TIMEOUT_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? parseDuration(env.KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT) ?? DEFAULT_STOP_TIMEOUT_MS;
  const binaries =
    options.binaries ?? (await resolveControlPlaneBinaries({ log, signal: options.signal, ...options.resolve }));
  options.signal?.throwIfAborted();

  // A port taken between probing and binding shows up as "address already in use": retry once with new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options, { binaries, log, startTimeoutMs, stopTimeoutMs, started, env });
    } catch (err) {
      if (attempt >= 2 || !(err instanceof StartError) || !err.portInUse) throw err;
      log(`kubegen envtest: a port was taken while starting, retrying: ${err.message.split('\n')[0]}`);
    }
  }
}

class StartError extends Error {
  constructor(
    message: string,
    readonly portInUse: boolean,
  ) {
    super(message);
    this.name = 'ControlPlaneStartError';
  }
}

interface Resolved {
  binaries: Pick<ControlPlaneBinaries, 'kubeApiServer' | 'etcd'>;
  log: (line: string) => void;
  startTimeoutMs: number;
  stopTimeoutMs: number;
  started: number;
  env: NodeJS.ProcessEnv;
}

async function startOnce(options: ControlPlaneOptions, r: Resolved): Promise<ControlPlane> {
  const parent = options.tmpDir ?? (r.env.KUBEGEN_ENVTEST_TMPDIR || os.tmpdir());
  await fs.mkdir(parent, { recursive: true });
  const rootDir = await fs.mkdtemp(path.join(parent, 'kubegen-envtest-'));
  const dirs = { data: path.join(rootDir, 'etcd'), certs: path.join(rootDir, 'certs'), logs: path.join(rootDir, 'logs') };
  const attachOutput = options.attachOutput ?? r.env.KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT === 'true';
  const started: ManagedProcess[] = [];
  const cleanup = async () => {
    // With a component already dead (etcd, typically), kube-apiserver's graceful shutdown only waits in vain.
    const degraded = started.some((p) => p.exit !== undefined);
    const timeout = degraded ? Math.min(r.stopTimeoutMs, 2000) : r.stopTimeoutMs;
    for (const proc of [...started].reverse()) await proc.stop(timeout);
    await fs.rm(rootDir, { recursive: true, force: true });
  };

  try {
    for (const dir of Object.values(dirs)) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const [etcdPort, peerPort, apiPort] = await freePorts(3);
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const peerUrl = `http://127.0.0.1:${peerPort}`;
    const url = `https://127.0.0.1:${apiPort}`;

    const token = randomBytes(32).toString('hex');
    const tokenFile = path.join(dirs.certs, 'tokens.csv');
    await fs.writeFile(tokenFile, `${token},${ADMIN.name},${ADMIN.name},"${ADMIN.groups.join(',')}"\n`, { mode: 0o600 });
    const saKeys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const saKeyFile = path.join(dirs.certs, 'sa-signer.key');
    const saPubFile = path.join(dirs.certs, 'sa-signer.pub');
    await fs.writeFile(saKeyFile, saKeys.privateKey, { mode: 0o600 });
    await fs.writeFile(saPubFile, saKeys.publicKey, { mode: 0o600 });

    const frontProxy = options.aggregation === true ? await writeFrontProxy(dirs.certs) : undefined;

    const etcdArgs = flagsToArgs(
      {
        name: 'default',
        'data-dir': dirs.data,
        'listen-client-urls': etcdUrl,
        'advertise-client-urls': etcdUrl,
        'listen-peer-urls': peerUrl,
        'initial-advertise-peer-urls': peerUrl,
        'initial-cluster': `default=${peerUrl}`,
        'unsafe-no-fsync': 'true',
      },
      options.etcdFlags,
    );
    const etcd = startProcess({ name: 'etcd', binary: r.binaries.etcd, args: etcdArgs, logFile: path.join(dirs.logs, 'etcd.log'), attachOutput });
    started.push(etcd);
    await waitFor(etcd, r.startTimeoutMs, options.signal, 'etcd /health', () => probe(`${etcdUrl}/health`, {}));

    const apiArgs = flagsToArgs(
      {
        'advertise-address': '127.0.0.1',
        // The default (lease) endpoint reconciler refuses a loopback advertise address, and there is no Service
        // network to publish `kubernetes.default` endpoints into anyway.
        'endpoint-reconciler-type': 'none',
        'bind-address': '127.0.0.1',
        'secure-port': String(apiPort),
        'cert-dir': dirs.certs,
        'etcd-servers': etcdUrl,
        'service-cluster-ip-range': '10.0.0.0/24',
        // Webhooks, CRD conversion webhooks and APIServices that name a Service are sent to an address of the
        // Service's EndpointSlices (there is no Service network for a ClusterIP to lead anywhere): a test, or `kubegen
        // run`, publishes the local webhook server as the Service's endpoint and the manifests stay as deployed.
        'enable-aggregator-routing': 'true',
        'allow-privileged': 'true',
        // No controller-manager runs, so the ServiceAccount admission plugin would reject pods for lack of a
        // default service account (envtest disables it for the same reason).
        'disable-admission-plugins': 'ServiceAccount',
        'authorization-mode': 'RBAC',
        'token-auth-file': tokenFile,
        'service-account-issuer': `${url}/`,
        'service-account-key-file': saPubFile,
        'service-account-signing-key-file': saKeyFile,
        ...(frontProxy ? frontProxy.flags : {}),
      },
      options.apiServerFlags,
    );
    const api = startProcess({
      name: 'kube-apiserver',
      binary: r.binaries.kubeApiServer,
      args: apiArgs,
      logFile: path.join(dirs.logs, 'kube-apiserver.log'),
      attachOutput,
    });
    started.push(api);
    let ca: string | undefined;
    await waitFor(api, r.startTimeoutMs, options.signal, 'kube-apiserver /readyz', async () => {
      ca ??= await readServingCa(path.join(dirs.certs, 'apiserver.crt'));
      return ca !== undefined && probe(`${url}/readyz`, { ca, token });
    });
    if (ca === undefined) throw new Error('unreachable: ready without a CA');

    const kubeconfig = buildKubeconfig({ server: url, ca, token });
    const kubeconfigPath = options.kubeconfigPath ?? path.join(rootDir, 'kubeconfig');
    await fs.mkdir(path.dirname(kubeconfigPath), { recursive: true });
    await fs.writeFile(kubeconfigPath, kubeconfigToYaml(kubeconfig), { mode: 0o600 });

    return makeHandle({ url, ca, token, kubeconfig, kubeconfigPath, etcdUrl, rootDir, etcd, api, r, cleanup, frontProxy: frontProxy?.info });
  } catch (err) {
    const logs = await Promise.all(started.map(async (p) => `--- ${p.name} (${p.logFile}) ---\n${await tailFile(p.logFile, 40)}`));
    await cleanup().catch(() => undefined);
    if (options.signal?.aborted) throw options.signal.reason;
    const message = (err as Error).message;
    throw new StartError(
      `kubegen envtest: control plane failed to start: ${message}\n${logs.join('\n')}`,
      logs.some((l) => /address already in use/.test(l)),
    );
  }
}

interface HandleParts {
  url: string;
  ca: string;
  token: string;
  kubeconfig: Kubeconfig;
  kubeconfigPath: string;
  etcdUrl: string;
  rootDir: string;
  etcd: ManagedProcess;
  api: ManagedProcess;
  r: Resolved;
  cleanup: () => Promise<void>;
  frontProxy: FrontProxy | undefined;
}

function makeHandle(p: HandleParts): ControlPlane {
  let stopping: Promise<void> | undefined;
  let failure: Error | undefined;
  const exited = Promise.race([p.etcd.exited, p.api.exited]);
  void exited.then(async (exit) => {
    if (exit.requested || stopping) return;
    const proc = exit.name === 'etcd' ? p.etcd : p.api;
    failure = new Error(
      `kubegen envtest: ${exit.name} (pid ${proc.pid}) exited unexpectedly with ${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`}` +
        `\n--- ${proc.logFile} ---\n${await tailFile(proc.logFile)}`,
    );
    p.r.log(failure.message);
  });
  return {
    url: p.url,
    ca: p.ca,
    token: p.token,
    user: ADMIN,
    kubeconfig: p.kubeconfig,
    kubeconfigPath: p.kubeconfigPath,
    etcdUrl: p.etcdUrl,
    rootDir: p.rootDir,
    binaries: p.r.binaries,
    frontProxy: p.frontProxy,
    processes: {
      etcd: { pid: p.etcd.pid, logFile: p.etcd.logFile },
      kubeApiServer: { pid: p.api.pid, logFile: p.api.logFile },
    },
    startupMs: Date.now() - p.r.started,
    exited,
    get failure() {
      return failure;
    },
    assertRunning() {
      const dead = p.etcd.exit ?? p.api.exit;
      if (failure) throw failure;
      if (dead) throw new Error(`kubegen envtest: ${dead.name} is not running (code ${dead.code}, signal ${dead.signal})`);
    },
    stop() {
      stopping ??= p.cleanup();
      return stopping;
    },
  };
}

/** The front-proxy CA and client certificate, written into `certDir`, and the kube-apiserver flags naming them. */
async function writeFrontProxy(certDir: string): Promise<{ info: FrontProxy; flags: Record<string, string> }> {
  const ca = makeCertificateAuthority({ name: 'kubegen-front-proxy-ca' });
  const allowedNames = ['front-proxy-client'];
  const client = makeClientCertificate({ ca, commonName: 'front-proxy-client' });
  const files = { ca: path.join(certDir, 'front-proxy-ca.crt'), cert: path.join(certDir, 'front-proxy-client.crt'), key: path.join(certDir, 'front-proxy-client.key') };
  await fs.writeFile(files.ca, ca.cert, { mode: 0o600 });
  await fs.writeFile(files.cert, client.cert, { mode: 0o600 });
  await fs.writeFile(files.key, client.key, { mode: 0o600 });
  return {
    info: { caCert: ca.cert, clientCert: client.cert, clientKey: client.key, allowedNames },
    flags: {
      'requestheader-client-ca-file': files.ca,
      'requestheader-allowed-names': allowedNames.join(','),
      'requestheader-username-headers': REQUEST_HEADERS.username,
      'requestheader-group-headers': REQUEST_HEADERS.group,
      'requestheader-extra-headers-prefix': REQUEST_HEADERS.extraPrefix,
      'proxy-client-cert-file': files.cert,
      'proxy-client-key-file': files.key,
    },
  };
}

function flagsToArgs(defaults: Record<string, string>, overrides: ComponentFlags | undefined): string[] {
  const merged = new Map<string, readonly string[]>(Object.entries(defaults).map(([k, v]) => [k, [v]]));
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (value === null) merged.delete(name);
    else merged.set(name, typeof value === 'string' ? [value] : value);
  }
  return [...merged].flatMap(([name, values]) => values.map((v) => `--${name}=${v}`));
}

/**
 * Polls `check` every 100 ms until it returns true. Fails as soon as `proc` exits, after `timeoutMs`, or when
 * `signal` aborts.
 */
async function waitFor(
  proc: ManagedProcess,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  what: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    if (proc.exit) {
      const e = proc.exit;
      throw new Error(`${proc.name} exited with ${e.signal ? `signal ${e.signal}` : `code ${e.code}`} before ${what} was ready`);
    }
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready after ${timeoutMs} ms`);
    await Promise.race([sleep(100), proc.exited]);
  }
}

/** Whether GET `url` answers 200 within 2 s. */
function probe(url: string, auth: { ca?: string; token?: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const headers = auth.token ? { Authorization: `Bearer ${auth.token}` } : undefined;
    const done = (res: http.IncomingMessage) => {
      res.resume();
      resolve(res.statusCode === 200);
    };
    const req = url.startsWith('https:') ? https.get(url, { ca: auth.ca, headers, timeout: 2000 }, done) : http.get(url, { headers, timeout: 2000 }, done);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => { resolve(false); });
  });
}

/**
 * kube-apiserver, given a `--cert-dir` and no serving certificate, writes a self-signed pair there:
 * `apiserver.crt` holds the serving certificate followed by the CA that signed it. Returns that CA's PEM, or
 * undefined while the file is not (completely) written yet.
 */
async function readServingCa(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/g) ?? [];
  try {
    for (const block of blocks) {
      if (new X509Certificate(block).ca) return block.endsWith('\n') ? block : `${block}\n`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
