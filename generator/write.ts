/**
 * Output rules: where generated files go. Generators return VirtualFiles; these functions write them to a
 * directory (atomically, skipping unchanged files), or verify a directory against them.
 *
 * Contract of `writeFiles`:
 * - every path is checked before anything is touched: a generated file's path and every `owned` directory must be
 *   a relative `/`-separated path without empty, `.` or `..` segments, backslashes or NUL, and must resolve — after
 *   symbolic links, checked with the real path of its deepest existing ancestor — inside the output root; two
 *   files may not share a path. Any violation refuses the whole run (an `OutputPathError`) with nothing written;
 * - every file is first written to a temporary sibling (`<name>.kubegen-<pid>.tmp`, created exclusively, so never
 *   through a planted link), then all are renamed into place, so a failure while writing leaves no half-written
 *   file and no directory it created; a file whose content is unchanged is not touched (its mtime stays);
 * - files in `owned` directories that are no longer generated are removed, and so are stray temporary files left by
 *   an interrupted run (of a process that no longer exists) next to any generated file;
 * - `writeFileSets` does the same for several output roots as one transaction (all paths of all roots checked
 *   first), and a failure while renaming restores the files already renamed, so an error leaves the output as it
 *   was; `withSignalsHeld` runs a write so that SIGINT / SIGTERM / SIGHUP cannot cut it short (the CLI writes
 *   through it and exits 130 … afterwards).
 *
 * `verifyFiles` applies the same path checks, writes nothing, and reports differing, missing, stale and stray files.
 *
 * Both throw an `OutputPathError` for refused paths and Node's own errors (`ENOTDIR`, `EACCES` …) for I/O failures;
 * the CLI words the latter (`describeIoError`) relative to its working directory.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VirtualFile } from './emit/shared/types';
import { KubegenError, asKubegenError, describeIoError } from './errors';

export interface WriteResult {
  written: string[];
  unchanged: string[];
  /** Stale files of owned directories and stray temporary files, relative to the output root. */
  removed: string[];
}

export interface WriteOptions {
  /** Directories (relative to the output root) that kubegen owns: files in them that are not generated are removed. */
  owned?: string[];
  /**
   * Single files (relative to the output root) that kubegen owned before (a manifest of what it wrote, such as the
   * deploy tree's): each one that exists and is not generated now is removed, like a stale file of an owned directory.
   */
  ownedFiles?: string[];
}

/** A generated path or an owned directory that is not safely inside the output root: nothing was written. */
export class OutputPathError extends KubegenError {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'OutputPathError';
  }
}

/** Why `rel` cannot name a file under an output root, or undefined when it can. */
export function unsafePathReason(rel: string): string | undefined {
  if (rel.length === 0) return 'the path is empty';
  if (rel.includes('\0')) return 'it contains a NUL character';
  if (rel.includes('\\')) return 'it contains a backslash';
  if (rel.startsWith('/') || path.isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) return 'it is absolute';
  for (const segment of rel.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment`;
  }
  return undefined;
}

/** A temporary file of `writeFiles`, with the id of the process that wrote it. */
const TEMP_FILE = /\.kubegen-(\d+)\.tmp$/;

interface Target {
  file: VirtualFile;
  abs: string;
}

interface Plan {
  /** As given, for messages. */
  outDir: string;
  root: string;
  targets: Target[];
  /** Owned directories, relative (normalised, `/`-separated). */
  owned: string[];
  /** Owned single files, relative. */
  ownedFiles: string[];
}

/** The real path of `p`, which need not exist: the real path of its deepest existing ancestor plus the rest. */
function realPathAllowingMissing(p: string): { real: string } | { reason: string } {
  const rest: string[] = [];
  let cur = path.resolve(p);
  for (;;) {
    let exists = true;
    try {
      fs.lstatSync(cur);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
      exists = false;
    }
    if (exists) {
      try {
        return { real: path.join(fs.realpathSync.native(cur), ...rest) };
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ELOOP') return { reason: `${cur} is a dangling or looping symbolic link` };
        throw e;
      }
    }
    const parent = path.dirname(cur);
    if (parent === cur) return { real: path.join(cur, ...rest) };
    rest.unshift(path.basename(cur));
    cur = parent;
  }
}

function isInside(root: string, p: string): boolean {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return p === root || p.startsWith(prefix);
}

/** Check every path against the output root; throws an OutputPathError listing every problem. */
function plan(outDir: string, files: readonly VirtualFile[], owned: readonly string[], ownedFiles: readonly string[] = []): Plan {
  const root = path.resolve(outDir);
  const problems: string[] = [];
  let rootReal: ReturnType<typeof realPathAllowingMissing>;
  try {
    rootReal = realPathAllowingMissing(root);
  } catch (e) {
    throw asKubegenError(e);
  }
  if ('reason' in rootReal) throw new OutputPathError([`cannot use ${outDir} as the output root: ${rootReal.reason}`]);
  const check = (rel: string, what: string): string | undefined => {
    const reason = unsafePathReason(rel);
    if (reason !== undefined) {
      problems.push(`refusing to write ${what} ${JSON.stringify(rel)} under ${outDir}: ${reason}`);
      return undefined;
    }
    const abs = path.join(root, ...rel.split('/'));
    let real: ReturnType<typeof realPathAllowingMissing>;
    try {
      real = realPathAllowingMissing(abs);
    } catch (e) {
      const io = describeIoError(e);
      if (io === undefined) throw e;
      real = { reason: io };
    }
    if ('reason' in real) problems.push(`refusing to write ${what} ${JSON.stringify(rel)} under ${outDir}: ${real.reason}`);
    else if (!isInside(rootReal.real, real.real)) problems.push(`refusing to write ${what} ${JSON.stringify(rel)}: it resolves to ${real.real}, outside the output root ${rootReal.real}`);
    else return abs;
    return undefined;
  };
  const targets: Target[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const abs = check(f.path, 'file');
    if (abs === undefined) continue;
    if (seen.has(f.path)) problems.push(`two generated files have the same path ${JSON.stringify(f.path)}`);
    seen.add(f.path);
    targets.push({ file: f, abs });
  }
  const ownedDirs: string[] = [];
  for (const dir of owned) if (check(dir, 'into the owned directory') !== undefined) ownedDirs.push(dir);
  const singleFiles: string[] = [];
  for (const f of ownedFiles) if (check(f, 'the owned file') !== undefined) singleFiles.push(f);
  if (problems.length > 0) throw new OutputPathError(problems);
  return { outDir, root, targets, owned: ownedDirs, ownedFiles: singleFiles };
}

/** Whether a process with this id exists (a temporary file of a live run is not stray). */
function processAlive(pid: number): boolean {
  if (pid === process.pid) return false; // ours cannot exist yet: a previous process had our id
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStrayTemp(name: string): boolean {
  const m = TEMP_FILE.exec(name);
  return !!m && !processAlive(Number(m[1]));
}

/** Relative (`/`-separated) paths of stray temporary files next to the targets and anywhere in owned directories. */
function strayTempFiles(p: Plan): string[] {
  const out = new Set<string>();
  const dirs = new Set(p.targets.map((t) => path.posix.dirname(t.file.path)));
  for (const dir of dirs) {
    const abs = dir === '.' ? p.root : path.join(p.root, ...dir.split('/'));
    for (const e of readDirIfExists(abs)) {
      if (!e.isDirectory() && isStrayTemp(e.name)) out.add(dir === '.' ? e.name : `${dir}/${e.name}`);
    }
  }
  for (const dir of p.owned) {
    for (const rel of listFiles(path.join(p.root, ...dir.split('/')))) {
      if (isStrayTemp(rel)) out.add(`${dir}/${rel}`);
    }
  }
  return [...out].sort();
}

function readDirIfExists(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw e;
  }
}

/** Read a file, or undefined when it does not exist. */
function readIfExists(abs: string): string | undefined {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export function writeFiles(outDir: string, files: readonly VirtualFile[], options: WriteOptions = {}): WriteResult {
  const [result] = writeFileSets([{ outDir, files, owned: options.owned, ownedFiles: options.ownedFiles }]);
  if (!result) throw new Error('kubegen bug: writeFileSets returned no result for its one set');
  return result;
}

/** One output root and the files to write under it. */
export interface OutputSet {
  outDir: string;
  files: readonly VirtualFile[];
  owned?: string[];
  /** See {@link WriteOptions.ownedFiles}. */
  ownedFiles?: string[];
}

/**
 * Several output roots written as one transaction (`kubegen generate`: the generated packages, the RBAC and webhook
 * manifests): every path of every set is checked first — and no two sets may write one file — so a refused path
 * anywhere writes nothing anywhere; then every temporary file is written, then all are renamed into place.
 */
export function writeFileSets(sets: readonly OutputSet[]): WriteResult[] {
  const plans: Plan[] = [];
  const problems: string[] = [];
  for (const set of sets) {
    try {
      plans.push(plan(set.outDir, set.files, set.owned ?? [], set.ownedFiles ?? []));
    } catch (e) {
      if (!(e instanceof OutputPathError)) throw e;
      problems.push(...e.problems);
    }
  }
  const claimed = new Map<string, string>();
  for (const p of plans) {
    for (const t of p.targets) {
      if (claimed.has(t.abs)) problems.push(`two outputs would write ${t.abs} (as ${JSON.stringify(claimed.get(t.abs))} and ${JSON.stringify(t.file.path)})`);
      else claimed.set(t.abs, t.file.path);
    }
  }
  if (problems.length > 0) throw new OutputPathError(problems);
  return write(plans);
}

/** A file written to its temporary sibling, waiting to be renamed over its target (whose old content is kept to roll back). */
interface Pending {
  tmp: string;
  target: string;
  /** The target's content before the write; undefined when it did not exist. */
  before: string | undefined;
}

/**
 * The transaction: temporary files for every changed file of every plan, then the renames; a failure in either
 * phase undoes what was done (temporary files removed, renamed targets restored to their old content or removed,
 * directories it created removed), so an error leaves the output as it was. Stale files are removed last.
 */
function write(plans: readonly Plan[]): WriteResult[] {
  const runs = plans.map((p) => {
    const result: WriteResult = { written: [], unchanged: [], removed: [] };
    return { p, result };
  });
  for (const { p, result } of runs) {
    for (const stray of strayTempFiles(p)) {
      fs.rmSync(path.join(p.root, ...stray.split('/')), { force: true });
      result.removed.push(stray);
    }
  }
  const pending: Pending[] = [];
  const createdDirs: string[] = [];
  const renamed: Pending[] = [];
  try {
    for (const { p, result } of runs) {
      for (const { file, abs } of p.targets) {
        const before = readIfExists(abs);
        if (before === file.contents) {
          result.unchanged.push(file.path);
          continue;
        }
        const created = fs.mkdirSync(path.dirname(abs), { recursive: true });
        if (created !== undefined) createdDirs.push(created);
        const tmp = `${abs}.kubegen-${process.pid}.tmp`;
        const fd = fs.openSync(tmp, 'wx');
        pending.push({ tmp, target: abs, before });
        try {
          fs.writeFileSync(fd, file.contents);
        } finally {
          fs.closeSync(fd);
        }
        result.written.push(file.path);
      }
    }
    for (const t of pending) {
      fs.renameSync(t.tmp, t.target);
      renamed.push(t);
    }
  } catch (e) {
    rollBack(pending, renamed, createdDirs);
    throw e;
  }
  for (const { p, result } of runs) {
    for (const stale of staleFiles(p)) {
      fs.rmSync(path.join(p.root, ...stale.split('/')));
      result.removed.push(stale);
    }
    result.removed.sort();
  }
  return runs.map((r) => r.result);
}

/** Undo a failed write, best effort (the write error is what the user needs to see). */
function rollBack(pending: readonly Pending[], renamed: readonly Pending[], createdDirs: string[]): void {
  const done = new Set(renamed);
  for (const t of pending) {
    if (!done.has(t)) {
      bestEffort(() => {
        fs.rmSync(t.tmp, { force: true });
      });
    }
  }
  for (const t of renamed) {
    bestEffort(() => {
      if (t.before === undefined) fs.rmSync(t.target, { force: true });
      else {
        fs.writeFileSync(t.tmp, t.before);
        fs.renameSync(t.tmp, t.target);
      }
    });
  }
  removeCreatedDirs(createdDirs);
}

function bestEffort(step: () => void): void {
  try {
    step();
  } catch {
    // best effort: the original error is reported
  }
}

/** The signals that end `kubegen` from a terminal or a process manager, and the exit codes a shell gives them. */
const HELD_SIGNALS: ReadonlyArray<[NodeJS.Signals, number]> = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
];

/**
 * Runs a (synchronous) write with SIGINT, SIGTERM and SIGHUP held, so an interrupt can never leave a partial
 * file, a stray temporary file or a half-written set of outputs: while `write` runs, a signal is only recorded
 * (JavaScript runs the write to its end); afterwards the event loop is turned twice so that a signal received during
 * the write reaches the listener, the listeners are removed, and the signal is returned with the exit code a shell
 * reports for it (130 for SIGINT). Outside this window the signals keep their default action: an interrupt before
 * the write starts writes nothing.
 */
export async function withSignalsHeld<T>(write: () => T): Promise<{ value: T; signal?: NodeJS.Signals; exitCode?: number }> {
  let received: NodeJS.Signals | undefined;
  const listener = (signal: NodeJS.Signals) => {
    received ??= signal;
  };
  for (const [signal] of HELD_SIGNALS) process.on(signal, listener);
  try {
    let value: T;
    try {
      value = write();
    } finally {
      // Two turns: the first may run in the same loop iteration as the poll phase that has not yet read the signal.
      for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (received === undefined) return { value };
    const signal: NodeJS.Signals = received;
    return { value, signal, exitCode: HELD_SIGNALS.find(([s]) => s === signal)?.[1] ?? 1 };
  } finally {
    for (const [signal] of HELD_SIGNALS) process.off(signal, listener);
  }
}

/** Remove the directories a failed write created (each the top of a chain `mkdir -p` made), if still empty. */
function removeCreatedDirs(tops: string[]): void {
  for (const top of tops) {
    const rm = (dir: string): boolean => {
      for (const e of readDirIfExists(dir)) if (!e.isDirectory() || !rm(path.join(dir, e.name))) return false;
      fs.rmdirSync(dir);
      return true;
    };
    try {
      rm(top);
    } catch {
      // best effort: the write error is what the user needs to see
    }
  }
}

export interface VerifyResult {
  ok: boolean;
  /** A unified-style diff per differing, missing, stale or stray file. */
  diff: string;
  mismatched: string[];
}

/** Compare a directory with what would be generated; nothing is written. */
export function verifyFiles(outDir: string, files: readonly VirtualFile[], options: WriteOptions = {}): VerifyResult {
  return verify(plan(outDir, files, options.owned ?? [], options.ownedFiles ?? []));
}

function verify(p: Plan): VerifyResult {
  const mismatched: string[] = [];
  const chunks: string[] = [];
  for (const { file, abs } of p.targets) {
    const actual = readIfExists(abs);
    if (actual === file.contents) continue;
    mismatched.push(file.path);
    chunks.push(unifiedDiff(file.path, actual ?? '', file.contents, actual === undefined ? 'missing' : undefined));
  }
  for (const stale of staleFiles(p)) {
    mismatched.push(stale);
    chunks.push(unifiedDiff(stale, fs.readFileSync(path.join(p.root, ...stale.split('/')), 'utf8'), '', 'not generated'));
  }
  for (const stray of strayTempFiles(p)) {
    mismatched.push(stray);
    chunks.push(`--- a/${stray} (stray temporary file of an interrupted run; the next write removes it)\n+++ /dev/null\n`);
  }
  return { ok: mismatched.length === 0, diff: chunks.join(''), mismatched };
}

/** Files of owned directories that are not generated (temporary files are strays, not stale). */
function staleFiles(p: Plan): string[] {
  const generated = new Set(p.targets.map((t) => t.file.path));
  const out: string[] = [];
  for (const dir of p.owned) {
    for (const rel of listFiles(path.join(p.root, ...dir.split('/')))) {
      const file = `${dir}/${rel}`;
      if (!generated.has(file) && !TEMP_FILE.test(rel)) out.push(file);
    }
  }
  for (const file of p.ownedFiles) {
    if (generated.has(file) || out.includes(file)) continue;
    let isFile = false;
    try {
      isFile = fs.lstatSync(path.join(p.root, ...file.split('/'))).isFile();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
    }
    if (isFile) out.push(file);
  }
  return out.sort();
}

/** Files under `dir` (relative, `/`-separated); symbolic links are listed, never followed. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readDirIfExists(dir)) {
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name)).map((f) => `${e.name}/${f}`));
    else out.push(e.name);
  }
  return out;
}

/** A line diff in unified format (whole-file hunk boundaries trimmed to the changed region plus context). */
export function unifiedDiff(file: string, before: string, after: string, note?: string): string {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const ops = lcsDiff(midA, midB);
  const ctx = 3;
  const from = Math.max(0, start - ctx);
  const lines: string[] = [];
  for (let i = from; i < start; i++) lines.push(` ${a[i]}`);
  lines.push(...ops);
  for (let i = endA; i < Math.min(a.length, endA + ctx); i++) lines.push(` ${a[i]}`);
  const header = `--- a/${file}${note ? ` (${note})` : ''}\n+++ b/${file}\n@@ -${from + 1},${Math.min(a.length, endA + ctx) - from} +${from + 1},${Math.min(b.length, endB + ctx) - from} @@\n`;
  return header + lines.join('\n') + '\n';
}

function lcsDiff(a: string[], b: string[]): string[] {
  if (a.length * b.length > 4_000_000) return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)];
  const n = a.length;
  const m = b.length;
  // dp[i][j]: the length of the longest common subsequence of a[i..] and b[j..], zero past either end
  const dp = new Uint32Array((n + 1) * (m + 1));
  // every (i, j) read is inside the (n + 1) × (m + 1) table, which starts zero-filled
  const lcs = (i: number, j: number): number => dp[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i * (m + 1) + j] = a[i] === b[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  // the lines are strings: a read is undefined exactly past the end
  for (let x = a[i], y = b[j]; x !== undefined && y !== undefined; x = a[i], y = b[j]) {
    if (x === y) {
      out.push(` ${x}`);
      i++;
      j++;
    } else if (lcs(i + 1, j) >= lcs(i, j + 1)) {
      out.push(`-${x}`);
      i++;
    } else {
      out.push(`+${y}`);
      j++;
    }
  }
  for (const l of a.slice(i)) out.push(`-${l}`);
  for (const l of b.slice(j)) out.push(`+${l}`);
  return out;
}
