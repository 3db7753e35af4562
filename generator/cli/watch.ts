/**
 * `kubegen generate --watch`: generate, then regenerate whenever a file under the APIs root changes, until interrupted.
 *
 * Contract:
 * - **Incremental.** The front end's `LoadCache` keeps every file's parse and conversion between runs, so a run
 *   converts again only the files that changed (and those whose name resolutions consulted them). The model is then
 *   built whole (it is cheap), and each API group gets a fingerprint: the serialised packages of the group and of
 *   every package its types reach. Only the groups whose fingerprint changed are generated again — through the
 *   same generators and executor as `kubegen generate`, over the model with just those groups — and written with
 *   their directories owned, so files a group no longer generates are removed as in a full run.
 * - **Debounced.** Change notifications start (or restart) a quiet period of `debounceMs`; the run starts when it
 *   ends, so an editor's burst of events (write, rename, chmod) is one run. Runs are synchronous: notifications that
 *   arrive during a run start the next quiet period after it.
 * - **Errors do not stop it.** A run with errors (the first one included) prints the usual located diagnostics,
 *   writes nothing and keeps the previous fingerprints (the next run retries those groups); a failure that is not a
 *   diagnostic (an I/O error) is printed as one `kubegen:` line. Only an internal error (a bug) ends the watch.
 * - **Injected.** The watcher, the clock and the stop signal are parameters, so the loop is unit-tested with a fake
 *   watcher and clock; the command line passes `fs.watch` (recursive where the platform has it, else polling),
 *   the real timers and SIGINT/SIGTERM, on which it stops cleanly with exit code 0.
 * - The configuration is read once, when the watch starts; the rbac/webhook manifests it configures are generated
 *   again on every run (their sources are not watched).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DiagnosticBag, formatDiagnostics, GenerationError } from '../diagnostics';
import { checkConfigForGroups, type KubegenConfig } from '../config';
import { asKubegenError, KubegenError } from '../errors';
import { LoadCache, loadApiModel } from '../load';
import type { ApiModel, Package, PackageId, TypeRef } from '../model/types';
import { generateAll, ownedGroupDirs, type GenerateSettings } from '../pipeline';
import { writeFileSets } from '../write';
import { generateConfiguredManifests } from './manifests';

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

/** The options of every generator, derived once from a configuration. */
export function generateSettings(config: KubegenConfig): GenerateSettings {
  return { generators: config.generators, packageName: config.packageName, layout: config.layout, groupFolder: config.groupFolder, crd: { header: config.crdHeader, conversion: config.conversion, requireConversion: true } };
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
  /** The fingerprint of each group as last written. */
  private fingerprints = new Map<string, string>();

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

  /** Regenerate what changed; prints diagnostics; writes nothing when the run has errors. */
  run(): RunSummary {
    const bag = new DiagnosticBag();
    const failed: RunSummary = { ok: false, groups: [], written: 0, unchanged: 0, removed: 0 };
    let manifests: ReturnType<typeof generateConfiguredManifests> = [];
    let groups: string[] = [];
    let files: ReturnType<typeof generateAll>['files'] = [];
    let next = new Map<string, string>();
    try {
      manifests = generateConfiguredManifests(this.config.manifests, this.cwd, bag);
      const loaded = loadApiModel({ root: this.config.apis, cwd: this.cwd }, this.cache);
      bag.addAll(loaded.diagnostics);
      if (!bag.hasErrors) {
        const model = loaded.model;
        checkConfigForGroups(
          this.config,
          model.groups.map((g) => g.name),
        );
        next = groupFingerprints(model);
        groups = [...next].filter(([g, f]) => this.fingerprints.get(g) !== f).map(([g]) => g);
        if (groups.length > 0) files = generateAll({ ...model, groups: model.groups.filter((g) => groups.includes(g.name)) }, generateSettings(this.config), bag).files;
      }
    } catch (e) {
      if (e instanceof GenerationError) bag.addAll(e.diagnostics);
      else return this.fail(e, failed);
    }
    const items = this.strict ? bag.sorted().map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : bag.sorted();
    if (items.length > 0) this.io.err(formatDiagnostics(items));
    if (items.some((d) => d.severity === 'error')) return failed;
    const summary: RunSummary = { ok: true, groups, written: 0, unchanged: 0, removed: 0 };
    try {
      // One transaction over the regenerated groups and the manifests: a failure restores what was there.
      const sets = [...(groups.length > 0 ? [{ outDir: this.config.output, files, owned: ownedGroupDirs(groups, this.config.layout, this.config.groupFolder) }] : []), ...manifests.map((m) => ({ outDir: m.dir, files: m.files, owned: [] }))];
      for (const r of writeFileSets(sets)) {
        summary.written += r.written.length;
        summary.unchanged += r.unchanged.length;
        summary.removed += r.removed.length;
      }
    } catch (e) {
      return this.fail(e, failed);
    }
    this.fingerprints = next;
    return summary;
  }

  private fail(e: unknown, failed: RunSummary): RunSummary {
    const err = asKubegenError(e, this.cwd);
    if (!(err instanceof KubegenError)) throw err;
    for (const line of err.message.split('\n')) this.io.err(`kubegen: ${line}\n`);
    return failed;
  }
}

/**
 * Each group's fingerprint: its packages and every package their types reach (shared folders, other groups, the
 * runtime), serialised in id order. Equal fingerprints mean equal input to every generator for that group.
 */
export function groupFingerprints(model: ApiModel): Map<string, string> {
  const byId = new Map<PackageId, Package>(model.packages.map((p) => [p.id, p]));
  const reach = new Map<PackageId, Set<PackageId>>();
  const reachOf = (id: PackageId): Set<PackageId> => {
    let seen = reach.get(id);
    if (seen) return seen;
    seen = new Set([id]);
    reach.set(id, seen);
    const stack = [id];
    while (stack.length > 0) {
      const pkg = byId.get(stack.pop()!);
      for (const t of pkg?.types ?? []) {
        for (const ref of packagesOf(t.type)) {
          if (!seen.has(ref)) {
            seen.add(ref);
            stack.push(ref);
          }
        }
      }
    }
    return seen;
  };
  const out = new Map<string, string>();
  for (const g of model.groups) {
    const ids = new Set<PackageId>();
    for (const p of model.packages) if (p.group === g.name) for (const id of reachOf(p.id)) ids.add(id);
    const packages = [...ids].sort().map((id) => byId.get(id));
    out.set(g.name, JSON.stringify({ group: g, packages }, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
  return out;
}

/** The packages a type reference names (directly or inside arrays, maps and structs). */
function packagesOf(ref: TypeRef, out: PackageId[] = []): PackageId[] {
  switch (ref.kind) {
    case 'named':
      out.push(ref.package);
      break;
    case 'array':
      packagesOf(ref.items, out);
      break;
    case 'map':
      packagesOf(ref.values, out);
      break;
    case 'struct':
      for (const e of ref.embeds) packagesOf(e, out);
      for (const f of ref.fields) packagesOf(f.type, out);
      break;
    default:
      break;
  }
  return out;
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
  for (let i = 0; i < out.length; i++) {
    let entries: fs.Dirent[] = [];
    try {
      entries = fs.readdirSync(out[i], { withFileTypes: true });
    } catch {
      // removed meanwhile
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') out.push(path.join(out[i], e.name));
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
