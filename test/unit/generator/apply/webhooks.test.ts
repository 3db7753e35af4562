import { webhooksOf } from '../../../../generator/apply/engine';
import type { ManifestObject } from '../../../../generator/apply/manifests';
import { present } from '../../helpers/present';

const services = new Set(['sys/hook', 'sys/conv']);
const vwc = (service: { namespace: string; name: string }, rules: unknown[]): ManifestObject => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  metadata: { name: 'v' },
  webhooks: [{ name: 'a.example.com', clientConfig: { service }, rules }],
});

describe('which objects wait for which webhook', () => {
  it.each<{ rules: unknown; object: [group: string, resource: string]; want: boolean }>([
    { rules: [{ apiGroups: ['example.com'], resources: ['widgets'] }], object: ['example.com', 'widgets'], want: true },
    { rules: [{ apiGroups: ['example.com'], resources: ['widgets'] }], object: ['example.com', 'gadgets'], want: false },
    { rules: [{ apiGroups: ['example.com'], resources: ['widgets/*'] }], object: ['example.com', 'widgets'], want: true },
    { rules: [{ apiGroups: ['*'], resources: ['*'] }], object: ['cert-manager.io', 'certificates'], want: true },
    { rules: [{ apiGroups: [''], resources: ['pods'] }], object: ['', 'pods'], want: true },
    { rules: [{ apiGroups: ['example.com'], resources: ['widgets'] }], object: ['cert-manager.io', 'certificates'], want: false },
    { rules: 'not a list', object: ['example.com', 'widgets'], want: false },
  ])('rules $rules intercept $object: $want', ({ rules, object, want }) => {
    const hook = present(webhooksOf(vwc({ namespace: 'sys', name: 'hook' }, rules as unknown[]), 'admissionregistration.k8s.io', services, 'validatingwebhookconfiguration.admissionregistration.k8s.io/v')[0], 'the webhook');
    expect(hook.service).toBe('sys/hook');
    expect(hook.intercepts(...object)).toBe(want);
  });

  it('ignores webhooks whose Service is not in the set (a URL, an operator run elsewhere)', () => {
    expect(webhooksOf(vwc({ namespace: 'other', name: 'hook' }, []), 'admissionregistration.k8s.io', services, 'x')).toEqual([]);
    const url = { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name: 'm' }, webhooks: [{ clientConfig: { url: 'https://h/' } }] };
    expect(webhooksOf(url, 'admissionregistration.k8s.io', services, 'x')).toEqual([]);
  });

  it("a CRD's conversion webhook intercepts its own kind; an APIService its group", () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'widgets.example.com' },
      spec: { group: 'example.com', names: { plural: 'widgets' }, conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'sys', name: 'conv' } } } } },
    };
    const conv = present(webhooksOf(crd, 'apiextensions.k8s.io', services, 'crd')[0], 'the conversion webhook');
    expect([conv.intercepts('example.com', 'widgets'), conv.intercepts('example.com', 'gadgets')]).toEqual([true, false]);
    expect(webhooksOf({ ...crd, spec: { ...crd.spec, conversion: { strategy: 'None' } } }, 'apiextensions.k8s.io', services, 'crd')).toEqual([]);
    const api = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.metrics.example.com' }, spec: { group: 'metrics.example.com', service: { namespace: 'sys', name: 'hook' } } };
    const agg = present(webhooksOf(api, 'apiregistration.k8s.io', services, 'api')[0], 'the APIService');
    expect([agg.intercepts('metrics.example.com', 'anything'), agg.intercepts('example.com', 'widgets')]).toEqual([true, false]);
  });
});
