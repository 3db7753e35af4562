/**
 * `kubegen envtest build|start`: the command-line face of `@kubegen/runtime/testing`.
 *
 * - `build` finds kube-apiserver and etcd (`TEST_ASSET_*`, `KUBEBUILDER_ASSETS`, the cache) or builds them from the
 *   official Go modules into the cache, and prints where they are;
 * - `start` starts a control plane, writes its kubeconfig, prints exactly one line on stdout when it is ready, and
 *   runs until SIGINT/SIGTERM, then stops it and removes its temporary files. It exits non-zero if a component dies.
 */
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { ControlPlaneBinaries } from '@kubegen/runtime/testing';
import { KubegenError } from '../errors';

/** `@kubegen/runtime/testing`, loaded on first use so that other commands (`kubegen crd` …) do not pay for it. */
function testing(): typeof import('@kubegen/runtime/testing') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
  return require('@kubegen/runtime/testing') as typeof import('@kubegen/runtime/testing');
}

/** Where the commands write: `out` gets results (paths, the ready line), `err` progress and failures. */
export interface EnvtestIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Options shared by both commands. */
export interface EnvtestCommonOptions {
  /** Kubernetes release to build or use, e.g. `1.37.2`. */
  kubernetesVersion?: string;
  /** Cache root for built binaries. */
  cacheDir?: string;
  io?: EnvtestIo;
  signal?: AbortSignal;
}

/** Options for {@link runEnvtestBuild}. */
export interface EnvtestBuildOptions extends EnvtestCommonOptions {
  /** CPUs a build may use (`go build -p`); default all of them. */
  parallelism?: number;
}

/** Options for {@link runEnvtestStart}. */
export interface EnvtestStartOptions extends EnvtestCommonOptions {
  /** Where to write the kubeconfig (the caller's file: it stays after stop). */
  kubeconfig: string;
  /** Also write the serving CA's PEM here (for `curl --cacert`). */
  caFile?: string;
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** Copy component output to stderr. */
  attachOutput?: boolean;
  /** Configure kube-apiserver for aggregated apiservers (requestheader flags, proxy client certificate). */
  aggregation?: boolean;
  /** Stops the control plane when aborted; {@link runEnvtestStart} then resolves. Required: it is how `start` ends. */
  signal: AbortSignal;
}

const processIo: EnvtestIo = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

/** `kubegen envtest build`: locate or build the binaries and print where they are. */
export async function runEnvtestBuild(options: EnvtestBuildOptions = {}): Promise<ControlPlaneBinaries> {
  const io = options.io ?? processIo;
  const binaries = await testing().resolveControlPlaneBinaries({
    kubernetesVersion: options.kubernetesVersion,
    cacheDir: options.cacheDir,
    parallelism: options.parallelism,
    signal: options.signal,
    log: (line) => { io.err(`${line}\n`); },
  });
  const how = { environment: 'from the environment', cache: 'already built', built: 'built now' }[binaries.source];
  io.out(`kube-apiserver: ${binaries.kubeApiServer}\netcd: ${binaries.etcd}\n`);
  if (binaries.directory && binaries.source !== 'environment') io.out(`KUBEBUILDER_ASSETS=${binaries.directory} (${how})\n`);
  return binaries;
}

/**
 * `kubegen envtest start`: start a control plane, write the kubeconfig (and the CA when asked), print one ready
 * line, and run until `signal` aborts; then stop and clean up. Rejects if start-up fails or a component dies.
 */
export async function runEnvtestStart(options: EnvtestStartOptions): Promise<void> {
  const io = options.io ?? processIo;
  const log = (line: string) => { io.err(`${line}\n`); };
  const controlPlane = await testing().startControlPlane({
    resolve: { kubernetesVersion: options.kubernetesVersion, cacheDir: options.cacheDir },
    kubeconfigPath: path.resolve(options.kubeconfig),
    startTimeoutMs: options.startTimeoutMs,
    stopTimeoutMs: options.stopTimeoutMs,
    attachOutput: options.attachOutput,
    aggregation: options.aggregation,
    signal: options.signal,
    log,
  });
  try {
    if (options.caFile) await fs.writeFile(path.resolve(options.caFile), controlPlane.ca);
    io.out(
      `kubegen envtest: ready at ${controlPlane.url} in ${(controlPlane.startupMs / 1000).toFixed(1)} s; ` +
        `kubeconfig ${controlPlane.kubeconfigPath}${options.caFile ? `, CA ${path.resolve(options.caFile)}` : ''}; stop with Ctrl-C\n`,
    );
    const aborted = new Promise<void>((resolve) => {
      if (options.signal.aborted) resolve();
      options.signal.addEventListener('abort', () => { resolve(); }, { once: true });
    });
    // The component processes do not keep Node alive; this does, until a signal or a component exit.
    const keepAlive = setInterval(() => undefined, 60_000);
    try {
      await Promise.race([aborted, controlPlane.exited]);
    } finally {
      clearInterval(keepAlive);
    }
    // Give the handle a moment to attach the dead component's log tail to its failure.
    if (!options.signal.aborted) await new Promise((r) => setTimeout(r, 100));
  } finally {
    await controlPlane.stop();
  }
  // The failure, with the component's log tail, was reported through `log` when it happened.
  if (controlPlane.failure) throw new Error(`${controlPlane.failure.message.split('\n')[0]} (its log is shown above)`);
  log('kubegen envtest: stopped');
}

interface CommonArgs {
  'kubernetes-version'?: string;
  'cache-dir'?: string;
}

interface BuildArgs extends CommonArgs {
  parallelism?: number;
}

interface StartArgs extends CommonArgs {
  kubeconfig: string;
  'ca-file'?: string;
  'start-timeout'?: string;
  'stop-timeout'?: string;
  'attach-output'?: boolean;
  aggregation?: boolean;
}

function commonOptions<T>(y: Argv<T>) {
  return y
    .option('kubernetes-version', { type: 'string', describe: 'Kubernetes release to build or use (default: $KUBEGEN_ENVTEST_K8S_VERSION, else the pinned release)' })
    .option('cache-dir', { type: 'string', describe: 'Cache for built binaries (default: $KUBEGEN_ENVTEST_CACHE, else ~/.cache/kubegen/envtest)' });
}

/** Argument checks run by yargs before any handler: empty values and bad durations are usage errors. */
function checkNonEmpty(args: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    if (args[name] === '') throw new Error(`--${name} needs a value`);
  }
}

/** Aborts when this process gets SIGINT or SIGTERM; `dispose` removes the listeners. */
function signalController(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => { controller.abort(new Error(`received ${sig}`)); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** What a command does once its arguments have been validated; returns (or resolves to) the exit code. */
export type CommandAction = () => number | Promise<number>;

/** Run an envtest step with signal handling; its failures (a component that dies, a failed build) are one-liners. */
async function withSignals(step: (signal: AbortSignal) => Promise<unknown>): Promise<number> {
  const { signal, dispose } = signalController();
  try {
    await step(signal);
    return 0;
  } catch (e) {
    if (e instanceof KubegenError) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new KubegenError(`envtest: ${message.split('\n').find((l) => l.trim() !== '') ?? 'failed'}`, 1, e);
  } finally {
    dispose();
  }
}

/**
 * `kubegen envtest <build|start>`; see the module comment. Handlers only hand their action to `run`: the CLI runs it
 * after yargs has validated the whole command line, so a bad argument never starts anything.
 */
export function envtestCommand(run: (action: CommandAction) => void): CommandModule<object, object> {
  const buildCommand: CommandModule<object, BuildArgs> = {
    command: 'build',
    describe: 'Build (or locate) kube-apiserver and etcd and print where they are; a build shows its progress on stderr',
    builder: (y) =>
      commonOptions(y)
        .option('parallelism', { type: 'number', describe: 'CPUs the build may use: go build -p for kube-apiserver, half for etcd, built at the same time (default: all)' })
        .check((args) => {
          checkNonEmpty(args, ['kubernetes-version', 'cache-dir']);
          const p = args.parallelism;
          if (p !== undefined && !(Number.isInteger(p) && p >= 1)) throw new Error(`--parallelism must be a whole number of CPUs, at least 1 (got ${String(p)})`);
          return true;
        }),
    handler: (args) => { run(() => withSignals((signal) => runEnvtestBuild({ kubernetesVersion: args['kubernetes-version'], cacheDir: args['cache-dir'], parallelism: args.parallelism, signal }))); },
  };
  const startCommand: CommandModule<object, StartArgs> = {
    command: 'start',
    describe: 'Start etcd + kube-apiserver on loopback, write a kubeconfig, run until Ctrl-C',
    builder: (y) =>
      commonOptions(y)
        .option('kubeconfig', { type: 'string', demandOption: true, describe: 'Where to write the admin kubeconfig' })
        .option('ca-file', { type: 'string', describe: 'Also write the serving CA (PEM) here, e.g. for curl --cacert' })
        .option('start-timeout', { type: 'string', describe: 'Per-component start timeout, e.g. 60s (default: $KUBEBUILDER_CONTROLPLANE_START_TIMEOUT, else 60s)' })
        .option('stop-timeout', { type: 'string', describe: 'Per-component stop timeout before SIGKILL, e.g. 20s (default: $KUBEBUILDER_CONTROLPLANE_STOP_TIMEOUT, else 20s)' })
        .option('attach-output', { type: 'boolean', describe: 'Copy etcd and kube-apiserver output to stderr' })
        .option('aggregation', { type: 'boolean', describe: 'Configure kube-apiserver for aggregated apiservers: requestheader flags and a front-proxy client certificate' })
        .check((args) => {
          checkNonEmpty(args, ['kubeconfig', 'ca-file', 'kubernetes-version', 'cache-dir']);
          for (const name of ['start-timeout', 'stop-timeout'] as const) {
            const value = args[name];
            if (value !== undefined) {
              try {
                testing().parseDuration(value);
              } catch (e) {
                throw new Error(`--${name}: ${(e as Error).message}`, { cause: e });
              }
            }
          }
          return true;
        }),
    handler: (args) => { run(() =>
        withSignals((signal) =>
          runEnvtestStart({
            kubeconfig: args.kubeconfig,
            caFile: args['ca-file'],
            kubernetesVersion: args['kubernetes-version'],
            cacheDir: args['cache-dir'],
            startTimeoutMs: testing().parseDuration(args['start-timeout']),
            stopTimeoutMs: testing().parseDuration(args['stop-timeout']),
            attachOutput: args['attach-output'] ?? false,
            aggregation: args.aggregation ?? false,
            signal,
          }),
        ),
      ); },
  };
  return {
    command: 'envtest <command>',
    describe: 'A real Kubernetes control plane (etcd + kube-apiserver) for tests: build the binaries, or start one',
    builder: (y) => y.command(buildCommand).command(startCommand).demandCommand(1, 'name an envtest command: build or start'),
    handler: () => undefined,
  };
}
