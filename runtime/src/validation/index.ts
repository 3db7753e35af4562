/**
 * `@kubegen/runtime/validation`: client-side validation of custom resources as the apiserver validates them — the
 * engine behind the generated `validate<Kind>` functions, which bind a kind version's CRD schema to it. The schema
 * walker is always loaded; the CEL implementation only when an object reaches a node with rules.
 */
export { createValidator, validate, MAX_DEPTH, type ValidateOptions, type ValidationResult, type Validator, type ValidatorOptions, type ScaleSubresource } from './validate';
export { fieldError, formatFieldError, goFloat, goQuote, goValue, toStatusCause, type FieldError, type FieldErrorType } from './errors';
export { checkFormat, FORMATS } from './formats';
export type { ValidationRule, ValidationSchema } from './schema';
