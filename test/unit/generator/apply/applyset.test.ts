import { createHash } from 'node:crypto';
import {
  APPLYSET_GKS_ANNOTATION,
  APPLYSET_ID_LABEL,
  APPLYSET_NAMESPACES_ANNOTATION,
  APPLYSET_PART_OF_LABEL,
  APPLYSET_TOOLING,
  APPLYSET_TOOLING_ANNOTATION,
  applySetId,
  formatGroupKind,
  parentObject,
  parseApplySetRef,
  parseGroupKind,
  readParent,
  withPartOfLabel,
} from '../../../../generator/apply/applyset';

/** KEP-3659: base64 (URL alphabet, unpadded) of sha256(<name>.<namespace>.<kind>.<group>), between `applyset-` and `-v1`. */
function kepId(name: string, namespace: string, kind: string, group: string): string {
  const b64 = Buffer.from(createHash('sha256').update(`${name}.${namespace}.${kind}.${group}`).digest('hex'), 'hex').toString('base64');
  return `applyset-${b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}-v1`;
}

describe('ApplySet', () => {
  it.each([
    { given: 'demo', want: { kind: 'Secret', resource: 'secrets', name: 'demo' } },
    { given: 'secrets/demo', want: { kind: 'Secret', resource: 'secrets', name: 'demo' } },
    { given: 'secret/demo', want: { kind: 'Secret', resource: 'secrets', name: 'demo' } },
    { given: 'configmaps/demo.v2', want: { kind: 'ConfigMap', resource: 'configmaps', name: 'demo.v2' } },
    { given: 'cm/demo', want: { kind: 'ConfigMap', resource: 'configmaps', name: 'demo' } },
  ])('parses --applyset $given', ({ given, want }) => {
    expect(parseApplySetRef(given, 'ns')).toEqual({ ...want, namespace: 'ns' });
  });

  it.each([
    { given: 'deployments/x', want: '--applyset "deployments/x": the parent must be a Secret or a ConfigMap (secrets/<name> or configmaps/<name>), not "deployments"' },
    { given: 'secrets/', want: `--applyset "secrets/": "" is not a valid Secret name (lower-case letters, digits, '-' and '.')` },
    { given: 'Bad_Name', want: `--applyset "Bad_Name": "Bad_Name" is not a valid Secret name (lower-case letters, digits, '-' and '.')` },
    { given: '__proto__/x', want: '--applyset "__proto__/x": the parent must be a Secret or a ConfigMap (secrets/<name> or configmaps/<name>), not "__proto__"' },
  ])('refuses --applyset $given', ({ given, want }) => {
    expect(() => parseApplySetRef(given, 'ns')).toThrow(want);
  });

  it('computes the id as the KEP specifies, per kind, name and namespace', () => {
    const secret = parseApplySetRef('demo', 'team-a');
    expect(applySetId(secret)).toBe(kepId('demo', 'team-a', 'Secret', ''));
    expect(applySetId(secret)).toMatch(/^applyset-[A-Za-z0-9_-]{43}-v1$/);
    expect(applySetId(parseApplySetRef('cm/demo', 'team-a'))).not.toBe(applySetId(secret));
    expect(applySetId(parseApplySetRef('demo', 'team-b'))).not.toBe(applySetId(secret));
  });

  it('formats and parses group kinds as Go does', () => {
    expect(formatGroupKind({ group: '', kind: 'Namespace' })).toBe('Namespace');
    expect(formatGroupKind({ group: 'apps', kind: 'Deployment' })).toBe('Deployment.apps');
    expect(parseGroupKind('CustomResourceDefinition.apiextensions.k8s.io')).toEqual({ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' });
    expect(parseGroupKind('Secret')).toEqual({ group: '', kind: 'Secret' });
  });

  it('writes the parent with sorted, deduplicated kinds and only the other namespaces', () => {
    const parent = parseApplySetRef('demo', 'ops');
    expect(parentObject(parent, ['Deployment.apps', 'Namespace', 'Deployment.apps', 'ConfigMap'], ['ops', 'web', '', 'api', 'web'])).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 'demo',
        namespace: 'ops',
        labels: { [APPLYSET_ID_LABEL]: applySetId(parent) },
        annotations: {
          [APPLYSET_TOOLING_ANNOTATION]: APPLYSET_TOOLING,
          [APPLYSET_GKS_ANNOTATION]: 'ConfigMap,Deployment.apps,Namespace',
          [APPLYSET_NAMESPACES_ANNOTATION]: 'api,web',
        },
      },
    });
    expect(APPLYSET_TOOLING).toMatch(/^kubegen\/v\d+\.\d+\.\d+/);
  });

  it('reads back what it wrote (the parent namespace included among the namespaces)', () => {
    const parent = parseApplySetRef('demo', 'ops');
    const written = parentObject(parent, ['Deployment.apps', 'Namespace'], ['web']) as { metadata: { labels: Record<string, string>; annotations: Record<string, string> } };
    expect(readParent(parent, written)).toEqual({ groupKinds: ['Deployment.apps', 'Namespace'], groupResources: [], namespaces: ['ops', 'web'] });
  });

  it('reads kubectl 1.27 parents (group resources) and empty sets', () => {
    const parent = parseApplySetRef('demo', 'ops');
    const metadata = { labels: { [APPLYSET_ID_LABEL]: applySetId(parent) }, annotations: { [APPLYSET_TOOLING_ANNOTATION]: 'kubegen/v0.0.1', 'applyset.kubernetes.io/contains-group-resources': 'deployments.apps,secrets' } };
    expect(readParent(parent, { metadata })).toEqual({ groupKinds: [], groupResources: ['deployments.apps', 'secrets'], namespaces: ['ops'] });
    expect(readParent(parent, { metadata: { ...metadata, annotations: { ...metadata.annotations, [APPLYSET_GKS_ANNOTATION]: '' } } }).groupKinds).toEqual([]);
  });

  it.each([
    { name: 'not a parent', metadata: {}, want: 'ApplySet parent secret/demo in namespace ops exists and has no applyset.kubernetes.io/tooling annotation: it is not an ApplySet parent; pick another --applyset name' },
    { name: 'another tool', metadata: { annotations: { [APPLYSET_TOOLING_ANNOTATION]: 'kubectl/v1.30' } }, want: 'ApplySet parent secret/demo in namespace ops is managed by "kubectl", not by kubegen; pick another --applyset name' },
    { name: 'no id', metadata: { annotations: { [APPLYSET_TOOLING_ANNOTATION]: 'kubegen/v1' } }, want: 'ApplySet parent secret/demo in namespace ops has no applyset.kubernetes.io/id label' },
    { name: 'another id', metadata: { labels: { [APPLYSET_ID_LABEL]: 'applyset-x-v1' }, annotations: { [APPLYSET_TOOLING_ANNOTATION]: 'kubegen/v1' } }, want: 'has applyset.kubernetes.io/id=applyset-x-v1, not applyset-' },
  ])('refuses a parent: $name', ({ metadata, want }) => {
    expect(() => readParent(parseApplySetRef('demo', 'ops'), { metadata })).toThrow(want);
  });

  it('labels members without changing their labels, and refuses a member of another set', () => {
    const labels = { app: 'web' };
    expect(withPartOfLabel(labels, 'applyset-a-v1')).toEqual({ app: 'web', [APPLYSET_PART_OF_LABEL]: 'applyset-a-v1' });
    expect(labels).toEqual({ app: 'web' });
    expect(withPartOfLabel({ [APPLYSET_PART_OF_LABEL]: 'applyset-a-v1' }, 'applyset-a-v1')).toEqual({ [APPLYSET_PART_OF_LABEL]: 'applyset-a-v1' });
    expect(() => withPartOfLabel({ [APPLYSET_PART_OF_LABEL]: 'applyset-b-v1' }, 'applyset-a-v1')).toThrow('it has the label applyset.kubernetes.io/part-of=applyset-b-v1, which names another ApplySet');
  });
});
