/**
 * The value of a JavaScript expression kubegen wrote (a string or object literal of generated code), evaluated as the
 * generated module would evaluate it: what a test of an escaping or literal-printing function compares with its input.
 */
export function evaluate(expression: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running generated code is what the caller tests
  const run = new Function(`return ${expression};`) as () => unknown;
  return run();
}
