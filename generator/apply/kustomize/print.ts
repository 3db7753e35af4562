/**
 * Objects as YAML documents, as `kustomize build` and `kubectl … -o yaml` print them (both through sigs.k8s.io/yaml's
 * JSONToYAML, i.e. go-yaml v2; goyaml.ts): one document per object, separated by `---`.
 */
import type { Manifest } from '../manifests';
import { goYamlMarshal } from './goyaml';

export function printManifests(manifests: readonly Manifest[]): string {
  return manifests.map((m) => goYamlMarshal(m.object)).join('---\n');
}
