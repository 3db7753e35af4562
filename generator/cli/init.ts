/**
 * `kubegen init [--group g --version v --kind K]`, and the `create api` / `create webhook` commands
 * (`create-api.ts`, `create-webhook.ts`): scaffold a user's operator project the way `kubebuilder init` does —
 * package.json scripts and dependencies, tsconfig (and tsconfig.build.json), kubegen.config.json with `deploy`,
 * jest, README, the operator's `src/main.ts`, a Dockerfile — optionally with an API.
 *
 * Contract: the project's own files win — an existing tsconfig.json, README.md, src/main.ts … is kept and reported
 * (`--force` overwrites them); package.json and kubegen.config.json only gain what they lack; a file the scaffold
 * writes that exists with other contents is an error and nothing is written. Everything is checked before anything
 * is written; the files are written atomically by the shared writer (see `scaffold-project.ts`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { VirtualFile } from '../emit/shared/types';
import type { CommandAction } from './envtest';
import type * as PackageOptionsModule from '../emit/shared/package-options';
import type { ApiScaffold, ProjectScaffold } from '../scaffold';
import { kubegenRoot } from '../version';
import { CONFIG_FILE, ScaffoldError, apiFromArgs, planScaffold, readJsonObject, scaffold, writeScaffold, type ApiArgs, type InitIo } from './scaffold-project';
import { runCreateApi, type CreateApiArgs } from './create-api';
import { runCreateWebhook, type CreateWebhookArgs } from './create-webhook';
import { runCreateApiServer, type CreateApiServerArgs } from './create-apiserver';

export { ScaffoldError, runCreateApi, runCreateApiServer, runCreateWebhook, type InitIo };

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a scaffold command runs: the package options read the runtime's package.json
const packageOptions = (group: string) => (require('../emit/shared/package-options') as typeof PackageOptionsModule).packageOptions(group);

/** The versions a scaffolded project gets of its tools (devDependencies) and of the runtime's peers (dependencies). */
function ownVersions(names: readonly string[]): Record<string, string> {
  const own = JSON.parse(fs.readFileSync(path.join(kubegenRoot(), 'package.json'), 'utf8')) as { devDependencies?: Record<string, string>; dependencies?: Record<string, string> };
  const all = { ...own.dependencies, ...own.devDependencies };
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = all[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function projectScaffold(cwd: string, existing: Record<string, unknown> | undefined, api: ApiScaffold | undefined): ProjectScaffold {
  const opts = packageOptions('{group}');
  const name = typeof existing?.name === 'string' ? existing.name : path.basename(cwd).toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  return {
    projectName: name,
    kubegenVersion: opts.version,
    runtimeVersion: opts.runtimeVersion,
    toolVersions: ownVersions(['typescript', 'jest', 'ts-jest', '@types/jest', '@types/node']),
    // the manager serves /metrics with prom-client, an optional peer of @kubegen/runtime
    peerVersions: ownVersions(['prom-client']),
    api,
    format: scaffold().moduleFormatOf(existing),
  };
}

export interface InitArgs extends ApiArgs {
  force?: boolean;
}

export function runInit(cwd: string, args: InitArgs, io: InitIo): void {
  const api = apiFromArgs(args, false);
  const existing = readJsonObject(cwd, 'package.json');
  const project = projectScaffold(cwd, existing, api);
  const config = readJsonObject(cwd, CONFIG_FILE);
  const extra: VirtualFile[] = [
    { path: 'package.json', contents: JSON.stringify(scaffold().mergePackageJson(existing, project), null, 2) + '\n' },
    { path: CONFIG_FILE, contents: JSON.stringify(scaffold().mergeKubegenConfig(config, project), null, 2) + '\n' },
  ];
  // the API goes where the configuration says, when the project has one
  const apisDir = typeof config?.apis === 'string' && config.apis !== '' ? config.apis : scaffold().SCAFFOLD_APIS_DIR;
  const files = [...scaffold().scaffoldProjectFiles(project)];
  const insertions = [];
  if (api) {
    // as `create api` without --controller: the types, the group's test, a sample
    files.push(...scaffold().scaffoldApi(api, project.format, apisDir));
    const sample = scaffold().scaffoldSample(api, { name: scaffold().deployName(project.projectName) }, api.storageVersion !== false);
    files.push(...sample.files);
    insertions.push(...sample.insertions);
  }
  const plan = planScaffold(cwd, files, insertions, args.force === true, extra);
  writeScaffold(cwd, plan, io);
  io.out(`\nNext: npm install && npm run generate && npm test && npm run build${api ? '' : '\n(add an API with: kubegen create api --group <group> --version <version> --kind <Kind> --controller)'}\n`);
}

const apiOptions = <T>(y: Argv<T>, demand: boolean) =>
  y
    .option('group', { type: 'string', demandOption: demand, describe: 'API group, a DNS subdomain (e.g. shop.example.dev)' })
    .option('version', { type: 'string', demandOption: demand, describe: 'API version (e.g. v1, v1beta1)' })
    .option('kind', { type: 'string', demandOption: demand, describe: 'Kind, UpperCamelCase (e.g. Order)' })
    .option('force', { type: 'boolean', describe: 'Overwrite files the scaffold writes that exist with other contents' });

/**
 * The `init`, `create api` and `create webhook` commands, bound to the CLI's io and working directory. Handlers only
 * record the action; the CLI runs it after the whole command line has been validated (expected failures are
 * KubegenErrors).
 */
export function scaffoldCommands(io: InitIo, cwd: string, run: (action: CommandAction) => void): CommandModule[] {
  const guard = (fn: () => void) => {
    run(() => {
      fn();
      return 0;
    });
  };
  const createApi: CommandModule = {
    command: 'api',
    describe: 'Scaffold an API (types, sample) and optionally its controller: kubegen create api --group <group> --version <version> --kind <Kind> [--controller]',
    builder: (y) =>
      apiOptions(y.version(false), true)
        .option('controller', { type: 'boolean', default: false, describe: 'Also scaffold a controller (src/controllers/<kind>.ts, its test), registered in src/main.ts' })
        .option('resource', { type: 'boolean', default: true, describe: 'Scaffold the API types (--resource=false: only the controller of a kind that exists)' })
        .option('namespaced', { type: 'boolean', describe: 'The kind is namespaced (default true; --namespaced=false: cluster-scoped)' }),
    handler: (args) => { guard(() => { runCreateApi(cwd, args as CreateApiArgs, io); }); },
  };
  const createWebhook: CommandModule = {
    command: 'webhook',
    describe: 'Scaffold the webhooks of a kind (src/webhooks/<kind>.ts), registered in src/main.ts',
    builder: (y) =>
      apiOptions(y.version(false), true)
        .option('defaulting', { type: 'boolean', default: false, describe: 'A defaulting (mutating) webhook' })
        .option('programmatic-validation', { type: 'boolean', default: false, describe: 'A validating webhook' })
        .option('conversion', { type: 'boolean', default: false, describe: "A conversion webhook for the kind's versions" }),
    handler: (args) => { guard(() => { runCreateWebhook(cwd, args as CreateWebhookArgs, io); }); },
  };
  const createApiServer: CommandModule = {
    command: 'apiserver',
    describe: 'Scaffold an aggregated apiserver for an API group (src/apiserver/<group>.ts on @kubegen/apiserver) and its deploy manifests (config/apiserver)',
    builder: (y) =>
      y
        .version(false)
        .option('group', { type: 'string', demandOption: true, describe: 'API group under apis/, served with every version of it (e.g. wardle.example.com)' })
        .option('version', { type: 'string', hidden: true, describe: 'Refused: the server serves every version of the group' })
        .option('force', { type: 'boolean', describe: 'Overwrite files the scaffold writes that exist with other contents' }),
    handler: (args) => { guard(() => { runCreateApiServer(cwd, args as CreateApiServerArgs, io); }); },
  };
  return [
    {
      command: 'init',
      describe: 'Scaffold a kubegen operator project in the current directory (package.json, tsconfig, config, jest, src/main.ts, Dockerfile), optionally with an API',
      builder: (y) => apiOptions(y.version(false), false),
      handler: (args) => { guard(() => { runInit(cwd, args as InitArgs, io); }); },
    },
    {
      command: 'create',
      describe: 'Scaffold an API (kubegen create api …), the webhooks of a kind (kubegen create webhook …) or an aggregated apiserver (kubegen create apiserver …)',
      builder: (y) => y.version(false).command(createApi).command(createWebhook).command(createApiServer).demandCommand(1, 'kubegen create: say what to create: api, webhook or apiserver'),
      handler: () => undefined,
    },
  ];
}
