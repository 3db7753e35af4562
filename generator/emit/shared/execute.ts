/**
 * The executor: builds the generation context of a run once and runs generators over it, owning the loop over
 * groups and versions and the placement of every file (`<version>/<path>` for a version's files, the group on every
 * file), as gengo's `ExecuteTargets` owns the per-package loop of its generators.
 */
import { DiagnosticBag, formatDiagnostic, type Diagnostic } from '../../diagnostics';
import type { ApiGroup, ApiModel, Package, PackageId } from '../../model/types';
import { packagesReferenced } from '../../model/util';
import { groupFolder, type GroupFolderStyle } from '../../model/names';
import { ModelIndex, cmp, groupVersionPackages, type GroupVersionPackage } from '../../render/model';
import { clientGroups, type ClientGroup } from './clients';
import { cacheGroups, type CacheGroup } from './caches';
import type { GenerationContext, Generator, GeneratorResult, GeneratorRun, GeneratedFile, GroupTarget, VirtualFile } from './types';
import { present } from '../../core/invariant';

/**
 * The context of one run over `model`, reporting into `diagnostics`. The views are computed on first use and then
 * shared by every generator of the run (so a warning found while building a view is reported once).
 */
/** Where the groups' files are placed, as far as generated code imports across groups. */
export interface Placement {
  /** Every group is generated into one source tree, so a group's code may import another group's modules. */
  crossGroupImports: boolean;
  /** How group folders are named. */
  groupFolder: GroupFolderStyle;
}

export function createGenerationContext(model: ApiModel, diagnostics: DiagnosticBag = new DiagnosticBag(), placement: Placement = { crossGroupImports: false, groupFolder: 'group' }): GenerationContext {
  let index: ModelIndex | undefined;
  let versions: GroupVersionPackage[] | undefined;
  let clients: ClientGroup[] | undefined;
  let caches: CacheGroup[] | undefined;
  const ctx: GenerationContext = {
    model,
    diagnostics,
    get index() {
      return (index ??= new ModelIndex(model));
    },
    get versions() {
      return (versions ??= groupVersionPackages(model));
    },
    get clients() {
      return (clients ??= clientGroups(ctx.model.groups, ctx.versions, diagnostics, (from, type) => {
        const dot = type.lastIndexOf('.');
        const to = dot < 0 ? from : type.slice(0, dot);
        const name = type.slice(dot + 1);
        if (!ctx.index.decl(to, name)) return `no type ${name} in package ${to}`;
        const module = ctx.packageModule(from, to, 'types');
        return module === undefined ? `${to} is generated into another package, which the client cannot import` : { module, name };
      }));
    },
    packageModule(from, to, module) {
      const a = ctx.index.package(from);
      const b = ctx.index.package(to);
      if (!a || !b || b.group === undefined || b.skip || a.group === undefined) return undefined;
      if (a.id === b.id) return `./${module}`;
      if (a.group === b.group) return `../${b.version}/${module}`;
      if (!placement.crossGroupImports || !model.groups.some((g) => g.name === b.group)) return undefined;
      return `../../${groupFolder(b.group, placement.groupFolder)}/${b.version}/${module}`;
    },
    get caches() {
      return (caches ??= cacheGroups(ctx.clients));
    },
  };
  return ctx;
}

/** A generator bound to its options (resolved once, typed per generator), ready to run in any context. */
export interface ConfiguredGenerator {
  readonly name: string;
  start(ctx: GenerationContext): GeneratorRun;
}

/** Bind a generator to its options. */
export function configure<Options>(generator: Generator<Options>, options: Options): ConfiguredGenerator {
  return { name: generator.name, start: (ctx) => generator.start(ctx, options) };
}

/**
 * Run generators in order over one context: each is started once, then called per group (groups in name order) for
 * each of the group's versions and for the group. Files come back with their group and role, version files under
 * `<version>/`; each generator learns the source modules the generators before it produced for a group. Files are
 * returned even when the run reported errors: whoever writes them checks `ctx.diagnostics` first.
 *
 * With a `cache` kept between runs over successive models of the same APIs, a call whose inputs are unchanged is
 * not made: its files and diagnostics are those of its last call (see {@link EmitCache}).
 */
export function execute(ctx: GenerationContext, generators: readonly ConfiguredGenerator[], cache?: EmitCache): VirtualFile[] {
  const groups = [...ctx.model.groups].map((g) => g.name).sort(cmp);
  const versionsOf = new Map<string, GroupVersionPackage[]>(groups.map((g) => [g, []]));
  for (const gv of ctx.versions) versionsOf.get(gv.group)?.push(gv);
  const sources = new Map<string, string[]>(groups.map((g) => [g, []]));
  const files: VirtualFile[] = [];
  const inputs = cache?.begin(ctx.model);
  for (const generator of generators) {
    const reportedBefore = ctx.diagnostics.items.length;
    const run = generator.start(ctx);
    const produced: VirtualFile[] = [];
    const place = (group: string, prefix: string, f: GeneratedFile) => produced.push({ path: `${prefix}${f.path}`, contents: f.contents, group, role: f.role ?? 'source' });
    const calls = cache && inputs ? cache.calls(generator.name, ctx.diagnostics) : undefined;
    for (const group of groups) {
      const versions = versionsOf.get(group) ?? [];
      const perVersion = run.version?.bind(run);
      if (perVersion) {
        for (const gv of versions) {
          const call = () => perVersion(gv);
          const out = calls && inputs ? calls.call(group, gv.version, inputs.version(gv), call) : call();
          for (const f of out) place(group, `${gv.version}/`, f);
        }
      }
      const perGroup = run.group?.bind(run);
      if (perGroup) {
        const target: GroupTarget = { name: group, versions, sources: sources.get(group) ?? [] };
        const call = () => perGroup(target);
        const key = (keys: NonNullable<typeof inputs>): readonly unknown[] => (run.groupKey ? ['key', run.groupKey(target)] : keys.group(group, versions, target.sources));
        for (const f of calls && inputs ? calls.call(group, undefined, key(inputs), call) : call()) place(group, '', f);
      }
    }
    // Each distinct diagnostic of a generator once (a generator may report a shared declaration's problem at every
    // use, see SchemaBuilder's `replay`), in the order first reported — as the kept calls of a watch report them.
    if (!calls) dedupeFrom(ctx.diagnostics, reportedBefore);
    // Sources become visible to the next generator, not to the one producing them.
    for (const f of produced) if (f.role === 'source') sources.get(present(f.group, `the group of the source ${f.path}`))?.push(f.path);
    files.push(...produced);
  }
  return files;
}

/** Drops the repeats among the diagnostics reported from `start` on, keeping each first one. */
function dedupeFrom(bag: DiagnosticBag, start: number): void {
  const seen = new Set<string>();
  const mine = bag.items.splice(start);
  for (const d of mine) {
    const id = formatDiagnostic(d);
    if (seen.has(id)) continue;
    seen.add(id);
    bag.items.push(d);
  }
}

/**
 * What the executor keeps between runs over successive models of the same APIs (`kubegen generate --watch`): per
 * generator and target (a group version, a group), the files and diagnostics of its last call with the key of the
 * call's inputs. A call whose key equals the kept one is not made; its kept files and diagnostics are the call's.
 *
 * Keys compare packages by identity — the model builder's cache (`ModelCache`) hands out the same package object
 * while its resolution is unchanged:
 * - a version's call: the version's package and every package it reaches (through type references and
 *   `+genclient:method` types), and its group's outline (the group's Go name, versions and kinds without source
 *   positions);
 * - a group's call: the generator's `groupKey` when it has one (a file made from names only), else the packages
 *   of all the group's versions and every package they reach, the group's outline and the group's source modules.
 *
 * A generator's diagnostics of one run are its calls' (made or kept), each distinct diagnostic once: a generator
 * that reports a problem of a shared declaration once per run (the CRD schemas') may find it in a call made again
 * while a kept call has it too. The cache is bound to one configuration: generators, options and placement are
 * the same in every run.
 */
export class EmitCache {
  private readonly kept = new Map<string, { key: readonly unknown[]; files: GeneratedFile[]; diagnostics: readonly Diagnostic[] }>();
  private readonly refs = new WeakMap<Package, readonly PackageId[]>();
  private readonly outlines = new WeakMap<Package, string>();
  /** Per generated path, the last contents scanned by a check over every file (the pipeline's exported names) and what it found. */
  readonly scans = new Map<string, { contents: string; found: readonly string[] }>();
  /** Groups with at least one call made in the last run. */
  lastRan = new Set<string>();
  /** The calls made in the last run (`<generator> <group> <version>`, or `<generator> <group>` for a group's), and how many kept ones were used. */
  lastCalls: { made: string[]; kept: number } = { made: [], kept: 0 };

  /** Start a run over `model`: the keys of its targets. */
  begin(model: ApiModel): { version(gv: GroupVersionPackage): readonly unknown[]; group(name: string, versions: readonly GroupVersionPackage[], sources: readonly string[]): readonly unknown[] } {
    this.lastRan = new Set();
    this.lastCalls = { made: [], kept: 0 };
    const byId = new Map(model.packages.map((p) => [p.id, p]));
    const groupOf = new Map<string, ApiGroup>(model.groups.map((g) => [g.name, g]));
    const outlines = new Map<string, string>();
    const outline = (name: string): string => {
      let out = outlines.get(name);
      if (out === undefined) {
        const g = groupOf.get(name);
        out = g ? JSON.stringify([g.goName, g.versions.map((v) => [v.version, v.package, this.kindsOutline(byId.get(v.package))])]) : '';
        outlines.set(name, out);
      }
      return out;
    };
    const reach = (ids: readonly PackageId[]): Package[] => {
      const seen = new Set<PackageId>(ids);
      const stack = [...ids];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        const p = byId.get(id);
        for (const id of p ? this.packageRefs(p) : []) {
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(id);
        }
      }
      return [...seen].sort().flatMap((id) => byId.get(id) ?? []);
    };
    return {
      version: (gv) => ['version', outline(gv.group), ...reach([gv.package.id])],
      group: (name, versions, sources) => ['group', outline(name), sources.join('\0'), ...reach(versions.map((v) => v.package.id))],
    };
  }

  /** The calls of one generator in this run, reporting into `bag`. */
  calls(generator: string, bag: DiagnosticBag): { call(group: string, version: string | undefined, key: readonly unknown[], make: () => GeneratedFile[]): GeneratedFile[] } {
    const reported = new Set<string>();
    const report = (ds: readonly Diagnostic[]) => {
      for (const d of ds) {
        const id = formatDiagnostic(d);
        if (reported.has(id)) continue;
        reported.add(id);
        bag.items.push(d);
      }
    };
    return {
      call: (group, version, key, make) => {
        const id = `${generator} ${group}${version === undefined ? '' : ` ${version}`}`;
        const prev = this.kept.get(id);
        if (prev && sameKey(prev.key, key)) {
          this.lastCalls.kept++;
          report(prev.diagnostics);
          return prev.files;
        }
        this.lastCalls.made.push(id);
        this.lastRan.add(group);
        const before = bag.items.length;
        const files = make();
        const diagnostics = bag.items.splice(before);
        report(diagnostics);
        this.kept.set(id, { key, files, diagnostics });
        return files;
      },
    };
  }

  /** The packages a package's declarations and client methods name. */
  private packageRefs(p: Package): readonly PackageId[] {
    let refs = this.refs.get(p);
    if (!refs) {
      const out = new Set<PackageId>();
      for (const t of p.types) packagesReferenced(t.type, out);
      for (const k of p.kinds) {
        for (const m of k.client.methods) {
          for (const type of [m.input, m.result]) {
            if (type === undefined) continue;
            const dot = type.lastIndexOf('.');
            out.add(dot < 0 ? p.id : type.slice(0, dot));
          }
        }
      }
      refs = [...out];
      this.refs.set(p, refs);
    }
    return refs;
  }

  /** A package's kinds without their source positions. */
  private kindsOutline(p: Package | undefined): string {
    if (!p) return '';
    let out = this.outlines.get(p);
    if (out === undefined) {
      out = JSON.stringify(p.kinds, (k, v: unknown) => (k === 'span' || k === 'selectableFieldSpans' ? undefined : typeof v === 'bigint' ? `${v}n` : v));
      this.outlines.set(p, out);
    }
    return out;
  }
}

function sameKey(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Run one generator with its options over a model in a fresh context: its files and the run's diagnostics. */
export function runGenerator<Options>(generator: Generator<Options>, model: ApiModel, options: Options): GeneratorResult {
  return runGenerators(model, [configure(generator, options)]);
}

/** Run configured generators, in order, over a model in a fresh context: their files and the run's diagnostics. */
export function runGenerators(model: ApiModel, generators: readonly ConfiguredGenerator[]): GeneratorResult {
  const ctx = createGenerationContext(model);
  const files = execute(ctx, generators);
  return { files, diagnostics: ctx.diagnostics.items };
}
