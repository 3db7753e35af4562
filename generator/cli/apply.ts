/**
 * `kubegen apply -f <file|dir|->…`: server-side apply of manifests without kubectl (see docs/apply.md and
 * `generator/apply/engine.ts`). The engine, the runtime client and the YAML reader are loaded when the command runs,
 * not when the CLI starts.
 */
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { KubegenError } from '../errors';
import type { CommandAction } from './envtest';
import type * as ApplyModule from '../apply';

export interface ApplyIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

interface ApplyArgs {
  filename?: string[];
  kustomize?: string;
  output?: string;
  recursive?: boolean;
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  'field-manager'?: string;
  'force-conflicts'?: boolean;
  'dry-run'?: string;
  prune?: boolean;
  applyset?: string;
  delete?: boolean;
  wait?: boolean;
  timeout?: string;
}

/** Changes printed per object in a dry run before the rest is counted. */
const MAX_CHANGES_SHOWN = 20;

/* eslint-disable @typescript-eslint/no-require-imports -- the apply engine and the runtime are loaded when a command runs, synchronously */
const engine = (): typeof ApplyModule => require('../apply') as typeof ApplyModule;
const runtime = (): typeof import('@kubegen/runtime') => require('@kubegen/runtime') as typeof import('@kubegen/runtime');
const testing = (): typeof import('@kubegen/runtime/testing') => require('@kubegen/runtime/testing') as typeof import('@kubegen/runtime/testing');
/* eslint-enable @typescript-eslint/no-require-imports */

function parseTimeout(text: string | undefined): number {
  if (text === undefined) return 120_000;
  let ms: number | undefined;
  try {
    ms = testing().parseDuration(text);
  } catch {
    ms = undefined;
  }
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) throw new Error(`--timeout ${JSON.stringify(text)}: expected a duration such as 30s, 2m or 1m30s`);
  return ms;
}

function checkArgs(args: ApplyArgs): true {
  for (const name of ['kubeconfig', 'context', 'namespace', 'field-manager', 'applyset', 'timeout'] as const) {
    if (args[name] === '') throw new Error(`--${name} needs a value`);
  }
  if (args.kustomize === '') throw new Error('-k/--kustomize needs a value: the directory holding kustomization.yaml');
  if (args.kustomize !== undefined && args.filename && args.filename.length > 0) throw new Error('-k/--kustomize and -f/--filename cannot be used together (as kubectl): apply them in two runs, or list the files under resources');
  if (args.kustomize === undefined && (!args.filename || args.filename.length === 0)) throw new Error('-f/--filename or -k/--kustomize is required: the manifests to apply (a file, a directory, or - for standard input), or a kustomization directory');
  if (args.filename?.some((f) => f === '')) throw new Error('-f/--filename needs a value');
  if (args.output !== undefined && args['dry-run'] !== 'client') throw new Error('-o/--output yaml prints the objects with --dry-run=client');
  if (args['dry-run'] === 'client' && (args.prune || args.delete || args.applyset !== undefined)) throw new Error('--dry-run=client only prints the objects: --prune, --delete and --applyset need a server');
  if (args.prune && args.delete) throw new Error('--prune and --delete cannot be used together');
  if (args.prune && args.applyset === undefined) throw new Error('--prune needs --applyset <name>: the Secret (or configmaps/<name>) that remembers what was applied');
  if (args.applyset !== undefined && !args.prune && !args.delete) throw new Error('--applyset is used with --prune (or with --delete, to delete the whole set)');
  if (args.delete && args['force-conflicts']) throw new Error('--force-conflicts is for applying, not for --delete');
  parseTimeout(args.timeout);
  return true;
}

/**
 * yargs reads a lone `-` as a positional argument, so `-f -` (kubectl's way to say standard input) is rewritten to
 * `--filename=-` before parsing. Only the arguments of `apply` are touched.
 */
export function normalizeApplyArgv(argv: readonly string[]): string[] {
  if (argv[0] !== 'apply') return [...argv];
  const out: string[] = [];
  let stdin = false; // the `-` after `-f` was written as `--filename=-`
  for (const [i, arg] of argv.entries()) {
    if (stdin) stdin = false;
    else if ((arg === '-f' || arg === '--filename') && argv[i + 1] === '-') {
      out.push('--filename=-');
      stdin = true;
    } else out.push(arg);
  }
  return out;
}

/** Runs `kubegen apply` once its arguments are checked; resolves to the exit code. */
export async function runApply(io: ApplyIo, cwd: string, args: ApplyArgs): Promise<number> {
  const { readManifests, applyManifests, parseApplySetRef, errorLine, buildKustomizationDir, printManifests } = engine();
  const manifests = args.kustomize !== undefined ? buildKustomizationDir(args.kustomize, { cwd }) : readManifests({ paths: args.filename ?? [], recursive: args.recursive ?? false, cwd });
  if (args['dry-run'] === 'client') {
    io.out(printManifests(manifests));
    return 0;
  }
  const rt = runtime();
  let config: Awaited<ReturnType<typeof rt.loadFromDefault>>;
  try {
    config = await rt.loadFromDefault({ ...(args.kubeconfig !== undefined ? { kubeconfig: path.resolve(cwd, args.kubeconfig) } : {}), ...(args.context !== undefined ? { context: args.context } : {}) });
  } catch (e) {
    throw new KubegenError(errorLine(e), 1, e);
  }
  const namespace = args.namespace ?? config.namespace ?? 'default';
  const applySet = args.applyset !== undefined ? parseApplySetRef(args.applyset, namespace) : undefined;
  const rest = rt.createRestClient(config, { timeoutMs: 60_000, onWarning: (w) => { io.err(`Warning: ${w.text}\n`); } });
  const stop = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => { stop.abort(new KubegenError(`interrupted (${sig})`, sig === 'SIGTERM' ? 143 : 130)); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // The runtime's timers (retry backoff) do not hold the process; the awaited apply must, until it ends.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    await applyManifests({
      rest,
      manifests,
      mode: args.delete ? 'delete' : 'apply',
      fieldManager: args['field-manager'] ?? 'kubegen',
      force: args['force-conflicts'] ?? false,
      dryRun: args['dry-run'] === 'server',
      namespace,
      enforceNamespace: args.namespace !== undefined,
      ...(applySet ? { applySet } : {}),
      wait: args.wait ?? true,
      timeoutMs: parseTimeout(args.timeout),
      signal: stop.signal,
      onResult: (r) => {
        io.out(`${r.line}\n`);
        const changes = r.changes ?? [];
        for (const c of changes.slice(0, MAX_CHANGES_SHOWN)) io.out(`  ${c}\n`);
        if (changes.length > MAX_CHANGES_SHOWN) io.out(`  … and ${changes.length - MAX_CHANGES_SHOWN} more changes\n`);
      },
    });
    return 0;
  } catch (e) {
    // interrupted: the engine's error says how far it got (its first line is the interruption); the shell's code
    if (stop.signal.aborted && stop.signal.reason instanceof KubegenError) {
      throw e instanceof KubegenError ? new KubegenError(e.message, stop.signal.reason.exitCode, e) : stop.signal.reason;
    }
    if (e instanceof KubegenError) throw e;
    throw new KubegenError(errorLine(e), 1, e);
  } finally {
    clearInterval(keepAlive);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await rest.close().catch(() => undefined);
  }
}

/** The `apply` command; its handler only records the action, which the CLI runs once the whole line is valid. */
export function applyCommand(io: ApplyIo, cwd: string, run: (action: CommandAction) => void): CommandModule<object, ApplyArgs> {
  return {
    command: 'apply',
    describe: 'Server-side apply manifests or a kustomization (-k) (install order, waits for CRDs and webhooks, --prune with an ApplySet, --dry-run=server, --delete), without kubectl',
    builder: (y: Argv<object>) =>
      y
        // -f a -f b: every value (the CLI's default keeps the last of a repeated flag)
        .parserConfiguration({ 'duplicate-arguments-array': true })
        .option('filename', { alias: 'f', type: 'string', array: true, describe: 'A manifest file, a directory of them (.yaml, .yml, .json), or - for standard input; repeatable' })
        .option('kustomize', { alias: 'k', type: 'string', describe: 'A kustomization directory, rendered as kustomize build renders it (the keys of docs/apply.md); not with -f' })
        .option('recursive', { alias: 'R', type: 'boolean', describe: 'Also read the subdirectories of directories' })
        .option('kubeconfig', { type: 'string', describe: 'The kubeconfig file (default: $KUBECONFIG, else ~/.kube/config, else in-cluster)' })
        .option('context', { type: 'string', describe: 'The kubeconfig context (default: its current-context)' })
        .option('namespace', { alias: 'n', type: 'string', describe: "Namespace of namespaced objects that name none, and of the ApplySet parent (default: the context's, else default); objects naming another are refused" })
        .option('field-manager', { type: 'string', describe: 'The server-side apply field manager (default: kubegen)' })
        .option('force-conflicts', { type: 'boolean', describe: 'Take over fields another field manager owns instead of failing on the conflict' })
        .option('dry-run', { type: 'string', choices: ['none', 'server', 'client'], describe: 'server: the apiserver checks and admits every object and nothing is persisted; prints what would change. client: print the objects as YAML (with -k: the rendered kustomization), no server contacted' })
        .option('output', { alias: 'o', type: 'string', choices: ['yaml'], describe: 'With --dry-run=client: the output format (yaml, the default)' })
        .option('prune', { type: 'boolean', describe: 'Delete what the previous apply with the same --applyset applied and this one does not' })
        .option('applyset', { type: 'string', describe: 'The ApplySet parent that remembers what was applied: <name> (a Secret), secrets/<name> or configmaps/<name>, in --namespace' })
        .option('delete', { type: 'boolean', describe: 'Delete the objects instead (reverse order, waiting until each kind is gone); with --applyset also every member of the set and the parent' })
        .option('wait', { type: 'boolean', describe: 'Wait for webhook services to have ready endpoints, and with --delete for objects to be gone (default: true; --no-wait)' })
        .option('timeout', { type: 'string', describe: 'Bound of each wait, e.g. 30s, 2m (default: 2m)' })
        .check((args) => checkArgs(args)),
    handler: (args) => {
      run(() => runApply(io, cwd, args));
    },
  };
}

interface KustomizeArgs {
  dir?: string;
}

/**
 * `kubegen kustomize [dir]`: prints the rendered kustomization as `kustomize build [dir]` does — the same objects in
 * the same order, one YAML document each — without kustomize or a server. `dir` defaults to the current directory.
 */
export function kustomizeCommand(io: ApplyIo, cwd: string, run: (action: CommandAction) => void): CommandModule<object, KustomizeArgs> {
  return {
    command: 'kustomize [dir]',
    describe: 'Print the objects a kustomization renders, as kustomize build does (the keys of docs/apply.md), without kustomize',
    builder: (y: Argv<object>) =>
      y
        .positional('dir', { type: 'string', describe: 'The directory holding kustomization.yaml (default: the current directory)' })
        .check((args) => {
          if (args.dir === '') throw new Error('the kustomization directory needs a value');
          return true;
        }),
    handler: (args) => {
      run(() => {
        const { buildKustomizationDir, printManifests } = engine();
        io.out(printManifests(buildKustomizationDir(args.dir ?? '.', { cwd })));
        return 0;
      });
    },
  };
}
