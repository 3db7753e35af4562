/**
 * The `paths` of an OpenAPI v3 document of the Kubernetes API (what the apiserver serves at `/openapi/v3/<gv>`): which
 * resource serves each kind, its scope, its verbs and its subresources, read from the operations'
 * `x-kubernetes-action` and `x-kubernetes-group-version-kind`.
 *
 * Contract:
 * - Only `/api/<version>/…` and `/apis/<group>/<version>/…` paths are read; `watch/…` paths (the deprecated watch
 *   endpoints) only say that the resource serves watch; `connect` operations (exec, attach, proxy, port-forward) and deeper paths (`proxy/{path}`) are
 *   skipped. Everything else is data: a path or operation of an unexpected shape is ignored, never an error.
 * - A kind's resource is the collection or object path whose operations name the kind (in the path's own group and
 *   version); its scope is Namespaced when any of its paths lies under `namespaces/{namespace}`.
 * - A subresource (`pods/{name}/eviction`) belongs to the kind of its resource; per action it records the request and
 *   response schemas (component names), or that the response is text (`pods/log`: a string schema).
 */
import { isObject, own, type Json, type JsonObject } from './source';

/** One operation of a subresource: the request body and response it carries. */
export interface SubresourceOperation {
  /** `get`, `post`, `put` or `patch` (the `x-kubernetes-action`). */
  action: string;
  /** The component schema of the request body (`application/json`), if any. */
  input?: string;
  /** The component schema of the 200/201 response, if any. */
  result?: string;
  /** The response is a string (text, like `pods/log`). */
  text: boolean;
}

export interface ResourceInfo {
  group: string;
  version: string;
  kind: string;
  /** The plural resource name, e.g. `pods`. */
  plural: string;
  namespaced: boolean;
  /** `x-kubernetes-action`s of the collection and object paths: post, put, patch, delete, deletecollection, get, list, watch, watchlist. */
  actions: Set<string>;
  /** By subresource name, its operations by action. */
  subresources: Map<string, Map<string, SubresourceOperation>>;
}

interface ParsedPath {
  group: string;
  version: string;
  namespaced: boolean;
  resource: string;
  /** Set for `…/{name}/<sub>` paths. */
  subresource?: string;
  /** A `watch/…` path. */
  watch: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** `/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale` → its parts; undefined for paths of another shape. */
export function parseResourcePath(p: string): ParsedPath | undefined {
  const [root, prefix, first, second, ...tail] = p.split('/');
  if (root !== '' || first === undefined || second === undefined) return undefined;
  let group: string;
  let version: string;
  let rest: string[];
  if (prefix === 'api') {
    group = '';
    version = first;
    rest = [second, ...tail];
  } else if (prefix === 'apis' && tail.length > 0) {
    group = first;
    version = second;
    rest = tail;
  } else return undefined;
  if (rest.some((s) => s === '')) return undefined;
  // `watch/<resource>`: the watch endpoints (deprecated, still listed): they say the resource serves watch
  let watch = false;
  if (rest[0] === 'watch' && rest.length > 1) {
    watch = true;
    rest = rest.slice(1);
  }
  let namespaced = false;
  if (rest[0] === 'namespaces' && rest[1] === '{namespace}' && rest.length > 2) {
    namespaced = true;
    rest = rest.slice(2);
  }
  const [resource, name, subresource, ...more] = rest;
  if (resource === undefined || resource.startsWith('{')) return undefined;
  if (name === undefined) return { group, version, namespaced, resource, watch };
  if (name !== '{name}') return undefined;
  if (subresource === undefined) return { group, version, namespaced, resource, watch };
  if (more.length === 0 && !subresource.startsWith('{') && !watch) return { group, version, namespaced, resource, subresource, watch };
  return undefined;
}

function str(v: Json | undefined): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function gvkOf(op: JsonObject): { group: string; version: string; kind: string } | undefined {
  const g = own(op, 'x-kubernetes-group-version-kind');
  if (!isObject(g)) return undefined;
  const group = str(own(g, 'group'));
  const version = str(own(g, 'version'));
  const kind = str(own(g, 'kind'));
  return group !== undefined && version !== undefined && kind !== undefined ? { group, version, kind } : undefined;
}

const SCHEMA_REF = '#/components/schemas/';

/** The component named by the `application/json` schema of a request body or response. */
function jsonSchemaOf(holder: Json | undefined): { ref?: string; text: boolean } | undefined {
  if (!isObject(holder)) return undefined;
  const content = own(holder, 'content');
  if (!isObject(content)) return undefined;
  const media = own(content, 'application/json') ?? own(content, '*/*');
  const schema = isObject(media) ? own(media, 'schema') : undefined;
  if (!isObject(schema)) return undefined;
  const ref = str(own(schema, '$ref'));
  if (ref !== undefined) return ref.startsWith(SCHEMA_REF) ? { ref: ref.slice(SCHEMA_REF.length), text: false } : undefined;
  return own(schema, 'type') === 'string' ? { text: true } : undefined;
}

function responseOf(op: JsonObject): { ref?: string; text: boolean } | undefined {
  const responses = own(op, 'responses');
  if (!isObject(responses)) return undefined;
  return jsonSchemaOf(own(responses, '200')) ?? jsonSchemaOf(own(responses, '201'));
}

/**
 * The resources of the documents' paths, keyed by `<group>/<version>/<Kind>`. Resources of group versions other than
 * those of their kinds (a kind served by several versions) are keyed by the kind's own group version.
 */
export function resourcesOf(docs: ReadonlyArray<{ value: Json }>): Map<string, ResourceInfo> {
  const byKind = new Map<string, ResourceInfo>();
  const byResource = new Map<string, ResourceInfo>();
  const subs: Array<{ parsed: ParsedPath & { subresource: string }; item: JsonObject }> = [];
  const watched: Array<{ key: string; plural: string }> = [];
  for (const d of docs) {
    const paths = isObject(d.value) ? own(d.value, 'paths') : undefined;
    if (!isObject(paths)) continue;
    for (const p of Object.keys(paths)) {
      const item = paths[p];
      const parsed = parseResourcePath(p);
      if (!parsed || !isObject(item)) continue;
      if (parsed.subresource !== undefined) {
        subs.push({ parsed: { ...parsed, subresource: parsed.subresource }, item });
        continue;
      }
      for (const m of METHODS) {
        const op = own(item, m);
        if (!isObject(op)) continue;
        const action = str(own(op, 'x-kubernetes-action'));
        const gvk = gvkOf(op);
        if (action === undefined || action === 'connect' || !gvk || gvk.group !== parsed.group || gvk.version !== parsed.version) continue;
        const key = `${gvk.group}/${gvk.version}/${gvk.kind}`;
        if (parsed.watch) {
          watched.push({ key, plural: parsed.resource });
          continue;
        }
        let info = byKind.get(key);
        if (!info) {
          info = { ...gvk, plural: parsed.resource, namespaced: false, actions: new Set(), subresources: new Map() };
          byKind.set(key, info);
          byResource.set(`${gvk.group}/${gvk.version}/${parsed.resource}`, info);
        }
        if (info.plural !== parsed.resource) continue;
        info.namespaced ||= parsed.namespaced;
        info.actions.add(action);
      }
    }
  }
  for (const w of watched) {
    const info = byKind.get(w.key);
    if (info?.plural === w.plural) info.actions.add('watch');
  }
  for (const { parsed, item } of subs) {
    const info = byResource.get(`${parsed.group}/${parsed.version}/${parsed.resource}`);
    if (!info) continue;
    for (const m of METHODS) {
      const op = own(item, m);
      if (!isObject(op)) continue;
      const action = str(own(op, 'x-kubernetes-action'));
      if (action === undefined || action === 'connect') continue;
      const ops = info.subresources.get(parsed.subresource) ?? new Map<string, SubresourceOperation>();
      info.subresources.set(parsed.subresource, ops);
      const input = m === 'post' || m === 'put' ? jsonSchemaOf(own(op, 'requestBody'))?.ref : undefined;
      const response = responseOf(op);
      const entry: SubresourceOperation = { action, text: response?.text ?? false };
      if (input !== undefined) entry.input = input;
      if (response?.ref !== undefined) entry.result = response.ref;
      ops.set(action, entry);
    }
  }
  return byKind;
}
