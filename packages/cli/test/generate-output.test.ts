/** What `specgen generate` prints: progress on a terminal, one summary line elsewhere, --verbose, pretty diagnostics, a missing spec. */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runGenerate, scratch } from './generate-support.ts';

const MINE = ['--only', 'types,validators'];
const SUMMARY = /^\d+ written, \d+ removed, \d+ unchanged in \d+(\.\d)? m?s\n$/;

function asTerminal(): void {
  Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
  vi.stubEnv('NO_COLOR', '1');
  vi.stubEnv('CI', '');
}

afterEach(() => {
  Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
  vi.unstubAllEnvs();
});

describe('specgen generate output', () => {
  it('off a terminal prints only the summary line', async () => {
    const s = scratch();
    const run = await runGenerate(['--spec', s.spec, '--out', s.out, ...MINE]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(SUMMARY);
    expect(run.stdout).toMatch(/^33 written, 0 removed, 0 unchanged/);
    expect(run.stderr).toBe('');
  });

  it('on a terminal shows parse, each target with its file count, the syntax check and the write, then the summary', async () => {
    const s = scratch();
    asTerminal();
    const run = await runGenerate(['--spec', s.spec, '--out', s.out, ...MINE]);
    const lines = run.stderr.split('\n').filter(Boolean);
    expect(lines.map((l) => l.replace(/ \(\d+(\.\d)? m?s\)$/, ''))).toEqual([
      expect.stringMatching(/^✓ parse {6}.*spec\.md: 6 resources, 4 structures$/),
      '✓ types      14 files',
      '✓ validators 19 files',
      expect.stringMatching(/^✓ check {6}syntax of \d+ changed files$/),
      '✓ write      33 written, 0 removed',
    ]);
    expect(run.stdout).toMatch(SUMMARY);
    expect(lines.join('\n')).not.toContain('\u001b['); // NO_COLOR
  });

  it('--quiet prints nothing, --verbose lists every file with what happened to it', async () => {
    const s = scratch();
    asTerminal();
    expect(await runGenerate(['--spec', s.spec, '--out', s.out, '--quiet', ...MINE])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    writeFileSync(`${s.out}/types/src/index.ts`, '// edited\n');
    const run = await runGenerate(['--spec', s.spec, '--out', s.out, '--verbose', ...MINE]);
    const listed = run.stdout.split('\n').filter((l) => l.startsWith('  '));
    expect(listed).toHaveLength(33);
    const out = relative(process.cwd(), s.out);
    expect(listed).toContain(`  wrote     ${out}/types/src/index.ts`);
    expect(listed).toContain(`  unchanged ${out}/types/package.json`);
    expect(listed.filter((l) => l.startsWith('  unchanged '))).toHaveLength(32);
    expect(run.stdout.split('\n').at(-2)).toMatch(/^1 written, 0 removed, 32 unchanged/);
  });

  it('suggests the nearest spec when the file does not exist', async () => {
    const run = await runGenerate(['--spec', 'spec/service-apl.md', '--out', scratch().out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'specgen generate: cannot read spec/service-apl.md: no such file; did you mean spec/service-api.md?\n',
    );
    const other = await runGenerate(['--spec', 'nope.md', '--out', scratch().out]);
    expect(other.stderr).toBe(
      'specgen generate: cannot read nope.md: no such file; did you mean spec/service-api.md?\n',
    );
  });

  it('--pretty shows each spec error with its source line and a caret', async () => {
    const s = scratch();
    const { readFileSync } = await import('node:fs');
    writeFileSync(
      s.spec,
      readFileSync(s.spec, 'utf8').replace('| ForceRelogin | Boolean |', '| ForceRelogin | Bolean |'),
    );
    const run = await runGenerate(['--spec', s.spec, '--out', s.out, '--pretty', ...MINE]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(':27:18 - error unknown-type: type "Bolean"');
    expect(run.stderr).toContain(
      'did you mean Boolean?\n\n27 | ForceRelogin | Bolean | Sent in the OIDC initiate body. |\n                    ^~~~~~\n',
    );
    const plain = await runGenerate(['--spec', s.spec, '--out', s.out, ...MINE]);
    expect(plain.stderr.split('\n')[0]).toMatch(
      /spec\.md:27:18: error unknown-type: type "Bolean" .*; did you mean Boolean\?$/,
    );
  });
});
