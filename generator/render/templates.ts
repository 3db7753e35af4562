/**
 * Template loading and rendering.
 *
 * Templates live in `templates/<emitter>/<construct>.hbs` at the repository (package) root and are found from
 * this module's location whether it runs as TypeScript source (`generator/render/`, ts-jest) or compiled
 * (`dist/generator/render/`): the nearest ancestor directory holding both `templates/` and a `package.json`
 * named `kubegen` wins. `KUBEGEN_TEMPLATES_DIR` overrides the search.
 *
 * Handlebars runs with `noEscape` (generated code is not HTML) and `strict` (a missing view-model property is an
 * error, not an empty string). Templates are logic-free: they substitute, loop (`#each`) and test precomputed
 * booleans (`#if`); every decision is made by the TypeScript that builds the view model. The only helper is
 * `str`, the escaping helper (`jsString`), for the rare template that prints a raw model string.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Handlebars from 'handlebars';
import { jsString } from './escape';

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

const hb = Handlebars.create();
hb.registerHelper('str', (value: unknown) => {
  if (typeof value !== 'string') throw new TypeError(`str helper: expected a string, got ${typeof value}`);
  return jsString(value);
});

const compiled = new Map<string, Handlebars.TemplateDelegate>();

/** The compiled template `templates/<emitter>/<construct>.hbs`, cached. */
export function template(emitter: string, construct: string): Handlebars.TemplateDelegate {
  const key = `${emitter}/${construct}`;
  let t = compiled.get(key);
  if (!t) {
    const file = path.join(templatesDir(), emitter, `${construct}.hbs`);
    const source = fs.readFileSync(file, 'utf8');
    t = hb.compile(source, { noEscape: true, strict: true });
    compiled.set(key, t);
  }
  return t;
}

/** Renders `templates/<emitter>/<construct>.hbs` with a view model. */
export function render(emitter: string, construct: string, view: object): string {
  return template(emitter, construct)(view);
}
