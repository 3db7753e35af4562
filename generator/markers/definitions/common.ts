/** Small helpers shared by the definition files. */
import type { JSONSchemaProps } from '../../schema/types';
import type { ArgSpec, ArgType, MarkerDefinition, MarkerTarget, SchemaApplyContext } from '../types';

export const INT: ArgType = { kind: 'int' };
export const NUMBER: ArgType = { kind: 'number' };
export const STRING: ArgType = { kind: 'string' };
export const BOOL: ArgType = { kind: 'bool' };
export const ANY: ArgType = { kind: 'any' };
export const RAW: ArgType = { kind: 'raw' };
export const JSON_ARG: ArgType = { kind: 'json' };
export const STRINGS: ArgType = { kind: 'slice', items: STRING };
export const ANYS: ArgType = { kind: 'slice', items: ANY };

export const FIELD: readonly MarkerTarget[] = ['field'];
export const TYPE: readonly MarkerTarget[] = ['type'];
export const PACKAGE: readonly MarkerTarget[] = ['package'];
export const FIELD_AND_TYPE: readonly MarkerTarget[] = ['field', 'type'];

/** controller-gen's default ApplyPriority. */
export const PRIORITY_DEFAULT = 10;

type DefinitionInput = Omit<MarkerDefinition, 'repeatable' | 'help'> & {
  repeatable?: boolean;
  summary: string;
  details?: string;
};

export function define(d: DefinitionInput): MarkerDefinition {
  const { summary, details, repeatable, ...rest } = d;
  return { ...rest, repeatable: repeatable ?? false, help: details ? { summary, details } : { summary } };
}

export function flag(): { kind: 'flag' } {
  return { kind: 'flag' };
}

export function value(type: ArgType, more: Omit<ArgSpec, 'type'> = {}): { kind: 'value'; arg: ArgSpec } {
  return { kind: 'value', arg: { type, ...more } };
}

export function arg(type: ArgType, help: string, more: Omit<ArgSpec, 'type' | 'help'> = {}): ArgSpec {
  return { type, help, ...more };
}

export function opt(type: ArgType, help: string, more: Omit<ArgSpec, 'type' | 'help' | 'optional'> = {}): ArgSpec {
  return { type, help, optional: true, ...more };
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

/** A deep copy of a parsed JSON-like value, so schemas never share objects with markers. */
export { cloneJson } from '../../schema/json';

export function isValidUrl(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}
