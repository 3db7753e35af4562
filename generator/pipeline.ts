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

/** Options each generator gets, derived once from the configuration. */
export interface GenerateSettings {
  generators?: string[];
  packageName: string;
  crd: CrdOptions;
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
      files.push({ ...f, path: placeFile(f) });
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics: bag.items };
}

export function placeFile(f: VirtualFile): string {
  if (!f.group) return f.path;
  if (f.role === 'crd') return `${f.group}/crds/${f.path}`;
  if (f.role === 'source') return `${f.group}/src/${f.path}`;
  return `${f.group}/${f.path}`;
}

/** The directories of the output root kubegen owns for a model's groups (stale files there are removed). */
export function ownedDirs(model: ApiModel): string[] {
  return model.groups.flatMap((g) => [`${g.name}/crds`, `${g.name}/src`]);
}
