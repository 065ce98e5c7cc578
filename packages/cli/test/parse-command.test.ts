/** `specgen parse`: IR on stdout (byte-identical across runs), diagnostics on stderr, exit status. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseSpec } from '@specgen/parser';
import { toStableJson } from '@specgen/parser/json';
import { miniSpec } from '@specgen/parser/testing';
import { parseCommand } from '../src/commands/parse.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Runs the command in process, capturing stdout and stderr. */
async function runInProcess(...args: string[]) {
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
  const code = await parseCommand.run(args);
  vi.restoreAllMocks();
  return { stdout, stderr, code };
}

afterEach(() => vi.restoreAllMocks());

describe('specgen parse (in process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-parse-'));
  const bad = join(dir, 'bad.md');
  writeFileSync(bad, miniSpec(['| Count | int | Number. | - |']));

  it('prints the IR JSON, byte-identical for the same input, and exits 0', async () => {
    const a = await runInProcess('spec/service-api.md');
    const b = await runInProcess('spec/service-api.md');
    expect(a).toMatchObject({ code: 0, stderr: '' });
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toBe(
      toStableJson(parseSpec(readFileSync(join(ROOT, 'spec/service-api.md'), 'utf8'), 'spec/service-api.md').spec),
    );
  });

  it('prints diagnostics as file:line:column: severity code: message and exits 1 on errors', async () => {
    const r = await runInProcess(bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${bad}:12:11: error unknown-type: type "int" is not one of Int64, Int32, Decimal, Boolean, String, DateTimeOffset, TimeSpan and not a resource or structure name; did you mean Int32?\n`,
    );
    const gh = await runInProcess(bad, '--quiet', '--format', 'github');
    expect(gh.stdout).toBe('');
    expect(gh.stderr).toMatch(/^::error file=.*bad\.md,line=12,col=11,title=unknown-type::/);
  });

  it('answers bad usage with exit 2 and a message', async () => {
    expect(await runInProcess('no-such-file.md')).toMatchObject({
      code: 2,
      stderr: 'specgen parse: cannot read no-such-file.md: no such file; did you mean spec/service-api.md?\n',
    });
    expect((await runInProcess(bad, '--prety')).stderr).toContain('unknown option "--prety"');
    const pretty = await runInProcess(bad, '--pretty', '--quiet');
    expect(pretty.code).toBe(1);
    expect(pretty.stderr).toMatch(
      /:12:11 - error unknown-type: .*did you mean Int32\?\n\n12 \| Count \| int \| .*\n {13}\^~~\n/,
    );
    expect((await runInProcess()).stderr).toContain('expected one spec file');
    expect((await runInProcess(bad, '--format', 'xml')).stderr).toContain('unknown --format "xml"');
  });

  it('prints a summary with --summary', async () => {
    const r = await runInProcess('spec/service-api.md', '--summary');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('resources:   6 (211 fields');
    expect(r.stdout).toContain('versions:    30, 2.18 .. 26.8');
    expect(r.stdout).toContain('not shown:   17: ');
  });

  it('prints the JSON Schema with --schema; the help has an example', async () => {
    expect(JSON.parse((await runInProcess('--schema')).stdout).$schema).toContain('2020-12');
    expect(parseCommand.help).toContain('example:');
  });
});

describe('pnpm specgen parse (a real process)', () => {
  it('writes the IR to stdout, diagnostics to stderr and exits 1 on errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'specgen-parse-'));
    const file = join(dir, 'bad.md');
    writeFileSync(file, miniSpec(['| Count | int | Number. | - |']));
    const result = await promisify(execFile)('node', ['--import', 'tsx', 'packages/cli/src/main.ts', 'parse', file], {
      cwd: ROOT,
    }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { stdout: string; stderr: string; code: number }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:12:11: error unknown-type:`);
    expect(JSON.parse(result.stdout).kind).toBe('spec');
  }, 60_000);
});
