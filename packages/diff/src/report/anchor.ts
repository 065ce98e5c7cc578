/**
 * Where a change reported in the base file goes in the checkout. Under `--base` the old spec is
 * `origin/main:spec/service-api.md`, a path no file of the checkout has, so a GitHub annotation
 * there is shown on no line. A removal is re-anchored in the new file:
 *
 * 1. its resource or structure still exists: the header row of that table;
 * 2. otherwise the innermost section (markdown heading) around the old line that the new file
 *    still has, matched by heading text (a removed resource lands on "## Resources and their fields");
 * 3. otherwise line 1.
 *
 * The message says where the subject stood in the base, so nothing is lost.
 */
import type { Spec } from '@specgen/ir';
import type { Change } from '../change.ts';

export interface AnchorInput {
  /** The file name removals carry, e.g. `origin/main:spec/service-api.md`. */
  oldFile: string;
  /** The spec's path in the checkout, e.g. `spec/service-api.md`. */
  newFile: string;
  /** The base as the user named it, e.g. `origin/main`. */
  base: string;
  oldText: string;
  newText: string;
  after: Spec;
}

export type Relocate = (change: Change) => Change;

export function relocateRemovals(input: AnchorInput): Relocate {
  const oldHeadings = headings(input.oldText);
  const newHeadingLine = new Map<string, number>();
  for (const h of headings(input.newText)) if (!newHeadingLine.has(h.key)) newHeadingLine.set(h.key, h.line);
  const pathInBase = input.oldFile.startsWith(`${input.base}:`)
    ? input.oldFile.slice(input.base.length + 1)
    : input.oldFile;
  return (change) => {
    if (change.location.file !== input.oldFile) return change;
    const line =
      tableLine(input.after, change.resource) ?? sectionLine(oldHeadings, newHeadingLine, change.location.line) ?? 1;
    const note = `It stood at line ${change.location.line} of ${pathInBase} in ${input.base}.`;
    return { ...change, location: { file: input.newFile, line }, message: `${change.message} ${note}` };
  };
}

/** The header row of the resource's (or structure's) field table in the new spec, else its heading. */
function tableLine(after: Spec, subject: string | null): number | null {
  if (subject === null) return null;
  const owner = after.resources.find((r) => r.name === subject) ?? after.structures.find((s) => s.name === subject);
  if (!owner) return null;
  const first = owner.fields[0];
  // The table's first row sits two lines under its header row (header, delimiter, row).
  return first && first.source.line - 2 > owner.source.line ? first.source.line - 2 : owner.source.line;
}

interface Heading {
  level: number;
  key: string;
  line: number;
}

function sectionLine(old: Heading[], newLines: Map<string, number>, oldLine: number): number | null {
  let level = Infinity;
  for (let i = old.length - 1; i >= 0; i--) {
    const h = old[i]!;
    if (h.line > oldLine || h.level >= level) continue;
    level = h.level;
    const line = newLines.get(h.key);
    if (line !== undefined) return line;
  }
  return null;
}

/** ATX headings outside fenced code, keyed by level and normalized text. */
function headings(text: string): Heading[] {
  const out: Heading[] = [];
  let fence: string | null = null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker[0]!;
      else if (marker[0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const m = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (m)
      out.push({
        level: m[1]!.length,
        key: `${m[1]!.length} ${m[2]!.replace(/\s+/g, ' ').toLowerCase()}`,
        line: i + 1,
      });
  }
  return out;
}
