/**
 * `kubegen import`: CRDs and OpenAPI v3 documents → the API model → TypeScript API files in the input language.
 *
 * Contract:
 * - `importCrds(inputs)` / `importOpenApi(inputs)` read untrusted text (YAML or JSON), build the API model the
 *   TypeScript loader would build for the emitted files, and return it with the files (`<group>/<version>/*.ts`,
 *   paths relative to the APIs root) and every problem found. When any problem is an error, `files` is empty.
 * - They never throw for bad input; each problem names one input document (`file:line:column` where the YAML parser
 *   gives the position) and the JSON path in it — also those found after the conversion, by the model builder or by
 *   `kubegen crd` on the imported types (see ./origin).
 * - They never run the TypeScript loader: reading the written files back is the self-check `kubegen import` runs next
 *   (generator/import-check.ts), with the CRDs and the document positions each result carries.
 */
import { DiagnosticBag } from '../diagnostics';
import { printApiSources } from './print';
import type { VirtualFile } from '../emit/shared/types';
import { buildModel, type LoadedPackage } from '../model/build';
import type { ApiModel } from '../model/types';
import { crdDocuments, importCrdDocuments } from './crd';
import { importOpenApiDocuments, type OpenApiImportOptions } from './openapi';
import { parseGoDocs, type GoDocs } from './godocs';
import { Origins, Sources } from './origin';
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
  /** Where each input document's JSON paths are (line and column), to locate the problems found later (the self-check). */
  sources?: Sources;
}

const ORIGIN = 'Imported by kubegen import; edit freely: this is now API source.';

/** CRD YAML/JSON (several documents per input, `kind: List` too) → API files. */
export function importCrds(inputs: readonly ImportInput[]): ImportResult {
  const bag = new ProblemBag();
  const sources = new Sources();
  const docs = inputs.flatMap((i) => crdDocuments(i.file, read(i, bag)));
  for (const d of docs) if (d.source) sources.add(d.file, d.source.file, d.source.locate);
  if (docs.length === 0 && !bag.hasErrors()) for (const i of inputs.length > 0 ? inputs : [{ file: '<none>' }]) bag.error(i.file, '', 'no CustomResourceDefinition found');
  const accepted: Array<{ file: string; crd: JsonObject }> = [];
  const result = finish(bag.hasErrors() ? [] : importCrdDocuments(docs, bag, accepted), bag, inputs);
  return located(result.files.length === 0 ? result : { ...result, crds: accepted }, bag, sources);
}

/** OpenAPI v3 documents (component schemas with `x-kubernetes-group-version-kind`) → API files. */
export function importOpenApi(
  inputs: readonly ImportInput[],
  /** `goDocs`: the Go side file of the imported API (`scripts/godocs`; see ./godocs), read here. */
  options: Omit<OpenApiImportOptions, 'goDocs'> & { goDocs?: ImportInput } = {},
): ImportResult {
  const bag = new ProblemBag();
  const sources = new Sources();
  const docs = inputs.flatMap((i) => read(i, bag).map((d) => ({ file: i.file, value: d.value, locate: d.locate })));
  for (const d of docs) sources.add(d.file, d.file, d.locate);
  if (docs.length === 0 && !bag.hasErrors()) for (const i of inputs.length > 0 ? inputs : [{ file: '<none>' }]) bag.error(i.file, '', 'no OpenAPI document found');
  let goDocs: GoDocs | undefined;
  if (options.goDocs) {
    const side = options.goDocs;
    const parsed = read(side, bag);
    const [only] = parsed;
    if (parsed.length !== 1 && !bag.hasErrors()) bag.error(side.file, '', 'the Go docs file must hold one JSON document');
    else if (parsed.length === 1 && only) {
      sources.add(side.file, side.file, only.locate);
      goDocs = parseGoDocs(only.value, side.file, bag);
    }
  }
  const result = finish(bag.hasErrors() ? [] : importOpenApiDocuments(docs, bag, { ...options, goDocs }), bag, inputs);
  return located(result, bag, sources);
}

/** The result with every problem of the bag at its line and column; no files when any is an error. */
function located(result: ImportResult, bag: ProblemBag, sources: Sources): ImportResult {
  const problems = bag.items.map((p) => sources.locate(p));
  return bag.hasErrors() ? { model: result.model, files: [], problems, sources } : { ...result, problems, sources };
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
  const origins = new Origins({ packages: [], groups: [] }, inputs.map((i) => i.file));
  for (const d of diags.items) bag.items.push(origins.problemOf(d));
  if (bag.hasErrors()) return { model: empty, files: [], problems: bag.items };
  return { model, files: printApiSources(model, { origin: ORIGIN }), problems: bag.items };
}
