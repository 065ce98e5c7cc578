/**
 * `TemplateEngine.endsWithoutBlank`: a caller may skip `trimEnd()` (a copy of the whole rendered text)
 * only when every text the template renders ends without whitespace, as its source shows.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from '../src/templates.ts';

function overrides(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'specgen-templates-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('endsWithoutBlank', () => {
  it('holds for the built-in schema object part, which renders without a final newline', () => {
    const engine = createTemplateEngine();
    expect(engine.endsWithoutBlank?.('validators', 'schema-object')).toBe(true);
    const text = engine.render('validators', 'schema-object', {
      doc: ['A record.'],
      schemaName: 'OrderSchema',
      typeName: 'Order',
      open: false,
      shape: '{}',
      parser: null,
    });
    expect(text.endsWith(');')).toBe(true);
    expect(text.trimEnd()).toBe(text);
  });

  it('does not hold for an override that ends with a newline, a tag or a comment without ~', () => {
    const engine = createTemplateEngine(
      overrides({
        'x/newline.hbs': 'const a = {{a}};\n',
        'x/tag.hbs': 'const a = {{a}}{{!-- c --~}}\n',
        'x/plain-comment.hbs': 'const a = 1;{{!-- c --}}\n',
        'x/closed-inside.hbs': 'const a = 1;{{!-- c --}} {{a}} {{!-- d --~}}\n',
        'x/stripped.hbs': 'const a = {{a}};{{!-- the end --~}}\n\n',
      }),
    );
    expect(engine.endsWithoutBlank?.('x', 'newline')).toBe(false);
    expect(engine.endsWithoutBlank?.('x', 'tag')).toBe(false);
    expect(engine.endsWithoutBlank?.('x', 'plain-comment')).toBe(false);
    expect(engine.endsWithoutBlank?.('x', 'closed-inside')).toBe(false);
    expect(engine.endsWithoutBlank?.('x', 'stripped')).toBe(true);
    expect(engine.render('x', 'stripped', { a: 1 })).toBe('const a = 1;');
  });
});
