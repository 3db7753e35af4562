/**
 * Shared rendering infrastructure for code emitters (deepcopy, defaults, conversion, clientsets, listers …):
 *
 * - `escape`: the one escaping helper (`jsString`, `jsLiteral`, property keys/accesses) for model strings;
 * - `imports`: `ImportTracker` — naming a type records its import, imports render sorted;
 * - `templates`: handlebars (`noEscape`, `strict`) over `templates/<emitter>/<construct>.hbs`;
 * - `source`: the fixed header and whitespace normalisation of a generated file;
 * - `model`: `ModelIndex` and `Shape`, read-only classification of model types for view-model builders.
 *
 * Identifiers come from the namer module, `generator/naming`, which emitters import directly.
 */
export * from './escape';
export * from './imports';
export * from './runtime';
export * from './loops';
export * from './templates';
export * from './source';
export * from './model';
