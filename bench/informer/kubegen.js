'use strict';
/**
 * The kubegen child of the informer benchmark: the generated `@kubegen-generated/stable.example.com` package's shared
 * informer factory and CronTab informer and lister (see protocol.js). `--streaming=true` lists with a streaming list
 * (`initialList: 'StreamingList'`, WatchList), otherwise with a list (`initialList: 'ListWatch'`: by default
 * `resourceVersion=0`, as client-go; `--list-semantic=MostRecent`: a consistent read, 500 a page). `--http2=true` or
 * `--http2=false` picks the transport (`transport.http2`; without it, the runtime's default): the bench's clients
 * kubegen-h2 and kubegen-h1. `--catch-up=false` turns the informer's catch-up policy off (it always replays the
 * backlog, as client-go does): the bench's client kubegen-replay, whose CPU per event is the replay's, measured against
 * floor-store's.
 */
const { Expectation, emit, serve, args, trace, tracedBody } = require('./protocol');
const { loadFromDefault, createRestClient } = require('@kubegen/runtime');
const { StableClientset, newSharedInformerFactory } = require('@kubegen-generated/stable.example.com');

async function main() {
  const a = args();
  const transport = a.http2 === undefined ? {} : { transport: { http2: a.http2 === 'true' } };
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }), transport);
  const expectation = new Expectation();
  if (process.env.BENCH_INFORMER_TRACE) {
    const request = rest.request.bind(rest);
    const stream = rest.stream.bind(rest);
    const requestList = rest.requestList.bind(rest);
    rest.requestList = async (req, hooks = {}) => {
      const what = `list ${req.path}?${req.query ?? ''}`;
      trace('kubegen', what);
      let items = 0;
      let first = true;
      const onItems = (batch) => {
        if (first) trace('kubegen', `${what}: first items`);
        first = false;
        items += batch.length;
        hooks.onItems?.(batch);
      };
      const onContinue = (token) => {
        trace('kubegen', `${what}: continue token`);
        hooks.onContinue?.(token);
      };
      const list = await requestList(req, { ...hooks, onItems, onContinue });
      trace('kubegen', `${what} decoded: ${items} items`);
      return list;
    };
    rest.request = (req) => {
      trace('kubegen', `${req.method} ${req.path}?${req.query ?? ''}`);
      return request(req);
    };
    rest.stream = async (req) => {
      const what = `watch ${req.path}?${req.query ?? ''}`;
      trace('kubegen', what);
      const res = await stream(req);
      if (res.readable) {
        // the watch reads the response by its 'data' events (ReadableWatch): count them as they go, from when the
        // watch starts reading (a 'data' listener of our own would start the flow before, and lose the chunks of a
        // watch opened ahead of its use)
        let chunks = 0;
        let bytes = 0;
        res.readable.once('resume', () =>
          res.readable.on('data', (c) => {
            chunks++;
            bytes += c.length;
          }),
        );
        res.readable.on('end', () => trace('kubegen', `${what} ended: ${chunks} chunks, ${bytes} bytes, ${expectation.seen.size} marked updates seen`));
        return res;
      }
      return { ...res, body: tracedBody('kubegen', what, res.body) };
    };
  }
  // the informer's catch-up relists (kubegen_watcher_catchup_relists_total), reported with each caughtUp
  let relists = 0;
  expectation.relists = () => relists;
  const metrics = {
    count: (name, _labels, delta = 1) => {
      if (name === 'kubegen_watcher_catchup_relists_total') {
        relists += delta;
        trace('kubegen', 'catch-up relist');
      }
    },
  };
  const factory = newSharedInformerFactory(new StableClientset(rest), {
    namespace: a.namespace,
    reflector: {
      metrics,
      // --catch-up=false: the replay alone (the bench's client kubegen-replay), as client-go always does
      ...(a['catch-up'] === 'false' ? { catchUp: false } : {}),
      // --catch-up=relist: relist after any stall seen (the bench's client kubegen-relist), to measure a warm relist
      ...(a['catch-up'] === 'relist' ? { catchUp: { relistRatio: Number.MIN_VALUE, minBacklog: 0 } } : {}),
      initialList: a.streaming === 'true' ? 'StreamingList' : 'ListWatch',
      ...(a['list-semantic'] ? { listSemantic: a['list-semantic'] } : {}),
      ...(a['page-size'] ? { pageSize: Number(a['page-size']) } : {}),
    },
  });
  const cronTabs = factory.stableV1().cronTabs();
  cronTabs.informer().addEventHandler({
    onUpdate: (_old, obj) => { expectation.update(obj.metadata.name, obj.spec.schedule); },
  });
  const stop = new AbortController();
  const start = performance.now();
  trace('kubegen', 'start');
  factory.start(stop.signal);
  await factory.waitForCacheSync(stop.signal);
  const store = cronTabs.informer().getStore();
  trace('kubegen', 'synced');
  emit({ event: 'synced', ms: performance.now() - start, objects: store.size });
  const lister = cronTabs.lister().namespace(a.namespace);
  serve(
    expectation,
    () => store.list().map((o) => o.metadata.name),
    (name) => lister.get(name),
    () => {
      stop.abort();
      // the parent keeps standard input open: exit once the informers stopped and the connections closed
      void factory.shutdown().then(() => rest.close()).finally(() => process.exit(0));
    },
  );
}

main().catch((err) => {
  process.stderr.write(`kubegen informer child: ${err.stack ?? err}\n`);
  process.exit(1);
});
