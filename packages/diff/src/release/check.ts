/**
 * The release gate: given the spec diff since the base, the pending changesets, the generated
 * packages and the stale generated files, every reason the branch cannot be released as it is.
 * Pure: reading git, the changesets and the generated output happens in the caller.
 */
import type { DiffResult } from '../diff.ts';
import type { Changesets } from './pending.ts';

export const REASON_CODES = [
  'changeset-missing',
  'major-bump-missing',
  'generated-stale',
  'changeset-invalid',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/** What each reason means and how to clear it; a code without a doc does not compile. */
export const REASON_DOCS: Record<ReasonCode, { summary: string; fix: string }> = {
  'changeset-missing': {
    summary: 'The spec changed since the base, and no pending changeset releases these generated packages.',
    fix: 'pnpm specgen diff --base <ref> <spec> --changeset --fail-on none, then commit .changeset/',
  },
  'major-bump-missing': {
    summary:
      'The spec has breaking changes, and no pending changeset declares a major bump for these generated packages.',
    fix: 'pnpm specgen diff --base <ref> <spec> --changeset --fail-on none (writes a major changeset), or edit the changeset to "major"',
  },
  'generated-stale': {
    summary: 'The committed generated files are not what the spec and the templates generate.',
    fix: 'pnpm specgen generate, then commit generated/',
  },
  'changeset-invalid': {
    summary: 'A changeset file cannot be parsed, so `changeset version` would fail.',
    fix: 'fix its front matter: "<package>": major | minor | patch between --- lines',
  },
};

export interface Reason {
  code: ReasonCode;
  message: string;
  /** Packages the reason concerns (changeset reasons). */
  packages: string[];
  /** Files the reason concerns (stale generated files, invalid changesets). */
  files: string[];
}

export interface ReleaseCheckInput {
  base: string;
  /** The spec's path, for the fix commands. */
  spec: string;
  diff: DiffResult;
  changesets: Changesets;
  /** npm names of the generated packages (from their package.json). */
  packages: string[];
  /** Stale generated files, relative to the working directory. */
  stale: string[];
}

export interface ReleaseCheck {
  ok: boolean;
  base: string;
  spec: string;
  reasons: Reason[];
  summary: DiffResult['summary'];
  changesets: Changesets;
  packages: string[];
}

const RANK = { none: 0, patch: 1, minor: 2, major: 3 } as const;

export function checkRelease(input: ReleaseCheckInput): ReleaseCheck {
  const { diff, changesets, packages, base } = input;
  const reasons: Reason[] = [];
  const highest = new Map<string, number>();
  for (const c of changesets.pending)
    for (const r of c.releases) highest.set(r.name, Math.max(highest.get(r.name) ?? 0, RANK[r.type]));
  const below = (rank: number) => packages.filter((p) => (highest.get(p) ?? 0) < rank);
  if (diff.changes.length > 0) {
    const uncovered = below(RANK.patch);
    if (uncovered.length > 0) {
      reasons.push({
        code: 'changeset-missing',
        packages: uncovered,
        files: [],
        message: `The spec has ${diff.changes.length} change(s) since ${base}, and no pending changeset releases ${uncovered.join(', ')}.`,
      });
    }
    const notMajor = diff.summary.breaking > 0 ? below(RANK.major) : [];
    if (notMajor.length > 0) {
      reasons.push({
        code: 'major-bump-missing',
        packages: notMajor,
        files: [],
        message: `${diff.summary.breaking} breaking change(s) since ${base}, and no pending changeset declares a major bump for ${notMajor.join(', ')}.`,
      });
    }
  }
  if (input.stale.length > 0) {
    reasons.push({
      code: 'generated-stale',
      packages: [],
      files: input.stale,
      message: `${input.stale.length} generated file(s) are stale: ${input.stale.slice(0, 5).join(', ')}${input.stale.length > 5 ? ` and ${input.stale.length - 5} more` : ''}.`,
    });
  }
  for (const bad of changesets.invalid) {
    reasons.push({
      code: 'changeset-invalid',
      packages: [],
      files: [bad.file],
      message: `${bad.file} is not a valid changeset: ${bad.message}`,
    });
  }
  return { ok: reasons.length === 0, base, spec: input.spec, reasons, summary: diff.summary, changesets, packages };
}
