import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderRulesDoc, RULE_IDS, RULES } from '../src/index.ts';

const docPath = fileURLToPath(new URL('../../../docs/diff-rules.md', import.meta.url));
const doc = readFileSync(docPath, 'utf8');

describe('docs/diff-rules.md', () => {
  it('documents every rule id with its severity and an example', () => {
    for (const id of RULE_IDS) {
      const section = doc.split(`### \`${id}\`\n`)[1]?.split('\n### ')[0];
      expect(section, id).toBeDefined();
      expect(section).toContain(`Severity: **${RULES[id].severity}**`);
      expect(section).toMatch(/Example: \S/);
    }
  });
  it('documents no rule that does not exist', () => {
    const documented = [...doc.matchAll(/^### `([a-z-]+)`$/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...RULE_IDS]);
  });
  it('is up to date with the catalog (regenerate: pnpm tsx packages/diff/src/docs.ts > docs/diff-rules.md)', () => {
    expect(doc).toBe(renderRulesDoc());
  });
});
