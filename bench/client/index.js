'use strict';
/**
 * Client benchmark: the same create/get/update/list/delete loop against one real control plane, in one run, with
 *   - kubegen's typed client (what generated clientsets bind: @kubegen/runtime's TypedClient),
 *   - @kubernetes/client-node's CustomObjectsApi,
 *   - k8s.io/client-go's dynamic client (a small Go program, bench/client/go, built into a temp dir).
 * Rounds alternate between the clients; each client's throughput is the median over rounds. Prints ops/s and the
 * ratios, ending with `RESULT client ops_per_s=<kubegen> ratio=<kubegen/client-go> goal=0.9` (the goal against
 * client-node is ratio ≥ 1, printed on its own line).
 *
 * Environment: BENCH_CLIENT_N (iterations per round, default 200), BENCH_CLIENT_ROUNDS (default 5).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const runtime = require(path.join(root, 'runtime', 'dist', 'index.js'));
const testing = require(path.join(root, 'runtime', 'dist', 'testing', 'index.js'));
const { generateCrdFiles } = require(path.join(root, 'dist', 'generator', 'pipeline.js'));
const k8s = require('@kubernetes/client-node');
const { parse } = require('yaml');

const N = Number(process.env.BENCH_CLIENT_N ?? 200);
const ROUNDS = Number(process.env.BENCH_CLIENT_ROUNDS ?? 5);
const GROUP = 'bench.kubegen.io';
const API = `
import type { ListMeta, ObjectMeta, TypeMeta, int32 } from '@kubegen/runtime';
/**
 * +genclient
 * +kubebuilder:object:root=true
 */
export interface Sample extends TypeMeta {
  metadata?: ObjectMeta;
  spec: SampleSpec;
}
/** +kubebuilder:object:root=true */
export interface SampleList extends TypeMeta {
  metadata?: ListMeta;
  items: Sample[];
}
export interface SampleSpec {
  size: int32;
  owner?: string;
}
`;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function sampleObject(prefix, i) {
  return { apiVersion: `${GROUP}/v1`, kind: 'Sample', metadata: { name: `${prefix}-${i}` }, spec: { size: i, owner: 'bench' } };
}

async function kubegenLoop(client, prefix) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const name = `${prefix}-${i}`;
    await client.create(sampleObject(prefix, i));
    const got = await client.get(name);
    got.spec.size = i + 1;
    await client.update(got);
    await client.list();
    await client.delete(name);
  }
  return (N * 5) / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function clientNodeLoop(api, namespace, prefix) {
  const base = { group: GROUP, version: 'v1', namespace, plural: 'samples' };
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const name = `${prefix}-${i}`;
    await api.createNamespacedCustomObject({ ...base, body: sampleObject(prefix, i) });
    const got = await api.getNamespacedCustomObject({ ...base, name });
    got.spec.size = i + 1;
    await api.replaceNamespacedCustomObject({ ...base, name, body: got });
    await api.listNamespacedCustomObject(base);
    await api.deleteNamespacedCustomObject({ ...base, name });
  }
  return (N * 5) / (Number(process.hrtime.bigint() - start) / 1e9);
}

function goLoop(binary, kubeconfigPath, namespace, prefix) {
  const r = spawnSync(
    binary,
    [`-kubeconfig=${kubeconfigPath}`, `-namespace=${namespace}`, `-group=${GROUP}`, '-version=v1', '-resource=samples', '-kind=Sample', `-n=${N}`, `-prefix=${prefix}`],
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

    const apis = path.join(workDir, 'apis', GROUP, 'v1');
    fs.mkdirSync(apis, { recursive: true });
    fs.writeFileSync(path.join(apis, 'doc.ts'), `// +groupName=${GROUP}\n`);
    fs.writeFileSync(path.join(apis, 'sample.ts'), API);
    const crd = parse(generateCrdFiles(path.join(workDir, 'apis'))[0].contents);

    const config = runtime.fromOptions({ server: cp.url, ca: cp.ca, token: cp.token });
    const rest = runtime.createRestClient(config);
    await rest.request({ method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd });
    await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'bench' } } });
    const descriptor = { group: GROUP, version: 'v1', resource: 'samples', kind: 'Sample', namespaced: true };
    const client = new runtime.TypedClient(rest, descriptor, 'bench');
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
    const saved = N;
    await kubegenLoop(client, 'warm-kubegen');
    await clientNodeLoop(api, 'bench', 'warm-node');
    goLoop(goBinary, cp.kubeconfigPath, 'bench', 'warm-go');
    void saved;

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
    console.log(`  kubegen typed client     ${kg.toFixed(0)} ops/s`);
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
