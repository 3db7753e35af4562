/**
 * Every kind of diagnostic kubegen reports, with its stable code and severity: the one table behind the code printed
 * with each diagnostic (`error KG2001: …`) and behind `docs/diagnostics.md`. A code, once published, keeps its
 * meaning: retire a kind rather than renumber it. Ranges: KG1xxx reading the API files, KG2xxx markers, KG3xxx the
 * model, KG4xxx CRD schemas, KG5xxx code generation, KG6xxx RBAC, webhook and APIService manifests.
 */
export interface DiagnosticKind {
  /** `KG` and four digits, unique. */
  readonly code: `KG${number}`;
  readonly severity: 'error' | 'warning';
  /** One sentence: what the diagnostic means, for the reference page. */
  readonly summary: string;
}

export const DIAGNOSTIC_KINDS = {
  // KG1xxx: reading the API files
  'syntax-error': { code: 'KG1001', severity: 'error', summary: 'A file is not valid TypeScript; the message is the compiler’s.' },
  'apis-root': { code: 'KG1002', severity: 'error', summary: 'The configured APIs root is not a directory.' },
  'declaration-not-allowed': {
    code: 'KG1003',
    severity: 'error',
    summary: 'An API file declares something other than interfaces, type aliases and enums (a class, function or variable).',
  },
  'unsupported-type': {
    code: 'KG1004',
    severity: 'error',
    summary: 'A type has no JSON meaning or no Kubernetes counterpart (`any`, `Date`, tuples, functions, computed types …).',
  },
  'unsupported-member': {
    code: 'KG1005',
    severity: 'error',
    summary: 'A member of an API type is not a plain property: a method, a computed name, an index signature that is not `[key: string]: T`, or a property without a usable type.',
  },
  'invalid-enum': { code: 'KG1006', severity: 'error', summary: 'An enum member has no constant value, or an enum mixes string and number members.' },
  'generic-type': { code: 'KG1007', severity: 'error', summary: 'A generic type is used in a way that cannot be instantiated: a type parameter as a map key, a recursive or conditional generic, a type argument without a name, the wrong number of type arguments.' },

  // KG2xxx: markers
  'unknown-marker': { code: 'KG2001', severity: 'error', summary: 'A marker in one of kubegen’s namespaces is not known (with a “did you mean” when one is close).' },
  'marker-syntax': { code: 'KG2002', severity: 'error', summary: 'A marker is not written in its grammar: unterminated, trailing text, a value where none is taken, or none where one is needed.' },
  'invalid-marker-argument': { code: 'KG2003', severity: 'error', summary: 'A marker argument has the wrong type or value, is unknown, or is given twice.' },
  'missing-marker-argument': { code: 'KG2004', severity: 'error', summary: 'A marker lacks a required argument.' },
  'misplaced-marker': { code: 'KG2005', severity: 'error', summary: 'A marker is on the wrong target (a field marker on a type, a package marker on a field …).' },
  'duplicate-marker': { code: 'KG2006', severity: 'error', summary: 'A marker that may appear once on its target appears again; the first one is the related location.' },
  'marker-not-applicable': { code: 'KG2007', severity: 'error', summary: 'A marker does not apply where it is (e.g. `MaxItems` on a string, a one-of naming an unknown field, `+genclient:method` on a kind without `+genclient`).' },
  'conflicting-markers': { code: 'KG2008', severity: 'error', summary: 'Markers contradict each other (e.g. `+genclient:nonNamespaced` on a namespaced kind).' },
  'marker-not-read': { code: 'KG2009', severity: 'error', summary: 'A marker sits where controller-gen does not read it (a doc comment, inside a body, after code on the line).' },
  'misspelt-marker': {
    code: 'KG2010',
    severity: 'error',
    summary: 'A comment line outside kubegen’s namespaces looks like a misspelt kubegen marker (`+optinal`, `+listtype`, `+kubebuildr:…`, `+KubeBuilder:…`); as written it would be ignored.',
  },
  'marker-on-non-kind': { code: 'KG2011', severity: 'error', summary: 'A marker that only a kind reads (`+kubebuilder:resource`, `+kubebuilder:printcolumn`, `+genclient` …) is on a type that is not a kind.' },
  'deprecated-marker': { code: 'KG2101', severity: 'warning', summary: 'A marker is a deprecated spelling; the hint names the one to write.' },
  'ineffective-marker': { code: 'KG2102', severity: 'warning', summary: 'A marker is accepted for compatibility but has no effect in kubegen.' },
  'not-a-marker': {
    code: 'KG2103',
    severity: 'warning',
    summary: 'A comment line starts with `+` but names no marker of kubegen or of a known tool: it is left out of the description and ignored (`--strict` makes this an error).',
  },

  // KG3xxx: the model
  'invalid-name': { code: 'KG3001', severity: 'error', summary: 'A group, kind or resource name would be refused by the API server (or by kubegen).' },
  'duplicate-declaration': { code: 'KG3002', severity: 'error', summary: 'A type or a group version is declared twice; the other declaration is the related location.' },
  'crd-versions': { code: 'KG3003', severity: 'error', summary: 'The versions of a CRD are inconsistent: none left, none served, no or several storage versions, or different names or scope.' },
  'recursive-type': { code: 'KG3004', severity: 'error', summary: 'A type contains itself; a CRD schema cannot describe it.' },
  'type-too-deep': {
    code: 'KG3010',
    severity: 'error',
    summary: 'A type nests more than 256 levels of fields, arrays and maps (a chain of types), or a source file nests brackets more than 256 levels deep; kubegen refuses it at the outermost declaration (or the first bracket too deep) instead of running out of stack.',
  },
  'unresolved-type': { code: 'KG3005', severity: 'error', summary: 'A referenced type is not declared under the APIs root.' },
  'duplicate-property': {
    code: 'KG3007',
    severity: 'error',
    summary: 'A property is declared twice in one object, through `extends` or `&` (or twice in one body); the other declaration is the related location.',
  },
  'name-conflict': {
    code: 'KG3008',
    severity: 'error',
    summary: 'Two kinds of a group claim the same plural, singular, short name or kind: the API server accepts the names of only one (equal plurals are even one CRD, and one output file).',
  },
  'no-group-name': {
    code: 'KG3009',
    severity: 'error',
    summary: 'A package declares a kind but has no `+groupName`, so the kind would get no CRD and no client.',
  },
  'invalid-embedding': { code: 'KG3006', severity: 'error', summary: 'An embedded (`extends` / `&`) type is not an object type.' },

  // KG4xxx: CRD schemas
  'schema-conflict': { code: 'KG4001', severity: 'error', summary: 'Merged schemas (`extends`, `&`, a use site’s markers) give one property different types.' },
  'enum-type-mismatch': { code: 'KG4002', severity: 'error', summary: 'An enum value is not of the type of the field it constrains.' },
  'default-mismatch': { code: 'KG4003', severity: 'error', summary: 'A default value does not validate against its own field’s schema.' },
  'not-structural': { code: 'KG4004', severity: 'error', summary: 'A CRD schema would not be structural, so the API server would refuse the CRD.' },
  'invalid-cel': { code: 'KG4005', severity: 'error', summary: 'A CEL validation rule or messageExpression does not parse, does not type-check against its node’s schema, or exceeds the API server’s cost budget.' },
  'conversion-required': {
    code: 'KG4006',
    severity: 'error',
    summary: 'A multi-version kind’s versions have different schemas but its group has no conversion webhook configured (`kubegen generate`): strategy None would lose data. Names the differing fields of both versions.',
  },
  'invalid-selectable-field': {
    code: 'KG4007',
    severity: 'error',
    summary: 'A `+kubebuilder:selectablefield` JSONPath would be refused by the API server: no path into the schema, array notation, into metadata, not to a string, boolean or integer, repeated, or more than 8.',
  },

  // KG5xxx: code generation
  'unknown-generator': { code: 'KG5001', severity: 'error', summary: 'The configuration selects a generator kubegen does not have.' },
  'export-collision': { code: 'KG5002', severity: 'error', summary: 'Two modules of a generated directory export the same name (e.g. a user type named like a generated client).' },
  'output-collision': {
    code: 'KG5007',
    severity: 'error',
    summary: 'Two generated files would be written to one path (or to paths that differ only in case); nothing is written.',
  },
  'conversion-field': { code: 'KG5004', severity: 'error', summary: 'A field cannot be converted automatically and has no hand-written conversion function.' },
  'conversion-import': { code: 'KG5005', severity: 'error', summary: 'A hand-written conversion file imports something other than types of its group’s API files.' },
  'default-not-json': { code: 'KG5006', severity: 'error', summary: 'A default value cannot be written as JSON into the generated defaulting function.' },
  'unused-conversion-function': { code: 'KG5101', severity: 'warning', summary: 'A hand-written conversion function matches no converted field.' },
  'conversion-field-unmatched': {
    code: 'KG5103',
    severity: 'warning',
    summary:
      'A field of one version has no field of its JSON name in the type it is converted to in another version, and no hand-written conversion function: its value travels only in the conversion annotation (conversion-gen’s “requires manual conversion”). Names the field and, as the related location, the type that lacks it. A renamed or moved field needs the function; a field meant to be missing from other versions is marked `+k8s:conversion-gen=false`.',
  },
  'client-method-not-generated': { code: 'KG5102', severity: 'warning', summary: 'A `+genclient:method` extension cannot be bound to the runtime client and is left out.' },

  // KG6xxx: RBAC and webhook manifests
  'manifest-input': { code: 'KG6001', severity: 'error', summary: 'A path to scan for manifest markers is missing, unreadable, or neither a directory nor a `.ts` file.' },
  'invalid-rbac-rule': { code: 'KG6002', severity: 'error', summary: 'A `+kubebuilder:rbac` rule is not a valid RBAC policy rule.' },
  'invalid-webhook': { code: 'KG6003', severity: 'error', summary: 'A `+kubebuilder:webhook` is not a valid webhook of an admission webhook configuration.' },
  'duplicate-webhook': { code: 'KG6004', severity: 'error', summary: 'Two webhooks (or two webhook configurations) have the same name; the first is the related location.' },
  'invalid-apiservice': { code: 'KG6010', severity: 'error', summary: 'A `+kubegen:apiservice` (or an `apiservice` configuration entry) is not an APIService the apiserver accepts, or does not choose between a caBundle and insecureSkipTLSVerify.' },
  'duplicate-apiservice': { code: 'KG6011', severity: 'error', summary: 'Two APIServices have the same name `<version>.<group>`; the first is the related location.' },
  'unused-webhook-configuration': { code: 'KG6101', severity: 'warning', summary: 'A `+kubebuilder:webhookconfiguration` names a configuration that gets no webhook.' },
  'no-manifest-markers': { code: 'KG6102', severity: 'warning', summary: 'A manifest target found no markers, so its file is not written.' },
} as const satisfies Record<string, DiagnosticKind>;

export type DiagnosticKindName = keyof typeof DIAGNOSTIC_KINDS;
export type DiagnosticCode = (typeof DIAGNOSTIC_KINDS)[DiagnosticKindName]['code'];
