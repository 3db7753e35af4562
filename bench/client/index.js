'use strict';
/**
 * Client benchmark: the same create/get/update/list/delete loop against one real control plane, in one run, with
 *   - kubegen's generated client: the committed `generated/stable.example.com` package's clientset (CronTab v1),
 *   - @kubernetes/client-node's CustomObjectsApi,
 *   - k8s.io/client-go's dynamic client (a small Go program, bench/client/go, built into a temp dir).
 * Rounds alternate between the clients; each client's throughput is the median over rounds. Prints ops/s and the
 * ratios, ending with `RESULT client ops_per_s=<kubegen> ratio=<kubegen/client-go> goal=0.9` (the goal against
 * client-node is ratio ≥ 1, printed on its own line).
 *
 * Environment: BENCH_CLIENT_N (iterations per round, default 200), BENCH_CLIENT_ROUNDS (default 5),
 * BENCH_CLIENT_H2=1 (let undici negotiate HTTP/2, as client-go does), BENCH_CLIENT_CPU=1 (print the kubegen client's
 * own CPU time per request: on 2 cores the client competes with the apiserver and etcd for CPU).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { median } = require('../stats');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));
const k8s = require('@kubernetes/client-node');
const { parse } = require('yaml');

const N = Number(process.env.BENCH_CLIENT_N ?? 200);
const ROUNDS = Number(process.env.BENCH_CLIENT_ROUNDS ?? 5);
const GROUP = 'stable.example.com';
const PLURAL = 'crontabs';
const KIND = 'CronTab';
const generatedPackage = path.join(root, 'generated', GROUP);

function sampleObject(prefix, i) {
  return { apiVersion: `${GROUP}/v1`, kind: KIND, metadata: { name: `${prefix}-${i}` }, spec: { schedule: '*/5 * * * *', image: 'busybox', replicas: i + 1 } };
}

async function kubegenLoop(client, prefix) {
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const name = `${prefix}-${i}`;
    await client.create(sampleObject(prefix, i));
    const got = await client.get(name);
    got.spec.replicas = i + 2;
    await client.update(got);
    await client.list();
    await client.delete(name);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  if (process.env.BENCH_CLIENT_CPU) console.log(`kubegen client CPU ${((cpu.user + cpu.system) / 1000 / (N * 5)).toFixed(3)} ms/op, wall ${((seconds * 1000) / (N * 5)).toFixed(3)} ms/op`);
  return (N * 5) / seconds;
}

async function clientNodeLoop(api, namespace, prefix) {
  const base = { group: GROUP, version: 'v1', namespace, plural: PLURAL };
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const name = `${prefix}-${i}`;
    await api.createNamespacedCustomObject({ ...base, body: sampleObject(prefix, i) });
    const got = await api.getNamespacedCustomObject({ ...base, name });
    got.spec.replicas = i + 2;
    await api.replaceNamespacedCustomObject({ ...base, name, body: got });
    await api.listNamespacedCustomObject(base);
    await api.deleteNamespacedCustomObject({ ...base, name });
  }
  return (N * 5) / (Number(process.hrtime.bigint() - start) / 1e9);
}

function goLoop(binary, kubeconfigPath, namespace, prefix) {
  const r = spawnSync(
    binary,
    [`-kubeconfig=${kubeconfigPath}`, `-namespace=${namespace}`, `-group=${GROUP}`, '-version=v1', `-resource=${PLURAL}`, `-kind=${KIND}`, `-n=${N}`, `-prefix=${prefix}`],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`client-go peer failed: ${r.stderr}`);
  const { ops, seconds } = JSON.parse(r.stdout.trim());
  return ops / seconds;
}

function buildGoPeer(workDir) {
  const out = path.join(workDir, 'client-bench');
  const t0 = Date.now();
  execFileSync('go', ['build', '-o', out, '.'], { cwd: path.join(__dirname, 'go'), stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, GOFLAGS: '-mod=mod' } });
  console.log(`built the client-go peer in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

async function main() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubegen-bench-client-'));
  let cp;
  try {
    const goBinary = buildGoPeer(workDir);
    cp = await testing.startControlPlane({ log: () => {} });
    console.log(`control plane ready in ${(cp.startupMs / 1000).toFixed(1)} s at ${cp.url}`);

    if (!fs.existsSync(path.join(generatedPackage, 'dist', 'index.js'))) throw new Error(`build the generated packages first (npm run build)`);
    const crd = parse(fs.readFileSync(path.join(generatedPackage, 'crds', `${GROUP}_${PLURAL}.yaml`), 'utf8'));
    const { StableClientset } = require(path.join(generatedPackage, 'dist', 'index.js'));

    const config = runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token });
    const rest = runtime.createRestClient(config, process.env.BENCH_CLIENT_H2 ? { transport: { allowH2: true } } : {});
    await rest.request({ method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd });
    await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'bench' } } });
    const client = new StableClientset(rest).stableV1().cronTabs('bench');
    for (let i = 0; ; i++) {
      try {
        await client.list();
        break;
      } catch (e) {
        if (i > 100) throw e;
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const kc = new k8s.KubeConfig();
    kc.loadFromFile(cp.kubeconfigPath);
    const api = kc.makeApiClient(k8s.CustomObjectsApi);

    // Warm-up: connections, JIT, apiserver caches.
    await kubegenLoop(client, 'warm-kubegen');
    await clientNodeLoop(api, 'bench', 'warm-node');
    goLoop(goBinary, cp.kubeconfigPath, 'bench', 'warm-go');

    const results = { kubegen: [], 'client-node': [], 'client-go': [] };
    for (let round = 0; round < ROUNDS; round++) {
      results.kubegen.push(await kubegenLoop(client, `kubegen-${round}`));
      results['client-node'].push(await clientNodeLoop(api, 'bench', `node-${round}`));
      results['client-go'].push(goLoop(goBinary, cp.kubeconfigPath, 'bench', `go-${round}`));
      console.log(
        `round ${round + 1}/${ROUNDS}: kubegen ${results.kubegen[round].toFixed(0)} ops/s, client-node ${results['client-node'][round].toFixed(0)} ops/s, client-go ${results['client-go'][round].toFixed(0)} ops/s`,
      );
    }
    await rest.close();
    const kg = median(results.kubegen);
    const node = median(results['client-node']);
    const go = median(results['client-go']);
    console.log(`median over ${ROUNDS} rounds of ${N} iterations (5 requests each):`);
    console.log(`  kubegen generated client ${kg.toFixed(0)} ops/s`);
    console.log(`  client-node CustomObjects ${node.toFixed(0)} ops/s   kubegen/client-node = ${(kg / node).toFixed(2)} (goal ≥ 1)`);
    console.log(`  client-go dynamic        ${go.toFixed(0)} ops/s   kubegen/client-go = ${(kg / go).toFixed(2)} (goal ≥ 0.9)`);
    console.log(`RESULT client ops_per_s=${kg.toFixed(0)} ratio=${(kg / go).toFixed(2)} goal=0.9`);
  } finally {
    if (cp) await cp.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
