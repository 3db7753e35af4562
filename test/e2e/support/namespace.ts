import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { loadConnection, type E2eConnection } from './connection';
import { Kube } from './kube';

/** What {@link useE2e} gives a test file once `beforeAll` has run. */
export interface E2eContext {
  readonly connection: E2eConnection;
  readonly kube: Kube;
  /** This file's own namespace, created before its tests and deleted after them. */
  readonly namespace: string;
}

/**
 * Connects a test file to the run's shared control plane and gives it its own namespace
 * (`e2e-<file name>-<random>`), created in `beforeAll` and deleted in `afterAll`. Call at the top level of a test
 * file; read the fields inside tests (they are set once `beforeAll` has run).
 */
export function useE2e(testFile: string): E2eContext {
  const context = {} as { connection: E2eConnection; kube: Kube; namespace: string };
  const base = path.basename(testFile).replace(/\.test\.ts$/, '').toLowerCase().replace(/[^a-z0-9-]+/g, '-').slice(0, 40);
  // the client beforeAll opened, if it got that far: afterAll cleans up only what exists
  let opened: Kube | undefined;
  beforeAll(async () => {
    context.connection = loadConnection();
    context.kube = opened = new Kube(context.connection);
    context.namespace = `e2e-${base}-${randomBytes(3).toString('hex')}`;
    const res = await context.kube.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: context.namespace } });
    if (res.status !== 201) throw new Error(`could not create namespace ${context.namespace}: ${res.status} ${JSON.stringify(res.body)}`);
  });
  afterAll(async () => {
    if (!opened) return;
    // No namespace controller runs, so the namespace stays Terminating; its objects go with the control plane.
    await opened.delete(`/api/v1/namespaces/${context.namespace}`);
    await opened.close();
  });
  return context;
}
