/** Renders docs/diff-rules.md from the rule catalog (`pnpm tsx packages/diff/src/docs.ts > docs/diff-rules.md`). */
import { RULES, RULE_IDS, type Severity } from './rules.ts';

const ORDER: Severity[] = ['breaking', 'warning', 'info'];

export function renderRulesDoc(): string {
  const out = [
    '# Spec diff rules',
    '',
    '<!-- Generated from packages/diff/src/rules.ts by `pnpm tsx packages/diff/src/docs.ts > docs/diff-rules.md`; a test keeps it in sync. -->',
    '',
    'Every change `specgen diff` reports names one of these rules. Severity is judged from the side of a consumer of the read resources and the sign-in flows:',
    '`breaking` means code that reads the API (or drives the sign-in flow) may stop working; `warning` means it may meet something it does not expect;',
    '`info` is safe. Rules marked "addition" make a changeset bump the generated packages by a minor version when nothing is breaking.',
    '',
  ];
  for (const severity of ORDER) {
    const ids = RULE_IDS.filter((id) => RULES[id].severity === severity);
    out.push(`## ${severity} (${ids.length})`, '');
    for (const id of ids) {
      const doc = RULES[id];
      out.push(
        `### \`${id}\``,
        '',
        `Severity: **${doc.severity}**${doc.addition ? ' (addition)' : ''}`,
        '',
        doc.summary,
        '',
        `Example: ${doc.example}`,
        '',
      );
    }
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderRulesDoc());
