/**
 * k8s.io/code-generator tags commonly found in real API files. kubegen accepts and documents them so that a
 * ported `*_types.go` compiles without edits; the values are kept verbatim (code-generator's own grammars).
 */
import type { MarkerDefinition, MarkerTarget } from '../types';
import { BOOL, RAW, STRING, TYPE, define, value } from './common';

const CG = 'code-generator';
const ALL: readonly MarkerTarget[] = ['package', 'type', 'field'];
const PKG_TYPE: readonly MarkerTarget[] = ['package', 'type'];
const PKG: readonly MarkerTarget[] = ['package'];

function tag(name: string, targets: readonly MarkerTarget[], summary: string, details?: string, optional = false): MarkerDefinition {
  return define({ name, targets, args: value(RAW, { optional, help: '<value>' }), category: CG, summary, details });
}

export const CODEGEN_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [
  tag('k8s:deepcopy-gen', PKG_TYPE, 'deepcopy-gen: `package` (or `package,register`) on a package, `true`/`false` on a type.', 'kubegen\'s object generator reads it like +kubebuilder:object:generate.'),
  define({
    name: 'k8s:deepcopy-gen:interfaces',
    targets: TYPE,
    args: value(STRING, { help: 'e.g. k8s.io/apimachinery/pkg/runtime.Object' }),
    repeatable: true,
    category: CG,
    summary: 'deepcopy-gen: also generate DeepCopy<Interface>() for the named interface (runtime.Object → DeepCopyObject).',
  }),
  define({
    name: 'k8s:deepcopy-gen:nonpointer-interfaces',
    targets: TYPE,
    args: value(BOOL),
    category: CG,
    summary: 'deepcopy-gen: the interface methods are generated on the value receiver.',
  }),
  tag('k8s:defaulter-gen', PKG_TYPE, 'defaulter-gen: `<FieldName>` on a package (generate defaulters for types with that field), `true`/`false` on a type.'),
  tag('k8s:defaulter-gen-input', PKG, 'defaulter-gen: the package whose types are defaulted.'),
  tag('k8s:conversion-gen', ALL, 'conversion-gen: the internal (hub) package on a package; `false` on a type or field to opt out.'),
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
