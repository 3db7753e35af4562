// Awaits one of the runtime's timed waits (process.argv[2] names it); nothing else is pending meanwhile.
const dist = process.env.RUNTIME_DIST;
const { retryOnError, abortableSleep } = require(`${dist}/index.js`);
const { clockSleep, realClock } = require(`${dist}/cache/index.js`);
const { newDelayingQueue, newRateLimitingQueue, ItemExponentialFailureRateLimiter } = require(`${dist}/workqueue/index.js`);

const cases = {
  'clockSleep on realClock': async () => clockSleep(realClock, 500),
  'abortableSleep': async () => abortableSleep(500),
  'retryOnError backing off': async () => {
    let calls = 0;
    await retryOnError({ steps: 5, durationMs: 300, factor: 1, jitter: 0 }, () => true, async () => {
      if (++calls < 3) throw new Error('not yet');
    });
    return calls;
  },
  'a delaying queue: get() of an item added after a delay': async () => {
    const q = newDelayingQueue();
    q.addAfter('x', 500);
    const { item } = await q.get();
    q.shutDown();
    return item;
  },
  'a rate-limited requeue': async () => {
    const q = newRateLimitingQueue({ rateLimiter: new ItemExponentialFailureRateLimiter(300, 10_000) });
    q.addRateLimited('x');
    const { item } = await q.get();
    q.shutDown();
    return item;
  },
};

const name = process.argv[2];
cases[name]().then(
  (v) => { console.log(`done: ${name} → ${JSON.stringify(v)}`); },
  (err) => {
    console.log(`failed: ${err instanceof Error ? err.message : 'a non-Error was thrown'}`);
    process.exitCode = 1;
  },
);
