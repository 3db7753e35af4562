/**
 * `kubegen generate --watch`: generate, then regenerate whenever a file under the APIs root changes, until interrupted.
 *
 * Contract:
 * - **Incremental**, stage by stage; after every run the output and the diagnostics are those of a full
 *   `kubegen generate` (test/unit/generator/cli/watch-equivalence.test.ts):
 *   - front end (`LoadCache`): a run converts again only the files whose text changed and those whose name
 *     resolutions consulted them; library declarations are converted once; adding or removing a file converts all;
 *   - model (`ModelCache`, kept in the `LoadCache`): a package is resolved again only when its sources (the per-file
 *     results it was assembled from) or those of a package it reaches changed, a group's storage versions and name
 *     checks only when one of its resolved packages did; everything else is the previous run's objects, never
 *     modified; the recursion check walks the whole model;
 *   - generators (`EmitCache`): through the same runner (generator/pipeline.ts `runGeneration`), generators and
 *     executor as `kubegen generate`, each call per version
 *     and per group is made again only when its key changed — for a version, its package and those it reaches (by
 *     identity) and its group's outline; for a group, the generator's `groupKey` (clientset, fake, listers, informers,
 *     package: names only) or else all its versions' packages; a kept call's files and diagnostics are reused;
 *   - writing: only the groups whose files differ from what the watch last wrote, each with all its files and its
 *     directories owned, so files a group no longer generates are removed as in a full run.
 * - **Debounced.** Change notifications start (or restart) a quiet period of `debounceMs`; the run starts when it
 *   ends, so an editor's burst of events (write, rename, chmod) is one run. Runs are synchronous: notifications that
 *   arrive during a run start the next quiet period after it.
 * - **Errors do not stop it.** A run with errors (the first one included) prints the usual located diagnostics and
 *   writes nothing (the next successful run writes every group that differs from what was last written); a failure that is not a
 *   diagnostic (an I/O error) is printed as one `kubegen:` line. Only an internal error (a bug) ends the watch.
 * - **Injected.** The watcher, the clock and the stop signal are parameters, so the loop is unit-tested with a fake
 *   watcher and clock; the command line passes `fs.watch` (recursive where the platform has it, else polling),
 *   the real timers and SIGINT/SIGTERM, on which it stops cleanly with exit code 0.
 * - The configuration is read once, when the watch starts; the rbac/webhook/apiservice manifests it configures and
 *   the deploy tree and chart of its `deploy` key are generated again on every run, as in `kubegen generate` (their
 *   marker sources are scanned again, not watched).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubegenConfig } from '../config';
import { asKubegenError, KubegenError } from '../errors';
import { LoadCache } from '../load';
import { EmitCache } from '../emit/shared/execute';
import type { VirtualFile } from '../emit/shared/types';
import { printDiagnostics } from '../output';
import { ownedGroupDirs, runGeneration, type GeneratorOutput } from '../pipeline';
import { configuredRun } from '../run-generators';
import { writeFileSets, type OutputSet } from '../write';

export interface WatchIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** Timers, injectable (a fake clock in tests). */
export interface WatchClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Starts watching a directory tree; `onChange` is called (any number of times) when something under it may have changed. */
export type TreeWatcher = (dir: string, onChange: () => void) => { close(): void };

export interface WatchOptions {
  watcher?: TreeWatcher;
  clock?: WatchClock;
  /** Aborting it ends the watch (exit 0). */
  signal: AbortSignal;
  /** The quiet period after the last change before a run (default 30 ms). */
  debounceMs?: number;
  /** Warnings are errors (`--strict`, or `"strict": true` in the configuration). */
  strict?: boolean;
}

/** What one incremental run did. */
export interface RunSummary {
  ok: boolean;
  /** Groups generated again in this run. */
  groups: string[];
  written: number;
  unchanged: number;
  removed: number;
}

/** One `kubegen generate` configuration, generated again and again, each time only where the APIs changed. */
export class IncrementalGenerator {
  private readonly cache = new LoadCache();
  private readonly emit = new EmitCache();
  /** What the output root holds, as last written: contents by path, and the paths of each group. */
  private written = new Map<string, string>();
  private groupPaths = new Map<string, ReadonlySet<string>>();

  constructor(
    private readonly config: KubegenConfig,
    private readonly cwd: string,
    private readonly io: WatchIo,
    private readonly strict = false,
  ) {}

  /** Files converted again by the front end in the last run (absolute paths). */
  get converted(): readonly string[] {
    return this.cache.lastConverted;
  }

  /** Packages the model builder resolved again in the last run (the others were reused). */
  get resolved(): readonly string[] {
    return this.cache.model.lastResolved;
  }

  /** Generator calls (per version, per group) made again, and kept ones reused, in the last run. */
  get calls(): { made: readonly string[]; kept: number } {
    return this.emit.lastCalls;
  }

  /**
   * Regenerate what changed — the same run as `kubegen generate` (generator/pipeline.ts `runGeneration`) with this
   * watch's caches; prints diagnostics; writes nothing when the run has errors.
   */
  run(): RunSummary {
    const failed: RunSummary = { ok: false, groups: [], written: 0, unchanged: 0, removed: 0 };
    let outputs: GeneratorOutput[];
    try {
      const result = runGeneration(configuredRun(this.config, this.cwd, this.strict), { load: this.cache, emit: this.emit });
      printDiagnostics(this.io, result.diagnostics);
      if (!result.ok) return failed;
      outputs = result.outputs;
    } catch (e) {
      return this.fail(e, failed);
    }
    const groups = [...this.emit.lastRan].sort();
    const files: VirtualFile[] = outputs.filter((o) => o.generator === 'packages').flatMap((o) => o.set.files);
    const others: OutputSet[] = outputs.filter((o) => o.generator !== 'packages').map((o) => o.set);
    const summary: RunSummary = { ok: true, groups, written: 0, unchanged: 0, removed: 0 };
    // The groups whose files differ from what was last written (in content or in the set of paths) are written, each
    // with all its files and its directories owned, so files it no longer generates are removed as in a full run.
    const byGroup = new Map<string, typeof files>();
    for (const f of files) {
      const list = byGroup.get(f.group ?? '');
      if (list) list.push(f);
      else byGroup.set(f.group ?? '', [f]);
    }
    const dirty = [...byGroup].filter(([g, list]) => {
      const before = this.groupPaths.get(g);
      return !before || before.size !== list.length || list.some((f) => this.written.get(f.path) !== f.contents);
    });
    try {
      // One transaction over the groups written and the manifests: a failure restores what was there.
      const sets = [...dirty.map(([g, list]) => ({ outDir: this.config.output, files: list, owned: ownedGroupDirs([g], this.config.layout, this.config.groupFolder) })), ...others];
      for (const r of writeFileSets(sets)) {
        summary.written += r.written.length;
        summary.unchanged += r.unchanged.length;
        summary.removed += r.removed.length;
      }
    } catch (e) {
      return this.fail(e, failed);
    }
    for (const [g, list] of dirty) {
      for (const p of this.groupPaths.get(g) ?? []) this.written.delete(p);
      for (const f of list) this.written.set(f.path, f.contents);
      this.groupPaths.set(g, new Set(list.map((f) => f.path)));
    }
    return summary;
  }

  private fail(e: unknown, failed: RunSummary): RunSummary {
    const err = asKubegenError(e, this.cwd);
    if (!(err instanceof KubegenError)) throw err;
    for (const line of err.message.split('\n')) this.io.err(`kubegen: ${line}\n`);
    return failed;
  }
}

/** Calls `fire` once `ms` have passed without another `poke`. */
export class Debouncer {
  private handle: unknown;
  private pending = false;

  constructor(
    private readonly clock: WatchClock,
    private readonly ms: number,
    private readonly fire: () => void,
  ) {}

  poke(): void {
    if (this.pending) this.clock.clearTimeout(this.handle);
    this.pending = true;
    this.handle = this.clock.setTimeout(() => {
      this.pending = false;
      this.fire();
    }, this.ms);
  }

  cancel(): void {
    if (this.pending) this.clock.clearTimeout(this.handle);
    this.pending = false;
  }
}

/**
 * Generate once, then on every (debounced) change under the APIs root, until `options.signal` aborts; resolves to
 * the exit code 0 then.
 */
export function watchGenerate(io: WatchIo, cwd: string, config: KubegenConfig, options: WatchOptions): Promise<number> {
  const generator = new IncrementalGenerator(config, cwd, io, options.strict);
  const report = (s: RunSummary, label: string) => {
    if (s.ok) io.out(`kubegen: ${label}: ${s.groups.length === 0 ? 'no API changes' : `${s.groups.length} group(s) regenerated — wrote ${s.written}, unchanged ${s.unchanged}${s.removed ? `, removed ${s.removed}` : ''}`} in ${config.output}\n`);
    else io.err(`kubegen: ${label}: not written (errors above); still watching\n`);
  };
  const first = generator.run();
  report(first, 'generated');
  return new Promise<number>((resolve) => {
    if (options.signal.aborted) {
      resolve(0);
      return;
    }
    const clock = options.clock ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => { clearTimeout(h as NodeJS.Timeout); } };
    const debouncer = new Debouncer(clock, options.debounceMs ?? 30, () => { report(generator.run(), 'regenerated'); });
    const watcher = (options.watcher ?? watchTree)(config.apis, () => { debouncer.poke(); });
    io.out(`kubegen: watching ${path.relative(cwd, config.apis) || '.'} for changes (Ctrl-C to stop)\n`);
    options.signal.addEventListener(
      'abort',
      () => {
        debouncer.cancel();
        watcher.close();
        resolve(0);
      },
      { once: true },
    );
  });
}

/**
 * Watch a directory tree. On macOS and Windows, one `fs.watch` with `recursive` (native there). Elsewhere, one
 * non-recursive `fs.watch` per directory (inotify reports a directory's children, renames included — what editors and
 * `sed -i` do when they save), the set of directories refreshed on every event; Node's own recursive mode on Linux
 * loses files replaced by a rename. When `fs.watch` is unavailable, the tree is polled every `pollMs`.
 */
export function watchTree(dir: string, onChange: () => void, pollMs = 200): { close(): void } {
  try {
    if (process.platform === 'darwin' || process.platform === 'win32') {
      const w = fs.watch(dir, { recursive: true, persistent: true }, () => {
        onChange();
      });
      w.on('error', () => {
        onChange();
      });
      return {
        close: () => {
          w.close();
        },
      };
    }
    return watchDirs(dir, onChange);
  } catch {
    return pollTree(dir, onChange, pollMs);
  }
}

function watchDirs(root: string, onChange: () => void): { close(): void } {
  const watchers = new Map<string, fs.FSWatcher>();
  const refresh = () => {
    const dirs = new Set(treeDirs(root));
    for (const [d, w] of watchers) {
      if (!dirs.has(d)) {
        w.close();
        watchers.delete(d);
      }
    }
    for (const d of dirs) {
      if (watchers.has(d)) continue;
      try {
        const w = fs.watch(d, { persistent: true }, event);
        w.on('error', () => {
          w.close();
          watchers.delete(d);
        });
        watchers.set(d, w);
      } catch {
        // gone meanwhile
      }
    }
  };
  const event = () => {
    refresh();
    onChange();
  };
  const first = fs.watch(root, { persistent: true }, event);
  first.close();
  refresh();
  return {
    close: () => {
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}

function treeDirs(root: string): string[] {
  const out = [root];
  // breadth first: the loop reaches the directories it appends
  for (const dir of out) {
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      // removed meanwhile
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') out.push(path.join(dir, e.name));
  }
  return out;
}

/** Poll a directory tree's files (path, size, mtime) every `ms`; `onChange` when that listing differs. */
export function pollTree(dir: string, onChange: () => void, ms: number): { close(): void } {
  let last = treeStamp(dir);
  const timer = setInterval(() => {
    const now = treeStamp(dir);
    if (now !== last) {
      last = now;
      onChange();
    }
  }, ms);
  return { close: () => { clearInterval(timer); } };
}

function treeStamp(dir: string): string {
  const parts: string[] = [];
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        try {
          const st = fs.statSync(p);
          parts.push(`${p}\0${st.size}\0${st.mtimeMs}`);
        } catch {
          // removed meanwhile: the next poll sees it gone
        }
      }
    }
  };
  walk(dir);
  return parts.sort().join('\n');
}
