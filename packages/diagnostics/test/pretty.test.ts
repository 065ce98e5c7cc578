import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createDiagnostic, prettyReport, usePretty, useColor } from '../src/index.ts';

const SOURCE = ['# Spec', '', '| Field | Type | Notes |', '|---|---|---|', '| ForceRelogin | Bolean | Sent. |'].join(
  '\n',
);
const d = createDiagnostic('unknown-type', 'type "Bolean" is not ...; did you mean Boolean?', {
  file: 'spec.md',
  line: 5,
  column: 18,
});

describe('pretty reporter', () => {
  it('shows the source line with a caret under the column and the word', () => {
    const text = prettyReport([d], { color: false, source: (f) => (f === 'spec.md' ? SOURCE : undefined) });
    expect(text).toBe(
      [
        'spec.md:5:18 - error unknown-type: type "Bolean" is not ...; did you mean Boolean?',
        '',
        '5 | ForceRelogin | Bolean | Sent. |',
        '                   ^~~~~~',
        '',
        'Found 1 error and 0 warnings.',
        '',
      ].join('\n'),
    );
  });

  it('prints the header alone when the source is unknown, and colours only when asked', () => {
    const plain = prettyReport([d], { color: false });
    expect(plain).toBe(
      'spec.md:5:18 - error unknown-type: type "Bolean" is not ...; did you mean Boolean?\n\nFound 1 error and 0 warnings.\n',
    );
    const coloured = prettyReport([d], { color: true, source: () => SOURCE });
    expect(coloured).toContain('\u001b[31m^~~~~~\u001b[39m');
    expect(stripVTControlCharacters(coloured)).toBe(prettyReport([d], { color: false, source: () => SOURCE }));
  });
});

describe('when to use colour and the pretty format', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  it.each([
    [tty, {}, true],
    [pipe, {}, false],
    [tty, { NO_COLOR: '1' }, false],
    [tty, { NO_COLOR: '' }, true],
    [pipe, { FORCE_COLOR: '1' }, true],
    [tty, { FORCE_COLOR: '0' }, false],
    [tty, { NO_COLOR: '1', FORCE_COLOR: '1' }, true],
    [tty, { TERM: 'dumb' }, false],
  ])('%o with %o -> %s', (stream, env, want) => {
    expect(useColor(stream, env)).toBe(want);
  });

  it('is pretty on a TTY outside CI, or with --pretty; --no-pretty and CI keep one line', () => {
    expect(usePretty(tty, [], {})).toBe(true);
    expect(usePretty(pipe, [], {})).toBe(false);
    expect(usePretty(tty, [], { CI: 'true' })).toBe(false);
    expect(usePretty(pipe, ['--pretty'], { CI: 'true' })).toBe(true);
    expect(usePretty(tty, ['--no-pretty'], {})).toBe(false);
  });
});
