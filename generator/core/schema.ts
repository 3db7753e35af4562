/**
 * apiextensions.k8s.io/v1 JSONSchemaProps, the subset a CRD's openAPIV3Schema may use.
 * Key names are the JSON names; the CRD emitter serialises with keys sorted, as controller-gen does.
 */
import type { Int } from './types';

export interface JSONSchemaProps {
  $ref?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  title?: string;
  default?: unknown;
  example?: unknown;
  enum?: unknown[];
  maximum?: number;
  exclusiveMaximum?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  multipleOf?: number;
  maxLength?: Int;
  minLength?: Int;
  pattern?: string;
  maxItems?: Int;
  minItems?: Int;
  uniqueItems?: boolean;
  maxProperties?: Int;
  minProperties?: Int;
  required?: string[];
  items?: JSONSchemaProps;
  properties?: Record<string, JSONSchemaProps>;
  /** `true` (any value) or a schema for map values. */
  additionalProperties?: JSONSchemaProps | boolean;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  nullable?: boolean;
  externalDocs?: { description?: string; url?: string };
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-map-type'?: 'granular' | 'atomic';
  'x-kubernetes-validations'?: ValidationRule[];
}

/** One `x-kubernetes-validations` entry (a CEL rule). */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  fieldPath?: string;
  optionalOldSelf?: boolean;
}
