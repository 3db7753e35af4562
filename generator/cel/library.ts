/**
 * The Kubernetes CEL library declarations the checker registers: shared with the runtime's evaluator, which
 * implements every one of them (runtime/src/validation/cel-library/declarations.ts).
 */
export { EQUATABLE_TYPES, FORMAT_NAMES, LIBRARY_NAMESPACES, LIBRARY_OPERATORS, LIBRARY_SIGNATURES, LIBRARY_TYPES } from '@kubegen/runtime/validation/cel-library';
/** The macros cel-js lacks or narrows (`has()` over any operand, `sortBy`), shared with the runtime's evaluator. */
export { CelMacroError, installPresenceTests, registerKubernetesMacros } from '@kubegen/runtime/validation/cel-macros';
