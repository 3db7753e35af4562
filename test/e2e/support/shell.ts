/**
 * Commands for the e2e tests that work as a user does in a fresh project: `sh` runs a command and throws one error
 * holding its output when it fails; `pack` packs a package directory (without its scripts) into `dest`.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `cmd args` in `cwd`; on failure the error names the command and carries its stdout and stderr. */
export async function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(cmd, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

/** `npm pack` of the package in `dir` into `dest` (its scripts not run); the tarball's path. */
export async function pack(dir: string, dest: string): Promise<string> {
  const { stdout } = await sh('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], dir);
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>;
  return path.join(dest, info!.filename);
}
