/**
 * Where generated code imports each `@kubegen/runtime` name from. The runtime is split by subpath (see
 * `runtime/src/index.ts`): generated code imports helpers only it uses from `/internal`, clients from `/client`,
 * informers and listers from `/cache`, the conversion registry's types from `/webhook`, admission handler types from
 * `/webhook/admission` (the values a package binds at load, `convertObject` and `admissionKind`, from `/internal`),
 * the fake clientset from `/testing`, the validator from `/validation`, and the meta types (ObjectMeta, int32, Condition …) from the root. Naming a runtime symbol through
 * `ImportTracker.runtimeValue` / `runtimeType` records the import from the right entry, so no emitter spells a
 * subpath.
 */

/** The subpaths of `@kubegen/runtime` generated code imports from ('' is the root). */
export type RuntimeEntry = '' | 'client' | 'cache' | 'webhook' | 'webhook/admission' | 'testing' | 'internal' | 'validation';

/** Every runtime name generated code imports, by entry (anything else comes from the root). */
export const RUNTIME_IMPORTS: ReadonlyArray<readonly [RuntimeEntry, readonly string[]]> = [
  [
    'internal',
    [
      'JsonObject',
      'JsonValue',
      'asDeclared',
      'cloneJSON',
      'copyFlat',
      'finishConversion',
      'getOwn',
      'hasOwn',
      'isJsonObject',
      'jsonView',
      'LostFields',
      'setOwn',
      // bound at load by a group's conversion.ts and each version's admission.ts: from /internal, which does not load
      // the webhook server as /webhook and /webhook/admission do
      'admissionKind',
      'convertObject',
      // the hand-written deep copies of the well-known meta types
      'deepCopyCondition',
      'deepCopyConfigMapKeySelector',
      'deepCopyLabelSelector',
      'deepCopyLabelSelectorRequirement',
      'deepCopyListMeta',
      'deepCopyLocalObjectReference',
      'deepCopyManagedFieldsEntry',
      'deepCopyObjectMeta',
      'deepCopyObjectReference',
      'deepCopyOwnerReference',
      'deepCopySecretKeySelector',
      'deepCopyTypeMeta',
      'deepCopyTypedLocalObjectReference',
    ],
  ],
  [
    'client',
    ['ClientConfig', 'KubeList', 'LoadOptions', 'PatchBody', 'PatchOptions', 'PatchType', 'ResourceClient', 'ResourceDescriptor', 'RestClient', 'TypedClient', 'createRestClient', 'loadFromDefault'],
  ],
  [
    'cache',
    [
      'ClusterLister',
      'expandLister',
      'ReadonlyIndexer',
      'InformerForOptions',
      'Lister',
      'ListerExpansion',
      'NamespaceLister',
      'NamespacedLister',
      'SharedIndexInformer',
      'SharedInformerFactory',
      'SharedInformerFactoryOptions',
    ],
  ],
  ['webhook', ['GroupConverters', 'KindConverter']],
  ['webhook/admission', ['AdmissionKind', 'AdmissionRegistrar', 'AdmissionServer', 'CustomDefaulter', 'CustomValidator']],
  ['testing', ['Fake', 'FakeClientset', 'FakeOptions']],
  [
    'validation',
    [
      'aboveMaximum',
      'anyOfErrors',
      'at',
      'belowMinimum',
      'boundError',
      'celWalk',
      'child',
      'compiledValidator',
      'compilePattern',
      'createValidator',
      'deep',
      'duplicateItems',
      'embeddedResourceChecks',
      'enumText',
      'FieldError',
      'fixedFailure',
      'formatCheck',
      'formatError',
      'hasDuplicates',
      'hoist',
      'inKeyOrder',
      'isObject',
      'item',
      'jsonEqual',
      'leafValue',
      'listMapDuplicates',
      'multipleOfError',
      'nodeRules',
      'notError',
      'notInteger',
      'notSupported',
      'oldItem',
      'oldProperty',
      'oneOfErrors',
      'own',
      'patternError',
      'patternMismatch',
      'precompileRules',
      'prepareHead',
      'prepareItems',
      'prepareLeaf',
      'required',
      'requiredAt',
      'runeCount',
      'shallow',
      'setDuplicates',
      'tooFewItems',
      'tooFewProperties',
      'tooLong',
      'tooMany',
      'tooShort',
      'typeErrorOf',
      'ValidationPasses',
      'ValidationSchema',
      'Validator',
      'Walk',
    ],
  ],
];

const ENTRY_OF = new Map<string, RuntimeEntry>(RUNTIME_IMPORTS.flatMap(([entry, names]) => names.map((n) => [n, entry] as const)));

/** The module specifier generated code imports runtime name `name` from, under the runtime package `base`. */
export function runtimeModuleOf(base: string, name: string): string {
  const entry = ENTRY_OF.get(name) ?? '';
  return entry === '' ? base : `${base}/${entry}`;
}
