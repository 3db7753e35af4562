/**
 * The apiserver's 401 and 403 answers (k8s.io/apiserver `endpoints/handlers/responsewriters`): `Unauthorized` with
 * the message `Unauthorized`; `Forbidden` as `apierrors.NewForbidden` over `forbiddenMessage`.
 */
import { StatusError } from '@kubegen/runtime';
import type { Attributes, UserInfo } from './user';

export function unauthorized(): StatusError {
  return new StatusError({ metadata: {}, code: 401, reason: 'Unauthorized', message: 'Unauthorized' });
}

/** `User "<name>" cannot <verb> resource "<resource>[/<sub>]" in API group "<group>" in the namespace "<ns>"` and kin. */
export function forbiddenMessage(user: UserInfo, attrs: Attributes): string {
  if (!attrs.resourceRequest) return `User ${goQuote(user.name)} cannot ${attrs.verb} path ${goQuote(attrs.path)}`;
  const resource = attrs.subresource !== '' ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  const where = attrs.namespace !== '' ? `in the namespace ${goQuote(attrs.namespace)}` : 'at the cluster scope';
  return `User ${goQuote(user.name)} cannot ${attrs.verb} resource ${goQuote(resource)} in API group ${goQuote(attrs.group)} ${where}`;
}

/** The 403 Status: `<resource>.<group> "<name>" is forbidden: <message>[: <reason>]` (HTML metacharacters escaped). */
export function forbidden(user: UserInfo, attrs: Attributes, reason: string): StatusError {
  const text = sanitize(forbiddenMessage(user, attrs));
  const err = reason === '' ? text : `${text}: ${reason}`;
  const group = attrs.resourceRequest ? attrs.group : '';
  const resource = attrs.resourceRequest ? attrs.resource : '';
  const name = attrs.resourceRequest ? attrs.name : '';
  const qualified = group !== '' ? `${resource}.${group}` : resource;
  let message: string;
  if (group === '' && resource === '') message = `forbidden: ${err}`;
  else if (name === '') message = `${qualified} is forbidden: ${err}`;
  else message = `${qualified} ${goQuote(name)} is forbidden: ${err}`;
  return new StatusError({ metadata: {}, code: 403, reason: 'Forbidden', message, details: { ...(name !== '' ? { name } : {}), ...(group !== '' ? { group } : {}), ...(resource !== '' ? { kind: resource } : {}) } });
}

const sanitize = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Go's `%q` for the strings that reach these messages: JSON quoting, with non-ASCII kept as is. */
function goQuote(s: string): string {
  return JSON.stringify(s);
}
