/**
 * What the IR and the section cache keep must not hold whole markdown texts: V8 cuts substrings as
 * views into their parent string, so without the copies of own-text.ts every watch edit's text
 * stayed in memory as long as one resource parsed from it was kept (by the generators' memos, by
 * a twin's first object). The child parses through edits that add a row and remove it again, keeps
 * every spec, and counts the whole texts a heap snapshot still holds after a full GC.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./kept-texts-child.ts', import.meta.url));

it('keeps no markdown text of earlier edits alive through the IR it gave', { timeout: 60_000 }, () => {
  const out = execFileSync(
    process.execPath,
    ['--conditions=@specgen/source', '--import', 'tsx', '--expose-gc', CHILD],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const { texts, edits, specs } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as {
    texts: number;
    edits: number;
    specs: number;
  };
  expect(specs).toBe(edits + 1);
  // The text parsed last (the section cache compares the next parse with it), not one per edit.
  expect(texts).toBe(1);
});
