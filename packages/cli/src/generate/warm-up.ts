/**
 * Watch mode's warm-up: once the initial run is done, and while nothing else happens, the pipeline
 * runs on edits of the spec (a field's notes edited, a row added to a resource, the field's notes
 * again), each followed by the spec as it is, so that the user's first saves find the code optimized
 * and the generators' moved-entry paths exercised. A warm-up run writes, stages and prints nothing:
 * it stops before the write (`WarmUpRehearsed`), and the last run is on the spec's own text, so every
 * memo ends as after the initial run. A save (or a template change) during the warm-up stops it at the
 * next target; see docs/decisions/generate.md.
 */
import type { Spec } from '@specgen/ir';

/**
 * Below this size (characters of spec text) there is no warm-up: the real spec (29 KB) regenerates
 * in a few tens of ms cold or warm, and the warm-up would cost more than it could save.
 */
export const WARM_UP_MIN_CHARS = 256 * 1024;

/** Thrown by the warm-up's hooks when a save (or a template change, or `close`) came: the warm-up ends. */
export class WarmUpStop extends Error {}
/** Thrown by a rehearsal run where it would write: it writes nothing, and the warm-up goes on. */
export class WarmUpRehearsed extends Error {}

/** `SPECGEN_WATCH_WARMUP`: `0` never, `1` always (also for a small spec), unset: for specs of `WARM_UP_MIN_CHARS`. */
export function wantsWarmUp(setting: string | undefined, specChars: number): boolean {
  if (setting === '0') return false;
  if (setting === '1') return true;
  return specChars >= WARM_UP_MIN_CHARS;
}

/**
 * The texts the warm-up runs on: one field's notes edited, the spec, a row added to the first resource
 * (a copy of that plain field row under a name the spec does not use), the spec, the field edit and
 * the spec again.
 * Empty when no row fits (the warm-up then does nothing).
 */
export function warmUpTexts(text: string, spec: Spec): string[] {
  const lines = text.split('\n');
  for (const resource of spec.resources) {
    for (const field of resource.fields) {
      if (field.type.base.kind !== 'scalar' || field.type.array || field.name.endsWith('Id')) continue;
      const at = field.source.line - 1;
      const row = lines[at];
      if (row === undefined || !row.startsWith(`| ${field.name} |`)) continue;
      const cells = row.split(' | ');
      if (cells.length < 3) continue;
      let name = `${field.name}Warmup`;
      for (let n = 2; text.includes(name); n++) name = `${field.name}Warmup${n}`;
      const added = [
        ...lines.slice(0, at + 1),
        row.replace(`| ${field.name} |`, `| ${name} |`),
        ...lines.slice(at + 1),
      ];
      const notes = [...cells];
      notes[2] = cells.length === 3 ? `${notes[2]?.slice(0, -2)} (warm-up) |` : `${notes[2]} (warm-up)`;
      const edited = [...lines.slice(0, at), notes.join(' | '), ...lines.slice(at + 1)];
      // The field edit first: a save during it meets memos one field away from its own spec; and
      // last again: the field paths, warmed before the row's, were measured to stay slower without it.
      const notesEdited = edited.join('\n');
      return [notesEdited, text, added.join('\n'), text, notesEdited, text];
    }
  }
  return [];
}
