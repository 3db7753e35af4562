/**
 * The authorization attributes of a request, after k8s.io/apiserver's `RequestInfoFactory.NewRequestInfo` for the
 * paths this server serves: `/apis/<group>/<version>/[namespaces/<ns>/]<resource>[/<name>[/<subresource>]]` is a
 * resource request; everything else (`/apis`, `/apis/<group>[/<version>]`, `/healthz`, …) is a non-resource request on
 * its path with the lower-cased method as verb.
 *
 * Verbs: POST create, PUT update, PATCH patch, DELETE delete (deletecollection without a name), GET get — without a
 * name, list, or watch when `watch` is set to anything but `false`/`0`; a list or watch whose field selector requires
 * exactly one `metadata.name` is authorized on that name, as upstream does.
 */
import type { Attributes } from './user';

const METHOD_VERBS: Readonly<Record<string, string>> = { POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

export function requestAttributes(method: string, url: URL): Attributes {
  const path = url.pathname;
  const parts = path.split('/').filter((p) => p !== '');
  const methodVerb = Object.hasOwn(METHOD_VERBS, method) ? METHOD_VERBS[method] : undefined;
  if (parts[0] !== 'apis' || parts.length < 4 || methodVerb === undefined) {
    return { resourceRequest: false, verb: method.toLowerCase(), path };
  }
  const [, group = '', version = ''] = parts;
  let rest = parts.slice(3);
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1] ?? '';
    // `namespaces/<ns>/<resource>…`: the resource is what follows (upstream keeps `status` and `finalize` on namespaces)
    if (rest.length > 2 && rest[2] !== 'status' && rest[2] !== 'finalize') rest = rest.slice(2);
  }
  const [resource = '', name = '', subresource = ''] = rest;
  let verb = methodVerb;
  let authorizedName = name;
  const selectors: { labelSelector?: string; fieldSelector?: string } = {};
  if (name === '' && verb === 'get') {
    const watch = url.searchParams.get('watch');
    verb = watch !== null && watch !== 'false' && watch !== '0' ? 'watch' : 'list';
    const only = exactName(url.searchParams.get('fieldSelector'));
    if (only !== undefined) authorizedName = only;
  }
  if (authorizedName === '' && verb === 'delete') verb = 'deletecollection';
  if (verb === 'list' || verb === 'watch' || verb === 'deletecollection') {
    const field = url.searchParams.get('fieldSelector');
    const label = url.searchParams.get('labelSelector');
    if (field !== null) selectors.fieldSelector = field;
    if (label !== null) selectors.labelSelector = label;
  }
  return { resourceRequest: true, verb, group, version, resource, subresource, namespace, name: authorizedName, ...selectors };
}

/** The name a field selector requires exactly (`metadata.name=x` or `metadata.name==x`, alone or among others). */
function exactName(selector: string | null): string | undefined {
  if (selector === null || selector === '') return undefined;
  let found: string | undefined;
  for (const term of selector.split(',')) {
    const m = /^\s*metadata\.name\s*(?:==|=)\s*([^\s]*)\s*$/.exec(term);
    if (!m) continue;
    const value = m[1] ?? '';
    if (found !== undefined && found !== value) return undefined;
    found = value;
  }
  // a path segment name only (upstream: content.IsPathSegmentName)
  if (found === undefined || found === '' || found === '.' || found === '..' || /[/%]/.test(found)) return undefined;
  return found;
}
