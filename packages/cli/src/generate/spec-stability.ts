/**
 * Watch mode and half-written files. An editor's save (or any plain write) truncates the spec and
 * then writes it, sometimes in pieces; a watcher that reads in between parses a shorter spec. So a
 * run first waits until the spec's size and modification time have not moved for `RUN_QUIET_MS`;
 * it writes nothing when the spec changed while it parsed and rendered (`SpecChanged`, checked
 * right before the write), and it may only remove files when the spec is still what it read and
 * has been quiet for `REMOVE_QUIET_MS` (watch.ts holds the removals until then, and drops them when
 * a newer event came).
 *
 * A run on a half-written spec costs far more than its own time: the incremental parser and the
 * generators keep what the last run used, so a run on an empty or cut spec drops everything the
 * cut-off part had, and the next run on the whole text is almost a cold run (1.9-4.3 s instead of
 * 0.1-0.4 s on the 600-resource spec). So `readWhenWritten` does not hand over a text that looks
 * half written (`looksHalfWritten`) until the spec has been quiet for longer.
 */
import { readFileSync, statSync } from 'node:fs';

/**
 * The spec must be this quiet before a run reads it. Short: the check before the write catches a
 * writer that went on while the run parsed (the run then writes nothing), and held removals keep
 * every file of a spec read half written; the wait only makes such a wasted run rarer.
 */
export const RUN_QUIET_MS = 5;
/** ... and this quiet, unchanged since the run read it, before the run removes files. */
export const REMOVE_QUIET_MS = 120;
/**
 * A spec that looks half written (`looksHalfWritten`) is read again once it has been this quiet; an
 * empty one, as soon as it has been quiet for `RUN_QUIET_MS`, until it is not empty (or `MAX_WAIT_MS` passed).
 */
export const HALF_WRITTEN_QUIET_MS = 100;
/** How often `untilQuiet` looks at the spec. */
const POLL_MS = 1;
/** A spec written for longer than this without a pause still gets a run (and no removal). */
const MAX_WAIT_MS = 2_000;

/** Size and modification time of a file, or null when it cannot be read. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

export function stampOf(path: string): FileStamp | null {
  try {
    const { size, mtimeMs } = statSync(path);
    return { size, mtimeMs };
  } catch {
    return null;
  }
}

export const sameStamp = (a: FileStamp | null, b: FileStamp | null) =>
  a !== null && b !== null && a.size === b.size && a.mtimeMs === b.mtimeMs;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `path` has not changed for `quietMs` (or is gone, or `MAX_WAIT_MS` passed), as seen
 * by polling its size and modification time every millisecond or so: the modification time alone
 * says little over a few ms (the kernel stamps files with a clock that lags by up to a tick, and the
 * event arrives some time after the write began).
 */
export async function untilQuiet(path: string, quietMs: number): Promise<void> {
  const started = Date.now();
  let stamp = stampOf(path);
  let stableSince = started;
  for (;;) {
    if (stamp === null) return;
    const now = Date.now();
    if (now - stableSince >= quietMs || now - started > MAX_WAIT_MS) return;
    await sleep(Math.min(POLL_MS, quietMs - (now - stableSince)));
    const next = stampOf(path);
    if (!sameStamp(next, stamp)) stableSince = Date.now();
    stamp = next;
  }
}

/**
 * Whether a run that read the spec at `read` may remove files: it resolves true once the spec has
 * been quiet for `quietMs` and is still as read, false as soon as it changed or
 * `superseded()` says a newer event is waiting.
 */
export async function mayRemove(
  path: string,
  read: FileStamp | null,
  superseded: () => boolean,
  quietMs = REMOVE_QUIET_MS,
): Promise<boolean> {
  for (;;) {
    if (superseded()) return false;
    const now = stampOf(path);
    if (now === null || !sameStamp(now, read)) return false;
    const age = Date.now() - now.mtimeMs;
    if (age >= quietMs) return true;
    await sleep(quietMs - age);
  }
}

/** Thrown before the write by a run whose spec changed since it was read: the run writes nothing. */
export class SpecChanged extends Error {
  constructor() {
    super('the spec changed while it was being generated');
  }
}

/** Throws SpecChanged unless the spec is still as read (`read`: its stamp then; null when it moved during the read). */
export function assertUnchanged(path: string, read: FileStamp | null): void {
  if (!sameStamp(read, stampOf(path))) throw new SpecChanged();
}

/**
 * Whether a spec text looks like a save still being written: empty (truncated, not written yet),
 * cut in the middle of a line where the previous text ended with a line break, or the start of the
 * previous text (the rest not written yet). A save that really does one of these is read all the
 * same, after a longer quiet period.
 */
export function looksHalfWritten(text: string, previous: string | null): boolean {
  if (text.length === 0) return true;
  if (previous === null) return false;
  if (!text.endsWith('\n') && previous.endsWith('\n')) return true;
  return text.length < previous.length && previous.startsWith(text);
}

/** The spec as a run reads it, and its stamp then (null: it moved while it was read, or never settled). */
export interface SpecRead {
  text: string;
  read: FileStamp | null;
  /** `performance.now()` just before the read: the text holds every write a file event before it told of. */
  readAt: number;
}

/**
 * Reads the spec once it has been quiet for `quietMs.run`: again when it moved while it was read,
 * and, when the text looks half written (`looksHalfWritten`, against `previous`: the text the last
 * run read), again once it has been quiet for `quietMs.halfWritten` (an empty spec: until it is not
 * empty). After `MAX_WAIT_MS` it takes what it read. Throws when the spec cannot be read.
 */
export async function readWhenWritten(
  path: string,
  previous: string | null,
  quietMs: { run: number; halfWritten: number },
): Promise<SpecRead> {
  const started = Date.now();
  let quiet = quietMs.run;
  let looked = false;
  for (;;) {
    await untilQuiet(path, quiet);
    const readAt = performance.now();
    const before = stampOf(path);
    const text = readFileSync(path, 'utf8');
    const read = sameStamp(before, stampOf(path)) ? before : null;
    if (Date.now() - started > MAX_WAIT_MS) return { text, read, readAt };
    if (read === null) continue;
    // Empty: truncated and not written yet. Read again once it has been quiet for `quietMs.run`, not
    // `quietMs.halfWritten`: a writer preempted between its truncation and its write (a loaded machine)
    // cost a save 100 ms; the text that follows is still looked at below.
    if (text.length === 0) continue;
    if (looked || !looksHalfWritten(text, previous)) return { text, read, readAt };
    looked = true;
    quiet = Math.max(quietMs.run, quietMs.halfWritten);
  }
}
