/**
 * OpenAPI v3 from the model, after kube-openapi's handler3 and apiextensions' CRD builder: `/openapi/v3` lists one
 * document per served group version (`apis/<group>/<version>` with a `serverRelativeURL` carrying the document's
 * hash), and `/openapi/v3/apis/<group>/<version>` is that document — the REST paths of each resource with the
 * operations this server serves (operationIds, `x-kubernetes-action`, `x-kubernetes-group-version-kind`, the query
 * parameters it honours, the patch types it takes), and the schemas: each kind's from its CRD version (`metadata` a
 * reference to ObjectMeta, `x-kubernetes-group-version-kind`), its list kind's, and the apimachinery meta types they
 * reference.
 *
 * A request with the current `?hash=` is immutable (cached for a year); a stale hash is redirected (301) to the
 * current URL; without one, the document is served with its ETag.
 */

import type * as http from 'node:http';
import { type JsonObject, cloneJSON, isJsonObject } from '@kubegen/runtime';
import type { APIGroupDefinition, ResourceDefinition } from '../registry';
import { PATCH_TYPES, SCALE_PATCH_TYPES } from '../registry';
import { hashOf, sendWithETag } from './discovery';
import { META_SCHEMAS, META, SCALE, SCALE_SCHEMAS } from './openapi-meta';

const TYPE_META = {
  apiVersion: {
    description:
      'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources',
    type: 'string',
  },
  kind: {
    description:
      'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds',
    type: 'string',
  },
};

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/** The schema name of a kind: the group reversed, then version and kind (`com.example.wardle.v1beta1.Flunder`). */
export function modelName(group: string, version: string, kind: string): string {
  return `${group.split('.').reverse().join('.')}.${version}.${kind}`;
}

/** `wardle.example.com` → `WardleExampleCom`, as operationIds and tags spell a group. */
function camel(s: string): string {
  return s
    .split(/[.-]/)
    .filter((p) => p !== '')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

type Param = { name: string; in: 'query' | 'path'; type: 'string' | 'integer' | 'boolean' };
const LIST_PARAMS: Param[] = [
  { name: 'allowWatchBookmarks', in: 'query', type: 'boolean' },
  { name: 'continue', in: 'query', type: 'string' },
  { name: 'fieldSelector', in: 'query', type: 'string' },
  { name: 'labelSelector', in: 'query', type: 'string' },
  { name: 'limit', in: 'query', type: 'integer' },
  { name: 'resourceVersion', in: 'query', type: 'string' },
  { name: 'resourceVersionMatch', in: 'query', type: 'string' },
  { name: 'sendInitialEvents', in: 'query', type: 'boolean' },
  { name: 'timeoutSeconds', in: 'query', type: 'integer' },
  { name: 'watch', in: 'query', type: 'boolean' },
];
const DELETE_PARAMS: Param[] = [
  { name: 'dryRun', in: 'query', type: 'string' },
  { name: 'gracePeriodSeconds', in: 'query', type: 'integer' },
  { name: 'orphanDependents', in: 'query', type: 'boolean' },
  { name: 'propagationPolicy', in: 'query', type: 'string' },
];
/** The query of a create, update or patch. */
const WRITE_PARAMS: Param[] = [
  { name: 'dryRun', in: 'query', type: 'string' },
  { name: 'fieldManager', in: 'query', type: 'string' },
  { name: 'fieldValidation', in: 'query', type: 'string' },
];
/** The query of a patch: an apply's `force` too. */
const PATCH_PARAMS: Param[] = [...WRITE_PARAMS, { name: 'force', in: 'query', type: 'boolean' }];

function parameter(p: Param, description?: string): JsonObject {
  return { name: p.name, in: p.in, ...(description ? { description } : {}), ...(p.in === 'path' ? { required: true } : {}), schema: { type: p.type, uniqueItems: true } };
}

function content(schema: string, types: readonly string[] = ['application/json']): JsonObject {
  const out: JsonObject = {};
  for (const t of types) out[t] = { schema: ref(schema) };
  return out;
}

function responses(codes: ReadonlyArray<[number, string]>, schema: string): JsonObject {
  const out: JsonObject = {};
  for (const [code, description] of codes) out[String(code)] = { description, content: content(schema) };
  return out;
}

/** The operations of one resource in one version, keyed by path. */
function resourcePaths(g: APIGroupDefinition, def: ResourceDefinition, version: string): Array<[string, JsonObject]> {
  const kind = modelName(g.name, version, def.kind);
  const list = modelName(g.name, version, def.listKind);
  const ns = def.namespaced ? 'Namespaced' : '';
  const prefix = `${camel(g.name)}${camel(version)}`;
  const tags = [`${camel(g.name).charAt(0).toLowerCase()}${camel(g.name).slice(1)}_${version}`];
  const gvk = { group: g.name, version, kind: def.kind };
  const op = (action: string, description: string, operationId: string, extra: JsonObject): JsonObject => ({
    tags,
    description,
    operationId,
    ...extra,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': { ...gvk },
  });
  const params = (ps: Param[]) => ({ parameters: ps.map((p) => parameter(p)) });
  const body = (schema: string, types: readonly string[] = ['application/json']) => ({ requestBody: { content: content(schema, types), required: true } });
  const nameParam = parameter({ name: 'name', in: 'path', type: 'string' }, `name of the ${def.kind}`);
  const nsParam = parameter({ name: 'namespace', in: 'path', type: 'string' }, 'object name and auth scope, such as for teams and projects');
  const root = def.namespaced ? `/apis/${g.name}/${version}/namespaces/{namespace}/${def.resource}` : `/apis/${g.name}/${version}/${def.resource}`;
  const scoped = def.namespaced ? [nsParam] : [];
  const article = /^[AEIOU]/.test(def.kind) ? ' an ' : ' a ';
  const out: Array<[string, JsonObject]> = [];
  if (def.namespaced) {
    out.push([
      `/apis/${g.name}/${version}/${def.resource}`,
      {
        get: op('list', `list objects of kind ${def.kind}`, `list${prefix}${def.kind}ForAllNamespaces`, { responses: responses([[200, 'OK']], list) }),
        parameters: LIST_PARAMS.map((p) => parameter(p)),
      },
    ]);
  }
  out.push([
    root,
    {
      get: op('list', `list objects of kind ${def.kind}`, `list${prefix}${ns}${def.kind}`, { ...params(LIST_PARAMS), responses: responses([[200, 'OK']], list) }),
      post: op('post', `create${article}${def.kind}`, `create${prefix}${ns}${def.kind}`, { ...params(WRITE_PARAMS), ...body(kind), responses: responses([[201, 'Created']], kind) }),
      delete: op('deletecollection', `delete collection of ${def.kind}`, `delete${prefix}Collection${ns}${def.kind}`, {
        ...params(LIST_PARAMS.filter((p) => p.name !== 'watch' && p.name !== 'allowWatchBookmarks' && p.name !== 'sendInitialEvents' && p.name !== 'timeoutSeconds')),
        responses: responses([[200, 'OK']], META.Status),
      }),
      parameters: [...scoped],
    },
  ]);
  out.push([
    `${root}/{name}`,
    {
      get: op('get', `read the specified ${def.kind}`, `read${prefix}${ns}${def.kind}`, { ...params([{ name: 'resourceVersion', in: 'query', type: 'string' }]), responses: responses([[200, 'OK']], kind) }),
      put: op('put', `replace the specified ${def.kind}`, `replace${prefix}${ns}${def.kind}`, { ...params(WRITE_PARAMS), ...body(kind), responses: responses([[200, 'OK']], kind) }),
      delete: op('delete', `delete${article}${def.kind}`, `delete${prefix}${ns}${def.kind}`, {
        ...params(DELETE_PARAMS),
        requestBody: { content: content(META.DeleteOptions) },
        responses: responses([[200, 'OK']], META.Status),
      }),
      patch: op('patch', `partially update the specified ${def.kind}`, `patch${prefix}${ns}${def.kind}`, { ...params(PATCH_PARAMS), ...body(META.Patch, PATCH_TYPES), responses: responses([[200, 'OK']], kind) }),
      parameters: [nameParam, ...scoped],
    },
  ]);
  if (def.subresources.status) {
    out.push([
      `${root}/{name}/status`,
      {
        get: op('get', `read status of the specified ${def.kind}`, `read${prefix}${ns}${def.kind}Status`, { ...params([{ name: 'resourceVersion', in: 'query', type: 'string' }]), responses: responses([[200, 'OK']], kind) }),
        put: op('put', `replace status of the specified ${def.kind}`, `replace${prefix}${ns}${def.kind}Status`, { ...params(WRITE_PARAMS), ...body(kind), responses: responses([[200, 'OK']], kind) }),
        patch: op('patch', `partially update status of the specified ${def.kind}`, `patch${prefix}${ns}${def.kind}Status`, { ...params(PATCH_PARAMS), ...body(META.Patch, PATCH_TYPES), responses: responses([[200, 'OK']], kind) }),
        parameters: [nameParam, ...scoped],
      },
    ]);
  }
  if (def.subresources.scale) {
    // the operations name the resource's kind (as apiextensions' builder does); their bodies are Scales
    const scaleOp = op;
    out.push([
      `${root}/{name}/scale`,
      {
        get: scaleOp('get', `read scale of the specified ${def.kind}`, `read${prefix}${ns}${def.kind}Scale`, { ...params([{ name: 'resourceVersion', in: 'query', type: 'string' }]), responses: responses([[200, 'OK']], SCALE.Scale) }),
        put: scaleOp('put', `replace scale of the specified ${def.kind}`, `replace${prefix}${ns}${def.kind}Scale`, { ...params(WRITE_PARAMS), ...body(SCALE.Scale), responses: responses([[200, 'OK']], SCALE.Scale) }),
        patch: scaleOp('patch', `partially update scale of the specified ${def.kind}`, `patch${prefix}${ns}${def.kind}Scale`, { ...params(WRITE_PARAMS), ...body(META.Patch, SCALE_PATCH_TYPES), responses: responses([[200, 'OK']], SCALE.Scale) }),
        parameters: [nameParam, ...scoped],
      },
    ]);
  }
  return out;
}

/** The schema of a kind in a version: its CRD schema with TypeMeta, ObjectMeta by reference and its GVK. */
function kindSchema(g: APIGroupDefinition, def: ResourceDefinition, version: string): JsonObject {
  const v = def.versions.find((x) => x.name === version);
  const base: unknown = v?.schema ? JSON.parse(JSON.stringify(v.schema)) : undefined;
  const schema: JsonObject = isJsonObject(base) ? base : { type: 'object' };
  const properties: JsonObject = isJsonObject(schema.properties) ? schema.properties : {};
  if (v?.schema) {
    schema.properties = {
      ...properties,
      apiVersion: { ...TYPE_META.apiVersion },
      kind: { ...TYPE_META.kind },
      metadata: { description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata", allOf: [ref(META.ObjectMeta)] },
    };
  }
  schema['x-kubernetes-group-version-kind'] = [{ group: g.name, kind: def.kind, version }];
  return schema;
}

function listSchema(g: APIGroupDefinition, def: ResourceDefinition, version: string): JsonObject {
  return {
    description: `${def.listKind} is a list of ${def.kind}`,
    type: 'object',
    required: ['items'],
    properties: {
      apiVersion: { ...TYPE_META.apiVersion },
      items: {
        description: `List of ${def.resource}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`,
        type: 'array',
        items: ref(modelName(g.name, version, def.kind)),
      },
      kind: { ...TYPE_META.kind },
      metadata: { description: 'Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds', allOf: [ref(META.ListMeta)] },
    },
    'x-kubernetes-group-version-kind': [{ group: g.name, kind: def.listKind, version }],
  };
}

/** The OpenAPI v3 document of one group version. */
export function groupVersionDocument(g: APIGroupDefinition, version: string): JsonObject {
  const paths: JsonObject = {};
  const schemas: JsonObject = {};
  const defs = g.resources.filter((d) => d.versions.some((v) => v.name === version)).sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
  for (const def of defs) {
    for (const [p, item] of resourcePaths(g, def, version)) paths[p] = item;
    schemas[modelName(g.name, version, def.kind)] = kindSchema(g, def, version);
    schemas[modelName(g.name, version, def.listKind)] = listSchema(g, def, version);
  }
  for (const [name, schema] of Object.entries(META_SCHEMAS)) schemas[name] = cloneJSON(schema);
  if (defs.some((d) => d.subresources.scale)) for (const [name, schema] of Object.entries(SCALE_SCHEMAS)) schemas[name] = cloneJSON(schema);
  return { openapi: '3.0.0', info: { title: 'kubegen apiserver', version: 'v0.1.0' }, paths, components: { schemas } };
}

/** The documents of every served group version, their text and hash computed once. */
export class OpenAPIV3 {
  private readonly docs = new Map<string, { text: string; hash: string }>();

  constructor(groups: readonly APIGroupDefinition[]) {
    for (const g of groups) {
      for (const v of g.versions) {
        const text = JSON.stringify(groupVersionDocument(g, v));
        this.docs.set(`apis/${g.name}/${v}`, { text, hash: hashOf(text) });
      }
    }
  }

  /** Serves `/openapi/v3` (`rest` empty) or `/openapi/v3/<rest>`; `false` when there is no such document. */
  serve(req: http.IncomingMessage, res: http.ServerResponse, rest: string, hash: string | undefined): boolean {
    if (rest === '') {
      const paths: JsonObject = {};
      for (const [p, d] of this.docs) paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${d.hash}` };
      sendWithETag(req, res, 'application/json', JSON.stringify({ paths }), 'no-cache, private');
      return true;
    }
    const doc = this.docs.get(rest);
    if (!doc) return false;
    if (hash !== undefined && hash !== doc.hash) {
      res.writeHead(301, { Location: `/openapi/v3/${rest}?hash=${doc.hash}`, 'Content-Length': 0 });
      res.end();
      return true;
    }
    if (hash !== undefined) {
      const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString();
      res.setHeader('Expires', expires);
      sendWithETag(req, res, 'application/json', doc.text, 'public, immutable');
      return true;
    }
    sendWithETag(req, res, 'application/json', doc.text, 'no-cache, private');
    return true;
  }
}
