/**
 * The inverse of the parser (controller-tools `markers/parse.go` read backwards): a marker value → the marker line
 * (`+name…`, without the comment around it) whose parse gives the value back. Every definition carries its `print`
 * (set by `define`): the grammar of its argument type below, or its own for a custom grammar (`CustomPrint`).
 *
 * Contract: for every value `parse` can produce for a definition, `parseMarker(def.print(v))` gives `v` back (up to
 * the sign of zero, which `0` spells); the line holds nothing a comment of either kind cannot (escaping: ./escape.ts).
 * A value no marker line can spell (a raw text with a line break, a JSON-less value …) throws: the printer never
 * writes a line that reads back as something else.
 */
import { markerJson, markerString, rawMarkerTextProblem } from './escape';
import type { ArgType, CustomPrint, MarkerArgs } from './types';

/** The marker line for `value` in the grammar of `args` (definitions without a custom grammar). */
export function printArgs(name: string, args: MarkerArgs, value: unknown): string {
  switch (args.kind) {
    case 'flag':
      if (value !== true) throw new Error(`internal: +${name} is a flag; its value is true, not ${describe(value)}`);
      return `+${name}`;
    case 'value':
      if (value === undefined && args.arg.optional) return `+${name}`;
      return `+${name}=${printArg(args.arg.type, value, name)}`;
    case 'struct': {
      if (value === null || typeof value !== 'object') throw new Error(`internal: +${name} takes named arguments, not ${describe(value)}`);
      const v = value as Record<string, unknown>;
      const parts = Object.entries(args.args)
        .filter(([k]) => Object.hasOwn(v, k) && v[k] !== undefined)
        .map(([k, spec]) => `${k}=${printArg(spec.type, v[k], name)}`);
      return parts.length === 0 ? `+${name}` : `+${name}:${parts.join(',')}`;
    }
  }
}

/** The marker line of a definition with a custom grammar: `+name(params)=raw`, each part checked to stand verbatim. */
export function printCustom<T>(name: string, print: CustomPrint<T>, value: T): string {
  const { raw, params } = print(value);
  if (params !== undefined) verbatim(name, params, false);
  if (raw !== undefined) verbatim(name, raw);
  return `+${name}${params !== undefined ? `(${params})` : ''}${raw !== undefined ? `=${raw}` : ''}`;
}

function verbatim(name: string, text: string, atLineEnd = true): void {
  const problem = rawMarkerTextProblem(text, atLineEnd);
  if (problem !== undefined) throw new Error(`+${name} cannot be written with ${JSON.stringify(text)}: the text holds ${problem}, which no marker line can`);
}

function describe(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : typeof v;
}

/** One argument value in the grammar of `type` (./grammar.ts `parseArgValue`, read backwards). */
export function printArg(type: ArgType, v: unknown, name: string): string {
  const wrong = (): Error => new Error(`internal: +${name}: ${describe(v)} is not a value of type ${type.kind}`);
  switch (type.kind) {
    case 'int':
      if (typeof v === 'bigint') return v.toString();
      if (typeof v !== 'number' || !Number.isInteger(v)) throw wrong();
      return printNumber(v);
    case 'number':
      if (typeof v === 'bigint') return v.toString();
      if (typeof v !== 'number' || !Number.isFinite(v)) throw wrong();
      return printNumber(v);
    case 'bool':
      if (typeof v !== 'boolean') throw wrong();
      return v ? 'true' : 'false';
    case 'string':
      if (typeof v !== 'string') throw wrong();
      return markerString(v);
    case 'slice':
      if (!Array.isArray(v)) throw wrong();
      return `{${v.map((x) => printArg(type.items, x, name)).join(',')}}`;
    case 'map': {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) throw wrong();
      const m = v as Record<string, unknown>;
      return `{${Object.keys(m)
        .map((k) => `${markerString(k, NEVER_BARE)}: ${printArg(type.values, m[k], name)}`)
        .join(', ')}}`;
    }
    case 'any':
      return printAny(v, name);
    case 'json':
      return markerJson(v);
    case 'raw':
      if (typeof v !== 'string') throw wrong();
      verbatim(name, v);
      return v;
  }
}

/**
 * A number as the marker grammar reads it back: an integer a double holds beyond 2^53 (within int64) exactly. In the
 * guessed (`any`) grammar, digits alone read as an int64, so an integer beyond int64 is written with an exponent
 * (`1e+19`), which reads as a float, as it was.
 */
function printNumber(n: number, guessed = false): string {
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    if (Math.abs(n) < 2 ** 63) return BigInt(n).toString();
    if (guessed) return n.toExponential();
  }
  return Object.is(n, -0) ? '0' : String(n);
}

/** A value in controller-gen's guessed (`any`) grammar: strings always quoted, lists `{a,b}`, maps `{"k": v}`. */
function printAny(v: unknown, name: string): string {
  if (typeof v === 'string') return readsAsBool(v) ? markerString(v, NEVER_BARE) : markerString(v, ANY_BARE);
  if (typeof v === 'number' && Number.isFinite(v)) return printNumber(v, true);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `{${v.map((x) => printAny(x, name)).join(',')}}`;
  if (v !== null && typeof v === 'object') {
    const m = v as Record<string, unknown>;
    return `{${Object.keys(m)
      .map((k) => `${markerString(k, NEVER_BARE)}: ${printAny(m[k], name)}`)
      .join(', ')}}`;
  }
  throw new Error(`internal: +${name}: ${describe(v)} cannot be written in the marker grammar`);
}

/**
 * Whether the `any` grammar, reading `v` bare, would guess a bool: it looks at the leading identifier only (Go's
 * scanner token), so `true`, `false`, `true/x` and `false.y` are read as bools (the last two then refused); such a
 * string is quoted.
 */
function readsAsBool(v: string): boolean {
  const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(v)?.[0];
  return ident === 'true' || ident === 'false';
}

/** Strings the `any` grammar reads as strings when bare (not a number, not led by the identifier `true` / `false`). */
const ANY_BARE = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** Map keys are always quoted. */
const NEVER_BARE = /(?!)/;
