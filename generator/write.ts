/**
 * Output rules: where generated files go. Generators return VirtualFiles; these functions write them to a
 * directory (atomically, skipping unchanged files), or verify a directory against them.
 *
 * Contract of `writeFiles`: every file is first written to a temporary sibling, then all are renamed into place,
 * so a failure while writing leaves no half-written file; a file whose content is unchanged is not touched
 * (its mtime stays); files listed in `prune` directories that are no longer generated are removed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { VirtualFile } from './emit/types';

export interface WriteResult {
  written: string[];
  unchanged: string[];
  removed: string[];
}

export interface WriteOptions {
  /** Directories (relative to the output root) that kubegen owns: files in them that are not generated are removed. */
  owned?: string[];
}

export function writeFiles(outDir: string, files: readonly VirtualFile[], options: WriteOptions = {}): WriteResult {
  const result: WriteResult = { written: [], unchanged: [], removed: [] };
  const pending: Array<{ tmp: string; target: string }> = [];
  try {
    for (const f of files) {
      const target = path.join(outDir, f.path);
      if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === f.contents) {
        result.unchanged.push(f.path);
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.kubegen-${process.pid}.tmp`;
      fs.writeFileSync(tmp, f.contents);
      pending.push({ tmp, target });
      result.written.push(f.path);
    }
  } catch (e) {
    for (const p of pending) fs.rmSync(p.tmp, { force: true });
    throw e;
  }
  for (const p of pending) fs.renameSync(p.tmp, p.target);
  for (const stale of staleFiles(outDir, files, options.owned ?? [])) {
    fs.rmSync(path.join(outDir, stale));
    result.removed.push(stale);
  }
  return result;
}

export interface VerifyResult {
  ok: boolean;
  /** A unified-style diff per differing, missing or stale file. */
  diff: string;
  mismatched: string[];
}

/** Compare a directory with what would be generated; nothing is written. */
export function verifyFiles(outDir: string, files: readonly VirtualFile[], options: WriteOptions = {}): VerifyResult {
  const mismatched: string[] = [];
  const chunks: string[] = [];
  for (const f of files) {
    const target = path.join(outDir, f.path);
    const actual = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : undefined;
    if (actual === f.contents) continue;
    mismatched.push(f.path);
    chunks.push(unifiedDiff(f.path, actual ?? '', f.contents, actual === undefined ? 'missing' : undefined));
  }
  for (const stale of staleFiles(outDir, files, options.owned ?? [])) {
    mismatched.push(stale);
    chunks.push(unifiedDiff(stale, fs.readFileSync(path.join(outDir, stale), 'utf8'), '', 'not generated'));
  }
  return { ok: mismatched.length === 0, diff: chunks.join(''), mismatched };
}

function staleFiles(outDir: string, files: readonly VirtualFile[], owned: string[]): string[] {
  const generated = new Set(files.map((f) => path.normalize(f.path)));
  const out: string[] = [];
  for (const dir of owned) {
    const abs = path.join(outDir, dir);
    if (!fs.existsSync(abs)) continue;
    for (const rel of listFiles(abs)) {
      const p = path.normalize(path.join(dir, rel));
      if (!generated.has(p)) out.push(p.split(path.sep).join('/'));
    }
  }
  return out.sort();
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name)).map((f) => path.join(e.name, f)));
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
  const dp = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i * (m + 1) + j] = a[i] === b[j] ? dp[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(dp[(i + 1) * (m + 1) + j], dp[i * (m + 1) + j + 1]);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push(` ${a[i]}`);
      i++;
      j++;
    } else if (dp[(i + 1) * (m + 1) + j] >= dp[i * (m + 1) + j + 1]) out.push(`-${a[i++]}`);
    else out.push(`+${b[j++]}`);
  }
  while (i < n) out.push(`-${a[i++]}`);
  while (j < m) out.push(`+${b[j++]}`);
  return out;
}
