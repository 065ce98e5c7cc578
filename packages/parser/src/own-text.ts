import { Buffer } from 'node:buffer';

/**
 * A copy of a part of the markdown that does not hold on to the whole text. V8 cuts a substring of 13
 * characters or more (`slice`, a regex capture, `split`) as a view into its parent string, so one
 * kept string of a section (a description in a resource the memos keep, a cached block's cell) keeps
 * the whole markdown of the parse that read it alive. In a watch session every edit's text would
 * then stay in memory as long as one section parsed from it is unchanged (2.3 MB a text on the
 * 600-resource synthetic spec). A section is copied when it is parsed (and its title each time), so
 * what is parsed from a section keeps that section's text, not the document's (docs/benchmarks/watch.md).
 */
export function ownText(part: string): string {
  // Shorter substrings are copies already; a round trip through UTF-16 gives a string of its own
  // with the same code units (lone surrogates too, which a UTF-8 round trip would replace).
  return part.length < 13 ? part : Buffer.from(part, 'utf16le').toString('utf16le');
}
