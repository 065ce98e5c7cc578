/** `specgen diff`: what changed between two versions of the spec, and what it breaks for readers. */
import { runDiff } from '@specgen/diff';
import type { Command } from '../command.ts';
import { defaultsBase, userCwd } from '../io/paths.ts';

const help = `usage: specgen diff <old.md> <new.md> [options]
       specgen diff --base <git-ref> <new.md> [options]

Compares two versions of the service spec and reports every change as one record: a rule id,
a severity (breaking, warning, info) judged from a consumer of the read resources and the
sign-in flows, the resource and field (or endpoint:, command:, errors:, limit:, transition:)
it concerns, a message, the line in the new spec (the old one for removals) and a stable
fingerprint. The rules are listed in docs/diff-rules.md.

options:
  --base <git-ref>           read the old spec from git (git show <ref>:<path of new.md>)
  --format <fmt>             text (default), markdown (pull-request comment), json, github
                             (GitHub Actions annotations)
  --fail-on <level>          exit 1 when a change of this severity or worse is found:
                             breaking (default), warning, none
  --changeset [dir]          also write a changesets file bumping the generated @service-api/*
                             packages (major: breaking, minor: additions, patch: otherwise)
                             into dir (default .changeset; a following argument that starts
                             with - or ends in .md is not taken as the dir: use --changeset=<dir>)

exit status: 0 no change at or above --fail-on, 1 such a change was found, 2 bad usage or an
unreadable or invalid spec.

examples:
  pnpm specgen diff old/service-api.md spec/service-api.md
  pnpm specgen diff --base origin/main spec/service-api.md --format markdown >> "$GITHUB_STEP_SUMMARY"
  pnpm specgen diff --base HEAD~1 spec/service-api.md --format json --fail-on none
  pnpm specgen diff --base origin/main spec/service-api.md --changeset --fail-on none
`;

export const diffCommand: Command = {
  name: 'diff',
  summary: 'compare two versions of the spec: changes, severities, changesets',
  help,
  run: async (args) => {
    const { parseSpec } = await import('@specgen/parser');
    return runDiff(args, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      cwd: userCwd(), // the caller's folder, also under `pnpm -w specgen` (see io/paths.ts)
      parse: parseSpec,
      root: defaultsBase(), // .changeset and generated/ of the workspace, from any folder
    });
  },
};
