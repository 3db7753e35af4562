/**
 * The executor: builds the generation context of a run once and runs generators over it, owning the loop over
 * groups and versions and the placement of every file (`<version>/<path>` for a version's files, the group on every
 * file), as gengo's `ExecuteTargets` owns the per-package loop of its generators.
 */
import { DiagnosticBag } from '../diagnostics';
import type { ApiModel } from '../model/types';
import { groupFolder, type GroupFolderStyle } from '../model/names';
import { ModelIndex, cmp, groupVersionPackages, type GroupVersionPackage } from '../render/model';
import type * as ClientsetModule from './clientset';
import type * as ListersModule from './listers';
import type { ClientGroup } from './clientset';
import type { CacheGroup } from './listers';
import type { GenerationContext, Generator, GeneratorResult, GeneratorRun, GeneratedFile, VirtualFile } from './types';

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
      // Loaded on first use: the client emitters pull in Handlebars and the templates, which `kubegen crd` never needs.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (clients ??= (require('./clientset') as typeof ClientsetModule).clientGroups(ctx.model.groups, ctx.versions, diagnostics, (from, type) => {
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
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (caches ??= (require('./listers') as typeof ListersModule).cacheGroups(ctx.clients));
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
 */
export function execute(ctx: GenerationContext, generators: readonly ConfiguredGenerator[]): VirtualFile[] {
  const groups = [...ctx.model.groups].map((g) => g.name).sort(cmp);
  const versionsOf = new Map<string, GroupVersionPackage[]>(groups.map((g) => [g, []]));
  for (const gv of ctx.versions) versionsOf.get(gv.group)?.push(gv);
  const sources = new Map<string, string[]>(groups.map((g) => [g, []]));
  const files: VirtualFile[] = [];
  for (const generator of generators) {
    const run = generator.start(ctx);
    const produced: VirtualFile[] = [];
    const place = (group: string, prefix: string, f: GeneratedFile) => produced.push({ path: `${prefix}${f.path}`, contents: f.contents, group, role: f.role ?? 'source' });
    for (const group of groups) {
      const versions = versionsOf.get(group) ?? [];
      if (run.version) for (const gv of versions) for (const f of run.version(gv)) place(group, `${gv.version}/`, f);
      if (run.group) for (const f of run.group({ name: group, versions, sources: sources.get(group) ?? [] })) place(group, '', f);
    }
    // Sources become visible to the next generator, not to the one producing them.
    for (const f of produced) if (f.role === 'source') sources.get(f.group!)?.push(f.path);
    files.push(...produced);
  }
  return files;
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
