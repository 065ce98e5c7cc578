/**
 * A large generated file as fragments (`GeneratedFile.chunks`): the generators of openapi.json,
 * openapi.yaml and ir.json keep each entry's text between runs (by the entry's identity), so the
 * file of a watch edit is the same fragment strings as the last run's but for the few the edit
 * touched. Watch mode compares and patches such a file fragment by fragment (the CLI's
 * patch-chunks.ts) and never joins its 15-17 MB; a one-shot run compares a file with the output
 * folder's text and writes it fragment by fragment too (`sameContents`, `writeGenerated`).
 * `contents` joins the fragments when something asks for the whole text, once per file object.
 */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import type { GeneratedFile } from './files.ts';
import type { StagedFileWriter } from './generator.ts';

/** A file whose text is `chunks` in order; `contents` is their join, made on first use. */
export function chunkedFile(path: string, chunks: readonly string[]): GeneratedFile {
  let joined: string | undefined;
  return {
    path,
    chunks,
    get contents() {
      joined ??= chunks.join('');
      return joined;
    },
  };
}

/** Bytes of the buffer a `ByteStream` encodes into. */
const STREAM_BLOCK = 1 << 20;

/**
 * Text encoded as UTF-8 into one reused buffer and handed to `out` whenever the buffer is full: a large
 * file written as it is made (`GenerateContext.stageFile`). In a one-shot run the 24,000 entry texts of
 * openapi.json and openapi.yaml (46 MB on the 600-resource spec) otherwise lived until the whole file
 * was written: copied twice by the young generation's collections, then left as old-generation
 * garbage. `push` takes pieces in order (as a `string[]` does); a piece ending in the first half of a
 * surrogate pair waits for the next one, so that no character is cut between two pieces.
 */
export class ByteStream {
  private readonly block: Buffer;
  private used = 0;
  private held = '';
  /** The last two characters written (`endsNormalized`). */
  private tail = '';

  /** `blockBytes`: the buffer's size (a piece that may not fit in it is handed over alone). */
  constructor(
    private readonly out: (bytes: Uint8Array) => void,
    blockBytes = STREAM_BLOCK,
  ) {
    this.block = Buffer.allocUnsafe(blockBytes);
  }

  push(...texts: string[]): void {
    for (const text of texts) this.write(text);
  }

  write(piece: string): void {
    let text = this.held === '' ? piece : this.held + piece;
    this.held = '';
    if (text.length === 0) return;
    if (isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.held = text.slice(-1);
      text = text.slice(0, -1);
      if (text.length === 0) return;
    }
    // At most 3 bytes per UTF-16 unit: it fits whole.
    if (this.used + text.length * 3 > this.block.length) {
      this.flush();
      if (text.length * 3 > this.block.length) {
        this.out(Buffer.from(text));
        this.tail = text.slice(-2);
        return;
      }
    }
    this.used += this.block.write(text, this.used);
    this.tail = text.length > 1 ? text.slice(-2) : this.tail.slice(-1) + text;
  }

  /** Whether the text so far ends as `normalize` leaves one (see `endsNormalized`). */
  endsNormalized(): boolean {
    return this.held === '' && endsNormalized([this.tail]);
  }

  /** Hands over the rest (a half pair held last is written alone: a lone surrogate, as `Buffer.from` writes it). */
  end(): void {
    if (this.held !== '') {
      const held = Buffer.from(this.held);
      this.held = '';
      this.flush();
      this.out(held);
    }
    this.flush();
  }

  private flush(): void {
    if (this.used > 0) this.out(this.block.subarray(0, this.used));
    this.used = 0;
  }
}

/** The fragments of a file: its `chunks`, or its whole text as one. */
export function chunksOf(file: GeneratedFile): readonly string[] {
  return file.chunks ?? [file.contents];
}

/**
 * Whether the joined text ends as `normalize` leaves a text (one trailing newline, no blank
 * before it), looking only at the last characters: fragments made by JSON.stringify or the YAML
 * writer hold no raw CR, so this is all a generator must check to skip `normalize`.
 */
export function endsNormalized(chunks: readonly string[]): boolean {
  let tail = '';
  for (let i = chunks.length - 1; i >= 0 && tail.length < 2; i--) tail = chunks[i]!.slice(-2) + tail;
  return tail.length > 1 && tail.endsWith('\n') && !/\s/.test(tail[tail.length - 2]!);
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * True when no fragment boundary splits a surrogate pair, so each fragment's UTF-8 bytes are its
 * share of the file's bytes (a split pair would be written as two replacement characters).
 */
export function wholeCharacters(chunks: readonly string[], from = 0, to = chunks.length): boolean {
  for (let i = from; i < to; i++) {
    const c = chunks[i]!;
    if (c.length > 0 && (isLowSurrogate(c.charCodeAt(0)) || isHighSurrogate(c.charCodeAt(c.length - 1)))) return false;
  }
  return true;
}

/** Whether `text` (a file's text on disk; undefined: none) is `file`'s text; fragments are compared in place, not joined. */
export function sameContents(text: string | undefined, file: GeneratedFile): boolean {
  if (text === undefined) return false;
  if (!file.chunks) return text === file.contents;
  let at = 0;
  for (const chunk of file.chunks) {
    if (!text.startsWith(chunk, at)) return false;
    at += chunk.length;
  }
  return at === text.length;
}

/** Writes `file` at `path` (its folder exists; a file there is replaced): its fragments in order, else its contents. */
export function writeGenerated(path: string, file: GeneratedFile): void {
  if (!file.chunks || !wholeCharacters(file.chunks)) {
    writeFileSync(path, file.contents);
    return;
  }
  const fd = openSync(path, 'w');
  try {
    writeChunksAt(fd, file.chunks, 0, 0);
  } finally {
    closeSync(fd);
  }
}

/** Bytes of the buffer fragments are encoded into before each write. */
const PIECE = 1 << 21;

/**
 * Writes `chunks[from..]` into the open file `fd` at byte `position`, encoded into one reused buffer
 * (`ByteStream`: half the time of joining them into strings first). The fragments must not split a
 * surrogate pair (`wholeCharacters`), each fragment's bytes being its share of the file's.
 */
export function writeChunksAt(fd: number, chunks: readonly string[], from: number, position: number): void {
  let at = position;
  const stream = new ByteStream((bytes) => {
    writeSync(fd, bytes, 0, bytes.length, at);
    at += bytes.length;
  }, PIECE);
  for (let i = from; i < chunks.length; i++) stream.write(chunks[i]!);
  stream.end();
}

/**
 * Files of the run's staging folder (`GenerateContext.stageFile`, one per key of `paths`), each written
 * through a `ByteStream` as `write` pushes their text; when `write` throws, every one is removed. Each
 * file comes back with whether its text ends as `normalize` leaves one (if not, the generator returns
 * the normalized text instead, which staging writes over it).
 */
export function writeStaged<K extends string>(
  stageFile: (path: string) => StagedFileWriter,
  paths: Readonly<Record<K, string>>,
  write: (streams: Record<K, ByteStream>) => void,
): Record<K, { file: GeneratedFile; normalized: boolean }> {
  const keys = Object.keys(paths) as K[];
  const writers = new Map<K, StagedFileWriter>();
  const discardAll = () => {
    for (const w of writers.values()) w.discard();
  };
  try {
    for (const k of keys) writers.set(k, stageFile(paths[k]));
    const streams = {} as Record<K, ByteStream>;
    for (const k of keys) streams[k] = new ByteStream((bytes) => writers.get(k)!.write(bytes));
    write(streams);
    for (const k of keys) streams[k].end();
    const made = {} as Record<K, { file: GeneratedFile; normalized: boolean }>;
    for (const k of keys) made[k] = { file: writers.get(k)!.close(), normalized: streams[k].endsNormalized() };
    return made;
  } catch (err) {
    discardAll();
    throw err;
  }
}
