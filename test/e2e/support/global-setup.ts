import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { kubernetesVersionOf, resolveControlPlaneBinaries, startControlPlane, type ControlPlane } from '../../../runtime/src/testing';
import { CONNECTION_ENV, type E2eConnection } from './connection';
import { PACK_CACHE_ENV } from './shell';

/** Shared between globalSetup and globalTeardown, which jest runs in the same (parent) process. */
export interface E2eGlobalState {
  controlPlane: ControlPlane;
  runDir: string;
  connectionFile: string;
  /** The run's tarballs of the packed package directories (support/shell.ts `pack`). */
  packCache: string;
}

declare global {
  var __kubegenE2e: E2eGlobalState | undefined;
}

/**
 * Starts the one control plane of this jest run. Every control plane of the run (this one and any a test starts
 * itself) keeps its files under a fresh run directory, which globalTeardown checks is empty at the end.
 */
export default async function globalSetup(): Promise<void> {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kubegen-e2e-'));
  process.env.KUBEGEN_ENVTEST_TMPDIR = runDir;
  const log = (line: string) => process.stderr.write(`\n${line}`);
  const resolveStarted = Date.now();
  const binaries = await resolveControlPlaneBinaries({ log });
  const resolveMs = Date.now() - resolveStarted;
  // aggregation: the requestheader flags and a proxy client certificate, for the aggregated apiserver's e2e (harmless
  // to the rest: they only add an authenticator for front-proxy certificates nobody else presents)
  const controlPlane = await startControlPlane({ binaries, tmpDir: runDir, log, aggregation: true });
  log(
    `kubegen e2e: control plane ready at ${controlPlane.url} in ${(controlPlane.startupMs / 1000).toFixed(1)} s` +
      ` (binaries: ${binaries.source}${binaries.directory ? ` in ${binaries.directory}` : ''}, found in ${(resolveMs / 1000).toFixed(1)} s)\n`,
  );
  const connection: E2eConnection = {
    url: controlPlane.url,
    ca: controlPlane.ca,
    token: controlPlane.token,
    kubeconfigPath: controlPlane.kubeconfigPath,
    runDir,
    expectedVersion: binaries.source === 'environment' ? undefined : `v${kubernetesVersionOf({})}`,
    binariesSource: binaries.source,
  };
  const connectionFile = path.join(os.tmpdir(), `${path.basename(runDir)}.connection.json`);
  await fs.writeFile(connectionFile, JSON.stringify(connection, null, 2), { mode: 0o600 });
  process.env[CONNECTION_ENV] = connectionFile;
  const packCache = await fs.mkdtemp(path.join(os.tmpdir(), 'kubegen-e2e-packs-'));
  process.env[PACK_CACHE_ENV] = packCache;
  globalThis.__kubegenE2e = { controlPlane, runDir, connectionFile, packCache };
}
