import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function readVersion(): string {
  try {
    // runtime/src/rest or runtime/dist/rest → runtime/package.json
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The version of `@kubegen/runtime`. */
export const RUNTIME_VERSION: string = readVersion();

/** `kubegen/<version> (node <version>)`, the default User-Agent. */
export const DEFAULT_USER_AGENT = `kubegen/${RUNTIME_VERSION} (node ${process.versions.node})`;
