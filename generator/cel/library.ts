/**
 * The Kubernetes CEL library declarations the checker registers: shared with the runtime's evaluator, which
 * implements every one of them (runtime/src/validation/cel-library/declarations.ts).
 */
export { EQUATABLE_TYPES, FORMAT_NAMES, LIBRARY_NAMESPACES, LIBRARY_OPERATORS, LIBRARY_SIGNATURES, LIBRARY_TYPE_NAMES, LIBRARY_TYPES } from '@kubegen/runtime/validation/cel-library';
/** cel-go's timestamp operators in place of cel-js' (the types they return: `duration + timestamp` is a timestamp). */
export { installTimestampOperators, type DurationConstructor } from '@kubegen/runtime/validation/cel-time';
/**
 * The macros cel-js lacks or narrows (`has()` over any operand, `sortBy`) and the optional list elements and map
 * entries its parser lacks (`[?e]`, `{?k: v}`), shared with the runtime's evaluator.
 */
export { CelMacroError, installOptionalAggregates, installPresenceTests, registerKubernetesMacros } from '@kubegen/runtime/validation/cel-macros';
