/** `specgen diff --help`: plain text, so printing it loads no diff code. */
export const DIFF_HELP = `usage: specgen diff <old.md> <new.md> [options]
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
  --changeset [dir]          also write a changesets file bumping the published generated
                             packages, named as generate names them (@service-api/<target>,
                             or specgen.config.json) (major: breaking, minor: additions, patch: otherwise)
                             into dir (default .changeset; a following argument that starts
                             with - or ends in .md is not taken as the dir: use --changeset=<dir>)
  --package-scope <@s>       the changeset names the packages <@s>/<target>, as generate --package-scope

exit status: 0 no change at or above --fail-on, 1 such a change was found, 2 bad usage or an
unreadable or invalid spec.

examples:
  pnpm specgen diff old/service-api.md spec/service-api.md
  pnpm specgen diff --base origin/main spec/service-api.md --format markdown >> "$GITHUB_STEP_SUMMARY"
  pnpm specgen diff --base HEAD~1 spec/service-api.md --format json --fail-on none
  pnpm specgen diff --base origin/main spec/service-api.md --changeset --fail-on none
`;
