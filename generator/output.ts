/**
 * Output rules (controller-tools' `genall.OutputRule`): where the output sets of a run (generator/pipeline.ts
 * `runGeneration`) go. The generators never touch the filesystem; the command picks one rule for the run:
 *
 * - `directory`: every set written under its directory in one transaction (every path checked before anything is
 *   written; a failure restores what was there; files of an owned directory no longer generated are removed), with
 *   SIGINT / SIGTERM / SIGHUP held so an interrupt cannot cut it short; one `kubegen: wrote …` line per set;
 * - `verify`: every set compared with what is on disk, a unified diff of each difference, nothing written;
 * - `stdout`: the files' contents printed in order (`kubegen crd --stdout`, `kubegen rbac --stdout`);
 * - `memory`: the files kept in a map by absolute path, nothing printed or written (tests, tools).
 */
import * as path from 'node:path';
import { formatDiagnostics, type Diagnostic } from './diagnostics';
import { verifyFiles, withSignalsHeld, writeFileSets, type OutputSet } from './write';

export interface OutputIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

export type OutputRule = { kind: 'directory' } | { kind: 'verify' } | { kind: 'stdout' } | { kind: 'memory'; files: Map<string, string> };

/** The rule of a command that writes to directories, or with `--verify` compares with them. */
export function directoryOrVerify(verify: boolean): OutputRule {
  return verify ? { kind: 'verify' } : { kind: 'directory' };
}

/** A run's diagnostics, tsc-style, sorted by location (nothing when there are none). */
export function printDiagnostics(io: OutputIo, diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length > 0) io.err(formatDiagnostics(diagnostics));
}

/** Put the output sets where `rule` says; resolves to the exit code (1: `verify` found differences). */
export async function applyOutputRule(io: OutputIo, sets: readonly OutputSet[], rule: OutputRule): Promise<number> {
  switch (rule.kind) {
    case 'stdout':
      for (const { files } of sets) for (const f of files) io.out(f.contents);
      return 0;
    case 'memory':
      for (const { outDir, files } of sets) for (const f of files) rule.files.set(path.join(outDir, ...f.path.split('/')), f.contents);
      return 0;
    case 'verify':
      return verifySets(io, sets);
    case 'directory':
      return writeSets(io, sets);
  }
}

function verifySets(io: OutputIo, sets: readonly OutputSet[]): number {
  let code = 0;
  for (const { outDir, files, owned, ownedFiles } of sets) {
    const v = verifyFiles(outDir, files, { owned, ownedFiles });
    if (v.ok) {
      io.out(`kubegen: ${files.length} files up to date in ${outDir}\n`);
      continue;
    }
    io.err(v.diff);
    io.err(`kubegen: ${v.mismatched.length} file(s) differ from what would be generated in ${outDir}; run kubegen without --verify\n`);
    code = 1;
  }
  return code;
}

/**
 * Writing is one transaction over all sets, run with SIGINT / SIGTERM / SIGHUP held: an interrupt received meanwhile
 * ends kubegen right after, with the shell's exit code for it.
 */
async function writeSets(io: OutputIo, sets: readonly OutputSet[]): Promise<number> {
  const { value: results, signal, exitCode } = await withSignalsHeld(() => writeFileSets(sets));
  sets.forEach(({ outDir }, i) => {
    const r = results[i];
    if (r === undefined) throw new Error(`kubegen bug: writeFileSets returned no result for ${outDir}`);
    io.out(`kubegen: wrote ${r.written.length}, unchanged ${r.unchanged.length}${r.removed.length ? `, removed ${r.removed.length}` : ''} in ${outDir}\n`);
  });
  if (signal === undefined) return 0;
  io.err(`kubegen: interrupted (${signal}) while writing; the write was completed first, so every file is whole\n`);
  return exitCode ?? 1;
}
