/**
 * Reading a serving certificate or key file, bounded and without blocking (issue 23): the path is opened with
 * `O_NONBLOCK` (opening a FIFO then returns at once instead of waiting for a writer), the opened file must be a
 * regular file (a FIFO, a device such as `/dev/zero` — also behind a symlink — a directory or a socket is refused
 * before anything is read), and at most `MAX_CERTIFICATE_FILE_BYTES` are read (a file that is or grows larger is
 * refused). Errors are one line naming the file.
 */
import * as fs from 'node:fs';

/** The largest certificate or key file read (a chain of a few certificates is a few KiB). */
export const MAX_CERTIFICATE_FILE_BYTES = 1024 * 1024;

// O_NONBLOCK does not exist on Windows, where opening a file never waits for a writer (@types/node declares it on
// every platform)
const platformFlags: { readonly O_NONBLOCK?: number } = fs.constants;
const OPEN_FLAGS = fs.constants.O_RDONLY | (platformFlags.O_NONBLOCK ?? 0);

/** Reads a certificate or key file (see the module doc); throws an `Error` with a one-line message. */
export function readCertificateFileSync(file: string): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (e) {
    throw openError(file, e);
  }
  try {
    checkStat(file, fs.fstatSync(fd));
    const buf = Buffer.alloc(MAX_CERTIFICATE_FILE_BYTES + 1);
    let size = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, size, buf.length - size, null);
      if (n === 0) break;
      size += n;
      if (size > MAX_CERTIFICATE_FILE_BYTES) throw tooLarge(file);
    }
    return Buffer.from(buf.subarray(0, size));
  } finally {
    fs.closeSync(fd);
  }
}

/** `readCertificateFileSync`, without blocking the event loop. */
export async function readCertificateFile(file: string): Promise<Buffer> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, OPEN_FLAGS);
  } catch (e) {
    throw openError(file, e);
  }
  try {
    checkStat(file, await handle.stat());
    const buf = Buffer.alloc(MAX_CERTIFICATE_FILE_BYTES + 1);
    let size = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, size, buf.length - size, null);
      if (bytesRead === 0) break;
      size += bytesRead;
      if (size > MAX_CERTIFICATE_FILE_BYTES) throw tooLarge(file);
    }
    return Buffer.from(buf.subarray(0, size));
  } finally {
    await handle.close();
  }
}

function checkStat(file: string, st: fs.Stats): void {
  if (!st.isFile()) throw new Error(`${file} is not a regular file (it is ${fileType(st)})`);
  if (st.size > MAX_CERTIFICATE_FILE_BYTES) throw tooLarge(file);
}

function tooLarge(file: string): Error {
  return new Error(`${file} is larger than ${MAX_CERTIFICATE_FILE_BYTES} bytes`);
}

function openError(file: string, e: unknown): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return new Error(`cannot open ${file}${typeof code === 'string' ? ` (${code})` : ''}`, { cause: e });
}

function fileType(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isDirectory()) return 'a directory';
  if (st.isSocket()) return 'a socket';
  return 'not a file';
}
