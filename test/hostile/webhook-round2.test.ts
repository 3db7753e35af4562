/**
 * The webhook servers under the second adversarial pass (issue 23), over TLS:
 * - any value thrown by user code — a validator, a defaulter, a conversion — is logged and answered with an
 *   AdmissionReview denial / a Failure ConversionReview (HTTP 200), never a crash, never a bare 500 that
 *   `failurePolicy: Ignore` would turn into an admission (property (c), webhook half);
 * - six concurrent 7 MiB reviews are all answered (none 408): bodies are parsed in slices (item 5; the latency of
 *   `/healthz` meanwhile is measured by `npm run bench -- admission-large`, not here);
 * - TCP connections that never start TLS are closed after `requestTimeoutMs`, and at most `maxConnections` are open;
 * - certificate files that are a FIFO, `/dev/zero` behind a symlink, or too large are refused (at construction and
 *   on reload, the old pair kept), and `close()` still resolves.
 */
import * as fs from 'node:fs';
import { IncomingMessage } from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { MessageChannel } from 'node:worker_threads';
import fc from 'fast-check';
import { AdmissionServer, admissionKind, type AdmissionReview } from '../../runtime/src/webhook/admission';
import { ConversionWebhook, WebhookServer, type ConversionReview, type GroupConverters } from '../../runtime/src/webhook';
import { makeServingCertificates, writeServingCertificates } from '../../runtime/src/testing/certs';
import { Front, type FromFront, type ToFront } from '../../runtime/src/webhook/front';
import { textLogger } from '../../runtime/src/log';
import { newLogger } from '../../runtime/src/observe';
import { anyThrown, HOSTILE_THROWN, RUNS } from './thrown-values';
import { present } from '../unit/helpers/present';

/** A logger writing text lines (without their newline) into `lines`. */
const linesInto = (lines: string[]) => textLogger({ write: (l) => lines.push(l.slice(0, -1)) });

jest.setTimeout(120_000);

const KIND = admissionKind({ group: 'stable.example.com', version: 'v1', kind: 'CronTab' });
const certs = makeServingCertificates();

interface Reply {
  status: number;
  body: string;
}

function send(agent: https.Agent | false, port: number, urlPath: string, body: string | Buffer, method = 'POST'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port, method, path: urlPath, ca: certs.caCert, agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }); });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const review = (object: Record<string, unknown> = { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' }, spec: { replicas: 1 } }): string =>
  JSON.stringify({
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: { uid: 'u-1', kind: { group: 'stable.example.com', version: 'v1', kind: 'CronTab' }, resource: { group: 'stable.example.com', version: 'v1', resource: 'crontabs' }, operation: 'CREATE', userInfo: {}, object },
  });

const conversionReview = JSON.stringify({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'ConversionReview',
  request: { uid: 'c-1', desiredAPIVersion: 'stable.example.com/v2', objects: [{ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'c' } }] },
});

describe('a value thrown by user code is a logged denial or failed conversion (property (c))', () => {
  // what the handlers throw next
  let thrown: () => unknown = () => new Error('unset');
  const logged: string[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown): void => { unhandled.push(e); };
  const admission = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, logger: linesInto(logged) });
  admission.validator(KIND, { validateCreate() { throw thrown(); } });
  admission.defaulter(KIND, { default() { throw thrown(); } });
  // a raw handler whose answer cannot be used: a thrown value as its result
  admission.register('/raw', { sideEffects: 'None', handle: () => thrown() as never });
  const converters: GroupConverters = {
    group: 'stable.example.com',
    kinds: { CronTab: { hub: 'v1', versions: ['v1', 'v2'], spokes: { v2: { toHub: (o) => o, fromHub: () => { throw thrown(); } } } } },
  };
  const conversion = new ConversionWebhook({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, converters: [converters], logger: linesInto(logged) });
  const agent = new https.Agent({ keepAlive: true, maxSockets: 4 });
  let admissionPort = 0;
  let conversionPort = 0;

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    admissionPort = (await admission.listen()).port;
    conversionPort = (await conversion.listen()).port;
  });
  afterAll(async () => {
    agent.destroy();
    await admission.close();
    await conversion.close();
    process.off('unhandledRejection', onUnhandled);
  });

  /** Sends each review with `make` thrown; checks every answer is a 200 refusal and was logged. */
  async function check(make: () => unknown): Promise<void> {
    thrown = make;
    for (const [urlPath, wantCode] of [[KIND.validatePath, 403], [KIND.mutatePath, 500], ['/raw', 500]] as const) {
      const before = logged.length;
      const reply = await send(agent, admissionPort, urlPath, review());
      expect({ urlPath, status: reply.status }).toEqual({ urlPath, status: 200 });
      const response = present((JSON.parse(reply.body) as AdmissionReview).response, 'the response');
      expect(response).toMatchObject({ uid: 'u-1', allowed: false, status: { status: 'Failure', code: wantCode } });
      expect(typeof response.status?.message).toBe('string');
      // a validator's denial is the user's answer (not logged); a failure is logged, on one line
      if (wantCode === 500) {
        expect(logged.length).toBeGreaterThan(before);
        for (const line of logged.slice(before)) expect(line).not.toMatch(/[\r\n\u2028\u2029]/);
      }
    }
    const before = logged.length;
    const reply = await send(agent, conversionPort, '/convert', conversionReview);
    expect(reply.status).toBe(200);
    const response = present((JSON.parse(reply.body) as ConversionReview).response, 'the response');
    expect(response).toMatchObject({ uid: 'c-1', convertedObjects: [], result: { status: 'Failure' } });
    expect(response.result.message).toMatch(/^converting object 0 \(stable\.example\.com\/v1 CronTab c\) to stable\.example\.com\/v2: /);
    expect(logged.length).toBeGreaterThan(before);
    expect(unhandled).toEqual([]);
  }

  it.each(Object.entries(HOSTILE_THROWN))('%s', async (_name, make) => {
    await check(make);
  }, 30_000);

  it('a thrown Error keeps its message in the denial', async () => {
    thrown = () => new Error('spec.replicas is odd');
    const reply = await send(agent, admissionPort, KIND.validatePath, review());
    expect((JSON.parse(reply.body) as AdmissionReview).response?.status).toEqual({ status: 'Failure', code: 403, reason: 'Forbidden', message: 'spec.replicas is odd' });
  }, 30_000);

  it('any thrown value (property)', async () => {
    await fc.assert(fc.asyncProperty(anyThrown, (make) => check(make)), { numRuns: RUNS });
  }, 600_000);

  it('a handler whose answer cannot be encoded is a denial; a logger that throws crashes nothing', async () => {
    const server = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, logger: newLogger({ enabled: () => true, write: () => { throw { toString() { throw new Error('x'); } }; } }) });
    server.register('/bigint', { sideEffects: 'None', handle: () => ({ allowed: true, patch: [{ op: 'add', path: '/x', value: 1n }] }) });
    server.defaulter(KIND, { default(obj: Record<string, unknown>) { obj.cycle = obj; } });
    server.validator(KIND, { validateCreate() { throw Object.create(null); } });
    const { port } = await server.listen();
    try {
      for (const urlPath of ['/bigint', KIND.mutatePath, KIND.validatePath]) {
        const reply = await send(false, port, urlPath, review());
        expect(reply.status).toBe(200);
        expect((JSON.parse(reply.body) as AdmissionReview).response?.allowed).toBe(false);
      }
      expect(unhandled).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('large bodies', () => {
  it('takes in at most a budget of body bytes per turn: concurrent uploads are paused, resumed, and arrive whole', async () => {
    // the serving thread's server (runtime/src/webhook/front) driven in this thread over a MessageChannel, this test
    // playing the handler thread, so that its request's pause is observable
    const channel = new MessageChannel();
    const heartbeat = new SharedArrayBuffer(8);
    Atomics.store(new BigInt64Array(heartbeat), 0, process.hrtime.bigint());
    const sizes: number[] = [];
    const pause = jest.spyOn(IncomingMessage.prototype, 'pause');
    const front = new Front(
      { kubegenWebhookFront: true, cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5000, maxConnections: 100, maxRequestBytes: 7 * 1024 * 1024, routes: [KIND.validatePath], forwardProbes: false, heartbeat, stallThresholdMs: 60_000 },
      channel.port2,
    );
    const handler = channel.port1;
    const port = await new Promise<number>((resolve) => {
      handler.on('message', (m: FromFront) => {
        if (m.t === 'listening') resolve(m.address.port);
        if (m.t !== 'body') return;
        const obj = (JSON.parse(Buffer.from(m.body).toString('utf8')) as { request: { object: { spec: { items: unknown[] } } } }).request.object;
        sizes.push(obj.spec.items.length);
        handler.postMessage({ t: 'reply', id: m.id, status: 200, headers: { 'Content-Length': 2 }, body: 'ok' } satisfies ToFront);
      });
    });
    try {
      const bodies = [100_000, 150_000, 200_000].map((n) => review({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: `b${n}` }, spec: { items: Array.from({ length: n }, (_, i) => i) } }));
      const replies = await Promise.all(bodies.map((b) => send(false, port, KIND.validatePath, b)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(sizes.sort((a, b) => a - b)).toEqual([100_000, 150_000, 200_000]);
      // 2.5 MiB in all cannot be taken in within one turn's budget: some request was paused (and resumed, or it
      // would not have been answered)
      expect(pause.mock.calls.length).toBeGreaterThan(0);
    } finally {
      pause.mockRestore();
      front.server.closeAllConnections();
      await new Promise((resolve) => front.server.close(resolve));
      channel.port1.close();
    }
  }, 120_000);

  it('answers six concurrent 7 MiB reviews, none with 408', async () => {
    const server = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, requestTimeoutMs: 10_000, handlerTimeoutMs: 600_000 });
    let validated = 0;
    server.validator<{ spec?: { items?: unknown[] } }>(KIND, {
      validateCreate(obj) {
        validated++;
        if ((obj.spec?.items?.length ?? 0) === 0) throw new Error('no items');
      },
    });
    const { port } = await server.listen();
    try {
      // ~7 MiB of small arrays and objects: seconds of CPU each for JSON.parse and the depth walk on a busy machine
      const unit = '{"a":[]}';
      const head = review({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'big' }, spec: { items: [] } });
      const count = Math.floor((7 * 1024 * 1024 - head.length - 16) / (unit.length + 1));
      const body = Buffer.from(head.replace('"items":[]', `"items":[${Array(count).fill(unit).join(',')}]`));
      expect(body.length).toBeLessThanOrEqual(7 * 1024 * 1024);
      const replies = await Promise.all(Array.from({ length: 6 }, () => send(false, port, KIND.validatePath, body)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const r of replies) expect((JSON.parse(r.body) as AdmissionReview).response?.allowed).toBe(true);
      expect(validated).toBe(6);
    } finally {
      await server.close();
    }
  }, 600_000);

  it('serves a small review that arrives while a 7 MiB one is being parsed before that one is done', async () => {
    // ordering, not timing: a server that parses in one go handles nothing between the large body's end and its
    // validation, so the small review (sent once the large body is out) is validated after it
    const server = new AdmissionServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, handlerTimeoutMs: 600_000 });
    const order: string[] = [];
    server.validator<{ metadata?: { name?: string } }>(KIND, { validateCreate(obj) { order.push(obj.metadata?.name ?? ''); } });
    const { port } = await server.listen();
    try {
      const unit = '{"a":[]}';
      const head = review({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'large' }, spec: { items: [] } });
      const count = Math.floor((7 * 1024 * 1024 - head.length - 16) / (unit.length + 1));
      const body = Buffer.from(head.replace('"items":[]', `"items":[${Array(count).fill(unit).join(',')}]`));
      const small = await new Promise<Reply>((resolve, reject) => {
        const req = https.request({ host: '127.0.0.1', port, method: 'POST', path: KIND.validatePath, ca: certs.caCert, agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
          res.resume();
        });
        req.on('error', reject);
        req.on('finish', () => {
          resolve(send(false, port, KIND.validatePath, review({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'small' } })));
        });
        req.end(body);
      });
      expect(small.status).toBe(200);
      while (order.length < 2) await new Promise((r) => setTimeout(r, 50));
      expect(order).toEqual(['small', 'large']);
    } finally {
      await server.close();
    }
  }, 600_000);
});

/** Opens `n` TCP connections that never send a byte; resolves once all are connected. */
async function silentConnections(port: number, n: number): Promise<{ sockets: net.Socket[]; closed: () => number; allClosed: Promise<void> }> {
  const sockets: net.Socket[] = [];
  let closed = 0;
  let allClosedResolve!: () => void;
  const allClosed = new Promise<void>((resolve) => (allClosedResolve = resolve));
  await Promise.all(
    Array.from({ length: n }, () =>
      new Promise<void>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => { resolve(); });
        s.on('error', () => { /* reset by the server: counted by close */ });
        s.once('close', () => {
          if (++closed === n) allClosedResolve();
          resolve();
        });
        s.once('error', reject);
        sockets.push(s);
      }),
    ),
  );
  return { sockets, closed: () => closed, allClosed };
}

describe('connections', () => {
  it('closes a connection that never starts TLS after requestTimeoutMs (Node: 120 s)', async () => {
    const server = new WebhookServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, requestTimeoutMs: 1000 });
    const { port } = await server.listen();
    try {
      const silent = await silentConnections(port, 20);
      // the jest timeout (60 s) is well under Node's 120 s handshake timeout
      await silent.allClosed;
      expect(silent.closed()).toBe(20);
      expect((await send(false, port, '/healthz', '', 'GET')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('keeps at most maxConnections open, closing further ones as they come', async () => {
    const logged: string[] = [];
    const server = new WebhookServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0, maxConnections: 20, logger: linesInto(logged) });
    const { port } = await server.listen();
    try {
      const held = await silentConnections(port, 20);
      const extra = await silentConnections(port, 10);
      await extra.allClosed;
      expect(extra.closed()).toBe(10);
      expect(held.closed()).toBe(0);
      expect(logged.some((l) => l.endsWith('\trefused connections: too many are open\t{"maxConnections":20}'))).toBe(true);
      for (const s of held.sockets) s.destroy();
      await held.allClosed;
      // once they are gone, the server serves again
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = await send(false, port, '/healthz', '', 'GET').then((r) => r.status, () => 0);
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('defaults to 1024 connections', async () => {
    const server = new WebhookServer({ cert: certs.cert, key: certs.key, host: '127.0.0.1', port: 0 });
    await server.listen();
    try {
      // what the serving thread reported once listening
      expect((server as unknown as { serving: { maxConnections: number } }).serving.maxConnections).toBe(1024);
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe('durations (a Node timer past 2^31 - 1 ms fires every millisecond)', () => {
  it.each(['certPollIntervalMs', 'closeTimeoutMs', 'requestTimeoutMs', 'handlerTimeoutMs', 'keepAliveTimeoutMs'])('%s past a timer\'s range, below 1 ms or not whole is refused when the server is made', (key) => {
    for (const bad of [2 ** 31, 2 ** 40, Infinity, 0, -1, 1.5, NaN]) {
      expect(() => new WebhookServer({ cert: certs.cert, key: certs.key, [key]: bad })).toThrow(`webhook server: ${key} must be a whole number of milliseconds from 1 to 2147483647, not ${String(bad)}`);
    }
    expect(() => new WebhookServer({ cert: certs.cert, key: certs.key, [key]: 2 ** 31 - 1 })).not.toThrow();
  });
});

describe('certificate files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-webhook-certs-'));
  const files = writeServingCertificates(dir, certs);
  const fifo = path.join(dir, 'fifo.crt');
  const big = path.join(dir, 'big.crt');
  const zero = path.join(dir, 'zero.crt');

  beforeAll(() => {
    execFileSync('mkfifo', [fifo]);
    fs.symlinkSync('/dev/zero', zero);
    fs.writeFileSync(big, Buffer.concat([fs.readFileSync(files.certFile), Buffer.alloc(2 * 1024 * 1024, 0x0a)]));
  });
  afterAll(() => {
    // release a reader that would still be waiting on the FIFO (a regression): open its write end and close it
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // no reader: nothing to release
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a FIFO', fifo, 'is not a regular file (it is a FIFO)'],
    ['a symlink to /dev/zero', zero, 'is not a regular file (it is a character device)'],
    ['a file over 1 MiB', big, 'is larger than 1048576 bytes'],
    ['a directory', dir, 'is not a regular file (it is a directory)'],
  ])('refuses %s at construction', (_name, file, says) => {
    expect(() => new WebhookServer({ certFile: file, keyFile: files.keyFile, port: 0 })).toThrow(`${file} ${says}`);
  });

  it.each([
    ['a FIFO', fifo, 'is not a regular file (it is a FIFO)'],
    ['a symlink to /dev/zero', zero, 'is not a regular file (it is a character device)'],
    ['a file over 1 MiB', big, 'is larger than 1048576 bytes'],
  ])('keeps the old pair when tls.crt becomes %s, and close() resolves', async (_name, file, says) => {
    const certFile = path.join(dir, `tls-${path.basename(file)}`);
    fs.copyFileSync(files.certFile, certFile);
    const events: Array<{ loaded: boolean; error?: string }> = [];
    const server = new WebhookServer({ certFile, keyFile: files.keyFile, host: '127.0.0.1', port: 0, certPollIntervalMs: 3_600_000, onCertificate: (e) => events.push(e) });
    const { port } = await server.listen();
    try {
      fs.rmSync(certFile);
      fs.symlinkSync(file, certFile);
      await server.reloadCertificate();
      expect(events.at(-1)).toEqual({ loaded: false, error: `reading the serving certificate: ${certFile} ${says}` });
      expect((await send(false, port, '/healthz', '', 'GET')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 30_000);
});
