/**
 * A kind's admission endpoints (`admissionKind`), apart from the admission server: generated packages bind one per kind
 * at load (through `@kubegen/runtime/internal`), and a package used only for its clients and informers should not load
 * the webhook server for it.
 */
import type { GroupVersionKind } from './types';

/**
 * A kind's admission endpoints, as generated code binds them: its GVK and the paths controller-runtime (and
 * `+kubebuilder:webhook` markers) use, `/validate-<group with - for .>-<version>-<lowercase kind>` and `/mutate-…`.
 */
export interface AdmissionKind extends GroupVersionKind {
  validatePath: string;
  mutatePath: string;
}

/** `/validate-…` and `/mutate-…` for a kind, as controller-runtime's builder names them (`generateValidatePath`). */
export function admissionKind(gvk: GroupVersionKind): AdmissionKind {
  const tail = `${gvk.group.replace(/\./g, '-')}-${gvk.version}-${gvk.kind.toLowerCase()}`;
  return { group: gvk.group, version: gvk.version, kind: gvk.kind, validatePath: `/validate-${tail}`, mutatePath: `/mutate-${tail}` };
}
