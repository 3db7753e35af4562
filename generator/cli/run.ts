/**
 * `kubegen run [-- <operator flags>]`: runs the project's operator (`node dist/main.js`, what `npm run build` makes)
 * on this machine against the current kubeconfig, with its webhooks served locally — kubebuilder's `make run`, plus
 * the webhooks kubebuilder leaves out of it.
 *
 * 1. The project is the kubegen configuration in the current directory (or `--config`); a missing one is an error.
 * 2. Unless `--no-webhooks`: a local CA and serving certificate for `--host` (default 127.0.0.1) and `localhost`,
 *    kept in `<cache>/run/<project>/` (`$KUBEGEN_RUN_CACHE`, else `$XDG_CACHE_HOME/kubegen/run`, else
 *    `~/.cache/kubegen/run`) and reused while valid for 30 more days; the project's webhook configurations and the
 *    CRDs with a conversion webhook — the objects `kubegen generate` wrote under the deploy tree's `crd/` and
 *    `webhook/` (or, without a `deploy` key, the `webhook` target's `manifests.yaml` and the packages' `crds/`) —
 *    with every `clientConfig.service` replaced by `url: https://<host>:<port><path>` and the local CA as
 *    `caBundle`: an object that exists gets only its `webhooks` (a CRD its `spec.conversion`) replaced, by a JSON
 *    patch (field manager `kubegen-run`; a deploy's labels and annotations stay); a missing one is created by
 *    `kubegen apply`'s engine (server-side apply, field manager `kubegen-run`).
 * 3. The operator runs as `node dist/main.js --webhook-port <port> --webhook-cert-dir <dir> [--kubeconfig <file>]
 *    <args after -->` in its own process group, with `POD_NAMESPACE` set to the deploy namespace unless set; SIGINT,
 *    SIGTERM and SIGHUP are forwarded to it once; `kubegen run` exits with its exit code (128 + n for signal n).
 * 4. When the operator has exited (or `run` fails after step 2), every replaced field is put back as it was; the
 *    webhook configurations `run` created are deleted, and the CRDs it created stay (deleting a CRD deletes its
 *    objects) with the project's conversion, naming the Service again. A `kubegen run` killed with SIGKILL cannot
 *    do this: run it again and stop it with Ctrl-C, or `npm run install` / `deploy`.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { isIP } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { loadConfig, type KubegenConfig } from '../config';
import { KubegenError } from '../errors';
import type { CommandAction } from './envtest';
import type * as ApplyModule from '../apply';
import type { Manifest, ManifestObject } from '../apply';
import type { JsonPatchOperation, ResourceDescriptor } from '@kubegen/runtime';

export interface RunIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

interface RunArgs {
  config?: string;
  kubeconfig?: string;
  'webhook-port'?: number;
  host?: string;
  webhooks?: boolean;
  '--'?: Array<string | number>;
}

/* eslint-disable @typescript-eslint/no-require-imports -- the apply engine and the runtime are loaded when `run` runs, synchronously */
const engine = (): typeof ApplyModule => require('../apply') as typeof ApplyModule;
const runtime = (): typeof import('@kubegen/runtime') => require('@kubegen/runtime') as typeof import('@kubegen/runtime');
const certs = (): typeof import('@kubegen/runtime/webhook') => require('@kubegen/runtime/webhook') as typeof import('@kubegen/runtime/webhook');
/* eslint-enable @typescript-eslint/no-require-imports */

/** The operator program `npm run build` makes, relative to the project. */
export const RUN_PROGRAM = 'dist/main.js';
/** A cached certificate is made anew when it expires within this. */
const CERT_LOOKAHEAD_MS = 30 * 86_400_000;
const HOST = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[-A-Za-z0-9]{0,61}[A-Za-z0-9])?)*$/;

function checkArgs(args: RunArgs): true {
  for (const name of ['config', 'kubeconfig', 'host'] as const) if (args[name] === '') throw new Error(`--${name} needs a value`);
  const port = args['webhook-port'];
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) throw new Error(`--webhook-port must be a port number from 1 to 65535 (got ${String(port)})`);
  const host = args.host;
  if (host !== undefined && !(isIpAddress(host) || HOST.test(host))) throw new Error(`--host ${JSON.stringify(host)} is not an IP address or DNS name the apiserver can reach`);
  return true;
}

function isIpAddress(h: string): boolean {
  return isIP(h) !== 0;
}

/** The host as it goes into a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Where `run` keeps its certificates: see the module doc. */
export function runCacheDir(project: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.KUBEGEN_RUN_CACHE ?? (env.XDG_CACHE_HOME ? path.join(env.XDG_CACHE_HOME, 'kubegen', 'run') : path.join(os.homedir() || os.tmpdir(), '.cache', 'kubegen', 'run'));
  return path.join(root, project);
}

/** The project's name: `deploy.name`, else its directory's name made a DNS label. */
function projectName(config: KubegenConfig): string {
  if (config.deploy) return config.deploy.name;
  const base = path.basename(config.baseDir).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return base || 'project';
}

/** Reuses or makes the local certificates; returns the directory and the CA's PEM. */
export function localCertificates(dir: string, hosts: readonly string[], now = Date.now()): { dir: string; caCert: string } {
  const { checkCertificates, makeServingCertificates, writeServingCertificates } = certs();
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const have = { caCert: read('ca.crt'), caKey: read('ca.key'), cert: read('tls.crt'), key: read('tls.key') };
  if (checkCertificates(have, { hosts, now, lookaheadMs: CERT_LOOKAHEAD_MS }).ok && have.caCert !== undefined) return { dir, caCert: have.caCert };
  const made = makeServingCertificates({ hosts, caName: 'kubegen-run-ca', validDays: 365, now: new Date(now) });
  try {
    writeServingCertificates(dir, made);
    fs.writeFileSync(path.join(dir, 'ca.key'), made.caKey, { mode: 0o600 });
  } catch (e) {
    throw new KubegenError(`cannot write the local webhook certificates into ${dir}: ${(e as Error).message}`, 1, e);
  }
  return { dir, caCert: made.caCert };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: unknown, k: string): unknown => (isObject(o) && Object.hasOwn(o, k) ? o[k] : undefined);

const WEBHOOK_KINDS = new Set(['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration']);

function isWebhookConfiguration(o: ManifestObject): boolean {
  return o.apiVersion === 'admissionregistration.k8s.io/v1' && WEBHOOK_KINDS.has(o.kind);
}

function isConversionCrd(o: ManifestObject): boolean {
  return o.apiVersion === 'apiextensions.k8s.io/v1' && o.kind === 'CustomResourceDefinition' && own(own(own(o, 'spec'), 'conversion'), 'strategy') === 'Webhook';
}

/** The project's webhook configurations and conversion CRDs, as `kubegen generate` wrote them. */
export function projectWebhookObjects(config: KubegenConfig): Manifest[] {
  const { buildKustomizationDir, readManifests } = engine();
  const found: Manifest[] = [];
  if (config.deploy) {
    for (const sub of ['crd', 'webhook']) {
      const dir = path.join(config.baseDir, config.deploy.configDir, sub);
      if (fs.existsSync(path.join(dir, 'kustomization.yaml'))) found.push(...buildKustomizationDir(dir, { cwd: config.baseDir }));
    }
  } else {
    const files: string[] = [];
    for (const t of config.manifests) {
      const file = path.join(t.output, 'manifests.yaml');
      if (t.kind === 'webhook' && fs.existsSync(file)) files.push(file);
    }
    const out = path.resolve(config.baseDir, config.output);
    const groups = fs.existsSync(out) ? fs.readdirSync(out, { withFileTypes: true }).filter((d) => d.isDirectory()) : [];
    for (const g of groups.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const crds = path.join(out, g.name, 'crds');
      if (fs.existsSync(crds)) files.push(crds);
    }
    if (files.length > 0) found.push(...readManifests({ paths: files, recursive: false, cwd: config.baseDir }));
  }
  return found.filter((m) => isWebhookConfiguration(m.object) || isConversionCrd(m.object));
}

/** A client config naming a Service → the local URL with the local CA; any other is left as it is. */
function localClientConfig(clientConfig: unknown, base: string, caBundle: string): unknown {
  const service = own(clientConfig, 'service');
  if (!isObject(service)) return clientConfig;
  const p = own(service, 'path');
  const urlPath = typeof p === 'string' && p.startsWith('/') ? p : '/';
  return { url: `${base}${urlPath}`, caBundle };
}

/** The objects pointed at `https://<host>:<port>` (see the module doc); the input is not changed. */
export function pointAtLocal(objects: readonly Manifest[], host: string, port: number, caCertPem: string): Manifest[] {
  const base = `https://${urlHost(host)}:${port}`;
  const caBundle = Buffer.from(caCertPem, 'utf8').toString('base64');
  return objects.map((m) => {
    const object = structuredClone(m.object);
    if (isWebhookConfiguration(object)) {
      const hooks = own(object, 'webhooks');
      if (Array.isArray(hooks)) object.webhooks = hooks.map((h: unknown) => (isObject(h) ? { ...h, clientConfig: localClientConfig(own(h, 'clientConfig'), base, caBundle) } : h));
    } else {
      const webhook = own(own(own(object, 'spec'), 'conversion'), 'webhook');
      if (isObject(webhook)) webhook.clientConfig = localClientConfig(own(webhook, 'clientConfig'), base, caBundle);
    }
    return { object, ...(m.source ? { source: m.source } : {}) };
  });
}

/** Exit code of a process ended by `signal` (the shell's 128 + n). */
function signalExitCode(signal: NodeJS.Signals): number {
  // a platform may lack a signal's number
  return 128 + ((os.constants.signals as Partial<Record<NodeJS.Signals, number>>)[signal] ?? 1);
}

/** Runs `kubegen run` once its arguments are checked; resolves to the operator's exit code. */
export async function runRun(io: RunIo, cwd: string, args: RunArgs): Promise<number> {
  const config = loadConfig(cwd, args.config);
  if (config.source === '(defaults)') throw new KubegenError(`no kubegen project in ${cwd} (no kubegen.config.json, and no "kubegen" key in package.json): run kubegen run in the project's directory, or pass --config`);
  const program = path.join(config.baseDir, RUN_PROGRAM);
  if (!fs.existsSync(program)) throw new KubegenError(`${path.relative(cwd, program) || program} does not exist: run npm run build first`);
  const port = args['webhook-port'] ?? 9443;
  const host = args.host ?? '127.0.0.1';
  const webhooks = args.webhooks ?? true;
  const kubeconfig = args.kubeconfig !== undefined ? path.resolve(cwd, args.kubeconfig) : undefined;
  const name = projectName(config);

  const childArgs: string[] = [program];
  let restore: (() => Promise<void>) | undefined;
  if (webhooks) {
    const hosts = [...new Set([host, 'localhost', '127.0.0.1'])];
    const local = localCertificates(runCacheDir(name), hosts);
    childArgs.push(`--webhook-port=${port}`, `--webhook-cert-dir=${local.dir}`);
    const objects = projectWebhookObjects(config);
    if (objects.length === 0) io.err(`kubegen run: the project has no webhook configurations or conversion webhooks; serving webhooks on port ${port} anyway\n`);
    else {
      // a signal while the webhooks are being pointed: finish, put them back, and stop before the operator starts
      let interrupted: NodeJS.Signals | undefined;
      const hold = (sig: NodeJS.Signals) => { interrupted ??= sig; };
      for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, hold);
      try {
        restore = await pointWebhooks(io, config, kubeconfig, pointAtLocal(objects, host, port, local.caCert), objects);
      } finally {
        for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(s, hold);
      }
      if (interrupted !== undefined) {
        await restore().catch((e: unknown) => { io.err(`kubegen run: could not restore the webhook configurations: ${engine().errorLine(e)}\n`); });
        throw new KubegenError(`interrupted (${interrupted})`, signalExitCode(interrupted));
      }
    }
  }
  if (kubeconfig !== undefined) childArgs.push(`--kubeconfig=${kubeconfig}`);
  for (const a of args['--'] ?? []) childArgs.push(String(a));

  const env = { ...process.env };
  if (env.POD_NAMESPACE === undefined && config.deploy) env.POD_NAMESPACE = config.deploy.namespace;
  let code: number;
  try {
    code = await runChild(process.execPath, childArgs, config.baseDir, env);
  } finally {
    if (restore) await restore().catch((e: unknown) => { io.err(`kubegen run: could not restore the webhook configurations: ${engine().errorLine(e)}\n`); });
  }
  return code;
}

/** The field manager of what `run` writes. */
export const RUN_FIELD_MANAGER = 'kubegen-run';

/** The descriptor of a kind `run` points at the local webhook server (of objects read as plain data). */
const descriptorOf = (kind: string): ResourceDescriptor<KubeObjectLike> =>
  kind === 'CustomResourceDefinition'
    ? { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', kind, namespaced: false }
    : { group: 'admissionregistration.k8s.io', version: 'v1', resource: kind === 'ValidatingWebhookConfiguration' ? 'validatingwebhookconfigurations' : 'mutatingwebhookconfigurations', kind, namespaced: false };

/** Where an object's webhooks live: the configuration's `webhooks`, the CRD's `spec.conversion`. */
function webhookField(o: Record<string, unknown>): { pointer: string; value: unknown } {
  return o.kind === 'CustomResourceDefinition' ? { pointer: '/spec/conversion', value: own(own(o, 'spec'), 'conversion') } : { pointer: '/webhooks', value: own(o, 'webhooks') };
}

/** A JSON patch setting `pointer` to `value` (removing it for `undefined`). */
function setField(pointer: string, value: unknown, present: boolean): JsonPatchOperation[] {
  if (value === undefined) return present ? [{ op: 'remove', path: pointer }] : [];
  return [{ op: present ? 'replace' : 'add', path: pointer, value }];
}

/**
 * Points the project's webhooks at the local server: an object that exists gets its `webhooks` (a CRD its
 * `spec.conversion`) replaced by the local version with a JSON patch — nothing else of it changes, so the labels and
 * annotations of a deploy (an ApplySet's, cert-manager's) stay — and one that does not is created by `kubegen apply`'s
 * engine. Returns what puts everything back: the fields as they were for the objects that existed; for the objects
 * `run` created, webhook configurations are deleted and CRDs get the project's conversion (naming the Service).
 */
async function pointWebhooks(io: RunIo, config: KubegenConfig, kubeconfig: string | undefined, local: readonly Manifest[], original: readonly Manifest[]): Promise<() => Promise<void>> {
  const { applyManifests, errorLine, objectRef } = engine();
  const rt = runtime();
  let kc: Awaited<ReturnType<typeof rt.loadFromDefault>>;
  try {
    kc = await rt.loadFromDefault(kubeconfig !== undefined ? { kubeconfig } : {});
  } catch (e) {
    throw new KubegenError(errorLine(e), 1, e);
  }
  const rest = rt.createRestClient(kc, { timeoutMs: 60_000, onWarning: (w) => { io.err(`Warning: ${w.text}\n`); } });
  const clientOf = (kind: string) => new rt.TypedClient(rest, descriptorOf(kind));
  const restores: Array<() => Promise<void>> = [];
  const restore = async () => {
    try {
      // the last change first
      for (const r of restores.reverse()) await r();
    } finally {
      await rest.close().catch(() => undefined);
    }
  };
  try {
    const missing: Array<{ local: Manifest; original: Manifest }> = [];
    for (const [i, localManifest] of local.entries()) {
      const originalManifest = original[i];
      if (originalManifest === undefined) throw new Error(`kubegen bug: the local webhook manifest ${i} has no original`);
      const l = localManifest.object;
      const ref = objectRef(descriptorOf(l.kind).group, l.kind, l.metadata.name);
      const client = clientOf(l.kind);
      let current: KubeObjectLike;
      try {
        current = await client.get(l.metadata.name);
      } catch (e) {
        if (!rt.isNotFound(e)) throw e;
        missing.push({ local: localManifest, original: originalManifest });
        continue;
      }
      const before = webhookField(current);
      const after = webhookField(l);
      await client.patch(l.metadata.name, 'application/json-patch+json', setField(after.pointer, after.value, before.value !== undefined), { fieldManager: RUN_FIELD_MANAGER });
      io.err(`${ref} pointed at the local webhook server\n`);
      restores.push(async () => {
        const now = webhookField((await client.get(l.metadata.name)));
        await client.patch(l.metadata.name, 'application/json-patch+json', setField(before.pointer, before.value, now.value !== undefined), { fieldManager: RUN_FIELD_MANAGER });
        io.err(`${ref} restored\n`);
      });
    }
    if (missing.length > 0) {
      await applyManifests({
        rest,
        manifests: missing.map((m) => m.local),
        fieldManager: RUN_FIELD_MANAGER,
        wait: false,
        namespace: config.deploy?.namespace ?? 'default',
        onResult: (r) => { io.err(`${r.line} (pointed at the local webhook server)\n`); },
      });
      for (const m of missing) {
        const o = m.original.object;
        const ref = objectRef(descriptorOf(o.kind).group, o.kind, o.metadata.name);
        const client = clientOf(o.kind);
        restores.push(async () => {
          if (o.kind !== 'CustomResourceDefinition') {
            await client.delete(o.metadata.name).catch((e: unknown) => { if (!rt.isNotFound(e)) throw e; });
            io.err(`${ref} deleted\n`);
            return;
          }
          // a CRD stays (deleting it would delete its objects): its conversion names the Service again
          const want = webhookField(o);
          const now = webhookField((await client.get(o.metadata.name)));
          await client.patch(o.metadata.name, 'application/json-patch+json', setField(want.pointer, want.value, now.value !== undefined), { fieldManager: RUN_FIELD_MANAGER });
          io.err(`${ref} restored\n`);
        });
      }
    }
  } catch (e) {
    await restore().catch(() => undefined);
    throw new KubegenError(`kubegen run: ${errorLine(e)}`, 1, e);
  }
  return restore;
}

interface KubeObjectLike {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  [field: string]: unknown;
}

/** Spawns the operator in its own process group, forwards signals once, resolves with its exit code. */
function runChild(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit', detached: true });
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const forward = (sig: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    };
    for (const s of signals) process.on(s, forward);
    // kubegen itself ending (an uncaught error) must not leave the operator running
    const onExit = () => { forward('SIGTERM'); };
    process.on('exit', onExit);
    const done = () => {
      for (const s of signals) process.off(s, forward);
      process.off('exit', onExit);
    };
    child.once('error', (e) => {
      done();
      reject(new KubegenError(`cannot start ${args[0]}: ${e.message}`, 1, e));
    });
    child.once('exit', (code, signal) => {
      done();
      resolve(code ?? (signal ? signalExitCode(signal) : 1));
    });
  });
}

/** The `run` command; its handler only records the action, which the CLI runs once the whole line is valid. */
export function runCommand(io: RunIo, cwd: string, run: (action: CommandAction) => void): CommandModule<object, RunArgs> {
  return {
    command: 'run',
    describe: 'Run the operator (node dist/main.js) locally against the current kubeconfig, its webhooks served locally (local certificate, webhook configurations and conversion pointed at it); flags after -- go to the operator',
    builder: (y: Argv<object>) =>
      y
        .parserConfiguration({ 'populate--': true })
        .option('config', { type: 'string', describe: 'Configuration file (default: kubegen.config.json|js|cjs, else package.json#kubegen)' })
        .option('kubeconfig', { type: 'string', describe: 'The kubeconfig file, for kubegen and the operator (default: $KUBECONFIG, else ~/.kube/config)' })
        .option('webhook-port', { type: 'number', describe: 'The port the operator serves webhooks on (default: 9443)' })
        .option('host', { type: 'string', describe: 'The address the apiserver reaches this machine at (default: 127.0.0.1)' })
        .option('webhooks', { type: 'boolean', describe: 'Serve the webhooks locally (default: true; --no-webhooks runs the operator alone)' })
        .check((args) => checkArgs(args)),
    handler: (args) => {
      // yargs folds `--` back into `_` once the handler returned: keep the operator's arguments now
      const settled: RunArgs = { ...args, '--': [...(args['--'] ?? [])] };
      run(() => runRun(io, cwd, settled));
    },
  };
}
