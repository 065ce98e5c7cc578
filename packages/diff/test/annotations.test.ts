/**
 * GitHub annotations of a `--base` diff: every one names a file of the checkout (never
 * `origin/main:spec/...`) and a line there. A removal lands on its resource's table in the new
 * file, or on the section that held it, and its message says where it stood in the base.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDiff } from '../src/index.ts';
import { parseSpec } from '@specgen/parser';
import { specRepo } from './git-repo.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

async function annotate(oldSpec: string, newSpec: string, format = 'github', from = '.') {
  const repo = specRepo(oldSpec, newSpec);
  try {
    let stdout = '';
    const spec = from === '.' ? 'spec/service-api.md' : 'service-api.md';
    await runDiff(['--base', 'origin/main', spec, '--format', format, '--fail-on', 'none'], {
      stdout: (t) => {
        stdout += t;
      },
      stderr: () => {},
      cwd: join(repo.dir, from),
      parse: parseSpec,
    });
    return stdout;
  } finally {
    repo.remove();
  }
}

/** 1-based line of the first line matching `pattern` at or after line `from`. */
const lineOf = (text: string, pattern: RegExp, from = 1) =>
  text.split('\n').findIndex((l, i) => i + 1 >= from && pattern.test(l)) + 1;
const annotation = (out: string, title: string) => out.split('\n').find((l) => l.includes(`title=${title}::`));

describe('--base annotations name the checkout file', () => {
  it('a removed field: the header row of its resource table in the new file; the message gives the base line', async () => {
    const newSpec = fixture('fields/new.md');
    const out = await annotate(fixture('base.md'), newSpec);
    const table = lineOf(newSpec, /^\| Name \|/, lineOf(newSpec, /^### ProductRecords$/));
    expect(annotation(out, 'field-removed ProductRecords.BlockedFromDate')).toBe(
      `::error file=spec/service-api.md,line=${table},title=field-removed ProductRecords.BlockedFromDate::ProductRecords.BlockedFromDate (DateTimeOffset?) was removed. It stood at line 76 of spec/service-api.md in origin/main.`,
    );
  });

  it('a removed resource: the section that held it in the new file', async () => {
    const newSpec = fixture('resources/new.md');
    const out = await annotate(fixture('base.md'), newSpec);
    const line = annotation(out, 'resource-removed CustomerOrderRowInflows')!;
    expect(line).toContain(`file=spec/service-api.md,line=${lineOf(newSpec, /^## Resources and their fields$/)},`);
    expect(line).toMatch(/It stood at line 158 of spec\/service-api\.md in origin\/main\.$/);
  });

  it("run from a sub-folder, annotations still name the file from the repository's top folder", async () => {
    const out = await annotate(fixture('base.md'), fixture('fields/new.md'), 'github', 'spec');
    expect(annotation(out, 'field-removed ProductRecords.BlockedFromDate')).toMatch(
      /^::error file=spec\/service-api\.md,line=\d+,.*It stood at line 76 of service-api\.md in origin\/main\.$/,
    );
    expect(
      out
        .split('\n')
        .filter((l) => l.includes('file='))
        .every((l) => l.includes('file=spec/service-api.md,')),
    ).toBe(true);
  });

  it('no annotation names a file outside the checkout; the markdown report still names the base', async () => {
    for (const pair of ['fields', 'resources', 'enums', 'signin', 'signin2']) {
      const out = await annotate(fixture('base.md'), fixture(`${pair}/new.md`));
      for (const l of out.split('\n').filter((x) => x.startsWith('::') && x.includes('file='))) {
        expect(l).toMatch(/^::(error|warning|notice) file=spec\/service-api\.md,line=[1-9]\d*,/);
      }
    }
    expect(await annotate(fixture('base.md'), fixture('fields/new.md'), 'markdown')).toContain(
      'origin/main:spec/service-api.md:76',
    );
  });
});
