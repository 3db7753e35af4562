/** Records expected.json: the parity scenario against a real control plane (see record.md). Not a test. */
import { startControlPlane } from '../../../../../../runtime/src/testing/controlplane';
import { createRestClient, fromOptions } from '../../../../../../runtime/src/config/config';
import { TypedClient } from '../../../../../../runtime/src/client/typed';
import type { ResourceDescriptor } from '../../../../../../runtime/src/client/types';
import { resourcePath } from '../../../../../../runtime/src/rest/paths';
import { parityCrds, plains, runParityScenario, widgets } from './scenario';

const crdResource: ResourceDescriptor = { group: 'apiextensions.k8s.io', version: 'v1', resource: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false };
const namespaces: ResourceDescriptor = { group: '', version: 'v1', resource: 'namespaces', kind: 'Namespace', namespaced: false };

async function main(): Promise<void> {
  const cp = await startControlPlane({ log: () => undefined });
  try {
    const rest = createRestClient(fromOptions({ server: cp.url, ca: cp.ca, token: cp.token }), { onWarning: () => undefined });
    const crds = new TypedClient(rest, crdResource);
    for (const crd of parityCrds()) await crds.create(crd);
    await new TypedClient(rest, namespaces).create({ metadata: { name: 'parity' } });
    const c = new TypedClient(rest, widgets, 'parity');
    const p = new TypedClient(rest, plains, 'parity');
    for (let i = 0; ; i++) {
      try {
        await c.list();
        await p.list();
        break;
      } catch (e) {
        if (i > 50) throw e;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const got = await runParityScenario({
      widgets: c,
      plains: p,
      applyWithoutFieldManager: (obj) =>
        rest.request({
          method: 'PATCH',
          path: resourcePath({ group: widgets.group, version: widgets.version, resource: widgets.resource, namespace: 'parity', name: obj.metadata?.name ?? '' }),
          body: JSON.stringify(obj),
          contentType: 'application/apply-patch+yaml',
        }),
    });
    process.stdout.write(`${JSON.stringify(got, null, 2)}\n`);
    await rest.close();
  } finally {
    await cp.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
