'use strict';
/**
 * The floor of the controller benchmark's converge: the same writes without a controller — one list of the namespace's
 * CronTabs, then C (--concurrency) workers, each in turn creating an object's ConfigMap (labels, data, a controller
 * reference, as the reconcile does) and writing its status, through @kubegen/runtime's REST client with its default
 * transport. No informer, no queue, no reconcile: what is left is the apiserver and the transport, so a controller's
 * converge over the floor's is the controller's own share. Prints the kubegen child's `done` line (no
 * `reconciles` beyond N, no event loop figures) and runs until its standard input closes.
 */
const { loadFromDefault, createRestClient } = require('@kubegen/runtime');
const { args } = require('../informer/protocol');

async function main() {
  const a = args();
  const ns = a.namespace;
  const rest = createRestClient(await loadFromDefault({ kubeconfig: a.kubeconfig }));
  const list = await rest.request({ method: 'GET', path: `/apis/stable.example.com/v1/namespaces/${ns}/crontabs` });
  const items = list.items;
  const spent = { createOrUpdateMs: 0, createOrUpdates: 0, statusMs: 0, statuses: 0 };
  let next = 0;
  let writes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const worker = async () => {
    for (let ct = items[next++]; ct !== undefined; ct = items[next++]) {
      const name = ct.metadata.name;
      const t1 = performance.now();
      await rest.request({
        method: 'POST',
        path: `/api/v1/namespaces/${ns}/configmaps`,
        body: {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: {
            name,
            namespace: ns,
            labels: { 'app.kubernetes.io/managed-by': 'crontab-controller', crontab: name },
            ownerReferences: [{ apiVersion: 'stable.example.com/v1', kind: 'CronTab', name, uid: ct.metadata.uid, controller: true, blockOwnerDeletion: true }],
          },
          data: { schedule: ct.spec.schedule, image: ct.spec.image, replicas: String(ct.spec.replicas ?? 0) },
        },
      });
      const t2 = performance.now();
      spent.createOrUpdateMs += t2 - t1;
      spent.createOrUpdates++;
      delete ct.metadata.managedFields; // as the controller's cache drops them
      ct.status = { ...ct.status, lastScheduleTime: new Date(ct.metadata.creationTimestamp).toISOString().replace(/\.\d{3}Z$/, 'Z') };
      await rest.request({ method: 'PUT', path: `/apis/stable.example.com/v1/namespaces/${ns}/crontabs/${name}/status`, body: ct });
      spent.statusMs += performance.now() - t2;
      spent.statuses++;
      writes += 2;
    }
  };
  await Promise.all(Array.from({ length: Number(a.concurrency) }, worker));
  const cpu = process.cpuUsage();
  process.stdout.write(
    `${JSON.stringify({ event: 'done', ms: performance.now() - t0, reconciles: items.length, writes, cpuMs: (cpu.user + cpu.system) / 1000, cpuBeforeMs: (cpu0.user + cpu0.system) / 1000, ...spent })}\n`,
  );
  process.stdin.on('end', () => void rest.close()).resume();
}

main().catch((err) => {
  process.stderr.write(`controller floor child: ${err.stack ?? err}\n`);
  process.exit(1);
});
