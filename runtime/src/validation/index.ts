/**
 * `@kubegen/runtime/validation`: client-side validation of custom resources as the apiserver validates them — the
 * generated `validate<Kind>` functions are compiled per schema and call the kit of ./compiled.ts; the schema walker
 * (`validate`, `createValidator`) validates against a schema given at run time (unstructured objects, tests' oracle).
 * The CEL implementation is loaded by a module whose schemas have rules (compiled) or on first use (walker).
 */
export { createValidator, prepareObject, validate, MAX_DEPTH, NestingTooDeep, type ValidateOptions, type ValidationResult, type Validator, type ValidatorOptions, type ScaleSubresource } from './validate';
export { fieldError, formatFieldError, goFloat, goQuote, goValue, toStatusCause, type FieldError, type FieldErrorType } from './errors';
export { checkFormat, FORMATS } from './formats';
export type { ValidationRule, ValidationSchema } from './schema';
// The kit of the generated (compiled) validators, ./compiled.ts: bound as plain constants (a re-export would be a
// getter, called on every use by generated code).
import * as kit from './compiled';
export const {
  aboveMaximum,
  anyOfErrors,
  at,
  belowMinimum,
  celWalk,
  child,
  compiledValidator,
  compilePattern,
  deep,
  duplicateItems,
  embeddedResourceChecks,
  enumText,
  formatCheck,
  formatError,
  hasDuplicates,
  hoist,
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
  patternMismatch,
  precompileRules,
  prepareHead,
  prepareItems,
  prepareLeaf,
  required,
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
export type { ValidationPasses, Walk } from './compiled';
