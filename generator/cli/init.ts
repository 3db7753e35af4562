/**
 * `kubegen init [--group g --version v --kind K]` and `kubegen create api --group g --version v --kind K`: scaffold a
 * user's project (package.json scripts and dependencies, tsconfig, kubegen.config.json, jest, README) and an API
 * (`apis/<group>/<version>/doc.ts`, `<kind>.ts`, a jest snapshot test of the generated output), the way
 * `kubebuilder init` and `kubebuilder create api` do.
 *
 * Contract: the project's own files win — an existing tsconfig.json, README.md … is kept and reported; package.json
 * only gains what it lacks; an API file that exists already is an error and nothing is written. All files are
 * written atomically by the shared writer, after every check has passed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { VirtualFile } from '../emit/types';
import { KubegenError } from '../errors';
import type { CommandAction } from './envtest';
import type * as PackageOptionsModule from '../emit/package-options';
import type * as ScaffoldModule from '../scaffold';
import type { ApiScaffold, PackageJson, ProjectScaffold } from '../scaffold';

// Loaded when `init` / `create api` runs: the scaffolder pulls in Handlebars and the templates, which every other
// command (`crd` above all) would otherwise pay for at start-up.
/* eslint-disable @typescript-eslint/no-require-imports */
const scaffold = (): typeof ScaffoldModule => require('../scaffold') as typeof ScaffoldModule;
const packageOptions = (group: string) => (require('../emit/package-options') as typeof PackageOptionsModule).packageOptions(group);
/* eslint-enable @typescript-eslint/no-require-imports */
import { writeFiles } from '../write';
import { kubegenRoot } from '../version';

export interface InitIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** An expected failure of `init` / `create api`: printed as one line, exit code 1. */
export class ScaffoldError extends KubegenError {
  constructor(message: string) {
    super(message);
    this.name = 'ScaffoldError';
  }
}

interface ApiArgs {
  group?: string;
  version?: string;
  kind?: string;
}

/** The API to scaffold from `--group/--version/--kind`: all three, or none (`init` only). */
function apiFromArgs(args: ApiArgs, required: boolean): ApiScaffold | undefined {
  const given = [args.group, args.version, args.kind].filter((x) => x !== undefined).length;
  if (given === 0 && !required) return undefined;
  if (given !== 3) throw new ScaffoldError('--group, --version and --kind go together: give all three');
  const problems = scaffold().checkApiScaffold(args);
  if (problems.length > 0) throw new ScaffoldError(problems.join('; '));
  return { group: args.group!, version: args.version!, kind: args.kind! };
}

/** The tool versions a scaffolded project gets, from kubegen's own devDependencies (the versions it is tested with). */
function toolVersions(): Record<string, string> {
  const own = JSON.parse(fs.readFileSync(path.join(kubegenRoot(), 'package.json'), 'utf8')) as { devDependencies?: Record<string, string>; dependencies?: Record<string, string> };
  const all = { ...own.dependencies, ...own.devDependencies };
  const out: Record<string, string> = {};
  for (const name of ['typescript', 'jest', 'ts-jest', '@types/jest', '@types/node']) {
    const v = all[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function readPackageJson(file: string): PackageJson | undefined {
  if (!fs.existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ScaffoldError(`${file}: not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ScaffoldError(`${file}: must hold a JSON object`);
  return parsed as PackageJson;
}

function projectScaffold(cwd: string, existing: PackageJson | undefined, api: ApiScaffold | undefined): ProjectScaffold {
  const opts = packageOptions('{group}');
  const name = typeof existing?.name === 'string' ? existing.name : path.basename(cwd).toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  return { projectName: name, kubegenVersion: opts.version, runtimeVersion: opts.runtimeVersion, toolVersions: toolVersions(), api, format: scaffold().moduleFormatOf(existing) };
}

/** API files must not exist yet; an existing one is an error (nothing is written). */
function checkNew(cwd: string, files: readonly VirtualFile[]): void {
  const existing = files.filter((f) => fs.existsSync(path.join(cwd, f.path))).map((f) => f.path);
  if (existing.length > 0) throw new ScaffoldError(`${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; not overwriting`);
}

export function runInit(cwd: string, args: ApiArgs, io: InitIo): void {
  const api = apiFromArgs(args, false);
  const pjFile = path.join(cwd, 'package.json');
  const existing = readPackageJson(pjFile);
  const project = projectScaffold(cwd, existing, api);
  const apiFiles = api ? scaffold().scaffoldApi(api, project.format) : [];
  checkNew(cwd, apiFiles);
  const kept: string[] = [];
  const files: VirtualFile[] = [{ path: 'package.json', contents: JSON.stringify(scaffold().mergePackageJson(existing, project), null, 2) + '\n' }];
  for (const f of scaffold().scaffoldProjectFiles(project)) {
    if (fs.existsSync(path.join(cwd, f.path))) kept.push(f.path);
    else files.push(f);
  }
  files.push(...apiFiles);
  const r = writeFiles(cwd, files);
  report(io, r.written, kept);
  io.out(`\nNext: npm install && npm run generate && npm test${api ? '' : '\n(add an API with: kubegen create api --group <group> --version <version> --kind <Kind>)'}\n`);
}

export function runCreateApi(cwd: string, args: ApiArgs, io: InitIo): void {
  const api = apiFromArgs(args, true)!;
  const files = scaffold().scaffoldApi(api, scaffold().moduleFormatOf(readPackageJson(path.join(cwd, 'package.json'))));
  checkNew(cwd, files);
  const r = writeFiles(cwd, files);
  report(io, r.written, []);
  io.out(`\nNext: edit ${files[1].path}, then npm run generate && npm test\n`);
}

function report(io: InitIo, written: string[], kept: string[]): void {
  for (const f of written) io.out(`created ${f}\n`);
  for (const f of kept) io.out(`kept    ${f} (exists)\n`);
}

const apiOptions = <T>(y: Argv<T>, demand: boolean) =>
  y
    .option('group', { type: 'string', demandOption: demand, describe: 'API group, a DNS subdomain (e.g. shop.example.dev)' })
    .option('version', { type: 'string', demandOption: demand, describe: 'API version (e.g. v1, v1beta1)' })
    .option('kind', { type: 'string', demandOption: demand, describe: 'Kind, UpperCamelCase (e.g. Order)' });

/**
 * The `init` and `create api` commands, bound to the CLI's io and working directory. Handlers only record the
 * action; the CLI runs it after the whole command line has been validated (expected failures are KubegenErrors).
 */
export function scaffoldCommands(io: InitIo, cwd: string, run: (action: CommandAction) => void): CommandModule[] {
  const guard = (fn: () => void) => { run(() => {
      fn();
      return 0;
    }); };
  return [
    {
      command: 'init',
      describe: 'Scaffold a kubegen project in the current directory (package.json scripts, tsconfig, config, jest), optionally with an API',
      builder: (y) => apiOptions(y.version(false), false),
      handler: (args) => { guard(() => { runInit(cwd, args as ApiArgs, io); }); },
    },
    {
      command: 'create <what>',
      describe: 'Scaffold an API: kubegen create api --group <group> --version <version> --kind <Kind>',
      builder: (y) => apiOptions(y.version(false).positional('what', { choices: ['api'] as const, describe: 'what to create' }), true),
      handler: (args) => { guard(() => { runCreateApi(cwd, args as ApiArgs, io); }); },
    },
  ];
}
