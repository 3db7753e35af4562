'use strict';
/** Shared by the benchmarks that fill a control plane: a bounded pool, and a CRD's collection made ready to write. */

/** Runs `fn(i)` for i in [0, n) with `limit` in flight. */
async function pool(n, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < n) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, worker));
}

/**
 * Creates `crd` and the namespace through `rest` (a runtime RestClient), waits until the namespaced collection of
 * `group/version/plural` answers a list (the CRD is served), and returns the collection's path.
 */
async function installCollection(rest, crd, { group, version, plural, namespace }) {
  await rest.request({ method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd });
  await rest.request({ method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } } });
  const collection = `/apis/${group}/${version}/namespaces/${namespace}/${plural}`;
  for (let i = 0; ; i++) {
    try {
      await rest.request({ method: 'GET', path: collection, query: new URLSearchParams({ limit: '1' }) });
      return collection;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

module.exports = { pool, installCollection };
