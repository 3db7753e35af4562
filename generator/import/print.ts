/**
 * The input-language emitter: an API model → TypeScript API files (`<group>/<version>/*.ts` and `doc.ts`) that
 * `generator/load` reads back into the same model. Used by `kubegen import`.
 *
 * Contract:
 * - Pure: reads the model, returns files. Packages of the runtime (`@kubegen/runtime`) are imported, never written.
 * - A declaration goes to the file named by its span (`<package>/<file>.ts`); a kind's file starts with the kind and
 *   its list, then the other declarations by name. Imports are type-only, between files of a package with `./x.js`,
 *   from the runtime by name (renamed when a local declaration has the same name); the runtime declarations the package
 *   re-exports as its own (`runtimeReexports`) are `export type { … } from '@kubegen/runtime'` in its `types.ts`.
 * - Docs become JSDoc blocks (or `//` lines when the text holds `*\/`), marker lines follow the doc, and every marker
 *   is printed by its definition's `print` (the registry's grammar read backwards, escaping its arguments), so that it
 *   parses back to the same value. Every other text goes through the escaping function of its context
 *   (generator/render/escape.ts): `apiDocComment` for docs, `jsString` for string literals and quoted property names.
 */
import * as path from 'node:path';
import { printMarker } from '../markers';
import type { ApiModel, Field, MarkerValue, Package, TypeDecl, TypeRef } from '../model/types';
import { RUNTIME_PACKAGE } from '../model/util';
import { apiDocComment, jsString } from '../render/escape';
import type { VirtualFile } from '../emit/types';

export interface ApisTsOptions {
  /** One line saying where the types came from, written at the top of every file (no paths, no timestamps). */
  origin?: string;
}

/** The TypeScript API files of every non-runtime package of the model. */
export function emitApisTs(model: ApiModel, options: ApisTsOptions = {}): VirtualFile[] {
  const files: VirtualFile[] = [];
  for (const pkg of model.packages) {
    if (pkg.id === RUNTIME_PACKAGE) continue;
    files.push(...emitPackage(pkg, model, options));
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function header(options: ApisTsOptions): string {
  return options.origin ? `// ${options.origin}\n\n` : '';
}

function emitPackage(pkg: Package, model: ApiModel, options: ApisTsOptions): VirtualFile[] {
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

  for (const [file, decls] of [...byFile.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const rank = (d: TypeDecl) => (kindNames.has(d.name) ? 0 : d.name.endsWith('List') && kindNames.has(d.name.slice(0, -4)) ? 1 : 2);
    const ordered = [...decls].sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const imports = new Imports(pkg, file, fileOf, new Set(pkg.types.map((t) => t.name)), model);
    const body = ordered.map((d) => printDecl(d, imports)).join('\n');
    const reexports = file === 'types' && pkg.runtimeReexports ? `export type { ${pkg.runtimeReexports.join(', ')} } from '@kubegen/runtime';\n\n` : '';
    out.push({ path: `${pkg.id}/${file}.ts`, contents: `${header(options)}${imports.render()}${reexports}${body}`, group: pkg.group });
  }
  return out;
}

/** The imports a file needs, collected while its declarations are printed. */
class Imports {
  private readonly runtime = new Map<string, string>();
  private readonly local = new Map<string, Set<string>>();

  constructor(
    private readonly pkg: Package,
    private readonly file: string,
    private readonly fileOf: Map<string, string>,
    private readonly localNames: Set<string>,
    private readonly model: ApiModel,
  ) {}

  /** The identifier to write for a runtime type (renamed when a local declaration has the same name). */
  runtimeName(name: string): string {
    let local = this.runtime.get(name);
    if (!local) {
      local = this.localNames.has(name) ? `Runtime${name}` : name;
      this.runtime.set(name, local);
    }
    return local;
  }

  named(ref: Extract<TypeRef, { kind: 'named' }>): string {
    if (ref.package === RUNTIME_PACKAGE) return this.runtimeName(ref.name);
    if (ref.package === this.pkg.id) {
      const file = this.fileOf.get(ref.name);
      if (file !== undefined && file !== this.file) this.add(`./${file}.js`, ref.name);
      return ref.name;
    }
    const other = this.model.packages.find((p) => p.id === ref.package);
    const decl = other?.types.find((t) => t.name === ref.name);
    const file = decl ? path.posix.basename(decl.span.file, '.ts') : 'types';
    this.add(`${path.posix.relative(this.pkg.id, ref.package) || '.'}/${file}.js`, ref.name);
    return ref.name;
  }

  private add(from: string, name: string): void {
    const set = this.local.get(from) ?? new Set<string>();
    set.add(name);
    this.local.set(from, set);
  }

  render(): string {
    const lines: string[] = [];
    if (this.runtime.size > 0) {
      const names = [...this.runtime.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([n, l]) => (n === l ? n : `${n} as ${l}`));
      lines.push(`import type { ${names.join(', ')} } from '@kubegen/runtime';`);
    }
    for (const [from, names] of [...this.local.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      lines.push(`import type { ${[...names].sort().join(', ')} } from ${jsString(from)};`);
    }
    return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
  }
}

function printDecl(d: TypeDecl, imports: Imports): string {
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

function printField(f: Field, imports: Imports): string {
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
export function printType(t: TypeRef, imports: Imports): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'unknown':
      return 'unknown';
    case 'wellKnown':
      return imports.runtimeName(t.name);
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

