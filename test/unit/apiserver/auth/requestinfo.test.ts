/**
 * The authorization attributes of requests: the verb (get / list / watch / deletecollection by the name and the
 * query), the resource, subresource, namespace and name, selectors, and non-resource paths — after k8s.io/apiserver's
 * RequestInfoFactory.
 */
import { requestAttributes, type Attributes } from '@kubegen/apiserver';

const G = '/apis/wardle.example.com/v1alpha1';
const res = (o: Partial<Extract<Attributes, { resourceRequest: true }>>): Attributes => ({
  resourceRequest: true,
  group: 'wardle.example.com',
  version: 'v1alpha1',
  resource: 'flunders',
  subresource: '',
  namespace: 'ns',
  name: '',
  verb: 'get',
  ...o,
});

const table: Array<{ name: string; method: string; path: string; want: Attributes }> = [
  { name: 'get of a named object', method: 'GET', path: `${G}/namespaces/ns/flunders/f1`, want: res({ name: 'f1' }) },
  { name: 'list of a collection', method: 'GET', path: `${G}/namespaces/ns/flunders`, want: res({ verb: 'list' }) },
  { name: 'watch=true', method: 'GET', path: `${G}/namespaces/ns/flunders?watch=true`, want: res({ verb: 'watch' }) },
  { name: 'watch=1', method: 'GET', path: `${G}/namespaces/ns/flunders?watch=1`, want: res({ verb: 'watch' }) },
  { name: 'watch=false is a list', method: 'GET', path: `${G}/namespaces/ns/flunders?watch=false`, want: res({ verb: 'list' }) },
  {
    name: 'a list narrowed to one name is authorized on that name',
    method: 'GET',
    path: `${G}/namespaces/ns/flunders?fieldSelector=metadata.name%3Df1`,
    want: res({ verb: 'list', name: 'f1', fieldSelector: 'metadata.name=f1' }),
  },
  {
    name: 'a watch with two different names has none',
    method: 'GET',
    path: `${G}/namespaces/ns/flunders?watch=1&fieldSelector=metadata.name%3Da,metadata.name%3Db&labelSelector=x`,
    want: res({ verb: 'watch', fieldSelector: 'metadata.name=a,metadata.name=b', labelSelector: 'x' }),
  },
  { name: 'create', method: 'POST', path: `${G}/namespaces/ns/flunders`, want: res({ verb: 'create' }) },
  { name: 'update of status', method: 'PUT', path: `${G}/namespaces/ns/flunders/f1/status`, want: res({ verb: 'update', name: 'f1', subresource: 'status' }) },
  { name: 'patch', method: 'PATCH', path: `${G}/namespaces/ns/flunders/f1`, want: res({ verb: 'patch', name: 'f1' }) },
  { name: 'delete', method: 'DELETE', path: `${G}/namespaces/ns/flunders/f1`, want: res({ verb: 'delete', name: 'f1' }) },
  { name: 'deletecollection', method: 'DELETE', path: `${G}/namespaces/ns/flunders?labelSelector=a%3Db`, want: res({ verb: 'deletecollection', labelSelector: 'a=b' }) },
  { name: 'a cluster-scoped resource', method: 'GET', path: `${G}/fischers/x`, want: res({ resource: 'fischers', namespace: '', name: 'x' }) },
  { name: 'a list across namespaces', method: 'GET', path: `${G}/flunders`, want: res({ verb: 'list', namespace: '' }) },
  { name: 'discovery of a version', method: 'GET', path: G, want: { resourceRequest: false, verb: 'get', path: G } },
  { name: 'discovery of all groups', method: 'GET', path: '/apis', want: { resourceRequest: false, verb: 'get', path: '/apis' } },
  { name: 'a health check', method: 'GET', path: '/healthz', want: { resourceRequest: false, verb: 'get', path: '/healthz' } },
  { name: 'an unknown method', method: 'OPTIONS', path: `${G}/flunders`, want: { resourceRequest: false, verb: 'options', path: `${G}/flunders` } },
];

it.each(table)('$name', ({ method, path, want }) => {
  expect(requestAttributes(method, new URL(path, 'https://x'))).toEqual(want);
});
