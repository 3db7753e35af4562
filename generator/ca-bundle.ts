/**
 * Reading a CA bundle file (`+kubegen:apiservice:caBundleFile=`, the configuration's `caBundleFile` keys) into the
 * PEM text a manifest embeds — and nothing else from the file.
 *
 * Contract of `readCaBundleFile(file, { baseDir, root })`:
 * - the name is resolved against `baseDir` and must stay inside the project `root`, both as written and after
 *   symbolic links (the real path of the file inside the real path of the root);
 * - the file is opened non-blocking and without following a link planted after the check (`O_NONBLOCK |
 *   O_NOFOLLOW`), and `fstat` of the open descriptor must say a regular file of at most
 *   {@link CA_BUNDLE_FILE_MAX_BYTES} bytes: a FIFO, a device (`/dev/zero`), a directory or a socket is refused
 *   before a byte is read, so nothing hangs; at most the bound plus one byte is ever read (a file that grows is
 *   refused too);
 * - only the PEM `CERTIFICATE` blocks are kept (each `-----BEGIN CERTIFICATE-----`, its base64 lines and the
 *   matching `-----END CERTIFICATE-----`), joined with `\n`: a private key, other PEM blocks and any text around the
 *   blocks are never embedded. A file without one, with an unterminated or nested block, or with a certificate body
 *   that is not base64 is refused. The scan is one pass over the lines (linear in the file);
 * - failures are returned as one line (`{ error }`), never thrown, for the caller to locate (the marker's
 *   `file:line:column`, or the configuration key).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeIoError } from './errors';
import { group } from './text';

/** The largest CA bundle file kubegen reads (1 MiB): a bundle of a few hundred certificates. */
export const CA_BUNDLE_FILE_MAX_BYTES = 1024 * 1024;

export interface CaBundleFileOptions {
  /** The directory the name is relative to (the marker's file's directory, the configuration file's directory). */
  baseDir: string;
  /** The project root the file must be inside. */
  root: string;
  /** Messages name paths relative to this directory (default: `root`). */
  cwd?: string;
}

export type CaBundleFileResult = { pem: string } | { error: string };

/** The PEM CERTIFICATE blocks of a CA bundle file, or a one-line reason it cannot be used (see the module contract). */
export function readCaBundleFile(file: string, options: CaBundleFileOptions): CaBundleFileResult {
  const cwd = options.cwd ?? options.root;
  const shown = JSON.stringify(file);
  if (file === '' || file.includes('\0')) return { error: 'must be a non-empty file name without NUL characters' };
  const abs = path.resolve(options.baseDir, file);
  const root = path.resolve(options.root);
  if (!isInside(root, abs)) return { error: `${shown} is outside the project (${displayRoot(root, cwd)}): a CA bundle file must be inside it` };
  let real: string;
  let rootReal: string;
  try {
    rootReal = fs.realpathSync.native(root);
    real = fs.realpathSync.native(abs);
  } catch (e) {
    return { error: describeIoError(openError(abs) ?? e, cwd) ?? `cannot read ${shown}` };
  }
  if (!isInside(rootReal, real)) return { error: `${shown} resolves to ${real}, outside the project (${rootReal}): a CA bundle file must be inside it` };
  let text: string;
  try {
    const read = readRegularFile(real, shown);
    if ('error' in read) return read;
    text = read.text;
  } catch (e) {
    return { error: describeIoError(e, cwd) ?? `cannot read ${shown}` };
  }
  return certificateBlocks(text, shown);
}

/** Opens without blocking or following a link, checks the descriptor, reads at most the bound plus one byte. */
function readRegularFile(file: string, shown: string): { text: string } | { error: string } {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { error: `${shown} is not a regular file (${fileType(st)}): give a PEM file` };
    if (st.size > CA_BUNDLE_FILE_MAX_BYTES) return { error: `${shown} is ${st.size} bytes, more than the ${CA_BUNDLE_FILE_MAX_BYTES} bytes a CA bundle file may have` };
    const buf = Buffer.alloc(CA_BUNDLE_FILE_MAX_BYTES + 1);
    let used = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, used, buf.length - used, null);
      if (n === 0) break;
      used += n;
      if (used > CA_BUNDLE_FILE_MAX_BYTES) return { error: `${shown} is more than the ${CA_BUNDLE_FILE_MAX_BYTES} bytes a CA bundle file may have` };
    }
    return { text: buf.toString('latin1', 0, used) };
  } finally {
    fs.closeSync(fd);
  }
}

const BEGIN = /^-----BEGIN ([A-Z0-9][A-Z0-9 ]{0,62})-----$/;
const END = /^-----END ([A-Z0-9][A-Z0-9 ]{0,62})-----$/;
const BASE64_LINE = /^[A-Za-z0-9+/]*={0,2}$/;

/** The CERTIFICATE blocks of a PEM text, in order, each ending in `\n`; or why there are none usable. */
export function certificateBlocks(text: string, shown = 'the CA bundle'): CaBundleFileResult {
  const lines = text.split('\n');
  const blocks: string[] = [];
  const others = new Set<string>();
  let open: { label: string; line: number; body: string[] } | undefined;
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '').trim();
    const begin = BEGIN.exec(line);
    if (begin) {
      if (open) return { error: `${shown} line ${i + 1}: a PEM block begins inside the ${open.label} block of line ${open.line}` };
      open = { label: group(begin, 1), line: i + 1, body: [] };
      continue;
    }
    const end = END.exec(line);
    if (end) {
      if (!open || end[1] !== open.label) return { error: `${shown} line ${i + 1}: "-----END ${end[1]}-----" without its BEGIN line` };
      if (open.label === 'CERTIFICATE') {
        if (open.body.length === 0) return { error: `${shown} line ${open.line}: the CERTIFICATE block is empty` };
        blocks.push(['-----BEGIN CERTIFICATE-----', ...open.body, '-----END CERTIFICATE-----', ''].join('\n'));
      } else others.add(open.label);
      open = undefined;
      continue;
    }
    if (open && open.label === 'CERTIFICATE' && line !== '') {
      if (!BASE64_LINE.test(line)) return { error: `${shown} line ${i + 1}: the CERTIFICATE block of line ${open.line} holds a line that is not base64` };
      open.body.push(line);
    }
  }
  if (open) return { error: `${shown} line ${open.line}: the ${open.label} block has no END line` };
  if (blocks.length === 0) {
    const found = others.size > 0 ? `only ${[...others].sort().join(', ')} block${others.size > 1 ? 's' : ''}` : 'no PEM block';
    return { error: `${shown} holds no PEM CERTIFICATE block (${found}): give the CA certificate(s) that sign the serving certificate` };
  }
  return { pem: blocks.join('') };
}

/** The error of opening a path that cannot be resolved (a missing file says `cannot open`, as elsewhere). */
function openError(file: string): unknown {
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
    return undefined;
  } catch (e) {
    return e;
  }
}

function isInside(root: string, p: string): boolean {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return p === root || p.startsWith(prefix);
}

function displayRoot(root: string, cwd: string): string {
  const rel = path.relative(cwd, root);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? root : rel;
}

function fileType(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isDirectory()) return 'a directory';
  if (st.isSocket()) return 'a socket';
  return 'not a file';
}

/**
 * The CA bundle a configuration entry gives with its `caBundle` (PEM, or base64 of PEM, as written) or `caBundleFile`
 * (read with {@link readCaBundleFile} relative to `baseDir`, which is also the root it must stay inside) keys, at most
 * one of them; undefined when neither is given or a key is wrong — then `bad(key, message)` has been told.
 */
export function configuredCaBundle(caBundle: unknown, caBundleFile: unknown, baseDir: string, bad: (key: 'caBundle' | 'caBundleFile', message: string) => void): string | undefined {
  if (caBundle !== undefined && caBundleFile !== undefined) {
    bad('caBundleFile', 'give caBundle or caBundleFile, not both');
    return undefined;
  }
  if (caBundle !== undefined) {
    if (typeof caBundle === 'string') return caBundle;
    bad('caBundle', 'must be a string (PEM, or base64 of PEM)');
    return undefined;
  }
  if (caBundleFile === undefined) return undefined;
  if (typeof caBundleFile !== 'string' || caBundleFile === '' || caBundleFile.includes('\0')) {
    bad('caBundleFile', 'must be a non-empty string (a path relative to the configuration file)');
    return undefined;
  }
  const read = readCaBundleFile(caBundleFile, { baseDir, root: baseDir });
  if ('error' in read) {
    bad('caBundleFile', read.error);
    return undefined;
  }
  return read.pem;
}
