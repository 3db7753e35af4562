/**
 * Type names kubegen cannot generate code for, derived from the real sources of a collision rather than listed:
 * - for a kind, the types of `@kubegen/runtime` that its own file must import beside it: `TypeMeta`, `ObjectMeta`
 *   and (for the generated list) `ListMeta` for every kind ({@link KIND_RUNTIME_TYPES}); and for a kind that
 *   `create api` scaffolds, every runtime type the scaffolded file imports (`Condition`, `int32` …, read from the
 *   template: {@link scaffoldRuntimeImports}). Other runtime names stay usable: the generated modules import the
 *   runtime's types through the import tracker, which aliases a name the package declares itself (`Scale` is a kind
 *   of autoscaling/v1 and a runtime type alike);
 * - the fixed names the emitters' templates export from every version (`deepCopyObject`, `setObjectDefaults`,
 *   `GroupVersion` … every `export function|const|class|interface|type` whose name is written in a template),
 *   when the emitters' own per-type names (`deepCopy<Type>`, and for a kind `<Kind>List`, `setDefaults<Kind>`,
 *   `validate<Kind>`, `<Kind>GVK`, `<Kind>GVR`) of the type give one of them: kind `Object` → `deepCopyObject`,
 *   declared twice in deepcopy.ts.
 *
 * `reservedTypeName(name, isKind)` says why a name is refused (undefined when it is not). The templates' names are
 * read once per process (found through `generator/assets.ts`); the per-type names come from the namer module
 * (`generator/naming`), the one definition the emitters use too. The runtime's exported names
 * (`runtimeTypeNames`, for the tests that check {@link scaffoldRuntimeImports} against them) are the loader's
 * business: `generator/load/runtime.ts`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { exportedNames, templatesDir } from '../assets';
import type { DiagnosticBag } from '../diagnostics';
import { deepCopyFunctionName, gvkConstName, gvrConstName, setDefaultsFunctionName, validateFunctionName } from '../naming';
import type { Package } from './types';

const GROUP_LEVEL_FOLDERS = ['scaffold', 'fake', 'package'];

let templateNames: ReadonlySet<string> | undefined;

/** The runtime types every kind's file imports beside it: `extends TypeMeta`, `metadata?: ObjectMeta`, and its list's `ListMeta`. */
export const KIND_RUNTIME_TYPES: ReadonlySet<string> = new Set(['TypeMeta', 'ObjectMeta', 'ListMeta']);

let scaffoldImports: ReadonlySet<string> | undefined;

/** The runtime types the file `create api` scaffolds for a kind imports (the template's `import type { … }`). */
export function scaffoldRuntimeImports(): ReadonlySet<string> {
  if (scaffoldImports) return scaffoldImports;
  const text = fs.readFileSync(path.join(templatesDir(), 'scaffold', 'kind.ts.hbs'), 'utf8');
  const names = new Set<string>(KIND_RUNTIME_TYPES);
  for (const [, list] of text.matchAll(/^import\s+type\s*\{([^}]*)\}\s*from\s*'@kubegen\/runtime'/gm)) {
    if (list === undefined) throw new Error('kubegen bug: the import pattern has one required group');
    for (const n of list.split(',')) if (n.trim() !== '') names.add(n.trim());
  }
  return (scaffoldImports = names);
}

/** The names the templates export verbatim (not from a view-model variable) from every generated version. */
export function fixedGeneratedNames(): ReadonlySet<string> {
  if (templateNames) return templateNames;
  const root = templatesDir();
  const files: string[] = [];
  for (const d of fs.readdirSync(root, { withFileTypes: true })) {
    // a version's modules only: the scaffold writes the user's files, `fake/` and `group.hbs` are group modules,
    // which re-export a version as a namespace (`export * as v1`), so a kind's names never meet theirs
    if (!d.isDirectory() || GROUP_LEVEL_FOLDERS.includes(d.name)) continue;
    for (const f of fs.readdirSync(path.join(root, d.name))) if (f.endsWith('.hbs') && f !== 'group.hbs') files.push(path.join(root, d.name, f));
  }
  return (templateNames = exportedNames(files.sort()));
}

/** The names the emitters generate for a type of this name (and, for a kind, its list, client and helpers). */
function generatedNamesOf(name: string, isKind: boolean): Array<{ name: string; what: string }> {
  const out = [{ name, what: 'the type itself' }, { name: deepCopyFunctionName(name), what: 'its deepcopy function' }];
  if (isKind) {
    out.push(
      { name: `${name}List`, what: 'its list type' },
      { name: deepCopyFunctionName(`${name}List`), what: "its list's deepcopy function" },
      { name: setDefaultsFunctionName(name), what: 'its defaulting function' },
      { name: setDefaultsFunctionName(`${name}List`), what: "its list's defaulting function" },
      { name: validateFunctionName(name), what: 'its validator' },
      { name: gvkConstName(name), what: 'its GVK constant' },
      { name: gvrConstName(name), what: 'its GVR constant' },
    );
  }
  return out;
}

/**
 * Why kubegen refuses a type (a kind when `isKind`) of this name, or undefined when it can generate it.
 * `runtimeImports`: the runtime types a kind's file imports beside it (default {@link KIND_RUNTIME_TYPES}).
 */
export function reservedTypeName(name: string, isKind: boolean, runtimeImports: ReadonlySet<string> = KIND_RUNTIME_TYPES): string | undefined {
  if (isKind && runtimeImports.has(name)) return `${name} is a type of @kubegen/runtime, which the kind's file imports: choose another name`;
  const fixed = fixedGeneratedNames();
  const lower = name.toLowerCase();
  if (![...fixed].some((f) => f.toLowerCase().includes(lower))) return undefined;
  for (const g of generatedNamesOf(name, isKind)) {
    if (fixed.has(g.name)) return `${g.what} would be named ${g.name}, a name kubegen already generates for every version: choose another name`;
  }
  return undefined;
}

/**
 * Reports every type of an API package whose name kubegen cannot generate code for ({@link reservedTypeName}), at
 * its declaration: the runtime's types every kind's file imports, for kinds; the emitters' fixed names for every type.
 */
export function checkReservedNames(pkg: Package, bag: DiagnosticBag): void {
  const kinds = new Set(pkg.kinds.map((k) => k.name));
  for (const t of pkg.types) {
    const why = reservedTypeName(t.name, kinds.has(t.name));
    if (why !== undefined) bag.report('invalid-name', `${kinds.has(t.name) ? 'kind' : 'type'} ${t.name} is refused: ${why}`, t.span);
  }
}
