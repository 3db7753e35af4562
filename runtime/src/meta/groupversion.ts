/** `apiVersion` text (apimachinery `pkg/runtime/schema`'s `ParseGroupVersion`, the group half). */

/** The group of an `apiVersion` (`''` for the core group's `v1`). */
export function groupOfApiVersion(apiVersion: string): string {
  const i = apiVersion.indexOf('/');
  return i < 0 ? '' : apiVersion.slice(0, i);
}
