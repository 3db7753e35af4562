/**
 * The 401 and 403 Status bodies, phrased as k8s.io/apiserver's responsewriters and apimachinery's NewForbidden
 * phrase them.
 */
import { forbidden, newUser, statusObject, unauthorized, type Attributes } from '@kubegen/apiserver';

const alice = newUser('alice', ['dev']);
const list: Attributes = { resourceRequest: true, verb: 'list', group: 'wardle.example.com', version: 'v1alpha1', resource: 'flunders', subresource: '', namespace: 'ns', name: '' };

const table: Array<{ name: string; attrs: Attributes; reason?: string; message: string; details: Record<string, string> }> = [
  {
    name: 'a namespaced list',
    attrs: list,
    message: 'flunders.wardle.example.com is forbidden: User "alice" cannot list resource "flunders" in API group "wardle.example.com" in the namespace "ns"',
    details: { group: 'wardle.example.com', kind: 'flunders' },
  },
  {
    name: 'a named object, with the reviewer\'s reason',
    attrs: { ...list, verb: 'get', name: 'f1' },
    reason: 'no RBAC policy matched',
    message: 'flunders.wardle.example.com "f1" is forbidden: User "alice" cannot get resource "flunders" in API group "wardle.example.com" in the namespace "ns": no RBAC policy matched',
    details: { name: 'f1', group: 'wardle.example.com', kind: 'flunders' },
  },
  {
    name: 'a subresource at the cluster scope',
    attrs: { ...list, verb: 'update', resource: 'fischers', subresource: 'status', namespace: '', name: 'x' },
    message: 'fischers.wardle.example.com "x" is forbidden: User "alice" cannot update resource "fischers/status" in API group "wardle.example.com" at the cluster scope',
    details: { name: 'x', group: 'wardle.example.com', kind: 'fischers' },
  },
  {
    name: 'a path',
    attrs: { resourceRequest: false, verb: 'get', path: '/apis/<x>' },
    message: 'forbidden: User "alice" cannot get path "/apis/&lt;x&gt;"',
    details: {},
  },
];

it.each(table)('403: $name', ({ attrs, reason, message, details }) => {
  expect(statusObject(forbidden(alice, attrs, reason ?? ''))).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 403, reason: 'Forbidden', message, details });
});

it('401 is the apiserver\'s Unauthorized body', () => {
  expect(statusObject(unauthorized())).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', code: 401, reason: 'Unauthorized', message: 'Unauthorized' });
});
