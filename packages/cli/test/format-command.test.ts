/** `specgen format [--check] [files]` and `specgen lsp` usage: in process, plus one run of the real CLI entry. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatSpecText } from '@specgen/parser';
import { formatCommand } from '../src/commands/format.ts';
import { lspCommand } from '../src/commands/lsp.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SPEC = readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8');
const HOME = process.cwd();

/** Runs a command in `cwd` (the folder the user is in), capturing stdout and stderr. */
async function run(command: { run(args: string[]): Promise<number> }, cwd: string, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  process.chdir(cwd);
  try {
    const status = await command.run(args);
    return { status, stdout, stderr };
  } finally {
    process.chdir(HOME);
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('specgen format', () => {
  it('--check exits 1 listing unformatted files; format writes them; then --check passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-format-'));
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec', 'a.md'), SPEC);
    writeFileSync(join(dir, 'spec', 'b.md'), formatSpecText(SPEC));
    writeFileSync(join(dir, 'notes.md'), SPEC);
    const check = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['--conditions=@specgen/source', join(ROOT, 'packages/cli/src/main.ts'), 'format', '--check'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(check).toMatchObject({ status: 1, stderr: 'spec/a.md: not formatted (run specgen format)\n' });
    expect(readFileSync(join(dir, 'spec', 'a.md'), 'utf8')).toBe(SPEC);
    expect(await run(formatCommand, dir)).toMatchObject({ status: 0, stdout: '1 formatted, 1 unchanged\n' });
    expect(readFileSync(join(dir, 'spec', 'a.md'), 'utf8')).toBe(formatSpecText(SPEC));
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe(SPEC);
    expect(await run(formatCommand, dir, '--check')).toMatchObject({ status: 0, stderr: '' });
    expect((await run(formatCommand, dir, '--check', 'notes.md')).status).toBe(1);
  });

  it('takes the files from specgen.config.json "spec", and refuses bad usage with status 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-format-config-'));
    mkdirSync(join(dir, 'api'));
    writeFileSync(join(dir, 'api', 'service.md'), SPEC);
    writeFileSync(join(dir, 'specgen.config.json'), JSON.stringify({ spec: 'api/*.md' }));
    expect(await run(formatCommand, dir, '--check')).toMatchObject({
      status: 1,
      stderr: 'api/service.md: not formatted (run specgen format)\n',
    });
    expect((await run(formatCommand, dir, '--fix')).status).toBe(2);
    expect(await run(formatCommand, dir, 'missing.md')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/cannot format missing.md/),
    });
    writeFileSync(join(dir, 'specgen.config.json'), JSON.stringify({ spec: 42 }));
    expect(await run(formatCommand, dir)).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/spec must be a path or glob/),
    });
  });
});

describe('specgen lsp', () => {
  it('needs --stdio, and its --help has an example', async () => {
    expect(await run(lspCommand, ROOT)).toMatchObject({ status: 2, stderr: expect.stringMatching(/expected --stdio/) });
    expect(lspCommand.help).toContain('example:\n  specgen lsp --stdio');
  });
});
