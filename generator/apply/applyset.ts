/**
 * ApplySets (KEP-3659, as kubectl's `apply --prune --applyset`): how `kubegen apply --prune` remembers what it
 * applied. A parent object — a Secret (the default) or a ConfigMap — carries
 *
 * - the label `applyset.kubernetes.io/id: applyset-<base64url(sha256(<name>.<namespace>.<kind>.<group>))>-v1`;
 * - `applyset.kubernetes.io/tooling: kubegen/v<version>` (a parent of another tool is refused, as kubectl does);
 * - `applyset.kubernetes.io/contains-group-kinds`: the kinds of its members (`Deployment.apps,Namespace`), sorted;
 * - `applyset.kubernetes.io/additional-namespaces`: the namespaces of its members other than its own, sorted;
 *
 * and every member carries `applyset.kubernetes.io/part-of: <id>`. An apply first widens the parent to the union
 * of what it held and what is being applied (so an interrupted run leaks nothing), applies, deletes the members of
 * the previous kinds and namespaces that were not applied this time, and then narrows the parent to exactly this
 * apply's kinds and namespaces. The same parent read by kubectl (`kubectl apply --prune --applyset=…`) is
 * understood, except that kubectl refuses it as managed by another tool — which the specification asks for.
 */

import { createHash } from 'node:crypto';
import { KubegenError } from '../errors';
import { KUBEGEN_VERSION } from '../version';

export const APPLYSET_ID_LABEL = 'applyset.kubernetes.io/id';
export const APPLYSET_PART_OF_LABEL = 'applyset.kubernetes.io/part-of';
export const APPLYSET_TOOLING_ANNOTATION = 'applyset.kubernetes.io/tooling';
export const APPLYSET_GKS_ANNOTATION = 'applyset.kubernetes.io/contains-group-kinds';
export const APPLYSET_NAMESPACES_ANNOTATION = 'applyset.kubernetes.io/additional-namespaces';
/** Before kubectl 1.28 the kinds were resources (`deployments.apps`); read, never written. */
export const APPLYSET_GRS_ANNOTATION = 'applyset.kubernetes.io/contains-group-resources';

/** The tool name in the tooling annotation, and the field manager of the parent (`<tool>-applyset`, as kubectl). */
export const APPLYSET_TOOL = 'kubegen';
export const APPLYSET_FIELD_MANAGER = `${APPLYSET_TOOL}-applyset`;
export const APPLYSET_TOOLING = `${APPLYSET_TOOL}/v${KUBEGEN_VERSION.replace(/^v/, '')}`;

/** The parent: its kind (Secret or ConfigMap, core group) and where it is. */
export interface ApplySetParent {
  kind: 'Secret' | 'ConfigMap';
  resource: 'secrets' | 'configmaps';
  name: string;
  namespace: string;
}

const PARENT_RESOURCES: Record<string, Pick<ApplySetParent, 'kind' | 'resource'>> = Object.assign(Object.create(null) as Record<string, Pick<ApplySetParent, 'kind' | 'resource'>>, {
  secret: { kind: 'Secret', resource: 'secrets' },
  secrets: { kind: 'Secret', resource: 'secrets' },
  configmap: { kind: 'ConfigMap', resource: 'configmaps' },
  configmaps: { kind: 'ConfigMap', resource: 'configmaps' },
  cm: { kind: 'ConfigMap', resource: 'configmaps' },
});

/**
 * `--applyset [<resource>/]<name>` (kubectl's syntax): `name` is a Secret; `secrets/name`, `configmaps/name` (or
 * the singular, or `cm`) name the kind. The parent lives in `namespace`.
 */
export function parseApplySetRef(ref: string, namespace: string): ApplySetParent {
  const slash = ref.indexOf('/');
  const resource = slash < 0 ? 'secrets' : ref.slice(0, slash).toLowerCase();
  const name = slash < 0 ? ref : ref.slice(slash + 1);
  const type = PARENT_RESOURCES[resource];
  if (!type) throw new KubegenError(`--applyset ${JSON.stringify(ref)}: the parent must be a Secret or a ConfigMap (secrets/<name> or configmaps/<name>), not ${JSON.stringify(resource)}`);
  if (name === '' || !/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name) || name.length > 253) {
    throw new KubegenError(`--applyset ${JSON.stringify(ref)}: ${JSON.stringify(name)} is not a valid ${type.kind} name (lower-case letters, digits, '-' and '.')`);
  }
  return { ...type, name, namespace };
}

/** The ApplySet id of a parent (the value of its id label and of its members' part-of label). */
export function applySetId(parent: Pick<ApplySetParent, 'name' | 'namespace' | 'kind'>, group = ''): string {
  const hash = createHash('sha256').update([parent.name, parent.namespace, parent.kind, group].join('.')).digest('base64url');
  return `applyset-${hash}-v1`;
}

/** `Kind.group`, or `Kind` for the core group (Go's `schema.GroupKind.String()`). */
export function formatGroupKind(gk: { group: string; kind: string }): string {
  return gk.group === '' ? gk.kind : `${gk.kind}.${gk.group}`;
}

/** `Kind.group` → group and kind (Go's `schema.ParseGroupKind`: the first dot splits). */
export function parseGroupKind(text: string): { group: string; kind: string } {
  const dot = text.indexOf('.');
  return dot < 0 ? { group: '', kind: text } : { group: text.slice(dot + 1), kind: text.slice(0, dot) };
}

/** `resource.group` → group and resource (the deprecated annotation). */
export function parseGroupResource(text: string): { group: string; resource: string } {
  const dot = text.indexOf('.');
  return dot < 0 ? { group: '', resource: text } : { group: text.slice(dot + 1), resource: text.slice(0, dot) };
}

/** What a parent says its set holds. */
export interface ApplySetContents {
  /** `Kind.group` strings (see {@link formatGroupKind}); resources (`deployments.apps`) from the deprecated annotation. */
  groupKinds: string[];
  groupResources: string[];
  /** Every namespace with members: the additional ones plus the parent's own. */
  namespaces: string[];
}

function splitList(value: string | undefined): string[] {
  return value === undefined || value === '' ? [] : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Checks an existing parent (tooling and id, as kubectl's `fetchParent`) and reads what it holds. Throws a
 * one-line error for a parent of another tool, without the id label or with another id.
 */
export function readParent(parent: ApplySetParent, live: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> } }): ApplySetContents {
  const where = `ApplySet parent ${parent.kind.toLowerCase()}/${parent.name} in namespace ${parent.namespace}`;
  const labels = live.metadata?.labels ?? {};
  const annotations = live.metadata?.annotations ?? {};
  const own = (o: Record<string, string>, k: string): string | undefined => (Object.hasOwn(o, k) && typeof o[k] === 'string' ? o[k] : undefined);
  const tooling = own(annotations, APPLYSET_TOOLING_ANNOTATION);
  if (tooling === undefined) throw new KubegenError(`${where} exists and has no ${APPLYSET_TOOLING_ANNOTATION} annotation: it is not an ApplySet parent; pick another --applyset name`);
  const slash = tooling.lastIndexOf('/');
  const tool = slash < 0 ? tooling : tooling.slice(0, slash);
  if (tool !== APPLYSET_TOOL) throw new KubegenError(`${where} is managed by ${JSON.stringify(tool)}, not by ${APPLYSET_TOOL}; pick another --applyset name`);
  const id = own(labels, APPLYSET_ID_LABEL);
  const want = applySetId(parent);
  if (id === undefined) throw new KubegenError(`${where} has no ${APPLYSET_ID_LABEL} label`);
  if (id !== want) throw new KubegenError(`${where} has ${APPLYSET_ID_LABEL}=${id}, not ${want}`);
  const gks = own(annotations, APPLYSET_GKS_ANNOTATION);
  return {
    groupKinds: splitList(gks),
    groupResources: gks === undefined ? splitList(own(annotations, APPLYSET_GRS_ANNOTATION)) : [],
    namespaces: [...new Set([parent.namespace, ...splitList(own(annotations, APPLYSET_NAMESPACES_ANNOTATION))])].sort(),
  };
}

/** The parent as applied: its id label and the annotations for these kinds and namespaces (sorted, deduplicated). */
export function parentObject(parent: ApplySetParent, groupKinds: Iterable<string>, namespaces: Iterable<string>): Record<string, unknown> {
  const kinds = [...new Set(groupKinds)].sort();
  const others = [...new Set(namespaces)].filter((ns) => ns !== '' && ns !== parent.namespace).sort();
  return {
    apiVersion: 'v1',
    kind: parent.kind,
    metadata: {
      name: parent.name,
      namespace: parent.namespace,
      labels: { [APPLYSET_ID_LABEL]: applySetId(parent) },
      annotations: {
        [APPLYSET_TOOLING_ANNOTATION]: APPLYSET_TOOLING,
        [APPLYSET_GKS_ANNOTATION]: kinds.join(','),
        [APPLYSET_NAMESPACES_ANNOTATION]: others.join(','),
      },
    },
  };
}

/**
 * A copy of `metadata.labels` with the part-of label set; an object that already names another ApplySet is an
 * error (kubectl refuses any value given in the input; the same value is accepted here, so a re-applied rendering
 * of a previous apply works).
 */
export function withPartOfLabel(labels: Record<string, string> | undefined, id: string): Record<string, string> {
  const current = labels && Object.hasOwn(labels, APPLYSET_PART_OF_LABEL) ? labels[APPLYSET_PART_OF_LABEL] : undefined;
  if (current !== undefined && current !== id) throw new Error(`it has the label ${APPLYSET_PART_OF_LABEL}=${current}, which names another ApplySet`);
  return { ...labels, [APPLYSET_PART_OF_LABEL]: id };
}
