/** Input-language sources for tests that write API folders. */

/**
 * A namespaced test kind `name` with `+genclient`, its List, and `<name>Spec` whose members are `spec` (lines, each
 * ending in a newline); `preamble` goes after the runtime import (further imports).
 */
export function testKind(name: string, spec: string, preamble = ''): string {
  return `import type { ListMeta, ObjectMeta, TypeMeta } from '@kubegen/runtime';
${preamble}
/** ${name} is a test kind.
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface ${name} extends TypeMeta {
  metadata?: ObjectMeta;
  spec?: ${name}Spec;
}

/** +kubebuilder:object:root=true */
export interface ${name}List extends TypeMeta {
  metadata?: ListMeta;
  items: ${name}[];
}

export interface ${name}Spec {
${spec}}
`;
}
