/**
 * The importer's output half (kopium's analyzer / output split; controller-tools `markers/parse.go` read backwards):
 * an API model → TypeScript API files (`<group>/<version>/*.ts` and `doc.ts`) in the input language, which
 * `generator/load` reads back into the same model. Used by `kubegen import`; the emitters (generator/emit) never read
 * markers, this printer writes them.
 *
 * Contract:
 * - Pure: reads the model, returns files. Packages of the runtime (`@kubegen/runtime`) and of the built-in types
 *   (`@kubegen/api/<group>/<version>`) are imported, never written.
 * - A declaration goes to the file named by its span (`<package>/<file>.ts`); a kind's file starts with the kind and
 *   its list, then the other declarations by name. Imports come from the shared ImportTracker (generator/render):
 *   type-only, between files of a package with `./x.js`, from the runtime by name — `Runtime<Name>` when the package
 *   declares that name itself, as a package's declarations share one scope —, sorted; the runtime declarations the
 *   package re-exports as its own (`runtimeReexports`) are `export type { … } from '@kubegen/runtime'` in its
 *   `types.ts`.
 * - Docs become JSDoc blocks (or `//` lines when the text holds `*\/`), marker lines follow the doc, and every marker
 *   is printed by its definition's `print` (the registry's grammar read backwards, escaping its arguments), so that it
 *   parses back to the same value. Every other text goes through the escaping function of its context
 *   (generator/render/escape.ts): `apiDocComment` for docs, `jsString` for string literals and quoted property names.
 */
import * as path from 'node:path';
import { printMarker } from '../markers';
import type { ApiModel, Field, MarkerValue, Package, TypeDecl, TypeRef } from '../model/types';
import { isApiPackage, RUNTIME_PACKAGE } from '../model/util';
import { apiDocComment, jsString } from '../render/escape';
import { ImportTracker, modulePrefix } from '../render/imports';
import type { VirtualFile } from '../emit/shared/types';

export interface PrintOptions {
  /** One line saying where the types came from, written at the top of every file (no paths, no timestamps). */
  origin?: string;
}

/** The TypeScript API files of every non-runtime package of the model. */
export function printApiSources(model: ApiModel, options: PrintOptions = {}): VirtualFile[] {
  const files: VirtualFile[] = [];
  for (const pkg of model.packages) {
    if (pkg.id === RUNTIME_PACKAGE || isApiPackage(pkg.id)) continue;
    files.push(...emitPackage(pkg, model, options));
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function header(options: PrintOptions): string {
  return options.origin ? `// ${options.origin}\n\n` : '';
}

function emitPackage(pkg: Package, model: ApiModel, options: PrintOptions): VirtualFile[] {
  const out: VirtualFile[] = [];
  const docLines = [`Package ${pkg.version} holds the API types of ${pkg.group !== undefined ? `${pkg.group || 'core'}/${pkg.version}` : pkg.id}.`, ''];
  for (const m of pkg.markers) docLines.push(printMarker(m));
  out.push({ path: `${pkg.id}/doc.ts`, contents: `${header(options)}${docLines.map((l) => (l ? `// ${l}` : '//')).join('\n')}\n`, group: pkg.group });

  const byFile = new Map<string, TypeDecl[]>();
  for (const t of pkg.types) {
    const file = path.posix.basename(t.span.file, '.ts') || 'types';
    const list = byFile.get(file) ?? [];
    list.push(t);
    byFile.set(file, list);
  }
  // the runtime declarations the package re-exports as its own go to its types.ts
  if ((pkg.runtimeReexports ?? []).length > 0 && !byFile.has('types')) byFile.set('types', []);
  const fileOf = new Map<string, string>();
  for (const [file, decls] of byFile) for (const d of decls) fileOf.set(d.name, file);
  const kindNames = new Set(pkg.kinds.map((k) => k.name));
  const packageNames = new Set(pkg.types.map((t) => t.name));

  for (const [file, decls] of [...byFile.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const rank = (d: TypeDecl) => (kindNames.has(d.name) ? 0 : d.name.endsWith('List') && kindNames.has(d.name.slice(0, -4)) ? 1 : 2);
    const ordered = [...decls].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const imports = new FileImports(pkg, file, fileOf, packageNames, model);
    const { imports: importLines, body } = imports.tracker.link(ordered.map((d) => printDecl(d, imports)).join('\n'));
    const reexports = file === 'types' && pkg.runtimeReexports ? `export type { ${pkg.runtimeReexports.join(', ')} } from ${jsString(RUNTIME_MODULE)};\n\n` : '';
    out.push({ path: `${pkg.id}/${file}.ts`, contents: `${header(options)}${importLines ? `${importLines}\n\n` : ''}${reexports}${body}`, group: pkg.group });
  }
  return out;
}

const RUNTIME_MODULE = '@kubegen/runtime';

/** How one file names the types it uses: the shared ImportTracker, with the input language's module specifiers. */
class FileImports {
  readonly tracker: ImportTracker;

  constructor(
    private readonly pkg: Package,
    private readonly file: string,
    private readonly fileOf: ReadonlyMap<string, string>,
    packageNames: ReadonlySet<string>,
    private readonly model: ApiModel,
  ) {
    // a runtime type whose name the package declares (in any of its files) is imported as `Runtime<Name>`, a built-in
    // type as `<module>_<Name>` (`api_core_v1_Container`)
    this.tracker = new ImportTracker({
      preferredName: (module, name) => (!packageNames.has(name) ? name : module === RUNTIME_MODULE ? `Runtime${name}` : isApiPackage(module) ? `${modulePrefix(module)}_${name}` : name),
    });
  }

  /** The identifier to write for a runtime type. */
  runtime(name: string): string {
    return this.tracker.type(RUNTIME_MODULE, name);
  }

  /** The identifier to write for a declaration of the model (imported from its file unless it is in this one). */
  named(ref: Extract<TypeRef, { kind: 'named' }>): string {
    if (ref.package === RUNTIME_PACKAGE) return this.runtime(ref.name);
    // a built-in type: from its module of @kubegen/api, whose specifier is its package id
    if (isApiPackage(ref.package)) return this.tracker.type(ref.package, ref.name);
    if (ref.package === this.pkg.id) {
      const file = this.fileOf.get(ref.name);
      return file !== undefined && file !== this.file ? this.tracker.type(`./${file}.js`, ref.name) : ref.name;
    }
    const other = this.model.packages.find((p) => p.id === ref.package);
    const decl = other?.types.find((t) => t.name === ref.name);
    const file = decl ? path.posix.basename(decl.span.file, '.ts') : 'types';
    return this.tracker.type(`${path.posix.relative(this.pkg.id, ref.package) || '.'}/${file}.js`, ref.name);
  }
}

function printDecl(d: TypeDecl, imports: FileImports): string {
  const comment = printComment(d.doc, d.markers, '');
  if (d.declaration === 'interface' && d.type.kind === 'struct') {
    const ext = d.type.embeds.length > 0 ? ` extends ${d.type.embeds.map((e) => printType(e, imports)).join(', ')}` : '';
    const fields = d.type.fields.map((f) => printField(f, imports)).join('');
    return `${comment}export interface ${d.name}${ext} {${fields ? `\n${fields}` : ''}}\n`;
  }
  if (d.declaration === 'enum' && d.type.kind === 'enum') {
    return `${comment}export type ${d.name} = ${printType(d.type, imports)};\n`;
  }
  return `${comment}export type ${d.name} = ${printType(d.type, imports)};\n`;
}

function printField(f: Field, imports: FileImports): string {
  const comment = printComment(f.doc, f.markers, '  ');
  const type = printType(f.type, imports) + (f.nullable ? ' | null' : '');
  return `${comment}  ${propertyKey(f.name)}${f.optional ? '?' : ''}: ${type};\n`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as the loader reads it back: bare identifiers, else a string literal (never computed). */
function propertyKey(name: string): string {
  return IDENTIFIER.test(name) && name !== '__proto__' ? name : jsString(name);
}

/** A type at a use site. */
function printType(t: TypeRef, imports: FileImports): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'unknown':
      return 'unknown';
    case 'wellKnown':
      return imports.runtime(t.name);
    case 'named':
      return imports.named(t);
    case 'array': {
      const inner = printType(t.items, imports);
      return t.items.kind === 'enum' && t.items.values.length > 1 ? `Array<${inner}>` : `${inner}[]`;
    }
    case 'map':
      return `Record<string, ${printType(t.values, imports)}>`;
    case 'enum':
      return t.values.map((v) => (typeof v === 'string' ? jsString(v) : String(v))).join(' | ');
    case 'struct': {
      if (t.fields.length === 0 && t.embeds.length === 0) return '{}';
      const parts = t.embeds.map((e) => printType(e, imports));
      if (t.fields.length > 0) parts.push(`{\n${t.fields.map((f) => printField(f, imports)).join('')}}`);
      return parts.join(' & ');
    }
  }
}

/**
 * A doc comment with marker lines (`apiDocComment`: a JSDoc block, or `//` lines when the doc holds `*\/`). Empty when
 * there is neither doc nor markers.
 */
export function printComment(doc: string, markers: readonly MarkerValue[], indent: string): string {
  // A doc ending in a line break (controller-gen's text cut at `---` after a blank line) is written that way: a blank
  // line and the cut, which the loader reads back as the same text.
  const text = doc.endsWith('\n') ? `${doc}\n---` : doc;
  return apiDocComment([...(text ? text.split('\n') : []), ...markers.map(printMarker)], indent);
}

