/**
 * Relative module specifiers for ECMAScript-module projects. A project whose package.json says `"type": "module"`
 * compiles its `.ts` files as ES modules under `"module": "nodenext"`, where a relative import must name the file it
 * loads (`./types.js`, `./v1/index.js`): Node's ESM resolver neither adds extensions nor reads a directory's index,
 * and TypeScript refuses the extensionless form (TS2834/TS2835). Generated code spells its own modules without
 * extensions (what CommonJS projects and their jest setups expect), so the `source` layout in an ESM project
 * rewrites each relative specifier of an import or export declaration to the generated file it names, `.ts` read
 * as `.js` as TypeScript maps them.
 *
 * A pure pass over the placed files: a specifier is resolved against the generated files only (generated code never
 * imports the user's sources), and one that names no generated file is an error, not a guess.
 */
import * as path from 'node:path';
import type { VirtualFile } from './shared/types';

/**
 * An import or export declaration at the start of a line (generated code puts every one there) ending in a relative
 * specifier: `import … from '<spec>';`, `export * from '<spec>';`, `export * as v1 from '<spec>';`. The clause
 * between keyword and `from` never holds a quote or a semicolon, so the match cannot run into a string or a
 * comment; single-quoted specifiers are the only form the emitters write.
 */
const DECLARATION = /^((?:import|export)\b[^'";]*?\bfrom ')(\.{1,2}\/[^'\\\n]*|\.{1,2})(';)$/gm;

/**
 * The files with every relative specifier of their TypeScript sources made explicit for ES modules (`./types` →
 * `./types.js`, `./v1` → `./v1/index.js`); other files are returned as they are. Throws when a specifier names no
 * generated module (a generator's bug: the output would not compile).
 */
export function withEsmSpecifiers(files: readonly VirtualFile[]): VirtualFile[] {
  const modules = new Set(files.filter((f) => f.path.endsWith('.ts')).map((f) => f.path));
  return files.map((f) => {
    if (!f.path.endsWith('.ts') || f.path.endsWith('.d.ts')) return f;
    const dir = path.posix.dirname(f.path);
    const contents = f.contents.replace(DECLARATION, (_all, head: string, spec: string, tail: string) => `${head}${esmSpecifier(dir, spec, modules, f.path)}${tail}`);
    return contents === f.contents ? f : { ...f, contents };
  });
}

function esmSpecifier(dir: string, spec: string, modules: ReadonlySet<string>, from: string): string {
  if (/\.(?:[cm]?js|json)$/.test(spec)) return spec;
  const target = path.posix.normalize(path.posix.join(dir, spec));
  if (spec !== '.' && spec !== '..' && modules.has(`${target}.ts`)) return `${spec}.js`;
  if (modules.has(`${target}/index.ts`)) return `${spec}/index.js`;
  throw new Error(`${from}: import of '${spec}' names no generated module`);
}
