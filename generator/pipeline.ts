/**
 * The pipeline: load (ts-morph) → markers → model → validate → emit. Writing is the output rule's business
 * (generator/write.ts); everything here returns data.
 */
import { DiagnosticBag, GenerationError, type Diagnostic } from './diagnostics';
import { crdGenerator, type CrdOptions } from './emit/crd';
import type { VirtualFile } from './emit/types';
import { loadApiModel as load } from './load';
import type { ApiModel } from './model/types';
import type * as GeneratorsModule from './generators';
import { packageOptions } from './emit/package-options';

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
  const result = crdGenerator.generate(model, options);
  bag.addAll(result.diagnostics);
  if (bag.hasErrors) throw new GenerationError(bag.sorted());
  return result.files;
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
}

/**
 * Run the selected generators over one model and lay their files out per group package:
 * `<group>/crds/<file>` for CRDs, `<group>/src/<path>` for sources, `<group>/<path>` for package files.
 */
export function generateAll(model: ApiModel, settings: GenerateSettings): { files: VirtualFile[]; diagnostics: Diagnostic[] } {
  // Loaded on first use: the emitters pull in Handlebars and the templates, which `kubegen crd` never needs.
  const { generatorByName, generators } = require('./generators') as typeof GeneratorsModule;
  const bag = new DiagnosticBag();
  const selected = settings.generators ?? generators.map((g) => g.name);
  const files: VirtualFile[] = [];
  const sources: Array<{ group: string; path: string }> = [];
  const layout = settings.layout ?? 'package';
  for (const name of selected) {
    const gen = generatorByName(name);
    if (!gen) {
      bag.error(`unknown generator "${name}" (known: ${generators.map((g) => g.name).join(', ')})`);
      continue;
    }
    const options = (
      name === 'crd' ? settings.crd : name === 'package' ? { ...packageOptions(settings.packageName), sources: [...sources] } : { packageName: settings.packageName }
    ) as never;
    const result = gen.generate(model, options);
    bag.addAll(result.diagnostics);
    for (const f of result.files) {
      if (f.role === 'source' && f.group) sources.push({ group: f.group, path: f.path });
      if (layout === 'source' && f.role === 'package') continue;
      files.push({ ...f, path: placeFile(f, layout) });
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics: bag.items };
}

/** Where a generator's file goes under the output root, for a layout (see {@link OutputLayout}). */
export function placeFile(f: VirtualFile, layout: OutputLayout = 'package'): string {
  if (!f.group) return f.path;
  if (f.role === 'crd') return `${f.group}/crds/${f.path}`;
  if (f.role === 'source') return layout === 'source' ? `${f.group}/${f.path}` : `${f.group}/src/${f.path}`;
  return `${f.group}/${f.path}`;
}

/**
 * The directories of the output root kubegen owns for a model's groups: files there that are no longer generated
 * are removed (`package`: `<group>/crds` and `<group>/src`; `source`: all of `<group>/`).
 */
export function ownedDirs(model: ApiModel, layout: OutputLayout = 'package'): string[] {
  return model.groups.flatMap((g) => (layout === 'source' ? [g.name] : [`${g.name}/crds`, `${g.name}/src`]));
}
