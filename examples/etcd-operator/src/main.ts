/**
 * The etcd operator's process: flags, kubeconfig, the manager (shared cache, leader election by Lease, metrics,
 * probes, JSON logs on stderr), the EtcdCluster controller, and a graceful stop on SIGTERM / SIGINT.
 *
 *   node examples/etcd-operator/dist/main.js --kubeconfig kc.yaml [--install-crds] [flags]
 *
 * Exit status: 0 after a graceful stop, 1 when the manager fails (e.g. leadership lost: a restart makes the process
 * a candidate again), 2 for bad flags or an unreadable kubeconfig — one line on stderr, no stack trace.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { createRestClient, loadFromDefault } from '@kubegen/runtime';
import { Manager, jsonLogger, restClientFactory, stripManagedFields } from '@kubegen/runtime/controller';
import { crdClientsFor, installCRDs } from '@kubegen/runtime/testing';
import { setupEtcdClusterController } from './controller';

const USAGE = `usage: etcd-operator [--kubeconfig FILE] [--context NAME] [--namespace NS] [--install-crds]
  [--leader-elect=true|false] [--leader-election-id ID] [--leader-election-namespace NS] [--leader-election-identity ID]
  [--lease-duration 15s] [--renew-deadline 10s] [--retry-period 2s]
  [--metrics-bind-address :8080] [--health-probe-bind-address :8081] [--max-concurrent-reconciles 2] [--v N]`;

/** What the flags say. */
export interface OperatorFlags {
  kubeconfig: string | undefined;
  context: string | undefined;
  namespace: string | undefined;
  installCrds: boolean;
  leaderElect: boolean;
  leaderElectionId: string;
  leaderElectionNamespace: string;
  leaderElectionIdentity: string | undefined;
  leaseDurationMs: number;
  renewDeadlineMs: number;
  retryPeriodMs: number;
  metricsBindAddress: string;
  healthProbeBindAddress: string;
  maxConcurrentReconciles: number;
  verbosity: number;
}

/** A bad command line: printed as one line with the usage, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A Go-style duration (`500ms`, `4s`, `1.5m`, `1h`) in milliseconds. */
export function parseDurationFlag(flag: string, text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text);
  if (!m) throw new UsageError(`--${flag}: invalid duration ${JSON.stringify(text)} (want e.g. 500ms, 4s, 1m)`);
  const ms = Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  if (ms <= 0) throw new UsageError(`--${flag}: must be positive`);
  return ms;
}

function parseBool(flag: string, text: string | undefined): boolean {
  if (text === undefined || text === 'true') return true;
  if (text === 'false') return false;
  throw new UsageError(`--${flag}: want true or false, not ${JSON.stringify(text)}`);
}

function parseCount(flag: string, text: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`--${flag}: want an integer ≥ ${min}, not ${JSON.stringify(text)}`);
  return n;
}

/** Parses the command line (without `node` and the script). Throws `UsageError`. */
export function parseFlags(argv: readonly string[]): OperatorFlags {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        kubeconfig: { type: 'string' },
        context: { type: 'string' },
        namespace: { type: 'string' },
        'install-crds': { type: 'boolean' },
        'leader-elect': { type: 'string' },
        'leader-election-id': { type: 'string' },
        'leader-election-namespace': { type: 'string' },
        'leader-election-identity': { type: 'string' },
        'lease-duration': { type: 'string' },
        'renew-deadline': { type: 'string' },
        'retry-period': { type: 'string' },
        'metrics-bind-address': { type: 'string' },
        'health-probe-bind-address': { type: 'string' },
        'max-concurrent-reconciles': { type: 'string' },
        v: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    // util.parseArgs' errors (from another realm under jest, so not `instanceof Error` there): the first line,
    // without the `TypeError [ERR_PARSE_ARGS_…]: ` a String() conversion adds
    const text = typeof (err as { message?: unknown } | null)?.message === 'string' ? (err as { message: string }).message : String(err);
    const [firstLine = text] = text.split('\n');
    throw new UsageError(firstLine.replace(/^\w*Error \[\w+\]: /, ''));
  }
  if (values.help) throw new UsageError('help requested');
  const str = (k: string): string | undefined => values[k] as string | undefined;
  const flags: OperatorFlags = {
    kubeconfig: str('kubeconfig'),
    context: str('context'),
    namespace: str('namespace'),
    installCrds: values['install-crds'] === true,
    leaderElect: parseBool('leader-elect', str('leader-elect')),
    leaderElectionId: str('leader-election-id') ?? 'etcd-operator.etcd.database.coreos.com',
    leaderElectionNamespace: str('leader-election-namespace') ?? 'default',
    leaderElectionIdentity: str('leader-election-identity'),
    leaseDurationMs: parseDurationFlag('lease-duration', str('lease-duration') ?? '15s'),
    renewDeadlineMs: parseDurationFlag('renew-deadline', str('renew-deadline') ?? '10s'),
    retryPeriodMs: parseDurationFlag('retry-period', str('retry-period') ?? '2s'),
    metricsBindAddress: str('metrics-bind-address') ?? ':8080',
    healthProbeBindAddress: str('health-probe-bind-address') ?? ':8081',
    maxConcurrentReconciles: parseCount('max-concurrent-reconciles', str('max-concurrent-reconciles') ?? '2', 1),
    verbosity: parseCount('v', str('v') ?? '0', 0),
  };
  // client-go's checks (LeaderElectionConfig): leaseDuration > renewDeadline > jitter × retryPeriod
  if (flags.leaderElect && flags.leaseDurationMs <= flags.renewDeadlineMs) throw new UsageError('--lease-duration must be greater than --renew-deadline');
  if (flags.leaderElect && flags.renewDeadlineMs <= 1.2 * flags.retryPeriodMs) throw new UsageError('--renew-deadline must be greater than 1.2 × --retry-period');
  return flags;
}

/** Runs the operator until SIGTERM / SIGINT; resolves with the exit status. */
export async function run(argv: readonly string[]): Promise<number> {
  let flags: OperatorFlags;
  try {
    flags = parseFlags(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`etcd-operator: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  const log = jsonLogger({ verbosity: flags.verbosity }).withValues({ pid: process.pid });
  let rest;
  try {
    const config = await loadFromDefault({ ...(flags.kubeconfig !== undefined ? { kubeconfig: flags.kubeconfig } : {}), ...(flags.context !== undefined ? { context: flags.context } : {}) });
    rest = createRestClient(config);
  } catch (err) {
    process.stderr.write(`etcd-operator: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const stop = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    log.info('received signal, stopping', { signal });
    stop.abort();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  // No keep-alive of our own: awaited runtime work (the CRD installer's polls, the elector's retries) keeps the
  // process alive, and the started manager holds it until `stop` aborts.
  try {
    if (flags.installCrds) {
      // what `make install` does for a kubebuilder project: the generated CRDs of the API group
      const crds = path.join(path.dirname(require.resolve('@kubegen-generated/etcd.database.coreos.com/package.json')), 'crds');
      await installCRDs(crdClientsFor(rest), { crdDirectoryPaths: [crds], errorIfPathMissing: true, signal: stop.signal });
      log.info('CRDs installed', { directory: crds });
    }
    const mgr = new Manager({
      clients: restClientFactory(rest),
      logger: log,
      cache: { transform: stripManagedFields, ...(flags.namespace !== undefined ? { namespace: flags.namespace } : {}) },
      metrics: { bindAddress: flags.metricsBindAddress },
      healthProbeBindAddress: flags.healthProbeBindAddress,
      ...(flags.leaderElect
        ? {
            leaderElection: {
              id: flags.leaderElectionId,
              namespace: flags.leaderElectionNamespace,
              ...(flags.leaderElectionIdentity !== undefined ? { identity: flags.leaderElectionIdentity } : {}),
              leaseDurationMs: flags.leaseDurationMs,
              renewDeadlineMs: flags.renewDeadlineMs,
              retryPeriodMs: flags.retryPeriodMs,
              releaseOnCancel: true,
            },
          }
        : {}),
    });
    mgr.addHealthzCheck('ping', () => Promise.resolve());
    mgr.addReadyzCheck('informers', mgr.cacheSyncChecker());
    setupEtcdClusterController(mgr, { maxConcurrentReconciles: flags.maxConcurrentReconciles });
    log.info('starting manager', { leaderElection: flags.leaderElect, namespace: flags.namespace ?? '<all>' });
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

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`etcd-operator: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
