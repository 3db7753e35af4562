import * as fs from 'node:fs';
import { isAlive, startControlPlane, type ControlPlane } from '../../runtime/src/testing';
import { Kube } from './support/kube';

/** The acceptance bound for a control plane start with warm caches (override for slow machines). */
const MAX_WARM_START_MS = Number(process.env.KUBEGEN_E2E_MAX_WARM_START_MS ?? 10_000);

function expectGone(cp: ControlPlane): void {
  for (const info of Object.values(cp.processes)) {
    expect(info.pid).toBeDefined();
    expect(isAlive(info.pid as number)).toBe(false);
  }
  expect(fs.existsSync(cp.rootDir)).toBe(false);
}

describe('startControlPlane / stop', () => {
  test(`starts warm in under ${MAX_WARM_START_MS / 1000} s, serves, and stop() leaves no process or directory`, async () => {
    const cp = await startControlPlane({ log: () => undefined });
    process.stderr.write(`kubegen e2e: warm control plane start took ${(cp.startupMs / 1000).toFixed(1)} s\n`);
    try {
      expect(cp.startupMs).toBeLessThan(MAX_WARM_START_MS);
      expect(cp.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const kube = new Kube(cp);
      const res = await kube.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'lifecycle' } });
      expect(res.status).toBe(201);
      await kube.close();
      expect(fs.existsSync(cp.kubeconfigPath)).toBe(true);
      cp.assertRunning();
      expect(cp.failure).toBeUndefined();
    } finally {
      await cp.stop();
    }
    expectGone(cp);
    await cp.stop(); // idempotent
  });

  test('a component that dies is reported on the handle, not hung on', async () => {
    const cp = await startControlPlane({ log: () => undefined, stopTimeoutMs: 5000 });
    try {
      process.kill(cp.processes.etcd.pid as number, 'SIGKILL');
      const exit = await cp.exited;
      expect(exit).toMatchObject({ name: 'etcd', signal: 'SIGKILL', requested: false });
      await new Promise((r) => setTimeout(r, 200)); // the failure message reads the log tail asynchronously
      expect(() => cp.assertRunning()).toThrow(/etcd \(pid \d+\) exited unexpectedly with signal SIGKILL/);
    } finally {
      await cp.stop();
    }
    expectGone(cp);
  });

  test('a start-up failure rejects with the component logs and removes everything', async () => {
    const before = fs.readdirSync(process.env.KUBEGEN_ENVTEST_TMPDIR as string);
    await expect(startControlPlane({ log: () => undefined, apiServerFlags: { 'no-such-flag': 'x' } })).rejects.toThrow(
      /kube-apiserver exited with code \d+[\s\S]*--- kube-apiserver[\s\S]*unknown flag: --no-such-flag/,
    );
    expect(fs.readdirSync(process.env.KUBEGEN_ENVTEST_TMPDIR as string)).toEqual(before);
  });

  test('an aborted start rejects with the abort reason and removes everything', async () => {
    const before = fs.readdirSync(process.env.KUBEGEN_ENVTEST_TMPDIR as string);
    const controller = new AbortController();
    const starting = startControlPlane({ log: () => undefined, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('test aborted the start')), 500);
    await expect(starting).rejects.toThrow('test aborted the start');
    expect(fs.readdirSync(process.env.KUBEGEN_ENVTEST_TMPDIR as string)).toEqual(before);
  });
});
