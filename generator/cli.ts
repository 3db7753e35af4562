/**
 * The `kubegen` command line. Every command loads the APIs once, collects every diagnostic of the run into one bag
 * and prints them tsc-style (`file:line:column - error KG1001: …`, then indented related locations); on any error it
 * exits 1 and writes nothing.
 *
 * The command line is validated as a whole before anything runs: yargs parses in strict mode and runs every check
 * (unknown flags and commands, missing or empty values, `--format` choices, `--out` vs `--stdout`, `--stdout` vs
 * `--verify`); command handlers only record what to do, and that action runs after parsing succeeded. So a bad
 * argument never reads, writes or starts anything.
 *
 * Exit codes: 0 success; 1 bad input (API diagnostics, configuration, I/O) or `--verify` found differences;
 * 2 bad command line; 70 an internal error (a bug). Every failure is printed as `kubegen: <one line>` per problem;
 * a stack trace is printed only for internal errors and only with `KUBEGEN_DEBUG=1`.
 */
import * as path from 'node:path';
import yargs, { type Argv } from 'yargs';
import { didYouMean, formatDiagnostics, GenerationError } from './diagnostics';
import { loadConfig, normalizeHeader } from './config';
import { asKubegenError, KubegenError, UsageError } from './errors';
import { renderMarkerReference } from './markers';
import { renderDiagnosticReference } from './diagnostics/reference';
import { applyOutputRule, directoryOrVerify, printDiagnostics, type OutputRule } from './output';
import { runGeneration, type RunConfig } from './pipeline';
import { configuredRun, crdFiles, docsFiles } from './run-generators';
import { KUBEGEN_VERSION } from './version';
import { envtestCommand, type CommandAction } from './cli/envtest';
import { scaffoldCommands } from './cli/init';
import { manifestCommands } from './cli/manifests';
import { importCommand } from './cli/import';
import { applyCommand, kustomizeCommand, normalizeApplyArgv } from './cli/apply';
import { runCommand } from './cli/run';
import { watchGenerate } from './cli/watch';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const defaultIo: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

/** Exit code of an internal error (sysexits' EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;

interface CrdArgs {
  apis: string;
  out?: string;
  stdout?: boolean;
  verify?: boolean;
  header?: string;
  strict?: boolean;
}

/** Empty string values (`--apis ''`, or `--out` with nothing after it) are usage errors. */
function requireValues<A extends object>(args: A, names: ReadonlyArray<keyof A & string>): void {
  for (const name of names) if (args[name] === '') throw new Error(`--${name} needs a value`);
}

function checkCrdArgs(args: CrdArgs): true {
  requireValues(args, ['apis', 'out']);
  if (args.stdout && args.out !== undefined) throw new Error('--out and --stdout cannot be used together: write to a directory or print, not both');
  if (args.stdout && args.verify) throw new Error('--verify compares --out with what would be generated; it cannot be used with --stdout');
  if (!args.stdout && args.out === undefined) throw new Error('either --out <dir> or --stdout is required');
  return true;
}

/** Run the CLI; resolves to the process exit code. Never throws, never prints a stack trace unless KUBEGEN_DEBUG=1. */
export async function main(argv: string[], io: Io = defaultIo, cwd = process.cwd()): Promise<number> {
  let action: CommandAction | undefined;
  const parser: Argv = yargs()
    .scriptName('kubegen')
    .version(KUBEGEN_VERSION)
    .strict()
    .exitProcess(false)
    .parserConfiguration({ 'duplicate-arguments-array': false })
    .fail((msg: string | null | undefined, err: Error | undefined) => {
      throw new UsageError(usageMessage(msg ?? err?.message ?? 'invalid command line', parser));
    })
    .command(
      'crd',
      'Generate CustomResourceDefinitions (one <group>_<plural>.yaml per kind) from TypeScript API types',
      (y) =>
        y
          .option('apis', { type: 'string', demandOption: true, describe: 'APIs root: <apis>/<group>/<version>/*.ts' })
          .option('out', { type: 'string', describe: 'Output directory (required unless --stdout)' })
          .option('stdout', { type: 'boolean', describe: 'Print the CRDs instead of writing them' })
          .option('verify', { type: 'boolean', describe: 'Exit non-zero and print a diff if --out differs from what would be generated' })
          .option('header', { type: 'string', describe: 'Text to put before every CRD file' })
          .option('strict', { type: 'boolean', describe: 'Treat warnings as errors (nothing is written when there is one)' })
          .check((args) => checkCrdArgs(args)),
      (args) => {
        action = () => runCrd(io, cwd, args);
      },
    )
    .command(
      'generate',
      'Run every configured generator (kubegen.config.* or the "kubegen" key of package.json); it owns <output>/<group>/src and <output>/<group>/crds and deletes files there that it no longer generates',
      (y) =>
        y
          .option('config', { type: 'string', describe: 'Configuration file (default: kubegen.config.json|js|cjs, else package.json#kubegen)' })
          .option('verify', { type: 'boolean', describe: 'Exit non-zero and print a diff if the output differs from what would be generated' })
          .option('strict', { type: 'boolean', describe: 'Treat warnings as errors (as "strict": true in the configuration does)' })
          .option('watch', { type: 'boolean', describe: 'Keep running: regenerate what changed whenever a file under the APIs root changes (Ctrl-C stops)' })
          .check((args) => {
            requireValues(args, ['config']);
            if (args.watch && args.verify) throw new Error('--watch and --verify cannot be used together');
            return true;
          }),
      (args) => {
        action = args.watch ? () => runWatch(io, cwd, args.config, args.strict ?? false) : () => runGenerate(io, cwd, args.config, args.verify ?? false, args.strict ?? false);
      },
    )
    .command(
      'docs',
      'Generate a Markdown API reference (one <group>.md per API group: kinds, fields, types, defaults, validations, CEL rules, printer columns)',
      (y) =>
        y
          .option('apis', { type: 'string', demandOption: true, describe: 'APIs root: <apis>/<group>/<version>/*.ts' })
          .option('out', { type: 'string', demandOption: true, describe: 'Output directory' })
          .option('verify', { type: 'boolean', describe: 'Exit non-zero and print a diff if --out differs from what would be generated' })
          .check((args) => (requireValues(args, ['apis', 'out']), true)),
      (args) => {
        action = () => runDocs(io, cwd, args.apis, args.out, args.verify ?? false);
      },
    )
    .command(
      'markers',
      'Print the marker reference (every marker kubegen understands, with its targets, arguments and help)',
      // No yargs default: with one, a bare `--format` would silently mean the default instead of failing the choices.
      (y) => y.option('format', { type: 'string', choices: ['text', 'markdown'] as const, describe: 'Output format (default: text)' }),
      (args) => {
        action = () => {
          io.out(renderMarkerReference(args.format ?? 'text'));
          return 0;
        };
      },
    )
    .command(
      'diagnostics',
      'Print the diagnostics reference (every diagnostic code kubegen reports, with its severity and meaning)',
      (y) => y.option('format', { type: 'string', choices: ['text', 'markdown'] as const, describe: 'Output format (default: text)' }),
      (args) => {
        action = () => {
          io.out(renderDiagnosticReference(args.format ?? 'text'));
          return 0;
        };
      },
    )
    .command(manifestCommands({ cwd, action: (a) => (action = a), generate: (config, rule) => generate(io, config, rule) }))
    .command(envtestCommand((a) => (action = a)))
    .command(scaffoldCommands(io, cwd, (a) => (action = a)))
    .command(importCommand(io, cwd, (a) => (action = a)))
    .command(applyCommand(io, cwd, (a) => (action = a)))
    .command(kustomizeCommand(io, cwd, (a) => (action = a)))
    .command(runCommand(io, cwd, (a) => (action = a)))
    .demandCommand(1, 'name a command: init, create api, crd, generate, docs, import, rbac, webhook, apiservice, apply, markers, diagnostics or envtest')
    .help();
  try {
    const output = await parse(parser, normalizeApplyArgv(argv));
    if (output !== '') io.out(output.endsWith('\n') ? output : `${output}\n`);
    return action === undefined ? 0 : await action();
  } catch (e) {
    return report(io, e, cwd);
  }
}

/** Parse and validate `argv`; resolves to yargs' output (help, version), rejects with the first usage error. */
function parse(parser: Argv, argv: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    parser
      .parseAsync(argv, {}, (err, _args, output: string | undefined) => {
        if (err) reject(err);
        else resolve(output ?? '');
      })
      .catch(reject);
  });
}

/** yargs' message on one line, with "did you mean" for a mistyped flag. */
function usageMessage(msg: string, y: Argv): string {
  const line = msg.replace(/\s*\n\s*/g, ' ').trim();
  const unknown = /^Unknown arguments?: (.+)$/.exec(line)?.[1];
  if (unknown === undefined) return `${line} (see kubegen --help)`;
  // The options of the command being parsed, as yargs-parser read them (every declared key, with the camel-case
  // alias it adds for each dashed one), and the commands.
  const keys = Object.keys(y.parsed === false ? {} : y.parsed.aliases);
  const camelAliases = new Set(keys.filter((k) => k.includes('-')).map((k) => k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())).filter((c) => !c.includes('-')));
  const options = keys.filter((k) => k.length > 1 && k !== '$0' && !camelAliases.has(k));
  const commands = ['init', 'create', 'crd', 'generate', 'docs', 'import', 'rbac', 'webhook', 'apiservice', 'apply', 'kustomize', 'run', 'markers', 'envtest'];
  const args = unknown.split(', ');
  const hints = args
    .map((arg) => {
      const option = didYouMean(arg, options);
      const hint = option !== undefined ? `--${option}` : didYouMean(arg, commands);
      return hint === undefined ? undefined : args.length === 1 ? hint : `${hint} for ${arg}`;
    })
    .filter((hint) => hint !== undefined);
  return `${line}${hints.length ? ` (did you mean ${hints.join(', ')}?)` : ' (see kubegen --help)'}`;
}

/** Print a failure; returns its exit code. */
function report(io: Io, e: unknown, cwd: string): number {
  if (e instanceof GenerationError) {
    io.err(formatDiagnostics(e.diagnostics));
    return 1;
  }
  const err = asKubegenError(e, cwd);
  if (err instanceof KubegenError) {
    for (const line of err.message.split('\n')) io.err(`kubegen: ${line}\n`);
    if (debug() && err.cause instanceof Error && err.cause.stack) io.err(`${err.cause.stack}\n`);
    return err.exitCode;
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  io.err(`kubegen: internal error: ${message.split('\n')[0]} (a bug in kubegen; KUBEGEN_DEBUG=1 prints where)\n`);
  if (debug() && err instanceof Error && err.stack) io.err(`${err.stack}\n`);
  return EXIT_INTERNAL;
}

function debug(): boolean {
  return process.env.KUBEGEN_DEBUG === '1';
}

/**
 * Run the generators a command chose (generator/pipeline.ts `runGeneration`), print every diagnostic of the run, and
 * — when none is an error — put the output where the command's rule says; resolves to the exit code.
 */
function generate(io: Io, config: RunConfig, rule: OutputRule): Promise<number> {
  const result = runGeneration(config);
  printDiagnostics(io, result.diagnostics);
  return result.ok ? applyOutputRule(io, result.outputs.map((o) => o.set), rule) : Promise.resolve(1);
}

function runCrd(io: Io, cwd: string, args: CrdArgs): Promise<number> {
  const out = path.resolve(cwd, args.out ?? '.');
  const header = args.header === undefined ? undefined : normalizeHeader(args.header);
  const config: RunConfig = { cwd, apis: path.resolve(cwd, args.apis), root: cwd, generators: [crdFiles(out, header)], strict: args.strict ?? false };
  return generate(io, config, args.stdout ? { kind: 'stdout' } : directoryOrVerify(args.verify ?? false));
}

/** `generate --watch`: until SIGINT or SIGTERM, which end it with exit code 0. */
async function runWatch(io: Io, cwd: string, configFile: string | undefined, strictFlag: boolean): Promise<number> {
  const config = loadConfig(cwd, configFile);
  const stop = new AbortController();
  const onSignal = () => { stop.abort(); };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await watchGenerate(io, cwd, config, { signal: stop.signal, strict: strictFlag || config.strict });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function runDocs(io: Io, cwd: string, apis: string, out: string, verify: boolean): Promise<number> {
  return generate(io, { cwd, apis: path.resolve(cwd, apis), root: cwd, generators: [docsFiles(path.resolve(cwd, out))], strict: false }, directoryOrVerify(verify));
}

function runGenerate(io: Io, cwd: string, configFile: string | undefined, verify: boolean, strictFlag: boolean): Promise<number> {
  return generate(io, configuredRun(loadConfig(cwd, configFile), cwd, strictFlag), directoryOrVerify(verify));
}
