/**
 * Where kubegen's own files are: the `templates/` directory of the installed package (or the repository). A leaf
 * module (it imports nothing of the generator), so every layer that reads kubegen's files — the templates' renderer
 * (`generator/render/templates.ts`), the model's reserved-name check (`generator/model/reserved.ts`) — finds them
 * without importing a layer above it.
 *
 * The templates are found from this module's location whether it runs as TypeScript source (`generator/`, ts-jest)
 * or compiled (`dist/generator/`): the nearest ancestor directory holding both `templates/` and a `package.json`
 * named `kubegen` wins. `KUBEGEN_TEMPLATES_DIR` overrides the search.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { group } from './text';

let templatesDirCache: string | undefined;

/** The absolute path of the repository's `templates/` directory. */
export function templatesDir(): string {
  if (templatesDirCache) return templatesDirCache;
  const override = process.env.KUBEGEN_TEMPLATES_DIR;
  if (override) return (templatesDirCache = path.resolve(override));
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, 'templates');
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(candidate) && fs.existsSync(pkg)) {
      try {
        if ((JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'kubegen') return (templatesDirCache = candidate);
      } catch {
        // not our package.json; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`kubegen: cannot find the templates/ directory above ${__dirname}`);
    dir = parent;
  }
}

const EXPORTED = /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/gm;

/**
 * The names kubegen's own files declare with a plain `export <declaration>` (a template, a runtime declaration file):
 * read line by line, not parsed — these are kubegen's files, not user input.
 */
export function exportedNames(files: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) for (const m of fs.readFileSync(f, 'utf8').matchAll(EXPORTED)) out.add(group(m, 1));
  return out;
}
