/**
 * The well-known types of `@kubegen/runtime` and the schemas of the scalar-like ones: the table the schema builder
 * inlines at every use and the model's constraints read (`generator/model/constraints.ts`), kept here so neither
 * imports the other.
 */
import type { JSONSchemaProps } from './schema';

/** The well-known types of `@kubegen/runtime`, recognised by declaration. */
export type WellKnownName =
  | 'TypeMeta'
  | 'ObjectMeta'
  | 'ListMeta'
  | 'int32'
  | 'int64'
  | 'float64'
  | 'Time'
  | 'MicroTime'
  | 'Duration'
  | 'Quantity'
  | 'IntOrString'
  | 'RawExtension'
  | 'JSON'
  | 'Bytes'
  | 'Condition'
  | 'LabelSelector'
  | 'LabelSelectorRequirement'
  | 'LocalObjectReference'
  | 'SecretKeySelector'
  | 'ConfigMapKeySelector'
  | 'ObjectReference'
  | 'TypedLocalObjectReference';

/** controller-gen's fixed pattern for resource.Quantity. */
export const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

/** Schemas of the well-known scalar-like types, as controller-gen renders the Go types. */
export function wellKnownSchema(name: WellKnownName): JSONSchemaProps {
  switch (name) {
    case 'int32':
      return { type: 'integer', format: 'int32' };
    case 'int64':
      return { type: 'integer', format: 'int64' };
    case 'float64':
      return { type: 'number' };
    case 'Time':
    case 'MicroTime':
      return { type: 'string', format: 'date-time' };
    case 'Duration':
      return { type: 'string' };
    case 'Quantity':
      return {
        anyOf: [{ type: 'integer' }, { type: 'string' }],
        pattern: QUANTITY_PATTERN,
        'x-kubernetes-int-or-string': true,
      };
    case 'IntOrString':
      return { anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true };
    case 'RawExtension':
      return { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
    case 'JSON':
      return { 'x-kubernetes-preserve-unknown-fields': true };
    case 'Bytes':
      return { type: 'string', format: 'byte' };
    case 'ObjectMeta':
    case 'ListMeta':
      return { type: 'object' };
    default:
      // Struct-like well-known types are named refs into the runtime package, never wellKnown refs.
      throw new Error(`internal: ${name} has no scalar schema`);
  }
}
