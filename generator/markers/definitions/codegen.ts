/**
 * k8s.io/code-generator tags commonly found in real API files. kubegen accepts and documents them so that a
 * ported `*_types.go` compiles without edits; the values are kept verbatim (code-generator's own grammars).
 */
import { closingParen } from '../grammar';
import type { CustomParse, CustomPrint, MarkerDefinition, MarkerTarget } from '../types';
import { BOOL, RAW, STRING, TYPE, define, value } from './common';

const CG = 'code-generator';
const ALL: readonly MarkerTarget[] = ['package', 'type', 'field'];
const PKG_TYPE: readonly MarkerTarget[] = ['package', 'type'];
const PKG: readonly MarkerTarget[] = ['package'];

function tag(name: string, targets: readonly MarkerTarget[], summary: string, details?: string, optional = false): MarkerDefinition {
  return define<string>({ name, targets, args: value(RAW, { optional, help: '<value>' }), category: CG, summary, details });
}

export const CODEGEN_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [
  tag('k8s:deepcopy-gen', PKG_TYPE, 'deepcopy-gen: `package` (or `package,register`) on a package, `true`/`false` on a type.', 'kubegen\'s object generator reads it like +kubebuilder:object:generate.'),
  define<string>({
    name: 'k8s:deepcopy-gen:interfaces',
    targets: TYPE,
    args: value(STRING, { help: 'e.g. k8s.io/apimachinery/pkg/runtime.Object' }),
    repeatable: true,
    category: CG,
    summary: 'deepcopy-gen: also generate DeepCopy<Interface>() for the named interface (runtime.Object → DeepCopyObject).',
  }),
  define<boolean>({
    name: 'k8s:deepcopy-gen:nonpointer-interfaces',
    targets: TYPE,
    args: value(BOOL),
    category: CG,
    summary: 'deepcopy-gen: the interface methods are generated on the value receiver.',
  }),
  tag('k8s:defaulter-gen', PKG_TYPE, 'defaulter-gen: `<FieldName>` on a package (generate defaulters for types with that field), `true`/`false` on a type.'),
  tag('k8s:defaulter-gen-input', PKG, 'defaulter-gen: the package whose types are defaulted.'),
  tag(
    'k8s:conversion-gen',
    ALL,
    'conversion-gen: the internal (hub) package on a package; `false` on a type or field to opt out.',
    'kubegen reads `false` on a field only: the field is meant to be missing from some versions of its type, so being kept in the conversion annotation where the other version lacks it is no warning (KG5103); it is still converted to versions that declare it. Other uses are accepted and ignored.',
  ),
  tag('k8s:conversion-gen-external-types', PKG, 'conversion-gen: the package holding the external types.'),
  tag('k8s:conversion-gen:explicit-from', TYPE, 'conversion-gen: also generate a conversion from the given type (e.g. net/url.Values).'),
  tag('k8s:openapi-gen', ALL, 'openapi-gen: `true` to generate OpenAPI definitions, `false` to skip; `x-kubernetes-…` extensions.'),
  tag('k8s:openapi-model-package', PKG, 'openapi-gen: the OpenAPI model package name.'),
  tag('k8s:prerelease-lifecycle-gen', PKG_TYPE, 'prerelease-lifecycle-gen: `true` to generate APILifecycle methods.'),
  tag('k8s:prerelease-lifecycle-gen:introduced', TYPE, 'prerelease-lifecycle-gen: the Kubernetes release that introduced the type, e.g. `1.19`.'),
  tag('k8s:prerelease-lifecycle-gen:deprecated', TYPE, 'prerelease-lifecycle-gen: the release that deprecates it.'),
  tag('k8s:prerelease-lifecycle-gen:removed', TYPE, 'prerelease-lifecycle-gen: the release that removes it.'),
  tag('k8s:prerelease-lifecycle-gen:replacement', TYPE, 'prerelease-lifecycle-gen: `group,version,Kind` of the replacement.'),
  tag('k8s:register-gen', PKG, 'register-gen: generate zz_generated.register.go.', undefined, true),
  tag('k8s:validation-gen', PKG_TYPE, 'validation-gen: generate declarative validation.'),
  tag('k8s:protobuf-gen', PKG_TYPE, 'go-to-protobuf: `package` to generate protobuf, `false` to skip.'),
  tag('k8s:client-gen', PKG_TYPE, 'client-gen opt-out (`false`).'),
  tag('k8s:lister-gen', PKG_TYPE, 'lister-gen opt-out (`false`).'),
  tag('k8s:informer-gen', PKG_TYPE, 'informer-gen opt-out (`false`).'),
  tag('k8s:applyconfiguration-gen', PKG_TYPE, 'applyconfiguration-gen opt-out (`false`).'),
];

/** The value of a validation-gen tag: its `(…)` arguments and its payload after `=`, verbatim. */
export interface ValidationGenArgs {
  args?: string;
  payload?: string;
}

/**
 * validation-gen (k8s.io/code-generator, declarative validation) tags found in k8s.io/api files. kubegen does not
 * generate Go validation code, so they are accepted with a warning naming the schema marker to use instead.
 */
function validationGen(name: string, summary: string, instead: string | undefined, opts: { params?: boolean; payload?: 'required' | 'none' | 'optional' } = {}): MarkerDefinition {
  const payload = opts.payload ?? 'required';
  const syntax = `${opts.params ? '(<args>)' : ''}${payload === 'none' ? '' : payload === 'optional' ? '[=<payload>]' : '=<payload>'}`;
  const parse: CustomParse<ValidationGenArgs> = (raw, params) => {
    const value: ValidationGenArgs = {};
    if (params !== undefined) value.args = params;
    if (raw !== '') value.payload = raw.trim();
    if (payload === 'none' && raw !== '') return { error: `+${name} takes no payload` };
    return {
      value,
      warning: `+${name} is a validation-gen tag; kubegen does not generate declarative validation, so it has no effect${instead ? ` (for the CRD schema use ${instead})` : ''}`,
    };
  };
  // the inverse: `(args)` when given; `=payload`, or a bare `=` when the tag requires one and has none
  const print: CustomPrint<ValidationGenArgs> = (v) => {
    if (v.args !== undefined && (!opts.params || closingParen(`(${v.args})`, 0) !== v.args.length + 1)) {
      throw new Error(`internal: +${name} cannot be written with the (…) arguments ${JSON.stringify(v.args)}`);
    }
    if (v.payload !== undefined && (payload === 'none' || v.payload === '' || v.payload !== v.payload.trim())) {
      throw new Error(`internal: +${name} cannot be written with the payload ${JSON.stringify(v.payload)}`);
    }
    return { params: v.args, raw: v.payload ?? (payload === 'required' ? '' : undefined) };
  };
  return define<ValidationGenArgs>({
    name,
    targets: ALL,
    args: value(RAW, { optional: payload !== 'required', help: syntax }),
    parse,
    print,
    paramArgs: opts.params,
    category: 'validation-gen',
    summary,
    details: 'Accepted so that Kubernetes API files port unchanged; reported as a warning because it has no effect.',
  });
}

export const VALIDATION_GEN_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [
  validationGen('k8s:eachKey', 'declares a validation for each key of a map.', undefined),
  validationGen('k8s:eachVal', 'declares a validation for each value of a map or list.', '+kubebuilder:validation:items:*'),
  validationGen('k8s:forbidden', 'the field may not be specified.', undefined, { payload: 'none' }),
  validationGen('k8s:format', 'the string has a Kubernetes format (k8s-ip, k8s-long-name, k8s-short-name …).', '+kubebuilder:validation:Format or Pattern'),
  validationGen('k8s:ifEnabled', 'a validation that applies only when an option is enabled.', undefined, { params: true }),
  validationGen('k8s:ifDisabled', 'a validation that applies only when an option is disabled.', undefined, { params: true }),
  validationGen('k8s:item', 'a validation for the item of a listType=map list with the given key values.', undefined, { params: true }),
  validationGen('k8s:subfield', 'a validation for a subfield of a struct.', undefined, { params: true }),
  validationGen('k8s:maxItems', 'the list has at most this many items.', '+kubebuilder:validation:MaxItems'),
  validationGen('k8s:maxLength', 'the string has at most this many characters.', '+kubebuilder:validation:MaxLength'),
  validationGen('k8s:minimum', 'the number is at least this value.', '+kubebuilder:validation:Minimum'),
  validationGen('k8s:neq', 'the value may not equal this value.', '+kubebuilder:validation:XValidation'),
  validationGen('k8s:opaqueType', 'validations declared on the referenced type are ignored.', undefined, { payload: 'none' }),
  validationGen('k8s:unionDiscriminator', 'this field is the discriminator of a union.', '+kubebuilder:validation:XValidation', { params: true, payload: 'none' }),
  validationGen('k8s:unionMember', 'this field is a member of a union.', '+kubebuilder:validation:ExactlyOneOf', { params: true, payload: 'none' }),
  validationGen('k8s:zeroOrOneOfMember', 'this field is a member of a zero-or-one-of union.', '+kubebuilder:validation:AtMostOneOf', { params: true, payload: 'none' }),
];
