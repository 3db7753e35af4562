import * as fs from 'node:fs';

/** The environment variable through which globalSetup tells test files where {@link E2eConnection} is written. */
export const CONNECTION_ENV = 'KUBEGEN_E2E_CONNECTION';

/** What globalSetup writes for the test files: how to reach the run's shared control plane. */
export interface E2eConnection {
  url: string;
  /** PEM of the serving CA. */
  ca: string;
  token: string;
  kubeconfigPath: string;
  /** The directory every control plane of this run keeps its temporary files in (checked empty at the end). */
  runDir: string;
  /** The Kubernetes version the binaries were built for, when kubegen built them (else undefined). */
  expectedVersion: string | undefined;
  binariesSource: string;
}

/** Reads the connection written by globalSetup; fails with a hint when the e2e project's globalSetup did not run. */
export function loadConnection(): E2eConnection {
  const file = process.env[CONNECTION_ENV];
  if (!file) {
    throw new Error(`${CONNECTION_ENV} is not set: run e2e tests through jest's e2e project (npx jest --selectProjects e2e)`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as E2eConnection;
}
