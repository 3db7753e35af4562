/**
 * The apimachinery meta types (meta/v1) the OpenAPI documents of this server reference, as OpenAPI v3 schemas: their
 * structure and list/map semantics (the `x-kubernetes-*` extensions), without the prose.
 */

import type { JsonObject } from '@kubegen/runtime';

const P = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** The schema names of the meta types. */
export const META = {
  DeleteOptions: `${P}.DeleteOptions`,
  FieldsV1: `${P}.FieldsV1`,
  ListMeta: `${P}.ListMeta`,
  ManagedFieldsEntry: `${P}.ManagedFieldsEntry`,
  ObjectMeta: `${P}.ObjectMeta`,
  OwnerReference: `${P}.OwnerReference`,
  Patch: `${P}.Patch`,
  Preconditions: `${P}.Preconditions`,
  Status: `${P}.Status`,
  StatusCause: `${P}.StatusCause`,
  StatusDetails: `${P}.StatusDetails`,
  Time: `${P}.Time`,
};

const ref = (name: string): JsonObject => ({ allOf: [{ $ref: `#/components/schemas/${name}` }] });
const str = { type: 'string' };
const bool = { type: 'boolean' };
const int64 = { type: 'integer', format: 'int64' };
const int32 = { type: 'integer', format: 'int32' };
const stringMap = { type: 'object', additionalProperties: { type: 'string' } };

export const META_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  [META.DeleteOptions]: {
    description: 'DeleteOptions may be provided when deleting an API object.',
    type: 'object',
    properties: {
      apiVersion: str,
      dryRun: { type: 'array', items: str, 'x-kubernetes-list-type': 'atomic' },
      gracePeriodSeconds: int64,
      ignoreStoreReadErrorWithClusterBreakingPotential: bool,
      kind: str,
      orphanDependents: bool,
      preconditions: ref(META.Preconditions),
      propagationPolicy: str,
    },
    'x-kubernetes-group-version-kind': [{ group: '', kind: 'DeleteOptions', version: 'v1' }],
  },
  [META.FieldsV1]: { description: 'FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.', type: 'object' },
  [META.ListMeta]: {
    description: 'ListMeta describes metadata that synthetic resources must have, including lists and various status objects.',
    type: 'object',
    properties: { continue: str, remainingItemCount: int64, resourceVersion: str, selfLink: str },
  },
  [META.ManagedFieldsEntry]: {
    description: 'ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of the resource that the fieldset applies to.',
    type: 'object',
    properties: { apiVersion: str, fieldsType: str, fieldsV1: ref(META.FieldsV1), manager: str, operation: str, subresource: str, time: ref(META.Time) },
  },
  [META.ObjectMeta]: {
    description: 'ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.',
    type: 'object',
    properties: {
      annotations: stringMap,
      creationTimestamp: ref(META.Time),
      deletionGracePeriodSeconds: int64,
      deletionTimestamp: ref(META.Time),
      finalizers: { type: 'array', items: str, 'x-kubernetes-list-type': 'set', 'x-kubernetes-patch-strategy': 'merge' },
      generateName: str,
      generation: int64,
      labels: stringMap,
      managedFields: { type: 'array', items: { $ref: `#/components/schemas/${META.ManagedFieldsEntry}` }, 'x-kubernetes-list-type': 'atomic' },
      name: str,
      namespace: str,
      ownerReferences: {
        type: 'array',
        items: { $ref: `#/components/schemas/${META.OwnerReference}` },
        'x-kubernetes-list-map-keys': ['uid'],
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-patch-merge-key': 'uid',
        'x-kubernetes-patch-strategy': 'merge',
      },
      resourceVersion: str,
      selfLink: str,
      uid: str,
    },
  },
  [META.OwnerReference]: {
    description: 'OwnerReference contains enough information to let you identify an owning object.',
    type: 'object',
    required: ['apiVersion', 'kind', 'name', 'uid'],
    properties: {
      apiVersion: { type: 'string', default: '' },
      blockOwnerDeletion: bool,
      controller: bool,
      kind: { type: 'string', default: '' },
      name: { type: 'string', default: '' },
      uid: { type: 'string', default: '' },
    },
    'x-kubernetes-map-type': 'atomic',
  },
  [META.Patch]: { description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.', type: 'object' },
  [META.Preconditions]: {
    description: 'Preconditions must be fulfilled before an operation (update, delete, etc.) is carried out.',
    type: 'object',
    properties: { resourceVersion: str, uid: str },
  },
  [META.Status]: {
    description: "Status is a return value for calls that don't return other objects.",
    type: 'object',
    properties: {
      apiVersion: str,
      code: int32,
      details: ref(META.StatusDetails),
      kind: str,
      message: str,
      metadata: { default: {}, ...ref(META.ListMeta) },
      reason: str,
      status: str,
    },
    'x-kubernetes-group-version-kind': [{ group: '', kind: 'Status', version: 'v1' }],
  },
  [META.StatusCause]: {
    description: 'StatusCause provides more information about an api.Status failure.',
    type: 'object',
    properties: { field: str, message: str, reason: str },
  },
  [META.StatusDetails]: {
    description: 'StatusDetails is a set of additional properties that MAY be set by the server to provide additional information about a response.',
    type: 'object',
    properties: {
      causes: { type: 'array', items: { $ref: `#/components/schemas/${META.StatusCause}` }, 'x-kubernetes-list-type': 'atomic' },
      group: str,
      kind: str,
      name: str,
      retryAfterSeconds: int32,
      uid: str,
    },
  },
  [META.Time]: { description: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.', type: 'string', format: 'date-time' },
};

/** The autoscaling/v1 Scale of a scale subresource, and the types it references. */
export const SCALE = {
  Scale: 'io.k8s.api.autoscaling.v1.Scale',
  ScaleSpec: 'io.k8s.api.autoscaling.v1.ScaleSpec',
  ScaleStatus: 'io.k8s.api.autoscaling.v1.ScaleStatus',
};

export const SCALE_SCHEMAS: Readonly<Record<string, JsonObject>> = {
  [SCALE.Scale]: {
    description: 'Scale represents a scaling request for a resource.',
    type: 'object',
    properties: {
      apiVersion: str,
      kind: str,
      metadata: { default: {}, ...ref(META.ObjectMeta) },
      spec: { default: {}, ...ref(SCALE.ScaleSpec) },
      status: { default: {}, ...ref(SCALE.ScaleStatus) },
    },
    'x-kubernetes-group-version-kind': [{ group: 'autoscaling', kind: 'Scale', version: 'v1' }],
  },
  [SCALE.ScaleSpec]: { description: 'ScaleSpec describes the attributes of a scale subresource.', type: 'object', properties: { replicas: int32 } },
  [SCALE.ScaleStatus]: {
    description: 'ScaleStatus represents the current status of a scale subresource.',
    type: 'object',
    required: ['replicas'],
    properties: { replicas: { default: 0, ...int32 }, selector: str },
  },
};
