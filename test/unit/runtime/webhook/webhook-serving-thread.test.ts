/**
 * The webhook server's serving thread (runtime/src/webhook/front, issue 23 item 5): the probes are answered by a
 * thread of their own, so a busy handler thread does not delay them, and a stuck one still fails them (a watchdog on
 * the handler thread's heartbeat). The handler thread is stalled for real here (`Atomics.wait`: its event loop does
 * not turn), and the probes come from a worker thread of the test, which reports through shared memory — no assertion
 * on wall-clock time other than the threshold itself.
 */
import { newLogger, type LogRecord } from '../../../../runtime/src/observe/logger';
import * as https from 'node:https';
import { Worker } from 'node:worker_threads';
import { WebhookServer } from '../../../../runtime/src/webhook';
import { heartbeatAgeMs, stalledText } from '../../../../runtime/src/webhook/front';
import { makeServingCertificates } from '../../../../runtime/src/testing/certs';

jest.setTimeout(120_000);

const certs = makeServingCertificates({ hosts: ['127.0.0.1'] });

/**
 * A prober in a worker thread: waits for the go in `flag[1]` (stored by the test thread right before it blocks), then
 * GETs `path` on a new TLS connection every 50 ms until an answer's status is `until` (or any answer, when `until` is
 * 0), then stores that status in `flag[0]`, wakes the waiter, and posts the answer. Without the go, a busy machine
 * could let the prober finish before the test thread blocked, and the answer would prove nothing.
 */
const PROBER = `
const https = require('node:https');
const { parentPort, workerData } = require('node:worker_threads');
const { port, ca, path, until, flag } = workerData;
const cell = new Int32Array(flag);
Atomics.wait(cell, 1, 0);
const get = () => new Promise((resolve) => {
  const req = https.request({ host: '127.0.0.1', port, path, ca, agent: false }, (res) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (d) => { body += d; });
    res.on('end', () => resolve({ status: res.statusCode, body }));
  });
  req.on('error', (e) => resolve({ status: -1, body: e.message }));
  req.end();
});
(async () => {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await get();
    if (until === 0 || answer.status === until) {
      parentPort.postMessage(answer);
      Atomics.store(cell, 0, answer.status);
      Atomics.notify(cell, 0);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  Atomics.store(cell, 0, -2);
  Atomics.notify(cell, 0);
})();
`;

/**
 * Starts a prober, then blocks this thread (its event loop does not turn) until the prober reports, at most 60 s.
 * Returns the answer the prober posted (read once this thread runs again) and whether it came while blocked.
 */
async function probeWhileStalled(port: number, path: string, until: number): Promise<{ status: number; body: string; cameWhileStalled: boolean }> {
  const flag = new SharedArrayBuffer(8);
  const cell = new Int32Array(flag);
  const prober = new Worker(PROBER, { eval: true, workerData: { port, ca: certs.caCert, path, until, flag } });
  const posted = new Promise<{ status: number; body: string }>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  try {
    await new Promise<void>((resolve) => prober.once('online', () => { resolve(); }));
    // from the go on, stalled: no timer, no message, no I/O callback of this thread runs until the prober has its
    // answer ('not-equal' when the answer came between the go and the wait, still without a turn of this loop)
    Atomics.store(cell, 1, 1);
    Atomics.notify(cell, 1);
    const woke = Atomics.wait(cell, 0, 0, 60_000);
    const answer = await posted;
    return { ...answer, cameWhileStalled: woke !== 'timed-out' && Atomics.load(cell, 0) === answer.status };
  } finally {
    await prober.terminate();
  }
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, path, ca: certs.caCert, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { body += d; });
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, body }); });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the probes, answered by the serving thread', () => {
  it('answers /healthz while the handler thread is busy (stalled, under the threshold)', async () => {
    const server = new WebhookServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, stallThresholdMs: 60_000 });
    const { port } = await server.listen();
    try {
      const answer = await probeWhileStalled(port, '/healthz', 0);
      expect(answer).toEqual({ status: 200, body: 'ok\n', cameWhileStalled: true });
    } finally {
      await server.close();
    }
  });

  it('fails /healthz honestly when the handler thread is stalled beyond the threshold, and recovers', async () => {
    const logged: LogRecord[] = [];
    const logger = newLogger({ enabled: () => true, write: (r) => { logged.push(r); } });
    const server = new WebhookServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, stallThresholdMs: 300, logger });
    const { port } = await server.listen();
    try {
      expect((await get(port, '/readyz')).status).toBe(200);
      const answer = await probeWhileStalled(port, '/healthz', 500);
      expect(answer.cameWhileStalled).toBe(true);
      expect(answer.status).toBe(500);
      const age = /has not turned for (\d+) ms \(threshold 300 ms\)\n$/.exec(answer.body);
      expect(age).not.toBeNull();
      // older than the threshold, shown rounded to the millisecond (300.4 ms reads 300)
      expect(Number(age?.[1])).toBeGreaterThanOrEqual(300);
      // once the loop turns again, so does the heartbeat
      let status = 0;
      for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await get(port, '/healthz')).status;
      }
      expect(status).toBe(200);
      expect(logged.some((r) => r.msg === 'answered an error' && r.fields.status === 500 && String(r.fields.answer).startsWith("the handler thread's event loop has not turned for"))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('forwards probes to the handler thread when it has checks, and fails them when it is stalled beyond the threshold', async () => {
    const asked: string[] = [];
    const server = new WebhookServer({
      cert: certs.cert,
      key: certs.key,
      host: '127.0.0.1',
      port: 0,
      stallThresholdMs: 300,
      probes: (p, q) => {
        asked.push(`${p}?${q.toString()}`);
        return Promise.resolve(p === '/livez' ? { status: 200, body: 'live\n' } : undefined);
      },
    });
    const { port } = await server.listen();
    try {
      expect(await get(port, '/livez?verbose')).toEqual({ status: 200, body: 'live\n' });
      expect(await get(port, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
      expect((await get(port, '/nothing')).status).toBe(404);
      expect(asked).toEqual(['/livez?verbose=', '/healthz?', '/nothing?']);
      // a stalled handler thread cannot answer a forwarded probe: the serving thread does, with a 500
      const answer = await probeWhileStalled(port, '/livez', 500);
      expect(answer.cameWhileStalled).toBe(true);
      expect(answer.body).toMatch(/has not turned for \d+ ms \(threshold 300 ms\)/);
    } finally {
      await server.close();
    }
  });
});

describe('heartbeat', () => {
  it('is as old as the clock says since the last beat (injected clock)', () => {
    const beat = new BigInt64Array(new SharedArrayBuffer(8));
    Atomics.store(beat, 0, 5_000_000_000n);
    expect(heartbeatAgeMs(beat, 5_000_000_000n)).toBe(0);
    expect(heartbeatAgeMs(beat, 5_250_500_000n)).toBe(250.5);
    expect(heartbeatAgeMs(beat, 6_000_000_000n)).toBe(1000);
    expect(stalledText(1000.4, 300)).toBe("the handler thread's event loop has not turned for 1000 ms (threshold 300 ms)\n");
  });

  it('is refused out of range as the other durations', () => {
    expect(() => new WebhookServer({ cert: certs.cert, key: certs.key, stallThresholdMs: 0 })).toThrow(/stallThresholdMs must be a whole number of milliseconds/);
  });
});
