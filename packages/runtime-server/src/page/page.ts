/**
 * `GET /`: a plain HTML page (inline script with a CSP nonce, no build step) to sign in with a
 * password, then TOTP; register a device from the QR code; see the session; sign in with OIDC;
 * then browse the readable resources (explorer-script.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EXPLORER_SCRIPT } from './explorer-script.ts';
import type { ExplorerResource } from './explorer.ts';
import type { PagePaths } from './page-paths.ts';
import { PAGE_SCRIPT } from './page-script.ts';

const STYLE = `body{font:16px system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.6rem 0 .2rem}input[type=text],input[type=password]{width:100%;padding:.4rem;box-sizing:border-box}
button{margin-top:.8rem;padding:.4rem 1rem}fieldset{border:1px solid #ccc;margin:1rem 0}#status{min-height:1.5rem}.error{color:#b00020}
code{word-break:break-all}.row{display:flex;gap:1rem}.row label{flex:1}
#explorer{position:relative;width:96vw;left:50%;margin-left:-48vw}.resource{margin:1.5rem 0}.resource h3 code{font-size:.8rem;font-weight:normal;color:#555}
.filter{display:flex;gap:.5rem}.filter input{flex:1;padding:.4rem;font-family:ui-monospace,monospace}.filter button{margin-top:0}
.filter-error{margin:.4rem 0}.filter-error pre{margin:.2rem 0;font-size:.9rem}
.table-wrap{overflow-x:auto;max-height:32rem;border:1px solid #ccc;margin-top:.5rem}table{border-collapse:collapse;font-size:.8rem;white-space:nowrap}
th{position:sticky;top:0;background:#f3f3f3}th button{all:unset;cursor:pointer;font-weight:600;padding:.3rem .5rem}th button:focus-visible{outline:2px solid #0b57d0}
td{padding:.2rem .5rem;border-top:1px solid #eee}td.num{text-align:right;font-variant-numeric:tabular-nums}td.null{color:#999}
.pager{display:flex;gap:1rem;align-items:center}.pager button{margin-top:.4rem}`;

function escapeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** What the page's script reads from its JSON config: the OIDC redirect, the paths it calls, the resources it shows. */
export interface PageConfig {
  redirectUrl: string;
  paths: PagePaths;
  resources: readonly ExplorerResource[];
}

export function renderPage(nonce: string, config: PageConfig): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Service API sandbox: sign in</title><style nonce="${nonce}">${STYLE}</style></head>
<body>
<h1>Service API sandbox</h1>
<div class="row"><label>Language <input id="lang" type="text" value="en"></label><label>Company <input id="company" type="text" value="001.1"></label></div>
<p id="status" role="status"></p>
<section id="login-panel">
  <form id="login-form"><fieldset><legend>Sign in</legend>
    <label for="username">User name</label><input id="username" type="text" autocomplete="username" required>
    <label for="password">Password</label><input id="password" type="password" autocomplete="current-password" required>
    <label><input id="force" type="checkbox"> End my other sessions (ForceRelogin)</label>
    <button id="login" type="submit">Sign in</button>
  </fieldset></form>
  <button id="oidc" type="button">Sign in with OIDC</button>
</section>
<section id="totp-panel" hidden>
  <form id="totp-form"><fieldset><legend>Second factor</legend>
    <label for="totp-code">Code from your authenticator app</label><input id="totp-code" type="text" inputmode="numeric" autocomplete="one-time-code" required>
    <button id="totp-submit" type="submit">Verify</button>
  </fieldset></form>
</section>
<section id="device-panel" hidden>
  <form id="device-form"><fieldset><legend>Register a device</legend>
    <img id="qr" alt="QR code of the TOTP secret" width="240" height="240">
    <p>Secret: <code id="secret"></code><br>Register before <span id="expiry"></span>.</p>
    <label for="device-code">Code shown by the app</label><input id="device-code" type="text" inputmode="numeric" autocomplete="one-time-code" required>
    <button id="device-submit" type="submit">Register device</button>
  </fieldset></form>
</section>
<section id="session-panel" hidden>
  <p id="session"></p><p>Permissions: <span id="permissions"></span></p>
  <button id="register-device" type="button">Register a (new) device</button> <button id="logout" type="button">Sign out</button>
</section>
<section id="explorer" hidden>
  <h2>Data</h2>
  <p>API reference: <a id="docs-link" href="/docs">/docs</a> · OpenAPI document: <a id="openapi-link" href="/openapi.json">/openapi.json</a></p>
  <p id="explorer-empty" hidden>Your permissions allow reading none of the resources.</p>
  <div id="explorer-resources"></div>
</section>
<script id="config" type="application/json">${escapeJsonForScript(config)}</script>
<script nonce="${nonce}">${EXPLORER_SCRIPT}${PAGE_SCRIPT}</script>
</body></html>`;
}

export async function pageRoute(
  app: FastifyInstance,
  publicUrl: string,
  redirectUrl: string | null,
  content: Omit<PageConfig, 'redirectUrl'>,
): Promise<void> {
  const config: PageConfig = { redirectUrl: redirectUrl ?? `${publicUrl}/`, ...content };
  app.get('/', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply
      .header(
        'Content-Security-Policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('X-Frame-Options', 'DENY')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8');
    return renderPage(nonce, config);
  });
}
