'use strict';
/**
 * The kubegen child of the scale benchmark: a fresh process runs the manager's cache for CronTabs — whole objects
 * (`--form=full`, `mgr.informerFor`) or metadata only (`--form=metadata`, `mgr.metadataInformerFor`, the
 * PartialObjectMetadata media type) — with the manager's default transform (managedFields dropped), waits for it to
 * sync and prints one JSON line: {"event":"synced","ms":<start to synced>,"objects":<n>,"rssMiB":<peak RSS>,
 * "heapMiB":<heap used after full collections>,"baseHeapMiB":<the same before the cache started>} (the heap figures
 * with `--expose-gc` only, taken after the peak RSS).
 */
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const controller = require(path.join(root, 'runtime', 'dist', 'controller', 'index.js'));

function args() {
  return Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split(/=(.*)/s).slice(0, 2)));
}

async function main() {
  const a = args();
  const rest = runtime.createRestClient(await runtime.loadFromDefault({ kubeconfig: a.kubeconfig }));
  const d = { group: a.group, version: a.version, resource: a.resource, kind: a.kind, namespaced: true };
  const mgr = new controller.Manager({
    clients: controller.restClientFactory(rest),
    metadataClients: controller.restMetadataClientFactory(rest),
    cache: { namespace: a.namespace },
    logger: controller.noopLogger,
  });
  if (typeof global.gc === 'function') global.gc();
  const baseHeapMiB = process.memoryUsage().heapUsed / 2 ** 20;
  const informer = a.form === 'metadata' ? mgr.metadataInformerFor(d) : mgr.informerFor(d);
  const stop = new AbortController();
  const t0 = performance.now();
  const run = mgr.start(stop.signal);
  if (!(await informer.waitForSync(stop.signal))) throw new Error('not synced');
  const ms = performance.now() - t0;
  const objects = informer.getIndexer().size;
  const rssMiB = process.resourceUsage().maxRSS / 1024;
  // what the cache holds, without the garbage of the sync: the heap after full collections (`--expose-gc`)
  let heapMiB;
  if (typeof global.gc === 'function') {
    global.gc();
    global.gc();
    heapMiB = process.memoryUsage().heapUsed / 2 ** 20;
  }
  process.stdout.write(`${JSON.stringify({ event: 'synced', ms, objects, rssMiB, heapMiB, baseHeapMiB })}\n`);
  stop.abort();
  await run;
  await rest.close();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
