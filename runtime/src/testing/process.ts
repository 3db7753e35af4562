import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** How a managed process ended. */
export interface ProcessExit {
  /** The process name given to `startProcess`, e.g. `etcd`. */
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the exit was asked for by `ManagedProcess.stop`. */
  requested: boolean;
}

/** Options for {@link startProcess}. */
export interface StartProcessOptions {
  name: string;
  binary: string;
  args: readonly string[];
  /** stdout and stderr are appended to this file. */
  logFile: string;
  /** Also copy the output to this process's stderr (for debugging). */
  attachOutput?: boolean;
  env?: NodeJS.ProcessEnv;
}

/**
 * A child process whose output goes to a log file.
 *
 * Contract: `exited` resolves exactly once, when the process has exited for any reason (it never rejects; a
 * failure to spawn resolves it with code `null`); `stop()` is idempotent and resolves only after the process
 * is gone: SIGTERM first, SIGKILL when it has not exited within `timeoutMs`. The child does not keep Node's event
 * loop alive (awaiting `exited` alone does not either; `stop()` does); if this Node process exits while the child
 * runs, the child is killed with SIGKILL.
 */
export interface ManagedProcess {
  readonly name: string;
  readonly pid: number | undefined;
  readonly logFile: string;
  readonly exited: Promise<ProcessExit>;
  /** Set once the process has exited. */
  readonly exit: ProcessExit | undefined;
  stop(timeoutMs: number): Promise<ProcessExit>;
}

const live = new Set<{ pid: number | undefined }>();
let exitHookInstalled = false;

/**
 * Last-resort cleanup: when this Node process exits while managed children still run (a test runner killed
 * mid-run, an uncaught error), kill them so no etcd or kube-apiserver outlives us.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) {
      if (child.pid !== undefined) {
        try {
          process.kill(child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  });
}

/** Spawns `binary` with `args`, output to `logFile`; see {@link ManagedProcess}. */
export function startProcess(options: StartProcessOptions): ManagedProcess {
  installExitHook();
  const out = fs.openSync(options.logFile, 'a');
  let stopRequested = false;
  let exit: ProcessExit | undefined;
  let child;
  try {
    child = spawn(options.binary, [...options.args], {
      stdio: ['ignore', options.attachOutput ? 'pipe' : out, options.attachOutput ? 'pipe' : out],
      env: options.env ?? process.env,
    });
  } finally {
    if (!options.attachOutput) fs.closeSync(out);
  }
  if (options.attachOutput) {
    const log = fs.createWriteStream('', { fd: out });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        log.write(chunk);
        process.stderr.write(chunk);
      });
    }
    child.once('close', () => log.end());
  }
  // A forgotten stop() must not hang the host (a test runner waiting for its event loop to drain): the exit hook
  // above kills the child instead.
  child.unref();
  const entry = { pid: child.pid };
  live.add(entry);
  const exited = new Promise<ProcessExit>((resolve) => {
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exit) return;
      live.delete(entry);
      exit = { name: options.name, code, signal, requested: stopRequested };
      resolve(exit);
    };
    child.once('exit', finish);
    child.once('error', (err) => {
      fs.appendFileSync(options.logFile, `\n[kubegen] failed to run ${options.binary}: ${err.message}\n`);
      finish(null, null);
    });
  });

  return {
    name: options.name,
    pid: child.pid,
    logFile: options.logFile,
    exited,
    get exit() {
      return exit;
    },
    async stop(timeoutMs: number): Promise<ProcessExit> {
      if (exit) return exit;
      stopRequested = true;
      child.ref(); // wait for the exit even when nothing else keeps the event loop alive
      child.kill('SIGTERM');
      const timedOut = Symbol('timeout');
      const ac = new AbortController();
      const first = await Promise.race([exited, sleep(timeoutMs, timedOut, { signal: ac.signal }).catch(() => timedOut)]);
      ac.abort();
      if (first !== timedOut) return first as ProcessExit;
      child.kill('SIGKILL');
      return exited;
    },
  };
}

/** The last `maxLines` lines of a log file, or a note that it could not be read. */
export async function tailFile(file: string, maxLines = 60): Promise<string> {
  try {
    const lines = (await fsp.readFile(file, 'utf8')).trimEnd().split('\n');
    const shown = lines.slice(-maxLines);
    return (lines.length > shown.length ? `… (${lines.length - shown.length} earlier lines in ${file})\n` : '') + shown.join('\n');
  } catch (err) {
    return `(could not read ${file}: ${(err as Error).message})`;
  }
}
