/**
 * envtest's CRD installer (controller-runtime `pkg/envtest/crd.go`): install CustomResourceDefinitions into a
 * test control plane, wait until they serve, remove them on stop — so an integration test is three lines:
 *
 * ```ts
 * const cp = await startControlPlane();
 * const crds = await installCRDs(crdClientsFor(rest), { crdDirectoryPaths: ['config/crd'] });
 * // … test … then: await crds.uninstall(); await cp.stop();
 * ```
 *
 * Contract:
 * - `crdDirectoryPaths` (files or directories; directories are NOT recursed; `.json`, `.yaml`, `.yml`, several
 *   YAML documents per file) and `crds` (objects) are merged; documents that are not
 *   `apiextensions.k8s.io/v1` CustomResourceDefinitions are skipped; of two CRDs with the same name the last
 *   wins. A missing path is skipped unless `errorIfPathMissing` (then `<path> does not exist`). Malformed YAML or
 *   JSON is a one-line error `file:line:column: message`;
 * - each CRD is created, or updated when it exists (re-read and retried on conflicts);
 * - then every CRD is polled every `pollIntervalMs` (default 100 ms) for at most `maxTimeMs` (default 10 s)
 *   until it is `Established` and — when `discover` is given — every served version's discovery lists its
 *   plural (envtest checks only discovery; the issue asks for Established as well). Timeout: `timed out waiting
 *   for CRDs to be established: <names>`;
 * - `uninstall()` deletes them and waits (same polling) until they are gone.
 */

import { clockSleep, realClock, type Clock } from '../clock/clock';
import type { ResourceClient } from '../client/types';
import { customResourceDefinitionResource, readCrdFiles, type CustomResourceDefinition, type CustomResourceDefinitionList } from '../client/crds';
import { TypedClient } from '../client/typed';
import { isAlreadyExists, isConflict, isNotFound } from '../errors/errors';
import type { RestClient } from '../rest/client';

// the CRD readers live in @kubegen/runtime/client (a shipped program must not import the testing entry); re-exported
// here for the code that imports them from testing
export {
  customResourceDefinitionResource,
  parseCrdFile,
  readCrdFiles,
  type CustomResourceDefinition,
  type CustomResourceDefinitionList,
} from '../client/crds';

/** What the installer talks to. */
export interface CrdClients {
  crds: ResourceClient<CustomResourceDefinition, CustomResourceDefinitionList>;
  /** The plural resource names a group version serves (discovery); optional. */
  discover?: (group: string, version: string, signal?: AbortSignal) => Promise<string[]>;
}

/** The installer's clients over a REST client: the CRD client and `/apis/<group>/<version>` discovery. */
export function crdClientsFor(rest: RestClient): CrdClients {
  return {
    crds: new TypedClient(rest, customResourceDefinitionResource),
    discover: async (group, version, signal) => {
      try {
        // an empty body reads as undefined
        const list = await rest.request<{ resources?: Array<{ name?: string }> } | undefined>({ method: 'GET', path: `/apis/${group}/${version}`, ...(signal ? { signal } : {}) });
        return (list?.resources ?? []).map((r) => r.name ?? '');
      } catch (err) {
        if (isNotFound(err)) return [];
        throw err;
      }
    },
  };
}

export interface CrdInstallOptions {
  crdDirectoryPaths?: readonly string[];
  crds?: readonly CustomResourceDefinition[];
  /** Default false: missing paths are skipped. */
  errorIfPathMissing?: boolean;
  /** Default 100 ms. */
  pollIntervalMs?: number;
  /** Default 10 s. */
  maxTimeMs?: number;
  clock?: Clock;
  signal?: AbortSignal;
}

/** The installed CRDs and how to remove them. */
export interface InstalledCrds {
  readonly crds: readonly CustomResourceDefinition[];
  uninstall(opts?: { signal?: AbortSignal }): Promise<void>;
}

function crdName(c: CustomResourceDefinition): string {
  const name = c.metadata?.name;
  if (!name) throw new Error('a CustomResourceDefinition has no metadata.name');
  return name;
}

function established(c: CustomResourceDefinition): boolean {
  return (c.status?.conditions ?? []).some((x) => x.type === 'Established' && x.status === 'True');
}

/** Installs the CRDs and waits until they serve; see the module doc. */
export async function installCRDs(clients: CrdClients, opts: CrdInstallOptions): Promise<InstalledCrds> {
  const clock = opts.clock ?? realClock;
  const poll = opts.pollIntervalMs ?? 100;
  const maxTime = opts.maxTimeMs ?? 10_000;
  const byName = new Map<string, CustomResourceDefinition>();
  for (const c of [...readCrdFiles(opts.crdDirectoryPaths ?? [], opts.errorIfPathMissing ?? false), ...(opts.crds ?? [])]) {
    byName.delete(crdName(c));
    byName.set(crdName(c), c);
  }
  const crds = [...byName.values()];
  const call = opts.signal ? { signal: opts.signal } : {};
  for (const crd of crds) {
    const { resourceVersion: _rv, ...metadata } = crd.metadata ?? {};
    const desired: CustomResourceDefinition = { ...crd, metadata };
    try {
      await clients.crds.create(desired, call);
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
      for (let attempt = 0; ; attempt++) {
        const existing = await clients.crds.get(crdName(crd), call);
        try {
          await clients.crds.update({ ...desired, metadata: { ...metadata, resourceVersion: existing.metadata?.resourceVersion } }, call);
          break;
        } catch (e) {
          if (!isConflict(e) || attempt >= 10) throw e;
        }
      }
    }
  }
  const ready = async (crd: CustomResourceDefinition): Promise<boolean> => {
    const current = await clients.crds.get(crdName(crd), call);
    if (!established(current)) return false;
    if (!clients.discover) return true;
    const group = current.spec?.group ?? '';
    const plural = current.spec?.names?.plural ?? '';
    for (const v of current.spec?.versions ?? []) {
      if (!v.served || !v.name) continue;
      if (!(await clients.discover(group, v.name, opts.signal)).includes(plural)) return false;
    }
    return true;
  };
  await pollUntil(clock, poll, maxTime, opts.signal, async () => {
    const pending: string[] = [];
    for (const c of crds) if (!(await ready(c))) pending.push(crdName(c));
    return pending;
  }, 'timed out waiting for CRDs to be established');
  return {
    crds,
    uninstall: async (u = {}) => {
      const ucall = u.signal ? { signal: u.signal } : {};
      for (const c of crds) await clients.crds.delete(crdName(c), ucall).catch((err: unknown) => {
        if (!isNotFound(err)) throw err;
      });
      await pollUntil(clock, poll, maxTime, u.signal, async () => {
        const left: string[] = [];
        for (const c of crds) {
          try {
            await clients.crds.get(crdName(c), ucall);
            left.push(crdName(c));
          } catch (err) {
            if (!isNotFound(err)) throw err;
          }
        }
        return left;
      }, 'timed out waiting for CRDs to be removed');
    },
  };
}

/** Calls `pending` every `interval` until it returns `[]`; throws `<what>: <names>` after `max`. */
async function pollUntil(clock: Clock, interval: number, max: number, signal: AbortSignal | undefined, pending: () => Promise<string[]>, what: string): Promise<void> {
  const deadline = clock.now() + max;
  for (;;) {
    signal?.throwIfAborted();
    const left = await pending();
    if (left.length === 0) return;
    if (clock.now() >= deadline) throw new Error(`${what}: ${left.join(', ')}`);
    await clockSleep(clock, Math.min(interval, Math.max(0, deadline - clock.now())), signal);
  }
}
