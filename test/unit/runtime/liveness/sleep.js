// Awaits one of the runtime's timed waits (process.argv[2] names it); nothing else is pending meanwhile.
const dist = process.env.RUNTIME_DIST;
const { retryOnError, abortableSleep } = require(`${dist}/index.js`);
const { clockSleep, realClock } = require(`${dist}/cache/index.js`);
const { newDelayingQueue, newRateLimitingQueue, ItemExponentialFailureRateLimiter } = require(`${dist}/workqueue/index.js`);
const { LeaderElector, LeaseLock, leaseResource } = require(`${dist}/leaderelection/index.js`);
const { Fake } = require(`${dist}/testing/index.js`);
const { noopLogger } = require(`${dist}/controller/index.js`);

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
  "leader election retrying until another holder's lease expires": async () => {
    // an in-memory Lease held by another candidate, renewed just now: only the elector's retry sleeps are pending
    const leases = new Fake().client(leaseResource, 'kube-system');
    const now = new Date().toISOString().replace('Z', '000Z');
    await leases.create({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'op', namespace: 'kube-system' },
      spec: { holderIdentity: 'other', leaseDurationSeconds: 1, acquireTime: now, renewTime: now, leaseTransitions: 0 },
    });
    const stop = new AbortController();
    let tries = 0;
    const lock = new LeaseLock({ client: leases, namespace: 'kube-system', name: 'op', identity: 'me' });
    const get = lock.get.bind(lock);
    lock.get = (signal) => { tries++; return get(signal); };
    const leading = new Promise((resolve) => {
      const elector = new LeaderElector({
        lock,
        leaseDurationMs: 1000,
        renewDeadlineMs: 600,
        retryPeriodMs: 200,
        logger: noopLogger,
        callbacks: { onStartedLeading: () => { resolve(elector.getLeader()); stop.abort(); }, onStoppedLeading: () => undefined },
      });
      void elector.run(stop.signal);
    });
    const leader = await leading;
    return `${leader} after ${tries >= 3 ? '3 or more' : tries} tries`;
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
