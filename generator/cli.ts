/**
 * The `kubegen` command line. Every command loads the APIs once, collects every diagnostic of the run and prints
 * them tsc-style (`file:line:column - error: …`); on any error it exits 1 and writes nothing.
 */
import * as path from 'node:path';
import yargs, { type Argv } from 'yargs';
import { formatDiagnostics, GenerationError, type Diagnostic } from './diagnostics';
import { loadConfig } from './config';
import { crdGenerator } from './emit/crd';
import type { VirtualFile } from './emit/types';
import { renderMarkerReference } from './markers';
import { generateAll, loadApiModel, ownedDirs } from './pipeline';
import { verifyFiles, writeFiles } from './write';
import { KUBEGEN_VERSION } from './version';
import { envtestCommand } from './cli/envtest';
import { scaffoldCommands } from './cli/init';
import { importCommand } from './cli/import';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

const defaultIo: Io = { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s) };

/** Run the CLI; resolves to the process exit code. */
export async function main(argv: string[], io: Io = defaultIo, cwd = process.cwd()): Promise<number> {
  let code = 0;
  const setCode = (c: number) => {
    code = Math.max(code, c);
  };
  const parser: Argv = yargs(argv)
    .scriptName('kubegen')
    .version(KUBEGEN_VERSION)
    .strict()
    .exitProcess(false)
    .fail((msg, err) => {
      io.err(`kubegen: ${msg ?? err?.message}\n`);
      setCode(2);
    })
    .command(
      'crd',
      'Generate CustomResourceDefinitions (one <group>_<plural>.yaml per kind) from TypeScript API types',
      (y) =>
        y
          .option('apis', { type: 'string', demandOption: true, describe: 'APIs root: <apis>/<group>/<version>/*.ts' })
          .option('out', { type: 'string', describe: 'Output directory (required unless --stdout)' })
          .option('stdout', { type: 'boolean', default: false, describe: 'Print the CRDs instead of writing them' })
          .option('verify', { type: 'boolean', default: false, describe: 'Exit non-zero and print a diff if --out differs from what would be generated' })
          .option('header', { type: 'string', describe: 'Text to put before every CRD file' }),
      (args) => {
        if (!args.out && !args.stdout) throw new Error('either --out or --stdout is required');
        const run = runGenerators(io, () => {
          const loaded = loadApiModel(path.resolve(cwd, args.apis), cwd);
          if (loaded.diagnostics.some((d) => d.severity === 'error')) return { files: [], diagnostics: loaded.diagnostics };
          const r = crdGenerator.generate(loaded.model, { header: args.header });
          return { files: r.files, diagnostics: [...loaded.diagnostics, ...r.diagnostics] };
        });
        if (!run) return setCode(1);
        if (args.stdout) {
          for (const f of run) io.out(f.contents);
          return;
        }
        setCode(emit(io, path.resolve(cwd, args.out!), run, args.verify, []));
      },
    )
    .command(
      'generate',
      'Run every configured generator (kubegen.config.* or the "kubegen" key of package.json)',
      (y) =>
        y
          .option('config', { type: 'string', describe: 'Configuration file (default: kubegen.config.json|js|cjs, else package.json#kubegen)' })
          .option('verify', { type: 'boolean', default: false, describe: 'Exit non-zero and print a diff if the output differs from what would be generated' }),
      (args) => {
        const config = loadConfig(cwd, args.config);
        let owned: string[] = [];
        const run = runGenerators(io, () => {
          const loaded = loadApiModel(config.apis, cwd);
          if (loaded.diagnostics.some((d) => d.severity === 'error')) return { files: [], diagnostics: loaded.diagnostics };
          owned = ownedDirs(loaded.model, config.layout);
          const r = generateAll(loaded.model, {
            generators: config.generators,
            packageName: config.packageName,
            layout: config.layout,
            crd: { header: config.crdHeader, conversion: config.conversion },
          });
          return { files: r.files, diagnostics: [...loaded.diagnostics, ...r.diagnostics] };
        });
        if (!run) return setCode(1);
        setCode(emit(io, config.output, run, args.verify, owned));
      },
    )
    .command(
      'markers',
      'Print the marker reference (every marker kubegen understands, with its targets, arguments and help)',
      (y) => y.option('format', { choices: ['text', 'markdown'] as const, default: 'text' as const }),
      (args) => {
        io.out(renderMarkerReference(args.format));
      },
    )
    .command(envtestCommand)
    .command(scaffoldCommands(io, cwd, setCode))
    .command(importCommand(io, cwd, setCode))
    .demandCommand(1, 'name a command: init, create api, crd, generate, markers or envtest')
    .help();
  await parser.parseAsync();
  return code;
}

/** Run a generation step; print diagnostics; undefined when there were errors. */
function runGenerators(io: Io, step: () => { files: VirtualFile[]; diagnostics: Diagnostic[] }): VirtualFile[] | undefined {
  let result: { files: VirtualFile[]; diagnostics: Diagnostic[] };
  try {
    result = step();
  } catch (e) {
    if (e instanceof GenerationError) result = { files: [], diagnostics: e.diagnostics };
    else throw e;
  }
  if (result.diagnostics.length > 0) io.err(formatDiagnostics(result.diagnostics));
  if (result.diagnostics.some((d) => d.severity === 'error')) return undefined;
  return result.files;
}

function emit(io: Io, outDir: string, files: VirtualFile[], verify: boolean, owned: string[]): number {
  if (verify) {
    const v = verifyFiles(outDir, files, { owned });
    if (v.ok) {
      io.out(`kubegen: ${files.length} files up to date in ${outDir}\n`);
      return 0;
    }
    io.err(v.diff);
    io.err(`kubegen: ${v.mismatched.length} file(s) differ from what would be generated in ${outDir}; run kubegen without --verify\n`);
    return 1;
  }
  const r = writeFiles(outDir, files, { owned });
  io.out(`kubegen: wrote ${r.written.length}, unchanged ${r.unchanged.length}${r.removed.length ? `, removed ${r.removed.length}` : ''} in ${outDir}\n`);
  return 0;
}
