/**
 * The statement-level code writer of the generated walkers: loops over the elements of an array and the values of a
 * map, shared by the deepcopy and conversion emitters (which differ only in what they do with each element).
 *
 * How code is built: declarations (functions, constants, types) come from templates (`templates/`), filled from view
 * models; the statements inside them — per-field copies and conversions, these loops — are built here in TypeScript,
 * as lines, and handed to the templates as lists. No construct is built both ways.
 *
 * Every loop is inline (no callbacks, so every call site stays monomorphic), walks own keys only, and writes map keys
 * with the runtime's `setOwn`, so a `__proto__` key is kept as data.
 */

export interface LoopNames {
  /** `cloneJSON` as the file spells it: copies a value of an unexpected shape (an array where a map is declared …). */
  clone: string;
  /** `setOwn` as the file spells it (maps only). */
  setOwn?: string;
  /** `JsonObject` as the file spells it (maps only). */
  jsonObject?: string;
  /** `JsonValue` as the file spells it (arrays only). */
  jsonValue?: string;
}

/**
 * One level of a loop: `v` (a variable holding a JSON value known to be an object: a `JsonValue` narrowed by `typeof`)
 * and what to do with each element. Elements are `JsonValue`s, narrowed the same way.
 */
export interface Loop {
  v: string;
  /** The nesting depth; numbers the loop variables (`a0`, `e0`, `a1` …). */
  d: number;
  /** Statements run once before the loop when `v` has the expected shape (e.g. `const l0 = lost;`). */
  prelude?: string[];
  /**
   * Statements handling element `e` (known to be a non-null object) and handing the result to `assign`; `key` is
   * the element's index (arrays) or key (maps) expression.
   */
  element: (e: string, key: string, assign: (expr: string) => string) => string[];
  /** Turns the result expression into a statement (`out[key] = …;`, `return …;`). */
  assign: (expr: string) => string;
}

const indent = (lines: string[], by: string): string[] => lines.map((l) => by + l);

/**
 * An array loop: a fresh array of the handled elements (scalars as they are, a hole or an undefined element left a
 * hole, as `JSON.stringify` sees both); a non-array value is cloned.
 */
export function arrayLoop(names: LoopNames, loop: Loop): string[] {
  const { v, d, assign } = loop;
  if (names.jsonValue === undefined) throw new Error('kubegen bug: an array loop needs JsonValue');
  const [n, a, i, e] = [`n${d}`, `a${d}`, `i${d}`, `e${d}`];
  return [
    `if (Array.isArray(${v})) {`,
    ...indent(loop.prelude ?? [], '  '),
    `  const ${n} = ${v}.length;`,
    `  const ${a} = new Array<${names.jsonValue}>(${n});`,
    `  for (let ${i} = 0; ${i} < ${n}; ${i}++) {`,
    `    const ${e} = ${v}[${i}];`,
    `    if (typeof ${e} === 'object' && ${e} !== null) {`,
    ...indent(
      loop.element(e, i, (x) => `${a}[${i}] = ${x};`),
      '      ',
    ),
    // JSON has no undefined: a hole (or an undefined element) of the source stays a hole of the copy
    `    } else if (${e} !== undefined) ${a}[${i}] = ${e};`,
    '  }',
    `  ${assign(a)}`,
    `} else ${assign(`${names.clone}(${v})`)}`,
  ];
}

/** A map loop: a fresh object of the handled values, keys set with `setOwn`; an array value is cloned. */
export function mapLoop(names: LoopNames, loop: Loop): string[] {
  const { v, d, assign } = loop;
  if (names.setOwn === undefined || names.jsonObject === undefined) throw new Error('kubegen bug: a map loop needs setOwn and JsonObject');
  const setOwn = names.setOwn;
  const [m, k, e] = [`m${d}`, `k${d}`, `e${d}`];
  return [
    `if (Array.isArray(${v})) ${assign(`${names.clone}(${v})`)}`,
    'else {',
    ...indent(loop.prelude ?? [], '  '),
    `  const ${m}: ${names.jsonObject} = {};`,
    `  for (const ${k} of Object.keys(${v})) {`,
    `    const ${e} = ${v}[${k}];`,
    `    if (typeof ${e} === 'object' && ${e} !== null) {`,
    ...indent(
      loop.element(e, k, (x) => `${setOwn}(${m}, ${k}, ${x});`),
      '      ',
    ),
    `    } else ${setOwn}(${m}, ${k}, ${e});`,
    '  }',
    `  ${assign(m)}`,
    '}',
  ];
}
