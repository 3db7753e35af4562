/**
 * The front end: TypeScript API files → the plain-data API model. The only module that parses TypeScript
 * (TypeScript's own parser: `ts.createSourceFile`, no program or type checker).
 *
 * Contract:
 * - `loadApiModel(root)` reads every `.ts` file under `root` (one folder = one package), resolves
 *   `@kubegen/runtime` to the runtime's own meta declarations and `@kubegen/api/<group>/<version>` to the
 *   input-language sources of Kubernetes' built-in types, and returns a model plus every diagnostic found. Library
 *   declarations are converted when referenced, into the packages `@kubegen/runtime` and `@kubegen/api/<folder>`.
 *   It never throws for bad input: problems are diagnostics with a `file:line:column`.
 * - Types are converted from their syntax, with names resolved to their declarations by `./resolve` (what the type
 *   checker would compute for such files, without it), so well-known types are recognised by declaration, never by
 *   spelling.
 * - Marker lines are parsed and validated by the marker registry; decisions that depend on markers are made by
 *   `generator/model/build.ts`.
 * - A package's hand-written `conversion.ts` is read for its exported function names and its relative imports
 *   (`conversionImportSites`: specifier positions, type-only or not); the model builder resolves those imports.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { DiagnosticBag, didYouMean, type Diagnostic, type DiagnosticKindName } from '../diagnostics';
import { checkMarkerSet, markerDefinition, markerLineName, parseMarker, type MarkerTarget } from '../markers';
import type { ApiModel, Field, MarkerValue, PackageId, SourceSpan, TypeDecl, TypeRef, WellKnownName } from '../model/types';
import { ModelCache, buildModel, type ConversionImportSite, type LoadedPackage } from '../model/build';
import { describe, isMarkerLine, leadingCommentGroups, splitDoc, type CommentGroup } from './comments';
import { API_PACKAGE, RUNTIME_PACKAGE, apiModules, apiPackageFolder, apiSourcesDir, declarationFiles, declaresGroupName, runtimeMetaDir, runtimeMetaFiles } from './runtime';
import { Resolver, SourceFiles, enumValues, type DeclNode } from './resolve';
import { lookup } from '../core/invariant';

export interface LoadOptions {
  /** The APIs root: `<root>/<group>/<version>/*.ts`. */
  root: string;
  /** Paths in spans are relative to this directory (default: process.cwd()). */
  cwd?: string;
  /** `@kubegen/api`'s sources, `<dir>/<group>/<version>/*.ts` (default: the installed package's, see `apiSourcesDir`). */
  apiSources?: string;
}

export interface LoadResult {
  model: ApiModel;
  diagnostics: Diagnostic[];
}

/** Well-known types whose schema is special, recognised by their declaration in the runtime. */
const SCALAR_WELL_KNOWN = new Set<WellKnownName>([
  'int32',
  'int64',
  'float64',
  'Time',
  'MicroTime',
  'Duration',
  'Quantity',
  'IntOrString',
  'Bytes',
  'JSON',
  'RawExtension',
  'ObjectMeta',
  'ListMeta',
]);

/** The file (relative to a package folder) whose exported functions are hand-written conversions. */
export const CONVERSION_FILE = 'conversion.ts';

/**
 * What the front end keeps between runs over the same APIs root (`kubegen generate --watch`): every file's text and
 * parse, the resolver's caches, and per API file what converting it produced — its declarations, package markers,
 * diagnostics, the runtime declarations it referenced, and the modules its name resolutions consulted. A run re-reads
 * every file's text (cheap) and converts again only the files whose text changed or that consulted a changed module;
 * when a file is added or removed, everything is converted again (a specifier may now resolve elsewhere).
 *
 * A file that instantiates generic types is converted on every run (its instantiations belong to the generic's package).
 * Library declarations (`@kubegen/runtime`, `@kubegen/api`) are converted once and kept with what they referenced.
 * Each loaded package carries the list of results it was assembled from (`LoadedPackage.sources`); the model
 * builder's own cache (`model`) resolves again only the packages whose lists changed. Nothing kept is modified by
 * the model builder.
 */
export class LoadCache {
  /** The root and working directory the cache was filled for; another pair starts afresh. */
  private key: string | undefined;
  private state: { files: SourceFiles; resolver: Resolver; metaDir: string; fileList: string; results: Map<string, FileResult>; libraries: Map<DeclNode, FileResult> } | undefined;

  /** The model builder's cache (see `ModelCache`). */
  readonly model = new ModelCache();

  /** Converted again in the last run (absolute paths): what a test or `--watch` can report. */
  lastConverted: string[] = [];

  /** The state for `root`, with `apiFiles`' current texts given to it; the set of files whose text changed. */
  prepare(root: string, cwd: string, apiDir: string | undefined, apiFiles: readonly string[]): { state: NonNullable<LoadCache['state']>; changed: Set<string> } {
    const key = `${root}\0${cwd}\0${apiDir ?? ''}`;
    if (this.key !== key || !this.state) {
      const metaDir = runtimeMetaDir();
      const metaFiles = runtimeMetaFiles(metaDir);
      const runtimeIndex = path.join(metaDir, '__kubegen_runtime__.ts');
      const files = new SourceFiles(new Map([[runtimeIndex, reexportAll(metaFiles)]]));
      const apiIndex = (specifier: string): string | undefined => {
        const folder = apiDir === undefined ? undefined : apiPackageFolder(apiDir, specifier);
        if (folder === undefined) return undefined;
        const index = path.join(folder, '__kubegen_api__.ts');
        files.addVirtual(index, reexportAll(declarationFiles(folder)));
        return index;
      };
      const resolver = new Resolver(files, new Map([[RUNTIME_PACKAGE, runtimeIndex]]), apiIndex);
      this.key = key;
      this.state = { files, resolver, metaDir, fileList: '', results: new Map(), libraries: new Map() };
    }
    const state = this.state;
    const changed = new Set<string>();
    const fileList = apiFiles.join('\0');
    if (fileList !== state.fileList) {
      for (const f of state.fileList === '' ? [] : state.fileList.split('\0')) if (!apiFiles.includes(f)) state.files.update(f, undefined);
      state.results.clear();
      state.libraries.clear();
      state.resolver.forgetModules();
      state.fileList = fileList;
    }
    for (const f of apiFiles) {
      let text: string | undefined;
      try {
        text = fs.readFileSync(f, 'utf8');
      } catch {
        text = undefined;
      }
      const update = state.files.update(f, text);
      if (update) {
        changed.add(f);
        state.resolver.forget(f, update.dropped);
      }
    }
    return { state, changed };
  }
}

/** What converting one API file produced (see LoadCache). */
interface FileResult {
  /** Modules whose exports this file's name resolutions consulted. */
  deps: Set<string>;
  diagnostics: Diagnostic[];
  types: TypeDecl[];
  packageMarkers: MarkerValue[];
  /**
   * The file instantiates generic types: never reused, since its instantiations are declarations of the generic's
   * package made once per run by whichever file instantiates them first.
   */
  generic?: boolean;
  /** Types of `@kubegen/runtime` the file re-exports (`export type { … } from '@kubegen/runtime'`). */
  runtimeReexports: string[];
  /** Library declarations (runtime, @kubegen/api) referenced, in order of first reference. */
  libraryRefs: Array<{ decl: DeclNode; id: PackageId; dir: string }>;
  conversion?: { functions: string[]; source: string; imports: ConversionImportSite[] };
}

export function loadApiModel(options: LoadOptions, cache: LoadCache = new LoadCache()): LoadResult {
  const cwd = options.cwd ?? process.cwd();
  const root = path.resolve(cwd, options.root);
  const bag = new DiagnosticBag();
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    bag.report('apis-root', `APIs root "${options.root}" is not a directory`);
    return { model: { packages: [], groups: [] }, diagnostics: bag.items };
  }
  const apiFiles = listApiFiles(root);
  const apiDir = options.apiSources !== undefined ? path.resolve(cwd, options.apiSources) : apiSourcesDir();
  const { state, changed } = cache.prepare(root, cwd, apiDir, apiFiles);
  const loader = new Loader(state.files, state.resolver, root, cwd, state.metaDir, apiDir, bag);
  const packages = loader.load(apiFiles, state.results, changed, state.libraries);
  cache.lastConverted = loader.converted;
  const model = buildModel(packages, bag, cache.model);
  return { model, diagnostics: bag.items };
}

/** An index module re-exporting every file of a folder (files of the same folder). */
function reexportAll(files: readonly string[]): string {
  return files.map((f) => `export * from './${path.basename(f, '.ts')}';\n`).join('');
}

function listApiFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts')) out.push(p);
    }
  };
  walk(root);
  return out;
}

class Loader {
  private readonly packages = new Map<PackageId, LoadedPackage>();
  /** Each package's `sources`, as they are pushed. */
  private readonly sources = new Map<PackageId, object[]>();
  /** Library declarations (runtime, @kubegen/api) referenced so far, converted on demand into their package. */
  private readonly libraryQueue: Array<{ decl: DeclNode; pkg: LoadedPackage }> = [];
  private readonly librarySeen = new Set<string>();
  private readonly displayPaths = new Map<string, string>();
  /** The result of the file being converted. */
  private current: FileResult | undefined;
  /** The API files converted in this run (the others came from the cache). */
  readonly converted: string[] = [];
  /** The type parameters of the generic declaration being instantiated, bound to their arguments. */
  private typeEnv: ReadonlyMap<string, TypeRef> | undefined;
  /** Instantiations made so far, by `<package>#<name>`: the canonical text of their arguments (to catch two naming alike). */
  private readonly instances = new Map<string, string>();
  /** Instantiations being converted (recursion guard), innermost last. */
  private readonly instantiating: string[] = [];

  constructor(
    private readonly files: SourceFiles,
    private readonly resolver: Resolver,
    private readonly root: string,
    private readonly cwd: string,
    private readonly metaDir: string,
    private readonly apiDir: string | undefined,
    private bag: DiagnosticBag,
  ) {}

  /** Convert the API files (taking a file's result from `results` when neither it nor a module it consulted is in `changed`) into packages. */
  load(apiFiles: string[], results: Map<string, FileResult>, changed: ReadonlySet<string>, libraries: Map<DeclNode, FileResult>): LoadedPackage[] {
    const runBag = this.bag;
    for (const file of apiFiles) {
      let result = results.get(file);
      if (!result || result.generic === true || changed.has(file) || [...result.deps].some((d) => changed.has(d))) {
        result = this.convertFile(file);
        if (!result) continue;
        results.set(file, result);
      }
      runBag.addAll(result.diagnostics);
      const pkg = this.packageFor(path.dirname(file));
      this.sourcesOf(pkg).push(result);
      pkg.types.push(...result.types);
      pkg.markers.push(...result.packageMarkers);
      if (result.runtimeReexports.length > 0) (pkg.runtimeReexports ??= []).push(...result.runtimeReexports);
      if (result.conversion) {
        pkg.conversionFunctions.push(...result.conversion.functions);
        pkg.conversion = { source: result.conversion.source, imports: result.conversion.imports };
      }
      for (const ref of result.libraryRefs) this.queueLibrary(ref.decl, ref.id, ref.dir);
    }
    // Library declarations, pulled in as they are referenced (a queue: their fields may reference more).
    for (const { decl: node, pkg } of this.libraryQueue) {
      let result = libraries.get(node);
      if (!result) {
        result = this.convertLibraryDecl(node, pkg.id);
        libraries.set(node, result);
      }
      this.sourcesOf(pkg).push(result);
      runBag.addAll(result.diagnostics);
      pkg.types.push(...result.types);
      for (const ref of result.libraryRefs) this.queueLibrary(ref.decl, ref.id, ref.dir);
    }
    for (const pkg of this.packages.values()) this.bag.addAll(checkMarkerSet(pkg.markers));
    return [...this.packages.values()];
  }

  /** The package's `sources`, made on first use. */
  private sourcesOf(pkg: LoadedPackage): object[] {
    let sources = this.sources.get(pkg.id);
    if (!sources) {
      sources = [];
      this.sources.set(pkg.id, sources);
      pkg.sources = sources;
    }
    return sources;
  }

  /** Convert one library declaration into its own result (diagnostics and the library declarations it references recorded). */
  private convertLibraryDecl(node: DeclNode, id: PackageId): FileResult {
    const runBag = this.bag;
    const result: FileResult = { deps: new Set(), diagnostics: [], types: [], packageMarkers: [], runtimeReexports: [], libraryRefs: [] };
    this.bag = new DiagnosticBag();
    this.current = result;
    try {
      const decl = this.convertDecl(node, id);
      if (decl) result.types.push(decl);
      result.diagnostics = this.bag.items;
    } finally {
      this.bag = runBag;
      this.current = undefined;
    }
    return result;
  }

  /** Convert one API file into its own result (diagnostics in their own bag, consulted modules recorded). */
  private convertFile(file: string): FileResult | undefined {
    const sf = this.files.get(file);
    if (!sf) return undefined;
    const runBag = this.bag;
    const result: FileResult = { deps: new Set(), diagnostics: [], types: [], packageMarkers: [], runtimeReexports: [], libraryRefs: [] };
    this.bag = new DiagnosticBag();
    this.current = result;
    this.resolver.touched = result.deps;
    try {
      this.reportSyntaxErrors(sf);
      if (path.basename(file) === CONVERSION_FILE) this.loadConversionFile(sf, result);
      else this.loadApiFile(sf, result, this.packageFor(path.dirname(file)).id);
      result.diagnostics = this.bag.items;
    } finally {
      this.bag = runBag;
      this.current = undefined;
      this.resolver.touched = undefined;
    }
    this.converted.push(file);
    return result;
  }

  private reportSyntaxErrors(sf: ts.SourceFile): void {
    for (const d of SourceFiles.parseDiagnostics(sf)) {
      this.bag.report(SourceFiles.diagnosticName(d), ts.flattenDiagnosticMessageText(d.messageText, '\n'), this.spanAt(sf, d.start));
    }
  }

  private packageFor(dir: string): LoadedPackage {
    const id = toPosix(path.relative(this.root, dir)) || '.';
    let pkg = this.packages.get(id);
    if (!pkg) {
      pkg = { id, dir: toPosix(path.relative(this.cwd, dir)) || '.', folderName: path.basename(dir), markers: [], types: [], conversionFunctions: [] };
      this.packages.set(id, pkg);
    }
    return pkg;
  }

  /** The package of a library's declarations (`@kubegen/runtime`, `@kubegen/api/core/v1` …), made on first use. */
  private libraryPackage(id: PackageId, dir: string): LoadedPackage {
    let pkg = this.packages.get(id);
    if (!pkg) {
      pkg = { id, dir: toPosix(path.relative(this.cwd, dir)), folderName: path.basename(dir), markers: [], types: [], conversionFunctions: [], runtime: true };
      if (id.startsWith(`${API_PACKAGE}/`) && declaresGroupName(dir)) pkg.apiGroupVersion = true;
      this.packages.set(id, pkg);
    }
    return pkg;
  }

  /**
   * A reference to a library declaration, queueing its conversion the first time; while an API file is converted,
   * recorded in its result instead (queued when the result is used, whether fresh or cached).
   */
  private libraryReference(decl: DeclNode, id: PackageId, dir: string): TypeRef {
    if (this.current) {
      if (!this.current.libraryRefs.some((r) => r.decl === decl && r.id === id)) this.current.libraryRefs.push({ decl, id, dir });
    } else this.queueLibrary(decl, id, dir);
    return { kind: 'named', package: id, name: decl.name.text };
  }

  private queueLibrary(decl: DeclNode, id: PackageId, dir: string): void {
    const key = `${id}#${decl.name.text}`;
    if (this.librarySeen.has(key)) return;
    this.librarySeen.add(key);
    this.libraryQueue.push({ decl, pkg: this.libraryPackage(id, dir) });
  }

  private loadConversionFile(sf: ts.SourceFile, out: FileResult): void {
    const functions: string[] = [];
    for (const st of sf.statements) {
      const exported = hasExportModifier(st);
      if (ts.isFunctionDeclaration(st) && st.name && exported) functions.push(st.name.text);
      else if (ts.isVariableStatement(st) && exported) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) functions.push(d.name.text);
      }
    }
    out.conversion = { functions: functions.sort(), source: sf.text, imports: conversionImportSites(sf) };
  }

  private loadApiFile(sf: ts.SourceFile, pkg: FileResult, pkgId: PackageId): void {
    const text = sf.text;
    for (const st of sf.statements) {
      if (isDeclNode(st)) {
        const { doc, above } = splitDoc(text, st.pos, st.getStart(sf));
        // A generic declaration is a template: each instantiation becomes a concrete type where it is used.
        if (isGenericDecl(st)) {
          for (const g of above) this.collectPackageMarkers(g, sf, pkg, declTarget(st));
          continue;
        }
        // The group right above the doc group lends its declaration-level markers (kubebuilder scaffolding style).
        const second = above.length > 0 ? above[above.length - 1] : undefined;
        for (const g of above) this.collectPackageMarkers(g, sf, pkg, g === second ? declTarget(st) : undefined);
        const decl = this.convertDecl(st, pkgId, doc);
        if (decl) {
          if (second) decl.markers.unshift(...this.markersOf(second, sf, declTarget(st), true));
          this.bag.addAll(checkMarkerSet(decl.markers));
          pkg.types.push(decl);
        }
        continue;
      }
      for (const g of leadingCommentGroups(text, st.pos)) this.collectPackageMarkers(g, sf, pkg);
      if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) && st.moduleSpecifier.text === RUNTIME_PACKAGE) {
        this.loadRuntimeReexport(st, sf, pkg);
        continue;
      }
      if (ts.isImportDeclaration(st) || ts.isExportDeclaration(st) || ts.isEmptyStatement(st) || ts.isImportEqualsDeclaration(st)) continue;
      this.bag.report(
        'declaration-not-allowed',
        `${describeStatement(st)} is not allowed in an API file: declare interfaces, type aliases and enums only` +
          (ts.isFunctionDeclaration(st) ? ` (hand-written conversions go in ${CONVERSION_FILE})` : ''),
        this.spanAt(sf, st.getStart(sf)),
      );
    }
    // Comments after the last statement (a doc.ts holding only comments).
    for (const g of leadingCommentGroups(text, sf.endOfFileToken.pos)) this.collectPackageMarkers(g, sf, pkg);
  }

  /**
   * `export type { ObjectMeta, Condition } from '@kubegen/runtime'`: the package re-exports the runtime's declarations
   * as its own (how `@kubegen/api/meta/v1` and `core/v1` offer them); each name must be a runtime declaration, kept.
   */
  private loadRuntimeReexport(st: ts.ExportDeclaration, sf: ts.SourceFile, pkg: FileResult): void {
    const clause = st.exportClause;
    if (!clause || !ts.isNamedExports(clause)) {
      this.bag.report('declaration-not-allowed', `re-export everything of ${RUNTIME_PACKAGE} is not allowed in an API file: name the types (\`export type { ObjectMeta } from '${RUNTIME_PACKAGE}'\`)`, this.spanAt(sf, st.getStart(sf)));
      return;
    }
    const module = this.resolver.resolveModule(RUNTIME_PACKAGE, sf.fileName);
    for (const el of clause.elements) {
      const name = el.name.text;
      const at = this.spanAt(sf, el.getStart(sf));
      if (el.propertyName && el.propertyName.text !== name) {
        this.bag.report('declaration-not-allowed', `re-export of ${RUNTIME_PACKAGE}'s \`${el.propertyName.text}\` under another name is not allowed: re-export it as \`${el.propertyName.text}\``, at);
        continue;
      }
      const target = module !== undefined ? this.resolver.resolveExported(module, name) : undefined;
      if (target?.kind !== 'decl' || path.dirname(target.node.getSourceFile().fileName) !== this.metaDir) {
        this.bag.report('unresolved-type', `\`${name}\` is not a type of ${RUNTIME_PACKAGE}`, at);
        continue;
      }
      pkg.runtimeReexports.push(name);
    }
  }

  /** Markers of a comment group not attached to a declaration: package-level, unless `declTarget` claims them. */
  private collectPackageMarkers(group: CommentGroup, sf: ts.SourceFile, pkg: FileResult, declTargetName?: MarkerTarget): void {
    for (const line of group.lines) {
      if (!isMarkerLine(line)) continue;
      if (declTargetName && allowsTarget(line.text.trimStart(), declTargetName)) continue; // taken by the declaration
      const m = this.parseLine(line.text, line.pos, sf, 'package');
      if (m) pkg.packageMarkers.push(m);
    }
  }

  /** The markers of a group for a target; with `onlyOwn`, lines not registered for that target are skipped. */
  private markersOf(group: CommentGroup | undefined, sf: ts.SourceFile, target: MarkerTarget, onlyOwn = false): MarkerValue[] {
    const out: MarkerValue[] = [];
    if (!group) return out;
    for (const line of group.lines) {
      if (!isMarkerLine(line)) continue;
      if (onlyOwn && !allowsTarget(line.text.trimStart(), target)) continue;
      const m = this.parseLine(line.text, line.pos, sf, target);
      if (m) out.push(m);
    }
    return out;
  }

  private parseLine(text: string, pos: number, sf: ts.SourceFile, target: MarkerTarget): MarkerValue | undefined {
    const lead = text.length - text.trimStart().length;
    const result = parseMarker(text.trimStart(), this.spanAt(sf, pos + lead), target);
    if (result.kind === 'marker') {
      if (result.warnings) this.bag.addAll(result.warnings);
      return result.marker;
    }
    if (result.kind === 'error') this.bag.addAll(result.diagnostics);
    else if (result.warnings) this.bag.addAll(result.warnings);
    return undefined;
  }

  private convertDecl(node: DeclNode, pkg: PackageId, docGroup?: CommentGroup, asName?: string): TypeDecl | undefined {
    const sf = node.getSourceFile();
    if (!docGroup) docGroup = splitDoc(sf.text, node.pos, node.getStart(sf)).doc;
    const target: MarkerTarget = 'type';
    const span = this.spanAt(sf, node.name.getStart(sf));
    const base = {
      name: asName ?? node.name.text,
      package: pkg,
      exported: hasExportModifier(node),
      doc: describe(docGroup),
      markers: this.markersOf(docGroup, sf, target),
      span,
    };
    if (ts.isEnumDeclaration(node)) {
      const values: Array<string | number> = [];
      const constants = enumValues(node);
      for (const [i, m] of node.members.entries()) {
        const v = constants[i];
        if (v === undefined) {
          this.bag.report('invalid-enum', `enum member "${m.name.getText(sf)}" needs a constant value`, this.spanAt(sf, m.getStart(sf)));
          continue;
        }
        values.push(v);
      }
      const base2 = values.every((v) => typeof v === 'string') ? 'string' : values.every((v) => typeof v === 'number' && Number.isInteger(v)) ? 'integer' : undefined;
      if (!base2) {
        this.bag.report('invalid-enum', `enum "${node.name.text}" mixes string and number members`, span);
        return undefined;
      }
      return { ...base, declaration: 'enum', type: { kind: 'enum', base: base2, values } };
    }
    if (asName === undefined && node.typeParameters && node.typeParameters.length > 0) {
      this.bag.report('generic-type', `generic type "${node.name.text}" is not supported: API types must be concrete`, span);
      return undefined;
    }
    if (ts.isTypeAliasDeclaration(node)) {
      const type = this.convertType(node.type, sf);
      if (!type) return undefined;
      return { ...base, declaration: 'alias', type };
    }
    const type = this.convertInterface(node, sf);
    if (!type) return undefined;
    return { ...base, declaration: 'interface', type };
  }

  private convertInterface(node: ts.InterfaceDeclaration, sf: ts.SourceFile): TypeRef | undefined {
    const embeds: TypeRef[] = [];
    for (const clause of node.heritageClauses ?? []) {
      for (const t of clause.types) {
        const ref = this.convertReference(t.expression, t.typeArguments, t, sf);
        if (ref) embeds.push(ref);
      }
    }
    return this.convertMembers(node.members, embeds, sf, node);
  }

  private convertMembers(members: ts.NodeArray<ts.TypeElement>, embeds: TypeRef[], sf: ts.SourceFile, owner: ts.Node): TypeRef | undefined {
    const fields: Field[] = [];
    let indexValue: TypeRef | undefined;
    let ok = true;
    for (const m of members) {
      if (ts.isPropertySignature(m)) {
        const f = this.convertField(m, sf);
        if (f) fields.push(f);
        else ok = false;
      } else if (ts.isIndexSignatureDeclaration(m)) {
        const param = m.parameters[0];
        if (param?.type && this.isTypeParameter(param.type)) {
          this.reject(param.type, sf, `type parameter \`${param.type.getText(sf)}\` cannot be a map key: map keys are strings`, 'generic-type');
          ok = false;
          continue;
        }
        if (!param?.type || param.type.kind !== ts.SyntaxKind.StringKeyword) {
          this.bag.report('unsupported-member', 'index signatures must be keyed by string (`[key: string]: T`)', this.spanAt(sf, m.getStart(sf)));
          ok = false;
          continue;
        }
        indexValue = this.convertType(m.type, sf);
        if (!indexValue) ok = false;
      } else {
        this.bag.report(
          'unsupported-member',
          `${ts.isMethodSignature(m) ? 'methods' : 'call, construct and accessor signatures'} are not allowed in API types: use properties`,
          this.spanAt(sf, m.getStart(sf)),
        );
        ok = false;
      }
    }
    if (!ok) return undefined;
    if (indexValue) {
      if (fields.length > 0 || embeds.length > 0) {
        this.bag.report('unsupported-member', 'a type cannot mix an index signature with properties or `extends` (Go has no such type): use a property holding a Record', this.spanAt(sf, owner.getStart(sf)));
        return undefined;
      }
      return { kind: 'map', values: indexValue };
    }
    return { kind: 'struct', embeds, fields };
  }

  private convertField(m: ts.PropertySignature, sf: ts.SourceFile): Field | undefined {
    const name = propertyName(m.name);
    const span = this.spanAt(sf, m.name.getStart(sf));
    if (name === undefined) {
      this.bag.report('unsupported-member', 'computed property names are not supported in API types', span);
      return undefined;
    }
    if (!m.type) {
      this.bag.report('unsupported-member', `property "${name}" needs a type annotation`, span);
      return undefined;
    }
    const { doc, above } = splitDoc(sf.text, m.pos, m.getStart(sf));
    const markers = [...(above.length > 0 ? this.markersOf(above[above.length - 1], sf, 'field', true) : []), ...this.markersOf(doc, sf, 'field')];
    this.bag.addAll(checkMarkerSet(markers));
    let typeNode = m.type;
    let nullable = false;
    let optional = !!m.questionToken;
    if (ts.isUnionTypeNode(typeNode)) {
      const rest = typeNode.types.filter((t) => {
        if (isNullType(t)) {
          nullable = true;
          return false;
        }
        if (t.kind === ts.SyntaxKind.UndefinedKeyword) {
          optional = true;
          return false;
        }
        return true;
      });
      const [only, ...more] = rest;
      if (only === undefined) {
        this.bag.report('unsupported-member', `property "${name}" has no type besides null/undefined`, span);
        return undefined;
      }
      if (more.length === 0) typeNode = only;
      else if (rest.length !== typeNode.types.length) {
        const t = this.convertUnion(rest, sf, typeNode);
        if (!t) return undefined;
        return { name, doc: describe(doc), type: t, optional, nullable, required: false, immutable: false, schemaless: false, markers, span };
      }
    }
    const type = this.convertType(typeNode, sf);
    if (!type) return undefined;
    return { name, doc: describe(doc), type, optional, nullable, required: false, immutable: false, schemaless: false, markers, span };
  }

  private convertType(node: ts.TypeNode, sf: ts.SourceFile): TypeRef | undefined {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { kind: 'primitive', name: 'string' };
      case ts.SyntaxKind.BooleanKeyword:
        return { kind: 'primitive', name: 'boolean' };
      case ts.SyntaxKind.NumberKeyword:
        return { kind: 'primitive', name: 'number' };
      case ts.SyntaxKind.UnknownKeyword:
        return { kind: 'unknown' };
      case ts.SyntaxKind.AnyKeyword:
        { this.reject(node, sf, '`any` is not allowed in API types: use `unknown` (any JSON) or a precise type'); return; }
      case ts.SyntaxKind.BigIntKeyword:
        { this.reject(node, sf, '`bigint` is not allowed: use int64 from @kubegen/runtime'); return; }
      case ts.SyntaxKind.SymbolKeyword:
        { this.reject(node, sf, '`symbol` cannot be serialised to JSON'); return; }
      case ts.SyntaxKind.ObjectKeyword:
        { this.reject(node, sf, '`object` is not allowed: declare an interface, or use Record<string, unknown>'); return; }
    }
    if (ts.isParenthesizedTypeNode(node)) return this.convertType(node.type, sf);
    if (ts.isLiteralTypeNode(node)) {
      const v = literalValue(node);
      if (v === undefined) { this.reject(node, sf, 'only string, number and boolean literal types are allowed'); return; }
      return { kind: 'enum', base: literalBase(v), values: [v] };
    }
    if (ts.isUnionTypeNode(node)) {
      if (node.types.some(isNullType)) { this.reject(node, sf, '`| null` is only allowed directly on a property type (`x: T | null`)'); return; }
      return this.convertUnion(node.types, sf, node);
    }
    if (ts.isArrayTypeNode(node)) {
      const items = this.convertType(node.elementType, sf);
      return items && { kind: 'array', items };
    }
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) return this.convertType(node.type, sf);
    if (ts.isTypeLiteralNode(node)) return this.convertMembers(node.members, [], sf, node);
    if (ts.isIntersectionTypeNode(node)) {
      const embeds: TypeRef[] = [];
      for (const member of node.types) {
        const t = this.convertType(member, sf);
        if (!t) return undefined;
        embeds.push(t);
      }
      return { kind: 'struct', embeds, fields: [] };
    }
    if (ts.isTypeReferenceNode(node)) return this.convertReference(node.typeName, node.typeArguments, node, sf);
    if (ts.isTupleTypeNode(node)) { this.reject(node, sf, 'tuples are not allowed in API types: use an array or an object'); return; }
    if (ts.isFunctionTypeNode(node) || ts.isConstructorTypeNode(node)) { this.reject(node, sf, 'functions are not allowed in API types'); return; }
    if (ts.isConditionalTypeNode(node) && this.typeEnv !== undefined)
      { this.reject(node, sf, `conditional type \`${node.getText(sf)}\` is not supported in a generic API type: type parameters are only substituted`, 'generic-type'); return; }
    if (ts.isMappedTypeNode(node) || ts.isConditionalTypeNode(node) || ts.isIndexedAccessTypeNode(node) || ts.isTypeQueryNode(node))
      { this.reject(node, sf, 'computed types (mapped, conditional, indexed, typeof) are not allowed in API types: write the type out'); return; }
    if (ts.isTemplateLiteralTypeNode(node)) { this.reject(node, sf, 'template literal types are not allowed: use string with +kubebuilder:validation:Pattern'); return; }
    this.reject(node, sf, `unsupported type \`${node.getText(sf)}\``);
  }

  private convertUnion(types: readonly ts.TypeNode[], sf: ts.SourceFile, at: ts.Node): TypeRef | undefined {
    const values: Array<string | number | boolean> = [];
    for (const t of types) {
      const inner = ts.isParenthesizedTypeNode(t) ? t.type : t;
      if (ts.isLiteralTypeNode(inner)) {
        const v = literalValue(inner);
        if (v !== undefined) {
          values.push(v);
          continue;
        }
      }
      if (inner.kind === ts.SyntaxKind.BooleanKeyword) {
        values.push(true, false);
        continue;
      }
      this.reject(at, sf, `unions other than of literals (and \`| null\` on a property) are not allowed: \`${at.getText(sf)}\``); return;
    }
    const bases = new Set(values.map(literalBase));
    if (bases.size !== 1) {
      // `1 | 2.5` is a number enum; anything else mixed is an error.
      if ([...bases].every((b) => b === 'integer' || b === 'number')) return { kind: 'enum', base: 'number', values };
      this.reject(at, sf, `a literal union must not mix strings, numbers and booleans: \`${at.getText(sf)}\``); return;
    }
    const [base] = bases;
    if (base === undefined) throw new Error('kubegen bug: a union type node with no member');
    if (base === 'boolean' && values.length === 2 && values.includes(true) && values.includes(false)) return { kind: 'primitive', name: 'boolean' };
    return { kind: 'enum', base, values };
  }

  private convertReference(
    typeName: ts.EntityName | ts.Expression,
    typeArguments: ts.NodeArray<ts.TypeNode> | undefined,
    at: ts.Node,
    sf: ts.SourceFile,
  ): TypeRef | undefined {
    const text = typeName.getText(sf);
    const bound = ts.isIdentifier(typeName) ? this.typeEnv?.get(typeName.text) : undefined;
    if (bound) {
      if (typeArguments && typeArguments.length > 0) { this.reject(at, sf, `type parameter \`${text}\` cannot take type arguments`, 'generic-type'); return; }
      return bound;
    }
    const target = this.resolver.resolve(typeName, sf);
    if (!target || target.kind === 'namespace') {
      const missing = this.missingApiModule(typeName, sf);
      if (missing !== undefined) { this.reject(at, sf, missing, 'unresolved-type'); return; }
      this.reject(at, sf, `cannot resolve type \`${text}\`: is it imported?`, 'unresolved-type'); return;
    }
    if (target.kind === 'global') {
      if (LIB_TYPES.has(target.name)) return this.convertLibReference(target.name, typeArguments, at, sf);
      const builtin = BUILTIN_HINTS[text];
      if (builtin !== undefined) { this.reject(at, sf, `\`${at.getText(sf)}\` is not supported in API types${builtin}`); return; }
      if (JS_GLOBALS.has(target.name)) { this.reject(at, sf, `\`${at.getText(sf)}\` is not supported in API types`); return; }
      this.reject(at, sf, `cannot resolve type \`${text}\`: is it imported?`, 'unresolved-type'); return;
    }
    if (typeArguments && typeArguments.length > 0) {
      if (target.kind === 'decl' && isGenericDecl(target.node)) return this.instantiate(target.node, typeArguments, at, sf);
      this.reject(at, sf, `\`${text}\` is not a generic type: \`${at.getText(sf)}\` passes type arguments to it`, 'generic-type'); return;
    }
    if (target.kind === 'decl' && isGenericDecl(target.node) && target.node.typeParameters?.every((p) => p.default !== undefined) !== true) {
      this.reject(at, sf, `generic type \`${text}\` needs type arguments`, 'generic-type'); return;
    }
    if (target.kind === 'decl' && isGenericDecl(target.node)) return this.instantiate(target.node, undefined, at, sf);
    if (target.kind === 'enumMember') {
      const v = enumValues(target.decl)[target.decl.members.indexOf(target.member)];
      if (v === undefined) { this.reject(at, sf, `enum member \`${text}\` has no constant value`, 'invalid-enum'); return; }
      return { kind: 'enum', base: literalBase(v), values: [v] };
    }
    if (target.kind === 'other') { this.reject(at, sf, `\`${text}\` is not a type declared with interface, type or enum`); return; }
    const decl = target.node;
    const declFile = decl.getSourceFile();
    const name = decl.name.text;
    const declDir = path.dirname(declFile.fileName);
    if (declDir === this.metaDir) {
      if (SCALAR_WELL_KNOWN.has(name as WellKnownName)) return { kind: 'wellKnown', name: name as WellKnownName };
      return this.libraryReference(decl, RUNTIME_PACKAGE, this.metaDir);
    }
    const rel = path.relative(this.root, declFile.fileName);
    const inRoot = !rel.startsWith('..') && !path.isAbsolute(rel);
    // @kubegen/api's declarations are a library, unless they are the APIs being loaded (generating @kubegen/api itself)
    if (this.apiDir !== undefined && !inRoot) {
      const inApi = path.relative(this.apiDir, declDir);
      if (inApi !== '' && !inApi.startsWith('..') && !path.isAbsolute(inApi)) return this.libraryReference(decl, `${API_PACKAGE}/${toPosix(inApi)}`, declDir);
    }
    if (!inRoot) { this.reject(at, sf, `\`${text}\` is declared outside the APIs root (${toPosix(path.relative(this.cwd, declFile.fileName))})`, 'unresolved-type'); return; }
    return { kind: 'named', package: toPosix(path.dirname(rel)) || '.', name };
  }

  /** Whether a type node names a type parameter of the generic declaration being instantiated. */
  private isTypeParameter(node: ts.TypeNode): boolean {
    return ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && this.typeEnv?.has(node.typeName.text) === true;
  }

  /**
   * An instantiation of a generic interface or type alias (`Ref<'Secret'>`): a concrete declaration named
   * `<Generic><Argument>…` (`RefSecret`, see `instanceName`) in the generic's package, made once, whose type is the
   * generic's with every type parameter replaced by its argument. Type arguments are converted where they are
   * written; parameter defaults in the generic's scope.
   */
  private instantiate(decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration, typeArguments: ts.NodeArray<ts.TypeNode> | undefined, at: ts.Node, sf: ts.SourceFile): TypeRef | undefined {
    const params = decl.typeParameters ?? [];
    const args = typeArguments ?? [];
    const written = `${decl.name.text}<${args.map((a) => a.getText(sf)).join(', ')}>`;
    if (args.length > params.length || params.slice(args.length).some((p) => p.default === undefined)) {
      this.reject(at, sf, `generic type \`${decl.name.text}\` takes ${params.length} type argument${params.length === 1 ? '' : 's'}: \`${at.getText(sf)}\``, 'generic-type'); return;
    }
    const declFile = decl.getSourceFile();
    const rel = path.relative(this.root, declFile.fileName);
    if (rel.startsWith('..') || path.isAbsolute(rel)) { this.reject(at, sf, `generic type \`${decl.name.text}\` is declared outside the APIs root: only the APIs' own generic types can be instantiated`, 'generic-type'); return; }
    const env = new Map<string, TypeRef>();
    for (const [i, param] of params.entries()) {
      const arg = args[i];
      if (arg === undefined) break; // the rest take their defaults, below
      const ref = this.convertType(arg, sf);
      if (!ref) return undefined;
      env.set(param.name.text, ref);
    }
    // defaults are written in the generic's scope: they may name earlier parameters
    const outer = this.typeEnv;
    for (const p of params.slice(args.length)) {
      this.typeEnv = env;
      const ref = p.default && this.convertType(p.default, declFile);
      this.typeEnv = outer;
      if (!ref) return undefined;
      env.set(p.name.text, ref);
    }
    const argRefs = params.map((p) => lookup(env, p.name.text, 'the type parameters'));
    const name = instanceName(decl.name.text, argRefs);
    if (name === undefined) {
      this.reject(at, sf, `\`${written}\`: a type argument of a generic API type must be a named type, a primitive, a literal (or a union of literals), or an array or map of one, so that the instantiation has a name`, 'generic-type'); return;
    }
    const pkg = this.packageFor(path.dirname(declFile.fileName));
    if (this.current) this.current.generic = true;
    // the generic's package changes with every conversion of a file instantiating it
    this.sourcesOf(pkg).push({});
    const key = `${pkg.id}#${name}`;
    const canonical = JSON.stringify(argRefs);
    if (this.instantiating.includes(key)) {
      this.reject(at, sf, `recursive generic type: \`${written}\` refers to itself (${[...this.instantiating.slice(this.instantiating.indexOf(key)), key].map((k) => k.slice(k.indexOf('#') + 1)).join(' → ')}): a CRD schema cannot describe it`, 'generic-type'); return;
    }
    const seen = this.instances.get(key);
    if (seen !== undefined) {
      if (seen !== canonical) { this.reject(at, sf, `\`${written}\` is named ${name}, as another instantiation of ${decl.name.text} with different type arguments is: give one of them a named type argument`, 'generic-type'); return; }
      return { kind: 'named', package: pkg.id, name };
    }
    if (this.instantiating.length >= MAX_INSTANTIATION_DEPTH) {
      this.reject(at, sf, `\`${written}\` instantiates generic types more than ${MAX_INSTANTIATION_DEPTH} levels deep: is a generic type recursive?`, 'generic-type'); return;
    }
    this.instances.set(key, canonical);
    this.instantiating.push(key);
    this.typeEnv = env;
    try {
      const converted = this.convertDecl(decl, pkg.id, undefined, name);
      if (!converted) return undefined;
      converted.exported = true;
      converted.instance = { generic: decl.name.text, arguments: argRefs };
      this.bag.addAll(checkMarkerSet(converted.markers));
      pkg.types.push(converted);
    } finally {
      this.typeEnv = outer;
      this.instantiating.pop();
    }
    return { kind: 'named', package: pkg.id, name };
  }

  private convertLibReference(name: string, args: ts.NodeArray<ts.TypeNode> | undefined, at: ts.Node, sf: ts.SourceFile): TypeRef | undefined {
    const [first, second] = args ?? [];
    if ((name === 'Array' || name === 'ReadonlyArray') && args?.length === 1 && first) {
      const items = this.convertType(first, sf);
      return items && { kind: 'array', items };
    }
    if (name === 'Record' && args?.length === 2 && first && second) {
      if (this.isTypeParameter(first)) { this.reject(first, sf, `type parameter \`${first.getText(sf)}\` cannot be a map key: map keys are strings (\`Record<string, T>\`)`, 'generic-type'); return; }
      if (first.kind !== ts.SyntaxKind.StringKeyword) { this.reject(at, sf, 'Record keys must be `string` (a map with string keys)'); return; }
      const values = this.convertType(second, sf);
      return values && { kind: 'map', values };
    }
    if (name === 'Readonly' && args?.length === 1 && first) return this.convertType(first, sf);
    if (name === 'Date') { this.reject(at, sf, '`Date` is not allowed: use Time from @kubegen/runtime (an RFC 3339 string)'); return; }
    this.reject(at, sf, `\`${at.getText(sf)}\` is not supported in API types`);
  }

  /**
   * When `typeName` is imported from an `@kubegen/api/…` module that does not exist, the message naming the module and
   * the nearest existing one (the generic "cannot resolve" would hide a misspelt group or version).
   */
  private missingApiModule(typeName: ts.EntityName | ts.Expression, sf: ts.SourceFile): string | undefined {
    if (this.apiDir === undefined) return undefined;
    let head: ts.Node = typeName;
    while (ts.isQualifiedName(head)) head = head.left;
    while (ts.isPropertyAccessExpression(head)) head = head.expression;
    if (!ts.isIdentifier(head)) return undefined;
    const local = head.text;
    for (const st of sf.statements) {
      if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
      const spec = st.moduleSpecifier.text;
      if (!spec.startsWith(`${API_PACKAGE}/`) || apiPackageFolder(this.apiDir, spec) !== undefined) continue;
      const clause = st.importClause;
      const bindings = clause?.namedBindings;
      const binds =
        clause?.name?.text === local ||
        (bindings !== undefined && (ts.isNamespaceImport(bindings) ? bindings.name.text === local : bindings.elements.some((e) => e.name.text === local)));
      if (!binds) continue;
      const known = apiModules(this.apiDir);
      const hint = didYouMean(spec, known);
      return `${spec} is not a module of ${API_PACKAGE}${hint !== undefined ? ` (did you mean ${hint}?)` : ''}: its modules are ${API_PACKAGE}/<group>/<version> (${known.length} in all, e.g. ${known.slice(0, 4).join(', ')})`;
    }
    return undefined;
  }

  private reject(node: ts.Node, sf: ts.SourceFile, message: string, kind: DiagnosticKindName = 'unsupported-type'): undefined {
    this.bag.report(kind, message, this.spanAt(sf, node.getStart(sf)));
    return undefined;
  }

  /** A file's path relative to cwd, POSIX style (cached: every span of a file needs it). */
  private displayPath(fileName: string): string {
    let p = this.displayPaths.get(fileName);
    if (p === undefined) {
      p = toPosix(path.relative(this.cwd, fileName));
      this.displayPaths.set(fileName, p);
    }
    return p;
  }

  spanAt(sf: ts.SourceFile, pos: number): SourceSpan {
    const { line, character } = sf.getLineAndCharacterOfPosition(pos);
    return { file: this.displayPath(sf.fileName), line: line + 1, column: character + 1 };
  }
}

/**
 * The relative module specifiers of a hand-written `conversion.ts` — of its import and export declarations, in
 * source order — with the offsets of their text and whether the declaration imports types only. The model builder
 * resolves where each points in the generated package; the conversion emitter replaces the text at those offsets.
 */
export function conversionImportSites(sf: ts.SourceFile): ConversionImportSite[] {
  const out: ConversionImportSite[] = [];
  for (const st of sf.statements) {
    let typeOnly: boolean;
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      // a side-effect import (`import './x'`) runs code: not types only
      typeOnly = !!clause && (clause.phaseModifier === ts.SyntaxKind.TypeKeyword || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      typeOnly = st.isTypeOnly || (!!st.exportClause && ts.isNamedExports(st.exportClause) && st.exportClause.elements.every((e) => e.isTypeOnly));
    } else continue;
    const spec: ts.Expression | undefined = st.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    const startOfLiteral = spec.getStart(sf);
    const at = sf.getLineAndCharacterOfPosition(st.getStart(sf));
    out.push({ specifier: spec.text, start: startOfLiteral + 1, end: spec.end - 1, line: at.line + 1, column: at.character + 1, typeOnly });
  }
  return out;
}

/** `conversionImportSites` of a file's text (for models built without the loader). */
export function scanConversionImports(fileName: string, text: string): ConversionImportSite[] {
  return conversionImportSites(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
}

/** Lib types API files may use (or that get a precise rejection), by name. */
const LIB_TYPES = new Set(['Array', 'ReadonlyArray', 'Record', 'Readonly', 'Partial', 'Date']);

/** Other JavaScript globals a type position might name: not API types. */
const JS_GLOBALS = new Set(['Object', 'String', 'Number', 'Boolean', 'Function', 'RegExp', 'Error', 'Symbol', 'Iterable', 'ArrayLike', 'Required', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'InstanceType', 'Awaited']);

/** JavaScript built-ins with what to write instead. */
const BUILTIN_HINTS: Record<string, string> = {
  Map: ': use Record<string, T>',
  Set: ': use an array with +listType=set',
  WeakMap: ': use Record<string, T>',
  WeakSet: ': use an array with +listType=set',
  Promise: '',
  Uint8Array: ': use Bytes from @kubegen/runtime',
  Buffer: ': use Bytes from @kubegen/runtime',
  BigInt: ': use int64 from @kubegen/runtime',
};

/** How deep instantiations may nest (`A<B<C<…>>>` and generics instantiating others). */
const MAX_INSTANTIATION_DEPTH = 16;

function isGenericDecl(n: DeclNode): n is ts.InterfaceDeclaration | ts.TypeAliasDeclaration {
  return !ts.isEnumDeclaration(n) && (n.typeParameters?.length ?? 0) > 0;
}

/**
 * The name of a generic type's instantiation: the generic's name followed by one word per type argument, in order —
 * a named or well-known type's name (`List<Item>` → `ListItem`, `Box<int32>` → `BoxInt32`), a primitive's
 * (`String`, `Number`, `Boolean`, `Unknown`), a literal's words (`Ref<'Secret'>` → `RefSecret`,
 * `Ref<'config-map'>` → `RefConfigMap`, `Port<8080>` → `Port8080`, `Or<'a' | 'b'>` → `OrAOrB`), an array's or a
 * map's element name with `Array` / `Map` (`Box<Item[]>` → `BoxItemArray`). Undefined when an argument has no such
 * name (an object literal type, a literal without letters or digits).
 */
export function instanceName(generic: string, args: readonly TypeRef[]): string | undefined {
  const words: string[] = [];
  for (const a of args) {
    const w = argumentWord(a);
    if (w === undefined) return undefined;
    words.push(w);
  }
  return generic + words.join('');
}

function argumentWord(t: TypeRef): string | undefined {
  switch (t.kind) {
    case 'named':
    case 'wellKnown':
      return upperFirst(t.name);
    case 'primitive':
      return upperFirst(t.name);
    case 'unknown':
      return 'Unknown';
    case 'array': {
      const w = argumentWord(t.items);
      return w && `${w}Array`;
    }
    case 'map': {
      const w = argumentWord(t.values);
      return w && `${w}Map`;
    }
    case 'enum': {
      const words = t.values.map((v) => (typeof v === 'number' ? (Number.isInteger(v) && v >= 0 ? String(v) : undefined) : String(v).split(/[^A-Za-z0-9]+/).filter((x) => x !== '').map(upperFirst).join('')));
      return words.every((w) => w !== undefined && w !== '') ? words.join('Or') : undefined;
    }
    case 'struct':
      return undefined;
  }
}

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function isDeclNode(n: ts.Node): n is DeclNode {
  return ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n) || ts.isEnumDeclaration(n);
}

function declTarget(_n: DeclNode): MarkerTarget {
  return 'type';
}

/** Whether the marker on this line is registered for the target (the registry's name resolution). */
function allowsTarget(text: string, target: MarkerTarget): boolean {
  const def = markerDefinition(markerLineName(text));
  return !!def && def.targets.includes(target);
}

function hasExportModifier(n: ts.Node): boolean {
  return ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function propertyName(n: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return undefined;
}

function isNullType(t: ts.TypeNode): boolean {
  return ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword;
}

function literalValue(node: ts.LiteralTypeNode): string | number | boolean | undefined {
  const l = node.literal;
  if (ts.isStringLiteral(l) || ts.isNoSubstitutionTemplateLiteral(l)) return l.text;
  if (ts.isNumericLiteral(l)) return Number(l.text);
  if (ts.isPrefixUnaryExpression(l) && l.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(l.operand)) return -Number(l.operand.text);
  if (l.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (l.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

function literalBase(v: string | number | boolean): 'string' | 'integer' | 'number' | 'boolean' {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  return Number.isInteger(v) ? 'integer' : 'number';
}

function describeStatement(st: ts.Statement): string {
  if (ts.isClassDeclaration(st)) return 'a class';
  if (ts.isFunctionDeclaration(st)) return 'a function';
  if (ts.isVariableStatement(st)) return 'a variable';
  if (ts.isModuleDeclaration(st)) return 'a namespace';
  return 'a statement';
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
