/** Small helpers shared by the definition files. */
import type { JSONSchemaProps } from '../../core/schema';
import { printArgs, printCustom } from '../print';
import type { ArgSpec, ArgType, ArgValue, MarkerDefinition, MarkerSyntax, MarkerTarget, SchemaApplyContext } from '../types';

export const INT = { kind: 'int' } satisfies ArgType;
export const NUMBER = { kind: 'number' } satisfies ArgType;
export const STRING = { kind: 'string' } satisfies ArgType;
export const BOOL = { kind: 'bool' } satisfies ArgType;
export const ANY = { kind: 'any' } satisfies ArgType;
export const RAW = { kind: 'raw' } satisfies ArgType;
export const JSON_ARG = { kind: 'json' } satisfies ArgType;
export const STRINGS = { kind: 'slice', items: STRING } satisfies ArgType;
export const ANYS = { kind: 'slice', items: ANY } satisfies ArgType;

export const FIELD: readonly MarkerTarget[] = ['field'];
export const TYPE: readonly MarkerTarget[] = ['type'];
export const PACKAGE: readonly MarkerTarget[] = ['package'];
export const FIELD_AND_TYPE: readonly MarkerTarget[] = ['field', 'type'];

/** controller-gen's default ApplyPriority. */
export const PRIORITY_DEFAULT = 10;

/** What a definition file writes: the definition without `help` (given as `summary` / `details`), its syntax checked against `T`. */
export type DefinitionInput<T> = Omit<MarkerDefinition<T>, 'repeatable' | 'help' | 'args' | 'parse' | 'print' | 'valueType'> &
  MarkerSyntax<T> & {
    repeatable?: boolean;
    summary: string;
    details?: string;
  };

/**
 * A marker definition whose parsed value has type `T`: its arguments must be the ones `T` dictates
 * (`MarkerSyntax<T>`: a flag for `true`, an argument of `T`'s type, one named argument per key of `T`, or a
 * custom grammar producing a `T` with its inverse), and its schema behaviour receives a `T`. Its `print` is the
 * inverse of its grammar: the custom one's, else the one of its argument types.
 */
export function define<T>(d: DefinitionInput<T>): MarkerDefinition<T> {
  const { summary, details, repeatable, print: custom, ...rest } = d;
  const { name, args } = rest;
  const print = custom ? (v: T) => printCustom(name, custom, v) : (v: T) => printArgs(name, args, v);
  return { ...rest, print, repeatable: repeatable ?? false, help: details ? { summary, details } : { summary } };
}

/**
 * A copy of a definition of the controller-gen grammar under another name (the `items:` twins), its `print` writing
 * that name.
 */
export function renamed<T>(d: MarkerDefinition<T>, name: string): MarkerDefinition<T> {
  if (d.parse) throw new Error(`internal: +${d.name} has a custom grammar: define its twin with define()`);
  return { ...d, name, print: (v: T) => printArgs(name, d.args, v) };
}

/** The options of an argument of type `A`, its `validate` receiving the value `A` parses to. */
export interface ArgOptions<A extends ArgType> {
  optional?: boolean;
  help?: string;
  oneOf?: readonly string[];
  validate?(value: ArgValue<A>): string | undefined;
}

export function flag(): { kind: 'flag' } {
  return { kind: 'flag' };
}

/** One anonymous argument of type `type` (`+name=value`). */
export function value<A extends ArgType>(type: A): { kind: 'value'; arg: { type: A } };
export function value<A extends ArgType, const M extends ArgOptions<A>>(type: A, more: M): { kind: 'value'; arg: { type: A } & NoInfer<M> };
export function value(type: ArgType, more?: Omit<ArgSpec, 'type'>): { kind: 'value'; arg: ArgSpec } {
  return { kind: 'value', arg: { ...more, type } };
}

/** A required named argument. */
export function arg<A extends ArgType>(type: A, help: string): { type: A; help: string };
export function arg<A extends ArgType, const M extends Omit<ArgOptions<A>, 'help' | 'optional'>>(type: A, help: string, more: M): { type: A; help: string } & NoInfer<M>;
export function arg(type: ArgType, help: string, more?: Omit<ArgSpec, 'type'>): ArgSpec {
  return { ...more, type, help };
}

/** An optional named argument. */
export function opt<A extends ArgType>(type: A, help: string): { type: A; help: string; optional: true };
export function opt<A extends ArgType, const M extends Omit<ArgOptions<A>, 'help' | 'optional'>>(type: A, help: string, more: M): { type: A; help: string; optional: true } & NoInfer<M>;
export function opt(type: ArgType, help: string, more?: Omit<ArgSpec, 'type'>): ArgSpec {
  return { ...more, type, help, optional: true };
}

/** The schema type used for type checks: the schema's own, else what the builder says it resolves to. */
export function typeOf(schema: JSONSchemaProps, ctx: SchemaApplyContext): string {
  return schema.type ?? ctx.resolvedType ?? '';
}

export function isNumeric(schema: JSONSchemaProps, ctx: SchemaApplyContext): boolean {
  const t = typeOf(schema, ctx);
  return t === 'integer' || t === 'number';
}

export function isTextual(schema: JSONSchemaProps, ctx: SchemaApplyContext): boolean {
  return typeOf(schema, ctx) === 'string' || schema['x-kubernetes-int-or-string'] === true;
}

export function found(schema: JSONSchemaProps, ctx: SchemaApplyContext): string {
  const t = typeOf(schema, ctx);
  return t === '' ? 'a schema without a type' : `type ${JSON.stringify(t)}`;
}

/** The values of a string schema's `enum` when every one is a string (what `+k8s:enum` sorts), else undefined. */
export function stringEnum(schema: JSONSchemaProps): string[] | undefined {
  if (schema.type !== 'string' || !schema.enum) return undefined;
  const out: string[] = [];
  for (const v of schema.enum) {
    if (typeof v !== 'string') return undefined;
    out.push(v);
  }
  return out;
}

/** A deep copy of a parsed JSON-like value, so schemas never share objects with markers. */
export { cloneJson } from '../../core/json';

export function isValidUrl(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}
