import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { runEnvtestBuild, runEnvtestStart, type EnvtestIo } from '../../generator/cli/envtest';
import { isAlive, type Kubeconfig } from '../../runtime/src/testing';
import { Kube } from './support/kube';
import { present } from '../unit/helpers/present';

function capture(): EnvtestIo & { text: () => string } {
  let out = '';
  return { out: (s) => void (out += s), err: () => undefined, text: () => out };
}

/** The command line of the live kube-apiserver serving on `port`. */
function apiServerArgs(port: string): string[] {
  for (const p of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const args = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--secure-port=${port}`)) return args;
    } catch {
      // exited meanwhile
    }
  }
  return [];
}

describe('kubegen envtest', () => {
  test('build prints where kube-apiserver and etcd are', async () => {
    const io = capture();
    const binaries = await runEnvtestBuild({ io });
    expect(io.text()).toContain(`kube-apiserver: ${binaries.kubeApiServer}\netcd: ${binaries.etcd}\n`);
    expect(fs.existsSync(binaries.kubeApiServer)).toBe(true);
  });

  test('start writes the kubeconfig and CA, prints one ready line, serves (with --aggregation: the requestheader flags), and stops cleanly when aborted', async () => {
    const dir = fs.mkdtempSync(path.join(process.env.KUBEGEN_ENVTEST_TMPDIR as string, 'cli-'));
    const kubeconfig = path.join(dir, 'kubeconfig');
    const caFile = path.join(dir, 'ca.crt');
    const io = capture();
    const controller = new AbortController();
    const running = runEnvtestStart({ kubeconfig, caFile, io, signal: controller.signal, aggregation: true });
    let port = '';
    try {
      while (!io.text().includes('\n')) await new Promise((r) => setTimeout(r, 100));
      expect(io.text()).toMatch(/^kubegen envtest: ready at https:\/\/127\.0\.0\.1:\d+ in [\d.]+ s; kubeconfig .*; stop with Ctrl-C\n$/);
      port = present(/127\.0\.0\.1:(\d+)/.exec(io.text())?.[1], 'the port in the ready line');
      const config = parse(fs.readFileSync(kubeconfig, 'utf8')) as Kubeconfig;
      const server = present(config.clusters[0], 'the cluster in the kubeconfig').cluster.server;
      const token = present(config.users[0], 'the user in the kubeconfig').user.token;
      const kube = new Kube({ url: server, ca: fs.readFileSync(caFile, 'utf8'), token });
      const version = await kube.get<{ gitVersion: string }>('/version');
      expect(version.status).toBe(200);
      expect(version.body.gitVersion).toMatch(/^v1\.\d+\.\d+/);
      await kube.close();
      const args = apiServerArgs(port);
      expect(args.filter((a) => /^--(requestheader|proxy-client)-/.test(a)).map((a) => a.replace(/=\/.*\//, '=…/'))).toEqual([
        '--requestheader-client-ca-file=…/front-proxy-ca.crt',
        '--requestheader-allowed-names=front-proxy-client',
        '--requestheader-username-headers=X-Remote-User',
        '--requestheader-group-headers=X-Remote-Group',
        '--requestheader-extra-headers-prefix=X-Remote-Extra-',
        '--proxy-client-cert-file=…/front-proxy-client.crt',
        '--proxy-client-key-file=…/front-proxy-client.key',
      ]);
    } finally {
      controller.abort();
      await running;
    }
    const pids = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`--secure-port=${port}`) && isAlive(Number(p));
        } catch {
          return false;
        }
      });
    expect(port).not.toBe('');
    expect(pids).toEqual([]); // kube-apiserver (and with it the control plane) is gone
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
