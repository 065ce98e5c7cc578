/** The spec section a line belongs to: the nearest markdown heading above it. */
export function sectionOf(text: string | undefined, line: number): string {
  if (text === undefined) return '(spec)';
  const lines = text.split(/\r?\n/);
  for (let i = Math.min(line, lines.length) - 1; i >= 0; i--) {
    const m = /^(#{1,6})\s+(.*)$/.exec(lines[i] ?? '');
    if (m) return (m[2] ?? '').trim();
  }
  return '(spec)';
}
