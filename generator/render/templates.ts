/**
 * Template loading and rendering.
 *
 * Templates live in `templates/<emitter>/<construct>.hbs` at the repository (package) root, found by
 * `templatesDir` (`generator/assets.ts`; `KUBEGEN_TEMPLATES_DIR` overrides the search).
 *
 * Handlebars runs with `noEscape` (generated code is not HTML) and `strict` (a missing view-model property is an
 * error, not an empty string). Templates are logic-free: they substitute, loop (`#each`) and test precomputed
 * booleans (`#if`); every decision is made by the TypeScript that builds the view model. The only helper is
 * `str`, the escaping helper (`jsString`), for the rare template that prints a raw model string.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Handlebars from 'handlebars';
import { templatesDir } from '../assets';
import { jsString } from './escape';

export { templatesDir } from '../assets';

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
