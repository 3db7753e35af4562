'use strict';
/**
 * The @kubernetes/client-node child of the informer benchmark: `makeInformer` over the CronTab collection, listing
 * with CustomObjectsApi (client-node lists in one request: it has neither paging nor streaming lists in its
 * informer). See protocol.js.
 */
const { Expectation, emit, serve, args, trace } = require('./protocol');
const k8s = require('@kubernetes/client-node');

async function main() {
  const a = args();
  const kc = new k8s.KubeConfig();
  kc.loadFromFile(a.kubeconfig);
  const api = kc.makeApiClient(k8s.CustomObjectsApi);
  const base = { group: a.group, version: a.version, namespace: a.namespace, plural: a.resource };
  if (process.env.BENCH_INFORMER_TRACE) {
    const watch = k8s.Watch.prototype.watch;
    k8s.Watch.prototype.watch = function (path, query, callback, done) {
      const what = `watch ${path}?${new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined))}`;
      trace('client-node', what);
      let events = 0;
      return watch.call(
        this,
        path,
        query,
        (...ev) => {
          events++;
          callback(...ev);
        },
        (err) => {
          trace('client-node', `${what} ended after ${events} events: ${err?.message ?? 'no error'}`);
          done(err);
        },
      );
    };
  }
  const list = () => {
    trace('client-node', `GET list ${a.group}/${a.version} ${a.resource}`);
    return api.listNamespacedCustomObject(base);
  };
  const informer = k8s.makeInformer(kc, `/apis/${a.group}/${a.version}/namespaces/${a.namespace}/${a.resource}`, list);
  const expectation = new Expectation();
  informer.on('update', (obj) => { expectation.update(obj.metadata.name, obj.spec.schedule); });
  informer.on('error', (err) => {
    // client-node stops its informer on a watch error: restart it, as its documentation shows
    process.stderr.write(`client-node informer error: ${err?.message ?? err}; restarting\n`);
    setTimeout(() => { void informer.start(); }, 100);
  });
  const start = performance.now();
  await informer.start();
  emit({ event: 'synced', ms: performance.now() - start, objects: informer.list(a.namespace).length });
  serve(
    expectation,
    () => informer.list(a.namespace).map((o) => o.metadata.name),
    (name) => informer.get(name, a.namespace),
    () => { void informer.stop(); process.exit(0); },
  );
}

main().catch((err) => {
  process.stderr.write(`client-node informer child: ${err.stack ?? err}\n`);
  process.exit(1);
});
