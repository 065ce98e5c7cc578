/** `specgen verify --help`: plain text, so printing it loads no verify code. */
export const VERIFY_HELP = `usage: specgen verify --base-url <url> [options]

Checks a live deployment of the service against the spec as of one service version: sign-in
(password, a wrong password, MFA with TOTP incl. a wrong code, an unknown MfaToken and a refused
replay), OIDC by version, every read resource (fields, types, $select, $filter, $orderby, $top,
$skip, single record, 404, invalid query, version gating) and the documented error rows that can
be triggered without harm. Read-only apart from sign-in and logout. Each finding names the spec
line it breaks. What each check means: docs/verify.md.

options:
  --base-url <url>           the deployment, e.g. https://erp.example.com (required)
  --language <code>          the {languageCode} path segment (default en)
  --company <number>         the {companyNumber} path segment (default 001.1)
  --service-version <V>      the version the deployment runs (default: the newest in the spec)
  --spec <file>              the spec (markdown, or an IR snapshot .json; default spec/service-api.md)
  --format <fmt>             text (default), json, junit, github (annotations), sarif (code scanning)
  --max-requests <n>         stop after this many requests (default 1000)
  --concurrency <n>          requests in flight at most (default 4)

environment (credentials never come from flags):
  SPECGEN_VERIFY_USERNAME, SPECGEN_VERIFY_PASSWORD      a user with the read permissions (required)
  SPECGEN_VERIFY_MFA_USERNAME, SPECGEN_VERIFY_MFA_PASSWORD, SPECGEN_VERIFY_TOTP_SECRET (base32)
                                                        a user with a registered TOTP device (optional)
  SPECGEN_VERIFY_OIDC_REDIRECT_URL                      the registered redirect address (default <base-url>/)

exit status:
  0  no error finding (warnings, such as throttled, may be present)
  1  at least one error finding
  2  bad usage, an unreachable base URL, or credentials that do not sign in

examples:
  SPECGEN_VERIFY_USERNAME=demo SPECGEN_VERIFY_PASSWORD=demo \\
    pnpm specgen verify --base-url http://127.0.0.1:8001 --service-version 25.8
  pnpm specgen verify --base-url "$URL" --format sarif > verify.sarif
`;
