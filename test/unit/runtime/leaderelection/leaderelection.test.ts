/**
 * Leader election over a fake Lease client with an injected clock: client-go's validation messages, acquire,
 * renew, expiry measured on the local clock from the observed time, a released lease taken at once, release on
 * cancel, loss at the renew deadline, callbacks.
 */
import { FakeClock } from '../../../../runtime/src/clock/clock';
import { noopLogger } from '../../../../runtime/src/log';
import { LeaderElector, validateLeaderElectionConfig, type LeaderElectionConfig } from '../../../../runtime/src/leaderelection/leaderelection';
import { formatMicroTime, leaseResource, parseTime, type Lease, type LeaseList } from '../../../../runtime/src/leaderelection/lease';
import { LeaseLock, type ResourceLock } from '../../../../runtime/src/leaderelection/resourcelock';
import { Fake } from '../../../../runtime/src/testing/fake';
import { settle, until } from '../../helpers/operator';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);

function setup() {
  const clock = new FakeClock(T0);
  const fake = new Fake({ clock: () => new Date(clock.now()) });
  const leases = fake.client<Lease, LeaseList>(leaseResource, 'kube-system');
  return { clock, fake, leases };
}

interface Candidate {
  elector: LeaderElector;
  log: string[];
  leading: AbortSignal[];
  stop: AbortController;
  run: Promise<void>;
}

function candidate(
  env: ReturnType<typeof setup>,
  identity: string,
  extra: Partial<LeaderElectionConfig> = {},
): Candidate {
  const log: string[] = [];
  const leading: AbortSignal[] = [];
  const lock = new LeaseLock({ client: env.leases, namespace: 'kube-system', name: 'my-operator', identity });
  const elector = new LeaderElector({
    lock,
    leaseDurationMs: 15_000,
    renewDeadlineMs: 10_000,
    retryPeriodMs: 2_000,
    clock: env.clock,
    random: () => 0,
    logger: noopLogger,
    callbacks: {
      onStartedLeading: (signal) => {
        log.push(`started@${env.clock.now() - T0}`);
        leading.push(signal);
        signal.addEventListener('abort', () => log.push(`leading-signal-aborted@${env.clock.now() - T0}`));
      },
      onStoppedLeading: () => log.push(`stopped@${env.clock.now() - T0}`),
      onNewLeader: (id) => log.push(`new-leader:${id}`),
    },
    ...extra,
  });
  const stop = new AbortController();
  return { elector, log, leading, stop, run: elector.run(stop.signal) };
}

async function lease(env: ReturnType<typeof setup>): Promise<Lease> {
  return env.leases.get('my-operator');
}

/** Steps the clock `ms` in `step` increments, letting promises settle in between. */
async function advance(clock: FakeClock, ms: number, step = 500): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    clock.step(Math.min(step, ms - t));
    await settle();
  }
}

describe('config validation (client-go order and messages)', () => {
  const lock: ResourceLock = {
    get: async () => ({ record: { holderIdentity: '', leaseDurationSeconds: 0, acquireTime: undefined, renewTime: undefined, leaderTransitions: 0 }, raw: '' }),
    create: async () => undefined,
    update: async () => undefined,
    recordEvent: () => undefined,
    identity: () => 'me',
    describe: () => 'ns/l',
  };
  const callbacks = { onStartedLeading: () => undefined, onStoppedLeading: () => undefined };
  const ok = { lock, callbacks, leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };
  it.each([
    { given: { ...ok, leaseDurationMs: 10_000 }, want: 'leaseDuration must be greater than renewDeadline' },
    { given: { ...ok, retryPeriodMs: 9_000 }, want: 'renewDeadline must be greater than retryPeriod*JitterFactor' },
    { given: { ...ok, leaseDurationMs: 0, renewDeadlineMs: -2, retryPeriodMs: -5 }, want: 'leaseDuration must be greater than zero' },
    { given: { ...ok, renewDeadlineMs: 0, retryPeriodMs: -1 }, want: 'renewDeadline must be greater than zero' },
    { given: { ...ok, retryPeriodMs: 0 }, want: 'retryPeriod must be greater than zero' },
    { given: { ...ok, callbacks: { onStoppedLeading: () => undefined } }, want: 'OnStartedLeading callback must not be nil' },
    { given: { ...ok, callbacks: { onStartedLeading: () => undefined } }, want: 'OnStoppedLeading callback must not be nil' },
    { given: { ...ok, lock: undefined }, want: 'Lock must not be nil.' },
    { given: { ...ok, lock: { ...lock, identity: () => '' } }, want: 'Lock identity is empty' },
  ])('$want', ({ given, want }) => {
    expect(() => validateLeaderElectionConfig(given as Partial<LeaderElectionConfig>)).toThrow(want);
    expect(() => new LeaderElector(given as LeaderElectionConfig)).toThrow(want);
  });

  it('accepts a valid configuration', () => {
    expect(() => validateLeaderElectionConfig(ok)).not.toThrow();
  });
});

describe('MicroTime', () => {
  it.each([
    { given: T0, want: '2026-01-01T00:00:00.000000Z' },
    { given: T0 + 1234.5678, want: '2026-01-01T00:00:01.234567Z' },
  ])('$given → $want, and back', ({ given, want }) => {
    expect(formatMicroTime(given)).toBe(want);
    expect(Math.abs(parseTime(want)! - given)).toBeLessThan(0.001);
  });
});

describe('LeaderElector', () => {
  it('acquires a missing lease by creating it, then renews every retryPeriod keeping acquireTime', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.log.includes('started@0'));
    expect(a.elector.isLeader()).toBe(true);
    expect((await lease(env)).spec).toEqual({
      holderIdentity: 'a',
      leaseDurationSeconds: 15,
      acquireTime: '2026-01-01T00:00:00.000000Z',
      renewTime: '2026-01-01T00:00:00.000000Z',
      leaseTransitions: 0,
    });
    await advance(env.clock, 2_000);
    await settle();
    expect((await lease(env)).spec).toMatchObject({ holderIdentity: 'a', acquireTime: '2026-01-01T00:00:00.000000Z', renewTime: '2026-01-01T00:00:02.000000Z' });
    expect(a.log).toEqual(['new-leader:a', 'started@0']);
    a.stop.abort();
    await a.run;
  });

  it('respects a foreign lease until it expires on the LOCAL clock, whatever its remote renewTime says', async () => {
    const env = setup();
    // a holder whose renewTime is years in the past (a skewed clock): still valid for 15 s from when we first see it
    await env.leases.create({
      metadata: { name: 'my-operator', namespace: 'kube-system' },
      spec: { holderIdentity: 'x', leaseDurationSeconds: 15, acquireTime: '2000-01-01T00:00:00.000000Z', renewTime: '2000-01-01T00:00:00.000000Z', leaseTransitions: 3 },
    });
    const b = candidate(env, 'b');
    await until(() => b.log.includes('new-leader:x'));
    await advance(env.clock, 14_000);
    expect(b.elector.isLeader()).toBe(false);
    expect(b.log).toEqual(['new-leader:x']);
    // observed at 0: valid while 0 + 15 s > now; the retry at 16 s takes over
    await advance(env.clock, 2_000);
    await until(() => b.log.includes('started@16000'));
    expect((await lease(env)).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 4, acquireTime: '2026-01-01T00:00:16.000000Z' });
    expect(b.log).toEqual(['new-leader:x', 'new-leader:b', 'started@16000']);
    b.stop.abort();
    await b.run;
  });

  it('a renewal by the holder restarts the expiry clock of a waiting candidate', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.elector.isLeader());
    const b = candidate(env, 'b');
    await advance(env.clock, 30_000);
    expect(b.elector.isLeader()).toBe(false);
    expect(b.elector.getLeader()).toBe('a');
    // the holder dies without releasing: b waits a full lease duration after the last change it saw
    a.stop.abort();
    await a.run;
    const lastRenew = parseTime((await lease(env)).spec?.renewTime)! - T0;
    await advance(env.clock, 20_000);
    await until(() => b.elector.isLeader());
    const takeover = parseTime((await lease(env)).spec?.acquireTime)! - T0;
    expect(takeover - lastRenew).toBeGreaterThan(15_000);
    expect(takeover - lastRenew).toBeLessThanOrEqual(15_000 + 2 * 2_000);
    b.stop.abort();
    await b.run;
  });

  it('takes a released lease (empty holder) at once', async () => {
    const env = setup();
    await env.leases.create({
      metadata: { name: 'my-operator', namespace: 'kube-system' },
      spec: { holderIdentity: '', leaseDurationSeconds: 15, renewTime: formatMicroTime(T0), acquireTime: formatMicroTime(T0), leaseTransitions: 1 },
    });
    const b = candidate(env, 'b');
    await until(() => b.log.includes('started@0'));
    expect((await lease(env)).spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 2 });
    b.stop.abort();
    await b.run;
  });

  it('releases on cancel with releaseOnCancel: empty holder, 1 s, transitions kept; a successor takes over at once', async () => {
    const env = setup();
    const a = candidate(env, 'a', { releaseOnCancel: true });
    await until(() => a.elector.isLeader());
    const b = candidate(env, 'b');
    await settle();
    await advance(env.clock, 4_000);
    a.stop.abort();
    await a.run;
    expect(a.log).toEqual(['new-leader:a', 'started@0', 'leading-signal-aborted@4000', 'stopped@4000']);
    expect((await lease(env)).spec).toMatchObject({ holderIdentity: '', leaseDurationSeconds: 1, leaseTransitions: 0, renewTime: '2026-01-01T00:00:04.000000Z' });
    await advance(env.clock, 2_000);
    await until(() => b.elector.isLeader());
    expect(parseTime((await lease(env)).spec?.acquireTime)! - T0).toBe(6_000);
    b.stop.abort();
    await b.run;
  });

  it('without releaseOnCancel the lease stays held after stop', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.elector.isLeader());
    a.stop.abort();
    await a.run;
    expect((await lease(env)).spec?.holderIdentity).toBe('a');
  });

  it('loses leadership at the renew deadline when renewals hang, aborting the leading signal at once', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.elector.isLeader());
    // every later write hangs (a partitioned apiserver)
    env.fake.prependReactor('update', 'leases', () => new Promise(() => undefined));
    env.fake.prependReactor('get', 'leases', () => new Promise(() => undefined));
    await advance(env.clock, 2_000);
    expect(a.leading[0]!.aborted).toBe(false);
    await advance(env.clock, 9_500);
    expect(a.leading[0]!.aborted).toBe(false);
    await advance(env.clock, 500);
    await a.run;
    // the renewal started at 2 s; its deadline is 2 s + 10 s
    expect(a.log).toEqual(['new-leader:a', 'started@0', 'leading-signal-aborted@12000', 'stopped@12000']);
  });

  it('loses leadership when another candidate overwrote the lease (the optimistic update conflicts)', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.elector.isLeader());
    const current = await lease(env);
    await env.leases.update({ ...current, spec: { ...current.spec, holderIdentity: 'intruder', renewTime: formatMicroTime(T0 + 1) } });
    await advance(env.clock, 12_000);
    await a.run;
    expect(a.log.slice(0, 2)).toEqual(['new-leader:a', 'started@0']);
    expect(a.log).toContain('new-leader:intruder');
    expect(a.log[a.log.length - 1]).toBe('stopped@12000');
    expect(a.leading[0]!.aborted).toBe(true);
  });

  it('calls onStoppedLeading even when it never led', async () => {
    const env = setup();
    const a = candidate(env, 'a');
    await until(() => a.elector.isLeader());
    const b = candidate(env, 'b');
    await advance(env.clock, 4_000);
    b.stop.abort();
    await b.run;
    expect(b.log).toEqual(['new-leader:a', 'stopped@4000']);
    a.stop.abort();
    await a.run;
  });

  it('check() reports a leader that has not renewed for longer than the lease duration plus the tolerance', async () => {
    const env = setup();
    const a = candidate(env, 'a', { name: 'my-operator' });
    await until(() => a.elector.isLeader());
    expect(a.elector.check(0)).toBeUndefined();
    env.fake.prependReactor('update', 'leases', () => new Promise(() => undefined));
    await advance(env.clock, 6_000, 1_000);
    // last renewal observed at 0; 6 s later, with a tolerance of -10 s, the 15 s lease counts as overdue
    expect(a.elector.check(0)).toBeUndefined();
    expect(a.elector.check(-10_000)?.message).toBe('failed election to renew leadership on lease my-operator');
    a.stop.abort();
    await a.run;
  });
});
