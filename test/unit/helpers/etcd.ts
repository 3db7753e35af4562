/**
 * A real etcd for the apiserver's tests, the one envtest builds (~/.cache/kubegen/envtest/k8s/<version>/etcd), on free
 * loopback ports with a temporary data directory; `stop()` ends it and removes the directory.
 */
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveControlPlaneBinaries } from '../../../runtime/src/testing/binaries';
import { freePorts } from '../../../runtime/src/testing/ports';
import { startProcess } from '../../../runtime/src/testing/process';
import type { APIServer } from '@kubegen/apiserver';
import { EtcdStorage } from '@kubegen/apiserver/storage';

export interface TestEtcd {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  stop(): Promise<void>;
}

export async function startTestEtcd(): Promise<TestEtcd> {
  const { etcd } = await resolveControlPlaneBinaries();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubegen-apiserver-etcd-'));
  const [clientPort, peerPort] = await freePorts(2);
  const endpoint = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  const proc = startProcess({
    name: 'etcd',
    binary: etcd,
    args: [
      '--name=default',
      `--data-dir=${path.join(dir, 'data')}`,
      `--listen-client-urls=${endpoint}`,
      `--advertise-client-urls=${endpoint}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=default=${peer}`,
      '--unsafe-no-fsync=true',
    ],
    logFile: path.join(dir, 'etcd.log'),
  });
  const stop = async () => {
    await proc.stop(5000);
    await fs.rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exit) {
      const log = await fs.readFile(path.join(dir, 'etcd.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`etcd exited before it was healthy:\n${log.slice(-2000)}`);
    }
    const healthy = await fetch(`${endpoint}/health`).then((r) => r.ok, () => false);
    if (healthy) return { endpoint, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('etcd not healthy after 60 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What {@link serveOverTestEtcd} gives a test file: read inside tests (set by its beforeAll). */
export interface ServedOverTestEtcd {
  /** The server's URL. */
  readonly base: string;
  readonly server: APIServer;
  readonly storage: EtcdStorage;
}

/**
 * An APIServer over a test etcd of the file's own: the etcd, its storage and `make(storage)`'s server started in a
 * beforeAll, and closed in the reverse order in an afterAll.
 */
export function serveOverTestEtcd(make: (storage: EtcdStorage) => APIServer): ServedOverTestEtcd {
  let etcd: TestEtcd | undefined;
  let storage: EtcdStorage | undefined;
  let server: APIServer | undefined;
  let base = '';
  beforeAll(async () => {
    etcd = await startTestEtcd();
    storage = new EtcdStorage({ endpoints: [etcd.endpoint] });
    server = make(storage);
    base = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
    await storage?.close();
    await etcd?.stop();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`serveOverTestEtcd: the ${what} is read before beforeAll started it`);
    return v;
  };
  return {
    get base() { return base; },
    get server() { return started(server, 'server'); },
    get storage() { return started(storage, 'storage'); },
  };
}
