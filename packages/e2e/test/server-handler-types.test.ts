/**
 * Overrides must satisfy the generated `Handlers` types (test/handler-types/overrides.ts):
 * 1. tsc compiles the file: every `@ts-expect-error` there is an error, the correct overrides are not;
 * 2. tsc compiles a copy without the directives and reports an error on exactly the lines the
 *    directives stood above (a wrong field type, a wrong Id type, a missing field, an unknown
 *    `$select` key, a misused body field, an unknown handler group), and nowhere else.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const HERE = join(import.meta.dirname, 'handler-types');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const BASE_CONFIG = join(import.meta.dirname, '../../../tsconfig.base.json');

async function tsc(dir: string, file: string): Promise<{ code: number; output: string }> {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: BASE_CONFIG, include: [file] }));
  try {
    const { stdout } = await run(
      process.execPath,
      [TSC, '--noEmit', '--pretty', 'false', '-p', join(dir, 'tsconfig.json')],
      { cwd: dir },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  }
}

describe('handler overrides are type-checked against the generated Handlers', () => {
  it('wrong field types, unknown fields and unknown handlers do not compile; correct overrides do', {
    timeout: 180_000,
  }, async () => {
    const source = readFileSync(join(HERE, 'overrides.ts'), 'utf8');
    const lines = source.split('\n');
    const directive = (line: string) => /^\s*\/\/ @ts-expect-error/.test(line);
    const plain = lines.filter((l) => !directive(l));
    // 1-based line numbers, in the copy without directives, of the lines that followed a directive.
    const expected = lines.flatMap((l, i) =>
      directive(l) ? [i + 2 - lines.slice(0, i + 1).filter(directive).length] : [],
    );
    expect(expected.length).toBe(6);
    // Both copies sit next to the fixture so that packages resolve the same way.
    const dir = mkdtempSync(join(HERE, 'tmp-'));
    try {
      writeFileSync(join(dir, 'overrides.ts'), source);
      const plainDir = mkdtempSync(join(HERE, 'tmp-'));
      writeFileSync(join(plainDir, 'overrides.ts'), plain.join('\n'));
      try {
        const [withDirectives, withoutDirectives] = await Promise.all([
          tsc(dir, 'overrides.ts'),
          tsc(plainDir, 'overrides.ts'),
        ]);
        expect(withDirectives.output).toBe('');
        expect(withDirectives.code).toBe(0);
        expect(withoutDirectives.code).not.toBe(0);
        const errorLines = [...withoutDirectives.output.matchAll(/overrides\.ts\((\d+),\d+\): error TS\d+/g)].map((m) =>
          Number(m[1]),
        );
        expect(errorLines.sort((a, b) => a - b)).toEqual(expected);
      } finally {
        rmSync(plainDir, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
