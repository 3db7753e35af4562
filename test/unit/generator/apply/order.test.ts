import { installRank, INSTALL_ORDER, sortForDelete, sortForInstall } from '../../../../generator/apply/order';

describe('install and delete order', () => {
  const given = ['CronTab', 'ValidatingWebhookConfiguration', 'Deployment', 'ClusterRoleBinding', 'CustomResourceDefinition', 'Service', 'Namespace', 'ServiceAccount', 'ClusterRole', 'MutatingWebhookConfiguration', 'Widget'];
  it('installs namespaces and CRDs first, RBAC before workloads, webhooks before custom resources (input order kept among those)', () => {
    expect(sortForInstall(given, (k) => k)).toEqual([
      'Namespace',
      'ServiceAccount',
      'CustomResourceDefinition',
      'ClusterRole',
      'ClusterRoleBinding',
      'Service',
      'Deployment',
      'MutatingWebhookConfiguration',
      'ValidatingWebhookConfiguration',
      'CronTab',
      'Widget',
    ]);
  });
  it('deletes in reverse: custom resources first (input order kept), namespaces last', () => {
    expect(sortForDelete(given, (k) => k)).toEqual([
      'CronTab',
      'Widget',
      'ValidatingWebhookConfiguration',
      'MutatingWebhookConfiguration',
      'Deployment',
      'Service',
      'ClusterRoleBinding',
      'ClusterRole',
      'CustomResourceDefinition',
      'ServiceAccount',
      'Namespace',
    ]);
  });
  it('is stable within a kind and does not change its input', () => {
    const items = [{ kind: 'ConfigMap', n: 1 }, { kind: 'Namespace', n: 2 }, { kind: 'ConfigMap', n: 3 }];
    const copy = structuredClone(items);
    expect(sortForInstall(items, (i) => i.kind).map((i) => i.n)).toEqual([2, 1, 3]);
    expect(items).toEqual(copy);
  });
  it('ranks every unknown kind after every known one', () => {
    expect(installRank('Anything')).toBe(INSTALL_ORDER.length);
    expect(Math.max(...INSTALL_ORDER.map(installRank))).toBeLessThan(installRank('Anything'));
  });
});
