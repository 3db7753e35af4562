/**
 * The namer module (gengo's namers): every identifier and plural kubegen writes comes from here — the namers
 * (`publicName`, `privateName`, `publicPlural`, `safeIdentifier`, `helperName` …, `./namers.ts`), the names of the
 * declarations generated beside a user's type (`deepCopy<T>`, `<Kind>GVK` …, `./generated.ts`) and controller-gen's
 * CRD plurals (flect, `./flect.ts`). Emitters name things through it and never borrow a name from another emitter.
 *
 * A leaf: `generator/naming/` imports nothing of the generator but `generator/core/`.
 */
export * from './namers';
export * from './generated';
export { crdPlural, pluralize, singularize } from './flect';
