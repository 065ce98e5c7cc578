/** Small rules of the extractors, each on its own. */
import { describe, expect, it } from 'vitest';
import { limitId, limitValue } from '../src/limits.ts';
import { notesEnumItems, statusItems } from '../src/enumeration.ts';
import { pathTail } from '../src/endpoints.ts';
import { sentences } from '../src/context.ts';
import { unknownId } from '../src/unknowns.ts';
import { parseSpec } from '../src/index.ts';
import { miniSpec } from './helpers.ts';

describe('limits', () => {
  it('reads durations in milliseconds, lengths and text', () => {
    expect(limitValue('MfaToken validity', '1.5 minutes')).toEqual({ kind: 'duration', milliseconds: 90_000 });
    expect(limitValue('Flow validity', '30 seconds')).toEqual({ kind: 'duration', milliseconds: 30_000 });
    expect(limitValue('Session lifetime', '2 hours')).toEqual({ kind: 'duration', milliseconds: 7_200_000 });
    expect(limitValue('Name length', 'at most 50')).toEqual({ kind: 'maxLength', value: 50 });
    expect(limitValue('Attempts', 'at most 5')).toEqual({ kind: 'text', text: 'at most 5' });
    expect(limitId('ManufacturerPartNumber length')).toBe('manufacturerPartNumberLength');
  });
});

describe('enumerations', () => {
  it('finds the value list inside longer notes', () => {
    const found = notesEnumItems('Bitmask. 0 = None, 1 = A, 2 = B. The context.')!;
    expect(found.bitmask).toBe(true);
    expect(found.items.map((i) => `${i.valueText}=${i.name}`)).toEqual(['0=None', '1=A', '2=B']);
    expect(notesEnumItems('No values here.')).toBeNull();
  });

  it('strips parenthetical remarks from status names', () => {
    expect(
      statusItems('0 NotInitialized, 1 Registrered (this spelling), 9 Historical.', 0).map(
        (i) => `${i.valueText} ${i.name}`,
      ),
    ).toEqual(['0 NotInitialized', '1 Registrered', '9 Historical']);
  });
});

describe('prose', () => {
  it('splits sentences after versions but not inside decimals', () => {
    expect(sentences('Queryable, introduced in version 2.18. Valid 1.5 minutes. Done').map((s) => s.text)).toEqual([
      'Queryable, introduced in version 2.18.',
      'Valid 1.5 minutes.',
      'Done',
    ]);
  });

  it('derives stable unknown ids, with a fallback from section and subject', () => {
    expect(unknownId('Other fields of LoginRequest: not shown.', 'Sign-in structures')).toBe(
      'structures.LoginRequest.fields',
    );
    expect(unknownId('Query options (filtering): not shown.', 'Read resources')).toBe('read.queryOptions');
    expect(unknownId('Retry policy of the webhooks: not shown.', 'Delivery guarantees')).toBe(
      'deliveryGuarantees.retryPolicyWebhooks',
    );
  });

  it('gives every "not shown" sentence of a section an unknown, repeated ids numbered', () => {
    const { spec } = parseSpec(
      miniSpec(
        [],
        '## Extras\n\nColour of the sky: not shown. Colour of the sea: not shown.\n\nColour of the sky: not shown.',
      ),
      'm.md',
    );
    expect(spec.unknowns.map((u) => u.id)).toEqual(['extras.colourSea', 'extras.colourSky', 'extras.colourSky.2']);
    expect(spec.unknowns[0]!.source).toMatchObject({ line: 23, column: 31 });
  });

  it('takes the path tail after the placeholders', () => {
    expect(pathTail('/{languageCode}/{companyNumber}/login/oidc/callback')).toBe('login/oidc/callback');
  });
});
