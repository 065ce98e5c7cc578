/**
 * A large generated file as fragments (`GeneratedFile.chunks`): the generators of openapi.json,
 * openapi.yaml and ir.json keep each entry's text between runs (by the entry's identity), so the
 * file of a watch edit is the same fragment strings as the last run's but for the few the edit
 * touched. Watch mode compares and patches such a file fragment by fragment (the CLI's
 * patch-chunks.ts) and never joins its 15-17 MB; `contents` joins the fragments when something
 * asks for the whole text (a one-shot run's staging, --check), once per file object.
 */
import type { GeneratedFile } from './files.ts';

/** A file whose text is `chunks` in order; `contents` is their join, made on first use. */
export function chunkedFile(path: string, chunks: readonly string[]): GeneratedFile {
  let joined: string | undefined;
  return {
    path,
    chunks,
    get contents() {
      return (joined ??= chunks.join(''));
    },
  };
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
