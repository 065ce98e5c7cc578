/**
 * Which generated `.ts` files the syntax check parses. A folder with many files of one kind
 * (`types/src/resources/*.ts`, one per resource) is rendered by one template from data the parser
 * has checked (identifiers; text only through escaping helpers), so a syntax error there comes
 * from the template: from a branch that some file takes. Such a folder is checked on a sample:
 * the first file, and every later file with a line of a shape no earlier sampled file had. A
 * line's shape is the line with each run of identifier or number characters written `w`, each
 * string literal `s`, blanks collapsed and comment lines reduced to their opening characters;
 * so every template branch that yields a distinct line is parsed at least once. Files in small
 * folders (index, client modules) are always parsed. On the 600-resource synthetic spec this
 * parses 35 of 1,236 files (1.5 of 14 MB).
 */
import type { GeneratedFile } from './files.ts';

/** Folders with at most this many `.ts` files are parsed whole (unless they hold `SAMPLE_FROM_CHARS`). */
export const SAMPLE_FROM = 11;

/**
 * Folders whose `.ts` files hold at least this much text (files checked through a proxy aside) are
 * sampled whatever their count: `server/src/routes/` of the 600-resource spec holds five area modules of
 * one template, 130 kB each, which esbuild parsed whole after the last target had rendered (25-30 ms of
 * the run's 50 ms wait for its checks).
 */
export const SAMPLE_FROM_CHARS = 256 * 1024;

/** The `.ts` files of `files` the syntax check must parse, in their order. */
export function syntaxSample(files: readonly GeneratedFile[]): GeneratedFile[] {
  const sample = sampleOf(tsEntries(files));
  // a copy of one large text is not kept for the next run
  if (units.length > 1 << 20) units = Buffer.allocUnsafe(0);
  return sample;
}

/** A `.ts` file, and whether its folder is sampled (scanned) rather than parsed whole. */
export interface SampleEntry {
  file: GeneratedFile;
  sampled: boolean;
}

/**
 * What `syntaxSample` and the check of its sample read of `files`, as plain objects in their order (for
 * another thread, in as many messages as it likes: see `createSampler`): the `.ts` files with their
 * `contents` and `syntaxProxy`, but for a file with a proxy in a folder parsed whole, whose contents
 * nothing reads (server/src/schemas.ts: 8 MB). `sampleOf` the result is the sample of `files`, by
 * path, and each sampled file parses as its original does.
 */
export function sampleInput(files: readonly GeneratedFile[]): SampleEntry[] {
  return tsEntries(files).map(({ file: f, sampled }) => {
    if (f.syntaxProxy === undefined) return { file: { path: f.path, contents: f.contents }, sampled };
    return { file: { path: f.path, contents: sampled ? f.contents : '', syntaxProxy: f.syntaxProxy }, sampled };
  });
}

/** The files of `entries` in the sample (see the header), in their order. */
export function sampleOf(entries: readonly SampleEntry[]): GeneratedFile[] {
  const pick = createSampler();
  return entries.filter(pick).map((e) => e.file);
}

/**
 * Says of each entry, given in the order of `sampleInput` (in one call or spread over several
 * messages), whether it is in the sample: a file of a folder parsed whole always, a file of a sampled
 * folder when it has a line shape no earlier file of its folder had. Only the shapes are kept.
 */
export function createSampler(): (entry: SampleEntry) => boolean {
  const shapes = new Map<string, ShapeSet>();
  return ({ file, sampled }) => {
    if (!sampled) return true;
    const folder = folderOf(file.path);
    let seen = shapes.get(folder);
    if (!seen) {
      seen = new ShapeSet();
      shapes.set(folder, seen);
    }
    return scanShapes(file.contents, seen);
  };
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The `.ts` files of `files`, in their order, each with whether it is sampled: a file of a folder of
 * `SAMPLE_FROM` files or `SAMPLE_FROM_CHARS` of text. A file with a syntax proxy is always parsed (its
 * proxy, a few kB), never scanned (its text: 8 MB for server/src/schemas.ts).
 */
function tsEntries(files: readonly GeneratedFile[]): SampleEntry[] {
  const ts = files.filter((f) => f.path.endsWith('.ts'));
  const counts = new Map<string, number>();
  const chars = new Map<string, number>();
  for (const f of ts) {
    const folder = folderOf(f.path);
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
    if (f.syntaxProxy === undefined) chars.set(folder, (chars.get(folder) ?? 0) + textLength(f));
  }
  const sampledFolder = (folder: string) =>
    (counts.get(folder) ?? 0) >= SAMPLE_FROM || (chars.get(folder) ?? 0) >= SAMPLE_FROM_CHARS;
  return ts.map((file) => ({ file, sampled: file.syntaxProxy === undefined && sampledFolder(folderOf(file.path)) }));
}

/** A file's length in UTF-16 units, without joining a file of fragments. */
function textLength(file: GeneratedFile): number {
  if (!file.chunks) return file.contents.length;
  let n = 0;
  for (const chunk of file.chunks) n += chunk.length;
  return n;
}

const NEWLINE = 10,
  SPACE = 32,
  TAB = 9,
  STAR = 42,
  SLASH = 47,
  BACKSLASH = 92,
  DQUOTE = 34,
  SQUOTE = 39,
  W = 119,
  S = 115;

/** 1 for the characters of identifiers and numbers (`[A-Za-z0-9_$]`), by character code (any code unit). */
const WORD = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36) WORD[c] = 1;
}
/** The shape of the line being read, as character codes (a string is made only for a shape not seen before). */
let buffer = new Uint16Array(256);
const PIECE = 8192;

/**
 * The text being scanned, as UTF-16 code units: copied once per text (a native copy, about 0.1 ns a
 * character) because reading a typed array in the scanner's loop is about twice as fast as `charCodeAt`.
 * Two zero units follow the text, so a look one or two units past its end reads 0 (no character).
 */
let units = Buffer.allocUnsafe(0);
const unitsOf = (text: string): Uint16Array => {
  const bytes = 2 * text.length + 4;
  if (units.length < bytes) units = Buffer.allocUnsafe(Math.max(bytes, 2 * units.length, 1 << 16));
  units.write(text, 0, 'utf16le');
  const view = new Uint16Array(units.buffer, units.byteOffset, text.length + 2);
  view[text.length] = 0;
  view[text.length + 1] = 0;
  return view;
};

/**
 * Line shapes seen so far, found by a hash of their codes (open addressing in two typed arrays: the
 * shape's index + 1 and its hash): a shape already in the set is compared code by code with the buffer
 * and never made into a string (most lines of a large folder's files repeat a shape an earlier file had).
 */
class ShapeSet {
  readonly ordered: string[] = [];
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private mask = 1023;
  /** A comment line's opening (two codes in one number) -> seen; there are only a few. */
  private readonly openings: number[] = [];

  /** Adds the shape `buffer[0..length)`, whose `hashOf` is `hash`; true when it is new. */
  addCodes(length: number, hash: number, codes: Uint16Array = buffer): boolean {
    const h = hash | 0;
    const mask = this.mask;
    let at = h & mask;
    for (let slot = this.slots[at] ?? 0; slot !== 0; slot = this.slots[at] ?? 0) {
      if (this.hashes[at] === h && sameCodes(this.ordered[slot - 1] ?? '', codes, length)) return false;
      at = (at + 1) & mask;
    }
    this.ordered.push(codesText(length));
    this.slots[at] = this.ordered.length;
    this.hashes[at] = h;
    if (2 * this.ordered.length > mask) this.grow();
    return true;
  }

  /** Adds a comment line's opening, `first` and `second` (0 at the text's end); true when it is new. */
  addOpening(first: number, second: number): boolean {
    const key = first * 65536 + second;
    if (this.openings.includes(key)) return false;
    this.openings.push(key);
    const length = second === 0 ? 1 : 2;
    buffer[0] = first;
    buffer[1] = second;
    return this.addCodes(length, hashOf(length));
  }

  private grow(): void {
    const size = 2 * (this.mask + 1);
    const slots = new Int32Array(size);
    const hashes = new Int32Array(size);
    for (let at = 0; at <= this.mask; at++) {
      const slot = this.slots[at] ?? 0;
      if (slot === 0) continue;
      let to = (this.hashes[at] ?? 0) & (size - 1);
      while (slots[to] !== 0) to = (to + 1) & (size - 1);
      slots[to] = slot;
      hashes[to] = this.hashes[at] ?? 0;
    }
    this.slots = slots;
    this.hashes = hashes;
    this.mask = size - 1;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of `buffer[0..length)`, as the scanner computes it code by code. */
function hashOf(length: number): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ (buffer[i] ?? 0), FNV_PRIME);
  return hash;
}

function sameCodes(known: string, codes: Uint16Array, length: number): boolean {
  if (known.length !== length) return false;
  for (let i = 0; i < length; i++) if (known.charCodeAt(i) !== codes[i]) return false;
  return true;
}

const codes = (from: number, to: number) =>
  String.fromCharCode.apply(null, buffer.subarray(from, to) as unknown as number[]);

/** `buffer[0..length)` as a string (a very long line in pieces: a call takes a bounded number of arguments). */
function codesText(length: number): string {
  if (length <= PIECE) return codes(0, length);
  let out = '';
  for (let at = 0; at < length; at += PIECE) out += codes(at, Math.min(length, at + PIECE));
  return out;
}

/** The distinct line shapes of a text (see the header), in the order they first occur. */
export function lineShapes(text: string): Set<string> {
  const shapes = new ShapeSet();
  scanShapes(text, shapes);
  return new Set(shapes.ordered);
}

/**
 * Adds the line shapes of `text` to `seen` (one pass over its characters); true when one was new.
 * Each line's end is found first (`indexOf`, native), so the buffer is grown at most once per line
 * and a comment line's text is skipped without reading it; the shape's hash is computed as its
 * codes are put. A string may run past the line's end (a backslash before the newline), as before.
 */
function scanShapes(str: string, seen: ShapeSet): boolean {
  const text = unitsOf(str);
  const n = str.length;
  let fresh = false;
  let i = 0;
  let shape = buffer;
  while (i <= n) {
    let end = str.indexOf('\n', i);
    if (end < 0) end = n;
    if (shape.length < end - i) shape = buffer = new Uint16Array(Math.max(end - i, shape.length * 2));
    let length = 0;
    let hash = FNV_OFFSET;
    // Leading blanks are not part of the shape.
    while (i < end) {
      const c = text[i] ?? 0;
      if (c !== SPACE && c !== TAB) break;
      i++;
    }
    const c0 = i < end ? (text[i] ?? 0) : -1;
    if (c0 === STAR || (c0 === SLASH && (text[i + 1] === STAR || text[i + 1] === SLASH))) {
      // A comment line: `/**`, ` * text`, ` */`, `// text`; its text is data, its opening is the template's.
      if (seen.addOpening(c0, text[i + 1] ?? 0)) fresh = true;
      i = end + 1;
      continue;
    }
    let last = 0;
    while (i < end) {
      const c = text[i++] ?? 0;
      let code = c;
      if (WORD[c] === 1) {
        // most characters: a run of identifier or number characters is one `w`
        while (i < end && WORD[text[i] ?? 0] === 1) i++;
        code = W;
      } else if (c === SPACE || c === TAB) {
        if (last === SPACE) continue;
        code = SPACE;
      } else if (c === DQUOTE || c === SQUOTE) {
        while (i < n) {
          const e = text[i] ?? 0;
          if (e === BACKSLASH) i += 2;
          else if (e === c || e === NEWLINE) break;
          else i++;
        }
        if (i < n && text[i] === c) i++;
        code = S;
        if (i > end) {
          // The string went on past a backslash-newline: the line ends at the next newline from here.
          end = str.indexOf('\n', Math.min(i, n));
          if (end < 0) end = n;
          if (shape.length < length + 1 + end - i) {
            const grown = new Uint16Array(Math.max(length + 1 + end - i, shape.length * 2));
            grown.set(shape.subarray(0, length));
            shape = buffer = grown;
          }
        }
      }
      shape[length++] = code;
      last = code;
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    if (seen.addCodes(length, hash, shape)) fresh = true;
    i = end + 1;
  }
  return fresh;
}
