/**
 * One code cache file: V8's cached data behind a small header of ours, `SGCC`, the payload's CRC-32
 * and its length. V8 checks that cached data was made by the same V8 version, with the same flags and
 * for a source of the same length, but a release build does not checksum the payload: a file cut short
 * or damaged on disk is caught here and treated as no cache. The file name holds a hash of the script's
 * text, the Node version and architecture and Node's options, so another build of the bundle never
 * reads this one's, and runs with other V8 flags (`node --max-old-space-size=…`) do not replace it.
 *
 * Writing never fails a run: a folder that cannot be made or written (read-only, full disk) only
 * means no cache. Concurrent runs each write a temporary file and rename it over the name, so a reader
 * sees a whole file or none.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

const MAGIC = 'SGCC';
const HEADER_BYTES = 12;
/** Cache files of other builds kept in the folder (older ones are removed when a new one is written). */
const KEEP = 4;
const SUFFIX = '.v8cache';

/** The cache file name of a script with text `source` (and this Node, V8, architecture and options). */
export function cacheFileName(name: string, source: string): string {
  const hash = createHash('sha1')
    .update(`${process.version}\0${process.versions.v8}\0${process.arch}\0`)
    // V8 rejects cached data made under other flags: runs with other flags keep their own file
    .update(`${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}\0`)
    .update(source)
    .digest('hex');
  return `${name}-${hash.slice(0, 20)}${SUFFIX}`;
}

/** The cached data in `file`, or undefined when there is none or it is damaged. */
export function readCacheFile(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  if (bytes.readUInt32LE(8) !== data.length || bytes.readUInt32LE(4) !== crc32(data)) return undefined;
  return data;
}

/**
 * Writes `data` as `dir/name` (whole or not at all); false when it could not. `data` may be a function:
 * called only once the folder is known to be writable (making V8's cached data costs some 10 ms).
 */
export function writeCacheFile(dir: string, name: string, cachedData: Buffer | (() => Buffer)): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
  } catch {
    return false;
  }
  const data = typeof cachedData === 'function' ? cachedData() : cachedData;
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(crc32(data), 4);
  header.writeUInt32LE(data.length, 8);
  const temporary = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temporary, Buffer.concat([header, data]), { mode: 0o600 });
    renameSync(temporary, join(dir, name));
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the folder itself is unusable (not a folder, gone): there is no temporary file either
    }
    return false;
  }
  prune(dir, name);
  return true;
}

/** Removes all but the KEEP newest cache files (other builds of the bundle, other Node versions). */
function prune(dir: string, written: string): void {
  try {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(SUFFIX) && f !== written)
      .map((f) => ({ f, at: statSync(join(dir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const { f } of files.slice(KEEP - 1)) rmSync(join(dir, f), { force: true });
  } catch {
    // another run pruned the same folder at the same time: nothing to do
  }
}
