/**
 * The pipeline: load (TypeScript's parser) → markers → model → validate → emit. Writing is the output rule's business
 * (generator/write.ts); everything here returns data.
 */
import { withEsmSpecifiers } from './emit/esm-specifiers';
import { DiagnosticBag, GenerationError, type Diagnostic } from './diagnostics';
import { crdGenerator, type CrdOptions } from './emit/crd';
import { configure, createGenerationContext, execute, type ConfiguredGenerator, type EmitCache } from './emit/shared/execute';
import type { GeneratorResult, VirtualFile } from './emit/shared/types';
import { loadApiModel as load } from './load';
import type { ApiModel } from './model/types';
import type * as GeneratorsModule from './generators';
import { packageOptions } from './emit/shared/package-options';
import type { PackageOptions } from './emit/package';
import { groupFolder, type GroupFolderStyle } from './model/names';

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
  if (bag.hasErrors) throw new GenerationError(bag.sorted());
  const files = generateCrds(model, options, bag);
  if (bag.hasErrors) throw new GenerationError(bag.sorted());
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

/** Options each generator gets, derived once from the configuration. */
export interface GenerateSettings {
  generators?: string[];
  packageName: string;
  crd: CrdOptions;
  layout?: OutputLayout;
  /** How each group's folder under the output root is named (default `group`: the group name, `core` for the empty group). */
  groupFolder?: GroupFolderStyle;
  /**
   * The `source` layout's code is compiled as ECMAScript modules (the project's package.json says `"type": "module"`):
   * relative specifiers name their files (`./types.js`, `./v1/index.js`), see `./emit/esm-specifiers`.
   */
  esm?: boolean;
}

/**
 * Run the selected generators over one generation context (reporting into `bag`), their options resolved once from
 * the settings, and lay their files out per group package: `<group>/crds/<file>` for CRDs, `<group>/src/<path>` for sources,
 * `<group>/<path>` for package files. With an emit `cache` kept between runs over the same APIs (`--watch`), only
 * the generator calls whose inputs changed are made again (see `EmitCache`); files and diagnostics are the same.
 */
export function generateAll(model: ApiModel, settings: GenerateSettings, bag: DiagnosticBag = new DiagnosticBag(), cache?: EmitCache): GeneratorResult {
  // Loaded on first use: the emitters pull in Handlebars and the templates, which `kubegen crd` never needs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generatorByName, generators } = require('./generators') as typeof GeneratorsModule;
  const layout = settings.layout ?? 'package';
  const ctx = createGenerationContext(model, bag, { crossGroupImports: layout === 'source', groupFolder: settings.groupFolder ?? 'group' });
  let pkg: PackageOptions | undefined;
  const config: GeneratorsModule.GenerationConfig = {
    crd: settings.crd,
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
    if (m) out.add(m[1]);
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
