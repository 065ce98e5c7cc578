import { describe, expect, it } from 'vitest';
import { exitStatus, parseDiffArgs, UsageError } from '../src/index.ts';

describe('diff options', () => {
  it('two files, with defaults', () => {
    expect(parseDiffArgs(['a.md', 'b.md'])).toEqual({
      oldPath: 'a.md',
      newPath: 'b.md',
      base: null,
      format: 'text',
      failOn: 'breaking',
      changeset: null,
      packageScope: null,
    });
  });
  it('--base with one file, flags in any position, --opt=value form', () => {
    expect(parseDiffArgs(['--base', 'origin/main', 'spec/service-api.md', '--format', 'markdown'])).toMatchObject({
      oldPath: null,
      newPath: 'spec/service-api.md',
      base: 'origin/main',
      format: 'markdown',
    });
    expect(parseDiffArgs(['--fail-on=none', 'a.md', 'b.md', '--format=json'])).toMatchObject({
      failOn: 'none',
      format: 'json',
    });
  });
  it('--changeset with and without a directory', () => {
    expect(parseDiffArgs(['a.md', 'b.md', '--changeset']).changeset).toBe('.changeset');
    expect(parseDiffArgs(['--changeset', 'a.md', 'b.md']).changeset).toBe('.changeset');
    expect(parseDiffArgs(['a.md', 'b.md', '--changeset', 'out/cs']).changeset).toBe('out/cs');
    expect(parseDiffArgs(['--changeset=out', 'a.md', 'b.md']).changeset).toBe('out');
  });
  it.each([
    [['a.md'], /give two spec files/],
    [['a.md', 'b.md', 'c.md'], /give two spec files/],
    [['--base', 'main', 'a.md', 'b.md'], /exactly one spec file/],
    [['a.md', 'b.md', '--format', 'html'], /--format must be one of text, markdown, json, github; got "html"/],
    [['a.md', 'b.md', '--fail-on', 'info'], /--fail-on must be one of breaking, warning, none/],
    [['a.md', 'b.md', '--format'], /--format needs a value/],
    [['a.md', 'b.md', '--verbose'], /unknown option --verbose/],
  ])('%j is a usage error', (args, message) => {
    expect(() => parseDiffArgs(args)).toThrow(UsageError);
    expect(() => parseDiffArgs(args)).toThrow(message);
  });
  it('exit status follows --fail-on', () => {
    const none = { breaking: 0, warning: 0 };
    const warn = { breaking: 0, warning: 2 };
    const brk = { breaking: 1, warning: 0 };
    expect([exitStatus(none, 'breaking'), exitStatus(warn, 'breaking'), exitStatus(brk, 'breaking')]).toEqual([
      0, 0, 1,
    ]);
    expect([exitStatus(none, 'warning'), exitStatus(warn, 'warning'), exitStatus(brk, 'warning')]).toEqual([0, 1, 1]);
    expect([exitStatus(none, 'none'), exitStatus(warn, 'none'), exitStatus(brk, 'none')]).toEqual([0, 0, 0]);
  });
});
