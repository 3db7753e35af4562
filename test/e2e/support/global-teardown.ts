import * as fs from 'node:fs/promises';
import { isAlive } from '../../../runtime/src/testing';

/**
 * Stops the run's control plane, then fails the run loudly if anything is left behind: a process whose command
 * line mentions the run directory (any control plane a test started and forgot), a live etcd/kube-apiserver pid,
 * or any file in the run directory.
 */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__kubegenE2e;
  if (!state) return;
  globalThis.__kubegenE2e = undefined;
  const { controlPlane, runDir, connectionFile, packCache } = state;
  await controlPlane.stop();
  await fs.rm(connectionFile, { force: true });
  await fs.rm(packCache, { recursive: true, force: true });

  const problems: string[] = [];
  for (const [name, info] of Object.entries(controlPlane.processes)) {
    if (info.pid !== undefined && isAlive(info.pid)) problems.push(`${name} (pid ${info.pid}) still running`);
  }
  const leaked = await processesMentioning(runDir);
  for (const proc of leaked) problems.push(`process ${proc.pid} still running: ${proc.cmdline}`);
  const leftovers = await fs.readdir(runDir).catch(() => [] as string[]);
  for (const entry of leftovers) problems.push(`temporary file left behind: ${runDir}/${entry}`);
  // Report first, then clean up what this run (and only this run) left, so a failed run does not litter the machine.
  for (const proc of leaked) {
    try {
      process.kill(proc.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  if (leaked.length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
  await fs.rm(runDir, { recursive: true, force: true });
  if (problems.length > 0) {
    throw new Error(`kubegen e2e: the run left things behind (now killed and removed):\n  ${problems.join('\n  ')}`);
  }
}

/** Processes (Linux: via /proc) whose command line contains `needle`. */
async function processesMentioning(needle: string): Promise<Array<{ pid: number; cmdline: string }>> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  let entries: string[];
  try {
    entries = await fs.readdir('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').join(' ').trim();
      if (cmdline.includes(needle)) found.push({ pid: Number(entry), cmdline });
    } catch {
      // exited meanwhile
    }
  }
  return found;
}
