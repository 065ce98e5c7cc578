/**
 * Plain-text flattening of the inline constructs the fast path can read exactly as micromark does:
 * literal text, single-backtick code spans on one line, `<tag>` (raw HTML, kept as written), `&` that
 * starts no entity, intraword `_`, a leading `**label**`. Anything else returns null (micromark decides).
 */
const TAG = /^<[A-Za-z][A-Za-z0-9-]*>/;
const ENTITY = /^&[#A-Za-z0-9]+;/;
const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Every character the loop below acts on: a line without any is its own text (most cells of a spec). */
const SPECIAL = /[`<&_[\]*\\!]/;

/** Whether `line` holds a character inlineText acts on (when not, inlineText gives `line` back). */
export function hasInlineMarkup(line: string): boolean {
  return SPECIAL.test(line);
}

export function inlineText(line: string): string | null {
  // Found by the regular expression engine's scan, not by a comparison of each character here.
  const first = line.search(SPECIAL);
  if (first < 0) return line;
  let out = '';
  let from = 0;
  for (let i = first; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 96) {
      // `code`
      if (line.charCodeAt(i + 1) === 96 || line.charCodeAt(i - 1) === 96) return null;
      const close = line.indexOf('`', i + 1);
      if (close < 0 || line.charCodeAt(close + 1) === 96) return null;
      let content = line.slice(i + 1, close);
      if (content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '')
        content = content.slice(1, -1);
      out += line.slice(from, i) + content;
      i = close;
      from = close + 1;
    } else if (c === 60) {
      // <tag>
      const tag = TAG.exec(line.slice(i));
      if (!tag) return null;
      i += tag[0].length - 1;
    } else if (c === 38) {
      // &
      if (ENTITY.test(line.slice(i))) return null;
    } else if (c === 95) {
      // _ inside a word only
      if (!isAlnum(line.charCodeAt(i - 1)) || !isAlnum(line.charCodeAt(i + 1))) return null;
    } else if (c === 91) {
      // [] (array types) only
      if (line.charCodeAt(i + 1) !== 93) return null;
      i++;
    } else if (c === 42 || c === 92 || c === 93 || (c === 33 && line.charCodeAt(i + 1) === 91)) {
      return null; // * \ ] ![
    }
  }
  return from === 0 ? line : out + line.slice(from);
}

const LEADING_STRONG = /^\*\*([A-Za-z0-9](?:[A-Za-z0-9 ]*[A-Za-z0-9])?)\*\*(?=[ \t]|$)/;

/** A paragraph's first line with an optional leading `**label**`: the label and the flattened line. */
export function inlineWithLabel(line: string): { strong: string | null; text: string } | null {
  const label = LEADING_STRONG.exec(line);
  const rest = inlineText(label ? line.slice(label[0].length) : line);
  if (rest === null) return null;
  return label ? { strong: label[1]!, text: label[1]! + rest } : { strong: null, text: rest };
}
