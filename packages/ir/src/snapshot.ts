/**
 * The IR as a JSON snapshot: what `specgen generate` writes to `generated/server/ir.json` and what
 * the runtime loads instead of parsing the markdown spec. The snapshot's `"//"` key is the
 * "generated, do not edit" note; its last member, `positions`, states the spec positions that the
 * entries print without (snapshot-positions.ts); everything else must be a valid `Spec`. A snapshot
 * without `positions` (written before it existed) prints each `source` in place and loads as it is.
 */
import { Spec } from './schema.ts';
import { placePositions } from './snapshot-place.ts';
import { POSITIONS_MEMBER } from './snapshot-positions.ts';

/** Validates a snapshot's text; throws an Error naming `origin` and the first problem. */
export function specFromSnapshot(text: string, origin = 'ir.json'): Spec {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${origin}: not a JSON IR snapshot (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${origin}: not a JSON IR snapshot (expected an object)`);
  const { '//': _note, [POSITIONS_MEMBER]: positions, ...rest } = value as Record<string, unknown>;
  if (positions !== undefined) {
    try {
      placePositions(rest, positions);
    } catch (e) {
      throw new Error(
        `${origin}: the positions do not fit the snapshot's entries (${(e as Error).message}); ` +
          'it was edited or cut short: run `specgen generate` again',
      );
    }
  }
  const parsed = Spec.safeParse(rest);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${origin}: not a valid IR snapshot: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}
