/**
 * Watch mode rewrites a large generated file from its first changed byte, not whole: a one-field
 * edit changes a few hundred bytes of `openapi.json`, `openapi.yaml`, `server/ir.json` and
 * `server/src/schemas.ts` (together about 50 MB on the 600-resource spec), and rewriting them
 * whole was most of a watch edit's write step. When the edit keeps the byte length, only the
 * changed bytes are written; otherwise the tail from the first change, and the file is truncated.
 * The file must hold `previous` (what the watcher wrote last): a file whose size differs is
 * written whole.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { asWritten, forgetStamp, moveBytes, stampWritten } from './move-tail.ts';
import { commonAffixes } from './text-affixes.ts';

/** Smaller files are written whole. */
export const PATCH_FROM = 1 << 20;

/**
 * Where `next` differs from `previous`, in bytes: the `before` bytes at `head` become `after`; the
 * `tail` bytes after them are unchanged. Null when a file this small is written whole.
 */
function planPatch(path: string, previous: string, next: string, key: string) {
  if (next.length < PATCH_FROM || previous.length < PATCH_FROM) return null;
  let { prefix, suffix } = commonAffixes(key, previous, next, true);
  // Never split a surrogate pair: byte offsets are counted on whole characters.
  if (prefix > 0 && isHighSurrogate(next.charCodeAt(prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(next.charCodeAt(next.length - suffix))) suffix--;
  const previousBytes = byteLengthOf(path, previous);
  const before = Buffer.byteLength(previous.slice(prefix, previous.length - suffix));
  const after = Buffer.from(next.slice(prefix, next.length - suffix));
  // Bytes before the change, counted on the shorter side of it.
  const head =
    prefix <= suffix
      ? Buffer.byteLength(next.slice(0, prefix))
      : previousBytes - before - Buffer.byteLength(previous.slice(previous.length - suffix));
  const tail = previousBytes - before - head;
  return { prefix, previousBytes, before, after, tail, head };
}

/** The file open for patching and its fstat, or null when it is gone or not `bytes` long. */
function openWritten(path: string, bytes: number) {
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch {
    return null; // removed meanwhile: written whole
  }
  const stat = fstatSync(fd);
  if (stat.size === bytes) return { fd, stat };
  closeSync(fd);
  return null;
}

/**
 * Makes the file at `path`, which holds `previous`, hold `next`; false (nothing done) when it cannot
 * tell it is safe. `key` names the file for the affixes the syntax check may have found already.
 * When the change alters the byte length and the file is as this process last wrote it
 * (move-tail.ts), the unchanged tail is moved within the file and only the changed bytes are
 * encoded and written; otherwise the file is written from its first changed byte.
 */
export function patchFile(path: string, previous: string, next: string, key = path): boolean {
  const plan = planPatch(path, previous, next, key);
  const file = plan && openWritten(path, plan.previousBytes);
  if (!plan || !file) return false;
  const { fd } = file;
  try {
    const { previousBytes, before, after, tail, head } = plan;
    const bytes = previousBytes - before + after.length;
    if (after.length !== before && tail > 0 && asWritten(path, file.stat)) {
      forgetStamp(path);
      written.delete(path);
      moveBytes(fd, head + before, head + after.length, tail);
      writeSync(fd, after, 0, after.length, head);
      if (after.length < before) ftruncateSync(fd, bytes);
    } else writeFrom(fd, next, plan);
    written.set(path, { text: next, bytes });
    stampWritten(path, fd);
    return true;
  } finally {
    closeSync(fd);
  }
}

/** Writes the changed bytes, and the rest of the file after them when their length changed. */
function writeFrom(fd: number, next: string, plan: NonNullable<ReturnType<typeof planPatch>>): void {
  const { prefix, before, after, head } = plan;
  if (after.length === before) writeSync(fd, after, 0, after.length, head);
  else {
    const rest = Buffer.from(next.slice(prefix));
    writeSync(fd, rest, 0, rest.length, head);
    ftruncateSync(fd, head + rest.length);
  }
}

/** Byte length of the text this module last wrote to each path (counting 17 MB of UTF-8 takes a few ms). */
const written = new Map<string, { text: string; bytes: number }>();

function byteLengthOf(path: string, text: string): number {
  const last = written.get(path);
  return last && last.text === text ? last.bytes : Buffer.byteLength(text);
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
