/** URL paths of resources (`/api/v1/...` for the core group, `/apis/<group>/<version>/...` otherwise). */

/** A group, version and resource (plural), e.g. `stable.example.com`, `v1`, `crontabs`. */
export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface ResourcePathParts extends GroupVersionResource {
  /** Omitted or `''` for cluster-scoped resources and for lists across all namespaces. */
  namespace?: string;
  name?: string;
  /** e.g. `['status']`, `['scale']`. */
  subresources?: readonly string[];
}

function segment(s: string, what: string): string {
  if (s === '' || s === '.' || s === '..' || s.includes('/') || s.includes('%')) {
    throw new TypeError(`invalid ${what} ${JSON.stringify(s)} in a resource path`);
  }
  return encodeURIComponent(s);
}

/** The path of a collection, an object or an object's subresource. */
export function resourcePath(p: ResourcePathParts): string {
  let path = p.group === '' ? `/api/${segment(p.version, 'version')}` : `/apis/${segment(p.group, 'group')}/${segment(p.version, 'version')}`;
  if (p.namespace) path += `/namespaces/${segment(p.namespace, 'namespace')}`;
  path += `/${segment(p.resource, 'resource')}`;
  if (p.name !== undefined) path += `/${segment(p.name, 'name')}`;
  for (const s of p.subresources ?? []) path += `/${segment(s, 'subresource')}`;
  return path;
}
