// Awaits waitForCacheSync while the server refuses the first lists (403: the reflector backs off and lists again).
const { configMapInformer } = require('./informer');

(async () => {
  const { rest, factory, informer } = configMapInformer();
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
