/**
 * A plain model → JSONSchemaProps renderer for property tests (the arbitraries need schemas). It is not the CRD
 * schema emitter: no validation markers beyond enum/nullable/defaults, just the structure of each type.
 */
import type { JSONSchemaProps } from '../../../generator/core/schema';
import { ModelIndex, type Shape } from '../../../generator/render';

const OBJECT_META: JSONSchemaProps = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,8}$' },
    namespace: { type: 'string', pattern: '^[a-z]{1,6}$' },
    uid: { type: 'string' },
    resourceVersion: { type: 'string' },
    generation: { type: 'integer', format: 'int64', minimum: 0 },
    creationTimestamp: { type: 'string', format: 'date-time' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    annotations: { type: 'object', additionalProperties: { type: 'string' } },
    finalizers: { type: 'array', items: { type: 'string' } },
    ownerReferences: {
      type: 'array',
      items: { type: 'object', required: ['apiVersion', 'kind', 'name', 'uid'], properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' }, uid: { type: 'string' }, controller: { type: 'boolean' } } },
    },
  },
};

const RUNTIME: Record<string, JSONSchemaProps> = {
  ObjectMeta: OBJECT_META,
  ListMeta: { type: 'object', properties: { resourceVersion: { type: 'string' }, continue: { type: 'string' } } },
  Condition: {
    type: 'object',
    required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'],
    properties: {
      type: { type: 'string', pattern: '^[A-Z][a-zA-Z]{0,10}$' },
      status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
      observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
      lastTransitionTime: { type: 'string', format: 'date-time' },
      reason: { type: 'string' },
      message: { type: 'string' },
    },
  },
  LabelSelector: {
    type: 'object',
    properties: {
      matchLabels: { type: 'object', additionalProperties: { type: 'string' } },
      matchExpressions: { type: 'array', items: { type: 'object', required: ['key', 'operator'], properties: { key: { type: 'string' }, operator: { type: 'string' }, values: { type: 'array', items: { type: 'string' } } } } },
    },
  },
  LocalObjectReference: { type: 'object', properties: { name: { type: 'string' } } },
};

export function shapeSchema(index: ModelIndex, shape: Shape): JSONSchemaProps {
  switch (shape.kind) {
    case 'scalar':
      if (shape.enumValues) return { type: 'string', enum: shape.enumValues };
      if (shape.json === 'int-or-string') return { 'x-kubernetes-int-or-string': true };
      return { type: shape.json };
    case 'any':
      return { 'x-kubernetes-preserve-unknown-fields': true };
    case 'runtime':
      return RUNTIME[shape.name] ?? { type: 'object', properties: { name: { type: 'string' } } };
    case 'array':
      return { type: 'array', items: shapeSchema(index, shape.items) };
    case 'map':
      return { type: 'object', additionalProperties: shapeSchema(index, shape.values) };
    case 'struct': {
      const properties: Record<string, JSONSchemaProps> = {};
      const required: string[] = [];
      for (const { field, shape: fs } of index.fields(shape)) {
        let s = shapeSchema(index, fs);
        const pattern = field.markers.find((m) => m.name === 'kubebuilder:validation:Pattern');
        if (pattern) s = { ...s, pattern: String(pattern.value) };
        properties[field.name] = field.nullable ? { ...s, nullable: true } : s;
        if (field.required) required.push(field.name);
      }
      return { type: 'object', properties, ...(required.length ? { required } : {}) };
    }
  }
}

/** The schema of a named type of a package. */
export function typeSchema(index: ModelIndex, pkg: string, name: string): JSONSchemaProps {
  return shapeSchema(index, index.declShape(index.decl(pkg, name)!));
}
