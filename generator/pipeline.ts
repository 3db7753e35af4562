/**
 * The pipeline: load (TypeScript's parser) → markers → model → validate → emit. Writing is the output rule's business
 * (generator/output.ts, generator/write.ts); everything here returns data.
 *
 * One runner, as controller-tools' genall runs its generators (`ForRoots` → `Runtime.Run`): {@link runGeneration}
 * loads what the chosen generators read once — the API types under the APIs root into the model, the manifest
 * declarations (`+kubebuilder:rbac`, `+kubebuilder:webhook`, `+kubegen:apiservice`) of every path set, each file
 * scanned once — and then runs each generator over what was loaded, collecting every diagnostic of the run into one
 * bag. Each generator returns output sets (files under a directory, with what it owns there); the command chooses the
 * generators (generator/run-generators.ts) and an output rule (directory, stdout, memory, verify-against-disk), and
 * `kubegen generate --watch` calls the same runner with the caches it keeps between runs.
 */
import { withEsmSpecifiers } from './emit/esm-specifiers';
import { DiagnosticBag, GenerationError, type Diagnostic } from './diagnostics';
import type { KubegenConfig } from './config';
import { crdGenerator, type CrdOptions } from './emit/crd';
import { configure, createGenerationContext, execute, type ConfiguredGenerator, type EmitCache } from './emit/shared/execute';
import type { GeneratorResult, VirtualFile } from './emit/shared/types';
import { loadApiModel as load, type LoadCache } from './load';
import { loadManifestDeclarations, type ManifestDeclarations } from './load/manifests';
import type { ApiModel } from './model/types';
import type * as GeneratorsModule from './generators';
import { packageOptions } from './emit/shared/package-options';
import type { PackageOptions } from './emit/package';
import { groupFolder, type GroupFolderStyle } from './model/names';
import type { OutputSet } from './write';
import { group } from './text';

export interface LoadedModel {
  model: ApiModel;
  diagnostics: Diagnostic[];
}

/** Load the APIs under `apisRoot` into a model; diagnostics are returned, never thrown. */
export function loadApiModel(apisRoot: string, cwd?: string): LoadedModel {
  return load({ root: apisRoot, cwd });
}

/** The CRD files for the APIs under `apisRoot`; throws a GenerationError carrying every diagnostic on bad input. */
export function generateCrdFiles(apisRoot: string, options: CrdOptions = {}): VirtualFile[] {
  const { model, diagnostics } = loadApiModel(apisRoot);
  const bag = new DiagnosticBag();
  bag.addAll(diagnostics);
  if (bag.hasErrors()) throw new GenerationError(bag.sorted());
  const files = generateCrds(model, options, bag);
  if (bag.hasErrors()) throw new GenerationError(bag.sorted());
  return files;
}

/** The CRD files of a model, ordered by path; problems are reported into `bag`. */
export function generateCrds(model: ApiModel, options: CrdOptions, bag: DiagnosticBag): VirtualFile[] {
  const files = execute(createGenerationContext(model, bag), [configure(crdGenerator, options)]).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  checkOutputCollisions(files, bag);
  return files;
}

/**
 * Two generated files must not land on one path — neither the same path nor paths that differ only in case, which
 * are one file on the case-insensitive file systems of macOS and Windows. Reported before anything is written (the
 * model's own checks, such as equal plurals, catch the usual causes earlier, at the declarations).
 */
export function checkOutputCollisions(files: readonly VirtualFile[], bag: DiagnosticBag): void {
  const seen = new Map<string, string>();
  for (const f of files) {
    const key = f.path.toLowerCase();
    const other = seen.get(key);
    if (other === undefined) seen.set(key, f.path);
    else bag.report('output-collision', other === f.path ? `two generated files have the same path ${JSON.stringify(f.path)}` : `generated files ${JSON.stringify(other)} and ${JSON.stringify(f.path)} differ only in case: they are one file on case-insensitive file systems`);
  }
}

/**
 * How generated files are laid out under the output root, per API group:
 * - `package` (default): `<group>/` is a complete npm package — `crds/`, `src/` (TypeScript), `package.json`,
 *   `tsconfig.json`, `README.md` — built on its own (a workspace of the user's project);
 * - `source`: `<group>/` holds the TypeScript modules themselves (and `crds/`), for a directory inside the
 *   user's source tree (`src/generated`) that their own `tsc` compiles; no package files are written.
 */
export type OutputLayout = 'package' | 'source';

/**
 * What the generators of `kubegen generate` read of the resolved configuration (generator/config.ts), used as it is:
 * `generators` (default: all but the opt-in ones), `packageName`, the CRD options `crd`, the `layout`, how group
 * folders are named (`groupFolder`, default `group`) and `esm` (the `source` layout's code is compiled as
 * ECMAScript modules: relative specifiers name their files, see `./emit/esm-specifiers`).
 */
export type GenerateSettings = Pick<KubegenConfig, 'packageName'> & { crd: CrdOptions } & Partial<Pick<KubegenConfig, 'generators' | 'layout' | 'groupFolder' | 'esm' | 'validateTypes'>>;

/**
 * Run the selected generators over one generation context (reporting into `bag`), their options resolved once from
 * the configuration, and lay their files out per group package: `<group>/crds/<file>` for CRDs, `<group>/src/<path>` for sources,
 * `<group>/<path>` for package files. With an emit `cache` kept between runs over the same APIs (`--watch`), only
 * the generator calls whose inputs changed are made again (see `EmitCache`); files and diagnostics are the same.
 */
export function generateAll(model: ApiModel, settings: GenerateSettings, bag: DiagnosticBag = new DiagnosticBag(), cache?: EmitCache): GeneratorResult {
  // Loaded on first use: the emitters pull in Handlebars and the templates, which `kubegen crd` never needs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously (see above)
  const { generatorByName, generators } = require('./generators') as typeof GeneratorsModule;
  const layout = settings.layout ?? 'package';
  const ctx = createGenerationContext(model, bag, { crossGroupImports: layout === 'source', groupFolder: settings.groupFolder ?? 'group' });
  let pkg: PackageOptions | undefined;
  const config: GeneratorsModule.GenerationConfig = {
    crd: settings.crd,
    validation: { everyType: settings.validateTypes === true },
    // Read from kubegen's own installation only when the package generator runs.
    get package() {
      return (pkg ??= packageOptions(settings.packageName));
    },
  };
  const selected: ConfiguredGenerator[] = [];
  for (const name of settings.generators ?? generators.filter((g) => !g.optIn).map((g) => g.name)) {
    const registered = generatorByName(name);
    if (registered) selected.push(registered.configure(config));
    else ctx.diagnostics.report('unknown-generator', `unknown generator "${name}" (known: ${generators.map((g) => g.name).join(', ')})`);
  }
  const placed = execute(ctx, selected, cache)
    .filter((f) => !(layout === 'source' && f.role === 'package'))
    .map((f) => ({ ...f, path: placeFile(f, layout, settings.groupFolder) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files = layout === 'source' && settings.esm === true ? withEsmSpecifiers(placed) : placed;
  checkExportCollisions(model, files, ctx.diagnostics, cache?.scans);
  checkOutputCollisions(files, ctx.diagnostics);
  return { files, diagnostics: ctx.diagnostics.items };
}

/**
 * Each directory's `index.ts` re-exports every module next to it (`export *`), so two modules of a directory must
 * not export the same name — e.g. a user type `ResourceClient` next to the client kubegen generates for kind
 * `Resource`. Each such name is an error at the user's declaration (without a location when two generated
 * names meet). Works on placed paths of either layout (`<group>/src/<version>/…` or `<group>/<version>/…`).
 */
function checkExportCollisions(model: ApiModel, files: readonly VirtualFile[], bag: DiagnosticBag, scans?: EmitCache['scans']): void {
  const byDir = new Map<string, { group: string; exported: Map<string, string[]> }>();
  for (const f of files) {
    const slash = f.path.lastIndexOf('/');
    const dir = f.path.slice(0, slash);
    const module = f.path.slice(slash + 1);
    if (f.role !== 'source' || f.group === undefined || !module.endsWith('.ts') || module === 'index.ts') continue;
    const entry = byDir.get(dir) ?? { group: f.group, exported: new Map<string, string[]>() };
    byDir.set(dir, entry);
    const scanned = scans?.get(f.path);
    const names = scanned?.contents === f.contents ? scanned.found : exportedDeclarations(f.contents);
    scans?.set(f.path, { contents: f.contents, found: names });
    for (const name of names) entry.exported.set(name, [...(entry.exported.get(name) ?? []), module]);
  }
  for (const [dir, { group, exported }] of byDir) {
    const version = dir.slice(dir.lastIndexOf('/') + 1);
    const pkg = model.packages.find((p) => p.group === group && p.version === version && !p.skip);
    for (const [name, modules] of exported) {
      if (modules.length < 2) continue;
      const decl = pkg?.types.find((t) => t.name === name);
      const generated = modules.filter((m) => m !== 'types.ts').join(', ');
      bag.report(
        'export-collision',
        decl
          ? `type ${name} has the name kubegen gives a declaration of ${generated} in ${group}/${version}, which the version's index re-exports with the types: rename the type`
          : `${modules.join(' and ')} in ${dir} both export ${name}`,
        decl?.span,
      );
    }
  }
}

const EXPORTED_DECLARATION = /export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|type|enum|const|let|var)\s+([\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*)/uy;

/**
 * The names a module's top-level `export` declarations declare (at the start of a line, as the index re-exports
 * them), each once: a name declared more than once in one module is one export (a function's overload signatures).
 */
export function exportedDeclarations(contents: string): string[] {
  const out = new Set<string>();
  for (let at = contents.startsWith('export') ? 0 : nextExportLine(contents, 0); at >= 0; at = nextExportLine(contents, at + 1)) {
    EXPORTED_DECLARATION.lastIndex = at;
    const m = EXPORTED_DECLARATION.exec(contents);
    if (m) out.add(group(m, 1));
  }
  return [...out];
}

function nextExportLine(contents: string, from: number): number {
  const i = contents.indexOf('\nexport', from);
  return i < 0 ? -1 : i + 1;
}

/**
 * Where a generator's file goes under the output root, for a layout (see {@link OutputLayout}), under the group's
 * folder (see {@link GroupFolderStyle}; the empty core group's folder is `core`).
 */
export function placeFile(f: VirtualFile, layout: OutputLayout = 'package', style: GroupFolderStyle = 'group'): string {
  if (f.group === undefined) return f.path;
  const dir = groupFolder(f.group, style);
  if (f.role === 'crd') return `${dir}/crds/${f.path}`;
  if (f.role === 'docs') return `${dir}/docs/${f.path}`;
  if (f.role === 'source') return layout === 'source' ? `${dir}/${f.path}` : `${dir}/src/${f.path}`;
  return `${dir}/${f.path}`;
}

/**
 * The directories of the output root kubegen owns for a model's groups: files there that are no longer generated
 * are removed (`package`: `<group>/crds` and `<group>/src`; `source`: all of `<group>/`).
 */
export function ownedDirs(model: ApiModel, layout: OutputLayout = 'package', style: GroupFolderStyle = 'group'): string[] {
  return ownedGroupDirs(
    model.groups.map((g) => g.name),
    layout,
    style,
  );
}

/** The owned directories of some groups (see {@link ownedDirs}). */
export function ownedGroupDirs(groups: readonly string[], layout: OutputLayout = 'package', style: GroupFolderStyle = 'group'): string[] {
  return groups.flatMap((g) => {
    const dir = groupFolder(g, style);
    return layout === 'source' ? [dir] : [`${dir}/crds`, `${dir}/src`];
  });
}

/** What a run keeps between runs over the same inputs (`kubegen generate --watch`): see `LoadCache` and `EmitCache`. */
export interface GenerationCaches {
  /** The front end's and the model builder's cache. */
  load?: LoadCache;
  /** The generators' calls, per group version and group. */
  emit?: EmitCache;
}

/** The output sets of one generator of a run. */
export interface GeneratorOutput {
  /** The generator's name (`packages`, `crd`, `rbac` …). */
  generator: string;
  set: OutputSet;
}

/** What a generator of a run sees: everything loaded once, the run's one diagnostics bag, the caches. */
export interface RunContext {
  /** Messages name files relative to it. */
  readonly cwd: string;
  readonly diagnostics: DiagnosticBag;
  /** The API model, loaded without errors (only for a generator that `readsApis`; anything else is a bug). */
  readonly model: ApiModel;
  /** The manifest declarations of every generator's `manifestPaths`. */
  readonly manifests: ManifestDeclarations;
  readonly caches: GenerationCaches;
  /** What the generators before this one produced, in order. */
  readonly outputs: readonly GeneratorOutput[];
}

/**
 * A generator of a run (controller-tools' `genall.Generator`): what it reads, declared up front so the runner loads
 * it once for every generator, and the output sets it makes from what was loaded. A generator never writes; problems
 * go to the run's bag. A generator that reads the APIs does not run when they failed to load (their diagnostics say
 * why); the others still run, so every problem of the run is reported at once.
 */
export interface RunGenerator {
  readonly name: string;
  /** It reads the API types under the run's APIs root. */
  readonly readsApis?: boolean;
  /** The files or directories (absolute) whose manifest markers it reads; absent: it reads none. */
  readonly manifestPaths?: readonly string[];
  generate(ctx: RunContext): OutputSet[];
}

/** One run, resolved: the generators a command chose and the inputs they read. */
export interface RunConfig {
  /** Messages name files relative to it. */
  cwd: string;
  /** The APIs root (absolute), when a generator reads the API types. */
  apis?: string;
  /** The project root: a `+kubegen:apiservice`'s `caBundleFile=` must name a file inside it. */
  root: string;
  /** Run in this order; their output sets come back in this order. */
  generators: readonly RunGenerator[];
  /** Warnings are errors (reported with the same code): a run with one writes nothing. */
  strict: boolean;
}

export interface GenerationResult {
  /** Every diagnostic of the run (warnings as errors when strict), in the order reported. */
  diagnostics: Diagnostic[];
  /** No diagnostic is an error: the output may be written. */
  ok: boolean;
  /** The generators' output sets, in the order of the generators. */
  outputs: GeneratorOutput[];
}

/**
 * Run the generators of `config` over inputs loaded once: the manifest declarations of every generator's
 * `manifestPaths` (each file scanned once), then the API model (when a generator reads it; with `caches.load`, only
 * what changed since the last run is loaded again). A `GenerationError` thrown by a generator becomes the run's
 * diagnostics; any other error (a configuration problem found against the loaded groups, I/O) is thrown.
 */
export function runGeneration(config: RunConfig, caches: GenerationCaches = {}): GenerationResult {
  const bag = new DiagnosticBag();
  const outputs: GeneratorOutput[] = [];
  try {
    const sets = config.generators.flatMap((g) => (g.manifestPaths ? [g.manifestPaths] : []));
    const manifests = loadManifestDeclarations({ sets, cwd: config.cwd, root: config.root }, bag);
    let model: ApiModel | undefined;
    if (config.generators.some((g) => g.readsApis)) {
      if (config.apis === undefined) throw new Error('internal: a generator reads the APIs, but the run has no APIs root');
      const loaded = load({ root: config.apis, cwd: config.cwd }, caches.load);
      bag.addAll(loaded.diagnostics);
      if (!loaded.diagnostics.some((d) => d.severity === 'error')) model = loaded.model;
    }
    for (const generator of config.generators) {
      if (generator.readsApis && model === undefined) continue;
      const loadedModel = model;
      const ctx: RunContext = {
        cwd: config.cwd,
        diagnostics: bag,
        get model(): ApiModel {
          if (loadedModel === undefined || !generator.readsApis) throw new Error(`internal: generator ${generator.name} reads the API model without declaring readsApis`);
          return loadedModel;
        },
        manifests,
        caches,
        outputs: [...outputs],
      };
      for (const set of generator.generate(ctx)) outputs.push({ generator: generator.name, set });
    }
  } catch (e) {
    if (e instanceof GenerationError) bag.addAll(e.diagnostics);
    else throw e;
  }
  const diagnostics = config.strict ? bag.items.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' as const } : d)) : bag.items;
  return { diagnostics, ok: !diagnostics.some((d) => d.severity === 'error'), outputs };
}
