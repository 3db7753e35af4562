/**
 * The front end of the RBAC, webhook and APIService generators: reads `+kubebuilder:rbac`, `+kubebuilder:webhook`,
 * `+kubebuilder:webhookconfiguration` and `+kubegen:apiservice` markers from every `.ts` file under the given paths
 * (controllers live anywhere, not only under `apis/`) into a ManifestModel. A `+kubegen:apiservice`'s
 * `caBundleFile=` is read here (relative to the marker's file, inside the project root; only its PEM CERTIFICATE
 * blocks, see generator/ca-bundle.ts) into the model's `caBundle`.
 *
 * Which comments are read follows controller-gen's collector (pkg/markers/collect.go), in TypeScript terms:
 * - read: every comment group at the top level of a file that is not the doc comment of a declaration — the
 *   comments at the top of a file (Go's package doc), groups separated from the next declaration by a blank
 *   line, groups above imports and other non-declaration statements, and comments after the last statement;
 *   `//` lines and `/* *\/` or JSDoc blocks alike (controller-gen reads `//` lines only; a Go twin writes `//`).
 * - not read by controller-gen: a declaration's doc comment (the group directly above a function, class,
 *   interface, type, enum, variable or namespace, with no blank line in between), comments inside a
 *   declaration or body, and a comment on the same line after code. kubegen never ignores one of these three
 *   markers silently: each is an error at the marker, saying where to move it.
 * - a near miss of these markers (`+kubebuilder:rbca`) is an error with a "did you mean"; every other marker is
 *   left to the generators that own it (a scan of the whole project sees API files too).
 *
 * Files: `.ts` files, recursively, skipping `.d.ts`, `*.test.ts`, `*.spec.ts`, `node_modules` and dot-folders;
 * sorted by path, so the model (and every message) is in a stable order.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { DiagnosticBag, type Diagnostic } from '../diagnostics';
import { ApiService, Rbac, Webhook, WebhookConfiguration, isMarker, markerDefinition, markerLineName, parseMarker } from '../markers';
import { readCaBundleFile } from '../ca-bundle';
import type { ApiServiceArgs } from '../markers';
import type { ApiServiceDecl, ManifestModel } from '../model/manifests';
import type { SourceSpan } from '../model/types';
import { commentLines, isMarkerLine, leadingCommentGroups, splitDoc } from './comments';
import { SourceFiles } from './resolve';

export const RBAC_MARKER = Rbac.name;
export const WEBHOOK_MARKER = Webhook.name;
export const WEBHOOK_CONFIGURATION_MARKER = WebhookConfiguration.name;
export const APISERVICE_MARKER = ApiService.name;
const MANIFEST_MARKERS: readonly string[] = [RBAC_MARKER, WEBHOOK_MARKER, WEBHOOK_CONFIGURATION_MARKER, APISERVICE_MARKER];

export interface ManifestLoadOptions {
  /** Files or directories, relative to `cwd`. */
  paths: readonly string[];
  /** Messages name files relative to this directory (default: the process's). */
  cwd?: string;
  /** The project root: a `caBundleFile=` must name a file inside it (default: `cwd`). */
  root?: string;
}

export interface ManifestLoadResult {
  model: ManifestModel;
  diagnostics: Diagnostic[];
}

/** Scans the paths for the manifest markers; diagnostics are returned, never thrown. */
export function loadManifestModel(options: ManifestLoadOptions, bag: DiagnosticBag = new DiagnosticBag()): ManifestLoadResult {
  const declarations = loadManifestDeclarations({ sets: [options.paths], cwd: options.cwd, root: options.root }, bag);
  return { model: declarations.model(options.paths), diagnostics: bag.items };
}

export interface ManifestDeclarationsOptions {
  /** The path sets to scan (files or directories, relative to `cwd`), one per generator that reads manifest markers. */
  sets: ReadonlyArray<readonly string[]>;
  /** Messages name files relative to this directory (default: the process's). */
  cwd?: string;
  /** The project root: a `caBundleFile=` must name a file inside it (default: `cwd`). */
  root?: string;
}

/** What one scanned file declares, and whether scanning it reported an error. */
interface ScannedFile {
  model: ManifestModel;
  failed: boolean;
}

/**
 * The manifest declarations of a run, for every path set it was loaded with: each file under any of the sets is
 * scanned once (its diagnostics reported once), and a set's declarations are those of its files in path order —
 * what scanning that set alone finds.
 */
export class ManifestDeclarations {
  constructor(
    private readonly sets: ReadonlyMap<string, { files: readonly string[]; inputFailed: boolean }>,
    private readonly scanned: ReadonlyMap<string, ScannedFile>,
  ) {}

  /** The declarations under `paths` (a set the declarations were loaded with). */
  model(paths: readonly string[]): ManifestModel {
    const model = emptyManifestModel();
    for (const file of this.set(paths).files) {
      const m = this.scanned.get(file)?.model;
      if (!m) continue;
      model.rbacRules.push(...m.rbacRules);
      model.webhooks.push(...m.webhooks);
      model.webhookConfigurations.push(...m.webhookConfigurations);
      model.apiServices.push(...m.apiServices);
    }
    return model;
  }

  /** Whether loading `paths` reported an error: a path that is missing or not a .ts file, or an error in one of its files. */
  hasErrors(paths: readonly string[]): boolean {
    const set = this.set(paths);
    return set.inputFailed || set.files.some((f) => this.scanned.get(f)?.failed !== false);
  }

  private set(paths: readonly string[]): { files: readonly string[]; inputFailed: boolean } {
    const set = this.sets.get(setKey(paths));
    if (!set) throw new Error(`internal: the manifest declarations were not loaded for ${JSON.stringify(paths)}`);
    return set;
  }
}

/** A manifest model with nothing in it. */
export function emptyManifestModel(): ManifestModel {
  return { rbacRules: [], webhooks: [], webhookConfigurations: [], apiServices: [] };
}

function setKey(paths: readonly string[]): string {
  return JSON.stringify(paths);
}

/**
 * Scans every path set for the manifest markers, each file once (a file under two sets is read, and its problems
 * reported, once); every diagnostic goes to `bag`, none is thrown. Per set, in the order of its paths: a set without
 * paths, or a path that is missing or neither a directory nor a `.ts` file, is an error of that set.
 */
export function loadManifestDeclarations(options: ManifestDeclarationsOptions, bag: DiagnosticBag = new DiagnosticBag()): ManifestDeclarations {
  const cwd = options.cwd ?? process.cwd();
  const sets = new Map<string, { files: string[]; inputFailed: boolean }>();
  const all = new Set<string>();
  for (const paths of options.sets) {
    const key = setKey(paths);
    if (sets.has(key)) continue;
    const errors = bag.errorCount;
    const files = new Set<string>();
    if (paths.length === 0) bag.report('manifest-input', 'no paths to scan: give at least one file or directory');
    for (const p of paths) {
      const abs = path.resolve(cwd, p);
      let stat: fs.Stats;
      try {
        stat = fs.statSync(abs);
      } catch {
        bag.report('manifest-input', `path "${displayPath(cwd, abs)}" does not exist`);
        continue;
      }
      if (stat.isDirectory()) for (const f of listSourceFiles(abs)) files.add(f);
      else if (abs.endsWith('.ts') && !abs.endsWith('.d.ts')) files.add(abs);
      else bag.report('manifest-input', `path "${displayPath(cwd, abs)}" is neither a directory nor a .ts file`);
    }
    const sorted = [...files].sort(compareStrings);
    for (const f of sorted) all.add(f);
    sets.set(key, { files: sorted, inputFailed: bag.errorCount > errors });
  }
  const sources = new SourceFiles();
  const scanned = new Map<string, ScannedFile>();
  for (const file of [...all].sort(compareStrings)) {
    const errors = bag.errorCount;
    const model = emptyManifestModel();
    const sf = sources.get(file);
    if (!sf) bag.report('manifest-input', `cannot read ${displayPath(cwd, file)}`);
    else new FileScanner(sf, displayPath(cwd, file), cwd, options.root ?? cwd, model, bag).scan();
    scanned.set(file, { model, failed: bag.errorCount > errors });
  }
  return new ManifestDeclarations(sets, scanned);
}

function listSourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && isScannedFile(entry.name)) out.push(p);
    }
  };
  walk(root);
  return out;
}

function isScannedFile(name: string): boolean {
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts') && !name.endsWith('.spec.ts');
}

/** Where a comment is, for deciding whether controller-gen reads the markers in it. */
type Placement = { kind: 'read' } | { kind: 'doc'; of: string } | { kind: 'inside'; of: string } | { kind: 'trailing' };

class FileScanner {
  private readonly text: string;

  constructor(
    private readonly sf: ts.SourceFile,
    private readonly file: string,
    private readonly cwd: string,
    private readonly root: string,
    private readonly model: ManifestModel,
    private readonly bag: DiagnosticBag,
  ) {
    this.text = sf.text;
  }

  scan(): void {
    const syntax = SourceFiles.parseDiagnostics(this.sf);
    if (syntax.length > 0) {
      for (const d of syntax) this.bag.report(SourceFiles.diagnosticName(d), ts.flattenDiagnosticMessageText(d.messageText, '\n'), this.spanAt(d.start));
      return;
    }
    const placements = this.placements();
    for (const range of this.allComments()) {
      for (const line of commentLines(this.text, range)) {
        if (!isMarkerLine(line)) continue;
        const lead = line.text.length - line.text.trimStart().length;
        this.markerLine(line.text.trimStart(), this.spanAt(line.pos + lead), placements.get(range.pos) ?? this.placementOf(range.pos));
      }
    }
  }

  /** Read and doc placements of the top-level comment groups, by comment start. */
  private placements(): Map<number, Placement> {
    const out = new Map<number, Placement>();
    const mark = (triviaPos: number, group: { start: number; end: number }, placement: Placement) => {
      for (const r of ts.getLeadingCommentRanges(this.text, triviaPos) ?? []) if (r.pos >= group.start && r.end <= group.end) out.set(r.pos, placement);
    };
    const read: Placement = { kind: 'read' };
    for (const st of this.sf.statements) {
      const declared = declarationName(st);
      if (declared === undefined) {
        for (const g of leadingCommentGroups(this.text, st.pos)) mark(st.pos, g, read);
        continue;
      }
      const { doc, above } = splitDoc(this.text, st.pos, st.getStart(this.sf));
      for (const g of above) mark(st.pos, g, read);
      if (doc) mark(st.pos, doc, { kind: 'doc', of: declared });
    }
    const eof = this.sf.endOfFileToken.pos;
    for (const g of leadingCommentGroups(this.text, eof)) mark(eof, g, read);
    return out;
  }

  /** A comment that is in no top-level group: inside a statement, or after code on the same line. */
  private placementOf(pos: number): Placement {
    for (const st of this.sf.statements) {
      if (pos >= st.getStart(this.sf) && pos < st.end) return { kind: 'inside', of: declarationName(st) ?? describeStatement(st) };
    }
    return { kind: 'trailing' };
  }

  /** Every comment in the file (leading and trailing trivia of every node and token), in source order. */
  private allComments(): ts.CommentRange[] {
    const seen = new Map<number, ts.CommentRange>();
    const visit = (node: ts.Node) => {
      for (const r of ts.getLeadingCommentRanges(this.text, node.pos) ?? []) seen.set(r.pos, r);
      for (const r of ts.getTrailingCommentRanges(this.text, node.end) ?? []) seen.set(r.pos, r);
      for (const child of node.getChildren(this.sf)) visit(child);
    };
    visit(this.sf);
    return [...seen.values()].sort((a, b) => a.pos - b.pos);
  }

  private markerLine(text: string, span: SourceSpan, placement: Placement): void {
    const name = markerLineName(text);
    if (!MANIFEST_MARKERS.includes(name)) {
      this.nearMiss(text, span, name);
      return;
    }
    if (placement.kind !== 'read') {
      this.bag.report('marker-not-read', `+${name} ${whereNotRead(placement, name === APISERVICE_MARKER ? 'kubegen' : 'controller-gen')}`, span);
      return;
    }
    const result = parseMarker(text, span, 'package');
    if (result.kind === 'error') {
      this.bag.addAll(result.diagnostics);
      return;
    }
    if (result.kind !== 'marker') return;
    if (result.warnings) this.bag.addAll(result.warnings);
    const m = result.marker;
    if (isMarker(m, Rbac)) this.model.rbacRules.push({ ...m.value, span: m.span });
    else if (isMarker(m, Webhook)) this.model.webhooks.push({ ...m.value, span: m.span });
    else if (isMarker(m, WebhookConfiguration)) this.model.webhookConfigurations.push({ ...m.value, span: m.span });
    else if (isMarker(m, ApiService)) this.apiService(m.value, m.span);
  }

  /** A `+kubegen:apiservice` into the model, its `caBundleFile` read; a file that cannot be used is an error at the marker. */
  private apiService(v: ApiServiceArgs, span: SourceSpan): void {
    let caBundle = v.caBundle;
    if (v.caBundleFile !== undefined) {
      const label = `invalid +${APISERVICE_MARKER}`;
      if (v.caBundle !== undefined) {
        this.bag.report('invalid-apiservice', `${label}: caBundle and caBundleFile cannot be used together: give the bundle once`, span);
        return;
      }
      const read = readCaBundleFile(v.caBundleFile, { baseDir: path.dirname(this.sf.fileName), root: this.root, cwd: this.cwd });
      if ('error' in read) {
        this.bag.report('invalid-apiservice', `${label}: caBundleFile: ${read.error}`, span);
        return;
      }
      caBundle = read.pem;
    }
    const service: ApiServiceDecl['service'] = { name: v.serviceName, namespace: v.serviceNamespace };
    if (v.servicePort !== undefined) service.port = v.servicePort;
    const decl: ApiServiceDecl = { group: v.group, version: v.version, service, groupPriorityMinimum: v.groupPriorityMinimum, versionPriority: v.versionPriority, origin: { kind: 'marker', span } };
    if (caBundle !== undefined) decl.caBundle = caBundle;
    if (v.insecureSkipTLSVerify !== undefined) decl.insecureSkipTLSVerify = v.insecureSkipTLSVerify;
    if (v.caBundleInjected !== undefined) decl.caBundleInjected = v.caBundleInjected;
    this.model.apiServices.push(decl);
  }

  /** An unregistered name (in kubegen's namespaces or a misspelt one) that is a typo of one of these markers. */
  private nearMiss(text: string, span: SourceSpan, name: string): void {
    if (markerDefinition(name)) return;
    const result = parseMarker(text, span, 'package');
    if (result.kind !== 'error') return;
    if (result.diagnostics.some((d) => d.hint !== undefined && MANIFEST_MARKERS.includes(d.hint.replace(/^\+/, '')))) this.bag.addAll(result.diagnostics);
  }

  private spanAt(pos: number): SourceSpan {
    const { line, character } = this.sf.getLineAndCharacterOfPosition(pos);
    return { file: this.file, line: line + 1, column: character + 1 };
  }
}

/** Why a marker is not read; `reader` is who would not read it (kubegen reads its own markers where controller-gen reads its). */
function whereNotRead(p: Exclude<Placement, { kind: 'read' }>, reader: string): string {
  switch (p.kind) {
    case 'doc':
      return `is in the doc comment of ${p.of}, where ${reader} does not read it; separate the marker from the declaration with a blank line`;
    case 'inside':
      return `is inside ${p.of}, where ${reader} does not read it; move it to a comment at the top level of the file`;
    case 'trailing':
      return `is in a comment after code on the same line, where ${reader} does not read it; put it on a line of its own`;
  }
}

/** `function Reconcile`, `class BackupReconciler` … for statements that carry a doc comment; undefined otherwise. */
function declarationName(st: ts.Statement): string | undefined {
  const named = (what: string, n: { name?: ts.Node }) => (n.name && ts.isIdentifier(n.name) ? `${what} ${n.name.text}` : what);
  if (ts.isFunctionDeclaration(st)) return named('function', st);
  if (ts.isClassDeclaration(st)) return named('class', st);
  if (ts.isInterfaceDeclaration(st)) return named('interface', st);
  if (ts.isTypeAliasDeclaration(st)) return named('type', st);
  if (ts.isEnumDeclaration(st)) return named('enum', st);
  if (ts.isModuleDeclaration(st)) return named('namespace', st);
  if (ts.isVariableStatement(st)) {
    const first = st.declarationList.declarations[0];
    return first && ts.isIdentifier(first.name) ? `variable ${first.name.text}` : 'a variable';
  }
  if (ts.isExportAssignment(st)) return 'the default export';
  return undefined;
}

function describeStatement(st: ts.Statement): string {
  if (ts.isImportDeclaration(st)) return 'an import';
  if (ts.isExportDeclaration(st)) return 'an export';
  return 'a statement';
}

function displayPath(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).join('/');
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
