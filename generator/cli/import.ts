/**
 * `kubegen import crd <file|dir|->… --out <apis>` and `kubegen import openapi <spec>… --out <apis>`: third-party
 * CRDs and OpenAPI v3 documents → TypeScript API files in the input language (`<apis>/<group>/<version>/*.ts`).
 *
 * Contract: every problem is printed as one line naming the file and the JSON path; on any error nothing is written
 * and the exit code is 1. Files already in `--out` with other content are not overwritten unless `--force`.
 * Writing goes through `writeFiles` (temporary files renamed into place).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import type { CommandAction } from './envtest';
import type * as ImportModule from '../import-check';
import type { ImportInput, ImportProblem } from '../import-check';

// Loaded when `import` runs (it pulls in a YAML parser and the OpenAPI front end `crd` never needs): the importer and
// its self-check, which loads what it wrote back through the TypeScript loader.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
const importer = (): typeof ImportModule => require('../import-check') as typeof ImportModule;
import { writeFiles } from '../write';
import type { GroupFolderStyle } from '../model/names';

export interface ImportIo {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Reads standard input (for `-`). */
  stdin?: () => string;
}

/** Input files are bounded: a CRD bundle is a few MB; anything far larger is refused. */
const MAX_INPUT_BYTES = 256 * 1024 * 1024;
const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export interface ImportArgs {
  source: 'crd' | 'openapi';
  inputs: string[];
  out: string;
  force?: boolean;
  /** `import openapi --go-docs <json>`: the Go side file (see generator/import/godocs.ts). */
  goDocs?: string;
  /** How group folders are named (openapi only; default `group`). */
  groupFolder?: GroupFolderStyle;
}

/** Runs an import; returns the exit code. */
export function runImport(args: ImportArgs, io: ImportIo, cwd: string): number {
  const problems: ImportProblem[] = [];
  const inputs = collectInputs(args.inputs, cwd, io, problems);
  if (problems.length > 0) return report(io, problems);
  let goDocs: ImportInput | undefined;
  if (args.goDocs !== undefined) {
    goDocs = collectInputs([args.goDocs], cwd, io, problems)[0];
    if (problems.length > 0) return report(io, problems);
  }
  const result = args.source === 'crd' ? importer().importCrds(inputs) : importer().importOpenApi(inputs, { groupFolder: args.groupFolder, ...(goDocs ? { goDocs } : {}) });
  if (result.problems.some((p) => p.severity === 'error')) return report(io, result.problems);
  const outDir = path.resolve(cwd, args.out);
  if (!args.force) {
    const clashes = result.files.filter((f) => {
      const target = path.join(outDir, f.path);
      return fs.existsSync(target) && fs.readFileSync(target, 'utf8') !== f.contents;
    });
    if (clashes.length > 0) {
      for (const c of clashes) io.err(`kubegen: ${path.relative(cwd, path.join(outDir, c.path)) || c.path}: exists with other content; pass --force to overwrite\n`);
      return 1;
    }
  }
  report(io, result.problems);
  const w = writeFiles(outDir, result.files);
  io.out(`kubegen: imported ${result.model.groups.length} group(s): wrote ${w.written.length}, unchanged ${w.unchanged.length} in ${path.relative(cwd, outDir) || '.'}\n`);
  return 0;
}

function report(io: ImportIo, problems: readonly ImportProblem[]): number {
  for (const p of problems) io.err(`kubegen: ${importer().formatProblem(p)}\n`);
  return problems.some((p) => p.severity === 'error') ? 1 : 0;
}

/** Files, directories (their .yaml/.yml/.json files, sorted, recursively) and `-` for standard input. */
function collectInputs(specs: readonly string[], cwd: string, io: ImportIo, problems: ImportProblem[]): ImportInput[] {
  const out: ImportInput[] = [];
  const readOne = (abs: string) => {
    const display = path.relative(cwd, abs) || abs;
    const size = fs.statSync(abs).size;
    if (size > MAX_INPUT_BYTES) {
      problems.push({ severity: 'error', file: display, path: '', message: `larger than ${MAX_INPUT_BYTES} bytes` });
      return;
    }
    out.push({ file: display.split(path.sep).join('/'), text: fs.readFileSync(abs, 'utf8') });
  };
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.name.startsWith('.')) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && EXTENSIONS.has(path.extname(e.name))) readOne(p);
    }
  };
  for (const spec of specs) {
    if (spec === '-') {
      out.push({ file: '<stdin>', text: io.stdin ? io.stdin() : fs.readFileSync(0, 'utf8') });
      continue;
    }
    const abs = path.resolve(cwd, spec);
    if (!fs.existsSync(abs)) {
      problems.push({ severity: 'error', file: spec, path: '', message: 'no such file or directory' });
      continue;
    }
    if (fs.statSync(abs).isDirectory()) {
      const before = out.length;
      walk(abs);
      if (out.length === before) problems.push({ severity: 'error', file: spec, path: '', message: 'the directory holds no .yaml, .yml or .json file' });
    } else readOne(abs);
  }
  return out;
}

/** The arguments of `import crd|openapi`, as yargs parses them. */
interface ImportCommandArgs {
  inputs: string[];
  out: string;
  force: boolean;
  'go-docs'?: string;
  'group-folder'?: string;
}

/**
 * The `import` command with its `crd` and `openapi` subcommands: `kubegen import crd|openapi <inputs..> --out <apis>`.
 * The handler only records the action; the CLI runs it once the
 * whole command line is valid (a missing --out or input is a usage error, exit 2, and nothing runs).
 */
export function importCommand(io: ImportIo, cwd: string, run: (action: CommandAction) => void): CommandModule {
  const sub = (source: 'crd' | 'openapi', describe: string): CommandModule<object, ImportCommandArgs> => ({
    command: `${source} <inputs..>`,
    describe,
    builder: (y: Argv) =>
      y
        // variadic positionals need duplicate arguments kept (else yargs keeps only the last input); yargs re-parses
        // positionals as `--inputs <value>`, where a lone `-` (standard input) reads as an option and is dropped unless
        // unknown options count as arguments — so they do here, and the check below refuses them as strict mode would
        .parserConfiguration({ 'duplicate-arguments-array': true, 'unknown-options-as-args': true })
        .positional('inputs', { type: 'string', array: true, demandOption: true, describe: source === 'crd' ? 'CRD files, directories, or - for standard input' : 'OpenAPI v3 documents (JSON or YAML), or -' })
        .option('out', { type: 'string', demandOption: true, describe: 'The APIs root to write <group>/<version>/*.ts into' })
        .option('force', { type: 'boolean', default: false, describe: 'Overwrite files in --out that have other content' })
        .option('group-folder', { type: 'string', choices: ['group', 'short'], describe: 'openapi: name group folders by the group (default) or by its first DNS label as k8s.io/api does (rbac/v1); the core group is core' })
        .option('go-docs', {
          type: 'string',
          hidden: source !== 'openapi',
          describe: "openapi only: a JSON side file from scripts/godocs (the API's Go sources): descriptions with controller-gen's line breaks, named scalar types, inline embedding",
        })
        .check((args) => {
          for (const o of ['out', 'group-folder', 'go-docs'] as const) if (Array.isArray(args[o])) throw new Error(`--${o} is given more than once`);
          if (source !== 'openapi' && args['go-docs'] !== undefined) throw new Error('--go-docs applies to import openapi only');
          if (args['go-docs'] === '') throw new Error('--go-docs needs a file');
          if (args.out === '') throw new Error('--out needs a value');
          if (args.inputs.some((i) => i === '')) throw new Error('an input needs a name (or - for standard input)');
          const option = args.inputs.find((i) => i.startsWith('-') && i !== '-');
          if (option !== undefined) throw new Error(`Unknown argument: ${option.replace(/^-+/, '').split('=')[0]}`);
          if (args.inputs.filter((i) => i === '-').length > 1) throw new Error('standard input (-) can be read once');
          return true;
        }),
    handler: (args) => {
      const goDocs = args['go-docs'];
      run(() => runImport({ source, inputs: args.inputs.map(String), out: args.out, force: args.force, ...(args['group-folder'] === 'short' ? { groupFolder: 'short' as const } : {}), ...(goDocs !== undefined ? { goDocs } : {}) }, io, cwd));
    },
  });
  return {
    command: 'import',
    describe: 'Import third-party CRDs or OpenAPI v3 documents as TypeScript API types (kubegen import crd|openapi … --out apis)',
    builder: (y: Argv) =>
      y
        .command(sub('crd', 'CustomResourceDefinitions (apiextensions.k8s.io/v1 or v1beta1; several per file; multi-version) → API types'))
        .command(sub('openapi', "OpenAPI v3 component schemas (aggregated APIs, Kubernetes' own spec) → API types"))
        .demandCommand(1, 'name what to import: crd or openapi'),
    handler: () => undefined,
  };
}
