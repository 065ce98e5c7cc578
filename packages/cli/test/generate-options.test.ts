import { describe, expect, it } from 'vitest';
import { parseGenerateArgs } from '../src/generate/options.ts';
import { displayPath } from '../src/generate/display-path.ts';
import { packageVersionOf } from '../src/generate/package-version.ts';

describe('parseGenerateArgs', () => {
  it('has the documented defaults', () => {
    expect(parseGenerateArgs([])).toEqual({
      spec: 'spec/service-api.md',
      out: 'generated',
      templates: null,
      serviceVersion: null,
      check: false,
      watch: false,
      only: null,
      quiet: false,
      verbose: false,
      pretty: null,
      packageScope: null,
    });
  });

  it('reads --flag value and --flag=value', () => {
    expect(
      parseGenerateArgs([
        '--spec',
        'a.md',
        '--out=gen',
        '--templates',
        't',
        '--service-version=2.18',
        '--only',
        'types, validators',
        '--check',
        '--quiet',
      ]),
    ).toEqual({
      spec: 'a.md',
      out: 'gen',
      templates: 't',
      serviceVersion: '2.18',
      check: true,
      watch: false,
      only: ['types', 'validators'],
      quiet: true,
      verbose: false,
      pretty: null,
      packageScope: null,
    });
    expect(parseGenerateArgs(['--verbose', '--no-pretty'])).toMatchObject({ verbose: true, pretty: false });
  });

  it.each([
    [['--check=yes'], /--check takes no value/],
    [['--spec', '--check'], /--spec needs a value/],
    [['--only='], /--only needs a value/],
    [['extra'], /unknown option "extra"/],
    [['--service-version', '2.x'], /not a version/],
    [['--quiet', '--verbose'], /cannot be combined/],
    [['--package-scope', 'acme'], /not an npm scope/],
  ])('%j is refused', (args, message) => {
    expect(() => parseGenerateArgs(args)).toThrow(message);
  });
});

describe('pipeline helpers', () => {
  it('prints spec paths relative to the working directory with / separators', () => {
    expect(displayPath('spec/service-api.md', '/repo')).toBe('spec/service-api.md');
    expect(displayPath('/repo/spec/x.md', '/repo')).toBe('spec/x.md');
    expect(displayPath('/elsewhere/x.md', '/repo')).toBe('/elsewhere/x.md');
  });

  it('starts new packages at 0.1.0', () => {
    expect(packageVersionOf('/nonexistent', 'types')).toBe('0.1.0');
  });
});
