/**
 * Failures kubegen expects and explains: each is printed as `kubegen: <line>` (one line per problem, never a stack
 * trace) and sets the exit code. Anything else that reaches the CLI is an internal error.
 */
import * as path from 'node:path';

/** A failure with a message meant for the user: one problem per line, no stack trace. Exit code 1 unless set. */
export class KubegenError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 1,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'KubegenError';
  }
}

/** A bad command line (unknown flag, missing or conflicting argument): exit 2, nothing has run. */
export class UsageError extends KubegenError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** Node's `errno` errors (`ENOENT`, `EACCES` …) carry a code, the system call and the path. */
interface ErrnoError extends Error {
  code: string;
  syscall?: string;
  path?: string;
  dest?: string;
}

/** Duck-typed: errors from Node's `fs` may come from another realm (a VM context), where `instanceof Error` fails. */
export function isErrnoError(e: unknown): e is ErrnoError {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as Partial<ErrnoError>;
  return typeof code === 'string' && typeof message === 'string' && /^E[A-Z0-9]+$/.test(code);
}

const VERBS: Record<string, string> = {
  open: 'open',
  read: 'read',
  write: 'write',
  mkdir: 'create directory',
  rename: 'rename',
  unlink: 'remove',
  rmdir: 'remove directory',
  rm: 'remove',
  scandir: 'list directory',
  opendir: 'list directory',
  stat: 'read',
  lstat: 'read',
  realpath: 'resolve',
  access: 'access',
  copyfile: 'copy',
};

/**
 * One line for an I/O failure: `cannot <verb> <path>: <description> (<CODE>)`, the path relative to `cwd` when it is
 * inside it. Undefined for an error that is not an `errno` error.
 */
export function describeIoError(e: unknown, cwd = process.cwd()): string | undefined {
  if (!isErrnoError(e)) return undefined;
  const description = /^[A-Z0-9_]+: ([^,]+)/.exec(e.message)?.[1] ?? e.code;
  const shown = (p: string) => {
    const rel = path.relative(cwd, p);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : p;
  };
  const verb = (e.syscall && VERBS[e.syscall]) ?? e.syscall ?? 'access';
  const where = e.path !== undefined ? ` ${shown(e.path)}${e.dest !== undefined ? ` -> ${shown(e.dest)}` : ''}` : '';
  return `cannot ${verb}${where}: ${description} (${e.code})`;
}

/** Wrap Node's I/O errors as KubegenErrors with a one-line message; other errors are returned as they are. */
export function asKubegenError(e: unknown, cwd?: string): unknown {
  const io = describeIoError(e, cwd);
  return io === undefined ? e : new KubegenError(io, 1, e);
}
