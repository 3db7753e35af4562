/**
 * Commands for the e2e tests that work as a user does in a fresh project: `sh` runs a command and throws one error
 * holding its output when it fails; `pack` packs a package directory (without its scripts) into `dest`.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

/**
 * The environment variable through which globalSetup names the run's tarball directory: each package directory is
 * packed once per jest run (the e2e files that install kubegen, the runtime, @kubegen/api or a generated package into
 * a fresh project all pack the same trees, which no test changes), and every later `pack` copies the tarball.
 */
export const PACK_CACHE_ENV = 'KUBEGEN_E2E_PACK_CACHE';

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

/** The packs of this file under way or done, by package directory (two flows of one file may pack at once). */
const packing = new Map<string, Promise<string>>();

/**
 * `npm pack` of the package in `dir` into `dest` (its scripts not run; build dist/ first); the tarball's path. Within
 * a jest run of the e2e project the tarball of a directory is made once (see {@link PACK_CACHE_ENV}) and copied.
 */
export async function pack(dir: string, dest: string): Promise<string> {
  const cacheRoot = process.env[PACK_CACHE_ENV];
  if (cacheRoot === undefined || cacheRoot === '') return npmPack(dir, dest);
  const key = path.resolve(dir);
  let cached = packing.get(key);
  if (cached === undefined) {
    const slot = path.join(cacheRoot, createHash('sha256').update(key).digest('hex').slice(0, 16));
    cached = cachedPack(key, slot);
    packing.set(key, cached);
  }
  const tarball = await cached;
  const out = path.join(dest, path.basename(tarball));
  fs.copyFileSync(tarball, out);
  return out;
}

/** The tarball of `dir` in `slot`: the one an earlier file of the run made, or a new one. */
async function cachedPack(dir: string, slot: string): Promise<string> {
  const made = fs.existsSync(slot) ? fs.readdirSync(slot).filter((f) => f.endsWith('.tgz')) : [];
  if (made.length === 1 && made[0] !== undefined) return path.join(slot, made[0]);
  fs.rmSync(slot, { recursive: true, force: true });
  const staging = `${slot}.${process.pid}.tmp`;
  fs.mkdirSync(staging, { recursive: true });
  const tarball = await npmPack(dir, staging);
  fs.renameSync(staging, slot);
  return path.join(slot, path.basename(tarball));
}

async function npmPack(dir: string, dest: string): Promise<string> {
  const { stdout } = await sh('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dest], dir);
  const [info] = JSON.parse(stdout) as Array<{ filename: string }>;
  if (info === undefined) throw new Error(`npm pack in ${dir} named no tarball: ${stdout}`);
  return path.join(dest, info.filename);
}
