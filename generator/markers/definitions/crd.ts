/**
 * CRD-level, topology, package, object, rbac, webhook and applyconfiguration markers
 * (controller-tools pkg/crd/markers/{crd,topology,package}.go, pkg/deepcopy, pkg/rbac, pkg/webhook), and
 * kubegen's own `+kubegen:apiservice`.
 */
import type { Int } from '../../core/types';
import type { JSONSchemaProps } from '../../core/schema';
import type { ArgSpec, MarkerDefinition, SchemaApplyContext } from '../types';
import {
  BOOL,
  FIELD_AND_TYPE,
  INT,
  PACKAGE,
  PRIORITY_DEFAULT,
  STRING,
  STRINGS,
  TYPE,
  arg,
  define,
  flag,
  found,
  isValidUrl,
  opt,
  typeOf,
  value,
} from './common';

const CRD = 'CRD';

export const PRINT_COLUMN_TYPES = ['integer', 'number', 'string', 'boolean', 'date'] as const;
/** The apiserver's `customResourceColumnDefinitionFormats`. */
export const PRINT_COLUMN_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'date', 'date-time', 'password'] as const;

/** The apiserver's `validateSimpleJSONPath` for printer columns (its wording): a path in dot notation from `.`. */
function simpleJsonPathError(v: string): string | undefined {
  if (v.length === 0) return 'Required value: a printer column needs a JSONPath';
  if (!v.startsWith('.')) return `Invalid value: ${JSON.stringify(v)}: must be a simple json path starting with .`;
  return undefined;
}

export const SCOPES = ['Namespaced', 'Cluster'] as const;
export const LIST_TYPES = ['atomic', 'set', 'map'] as const;
export const MAP_TYPES = ['granular', 'atomic'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export type MapType = (typeof MAP_TYPES)[number];

export interface ScaleArgs {
  specpath: string;
  statuspath: string;
  selectorpath?: string;
}

export interface PrintColumnArgs {
  name: string;
  type: (typeof PRINT_COLUMN_TYPES)[number];
  JSONPath: string;
  description?: string;
  format?: string;
  priority?: Int;
}

export interface ResourceArgs {
  path?: string;
  shortName?: string[];
  categories?: string[];
  singular?: string;
  scope?: (typeof SCOPES)[number];
}

export interface DeprecatedVersionArgs {
  warning?: string;
}

export interface MetadataArgs {
  /** Each `key=value`. */
  annotations?: string[];
  /** Each `key=value`. */
  labels?: string[];
}

export interface SelectableFieldArgs {
  JSONPath: string;
}

export interface ExternalDocsArgs {
  url: string;
  description?: string;
}

/** `+kubebuilder:rbac` (controller-tools pkg/rbac `Rule`): one rule's arguments as written. */
export interface RbacArgs {
  groups?: string[];
  resources?: string[];
  resourceNames?: string[];
  verbs: string[];
  urls?: string[];
  /** Set: a Role in this namespace; absent or empty: the ClusterRole. */
  namespace?: string;
  /** The name of the (Cluster)Role this rule goes into; absent: the generator's role name. */
  roleName?: string;
}

/** `+kubebuilder:webhook` (controller-tools pkg/webhook `Config`): one webhook's arguments as written. */
export interface WebhookArgs {
  mutating: boolean;
  failurePolicy: string;
  matchPolicy?: string;
  sideEffects?: string;
  timeoutSeconds?: Int;
  groups: string[];
  resources: string[];
  verbs: string[];
  versions: string[];
  name: string;
  serviceName?: string;
  serviceNamespace?: string;
  path?: string;
  servicePort?: Int;
  webhookVersions?: string[];
  admissionReviewVersions: string[];
  reinvocationPolicy?: string;
  url?: string;
}

/** `+kubebuilder:webhookconfiguration`: the name of the Mutating- or ValidatingWebhookConfiguration. */
export interface WebhookConfigurationArgs {
  mutating: boolean;
  name?: string;
}

/** `+kubegen:apiservice`: an APIService with its service reference flattened, as the webhook marker spells it. */
export interface ApiServiceArgs {
  group: string;
  version: string;
  serviceName: string;
  serviceNamespace: string;
  servicePort?: Int;
  groupPriorityMinimum: Int;
  versionPriority: Int;
  caBundle?: string;
  caBundleFile?: string;
  insecureSkipTLSVerify?: boolean;
  caBundleInjected?: boolean;
}

const keyValues = (what: string) => (v: readonly string[]) => {
  const bad = v.find((s) => !s.includes('='));
  return bad === undefined ? undefined : `${what} ${JSON.stringify(bad)} is not in 'key=value' format`;
};

export const SubresourceStatus = define<true>({
  name: 'kubebuilder:subresource:status',
  targets: TYPE,
  kindOnly: true,
  args: flag(),
  category: CRD,
  summary: 'enables the "/status" subresource on a CRD.',
});

export const SubresourceScale = define<ScaleArgs>({
  name: 'kubebuilder:subresource:scale',
  targets: TYPE,
  kindOnly: true,
  args: {
    kind: 'struct',
    args: {
      specpath: arg(STRING, 'the jsonpath to the replicas field for the scale\'s spec.'),
      statuspath: arg(STRING, 'the jsonpath to the replicas field for the scale\'s status.'),
      selectorpath: opt(STRING, 'the jsonpath to the pod label selector field for the scale\'s status.'),
    },
  },
  category: CRD,
  summary: 'enables the "/scale" subresource on a CRD.',
});

export const PrintColumn = define<PrintColumnArgs>({
  name: 'kubebuilder:printcolumn',
  targets: TYPE,
  kindOnly: true,
  args: {
    kind: 'struct',
    args: {
      name: arg(STRING, 'the name of the column.', { validate: (v) => (v.length === 0 ? 'Required value: a printer column needs a name' : undefined) }),
      type: arg(STRING, 'the type of this column.', { oneOf: PRINT_COLUMN_TYPES }),
      JSONPath: arg(STRING, 'the jsonpath used to extract values for this column.', { validate: simpleJsonPathError }),
      description: opt(STRING, 'the help/description for this column.'),
      format: opt(STRING, 'the format of this column.', { oneOf: PRINT_COLUMN_FORMATS }),
      priority: opt(INT, 'how important it is to show this column; 0 shows it in the default view.'),
    },
  },
  repeatable: true,
  category: CRD,
  summary: 'adds a column to "kubectl get" output for this CRD.',
});

export const Resource = define<ResourceArgs>({
  name: 'kubebuilder:resource',
  targets: TYPE,
  kindOnly: true,
  args: {
    kind: 'struct',
    args: {
      path: opt(STRING, 'the URL path (the plural, lower-case) for this resource.'),
      shortName: opt(STRINGS, 'aliases for this resource, e.g. `{ct,cts}` or `ct;cts`.'),
      categories: opt(STRINGS, 'the groups of resources (e.g. `all`) this resource belongs to.'),
      singular: opt(STRING, 'overrides the singular form of your resource.'),
      scope: opt(STRING, 'overrides the scope of the CRD.', { oneOf: SCOPES }),
    },
  },
  category: CRD,
  summary: 'configures naming and scope for a CRD.',
});

export const StorageVersion = define<true>({
  name: 'kubebuilder:storageversion',
  targets: TYPE,
  kindOnly: true,
  args: flag(),
  category: CRD,
  summary: 'marks this version as the "storage version" for the CRD for conversion.',
  details: 'When conversion is enabled for a CRD (i.e. it\'s not a trivial-versions/single-version CRD), one version is set as the "storage version" to be stored in etcd.',
});

export const SkipVersion = define<true>({
  name: 'kubebuilder:skipversion',
  targets: TYPE,
  kindOnly: true,
  args: flag(),
  category: CRD,
  summary: 'removes the particular version of the CRD from the CRDs spec.',
});

export const UnservedVersion = define<true>({
  name: 'kubebuilder:unservedversion',
  targets: TYPE,
  kindOnly: true,
  args: flag(),
  category: CRD,
  summary: 'does not serve this version.',
});

export const DeprecatedVersion = define<DeprecatedVersionArgs>({
  name: 'kubebuilder:deprecatedversion',
  targets: TYPE,
  kindOnly: true,
  args: { kind: 'struct', args: { warning: opt(STRING, 'message to be shown on the deprecated version.') } },
  category: CRD,
  summary: 'marks this version as deprecated.',
});

export const CrdMetadata = define<MetadataArgs>({
  name: 'kubebuilder:metadata',
  targets: TYPE,
  kindOnly: true,
  args: {
    kind: 'struct',
    args: {
      annotations: opt(STRINGS, 'CRD annotations, each `"key=value"`.', { validate: keyValues('annotation') }),
      labels: opt(STRINGS, 'CRD labels, each `"key=value"`.', { validate: keyValues('label') }),
    },
  },
  repeatable: true,
  category: CRD,
  summary: 'configures the additional annotations or labels for this CRD.',
});

export const SelectableField = define<SelectableFieldArgs>({
  name: 'kubebuilder:selectablefield',
  targets: TYPE,
  kindOnly: true,
  args: { kind: 'struct', args: { JSONPath: arg(STRING, 'the jsonpath of a field to select on.') } },
  repeatable: true,
  category: CRD,
  since: 'controller-gen v0.16.4',
  summary: 'adds a field that may be used with field selectors.',
});

export const ExternalDocs = define<ExternalDocsArgs>({
  name: 'kubebuilder:externalDocs',
  targets: FIELD_AND_TYPE,
  args: {
    kind: 'struct',
    args: {
      url: arg(STRING, 'the URL of the documentation.', {
        validate: (v) => (isValidUrl(v) ? undefined : `invalid url ${JSON.stringify(v)}: must be an absolute URL`),
      }),
      description: opt(STRING, 'a short description of the documentation.'),
    },
  },
  category: CRD,
  since: 'controller-gen v0.21',
  summary: 'sets externalDocs for this field or type.',
  schema: {
    priority: PRIORITY_DEFAULT,
    apply: (s, d) => {
      s.externalDocs = d.description ? { description: d.description, url: d.url } : { url: d.url };
      return undefined;
    },
  },
});

export const GroupName = define<string>({
  name: 'groupName',
  targets: PACKAGE,
  args: value(STRING, { optional: true }),
  category: CRD,
  summary: 'specifies the API group name for this package.',
  details: '`+groupName=` (empty) is the legacy core group.',
});

export const VersionName = define<string>({
  name: 'versionName',
  targets: PACKAGE,
  args: value(STRING),
  category: CRD,
  summary: 'overrides the API group version for this package (defaults to the folder name).',
});

export const GroupGoName = define<string>({
  name: 'groupGoName',
  targets: PACKAGE,
  args: value(STRING),
  category: 'code-generator',
  summary: 'overrides the identifier used for the group in generated client code (code-generator).',
});

export const Skip = define<true>({
  name: 'kubebuilder:skip',
  targets: PACKAGE,
  args: flag(),
  category: CRD,
  summary: 'don\'t consider this package as an API version.',
});

export const ObjectGenerate = define<boolean>({
  name: 'kubebuilder:object:generate',
  targets: ['package', 'type'],
  args: value(BOOL),
  category: 'object',
  summary: 'enables or disables object interface & deepcopy implementation generation for this package or type.',
});

export const ObjectRoot = define<boolean>({
  name: 'kubebuilder:object:root',
  targets: TYPE,
  args: value(BOOL),
  category: 'object',
  summary: 'enables object interface implementation generation for this type (a root kind or its list).',
});

export const Rbac = define<RbacArgs>({
  name: 'kubebuilder:rbac',
  targets: PACKAGE,
  args: {
    kind: 'struct',
    args: {
      groups: opt(STRINGS, 'the API groups that this rule encompasses (`core` means "").'),
      resources: opt(STRINGS, 'the API resources that this rule encompasses.'),
      resourceNames: opt(STRINGS, 'an optional allow-list of names that the rule applies to.'),
      verbs: arg(STRINGS, 'the verbs that apply to the resources; `*` means all.'),
      urls: opt(STRINGS, 'non-resource URLs this rule applies to.'),
      namespace: opt(STRING, 'makes a Role in this namespace instead of a ClusterRole.'),
      roleName: opt(STRING, 'the name of the Role or ClusterRole (defaults to the generator\'s roleName).'),
    },
  },
  repeatable: true,
  category: 'RBAC',
  summary: 'specifies an RBAC rule to all access to some resources or non-resource URLs.',
});

export const Webhook = define<WebhookArgs>({
  name: 'kubebuilder:webhook',
  targets: PACKAGE,
  args: {
    kind: 'struct',
    args: {
      mutating: arg(BOOL, 'whether the webhook is mutating (true) or validating (false).'),
      failurePolicy: arg(STRING, 'what to do if the webhook cannot be called (`fail` or `ignore`, any case).'),
      matchPolicy: opt(STRING, 'how the rules match requests (`Exact` or `Equivalent`, any case).'),
      sideEffects: opt(STRING, '`None` or `NoneOnDryRun` (required for v1 configurations).'),
      timeoutSeconds: opt(INT, 'seconds to wait, 1 to 30.'),
      groups: arg(STRINGS, 'the API groups the webhook handles.'),
      resources: arg(STRINGS, 'the resources the webhook handles.'),
      verbs: arg(STRINGS, 'the operations (create, update, delete, connect, *).'),
      versions: arg(STRINGS, 'the API versions the webhook handles.'),
      name: arg(STRING, 'the webhook name (a fully-qualified domain name).'),
      serviceName: opt(STRING, 'the service name (default `webhook-service`).'),
      serviceNamespace: opt(STRING, 'the service namespace (default `system`).'),
      path: opt(STRING, 'the URL path the webhook is served on (a service reference); excludes `url`.'),
      servicePort: opt(INT, 'the service port (default 443).'),
      webhookVersions: opt(STRINGS, 'the admissionregistration versions to generate; only `v1` (the default).'),
      admissionReviewVersions: arg(STRINGS, 'the AdmissionReview versions the webhook accepts.'),
      reinvocationPolicy: opt(STRING, '`Never` or `IfNeeded` (mutating only).'),
      url: opt(STRING, 'an external URL (`https://host:port/path`, quoted) instead of a service; excludes `path`.'),
    },
  },
  repeatable: true,
  category: 'Webhook',
  summary: 'specifies how a webhook should be served.',
});

export const WebhookConfiguration = define<WebhookConfigurationArgs>({
  name: 'kubebuilder:webhookconfiguration',
  targets: PACKAGE,
  args: {
    kind: 'struct',
    args: {
      mutating: arg(BOOL, 'which configuration this names.'),
      name: opt(STRING, 'the name of the (Mutating|Validating)WebhookConfiguration.'),
    },
  },
  repeatable: true,
  category: 'Webhook',
  since: 'controller-gen v0.16.3',
  summary: 'specifies the name of the generated webhook configurations.',
});

export const ApiService = define<ApiServiceArgs>({
  name: 'kubegen:apiservice',
  targets: PACKAGE,
  args: {
    kind: 'struct',
    args: {
      group: arg(STRING, 'the API group the extension apiserver serves (a DNS-1123 subdomain).'),
      version: arg(STRING, 'the version of that group it serves (a DNS-1035 label); the APIService is named `<version>.<group>`.'),
      serviceName: arg(STRING, 'the Service in front of the extension apiserver.'),
      serviceNamespace: arg(STRING, 'the namespace of that Service.'),
      servicePort: opt(INT, 'the Service port, 1 to 65535 (default 443).'),
      groupPriorityMinimum: arg(INT, 'the least priority of the group among all groups, 1 to 20000 (built-in `*.k8s.io` groups use about 18000).'),
      versionPriority: arg(INT, 'the priority of this version within its group, 1 to 1000.'),
      caBundle: opt(STRING, 'base64 of the PEM CA bundle that signs the extension apiserver\'s serving certificate; excludes `insecureSkipTLSVerify`.'),
      caBundleFile: opt(STRING, 'a PEM CA bundle file (relative to the file holding the marker, inside the project; a regular file of at most 1 MiB), instead of `caBundle`: only its CERTIFICATE blocks are embedded, never a key beside them.'),
      insecureSkipTLSVerify: opt(BOOL, '`true` turns off TLS verification of the extension apiserver (never in production); excludes `caBundle`.'),
      caBundleInjected: opt(BOOL, '`true`: the APIService is written without a bundle, verified once an injector writes `caBundle` into it — the aggregated apiserver\'s own self-signed CA (kubegen create apiserver\'s default), or cert-manager\'s CA injector (`cert-manager.io/inject-ca-from`); excludes `caBundle` and `insecureSkipTLSVerify`.'),
    },
  },
  repeatable: true,
  category: 'APIService',
  summary: 'registers an aggregated (extension) apiserver for one group/version: an apiregistration.k8s.io/v1 APIService, written by `kubegen apiservice`.',
  details: 'Give exactly one of `caBundle`, `caBundleFile`, `caBundleInjected=true` and `insecureSkipTLSVerify=true`: kubegen refuses two and none. See docs/apiservice.md.',
});

export const AcGenerate = define<boolean>({
  name: 'kubebuilder:ac:generate',
  targets: ['package', 'type'],
  args: value(BOOL),
  category: 'applyconfiguration',
  since: 'controller-gen v0.18',
  summary: 'enables apply configuration generation for this package or type: `<version>/applyconfigurations.ts` with `<Kind>ApplyConfiguration` and the constructor `<kind>(name, namespace, fields)` for the clients\' `apply`.',
});

export const AcOutputPackage = define<string>({
  name: 'kubebuilder:ac:output:package',
  ineffective: 'kubegen writes apply configurations into `<version>/applyconfigurations.ts` of the generated package (see +kubebuilder:ac:generate); their place is not configurable',
  targets: PACKAGE,
  args: value(STRING),
  category: 'applyconfiguration',
  since: 'controller-gen v0.18',
  summary: 'overrides the output package of the apply configurations (default `applyconfiguration`).',
});

const CRD_DEFINITIONS: MarkerDefinition[] = [
  SubresourceStatus,
  SubresourceScale,
  PrintColumn,
  Resource,
  StorageVersion,
  SkipVersion,
  UnservedVersion,
  DeprecatedVersion,
  CrdMetadata,
  SelectableField,
  ExternalDocs,
];

/** A topology marker with one string argument, its schema behaviour receiving the value. */
function topology<V extends string>(
  name: string,
  word: string,
  args: { kind: 'value'; arg: ArgSpec<V> },
  apply: (s: JSONSchemaProps, v: V, ctx: SchemaApplyContext) => string | undefined,
  summary: string,
  extra: { priority?: number; repeatable?: boolean; since?: string } = {},
): MarkerDefinition<V> {
  return define<V>({
    name,
    targets: FIELD_AND_TYPE,
    args,
    repeatable: extra.repeatable,
    category: 'CRD processing',
    since: extra.since,
    summary,
    details: word,
    schema: { priority: extra.priority ?? PRIORITY_DEFAULT, apply },
  });
}

const listType = (s: JSONSchemaProps, v: ListType, ctx: SchemaApplyContext) => {
  if (typeOf(s, ctx) !== 'array') return `must apply listType to an array, found ${found(s, ctx)}`;
  s['x-kubernetes-list-type'] = v;
  return undefined;
};
const listMapKey = (s: JSONSchemaProps, v: string, ctx: SchemaApplyContext) => {
  if (typeOf(s, ctx) !== 'array') return `must apply listMapKey to an array, found ${found(s, ctx)}`;
  if (s['x-kubernetes-list-type'] !== 'map') return 'must apply listMapKey to an associative-list (add +listType=map)';
  (s['x-kubernetes-list-map-keys'] ??= []).push(v);
  return undefined;
};
const mapType = (s: JSONSchemaProps, v: MapType, ctx: SchemaApplyContext) => {
  if (typeOf(s, ctx) !== 'object') return `must apply mapType to an object, found ${found(s, ctx)}`;
  s['x-kubernetes-map-type'] = v;
  return undefined;
};
const structType = (s: JSONSchemaProps, v: MapType, ctx: SchemaApplyContext) => {
  const t = typeOf(s, ctx);
  if (t !== 'object' && t !== '') return `must apply structType to an object, found ${found(s, ctx)}`;
  s['x-kubernetes-map-type'] = v;
  return undefined;
};

const LIST_TYPE_HELP = '`atomic`: the list is replaced as a whole; `set`: items are unique scalars; `map`: items are objects keyed by +listMapKey fields.';
const LIST_MAP_KEY_HELP = 'Requires +listType=map; repeat it for a compound key.';

const TOPOLOGY_DEFINITIONS: MarkerDefinition[] = [
  topology('listType', LIST_TYPE_HELP, value(STRING, { oneOf: LIST_TYPES }), listType, 'specifies the type of data-structure that the list represents (map, set, atomic).', { priority: PRIORITY_DEFAULT - 1 }),
  topology('listMapKey', LIST_MAP_KEY_HELP, value(STRING), listMapKey, 'specifies the keys to map listTypes.', { repeatable: true }),
  topology('mapType', '`granular`: items are merged key by key; `atomic`: the map is replaced as a whole.', value(STRING, { oneOf: MAP_TYPES }), mapType, 'specifies the level of atomicity of the map; i.e. whether each item in the map is independent of the others, or all fields are treated as a single unit.'),
  topology('structType', '`granular`: fields are merged individually; `atomic`: the object is replaced as a whole. Written to x-kubernetes-map-type.', value(STRING, { oneOf: MAP_TYPES }), structType, 'specifies the level of atomicity of the struct; i.e. whether each field in the struct is independent of the others, or all fields are treated as a single unit.'),
  topology('k8s:listType', LIST_TYPE_HELP, value(STRING, { oneOf: LIST_TYPES }), listType, 'specifies the type of data-structure that the list represents (same as +listType).', { priority: PRIORITY_DEFAULT - 1, since: 'controller-gen HEAD' }),
  topology('k8s:listMapKey', LIST_MAP_KEY_HELP, value(STRING), listMapKey, 'specifies the keys to map listTypes (same as +listMapKey).', { repeatable: true, since: 'controller-gen HEAD' }),
];

const PACKAGE_DEFINITIONS: MarkerDefinition[] = [
  GroupName,
  VersionName,
  GroupGoName,
  Skip,
  ObjectGenerate,
  ObjectRoot,
  Rbac,
  Webhook,
  WebhookConfiguration,
  ApiService,
  AcGenerate,
  AcOutputPackage,
];

export const CRD_MARKER_DEFINITIONS: readonly MarkerDefinition[] = [...CRD_DEFINITIONS, ...TOPOLOGY_DEFINITIONS, ...PACKAGE_DEFINITIONS];
