'use strict';
/**
 * The kubegen child of the controller benchmark: the same minimal operator as go/main.go, on @kubegen/runtime's
 * Manager and builder and the generated stable.example.com package — For(CronTab) with the generation-changed
 * predicate, Owns(ConfigMap); the reconcile reads the CronTab from the manager's cache, createOrUpdates a ConfigMap
 * `<name>` (reading it from the cache, as controller-runtime's client does; labels, data from the spec, a controller
 * reference) and sets status.lastScheduleTime to the creation time when it differs. Prints
 *   {"event":"done","ms":<first reconcile start → n-th distinct success>,"reconciles":<successful reconciles by then>,
 *    "writes":<objects created or updated by then>,"cpuMs":<the process's CPU time>,
 *    "cpuBeforeMs":<the process's CPU time when the first reconcile started (start-up and the caches' sync)>,
 *    "createOrUpdateMs":<time in createOrUpdates that wrote>,"createOrUpdates":<their number>,
 *    "statusMs":<time in status updates, failed ones included>,"statuses":<their number>,
 *    "loopDelayMeanMs","loopDelayP99Ms":<the event loop's delay from the first reconcile on (1 ms resolution)>}
 * once every CronTab of the namespace has been reconciled successfully, and runs until its standard input closes.
 */
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { loadFromDefault, createRestClient, isNotFound } = require('@kubegen/runtime');
const { Manager, controllerManagedBy, generationChangedPredicate, noopLogger, restClientFactory } = require('@kubegen/runtime/controller');
const { createOrUpdate, setControllerReference } = require('@kubegen/runtime/controllerutil');
const { configMapResource, deepCopyConfigMap } = require('@kubegen/api/core/v1');
const { v1 } = require('@kubegen-generated/stable.example.com');
const { args } = require('../informer/protocol'); // the bench children's `--key=value` arguments

/**
 * A client whose `get` reads the cache and returns a deep copy (controller-runtime's default reading client, whose
 * cache reader returns the cached object's `DeepCopyObject()`); writes go direct.
 */
function readingFromCache(direct, lister, namespace) {
  const client = Object.create(direct);
  client.get = (name) => Promise.resolve(deepCopyConfigMap(lister.namespace(namespace).get(name)));
  return client;
}

/** BENCH_CONTROLLER_TRACE=1: counts failed reconciles by error and reports them on standard error every second. */
function traced(reconcile) {
  const errors = new Map();
  setInterval(() => process.stderr.write(`reconcile errors: ${JSON.stringify(Object.fromEntries(errors))}\n`), 1000).unref();
  return async (req, signal) => {
    try {
      return await reconcile(req, signal);
    } catch (err) {
      const k = err?.reason ?? err?.name ?? String(err);
      errors.set(k, (errors.get(k) ?? 0) + 1);
      throw err;
    }
  };
}

async function main() {
  const a = args();
  const n = Number(a.n);
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }));
  const mgr = new Manager({ clients: restClientFactory(rest), cache: { namespace: a.namespace }, logger: noopLogger });
  const cronTabs = mgr.lister(v1.cronTabResource);
  const configMaps = mgr.lister(configMapResource);
  // the event loop's delay from the first reconcile on: how long a response may wait for the one thread
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let first;
  let cpuBefore;
  let reconciles = 0;
  let writes = 0;
  // the time the reconciles spent in their two writes (createOrUpdate, the status update), as the client saw it
  const spent = { createOrUpdateMs: 0, createOrUpdates: 0, statusMs: 0, statuses: 0 };
  const done = new Set();
  const reconcile = async ({ namespace, name }, signal) => {
    if (first === undefined) {
      first = performance.now();
      cpuBefore = process.cpuUsage();
      loopDelay.enable();
    }
    let ct;
    try {
      ct = v1.deepCopyCronTab(cronTabs.namespace(namespace).get(name));
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    const direct = mgr.clientFor(v1.cronTabResource, namespace);
    ct.apiVersion = 'stable.example.com/v1';
    ct.kind = 'CronTab';
    const cms = readingFromCache(mgr.clientFor(configMapResource, namespace), configMaps, namespace);
    const t0 = performance.now();
    const { result } = await createOrUpdate(
      cms,
      { metadata: { name, namespace } },
      (cm) => {
        cm.metadata.labels = { ...cm.metadata.labels, 'app.kubernetes.io/managed-by': 'crontab-controller', crontab: name };
        cm.data = { schedule: ct.spec.schedule, image: ct.spec.image, replicas: String(ct.spec.replicas ?? 0) };
        setControllerReference(ct, cm, v1.cronTabResource);
      },
      { signal },
    );
    if (result !== 'unchanged') {
      writes++;
      spent.createOrUpdateMs += performance.now() - t0;
      spent.createOrUpdates++;
    }
    const want = new Date(ct.metadata.creationTimestamp).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (ct.status?.lastScheduleTime !== want) {
      ct.status = { ...ct.status, lastScheduleTime: want };
      const t1 = performance.now();
      try {
        await direct.updateStatus(ct, { signal });
      } finally {
        spent.statusMs += performance.now() - t1;
        spent.statuses++;
      }
      writes++;
    }
    reconciles++;
    const key = `${namespace}/${name}`;
    if (!done.has(key)) {
      done.add(key);
      if (done.size === n) {
        const cpu = process.cpuUsage();
        process.stdout.write(`${JSON.stringify({ event: 'done', ms: performance.now() - first, reconciles, writes, cpuMs: (cpu.user + cpu.system) / 1000, cpuBeforeMs: (cpuBefore.user + cpuBefore.system) / 1000, ...spent, loopDelayMeanMs: loopDelay.mean / 1e6, loopDelayP99Ms: loopDelay.percentile(99) / 1e6 })}\n`);
      }
    }
  };
  controllerManagedBy(mgr)
    .named('crontab')
    .for(v1.cronTabResource, { predicates: [generationChangedPredicate(noopLogger)] })
    .owns(configMapResource)
    .withOptions({ maxConcurrentReconciles: Number(a.concurrency) })
    .complete(process.env.BENCH_CONTROLLER_TRACE ? traced(reconcile) : reconcile);
  const stop = new AbortController();
  process.stdin.on('end', () => stop.abort()).resume();
  await mgr.start(stop.signal);
  await rest.close();
}

main().catch((err) => {
  process.stderr.write(`kubegen controller child: ${err.stack ?? err}\n`);
  process.exit(1);
});
