/**
 * shop: the operator's process, as kubebuilder's cmd/main.go — flags, the manager (shared cache, leader
 * election by Lease, metrics, health probes, one webhook server), the controllers and webhooks registered at the
 * scaffold markers below, and a graceful stop on SIGTERM / SIGINT.
 *
 *   npm run build && node dist/main.js --help
 *
 * `kubegen create api --controller` and `kubegen create webhook` insert their imports and registrations at the
 * `+kubegen:scaffold:…` markers: keep the markers, edit everything else as you like.
 *
 * Exit status: 0 after a graceful stop (and for --help), 1 for a bad flag, an unusable kubeconfig or a failed
 * manager — one line on stderr, no stack trace.
 */
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createRestClient, loadFromDefault } from '@kubegen/runtime';
import { Manager, ping, restClientFactory, stripManagedFields } from '@kubegen/runtime/controller';
import { createLogger, setDefaultLogger } from '@kubegen/runtime/log';
// +kubegen:scaffold:imports

const PROGRAM = 'shop';
/** The Lease the replicas elect their leader with: stable, so every version of the operator shares it. */
const LEADER_ELECTION_ID = 'a847e0a9.shop';
/** Where a pod finds its namespace when POD_NAMESPACE is not set. */
const SERVICE_ACCOUNT_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

const USAGE = `usage: ${PROGRAM} [flags]

  --metrics-bind-address ADDR       where /metrics listens, e.g. :8080; 0 turns metrics off (default 0)
  --health-probe-bind-address ADDR  where /healthz and /readyz listen; 0 turns them off (default :8081)
  --leader-elect                    elect one leader by Lease among the replicas (default false)
  --webhook-port PORT               the webhook server's port (default 9443)
  --webhook-cert-dir DIR            the directory of the serving certificate, tls.crt and tls.key
                                    (default <tmpdir>/k8s-webhook-server/serving-certs)
  --self-managed-certs              make, rotate and serve the webhook certificate from a Secret, and inject its CA
                                    into the webhook configurations and CRD conversion webhooks (no cert-manager)
  --webhook-service-name NAME       the webhook Service, with --self-managed-certs (default shop-webhook-service)
  --webhook-secret-name NAME        the Secret of the certificate, with --self-managed-certs (default shop-webhook-server-cert)
  --kubeconfig FILE                 the kubeconfig (default $KUBECONFIG, ~/.kube/config, else in-cluster)
  --log-level LEVEL                 error, info, debug, or a verbosity number (default info)
  --log-format FORMAT               json or text (default json)
  -h, --help                        print this help

The namespace (of the leader election Lease and the certificate Secret) is $POD_NAMESPACE, else the pod's service
account namespace.`;

/** What the command line says. */
interface Flags {
  metricsBindAddress: string;
  healthProbeBindAddress: string;
  leaderElect: boolean;
  webhookPort: number;
  webhookCertDir: string | undefined;
  selfManagedCerts: boolean;
  webhookServiceName: string;
  webhookSecretName: string;
  kubeconfig: string | undefined;
  logLevel: 'error' | 'info' | 'debug' | number;
  logFormat: 'json' | 'text';
}

/** A bad command line: one line on stderr, exit status 1. */
class UsageError extends Error {}

const BOOLEAN_FLAGS = ['leader-elect', 'self-managed-certs'];

/** The flags of `argv` (without node and the script), or `help`. Throws a UsageError. */
function parseFlags(argv: readonly string[]): Flags | 'help' {
  // Go's flag package accepts --leader-elect=true|false, which util.parseArgs refuses for a boolean
  const args: string[] = [];
  for (const arg of argv) {
    const m = /^--([a-z-]+)=(.*)$/s.exec(arg);
    if (m && BOOLEAN_FLAGS.includes(m[1]!)) {
      if (m[2] !== 'true' && m[2] !== 'false') throw new UsageError(`--${m[1]!}: want true or false, not ${JSON.stringify(m[2])}`);
      if (m[2] === 'true') args.push(`--${m[1]!}`);
    } else args.push(arg);
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        'metrics-bind-address': { type: 'string' },
        'health-probe-bind-address': { type: 'string' },
        'leader-elect': { type: 'boolean' },
        'webhook-port': { type: 'string' },
        'webhook-cert-dir': { type: 'string' },
        'self-managed-certs': { type: 'boolean' },
        'webhook-service-name': { type: 'string' },
        'webhook-secret-name': { type: 'string' },
        kubeconfig: { type: 'string' },
        'log-level': { type: 'string' },
        'log-format': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    // util.parseArgs' message, first line, without its error code
    throw new UsageError(errorText(err).split('\n')[0]!.replace(/^\w*Error \[\w+\]: /, ''));
  }
  if (values.help === true) return 'help';
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const port = str('webhook-port') ?? '9443';
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) throw new UsageError(`--webhook-port: want a port from 1 to 65535, not ${JSON.stringify(port)}`);
  const level = str('log-level') ?? 'info';
  if (!/^\d{1,3}$/.test(level) && level !== 'error' && level !== 'info' && level !== 'debug') {
    throw new UsageError(`--log-level: want error, info, debug or a verbosity number, not ${JSON.stringify(level)}`);
  }
  const format = str('log-format') ?? 'json';
  if (format !== 'json' && format !== 'text') throw new UsageError(`--log-format: want json or text, not ${JSON.stringify(format)}`);
  for (const k of ['webhook-cert-dir', 'webhook-service-name', 'webhook-secret-name', 'kubeconfig']) {
    if (str(k) === '') throw new UsageError(`--${k}: must not be empty`);
  }
  return {
    metricsBindAddress: str('metrics-bind-address') ?? '0',
    healthProbeBindAddress: str('health-probe-bind-address') ?? ':8081',
    leaderElect: values['leader-elect'] === true,
    webhookPort: Number(port),
    webhookCertDir: str('webhook-cert-dir'),
    selfManagedCerts: values['self-managed-certs'] === true,
    webhookServiceName: str('webhook-service-name') ?? 'shop-webhook-service',
    webhookSecretName: str('webhook-secret-name') ?? 'shop-webhook-server-cert',
    kubeconfig: str('kubeconfig'),
    logLevel: /^\d+$/.test(level) ? Number(level) : (level as 'error' | 'info' | 'debug'),
    logFormat: format,
  };
}

/** The operator's namespace: $POD_NAMESPACE (the Deployment sets it), else the pod's service account namespace. */
function operatorNamespace(): string | undefined {
  const env = process.env.POD_NAMESPACE;
  if (env !== undefined && env !== '') return env;
  try {
    return fs.readFileSync(SERVICE_ACCOUNT_NAMESPACE_FILE, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The text of anything thrown (an Error's message), never a stack trace. */
function errorText(err: unknown): string {
  if (typeof (err as { message?: unknown } | null)?.message === 'string') return (err as { message: string }).message;
  try {
    return String(err);
  } catch {
    return 'unknown error';
  }
}

/** Registers the controllers and webhooks on the manager (`kubegen create …` inserts at the markers). */
function setup(mgr: Manager): void {
  // +kubegen:scaffold:webhooks
}

/** Runs the operator until SIGTERM / SIGINT; resolves with the exit status. */
async function main(argv: readonly string[]): Promise<number> {
  let flags: Flags | 'help';
  try {
    flags = parseFlags(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`${PROGRAM}: ${err.message} (see --help)\n`);
    return 1;
  }
  if (flags === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const log = createLogger({ format: flags.logFormat, level: flags.logLevel });
  setDefaultLogger(log);
  const namespace = operatorNamespace();
  for (const [on, flag] of [[flags.leaderElect, '--leader-elect'], [flags.selfManagedCerts, '--self-managed-certs']] as const) {
    if (on && namespace === undefined) {
      process.stderr.write(`${PROGRAM}: ${flag}: the operator's namespace is unknown: set POD_NAMESPACE (in a pod, the service account's namespace is used)\n`);
      return 1;
    }
  }
  let rest;
  try {
    rest = createRestClient(await loadFromDefault(flags.kubeconfig !== undefined ? { kubeconfig: flags.kubeconfig } : {}));
  } catch (err) {
    process.stderr.write(`${PROGRAM}: ${errorText(err)}\n`);
    return 1;
  }
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    log.info('received a signal, stopping', { signal });
    stop.abort();
  };
  // once: a second signal ends the process at once
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  try {
    const mgr = new Manager({
      clients: restClientFactory(rest),
      logger: log,
      cache: { transform: stripManagedFields },
      metrics: { bindAddress: flags.metricsBindAddress },
      healthProbeBindAddress: flags.healthProbeBindAddress,
      webhookServer: {
        port: flags.webhookPort,
        ...(flags.webhookCertDir !== undefined ? { certDir: flags.webhookCertDir } : {}),
        ...(flags.selfManagedCerts ? { selfManagedCertificates: { namespace: namespace!, serviceName: flags.webhookServiceName, secretName: flags.webhookSecretName } } : {}),
      },
      ...(flags.leaderElect ? { leaderElection: { id: LEADER_ELECTION_ID, namespace: namespace!, releaseOnCancel: true } } : {}),
    });
    mgr.addHealthzCheck('healthz', ping);
    mgr.addReadyzCheck('readyz', ping);
    setup(mgr);
    log.info('starting manager', { leaderElection: flags.leaderElect, namespace: namespace ?? '' });
    await mgr.start(stop.signal);
    log.info('manager stopped');
    return 0;
  } catch (err) {
    log.error(err, 'manager failed');
    return 1;
  } finally {
    await rest.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${PROGRAM}: ${errorText(err)}\n`);
    process.exit(1);
  },
);
