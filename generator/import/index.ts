/**
 * `kubegen import`: CRDs and OpenAPI v3 documents → the API model → TypeScript API files in the input language.
 *
 * Contract:
 * - `importCrds(inputs)` / `importOpenApi(inputs)` read untrusted text (YAML or JSON), build the API model the
 *   TypeScript loader would build for the emitted files, and return it with the files (`<group>/<version>/*.ts`,
 *   paths relative to the APIs root) and every problem found. When any problem is an error, `files` is empty.
 * - They never throw for bad input; problems name the file and the JSON path.
 * - They never run the TypeScript loader: reading the written files back is the self-check `kubegen import` runs next
 *   (generator/import-check.ts), with the CRDs each result carries.
 */
import { DiagnosticBag } from '../diagnostics';
import { printApiSources } from './print';
import type { VirtualFile } from '../emit/shared/types';
import { buildModel, type LoadedPackage } from '../model/build';
import type { ApiModel } from '../model/types';
import { crdDocuments, importCrdDocuments } from './crd';
import { importOpenApiDocuments, type OpenApiImportOptions } from './openapi';
import { parseGoDocs, type GoDocs } from './godocs';
import { ImportError, ProblemBag, readDocuments, type ImportProblem, type JsonObject } from './source';

export { formatProblem, ImportError, type ImportProblem } from './source';
export type { OpenApiImportOptions } from './openapi';

export interface ImportInput {
  /** The name used in messages (a path relative to the working directory, or `<stdin>`). */
  file: string;
  text: string;
}

export interface ImportResult {
  model: ApiModel;
  files: VirtualFile[];
  problems: ImportProblem[];
  /** `importCrds`: each input CRD the files were made from, with its file — what `kubegen crd` must give back. */
  crds?: ReadonlyArray<{ file: string; crd: JsonObject }>;
}

const ORIGIN = 'Imported by kubegen import; edit freely: this is now API source.';

/** CRD YAML/JSON (several documents per input, `kind: List` too) → API files. */
export function importCrds(inputs: readonly ImportInput[]): ImportResult {
  const bag = new ProblemBag();
  const docs = inputs.flatMap((i) => crdDocuments(i.file, read(i, bag)));
  if (docs.length === 0 && !bag.hasErrors()) bag.error(inputs.map((i) => i.file).join(', ') || '<none>', '', 'no CustomResourceDefinition found');
  const accepted: Array<{ file: string; crd: JsonObject }> = [];
  const result = finish(bag.hasErrors() ? [] : importCrdDocuments(docs, bag, accepted), bag, inputs);
  return result.files.length === 0 ? result : { ...result, crds: accepted };
}

/** OpenAPI v3 documents (component schemas with `x-kubernetes-group-version-kind`) → API files. */
export function importOpenApi(
  inputs: readonly ImportInput[],
  /** `goDocs`: the Go side file of the imported API (`scripts/godocs`; see ./godocs), read here. */
  options: Omit<OpenApiImportOptions, 'goDocs'> & { goDocs?: ImportInput } = {},
): ImportResult {
  const bag = new ProblemBag();
  const docs = inputs.flatMap((i) => read(i, bag).map((d) => ({ file: i.file, value: d.value })));
  if (docs.length === 0 && !bag.hasErrors()) bag.error(inputs.map((i) => i.file).join(', ') || '<none>', '', 'no OpenAPI document found');
  let goDocs: GoDocs | undefined;
  if (options.goDocs) {
    const side = options.goDocs;
    const [only, ...more] = read(side, bag);
    if (only !== undefined && more.length === 0) goDocs = parseGoDocs(only.value, side.file, bag);
    else if (!bag.hasErrors()) bag.error(side.file, '', 'the Go docs file must hold one JSON document');
  }
  return finish(bag.hasErrors() ? [] : importOpenApiDocuments(docs, bag, { ...options, goDocs }), bag, inputs);
}

function where(inputs: readonly ImportInput[]): string {
  return inputs.map((i) => i.file).join(', ');
}

function read(input: ImportInput, bag: ProblemBag) {
  try {
    return readDocuments(input.text, input.file);
  } catch (e) {
    if (e instanceof ImportError) {
      bag.items.push(...e.problems);
      return [];
    }
    throw e;
  }
}

function finish(loaded: LoadedPackage[], bag: ProblemBag, inputs: readonly ImportInput[]): ImportResult {
  const empty: ApiModel = { packages: [], groups: [] };
  if (bag.hasErrors()) return { model: empty, files: [], problems: bag.items };
  const diags = new DiagnosticBag();
  const model = buildModel(loaded, diags);
  for (const d of diags.items) bag.items.push({ severity: d.severity === 'error' ? 'error' : 'warning', file: where(inputs), path: d.span ? d.span.file : '', message: d.message });
  if (bag.hasErrors()) return { model: empty, files: [], problems: bag.items };
  return { model, files: printApiSources(model, { origin: ORIGIN }), problems: bag.items };
}
