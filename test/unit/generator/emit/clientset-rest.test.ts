/**
 * The generated (real) clientsets are thin bindings of `TypedClient`: over an injected transport, each accessor and
 * verb becomes the request client-go would send — namespaced and cluster-scoped paths, status and scale
 * subresources, the kind's group and version.
 */
import { RestClient, type Transport, type TransportRequest, type TransportResponse } from '@kubegen/runtime';
import { StableClientset, Clientset } from '../../../../generated/stable.example.com/src';
import { WardleClientset } from '../../../../generated/wardle.example.com/src';
import { EtcdClientset } from '../../../../generated/etcd.database.coreos.com/src';

class RecordingTransport implements Transport {
  readonly requests: Array<{ method: string; path: string; body?: unknown }> = [];

  async request(req: TransportRequest): Promise<TransportResponse> {
    this.requests.push({ method: req.method, path: req.path, ...(req.body !== undefined ? { body: JSON.parse(req.body) as unknown } : {}) });
    const text = JSON.stringify(req.method === 'DELETE' ? { kind: 'Status', status: 'Success' } : { metadata: { name: 'x' }, items: [] });
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: (async function* () {
        yield new TextEncoder().encode(text);
      })(),
      text: async () => text,
      discard: async () => undefined,
    };
  }

  async close(): Promise<void> {}
}

function rest(transport: Transport): RestClient {
  return new RestClient({ server: 'https://example.invalid:6443', transport });
}

describe('generated clientsets over a REST client', () => {
  it('sends namespaced verbs to the kind group, version and plural', async () => {
    const t = new RecordingTransport();
    const cs = new StableClientset(rest(t));
    expect(Clientset).toBe(StableClientset);
    const client = cs.stableV1().cronTabs('ns1');
    const obj = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'x' }, spec: { schedule: '* * * * *', image: 'i' } };
    await client.get('x');
    await client.list({ labelSelector: 'a=b' });
    await client.create(obj);
    await client.updateStatus(obj);
    await client.delete('x');
    await cs.stableV1().cronTabs('').list();
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /apis/stable.example.com/v1/namespaces/ns1/crontabs/x',
      'GET /apis/stable.example.com/v1/namespaces/ns1/crontabs?labelSelector=a%3Db',
      'POST /apis/stable.example.com/v1/namespaces/ns1/crontabs',
      'PUT /apis/stable.example.com/v1/namespaces/ns1/crontabs/x/status',
      'DELETE /apis/stable.example.com/v1/namespaces/ns1/crontabs/x',
      'GET /apis/stable.example.com/v1/crontabs',
    ]);
  });

  it('sends cluster-scoped verbs without a namespace, per version', async () => {
    const t = new RecordingTransport();
    const cs = new WardleClientset(rest(t));
    await cs.wardleV1beta1().fischers().get('f');
    await cs.wardleV1alpha1().fischers().list();
    await cs.wardleV1beta1().flunders('n').get('g');
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /apis/wardle.example.com/v1beta1/fischers/f',
      'GET /apis/wardle.example.com/v1alpha1/fischers',
      'GET /apis/wardle.example.com/v1beta1/namespaces/n/flunders/g',
    ]);
  });

  it('reaches the scale subresource', async () => {
    const t = new RecordingTransport();
    const client = new EtcdClientset(rest(t)).etcdV1beta2().etcdClusters('db');
    await client.getScale('e');
    await client.updateScale('e', { spec: { replicas: 5 } });
    expect(t.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /apis/etcd.database.coreos.com/v1beta2/namespaces/db/etcdclusters/e/scale',
      'PUT /apis/etcd.database.coreos.com/v1beta2/namespaces/db/etcdclusters/e/scale',
    ]);
    expect(t.requests[1]!.body).toEqual({ spec: { replicas: 5 } });
  });
});
