/** `specgen check-release` output: text (terminal), markdown (job summary), json, github (annotations). */
import { escapeData, escapeProperty } from '../report/github.ts';
import type { Format } from '../report/index.ts';
import { cell } from '../report/markdown.ts';
import { REASON_DOCS, type ReleaseCheck } from './check.ts';

export function renderReleaseCheck(check: ReleaseCheck, format: Format): string {
  switch (format) {
    case 'text':
      return renderText(check);
    case 'markdown':
      return renderMarkdown(check);
    case 'json':
      return `${JSON.stringify(toJson(check), null, 2)}\n`;
    case 'github':
      return renderGithub(check);
  }
}

const counts = (c: ReleaseCheck) =>
  `${c.summary.breaking} breaking, ${c.summary.warning} warning(s), ${c.summary.info} info since ${c.base}`;
const changesetLine = (c: ReleaseCheck) =>
  `pending changesets: ${c.changesets.pending.map((p) => p.file).join(', ') || 'none'}` +
  (c.changesets.onBase.length > 0 ? ` (already on ${c.base}, not counted: ${c.changesets.onBase.join(', ')})` : '');
const fix = (code: keyof typeof REASON_DOCS, check: ReleaseCheck) =>
  REASON_DOCS[code].fix.replace('<ref>', check.base).replace('<spec>', check.spec);

function renderText(check: ReleaseCheck): string {
  const lines = [
    `Release check: ${check.ok ? 'passed' : `failed (${check.reasons.length} reason${check.reasons.length === 1 ? '' : 's'})`}`,
    `  spec: ${counts(check)}`,
    `  ${changesetLine(check)}`,
  ];
  for (const r of check.reasons) {
    lines.push('', `${r.code}: ${r.message}`, `  fix: ${fix(r.code, check)}`);
    if (r.code === 'generated-stale') lines.push(...r.files.map((f) => `  stale: ${f}`));
  }
  return `${lines.join('\n')}\n`;
}

function renderMarkdown(check: ReleaseCheck): string {
  const out = [
    '## Release check',
    '',
    check.ok ? '**Passed.**' : `**Failed: ${check.reasons.length} reason${check.reasons.length === 1 ? '' : 's'}.**`,
    '',
    `- Spec: ${counts(check)}`,
    `- ${changesetLine(check).replace(/^p/, 'P')}`,
    '',
  ];
  if (check.reasons.length > 0) {
    out.push('| Reason | Details | To fix |', '|---|---|---|');
    for (const r of check.reasons) out.push(`| \`${r.code}\` | ${cell(r.message)} | \`${cell(fix(r.code, check))}\` |`);
    out.push('');
  }
  return out.join('\n');
}

function renderGithub(check: ReleaseCheck): string {
  const lines: string[] = [];
  for (const r of check.reasons) {
    const text = escapeData(`${r.message} To fix: ${fix(r.code, check)}`);
    const files = r.code === 'generated-stale' || r.code === 'changeset-invalid' ? r.files : [];
    if (files.length === 0) lines.push(`::error title=${escapeProperty(`release check: ${r.code}`)}::${text}`);
    for (const f of files)
      lines.push(`::error file=${escapeProperty(f)},title=${escapeProperty(`release check: ${r.code}`)}::${text}`);
  }
  lines.push(
    `::notice title=release check::${escapeData(check.ok ? `passed (${counts(check)})` : `failed: ${check.reasons.map((r) => r.code).join(', ')}`)}`,
  );
  return `${lines.join('\n')}\n`;
}

export function toJson(check: ReleaseCheck) {
  return {
    ok: check.ok,
    base: check.base,
    spec: check.spec,
    reasons: check.reasons.map((r) => ({ code: r.code, message: r.message, packages: r.packages, files: r.files })),
    summary: check.summary,
    packages: check.packages,
    changesets: check.changesets,
  };
}
