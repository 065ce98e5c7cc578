/**
 * `specgen docs` as users run it (the command in-process, after argv; commands.test.ts covers loading it): the site it writes is byte-identical
 * run after run, `--newest-only` removes the version folders an earlier run wrote (and nothing
 * else), `--base` adds the unreleased section, and bad input exits 2 with a message.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { docsCommand } from '../src/commands/docs.ts';

const work = mkdtempSync(join(tmpdir(), 'specgen-docs-cli-'));

/** The command in-process (the same code after argv), with its output captured. */
async function inProcess(args: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((t) => {
    stdout += String(t);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((t) => {
    stderr += String(t);
    return true;
  });
  const epoch = process.env['SOURCE_DATE_EPOCH'];
  process.env['SOURCE_DATE_EPOCH'] = '1767225600';
  try {
    return { status: await docsCommand.run(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    if (epoch === undefined) delete process.env['SOURCE_DATE_EPOCH'];
    else process.env['SOURCE_DATE_EPOCH'] = epoch;
  }
}

function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.set(relative(dir, join(d, e.name)), readFileSync(join(d, e.name), 'utf8'));
    }
  };
  walk(dir);
  return out;
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('specgen docs', () => {
  it('writes the same bytes twice; the feed carries SOURCE_DATE_EPOCH; --base adds the unreleased section', async () => {
    const [a, b] = [join(work, 'a'), join(work, 'b')];
    const first = await inProcess(['--out', a, '--base', 'HEAD', '--base-url', 'https://example.test/api']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/^\d+ written, 0 removed, 0 unchanged in [\d.]+ s: /);
    expect((await inProcess(['--out', b, '--base', 'HEAD', '--base-url', 'https://example.test/api'])).status).toBe(0);
    const [filesA, filesB] = [files(a), files(b)];
    expect(filesA.size).toBeGreaterThan(200);
    expect([...filesA.keys()]).toEqual([...filesB.keys()]);
    for (const [path, text] of filesA) expect(filesB.get(path) === text, path).toBe(true);
    const feed = filesA.get('changes.xml') ?? '';
    expect(feed).toContain('<updated>2026-01-01T00:00:00Z</updated>');
    expect(feed).toContain(
      '<link rel="self" type="application/atom+xml" href="https://example.test/api/changes.xml"/>',
    );
    expect(filesA.get('changes.html')).toContain('Unreleased: changes since <code>HEAD</code>');
  }, 120_000);

  it('--newest-only removes the older version folders of an earlier run and leaves other files alone', async () => {
    const dir = join(work, 'a');
    writeFileSync(join(dir, 'CNAME'), 'docs.example.test\n');
    const r = await inProcess(['--out', dir, '--newest-only']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ written, \d{3} removed, /);
    expect(readdirSync(dir).filter((n) => /^\d/.test(n))).toEqual(['26.8']);
    expect(existsSync(join(dir, 'CNAME'))).toBe(true);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('22.6/index.html');
  }, 120_000);

  it('exits 1 on a spec with errors, with each diagnostic at its file:line:column, and writes nothing', async () => {
    const spec = readFileSync(new URL('../../../spec/service-api.md', import.meta.url), 'utf8');
    const row = spec.split('\n').find((l) => l.startsWith('| PartRevisionId |')) ?? '';
    const broken = join(work, 'broken.md');
    writeFileSync(broken, spec.replace(row, `${row}\n${row}`));
    const r = await inProcess(['--spec', broken, '--out', join(work, 'broken-site'), '--no-pretty']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/broken\.md:\d+:\d+: error duplicate-field: /);
    expect(existsSync(join(work, 'broken-site'))).toBe(false);
  });

  it('exits 2 with a message on bad usage, a missing spec or an unknown git ref', async () => {
    for (const [args, message] of [
      [['--all-versions', '--newest-only'], 'exclude each other'],
      [['--base-url', 'ftp://x'], 'is not an http(s) URL'],
      [['--spec', 'nope.md'], 'cannot read nope.md: no such file'],
      [['--out', join(work, 'c'), '--base', 'no-such-ref-xyz'], 'cannot read'],
    ] as const) {
      const r = await inProcess([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  }, 120_000);
});
