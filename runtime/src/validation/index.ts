/**
 * `@kubegen/runtime/validation`: client-side validation of custom resources as the apiserver validates them — the
 * generated `validate<Kind>` functions are compiled per schema and call the kit of ./compiled.ts; the schema walker
 * (`validate`, `createValidator`) validates against a schema given at run time (unstructured objects, tests' oracle).
 * The CEL implementation is loaded by a module whose schemas have rules (compiled) or on first use (walker).
 */
// Every export a data property, none a re-export: TypeScript's CommonJS output makes `export { x } from` a getter,
// and an exports object with getters is in V8's dictionary mode — each `(0, validation_1.at)(…)` of the generated
// code (compiled to CommonJS) a hash lookup the optimising compiler cannot fold, and so never inline (2x on the
// validate bench). test/unit/runtime/validation/exports.test.ts keeps it so.
import * as walker from './validate';
import * as errors from './errors';
import * as formats from './formats';
import * as kit from './compiled';
export type { ValidateOptions, ValidationResult, Validator, ValidatorOptions, ScaleSubresource } from './validate';
export type { FieldError, FieldErrorType } from './errors';
export type { ValidationRule, ValidationSchema } from './schema';
export const { createValidator, prepareObject, scaleErrors, validate, MAX_DEPTH, NestingTooDeep } = walker;
/** The error {@link NestingTooDeep} throws. */
export type NestingTooDeep = InstanceType<typeof walker.NestingTooDeep>;
export const { fieldError, formatFieldError, goFloat, goQuote, goValue, toStatusCause } = errors;
export const { checkFormat, FORMATS } = formats;
// The kit of the generated (compiled) validators, ./compiled.ts.
export const {
  aboveMaximum,
  anyOfErrors,
  at,
  belowMinimum,
  boundError,
  celWalk,
  child,
  compiledValidator,
  compilePattern,
  deep,
  duplicateItems,
  embeddedResourceChecks,
  enumText,
  fixedFailure,
  formatCheck,
  formatError,
  hasDuplicates,
  hoist,
  inKeyOrder,
  isObject,
  jsonEqual,
  item,
  leafValue,
  listMapDuplicates,
  multipleOfError,
  nodeRules,
  notError,
  notInteger,
  notSupported,
  oldItem,
  oldProperty,
  oneOfErrors,
  own,
  patternError,
  patternMismatch,
  precompileRules,
  prepareHead,
  prepareItems,
  prepareLeaf,
  required,
  requiredAt,
  runeCount,
  setDuplicates,
  setOwn,
  shallow,
  tooFewItems,
  tooFewProperties,
  tooLong,
  tooMany,
  tooShort,
  typeErrorOf,
} = kit;
export type { FixedFailure, ValidationPasses, Walk } from './compiled';
