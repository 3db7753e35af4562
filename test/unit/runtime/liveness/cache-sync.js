// Awaits waitForCacheSync while the server refuses the first lists (403: the reflector backs off and lists again).
const dist = process.env.RUNTIME_DIST;
const { fromOptions, createRestClient, TypedClient } = require(`${dist}/index.js`);
const { SharedInformerFactory } = require(`${dist}/cache/index.js`);

const configMaps = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };
(async () => {
  const rest = createRestClient(fromOptions({ server: process.env.SERVER }));
  const factory = new SharedInformerFactory({ reflector: { initialList: 'ListWatch', backoff: { durationMs: 300, factor: 1, jitter: 0, steps: 1 }, onError: () => undefined } });
  const informer = factory.informerFor(configMaps, new TypedClient(rest, configMaps));
  const stop = new AbortController();
  factory.start(stop.signal);
  const synced = await factory.waitForCacheSync(stop.signal);
  console.log(`done: synced ${JSON.stringify([...synced])} with ${informer.getStore().listKeys().join(',')}`);
  stop.abort();
  await factory.shutdown();
  await rest.close();
})().catch((err) => {
  console.log(`failed: ${err instanceof Error ? err.message : 'a non-Error was thrown'}`);
  process.exitCode = 1;
});
