// Awaits installCRDs against a server that answers Established only after a few polls: the poll's sleep is all
// that is pending between two polls.
const dist = process.env.RUNTIME_DIST;
const { fromOptions, createRestClient } = require(`${dist}/index.js`);
const { installCRDs, crdClientsFor } = require(`${dist}/testing/index.js`);

(async () => {
  const rest = createRestClient(fromOptions({ server: process.env.SERVER }));
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true }] },
  };
  const installed = await installCRDs({ crds: crdClientsFor(rest).crds }, { crds: [crd], pollIntervalMs: 300, maxTimeMs: 120_000 });
  console.log(`done: ${installed.crds.map((c) => c.metadata.name).join(',')} established`);
  await rest.close();
})().catch((err) => {
  console.log(`failed: ${err instanceof Error ? err.message : 'a non-Error was thrown'}`);
  process.exitCode = 1;
});
