// A ConfigMap informer of the runtime under test (RUNTIME_DIST) against the test's fake server (SERVER): a reflector
// that lists first, and backs off 300 ms after a refused list or watch.
const dist = process.env.RUNTIME_DIST;
const { fromOptions, createRestClient, TypedClient } = require(`${dist}/index.js`);
const { SharedInformerFactory } = require(`${dist}/cache/index.js`);

const configMaps = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

/** The REST client, an informer factory and its ConfigMap informer (not started). */
function configMapInformer() {
  const rest = createRestClient(fromOptions({ server: process.env.SERVER }));
  const factory = new SharedInformerFactory({ reflector: { initialList: 'ListWatch', backoff: { durationMs: 300, factor: 1, jitter: 0, steps: 1 }, onError: () => undefined } });
  const informer = factory.informerFor(configMaps, new TypedClient(rest, configMaps));
  return { rest, factory, informer };
}

module.exports = { configMapInformer };
