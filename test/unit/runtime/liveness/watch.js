// Awaits an object that arrives only on a later watch: the first watch is refused (403), the informer relists and
// watches again after its backoff.
const dist = process.env.RUNTIME_DIST;
const { fromOptions, createRestClient, TypedClient } = require(`${dist}/index.js`);
const { SharedInformerFactory } = require(`${dist}/cache/index.js`);

const configMaps = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

(async () => {
  const rest = createRestClient(fromOptions({ server: process.env.SERVER }));
  const factory = new SharedInformerFactory({ reflector: { initialList: 'ListWatch', backoff: { durationMs: 300, factor: 1, jitter: 0, steps: 1 }, onError: () => undefined } });
  const informer = factory.informerFor(configMaps, new TypedClient(rest, configMaps));
  const stop = new AbortController();
  const late = new Promise((resolve) => {
    informer.addEventHandler({ onAdd: (obj) => { if (obj.metadata.name === 'late') resolve(obj); } });
  });
  factory.start(stop.signal);
  const obj = await late;
  console.log(`done: saw ${obj.metadata.namespace}/${obj.metadata.name}`);
  await factory.shutdown();
  await rest.close();
})().catch((err) => {
  console.log(`failed: ${err instanceof Error ? err.message : 'a non-Error was thrown'}`);
  process.exitCode = 1;
});
