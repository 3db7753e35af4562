/**
 * The parsers cel-go's compile-time literal validators run on a constant argument (`cel.ValidateDurationLiterals`,
 * `ValidateTimestampLiterals`, `ValidateRegexLiterals`), for kubegen's generator (`generator/cel/validators.ts`,
 * imported as `@kubegen/runtime/validation/cel-literals`): the same parsers the evaluator runs, so a constant the
 * generator accepts is one the validator evaluates. Importing it loads neither cel-js nor the libraries.
 */
export { parseGoDuration } from '../duration';
export { regexSyntaxError } from '../re2';
export { parseGoTimestamp } from './time';
