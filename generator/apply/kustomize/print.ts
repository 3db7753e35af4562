/**
 * Objects as YAML documents, as `kustomize build` and `kubectl … -o yaml` print them (both through sigs.k8s.io/yaml's
 * JSONToYAML, i.e. go-yaml v2 — the same encoder controller-gen's output goes through, generator/yaml/yamlv2.ts): one
 * document per object, separated by `---`.
 */
import type { Manifest } from '../manifests';
import { marshalYamlV2 } from '../../yaml/yamlv2';

export function printManifests(manifests: readonly Manifest[]): string {
  return manifests.map((m) => marshalYamlV2(m.object as object)).join('---\n');
}
