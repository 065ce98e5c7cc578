/** Files written on libuv's thread pool (pool-writes.ts): their bytes, a failed write, few descriptors. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { poolWrites } from '../src/pool-writes.ts';

const dir = mkdtempSync(join(tmpdir(), 'specgen-pool-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('poolWrites', () => {
  it('writes the UTF-8 bytes of each text, replacing a file that was there', async () => {
    const texts: Record<string, string> = {
      'ascii.ts': 'export const a = 1;\n',
      'empty.ts': '',
      'wide.ts': '// é ü 漢字 😀 \u2028\n',
      'large.json': `${'{"k": "é😀"},\n'.repeat(40_000)}\n`,
      'replaced.ts': 'after\n',
    };
    writeFileSync(join(dir, 'replaced.ts'), 'a longer text that was there before\n');
    const pool = poolWrites();
    for (const [name, text] of Object.entries(texts)) pool.write(join(dir, name), text);
    await pool.done();
    for (const [name, text] of Object.entries(texts))
      expect(readFileSync(join(dir, name)).equals(Buffer.from(text, 'utf8')), name).toBe(true);
  });

  it('rejects with the first failure once every write is over; the other files are written', async () => {
    const into = join(dir, 'failing');
    mkdirSync(join(into, 'taken.ts'), { recursive: true });
    const pool = poolWrites();
    pool.write(join(into, 'a.ts'), 'a\n');
    pool.write(join(into, 'taken.ts'), 'a folder is in the way\n');
    pool.write(join(into, 'missing-folder/b.ts'), 'b\n');
    pool.write(join(into, 'c.ts'), 'c\n');
    await expect(pool.done()).rejects.toThrow(/EISDIR|ENOENT/);
    expect(readdirSync(into).sort()).toEqual(['a.ts', 'c.ts', 'taken.ts']);
    // a later call says the same: the failure is kept
    await expect(pool.done()).rejects.toThrow(/EISDIR|ENOENT/);
  });

  it('resolves at once when nothing is in flight', async () => {
    await expect(poolWrites().done()).resolves.toBeUndefined();
  });

  it('waits for a descriptor when the process has none left (EMFILE), and writes every file', () => {
    // A child process limited to 48 open files writes 400 while it is busy: most opens find no descriptor.
    const into = join(dir, 'many');
    mkdirSync(into);
    const script = join(dir, 'many.mts');
    const module = fileURLToPath(new URL('../src/pool-writes.ts', import.meta.url));
    writeFileSync(
      script,
      `import { poolWrites } from ${JSON.stringify(module)};
const pool = poolWrites();
for (let i = 0; i < 400; i++) pool.write(${JSON.stringify(into)} + '/f' + i + '.ts', 'file ' + i + '\\n');
// busy as a run that renders its next target: the pool opens files meanwhile, and their callbacks wait
const until = Date.now() + 300;
while (Date.now() < until);
await pool.done();
`,
    );
    execFileSync('bash', ['-c', 'ulimit -n 48 && exec "$0" --import tsx "$1"', process.execPath, script], {
      stdio: 'pipe',
    });
    const names = readdirSync(into);
    expect(names).toHaveLength(400);
    for (const name of names) expect(readFileSync(join(into, name), 'utf8')).toBe(`file ${name.slice(1, -3)}\n`);
  });
});
