/**
 * `+kubebuilder:validation:*` (controller-tools pkg/crd/markers/validation.go): each registered for fields and
 * types, plus an `items:` twin applied to the array's `items` schema; the field-only and type-only markers; the
 * validation-ish `pruning:PreserveUnknownFields` and `title`.
 */
import { JsonValueError, parseJsonExact } from '../../core/json';
import type { JSONSchemaProps, ValidationRule } from '../../core/schema';
import { markerJson } from '../escape';
import { checkPattern } from '../regex';
import type { Int, MarkerDefinition, MarkerTarget, SchemaApplyContext } from '../types';
import {
  ANY,
  ANYS,
  BOOL,
  FIELD,
  FIELD_AND_TYPE,
  INT,
  JSON_ARG,
  NUMBER,
  PRIORITY_DEFAULT,
  STRING,
  STRINGS,
  TYPE,
  arg,
  cloneJson,
  define,
  flag,
  found,
  stringEnum,
  isNumeric,
  isTextual,
  opt,
  renamed,
  typeOf,
  value,
} from './common';

const V = 'kubebuilder:validation:';
const CATEGORY = 'CRD validation';

export const XVALIDATION_REASONS = ['FieldValueInvalid', 'FieldValueForbidden', 'FieldValueRequired', 'FieldValueDuplicate'] as const;
export const SCHEMA_TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'] as const;
export type SchemaType = (typeof SCHEMA_TYPES)[number];

function numeric(word: string, set: (s: JSONSchemaProps, v: number) => void, integral: boolean) {
  return (schema: JSONSchemaProps, n: number, ctx: SchemaApplyContext): string | undefined => {
    if (!isNumeric(schema, ctx)) return `must apply ${word} to a numeric value, found ${found(schema, ctx)}`;
    if (integral && typeOf(schema, ctx) === 'integer' && !Number.isInteger(n)) {
      return `cannot apply non-integral ${word} validation (${n}) to integer value`;
    }
    set(schema, n);
    return undefined;
  };
}

function exclusive(word: string, set: (s: JSONSchemaProps, v: boolean) => void) {
  return (schema: JSONSchemaProps, v: boolean, ctx: SchemaApplyContext): string | undefined => {
    if (!isNumeric(schema, ctx)) return `must apply ${word} to a numeric value, found ${found(schema, ctx)}`;
    set(schema, v);
    return undefined;
  };
}

function textual<V>(word: string, set: (s: JSONSchemaProps, v: V) => void) {
  return (schema: JSONSchemaProps, v: V, ctx: SchemaApplyContext): string | undefined => {
    if (!isTextual(schema, ctx)) return `must apply ${word} to a textual value (string or XIntOrString), found ${found(schema, ctx)}`;
    set(schema, v);
    return undefined;
  };
}

function ofType<V>(t: 'array' | 'object', word: string, set: (s: JSONSchemaProps, v: V) => void) {
  const article = t === 'array' ? 'an array' : 'an object';
  return (schema: JSONSchemaProps, v: V, ctx: SchemaApplyContext): string | undefined => {
    if (typeOf(schema, ctx) !== t) return `must apply ${word} to ${article}, found ${found(schema, ctx)}`;
    set(schema, v);
    return undefined;
  };
}

export interface XValidationArgs {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: ValidationRule['reason'];
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** Appends an `x-kubernetes-validations` entry, keys in controller-gen's struct order. */
export function appendRule(schema: JSONSchemaProps, v: XValidationArgs): void {
  const rule: ValidationRule = { rule: v.rule };
  if (v.message) rule.message = v.message;
  if (v.messageExpression) rule.messageExpression = v.messageExpression;
  if (v.reason) rule.reason = v.reason;
  if (v.fieldPath) rule.fieldPath = v.fieldPath;
  if (v.optionalOldSelf !== undefined) rule.optionalOldSelf = v.optionalOldSelf;
  (schema['x-kubernetes-validations'] ??= []).push(rule);
}

export const ValidationMinimum = define<number>({
  name: `${V}Minimum`,
  targets: FIELD_AND_TYPE,
  args: value(NUMBER),
  category: CATEGORY,
  summary: 'specifies the minimum numeric value that this field can have. Negative numbers are supported.',
  schema: { priority: PRIORITY_DEFAULT, apply: numeric('minimum', (s, n) => (s.minimum = n), true) },
});

export const ValidationEnum = define<unknown[]>({
  name: `${V}Enum`,
  targets: FIELD_AND_TYPE,
  args: value(ANYS),
  category: CATEGORY,
  summary: 'specifies that this (scalar) field is restricted to the *exact* values specified here.',
  details: 'Write `{a,b,c}` or `a;b;c`; quote values that start with a digit but are strings (`{"1a","b"}`).',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, v) => {
      s.enum = cloneJson(v);
      return undefined;
    },
  },
});

/** The validation markers that exist in a plain and an `items:` form, for fields and types. */
const VALIDATION: MarkerDefinition[] = [
  define<number>({
    name: `${V}Maximum`,
    targets: FIELD_AND_TYPE,
    args: value(NUMBER),
    category: CATEGORY,
    summary: 'specifies the maximum numeric value that this field can have.',
    schema: { priority: PRIORITY_DEFAULT, apply: numeric('maximum', (s, n) => (s.maximum = n), true) },
  }),
  ValidationMinimum,
  define<boolean>({
    name: `${V}ExclusiveMaximum`,
    targets: FIELD_AND_TYPE,
    args: value(BOOL),
    category: CATEGORY,
    summary: 'indicates that the maximum is "up to" but not including that value.',
    schema: { priority: PRIORITY_DEFAULT, apply: exclusive('exclusivemaximum', (s, b) => (s.exclusiveMaximum = b)) },
  }),
  define<boolean>({
    name: `${V}ExclusiveMinimum`,
    targets: FIELD_AND_TYPE,
    args: value(BOOL),
    category: CATEGORY,
    summary: 'indicates that the minimum is "up to" but not including that value.',
    schema: { priority: PRIORITY_DEFAULT, apply: exclusive('exclusiveminimum', (s, b) => (s.exclusiveMinimum = b)) },
  }),
  define<number>({
    name: `${V}MultipleOf`,
    targets: FIELD_AND_TYPE,
    args: value(NUMBER),
    category: CATEGORY,
    summary: 'specifies that this field must have a numeric value that\'s a multiple of this one.',
    schema: { priority: PRIORITY_DEFAULT, apply: numeric('multipleof', (s, n) => (s.multipleOf = n), true) },
  }),
  define<Int>({
    name: `${V}MaxLength`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'specifies the maximum length for this string.',
    schema: { priority: PRIORITY_DEFAULT, apply: textual('maxlength', (s, n: Int) => (s.maxLength = n)) },
  }),
  define<Int>({
    name: `${V}MinLength`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'specifies the minimum length for this string.',
    schema: { priority: PRIORITY_DEFAULT, apply: textual('minlength', (s, n: Int) => (s.minLength = n)) },
  }),
  define<string>({
    name: `${V}Pattern`,
    targets: FIELD_AND_TYPE,
    args: value(STRING, {
      validate: (v) => {
        const err = checkPattern(v);
        return err === undefined ? undefined : `invalid regular expression ${JSON.stringify(v)}: ${err}`;
      },
    }),
    category: CATEGORY,
    summary: 'specifies that this string must match the given regular expression.',
    details:
      'The expression is RE2 syntax (Go regexp, as the apiserver evaluates it): no lookaround, no backreferences. ' +
      'Quote it with backticks when it contains `,` `;` `}` or `"`.',
    schema: { priority: PRIORITY_DEFAULT, apply: textual('pattern', (s, p: string) => (s.pattern = p)) },
  }),
  define<Int>({
    name: `${V}MaxItems`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'specifies the maximum length for this list.',
    schema: { priority: PRIORITY_DEFAULT, apply: ofType('array', 'maxitems', (s, n: Int) => (s.maxItems = n)) },
  }),
  define<Int>({
    name: `${V}MinItems`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'specifies the minimum length for this list.',
    schema: { priority: PRIORITY_DEFAULT, apply: ofType('array', 'minitems', (s, n: Int) => (s.minItems = n)) },
  }),
  define<boolean>({
    name: `${V}UniqueItems`,
    targets: FIELD_AND_TYPE,
    args: value(BOOL),
    category: CATEGORY,
    summary: 'specifies that all items in this list must be unique.',
    schema: { priority: PRIORITY_DEFAULT, apply: ofType('array', 'uniqueitems', (s, b: boolean) => (s.uniqueItems = b)) },
  }),
  define<Int>({
    name: `${V}MaxProperties`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'restricts the number of keys in an object',
    schema: { priority: PRIORITY_DEFAULT, apply: ofType('object', 'maxproperties', (s, n: Int) => (s.maxProperties = n)) },
  }),
  define<Int>({
    name: `${V}MinProperties`,
    targets: FIELD_AND_TYPE,
    args: value(INT),
    category: CATEGORY,
    summary: 'restricts the number of keys in an object',
    schema: { priority: PRIORITY_DEFAULT, apply: ofType('object', 'minproperties', (s, n: Int) => (s.minProperties = n)) },
  }),
  ValidationEnum,
  define<string>({
    name: `${V}Format`,
    targets: FIELD_AND_TYPE,
    args: value(STRING),
    category: CATEGORY,
    summary: 'specifies additional "complex" formatting for this field.',
    details: 'For example, a date-time field would be marked as "type: string" and "format: date-time".',
    schema: {
      priority: PRIORITY_DEFAULT,
      apply: (s, v) => {
        s.format = v;
        return undefined;
      },
    },
  }),
  define<SchemaType>({
    name: `${V}Type`,
    targets: FIELD_AND_TYPE,
    args: value(STRING, { oneOf: SCHEMA_TYPES }),
    category: CATEGORY,
    summary: 'overrides the type for this field (which defaults to the equivalent of the TypeScript type).',
    details: 'This generally must be paired with custom serialization. Applied before the other validation markers.',
    schema: {
      priority: PRIORITY_DEFAULT - 1,
      apply: (s, v) => {
        s.type = v;
        return undefined;
      },
    },
  }),
  define<true>({
    name: `${V}XPreserveUnknownFields`,
    targets: FIELD_AND_TYPE,
    args: flag(),
    category: CATEGORY,
    deprecated: { use: 'kubebuilder:pruning:PreserveUnknownFields' },
    summary: 'stops the apiserver from pruning fields which are not specified.',
    schema: { priority: PRIORITY_DEFAULT, apply: preserveUnknown },
  }),
  define<true>({
    name: `${V}XEmbeddedResource`,
    targets: FIELD_AND_TYPE,
    args: flag(),
    category: CATEGORY,
    summary: 'marks a field as an embedded resource with apiVersion, kind and metadata fields.',
    details: 'An embedded resource is a value that has apiVersion, kind and metadata fields. They are validated implicitly according to the semantics of the currently running apiserver.',
    schema: { priority: PRIORITY_DEFAULT, apply: embedded },
  }),
  define<true>({
    name: `${V}XIntOrString`,
    targets: FIELD_AND_TYPE,
    args: flag(),
    category: CATEGORY,
    summary: 'marks a fields as an IntOrString.',
    details: 'This is required when applying patterns or other validations to an IntOrString field. Applied before the other validation markers.',
    schema: {
      priority: PRIORITY_DEFAULT - 1,
      apply: (s) => {
        s['x-kubernetes-int-or-string'] = true;
        return undefined;
      },
    },
  }),
  define<XValidationArgs>({
    name: `${V}XValidation`,
    targets: FIELD_AND_TYPE,
    args: {
      kind: 'struct',
      args: {
        rule: arg(STRING, 'the CEL expression; `self` is this value, `oldSelf` its previous value.'),
        message: opt(STRING, 'the message shown when the rule fails.'),
        messageExpression: opt(STRING, 'a CEL expression that evaluates to the failure message.'),
        reason: opt(STRING, 'the machine-readable reason reported when the rule fails.', { oneOf: XVALIDATION_REASONS }),
        fieldPath: opt(STRING, 'the JSON path of the field to report the failure on, relative to this value.'),
        optionalOldSelf: opt(BOOL, 'run the rule on creation too, with `oldSelf` an optional.'),
      },
    },
    repeatable: true,
    category: CATEGORY,
    since: 'controller-gen v0.9',
    summary: 'marks a field as requiring a value for which a given expression evaluates to true.',
    details: 'This marker may be repeated to specify multiple expressions, all of which must evaluate to true.',
    schema: {
      priority: PRIORITY_DEFAULT,
      apply: (s, v) => {
        appendRule(s, v);
        return undefined;
      },
    },
  }),
];

function preserveUnknown(s: JSONSchemaProps): undefined {
  s['x-kubernetes-preserve-unknown-fields'] = true;
  return undefined;
}

function embedded(s: JSONSchemaProps): undefined {
  s['x-kubernetes-embedded-resource'] = true;
  return undefined;
}

const ITEMS_PREFIX = `${V}items:`;

/** `+kubebuilder:validation:items:<Name>`: the same behaviour, applied to `schema.items`. */
const ITEMS: MarkerDefinition[] = VALIDATION.map((d) => ({
  ...renamed(d, ITEMS_PREFIX + d.name.slice(V.length)),
  help: { ...d.help, summary: `for array items ${d.help.summary}` },
  deprecated: d.deprecated ? { use: `${ITEMS_PREFIX}XPreserveUnknownFields` } : undefined,
  since: d.since ?? 'controller-gen v0.15',
  items: true,
}));
// items:XPreserveUnknownFields has no pruning: twin; it is the only spelling and so not deprecated
for (const d of ITEMS) if (d.name === `${ITEMS_PREFIX}XPreserveUnknownFields`) delete d.deprecated;

/** `{}` is an empty map in the marker grammar; on an array schema it means an empty list. */
export function normalizeDefault(value: unknown, schema: JSONSchemaProps): unknown {
  if (
    schema.type === 'array' &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length === 0
  ) {
    return [];
  }
  return cloneJson(value);
}

function flagMarker(name: string, targets: readonly MarkerTarget[], summary: string, since?: string): MarkerDefinition<true> {
  return define<true>({ name, targets, args: flag(), category: CATEGORY, summary, since });
}

function oneOfApply(kind: 'ExactlyOneOf' | 'AtMostOneOf' | 'AtLeastOneOf') {
  const op = kind === 'ExactlyOneOf' ? '== 1' : kind === 'AtMostOneOf' ? '<= 1' : '>= 1';
  const verb = kind === 'ExactlyOneOf' ? 'exactly one of the fields in %s must be set' : kind === 'AtMostOneOf' ? 'at most one of the fields in %s may be set' : 'at least one of the fields in %s must be set';
  return (schema: JSONSchemaProps, fields: string[], ctx: SchemaApplyContext): string | undefined => {
    if (fields.length === 0) return undefined;
    const nested = fields.filter((f) => f.includes('.'));
    if (nested.length > 0) return `cannot reference nested fields: ${nested.join(',')}`;
    // the struct's fields: from the context, else from the schema being built
    const structFields =
      ctx.structFields ??
      (schema.properties
        ? Object.keys(schema.properties).map((name) => ({ name, required: schema.required?.includes(name) ?? false }))
        : undefined);
    if (structFields) {
      for (const f of fields) {
        const field = structFields.find((x) => x.name === f);
        if (!field) {
          return `unknown field ${JSON.stringify(f)}${ctx.name ? ` in ${ctx.name}` : ''}; fields are ${structFields.map((x) => x.name).join(', ')}`;
        }
        if (field.required) return `field ${f} is part of ${kind} constraint and must be optional (\`?\` or +optional)`;
      }
    }
    appendRule(schema, { rule: oneOfRule(fields, op), message: verb.replace('%s', `[${fields.join(' ')}]`) });
    return undefined;
  };
}

/** controller-gen v0.21.0's rule text: `[has(self.a),has(self.b)].filter(x,x==true).size() == 1`. */
export function oneOfRule(fields: readonly string[], op: string): string {
  return `[${fields.map((f) => `has(self.${f})`).join(',')}].filter(x,x==true).size() ${op}`;
}

/** The rule `+k8s:immutable` puts on the field itself. */
export const IMMUTABLE_RULE: ValidationRule = { rule: 'self == oldSelf', message: 'field is immutable' };

/**
 * The rule the schema builder adds on the parent struct for an optional `+k8s:immutable` field
 * (controller-gen: only for fields not in `required`), after the struct's other rules.
 */
export function immutableParentRule(fieldName: string): ValidationRule {
  return { rule: `!has(oldSelf.${fieldName}) || has(self.${fieldName})`, message: `field ${fieldName} is immutable once set` };
}

export const ValidationRequired = flagMarker(`${V}Required`, ['package', 'field'], 'specifies that this field is required (on a package: the default, accepted for compatibility).');
export const ValidationOptional = flagMarker(`${V}Optional`, ['package', 'field'], 'specifies that this field is optional (on a package: all fields are optional unless marked required).');
export const Required = flagMarker('required', FIELD, 'specifies that this field is required.');
export const Optional = flagMarker('optional', FIELD, 'specifies that this field is optional.');
export const K8sRequired = flagMarker('k8s:required', FIELD, 'specifies that this field is required.', 'controller-gen v0.20');
export const K8sOptional = flagMarker('k8s:optional', FIELD, 'specifies that this field is optional.', 'controller-gen v0.20');

export const Nullable = define<true>({
  name: 'nullable',
  targets: FIELD,
  args: flag(),
  category: CATEGORY,
  summary: 'marks this field as allowing the "null" value.',
  details: 'This is often not necessary, but may be helpful with custom serialization. `x: T | null` does the same.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s) => {
      s.nullable = true;
      return undefined;
    },
  },
});

export const KubebuilderDefault = define<unknown>({
  name: 'kubebuilder:default',
  targets: FIELD,
  args: value(ANY),
  category: CATEGORY,
  summary: 'sets the default value for this field.',
  details:
    'Any value valid for the field is accepted as its default. Formatting for common types include: ' +
    'boolean: `true`, string: `Cluster`, numerical: `1.24`, array: `{1,2}`, object: `{policy: "delete"}`. ' +
    '`{}` on an array means `[]`. Applied last, so it wins over `+default`. Integers are Go int64s, exact beyond 2^53.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, v) => {
      s.default = normalizeDefault(v, s);
      return undefined;
    },
  },
});

export const Default = define<unknown>({
  name: 'default',
  targets: FIELD,
  args: value(JSON_ARG),
  category: CATEGORY,
  since: 'controller-gen v0.16',
  summary: 'sets the default value for this field, written as JSON (the Kubernetes defaulter-gen spelling).',
  details:
    '`+default=ref(Name)` is defaulter-gen only and is ignored here with a warning. `+kubebuilder:default` wins when both are present. ' +
    'Keys such as `__proto__` are kept as data. JSON numbers are Go float64s, except that integers on integer fields stay exact beyond 2^53 ' +
    '(controller-gen rounds those).',
  parse: (raw) => {
    const text = raw.trim();
    if (text.startsWith('ref(')) return { value: null, warning: '+default=ref(...) is a defaulter-gen reference and has no effect on the schema; it is ignored' };
    const lead = raw.length - raw.trimStart().length;
    try {
      JSON.parse(text);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const m = /position (\d+)/.exec(message);
      return { error: `invalid JSON: ${message}`, offset: m ? lead + Number(m[1]) : 0 };
    }
    // The value itself exactly: `__proto__` keys as data, integers beyond 2^53 as bigints, int64-checked.
    try {
      return { value: parseJsonExact(text) };
    } catch (e) {
      if (e instanceof JsonValueError) return { error: `invalid JSON: ${e.message}`, offset: lead + e.offset };
      throw e;
    }
  },
  // `ref(...)` reads as null, which prints as JSON `null`: the same value, with no effect either way
  print: (v) => ({ raw: markerJson(v) }),
  schema: {
    priority: PRIORITY_DEFAULT - 1,
    apply: (s, v) => {
      if (v === null || v === undefined) return undefined;
      s.default = cloneJson(v);
      return undefined;
    },
  },
});

export const Example = define<unknown>({
  name: 'kubebuilder:example',
  targets: FIELD,
  args: value(ANY),
  category: CATEGORY,
  summary: 'sets the example value for this field.',
  details: 'Any value valid for the field is accepted as its example, in the same syntax as +kubebuilder:default.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, v) => {
      s.example = cloneJson(v);
      return undefined;
    },
  },
});

export const EmbeddedResource = define<true>({
  name: `${V}EmbeddedResource`,
  targets: FIELD,
  args: flag(),
  category: CATEGORY,
  summary: 'marks a field as an embedded resource with apiVersion, kind and metadata fields.',
  schema: { priority: PRIORITY_DEFAULT, apply: embedded },
});

export const Schemaless = define<true>({
  name: `${V}Schemaless`,
  targets: FIELD,
  args: flag(),
  category: CATEGORY,
  summary: 'marks a field as being a schemaless object.',
  details: 'Schemaless objects are not introspected, so you must provide any type and validation information yourself. The field\'s schema is `{}` plus its markers.',
});

export const Immutable = define<true>({
  name: 'k8s:immutable',
  targets: FIELD,
  args: flag(),
  category: CATEGORY,
  since: 'controller-gen v0.21',
  summary: 'marks a field as immutable once set.',
  details: 'Adds `self == oldSelf` to the field; for an optional field also `!has(oldSelf.f) || has(self.f)` on the parent.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s) => {
      appendRule(s, IMMUTABLE_RULE);
      return undefined;
    },
  },
});

export const Enum = define<true>({
  name: 'k8s:enum',
  targets: TYPE,
  args: flag(),
  category: 'CRD',
  since: 'controller-gen v0.21',
  summary: 'indicates that the given type is an enum; all its string values are the enum\'s values (sorted).',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, _v, ctx) => {
      // the values: from the context, else the enum the builder made from a literal union / TS enum
      const values = ctx.enumValues ?? stringEnum(s);
      if (!values) return `k8s:enum requires a string enum type (a union of string literals or a string \`enum\`), found ${found(s, ctx)}`;
      if (values.length === 0) return `no enum values found for type ${ctx.name ?? ''}`.trimEnd();
      s.type = 'string';
      s.enum = [...values].sort((a, b) => {
        const ja = JSON.stringify(a);
        const jb = JSON.stringify(b);
        return ja < jb ? -1 : ja > jb ? 1 : 0;
      });
      return undefined;
    },
  },
});

export const PreserveUnknownFields = define<true>({
  name: 'kubebuilder:pruning:PreserveUnknownFields',
  targets: FIELD_AND_TYPE,
  args: flag(),
  category: 'CRD processing',
  summary: 'PreserveUnknownFields stops the apiserver from pruning fields which are not specified.',
  details:
    'By default the apiserver drops unknown fields from the request payload during the decoding step. This marker stops the API server from doing so. ' +
    'It affects fields recursively, but switches back to normal pruning behaviour if nested properties or additionalProperties are specified in the schema.',
  schema: { priority: PRIORITY_DEFAULT, apply: preserveUnknown },
});

export const Title = define<unknown>({
  name: 'kubebuilder:title',
  targets: FIELD_AND_TYPE,
  args: value(ANY),
  category: 'CRD validation',
  since: 'controller-gen v0.18',
  summary: 'sets the title for this field.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, v) => {
      if (v === null || v === undefined) return undefined;
      if (typeof v !== 'string') return `expected string, got ${Array.isArray(v) ? 'list' : typeof v}`;
      s.title = v;
      return undefined;
    },
  },
});

const FIELD_ONLY: MarkerDefinition[] = [
  ValidationRequired,
  ValidationOptional,
  Required,
  Optional,
  K8sRequired,
  K8sOptional,
  Nullable,
  KubebuilderDefault,
  Default,
  Example,
  EmbeddedResource,
  Schemaless,
  Immutable,
];

function oneOfMarker(kind: 'ExactlyOneOf' | 'AtMostOneOf' | 'AtLeastOneOf', priority: number): MarkerDefinition<string[]> {
  return define<string[]>({
    name: V + kind,
    targets: TYPE,
    args: value(STRINGS),
    repeatable: true,
    category: CATEGORY,
    since: kind === 'AtLeastOneOf' ? 'controller-gen v0.20' : 'controller-gen v0.19',
    summary: `specifies a list of field names that must conform to the ${kind} constraint.`,
    details: 'The fields must be optional, direct properties of this type (no nested paths). Generates a CEL rule on the type.',
    schema: { priority, apply: oneOfApply(kind) },
  });
}

export const AtMostOneOf = oneOfMarker('AtMostOneOf', PRIORITY_DEFAULT + 1);
export const ExactlyOneOf = oneOfMarker('ExactlyOneOf', PRIORITY_DEFAULT + 2);
export const AtLeastOneOf = oneOfMarker('AtLeastOneOf', PRIORITY_DEFAULT + 3);

const TYPE_ONLY: MarkerDefinition[] = [AtMostOneOf, ExactlyOneOf, AtLeastOneOf];

TYPE_ONLY.push(
  Enum,
);

const VALIDATION_ISH: MarkerDefinition[] = [
  PreserveUnknownFields,
  Title,
];

export const VALIDATION_DEFINITIONS: readonly MarkerDefinition[] = [...VALIDATION, ...ITEMS, ...FIELD_ONLY, ...TYPE_ONLY, ...VALIDATION_ISH];
