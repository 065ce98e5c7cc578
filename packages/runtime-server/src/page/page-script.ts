/**
 * The web page's script (runs in the browser; plain ES2020, no build step). Kept as a string so the
 * server can serve it inline with a CSP nonce. Element ids are used by the browser test. Paths come
 * from the page's config (`cfg.paths`, page-paths.ts: the contract's route table).
 */
export const PAGE_SCRIPT = String.raw`
const cfg = JSON.parse(document.getElementById('config').textContent);
const $ = (id) => document.getElementById(id);
const show = (id, on) => { $(id).hidden = !on; };
const base = () => '/' + encodeURIComponent($('lang').value.trim() || 'en') + '/' + encodeURIComponent($('company').value.trim() || '001.1');
let mfaToken = null, deviceToken = null;

function status(text, isError) { $('status').textContent = text; $('status').className = isError ? 'error' : ''; }
async function call(method, path, body) {
  const res = await fetch(base() + path, {
    method, credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json', 'Cache-Control': 'no-cache' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = text;
  try { data = text ? JSON.parse(text) : null; } catch (e) { /* plain text */ }
  return { status: res.status, data };
}
function panels(name) { for (const p of ['login-panel', 'totp-panel', 'device-panel', 'session-panel', 'explorer']) show(p, p === name || (p === 'explorer' && name === 'session-panel')); }

async function showSession() {
  const r = await call('GET', cfg.paths.getSession);
  if (r.status !== 200) { panels('login-panel'); if (r.status !== 401) status(String(r.data), true); return; }
  $('session').textContent = 'Signed in as ' + r.data.Username;
  $('permissions').textContent = r.data.Permissions.length ? r.data.Permissions.join(', ') : '(none)';
  panels('session-panel');
  showExplorer(r.data.Permissions);
}

async function startDevice(body) {
  const r = await call('POST', cfg.paths.getMultiFactorDeviceSecret, body);
  if (r.status !== 200) return r;
  deviceToken = r.data.MfaToken;
  $('qr').src = r.data.QrCode;
  $('secret').textContent = r.data.Secret;
  $('expiry').textContent = new Date(r.data.ExpiryDate).toLocaleTimeString();
  $('device-code').value = '';
  panels('device-panel');
  status('Scan the QR code with an authenticator app, then enter the code it shows.');
  return r;
}

$('login-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await call('POST', cfg.paths.login, { Username: $('username').value, Password: $('password').value, ForceRelogin: $('force').checked });
  $('password').value = '';
  if (r.status !== 200) return status(String(r.data), true);
  if (r.data.SessionId) { status('Signed in.'); return showSession(); }
  mfaToken = r.data.MfaToken;
  // An MFA user without a device gets an enrolment token: GetMultiFactorDeviceSecret accepts it.
  const enrol = await startDevice({ MfaToken: mfaToken });
  if (enrol.status === 200) return;
  panels('totp-panel');
  $('totp-code').value = '';
  $('totp-code').focus();
  status('Enter the code from your authenticator app.');
});

$('totp-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await call('POST', cfg.paths.totpLogin, { MfaToken: mfaToken, Code: Number($('totp-code').value) });
  if (r.status === 200) { status('Signed in.'); return showSession(); }
  if (r.status === 401) return status('Wrong code, try again.', true);
  panels('login-panel');
  status(r.status === 429 ? 'Too many wrong codes: sign in again.' : 'The sign-in expired: sign in again.', true);
});

$('device-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await call('POST', cfg.paths.setMultiFactorAuthenticationDevice, { MfaToken: deviceToken, Code: Number($('device-code').value) });
  if (r.status !== 200) return status(String(r.data), true);
  status('Device registered.');
  return showSession();
});

$('register-device').addEventListener('click', async () => {
  const r = await startDevice({});
  if (r.status !== 200) status(String(r.data), true);
});

$('logout').addEventListener('click', async () => {
  await call('POST', cfg.paths.logout);
  status('Signed out.');
  panels('login-panel');
});

$('oidc').addEventListener('click', async () => {
  const r = await call('POST', cfg.paths.oidcInitiate + '?redirectUrl=' + encodeURIComponent(cfg.redirectUrl), { ForceRelogin: $('force').checked });
  if (r.status !== 200 || typeof r.data !== 'string') return status('OIDC sign-in is not available: ' + String(r.data), true);
  location.href = r.data;
});

(async () => {
  if (cfg.paths.oidcInitiate === null) show('oidc', false);
  const q = new URLSearchParams(location.search);
  if (q.get('lang')) $('lang').value = q.get('lang');
  if (q.get('company')) $('company').value = q.get('company');
  if (q.get('code') && q.get('state') && cfg.paths.oidcCallback !== null) {
    const r = await call('GET', cfg.paths.oidcCallback + '?code=' + encodeURIComponent(q.get('code')) + '&state=' + encodeURIComponent(q.get('state')));
    history.replaceState(null, '', location.pathname);
    if (r.status !== 200) { status('OIDC sign-in failed: ' + String(r.data), true); panels('login-panel'); return; }
    status('Signed in with OIDC.');
  }
  await showSession();
})();
`;
