/**
 * Name resolution for API files without the type checker.
 *
 * API types are declared at the top level of modules, so a type name means one thing throughout a file: a
 * declaration of that file, an import binding (named, renamed, namespace), or — when neither — a global of the
 * TypeScript lib (`Array`, `Record`, `Date` …). Import bindings are followed through the target module's exports:
 * its own exported declarations, `export { a as b }` (local or `from`), `export * from`, and `export * as ns from`.
 * This is what the checker's `getSymbolAtLocation` + `getAliasedSymbol` computes for such files, at a fraction of
 * the cost (no binder, no lib files, no checker initialisation), which matters for large APIs.
 *
 * Contract: `SourceFiles.get(path)` parses each file once (JSDoc not parsed; the loader reads comments from the
 * text) until `update` gives it new text; `Resolver.resolve(name, sf)` never throws and returns undefined for names it
 * cannot resolve. Both live across the runs of `kubegen generate --watch` (`LoadCache`): the loader tells the resolver
 * to `forget` a changed file, and records through `touched` which modules each file's resolutions consulted.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export type DeclNode = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;

export type Resolved =
  | { kind: 'decl'; node: DeclNode }
  | { kind: 'enumMember'; decl: ts.EnumDeclaration; member: ts.EnumMember }
  | { kind: 'namespace'; module: string }
  /** A name that is neither declared nor imported: a global such as `Array`. */
  | { kind: 'global'; name: string }
  /** Declared or exported under that name, but not as a type we understand (a class, a function …). */
  | { kind: 'other'; node: ts.Node };

/** Parsed source files, with virtual (in-memory) files served first. */
export class SourceFiles {
  private readonly files = new Map<string, ts.SourceFile | undefined>();
  private readonly virtual: Map<string, string>;

  constructor(virtual: ReadonlyMap<string, string> = new Map()) {
    this.virtual = new Map(virtual);
  }

  /**
   * Serve `text` for `fileName` from now on (undefined: read it from disk again); the parsed file is dropped when the
   * text differs. Returns the dropped parse (so that caches keyed by it can forget it), or undefined when unchanged.
   */
  update(fileName: string, text: string | undefined): { dropped: ts.SourceFile | undefined } | undefined {
    if (text !== undefined && this.virtual.get(fileName) === text) return undefined;
    const dropped = this.files.get(fileName);
    if (text === undefined) this.virtual.delete(fileName);
    else this.virtual.set(fileName, text);
    this.files.delete(fileName);
    return { dropped };
  }

  /** Serves `text` as the file `fileName` (a generated index module); a file already served keeps its text. */
  addVirtual(fileName: string, text: string): void {
    if (!this.virtual.has(fileName)) this.virtual.set(fileName, text);
  }

  get(fileName: string): ts.SourceFile | undefined {
    if (this.files.has(fileName)) return this.files.get(fileName);
    let text = this.virtual.get(fileName);
    if (text === undefined) {
      try {
        text = fs.readFileSync(fileName, 'utf8');
      } catch {
        text = undefined;
      }
    }
    const sf = text === undefined ? undefined : parseSource(fileName, text);
    this.files.set(fileName, sf);
    return sf;
  }

  exists(fileName: string): boolean {
    return this.virtual.has(fileName) || fs.existsSync(fileName);
  }

  /** Syntax errors of a parsed file (the parser's own diagnostics, or the one {@link parseSource} put in their place). */
  static parseDiagnostics(sf: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
    const deep = TOO_DEEP.get(sf);
    if (deep) return [deep];
    return (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? []; // cast-ok: TypeScript keeps a SourceFile's parse diagnostics in an internal field its typings omit
  }

  /** The diagnostic a parse diagnostic is reported as: {@link TOO_DEEP_CODE} is kubegen's own nesting bound (KG3010). */
  static diagnosticName(d: ts.Diagnostic): 'syntax-error' | 'type-too-deep' {
    return d.code === TOO_DEEP_CODE ? 'type-too-deep' : 'syntax-error';
  }
}

/**
 * The deepest bracket nesting (`{`, `(`, `[`, `<`, `${`) kubegen hands to TypeScript's parser. The parser recurses
 * per level and overflows Node's stack a few hundred levels down (an inline object type nested ~450 deep); a
 * source nested deeper is refused before it is parsed (KG3010). The bound is the model's own (MAX_TYPE_DEPTH, 256
 * levels of fields), which any type that nests this deep would break anyway.
 */
export const MAX_SOURCE_NESTING = 256;

/** The `code` of the parse diagnostic {@link parseSource} reports for a source nested too deep. */
const TOO_DEEP_CODE = -3010;

const OPENERS = new Set([ts.SyntaxKind.OpenBraceToken, ts.SyntaxKind.OpenParenToken, ts.SyntaxKind.OpenBracketToken, ts.SyntaxKind.LessThanToken, ts.SyntaxKind.TemplateHead]);
/** Each closing token → the opener it closes. */
const CLOSERS = new Map([
  [ts.SyntaxKind.CloseBraceToken, ts.SyntaxKind.OpenBraceToken],
  [ts.SyntaxKind.CloseParenToken, ts.SyntaxKind.OpenParenToken],
  [ts.SyntaxKind.CloseBracketToken, ts.SyntaxKind.OpenBracketToken],
  [ts.SyntaxKind.GreaterThanToken, ts.SyntaxKind.LessThanToken],
]);

/**
 * Where `text` first nests brackets deeper than {@link MAX_SOURCE_NESTING}, or undefined. One pass of TypeScript's
 * scanner (iterative, so it cannot overflow itself): comments and strings are skipped as the parser skips them, a
 * template's `${ … }` counts as a level. `<` also opens a level and `>` closes one (type arguments); a stray `<`
 * of an expression only makes the count higher, never lets a deep source through.
 */
export function tooDeepAt(text: string): number | undefined {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const open: ts.SyntaxKind[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.CloseBraceToken && open[open.length - 1] === ts.SyntaxKind.TemplateHead) {
      // the `}` ending a template substitution: the template goes on (`…${` again) or ends (`…\``)
      open.pop();
      if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateMiddle) open.push(ts.SyntaxKind.TemplateHead);
      continue;
    }
    if (OPENERS.has(kind)) {
      open.push(kind);
      if (open.length > MAX_SOURCE_NESTING) return scanner.getTokenStart();
    } else {
      // close the nearest opener of this token's kind; an unmatched `>` (an expression's comparison) closes nothing
      const opener = CLOSERS.get(kind);
      const at = opener === undefined ? -1 : open.lastIndexOf(opener);
      if (at >= 0) open.length = at;
    }
  }
  return undefined;
}

/**
 * Parses an API source as the loader reads it (no JSDoc parsing). A source nested deeper than
 * {@link MAX_SOURCE_NESTING} is not handed to the parser: the result has its line structure but no statements,
 * and one parse diagnostic (KG3010) at the first bracket too deep.
 */
/** The one parse diagnostic of a source {@link parseSource} did not hand to the parser (too deep), by file. */
const TOO_DEEP = new WeakMap<ts.SourceFile, ts.DiagnosticWithLocation>();

export function parseSource(fileName: string, text: string): ts.SourceFile {
  const options = { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  const deepAt = tooDeepAt(text);
  if (deepAt === undefined) return ts.createSourceFile(fileName, text, options, true, ts.ScriptKind.TS);
  // the same lines and columns (line terminators kept, everything else blank), so the diagnostic's span is right
  const sf = ts.createSourceFile(fileName, text.replace(/[^\n\r\u2028\u2029]/g, ' '), options, true, ts.ScriptKind.TS);
  const diagnostic: ts.DiagnosticWithLocation = {
    file: sf,
    start: deepAt,
    length: 1,
    code: TOO_DEEP_CODE,
    category: ts.DiagnosticCategory.Error,
    messageText: `brackets nest more than ${MAX_SOURCE_NESTING} levels deep here; kubegen does not parse such a source (TypeScript's parser would run out of stack): declare the inner types as named types`,
  };
  TOO_DEEP.set(sf, diagnostic);
  return sf;
}

interface FileScope {
  decls: Map<string, ts.Node>;
  /** local name → module file and the imported name (`*` for a namespace import, `default` for a default import). */
  imports: Map<string, { module: string | undefined; name: string }>;
}

interface ModuleExports {
  named: Map<string, () => Resolved | undefined>;
  stars: Array<string | undefined>;
}

export class Resolver {
  private readonly scopes = new Map<ts.SourceFile, FileScope>();
  private readonly exportsOf = new Map<string, ModuleExports>();
  private readonly moduleCache = new Map<string, string | undefined>();
  /** While set, every module whose exports a resolution consults is added here (the loader's per-file dependencies). */
  touched: Set<string> | undefined;
  private readonly host: ts.ModuleResolutionHost;
  private readonly options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
  };

  constructor(
    private readonly files: SourceFiles,
    /** Modules resolved by name before the file system is asked (e.g. `@kubegen/runtime` → its index). */
    private readonly aliases: ReadonlyMap<string, string>,
    /** Further modules resolved by name (e.g. `@kubegen/api/core/v1` → an index of that folder), asked after `aliases`. */
    private readonly aliasOf: (specifier: string) => string | undefined = () => undefined,
  ) {
    this.host = {
      fileExists: (f) => files.exists(f),
      readFile: (f) => files.get(f)?.text,
    };
  }

  /** Forget what was computed from a file whose text changed (its exports, and the scope of its old parse). */
  forget(fileName: string, old: ts.SourceFile | undefined): void {
    this.exportsOf.delete(fileName);
    if (old) this.scopes.delete(old);
  }

  /** Forget every module resolution (files were added or removed, so a specifier may now resolve elsewhere). */
  forgetModules(): void {
    this.moduleCache.clear();
    this.exportsOf.clear();
    this.scopes.clear();
  }

  /** What a type name (`A` or `ns.A` / `Enum.Member`) written in `sf` refers to. */
  resolve(name: ts.EntityName | ts.Expression, sf: ts.SourceFile): Resolved | undefined {
    if (ts.isIdentifier(name)) return this.resolveIdentifier(name.text, sf);
    const [head, ...rest] = entityParts(name) ?? [];
    if (head === undefined) return undefined;
    let current = this.resolveIdentifier(head, sf);
    for (const part of rest) {
      if (!current) return undefined;
      if (current.kind === 'namespace') current = this.resolveExport(current.module, part, new Set());
      else if (current.kind === 'decl' && ts.isEnumDeclaration(current.node)) {
        const member = current.node.members.find((m) => propertyNameText(m.name) === part);
        current = member ? { kind: 'enumMember', decl: current.node, member } : undefined;
      } else return undefined;
    }
    return current;
  }

  /** The file a module specifier written in `fromFile` refers to. */
  resolveModule(specifier: string, fromFile: string): string | undefined {
    const alias = this.aliases.get(specifier) ?? this.aliasOf(specifier);
    if (alias) return alias;
    const key = `${path.dirname(fromFile)}\0${specifier}`;
    if (this.moduleCache.has(key)) return this.moduleCache.get(key);
    const r = ts.resolveModuleName(specifier, fromFile, this.options, this.host).resolvedModule;
    const file = r && !r.isExternalLibraryImport ? r.resolvedFileName : r?.resolvedFileName;
    this.moduleCache.set(key, file);
    return file;
  }

  /** What a module (a file `resolveModule` returned) exports under `name`. */
  resolveExported(module: string, name: string): Resolved | undefined {
    return this.resolveExport(module, name, new Set());
  }

  private resolveIdentifier(name: string, sf: ts.SourceFile): Resolved | undefined {
    const scope = this.scope(sf);
    const decl = scope.decls.get(name);
    if (decl) return asResolved(decl);
    const imp = scope.imports.get(name);
    if (imp) {
      if (!imp.module) return undefined;
      if (imp.name === '*') return { kind: 'namespace', module: imp.module };
      return this.resolveExport(imp.module, imp.name, new Set());
    }
    return { kind: 'global', name };
  }

  private resolveExport(module: string, name: string, seen: Set<string>): Resolved | undefined {
    const key = `${module}\0${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const exp = this.exports(module);
    if (!exp) return undefined;
    const direct = exp.named.get(name);
    if (direct) return direct();
    for (const star of exp.stars) {
      if (!star) continue;
      const r = this.resolveExport(star, name, seen);
      if (r) return r;
    }
    return undefined;
  }

  private exports(module: string): ModuleExports | undefined {
    this.touched?.add(module);
    const cached = this.exportsOf.get(module);
    if (cached) return cached;
    const sf = this.files.get(module);
    if (!sf) return undefined;
    const named = new Map<string, () => Resolved | undefined>();
    const stars: Array<string | undefined> = [];
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st)) {
        const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? this.resolveModule(st.moduleSpecifier.text, sf.fileName) : undefined;
        if (!st.exportClause) {
          stars.push(from);
        } else if (ts.isNamespaceExport(st.exportClause)) {
          const ns = st.exportClause.name.text;
          named.set(ns, () => (from ? { kind: 'namespace', module: from } : undefined));
        } else {
          for (const el of st.exportClause.elements) {
            const local = (el.propertyName ?? el.name).text;
            const exported = el.name.text;
            named.set(exported, () => (from ? this.resolveExport(from, local, new Set()) : this.resolveIdentifier(local, sf)));
          }
        }
      } else if (hasExportModifier(st)) {
        const n = declaredName(st);
        if (n) named.set(n, () => asResolved(st));
      }
    }
    const exp = { named, stars };
    this.exportsOf.set(module, exp);
    return exp;
  }

  private scope(sf: ts.SourceFile): FileScope {
    let scope = this.scopes.get(sf);
    if (scope) return scope;
    scope = { decls: new Map(), imports: new Map() };
    for (const st of sf.statements) {
      const n = declaredName(st);
      if (n) scope.decls.set(n, st);
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && st.importClause) {
        const module = this.resolveModule(st.moduleSpecifier.text, sf.fileName);
        const clause = st.importClause;
        if (clause.name) scope.imports.set(clause.name.text, { module, name: 'default' });
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) scope.imports.set(bindings.name.text, { module, name: '*' });
        else if (bindings) for (const el of bindings.elements) scope.imports.set(el.name.text, { module, name: (el.propertyName ?? el.name).text });
      }
    }
    this.scopes.set(sf, scope);
    return scope;
  }
}

function asResolved(node: ts.Node): Resolved {
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) return { kind: 'decl', node };
  return { kind: 'other', node };
}

function declaredName(st: ts.Statement): string | undefined {
  if (
    ts.isInterfaceDeclaration(st) ||
    ts.isTypeAliasDeclaration(st) ||
    ts.isEnumDeclaration(st) ||
    ts.isClassDeclaration(st) ||
    ts.isFunctionDeclaration(st)
  ) {
    return st.name?.text;
  }
  return undefined;
}

function entityParts(name: ts.EntityName | ts.Expression): string[] | undefined {
  if (ts.isIdentifier(name)) return [name.text];
  if (ts.isQualifiedName(name)) {
    const left = entityParts(name.left);
    return left && [...left, name.right.text];
  }
  if (ts.isPropertyAccessExpression(name)) {
    const left = entityParts(name.expression);
    return left && [...left, name.name.text];
  }
  return undefined;
}

export function hasExportModifier(n: ts.Node): boolean {
  return ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

export function propertyNameText(n: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) return n.text;
  return undefined;
}

/**
 * The constant values of an enum's members, as TypeScript computes them for literal initialisers: strings,
 * numbers (with unary minus), and auto-incremented numbers after a number or at the start. `undefined` for a
 * member whose value is computed from an expression.
 */
export function enumValues(decl: ts.EnumDeclaration): Array<string | number | undefined> {
  const out: Array<string | number | undefined> = [];
  let next: number | undefined = 0;
  for (const m of decl.members) {
    const init = m.initializer;
    let v: string | number | undefined;
    if (!init) v = next;
    else if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) v = init.text;
    else if (ts.isNumericLiteral(init)) v = Number(init.text);
    else if (ts.isPrefixUnaryExpression(init) && init.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(init.operand)) v = -Number(init.operand.text);
    else v = undefined;
    out.push(v);
    next = typeof v === 'number' ? v + 1 : undefined;
  }
  return out;
}
