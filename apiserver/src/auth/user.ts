/**
 * Who a request comes from and what it asks to do: k8s.io/apiserver's `user.Info` and `authorizer.Attributes`, as plain
 * data. `extra` is a null-prototype record (its keys come from request headers or from a TokenReview).
 */

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra: Record<string, string[]>;
}

/** The attributes a request is authorized on (what a SubjectAccessReview carries, and what a 403 names). */
export type Attributes = ResourceAttributes | NonResourceAttributes;

export interface ResourceAttributes {
  resourceRequest: true;
  /** `get`, `list`, `watch`, `create`, `update`, `patch`, `delete`, `deletecollection`. */
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  /** The raw selectors of a list, watch or deletecollection (selector authorization). */
  labelSelector?: string;
  fieldSelector?: string;
}

export interface NonResourceAttributes {
  resourceRequest: false;
  /** The lower-cased HTTP method. */
  verb: string;
  path: string;
}

/** A user record with `extra` as a null-prototype object. */
export function newUser(name: string, groups: readonly string[] = [], extra?: ReadonlyMap<string, readonly string[]>, uid?: string): UserInfo {
  const e = Object.create(null) as Record<string, string[]>;
  for (const [k, v] of extra ?? []) e[k] = [...v];
  return { name, groups: [...groups], extra: e, ...(uid !== undefined && uid !== '' ? { uid } : {}) };
}
