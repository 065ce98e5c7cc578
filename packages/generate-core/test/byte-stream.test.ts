import { describe, expect, it } from 'vitest';
import { ByteStream } from '../src/index.ts';

/** Everything a stream handed over, copied at once (the stream reuses its buffer after `out` returns). */
function streamed(pieces: readonly string[]): { bytes: Buffer; calls: number; normalized: boolean } {
  const parts: Buffer[] = [];
  const stream = new ByteStream((b) => parts.push(Buffer.from(b)));
  for (const p of pieces) stream.push(p);
  const normalized = stream.endsNormalized();
  stream.end();
  return { bytes: Buffer.concat(parts), calls: parts.length, normalized };
}

describe('ByteStream (a large file written as it is made)', () => {
  it('hands over the UTF-8 bytes of the joined pieces, in order', () => {
    const pieces = ['{\n  "a": ', '"é — ✓"', ',\n  "b": [1, 2]', '\n}\n'];
    expect(streamed(pieces).bytes.equals(Buffer.from(pieces.join('')))).toBe(true);
  });

  it('never cuts a character: a surrogate pair split between two pieces is written whole', () => {
    const pieces = ['emoji: \ud83d', '\ude00 and more', '\n'];
    const { bytes } = streamed(pieces);
    expect(bytes.toString('utf8')).toBe('emoji: 😀 and more\n');
    expect(bytes.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
  });

  it('writes a lone surrogate at the end as Buffer.from does (the replacement character)', () => {
    expect(streamed(['x\ud83d']).bytes.equals(Buffer.from('x\ud83d'))).toBe(true);
  });

  it('reuses one buffer: megabytes of pieces go out in a few writes, a piece larger than the buffer alone', () => {
    const line = `${'"key": "value",'.repeat(40)}\n`;
    const pieces = Array.from({ length: 8000 }, () => line);
    pieces.push('x'.repeat(3 << 20), '\n');
    const { bytes, calls } = streamed(pieces);
    expect(bytes.equals(Buffer.from(pieces.join('')))).toBe(true);
    expect(calls).toBeLessThan(20);
  });

  it('tells whether the text ends as normalize leaves it (one newline, no blank before it)', () => {
    expect(streamed(['a', '\n']).normalized).toBe(true);
    expect(streamed(['a\n', '\n']).normalized).toBe(false);
    expect(streamed(['a ', '\n']).normalized).toBe(false);
    expect(streamed(['a']).normalized).toBe(false);
  });

  it('hands over nothing for no text', () => {
    expect(streamed([]).calls).toBe(0);
    expect(streamed(['', '']).calls).toBe(0);
  });
});
