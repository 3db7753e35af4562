// Starts a manager and never stops it: only SIGTERM (aborting the start signal) ends it, gracefully.
const dist = process.env.RUNTIME_DIST;
const { Manager, noopLogger } = require(`${dist}/controller/index.js`);

(async () => {
  const mgr = new Manager({ clients: () => { throw new Error('this manager talks to no apiserver'); }, logger: noopLogger, gracefulShutdownTimeoutMs: 10_000 });
  mgr.add({ needLeaderElection: () => false, start: (signal) => new Promise((resolve) => { signal.addEventListener('abort', () => { console.log('runnable stopping'); resolve(); }); }) });
  const stop = new AbortController();
  process.once('SIGTERM', () => { stop.abort(); });
  const running = mgr.start(stop.signal);
  await mgr.elected();
  console.log('running');
  await running;
  console.log('done: stopped gracefully');
})().catch((err) => {
  console.log(`failed: ${err instanceof Error ? err.message : 'a non-Error was thrown'}`);
  process.exitCode = 1;
});
