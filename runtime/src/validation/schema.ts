/** The parts of a CRD's structural `openAPIV3Schema` (apiextensions.k8s.io/v1 `JSONSchemaProps`) the validator reads. */
export interface ValidationSchema {
  readonly type?: string;
  readonly format?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, ValidationSchema>>;
  readonly required?: readonly string[];
  readonly items?: ValidationSchema;
  readonly additionalProperties?: ValidationSchema | boolean;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean;
  readonly exclusiveMaximum?: boolean;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  readonly nullable?: boolean;
  readonly allOf?: readonly ValidationSchema[];
  readonly anyOf?: readonly ValidationSchema[];
  readonly oneOf?: readonly ValidationSchema[];
  readonly not?: ValidationSchema;
  readonly 'x-kubernetes-int-or-string'?: boolean;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
  readonly 'x-kubernetes-embedded-resource'?: boolean;
  readonly 'x-kubernetes-list-type'?: string;
  readonly 'x-kubernetes-list-map-keys'?: readonly string[];
  readonly 'x-kubernetes-map-type'?: string;
  readonly 'x-kubernetes-validations'?: readonly ValidationRule[];
}

/** One `x-kubernetes-validations` rule. */
export interface ValidationRule {
  readonly rule: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  readonly optionalOldSelf?: boolean;
}

/** The schema of a property (own keys only). */
export function propertySchema(s: ValidationSchema, name: string): ValidationSchema | undefined {
  const props = s.properties;
  return props !== undefined && Object.hasOwn(props, name) ? props[name] : undefined;
}

/** The schema of map values, when `additionalProperties` is a schema. */
export function valueSchema(s: ValidationSchema): ValidationSchema | undefined {
  const ap = s.additionalProperties;
  return typeof ap === 'object' ? ap : undefined;
}

/** Whether any node of the schema carries `x-kubernetes-validations` (then the apiserver runs its CEL validator). */
export function hasRules(s: ValidationSchema, depth = 0): boolean {
  if (depth > 128) return false;
  if ((s['x-kubernetes-validations'] ?? []).length > 0) return true;
  for (const name of Object.keys(s.properties ?? {})) if (hasRules(propertySchema(s, name) ?? {}, depth + 1)) return true;
  if (s.items && hasRules(s.items, depth + 1)) return true;
  const v = valueSchema(s);
  return v !== undefined && hasRules(v, depth + 1);
}
