/**
 * Objects as YAML documents, as `kustomize build` and `kubectl apply --dry-run=client -o yaml` print them: one
 * document per object, separated by `---`, keys in the order the object holds them, strings quoted where YAML 1.1
 * readers (kubectl) would read them as another type.
 */
import { stringify } from 'yaml';
import type { Manifest } from '../manifests';

export function printManifests(manifests: readonly Manifest[]): string {
  return manifests.map((m) => stringify(m.object, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false })).join('---\n');
}
