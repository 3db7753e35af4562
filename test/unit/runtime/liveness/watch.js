// Awaits an object that arrives only on a later watch: the first watch is refused (403), the informer relists and
// watches again after its backoff.
const { configMapInformer } = require('./informer');

(async () => {
  const { rest, factory, informer } = configMapInformer();
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
